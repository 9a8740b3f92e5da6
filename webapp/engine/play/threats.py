"""The threat solver: wins by continuous fours (VCF), and by threes (VCT).

A four is a move after which its side would complete a line with its next
move (a window of k cells holding k-1 of its stones and one empty cell; on
5-in-a-row boards, four stones). The other side must block that cell at once
or lose, unless it can complete a line itself. A win by continuous fours is a
sequence of fours, each met by its one forced block, that ends in a double
four (two cells to complete; only one can be blocked) or a line.

Since every reply is forced, the solver only chooses among the attacker's
fours, which keeps it small enough to run before every move on every board.
What it finds is a proof: the opponent has no way out along that line.

A win by threes (VCT) also uses threes: a move after which its side has a
threat (a cell that would make an open four, see evaluate.py). The other
side is not forced to one reply then: it may take any cell that might stop
the threat, or make a four of its own first, and the attacker must win
against every one of those replies. That tree is far larger, so VCT looks
only a few threes deep, within its own count of positions; what it finds is
a proof all the same.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from webapp.engine.game.position import Position
from webapp.engine.game.rules import cells_of
from webapp.engine.play.evaluate import Evaluator, evaluator
from webapp.engine.play.node import Node

DEPTH = 12
"""The most fours in a row the solver tries."""
THREES_DEPTH = 4
"""The most of its moves (threes and fours) the attacker makes in a win by threes."""
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
        self._refuted_by_threes: dict[tuple[int, int], int] = {}  # no win within this many threes and fours

    def win(self, node: Node, depth: int = DEPTH) -> list[int] | None:
        """The moves of a shortest forced win by fours for the side to move,
        both sides' in turn, ending with the move that completes a line; None
        if there is none within depth fours. Tries one four, then two, and so
        on, so that the first win found is a fastest one."""
        return _first(self._win, node, range(1, depth + 1))

    def _win(self, node: Node, depth: int) -> list[int] | None:
        """A win within depth fours, or None."""
        if node.my_wins:
            return [cells_of(node.my_wins)[0]]
        if depth == 0 or self._refuted.get((node.mine, node.theirs), -1) >= depth:
            return None
        self._count()
        for cell in self.fours(node):
            line = self._after_four(node, cell, depth)
            if line is not None:
                return line
        self._refuted[node.mine, node.theirs] = depth
        return None

    def _count(self) -> None:
        """One more position examined; past the count or the deadline, stop."""
        self.nodes += 1
        if self.nodes > self.max_nodes or self.nodes % 32 == 0 and time.perf_counter() > self.deadline:
            raise OutOfTime

    def win_by_threes(self, node: Node, depth: int = THREES_DEPTH) -> list[int] | None:
        """The moves of a forced win by threes and fours for the side to move
        (its moves and one defence to each, the first the solver tried),
        within depth of its moves, not counting the fours of a win by fours
        it ends with; None if there is none. Shortest first, as win()."""
        return _first(self._win_by_threes, node, range(depth + 1))

    def _win_by_threes(self, node: Node, depth: int) -> list[int] | None:
        """A win within depth threes and fours, or None."""
        if node.my_wins:
            return [cells_of(node.my_wins)[0]]
        if node.their_wins & (node.their_wins - 1):
            return None
        if not node.their_wins and (threats := self.evaluator.open_fours(node)):
            cell, completes = next(iter(threats.items()))
            return [cell, *cells_of(completes)[:2]]  # an open four: either cell left completes a line
        key = node.mine, node.theirs
        if self._refuted_by_threes.get(key, -1) >= depth:
            return None
        line = self._win(node, DEPTH) if not node.their_wins else None
        if line is not None or depth == 0:
            return line
        self._count()
        for cell in self._forcing_moves(node):
            line = self._against_every_defence(node, cell, depth)
            if line is not None:
                return line
        self._refuted_by_threes[key] = depth
        return None

    def wins_with(self, node: Node, cell: int, depth: int = THREES_DEPTH) -> list[int] | None:
        """A forced win for the side to move that starts at cell (its moves and
        one defence to each, as win_by_threes gives them), or None if the
        solver cannot prove one: cell completes a line, or it is a four or a
        three after which every defence still loses."""
        if node.my_wins >> cell & 1:
            return [cell]
        if node.their_wins & ~(1 << cell):
            return None  # the other side completes a line next
        return _first(lambda start, most: self._against_every_defence(start, cell, most), node, range(1, depth + 1))

    def proven_win(self, node: Node, threes_depth: int = THREES_DEPTH) -> list[int] | None:
        """A shortest forced win the solver proves for the side to move: a line
        to complete, else a win by fours, else by threes (within threes_depth
        of the attacker's moves); None if none."""
        return self.win(node) or self.win_by_threes(node, threes_depth)

    def _forcing_moves(self, node: Node) -> list[int]:
        """The side to move's fours and threes; while the other side has a
        four, only the block (the solver goes on only if the block is itself a
        four or a three)."""
        if node.their_wins:
            return self.evaluator.playable(node, cells_of(node.their_wins))
        forcing = [*cells_of(self.evaluator.four_cells(node)), *self.evaluator.three_cells(node)]
        return self.evaluator.playable(node, forcing)

    def _against_every_defence(self, node: Node, cell: int, depth: int) -> list[int] | None:
        """The attacker plays cell: a win against every reply (the line after
        the reply that holds out longest in the proof, so that its length
        bounds the win whatever the defender does), or None. The replies most likely to refute it are tried
        first, since one refutation ends the search: a reply that makes a
        double four is spotted among all of them before any is searched,
        then the replies that make a four go first. (Tried in the cells'
        order, the solver often searched a reply's whole tree to find that a
        later reply refuted the move at once: on positions from games, this
        order examines about a fifth of the positions where there is no
        win, and a little over half where there is one.)"""
        evaluation = self.evaluator
        answer = evaluation.play(node, cell, shaped=False)  # the defender's view
        attack = answer.their_wins
        if attack & (attack - 1):
            return [cell, *cells_of(attack)[:2]]
        if attack:
            replies = attack
        elif threats := evaluation.open_fours(answer, mover=False):
            replies = evaluation.defences(answer.theirs, answer.their_threes, threats) | evaluation.four_cells(answer)
        else:
            return None  # neither a four nor a three: the defender is free
        allowed = evaluation.playable(answer, cells_of(replies))
        if not allowed:  # renju: black may play none of them, and must play elsewhere
            allowed = self._elsewhere(answer, replies)[:1]
            if not allowed:
                return None
        children = [(reply, evaluation.play(answer, reply, shaped=False)) for reply in allowed]
        if any(not child.my_wins and child.their_wins & (child.their_wins - 1) for _, child in children):
            return None  # a reply makes a double four: found before any other reply's tree is searched
        children.sort(key=lambda pair: not pair[1].their_wins)  # the defender's fours first: they refute most
        line = None
        for reply, child in children:
            rest = self._win_by_threes(child, depth - 1)
            if rest is None:
                return None
            if line is None or len(rest) + 2 > len(line):  # the longest defence: "within N moves" holds against all
                line = [cell, reply, *rest]
        return line

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
        fours = self.evaluator.four_cells(node)
        if node.their_wins:
            single = not node.their_wins & (node.their_wins - 1)
            fours &= node.their_wins if single else 0
        return self.evaluator.playable(node, cells_of(fours))

    def _after_four(self, node: Node, cell: int, depth: int) -> list[int] | None:
        """Play the four at cell; the other side blocks; go on from there.
        The four and the block are played only to go on: most fours end at
        once (a double four, no four left to make, a block that leads where
        the solver has been), which the four's completions alone tell, and
        playing a move is most of the solver's cost."""
        evaluation = self.evaluator
        completions = evaluation.completions_after(node, cell)  # the defender must block them
        if not completions:  # only a six to complete, where the rule wants exactly five: no four
            return None
        if completions & (completions - 1):  # a double four: whichever is blocked, the other completes a line
            return [cell, *cells_of(completions)[:2]]
        block = completions.bit_length() - 1
        if evaluation.blocks_foul(node, cell, block):  # renju: black may not block
            answer = evaluation.play(node, cell, shaped=False)
            elsewhere = self._elsewhere(answer, completions)
            return [cell, elsewhere[0], block] if elsewhere else None
        if depth == 1 or self._refuted.get((node.mine | 1 << cell, node.theirs | 1 << block), -1) >= depth - 1:
            return None  # no four left to make after the block, or refuted before
        answer = evaluation.play(node, cell, shaped=False)  # the defender's view: their_wins are my threats
        rest = self._win(evaluation.play(answer, block, shaped=False), depth - 1)
        return None if rest is None else [cell, block, *rest]

    def _elsewhere(self, node: Node, refused: int) -> list[int]:
        """Where the side to move may play, near the stones, other than the
        refused cells: a move for black when renju forbids every reply that
        matters, so that the attacker's win goes on after it."""
        empty = self.evaluator.rules.full & ~(node.mine | node.theirs | refused)
        return self.evaluator.playable(node, cells_of(node.near & empty)) or \
            self.evaluator.playable(node, cells_of(empty))[:1]


def _first(find: Callable[[Node, int], list[int] | None], node: Node, depths: range) -> list[int] | None:
    """The first win find(node, depth) finds, the depths tried in order (so a shortest one)."""
    for depth in depths:
        line = find(node, depth)
        if line is not None:
            return line
    return None


@lru_cache(maxsize=1 << 12)
def forced_wins(position: Position) -> dict[int, list[int]]:
    """The cells that start a win by continuous threats (fours where five win,
    threes where four do) for the side to move, each with a shortest such win
    (both sides' moves), as far as the solver can prove within PROOF_NODES
    positions; none where a line can be completed or must be blocked at once."""
    evaluation = evaluator(position.rules)
    node = evaluation.node(position, shaped=False)
    if node.my_wins or node.their_wins:
        return {}
    try:
        return ThreatSolver(evaluation, max_nodes=PROOF_NODES).winning_fours(node)
    except OutOfTime:
        return {}


@lru_cache(maxsize=1 << 10)
def winning_moves(position: Position, within: int | None = None) -> dict[int, list[int]]:
    """Every move the threat solver proves wins for the side to move (within
    PROOF_NODES positions for each), each with a forced win that starts with
    it; none where it proves no win from the position at all (the quick
    question, asked first). Given `within`, only the moves that might win in
    that many moves of both sides are asked (the solver's line may be longer)."""
    evaluation = evaluator(position.rules)
    node = evaluation.node(position, shaped=False)
    try:
        if ThreatSolver(evaluation, max_nodes=PROOF_NODES).proven_win(node) is None:
            return {}
    except OutOfTime:
        return {}
    found = {}
    for cell in _could_start_a_win(evaluation, node, position.legal_moves(), within):
        try:
            line = ThreatSolver(evaluation, max_nodes=PROOF_NODES).wins_with(node, cell)
        except OutOfTime:
            line = None
        if line is not None:
            found[cell] = line
    return found


SHORTEST_WIN_FROM_A_THREE = 5
"""A win whose first move is not a four (k-1 in a line) takes at least 5
moves of both sides: that move, a reply, an open four, a block, the line."""


def _could_start_a_win(evaluation: Evaluator, node: Node, legal: list[int], within: int | None) -> list[int]:
    """The moves wins_with might prove, of the legal ones: a win it proves
    starts with a move that completes a line, blocks the other side's four,
    or makes a four or (unless `within` is too short for it) a three; where
    the side to move has a line to complete or a threat already, a quiet move
    keeps it, and every move is asked (but for a win in one: a completion)."""
    short = within is not None and within < SHORTEST_WIN_FROM_A_THREE
    if node.my_wins and within == 1:
        return [cell for cell in legal if node.my_wins >> cell & 1]
    if node.my_wins or not short and evaluation.open_fours(node):
        return legal
    forcing = evaluation.four_cells(node)
    if not short:
        forcing |= sum(1 << cell for cell in evaluation.three_cells(node))
    if node.their_wins:
        forcing = node.their_wins if not short else forcing & node.their_wins
    return [cell for cell in legal if forcing >> cell & 1]


@lru_cache(maxsize=1 << 10)
def win_by_fours(position: Position) -> list[int] | None:
    """A shortest win by continuous fours for the side to move (both sides'
    moves, every reply forced), or a line it completes at once; None if the
    solver proves none within PROOF_NODES positions."""
    evaluation = evaluator(position.rules)
    try:
        return ThreatSolver(evaluation, max_nodes=PROOF_NODES).win(evaluation.node(position, shaped=False))
    except OutOfTime:
        return None



class Threat(NamedTuple):
    """What the side that moved last threatens, which the side to move must
    answer now (the coach names it; a move elsewhere lets it win)."""

    kind: str                 # "three": an open four to make next; "fours": a win by continuous fours
                              # (a four-three, say), where it has no open four to make
    line: tuple[int, ...]     # how it wins if not answered: its moves and the forced blocks, from the next
    answers: tuple[int, ...]  # the moves after which the solver finds that threat no more (cells' order);
                              # none where no single move stops it


@lru_cache(maxsize=1 << 12)
def threat_to_answer(position: Position) -> Threat | None:
    """The threat the side to move must answer, if the other side has one:
    were it to move again, it would make an open four (from an open or
    broken three: "k-2" in a row), or win by continuous fours, which the
    solver proves within PROOF_NODES positions. None where it has neither,
    and where a line is to be completed or blocked at once (that comes first).

    The answers are the moves after which the other side has neither any
    more, each asked of the solver within PROOF_NODES. A four of the side to
    move's own only postpones a threat (the other side blocks it, and the
    threat is still there), so its four is left out of the question: it
    counts as an answer only if its stone stops the threat too."""
    evaluation = evaluator(position.rules)
    node = evaluation.node(position, shaped=False)
    if node.my_wins or node.their_wins:
        return None
    threatening = Evaluator.turned(node)  # the other side, as if the side to move passed
    if open_fours := evaluation.open_fours(node, mover=False):
        cell, completes = next(iter(open_fours.items()))
        kind, line = "three", (cell, *cells_of(completes)[:2])
        candidates = cells_of(evaluation.defences(threatening.mine, threatening.my_threes, open_fours))
    else:
        try:
            line = tuple(ThreatSolver(evaluation, max_nodes=PROOF_NODES).win(threatening) or ())
        except OutOfTime:
            line = ()
        if not line:
            return None
        kind = "fours"
        candidates = sorted(set(line) | set(cells_of(evaluation.four_cells(threatening))))
    answers = tuple(cell for cell in evaluation.playable(node, candidates)
                    if not _still_threatens(evaluation, node, cell, kind))
    return Threat(kind, line, answers)


def _still_threatens(evaluation: Evaluator, node: Node, cell: int, kind: str) -> bool:
    """Whether, after the side to move plays cell, the other side still has
    an open four to make or a win by fours (see threat_to_answer); a four
    the move makes is set aside, as it only postpones the threat."""
    after = evaluation.play(node, cell, shaped=False)._replace(their_wins=0)
    if evaluation.open_fours(after):
        return True
    try:
        return ThreatSolver(evaluation, max_nodes=PROOF_NODES).win(after) is not None
    except OutOfTime:
        return True  # not shown to stop it: not named as an answer
