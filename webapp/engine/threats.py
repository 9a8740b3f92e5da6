"""The threat solver: wins by continuous fours (VCF).

A four is a move after which its side would complete a line with its next
move (a window of k cells holding k-1 of its stones and one empty cell; on
5-in-a-row boards, four stones). The other side must block that cell at once
or lose, unless it can complete a line itself. A win by continuous fours is a
sequence of fours, each met by its one forced block, that ends in a double
four (two cells to complete; only one can be blocked) or a line.

Since every reply is forced, the solver only chooses among the attacker's
fours, which keeps it small enough to run before every move on every board.
What it finds is a proof: the opponent has no way out along that line.
"""

from __future__ import annotations

import time
from functools import lru_cache

from webapp.engine.evaluate import Evaluator, Node, evaluator
from webapp.engine.rules import Position, cells_of

DEPTH = 12
"""The most fours in a row the solver tries."""
PROOF_NODES = 3000
"""The most positions forced_wins lets the solver examine for one answer: a
count, not a clock, so that the same position always gets the same answer,
on any machine."""


class OutOfTime(Exception):
    """The caller's deadline passed in the middle of a search."""


class ThreatSolver:
    """Searches for wins by continuous fours, remembering positions without one."""

    def __init__(self, evaluator: Evaluator, deadline: float = float("inf"), max_nodes: float = float("inf")):
        """deadline is a time.perf_counter() reading, max_nodes a count of
        positions: past either, the search raises OutOfTime. A count, unlike a
        clock, gives the same answer on any machine."""
        self.evaluator = evaluator
        self.deadline, self.max_nodes = deadline, max_nodes
        self.nodes = 0
        self._refuted: dict[tuple[int, int], int] = {}  # no win within this many fours

    def win(self, node: Node, depth: int = DEPTH) -> list[int] | None:
        """The moves of a shortest forced win by fours for the side to move,
        both sides' in turn, ending with the move that completes a line; None
        if there is none within depth fours. Tries one four, then two, and so
        on, so that the first win found is a fastest one."""
        for most in range(1, depth + 1):
            line = self._win(node, most)
            if line is not None:
                return line
        return None

    def _win(self, node: Node, depth: int) -> list[int] | None:
        """A win within depth fours, or None."""
        if node.my_wins:
            return [cells_of(node.my_wins)[0]]
        if depth == 0 or self._refuted.get((node.mine, node.theirs), -1) >= depth:
            return None
        self.nodes += 1
        if self.nodes > self.max_nodes or self.nodes % 32 == 0 and time.perf_counter() > self.deadline:
            raise OutOfTime
        for cell in self.fours(node):
            line = self._after_four(node, cell, depth)
            if line is not None:
                return line
        self._refuted[node.mine, node.theirs] = depth
        return None

    def winning_fours(self, node: Node, depth: int = DEPTH) -> dict[int, list[int]]:
        """Every four that starts a forced win, with a shortest such win from it."""
        found = {}
        for cell in self.fours(node):
            for most in range(1, depth + 1):
                line = self._after_four(node, cell, most)
                if line is not None:
                    found[cell] = line
                    break
        return found

    def fours(self, node: Node) -> list[int]:
        """The cells where the side to move makes a four; while the other side
        threatens to complete a line, only a four that blocks it."""
        if node.their_wins:
            single = not node.their_wins & (node.their_wins - 1)
            candidates = node.their_wins if single else 0
        else:
            candidates = self.evaluator.rules.open_cells(node.mine, node.theirs, self.evaluator.k - 2)
        return [cell for cell in cells_of(candidates) if self._makes_a_four(node, cell)]

    def _makes_a_four(self, node: Node, cell: int) -> bool:
        mine, theirs, needed = node.mine, node.theirs, self.evaluator.k - 2
        return any(not window & theirs and (window & mine).bit_count() == needed
                   for window in self.evaluator.through[cell])

    def _after_four(self, node: Node, cell: int, depth: int) -> list[int] | None:
        """Play the four at cell; the other side blocks; go on from there."""
        answer = self.evaluator.play(node, cell)  # the defender's view: their_wins are my threats
        threats = cells_of(answer.their_wins)
        if len(threats) >= 2:  # a double four: whichever is blocked, the other completes a line
            return [cell, threats[0], threats[1]]
        (block,) = threats
        rest = self._win(self.evaluator.play(answer, block), depth - 1)
        return None if rest is None else [cell, block, *rest]


@lru_cache(maxsize=1 << 12)
def forced_wins(position: Position) -> dict[int, list[int]]:
    """The cells that start a win by continuous threats (fours where five win,
    threes where four do) for the side to move, each with a shortest such win
    (both sides' moves), as far as the solver can prove within PROOF_NODES
    positions; none where a line can be completed or must be blocked at once."""
    evaluation = evaluator(position.rules)
    node = evaluation.node(position)
    if node.my_wins or node.their_wins:
        return {}
    try:
        return ThreatSolver(evaluation, max_nodes=PROOF_NODES).winning_fours(node)
    except OutOfTime:
        return {}
