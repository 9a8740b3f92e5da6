"""A position: the stones on a board, each side's a bitboard (a Python int
whose bit c is set when cell c holds a stone), and what the rules say of
them: whose move it is, who has won, where a side would complete a line,
which moves are legal (renju's forbidden points are renju.py's).

Playing a cell is an `or`; a side has a line when one of the board's
windows lies inside its stones (rules.py's Rules). Everything here is a pure
function of its arguments.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from webapp.engine.game.renju import forbidden_cells, foul
from webapp.engine.game.rules import EMPTY, MARKS, RENJU, Rules, cells_of, opponent, sum_bits


class Position(NamedTuple):
    """The stones on a board: x and o are bitboards of the cells each side
    holds. passed: one side passed once, so the other side than the counts
    give is to move. Games never pass; a position set up on the analysis
    board does, where the person chooses the side to move against the counts
    ("what would white do here?"). Renju's rules allow a pass."""

    rules: Rules
    x: int = 0
    o: int = 0
    passed: bool = False

    @classmethod
    def after(cls, rules: Rules, moves: Sequence[int]) -> Position:
        """The position moves lead to from the empty board (each a legal move)."""
        position = cls(rules)
        for cell in moves:
            position = position.play(cell)
        return position

    @classmethod
    def from_text(cls, rules: Rules, text: str) -> Position:
        """The position a string of 'X', 'O' and '.' shows, one character a
        cell, row-major from the top left; it need not be reachable (see validate)."""
        if len(text) != rules.cells:
            raise ValueError(f"A {rules.name} board has {rules.cells} cells, not {len(text)}.")
        stray = set(text) - {*MARKS, EMPTY}
        if stray:
            raise ValueError(f"A cell holds 'X', 'O' or '.', not {sorted(stray)[0]!r}.")
        bits = {mark: sum(1 << cell for cell, here in enumerate(text) if here == mark) for mark in MARKS}
        return cls(rules, bits["X"], bits["O"])

    @property
    def text(self) -> str:
        """The board as a string of 'X', 'O' and '.', row-major from the top left."""
        return "".join("X" if self.x >> cell & 1 else "O" if self.o >> cell & 1 else EMPTY
                       for cell in range(self.rules.cells))

    @property
    def stones(self) -> int:
        return self.x | self.o

    @property
    def empty(self) -> int:
        return self.rules.full & ~(self.x | self.o)

    @property
    def ply(self) -> int:
        """How many stones are on the board."""
        return (self.x | self.o).bit_count()

    @property
    def to_move(self) -> str:
        """'X' when both sides have as many stones, otherwise 'O'; the other
        way round once a side passed. The sides alternate from there, so the
        counts' difference keeps its parity: even with X to move, unless passed."""
        even = (self.x.bit_count() - self.o.bit_count()) % 2 == 0
        return "X" if even != self.passed else "O"

    @property
    def last_mover(self) -> str:
        """The side that put the last stone down (or passed): the one not to move."""
        return opponent(self.to_move)

    def stones_of(self, mark: str) -> int:
        return self.x if mark == "X" else self.o

    def mark_at(self, cell: int) -> str | None:
        return "X" if self.x >> cell & 1 else "O" if self.o >> cell & 1 else None

    def play(self, cell: int) -> Position:
        """The position after the side to move puts a stone on cell, which must be empty."""
        if not 0 <= cell < self.rules.cells or (self.x | self.o) >> cell & 1:
            raise ValueError(f"Cell {cell} is not an empty cell of the {self.rules.name} board.")
        if self.to_move == "X":
            return self._replace(x=self.x | 1 << cell)
        return self._replace(o=self.o | 1 << cell)

    def lines_of(self, mark: str) -> list[int]:
        """The windows that mark fills (where the rule wants exactly k, those
        that are not part of a longer run)."""
        stones, exact = self.stones_of(mark), self.rules.exact_for(mark)
        ends = self.rules.window_ends
        return [window for window in self.rules.windows
                if window & stones == window and not (exact and ends[window] & stones)]

    @property
    def winner(self) -> str | None:
        """'X' or 'O' if that side has a line, else None."""
        for mark in MARKS:
            if self.rules.has_line(self.stones_of(mark), self.rules.exact_for(mark)):
                return mark
        return None

    def winning_line(self) -> tuple[int, ...]:
        """The cells of the winner's lines, every stone of a run of k or more;
        empty while nobody has won."""
        mark = self.winner
        return tuple(cells_of(sum_bits(self.lines_of(mark)))) if mark else ()

    @property
    def is_over(self) -> bool:
        """True when a side has won or no cell is left."""
        return not self.empty or self.winner is not None

    def legal_moves(self) -> list[int]:
        """The empty cells, in order, but for renju's forbidden points while
        X is to move (and its first stone, which goes on the centre); none
        once the game is over."""
        if self.is_over:
            return []
        if self.rules.rule == RENJU and not self.stones:
            return [self.rules.centre]
        forbidden = self.forbidden_cells()
        return [cell for cell in cells_of(self.empty) if cell not in forbidden]

    def why_not(self, cell: int) -> str | None:
        """Why the side to move may not play the empty cell, in words fit to
        show a person, or None if it may: under renju, the first stone goes
        on the centre, and black may not play a forbidden point."""
        if self.rules.rule != RENJU or self.to_move != "X":
            return None
        centre = self.rules.centre
        if not self.stones and cell != centre:
            return f"Renju begins at the centre: the first stone goes on {self.rules.cell_name(centre)}."
        reason = foul(self.rules, self.x, self.o, cell)
        if reason is None:
            return None
        article = "an" if reason[0] in "aeiou" else "a"
        return f"{self.rules.cell_name(cell)} is forbidden to black under renju ({article} {reason})."

    def forbidden_cells(self) -> dict[int, str]:
        """Under renju, while X (black) is to move, the empty cells X may not
        play, each with why ('overline', 'double four', 'double three'; see
        renju.py); otherwise none."""
        if self.rules.rule != RENJU or self.to_move != "X":
            return {}
        return forbidden_cells(self.rules, self.x, self.o)

    def winning_cells(self, mark: str) -> int:
        """The bitboard of empty cells where mark would complete a line at
        once (exactly k, where the rule wants that of mark)."""
        cells = self.rules.open_cells(self.stones_of(mark), self.stones_of(opponent(mark)), self.rules.k - 1)
        return self.rules.exact_completions(self.stones_of(mark), cells) if self.rules.exact_for(mark) else cells

    def fork_cells(self, mark: str) -> int:
        """The bitboard of empty cells where a stone of mark would leave it two
        or more cells to complete a line: a fork, of which the other side can
        block only one."""
        mine, theirs = self.stones_of(mark), self.stones_of(opponent(mark))
        existing, needed = self.winning_cells(mark), self.rules.k - 2
        found = 0
        for cell in cells_of(self.empty):
            bit = 1 << cell
            wins = (existing | self.rules.open_cells(mine, theirs, needed, self.rules.windows_through[cell])) & ~bit
            if wins & (wins - 1):
                found |= bit
        return found

    def validate(self) -> None:
        """Raise ValueError, with a message fit to show a person, unless this
        position can arise in a game (finished games included; with a pass
        in it, if passed)."""
        xs, os = self.x.bit_count(), self.o.bit_count()
        if self.x & self.o or (self.x | self.o) & ~self.rules.full:
            raise ValueError("Each cell holds one stone at most, on the board.")
        if self.passed and xs - os not in (-1, 0, 1, 2):
            raise ValueError(f"X moves first and the sides alternate, so after one pass X has from one mark "
                             f"fewer than O to two more; this board has {xs} X and {os} O.")
        if not self.passed and xs - os not in (0, 1):
            raise ValueError(f"X moves first and the sides alternate, so X has as many marks as O "
                             f"or one more; this board has {xs} X and {os} O.")
        owners = [mark for mark in MARKS if self.lines_of(mark)]
        if len(owners) == 2:
            raise ValueError("Both X and O have a line; a game stops at the first line.")
        if owners and owners[0] != self.last_mover:
            raise ValueError(f"{owners[0]} has a line, yet {self.last_mover} moved after it; a game stops at "
                             "the first line.")
        if owners and not _common_stone(self.lines_of(owners[0])):
            raise ValueError(f"{owners[0]} has two lines with no stone in common, yet a game stops "
                             "at the first line.")


def _common_stone(lines: list[int]) -> bool:
    """Whether one stone lies on every line: the last one played, which made them all."""
    common = -1
    for line in lines:
        common &= line
    return common != 0
