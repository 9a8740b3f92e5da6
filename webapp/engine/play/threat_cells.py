"""The cells that make and stop threats, read from a Node's windows: the
questions the threat solver (and the search, facing a threat) asks of the
Evaluator. A mixin of evaluate.Evaluator, whose windows it reads: rules, k,
windows (each a bitboard, by number) and through_bits (for each cell, the
numbers of the windows through it, as bits).

A three is a window with k-2 of a side's stones and none of the other's;
playing one of its two empty cells makes a four. A cell that makes fours in
two windows with two different cells to complete makes an open four (or a
double four): a threat, which the other side must stop beforehand. Under
the standard rule and renju the answers that decide a game are made exact:
only completions of exactly five for a side that needs exactly five, and
no forbidden point for black under renju.
"""

from __future__ import annotations

from webapp.engine.game.renju import foul
from webapp.engine.game.rules import FREESTYLE, RENJU, Rules, cells_of
from webapp.engine.play.node import Node


class ThreatCells:
    """Fours, threes, threats and their defences, for an Evaluator (see the module's docstring)."""

    rules: Rules
    k: int
    windows: tuple[int, ...]
    through_bits: tuple[int, ...]

    def completions_after(self, node: Node, cell: int) -> int:
        """The cells where the side to move could complete a line after
        playing cell: the other side's their_wins in play(node, cell), worked
        out alone. The threat solver asks it of every four it tries, most of
        which it then need not play (a four whose block leaves no four to
        make, or leads where it has been)."""
        mine = node.mine | 1 << cell
        wins, windows = node.my_wins, self.windows
        for index in cells_of(node.my_threes & self.through_bits[cell]):  # k-2 stones, none of theirs
            wins |= windows[index] & ~mine
        bit = ~(1 << cell)
        if wins and self.rules.exact_for("X" if node.black_to_move else "O"):
            wins = self.rules.exact_completions(mine, wins & bit)
        return wins & bit

    def blocks_foul(self, node: Node, cell: int, block: int) -> bool:
        """Whether, after the side to move plays cell, the other side may not
        play block: renju forbids it to black (play() and playable(), without
        the rest of a move)."""
        if self.rules.rule != RENJU or node.black_to_move:
            return False
        return foul(self.rules, node.theirs, node.mine | 1 << cell, block) is not None

    def playable(self, node: Node, cells: list[int]) -> list[int]:
        """Those of cells that the side to move may play: all, but where
        renju forbids them to black."""
        if self.rules.rule != RENJU or not node.black_to_move:
            return cells
        return [cell for cell in cells if foul(self.rules, node.mine, node.theirs, cell) is None]

    def open_fours(self, node: Node, mover: bool = True) -> dict[int, int]:
        """threats, for the side to move (or, not mover, the other side), by
        the game's rule: only cells that side may play, and only where both
        cells it would then have to complete a line make exactly five, if it
        needs exactly five."""
        stones, other, threes = ((node.mine, node.theirs, node.my_threes) if mover
                                 else (node.theirs, node.mine, node.their_threes))
        found = self.threats(stones, threes)
        if not found or self.rules.rule == FREESTYLE:
            return found
        black = node.black_to_move == mover
        exact = self.rules.exact_for("X" if black else "O")
        kept = {}
        for cell, wins in found.items():
            if self.rules.rule == RENJU and black and foul(self.rules, stones, other, cell):
                continue
            if exact:
                wins = self.rules.exact_completions(stones | 1 << cell, wins)
            if wins & (wins - 1):
                kept[cell] = wins
        return kept

    def threats(self, stones: int, threes: int) -> dict[int, int]:
        """The cells where a side (its stones and its threes) makes an open or
        double four, each with the cells it would then have to complete a line."""
        completes = self._completes(stones, threes)
        return {cell: wins for cell, wins in completes.items() if wins & (wins - 1)}

    def _completes(self, stones: int, threes: int) -> dict[int, int]:
        """For each empty cell of a side's threes, the cells it would then have to complete a line."""
        completes: dict[int, int] = {}
        for index in cells_of(threes):
            first, second = cells_of(self.windows[index] & ~stones)
            completes[first] = completes.get(first, 0) | 1 << second
            completes[second] = completes.get(second, 0) | 1 << first
        return completes

    def three_cells(self, node: Node) -> list[int]:
        """The cells where the side to move makes a three with a threat (an
        open four to make next), without making a four. Such a cell turns
        windows with k-3 of its stones into threes; it makes a threat where
        one of those new threes' empty cells then has two cells to complete."""
        completes = self._completes(node.mine, node.my_threes)
        fours = self.four_cells(node)
        found = []
        for cell in cells_of(self.two_cells(node) & ~fours):
            added = self._completes(node.mine | 1 << cell, node.my_twos & self.through_bits[cell])
            if any((wins := cells | completes.get(empty, 0)) & (wins - 1) for empty, cells in added.items()):
                found.append(cell)
        return found

    def defences(self, stones: int, threes: int, threats: dict[int, int]) -> int:
        """Every cell that might stop the threats: the empty cells of the
        three-windows they come from (a defence must take a cell of one of the
        two windows that make each open four)."""
        found = 0
        for index in cells_of(threes):
            empty = self.windows[index] & ~stones
            if any(empty >> cell & 1 for cell in threats):
                found |= empty
        return found

    def four_cells(self, node: Node) -> int:
        """The empty cells where the side to move makes a four."""
        return self._empty_cells(node.my_threes, node)

    def two_cells(self, node: Node) -> int:
        """The empty cells where the side to move adds to a window with k-3 of its stones and none of the other's."""
        return self._empty_cells(node.my_twos, node)

    def _empty_cells(self, windows: int, node: Node) -> int:
        """The empty cells of the windows given (as bits)."""
        found = 0
        for index in cells_of(windows):
            found |= self.windows[index]
        return found & ~(node.mine | node.theirs)
