"""The rules of k in a row on an n×n board, for any n and k.

Cells are numbered 0 to n²−1, row-major from the top left. X moves first and
the sides alternate; a line of k or more stones in a row, across, down or
along a diagonal, wins, and a full board without one is a draw. That is the
freestyle rule; five-in-a-row boards may instead play gomoku's standard rule
(only exactly five wins, for both sides) or renju (X, black, wins only with
exactly five and may not play a forbidden point: see renju.py).

A Rules is the geometry the rest reads: the board's windows (every run of k
cells in a row, as bitboards), its symmetries, its squares' names, and
whether a side's stones hold a line (tested a direction at a time, by
shifting the bitboard). The stones themselves are position.py's Position;
the boards offered here, boards.py's. Everything here is a pure function of
its arguments.
"""

from __future__ import annotations

import dataclasses
import itertools
import string
from dataclasses import dataclass
from functools import cached_property

MARKS = ("X", "O")
EMPTY = "."
COLUMNS = string.ascii_lowercase
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
"""Across, down, and the two diagonals, as (row, column) steps."""
NEAR = 2
"""How far from a stone, in king's moves, a cell counts as near it."""
FREESTYLE, STANDARD, RENJU = "freestyle", "standard", "renju"
RULES = (FREESTYLE, STANDARD, RENJU)
"""Which lines win: k or more in a row; exactly k, for both sides; exactly k
for X, who may not play renju's forbidden points, and k or more for O."""


def opponent(mark: str) -> str:
    return "O" if mark == "X" else "X"


def cells_of(bits: int) -> list[int]:
    """The cells whose bits are set, in order."""
    found = []
    while bits:
        low = bits & -bits
        found.append(low.bit_length() - 1)
        bits ^= low
    return found


@dataclass(frozen=True)
class Rules:
    """A board of size × size cells on which k in a row wins, under a rule
    (FREESTYLE, STANDARD or RENJU) that says whether a longer line does."""

    size: int
    k: int
    rule: str = FREESTYLE

    def __post_init__(self) -> None:
        if type(self.size) is not int or not 3 <= self.size <= len(COLUMNS):
            raise ValueError(f"A board is 3 to {len(COLUMNS)} cells a side, not {self.size!r}.")
        if type(self.k) is not int or not 3 <= self.k <= self.size:
            raise ValueError(f"On a {self.size}×{self.size} board a line is 3 to {self.size} in a row, "
                             f"not {self.k!r}.")
        if self.rule not in RULES:
            raise ValueError(f"There is no rule “{str(self.rule)[:12]}”; the rules are {', '.join(RULES)}.")
        if self.rule != FREESTYLE and (self.k != 5 or self.size < 7):
            raise ValueError(f"The {self.rule} rule is gomoku's, for five in a row on 7×7 and up.")

    def exact_for(self, mark: str) -> bool:
        """Whether only exactly k in a row wins for mark (a longer line does
        not): both sides under the standard rule, X under renju."""
        return self.rule == STANDARD or self.rule == RENJU and mark == "X"

    def with_rule(self, rule: str) -> Rules:
        """The same board under another rule."""
        return dataclasses.replace(self, rule=rule)

    @property
    def board_name(self) -> str:
        """'15x15': the board's own name, whatever the rule."""
        return f"{self.size}x{self.size}"

    @property
    def name(self) -> str:
        """'7x7', or '15x15-renju' under a rule other than freestyle: how
        links and stored games name the board and its rule (board_named
        reads it back)."""
        return self.board_name if self.rule == FREESTYLE else f"{self.board_name}-{self.rule}"

    @cached_property
    def cells(self) -> int:
        return self.size * self.size

    @cached_property
    def full(self) -> int:
        """The bitboard with every cell set."""
        return (1 << self.cells) - 1

    @cached_property
    def windows(self) -> tuple[int, ...]:
        """Every run of k cells in a row, as a bitboard: a side that fills one has won."""
        n, k, found = self.size, self.k, []
        for row, column in itertools.product(range(n), repeat=2):
            for down, across in DIRECTIONS:
                end_row, end_column = row + down * (k - 1), column + across * (k - 1)
                if 0 <= end_row < n and 0 <= end_column < n:
                    found.append(sum(1 << (row + down * i) * n + column + across * i for i in range(k)))
        return tuple(found)

    @cached_property
    def runs(self) -> tuple[tuple[int, ...], ...]:
        """For each direction, the bitboard of the cells a window in that
        direction starts from, then how far the bits of a window's second,
        third, ... cells are from its first."""
        return self._runs(self.k)

    @cached_property
    def longer_runs(self) -> tuple[tuple[int, ...], ...]:
        """runs, for runs of k + 1 cells: what an overline fills."""
        return self._runs(self.k + 1) if self.k < self.size else tuple((0,) for _ in DIRECTIONS)

    def _runs(self, length: int) -> tuple[tuple[int, ...], ...]:
        n, found = self.size, []
        for down, across in DIRECTIONS:
            starts = sum(1 << row * n + column for row, column in itertools.product(range(n), repeat=2)
                         if 0 <= row + down * (length - 1) < n and 0 <= column + across * (length - 1) < n)
            found.append((starts, *((down * n + across) * i for i in range(1, length))))
        return tuple(found)

    def has_line(self, stones: int, exact: bool = False) -> bool:
        """Whether stones fill one of the windows (if exact, one that is not
        part of a longer run of them).
        Each direction is tested at once for every window: a start cell stays
        in `run` while the cells one, two, ... steps on from it are stones
        too, which k − 1 shifts of the whole bitboard answer (on 15×15, 16
        shifts for 572 windows). Exactly: a run of k is not part of a longer
        one if no run of k + 1 starts at its first cell or one step before."""
        for (starts, *shifts), (longer, *more) in zip(self.runs, self.longer_runs):
            run = _filled_starts(stones, starts, shifts)
            if run and exact and longer:
                overline = _filled_starts(stones, longer, more)
                run &= ~(overline | overline << shifts[0])
            if run:
                return True
        return False

    @cached_property
    def window_ends(self) -> dict[int, int]:
        """For each window, the cells just before and after it on its line
        (those on the board): a stone of the same side there makes the
        window's line longer than k."""
        n, found = self.size, {}
        for window in self.windows:
            first, second, *_, last = (divmod(cell, n) for cell in cells_of(window))
            down, across = second[0] - first[0], second[1] - first[1]
            ends = 0
            for row, column in ((first[0] - down, first[1] - across), (last[0] + down, last[1] + across)):
                if 0 <= row < n and 0 <= column < n:
                    ends |= 1 << row * n + column
            found[window] = ends
        return found

    @cached_property
    def windows_through(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the windows that contain it."""
        return tuple(tuple(window for window in self.windows if window >> cell & 1)
                     for cell in range(self.cells))

    @cached_property
    def near(self) -> tuple[int, ...]:
        """For each cell, the bitboard of the other cells within NEAR king's moves of it."""
        n = self.size
        return tuple(sum(1 << r * n + c
                         for r in range(max(0, row - NEAR), min(n, row + NEAR + 1))
                         for c in range(max(0, column - NEAR), min(n, column + NEAR + 1))
                         if (r, c) != (row, column))
                     for row, column in (divmod(cell, n) for cell in range(self.cells)))

    @cached_property
    def centre(self) -> int:
        """The middle cell (on an even board, the one just up and left of the middle)."""
        return (self.size - 1) // 2 * (self.size + 1)

    @cached_property
    def symmetries(self) -> tuple[tuple[int, ...], ...]:
        """The rearrangements of the board that map every line onto a line, as
        permutations (cell -> its image), the identity first.

        Each is a reordering of the rows, one of the columns, and perhaps a
        transpose. Where k < n only reversing keeps every run of k cells a run,
        which gives the square's eight. Where k = n any order keeps the rows and
        columns, and the diagonals decide: the main one stays a diagonal only
        if the columns follow the rows' order or its mirror, and the other one
        then only if that order commutes with reversing (it moves the pairs of
        rows that mirror each other, and may swap a pair): 32 on 4×4."""
        n = self.size
        identity = tuple(range(n))
        if self.k == n:
            orders = _mirror_respecting_orders(n)
            pairs = [(rows, columns) for rows in orders for columns in (rows, tuple(n - 1 - i for i in rows))]
        else:
            orders = [identity, identity[::-1]]
            pairs = list(itertools.product(orders, orders))
        lines = set(self.windows)
        found = []
        # Sorted, so the order is the one the 4×4 tablebase file was built
        # with: it stores, for each X, a bitmask of symmetries by index.
        for (rows, columns), transpose in sorted(itertools.product(pairs, (False, True))):
            image = tuple((columns[c] * n + rows[r]) if transpose else (rows[r] * n + columns[c])
                          for r, c in (divmod(cell, n) for cell in range(self.cells)))
            if all(transform(window, image) in lines for window in self.windows):
                found.append(image)
        return tuple(found)

    def open_cells(self, stones: int, other: int, held: int, windows: tuple[int, ...] | None = None) -> int:
        """The empty cells of every window (of all, or of those given) that
        holds exactly `held` of stones and none of other: with held = k - 1,
        the cells where stones would complete a line at once; with k - 2, the
        cells that would make a four (a three on 4-in-a-row boards). The one
        scan for such cells, which every part of the engine asks."""
        found = 0
        for window in self.windows if windows is None else windows:
            if not window & other and (window & stones).bit_count() == held:
                found |= window & ~stones
        return found

    def exact_completions(self, stones: int, cells: int) -> int:
        """Those of the empty cells given where a stone would fill a window,
        with stones, that is not part of a longer run: a line of exactly k."""
        found, ends = 0, self.window_ends
        for cell in cells_of(cells):
            placed = stones | 1 << cell
            if any(window & placed == window and not ends[window] & placed
                   for window in self.windows_through[cell]):
                found |= 1 << cell
        return found

    def cell_name(self, cell: int) -> str:
        """The cell as board-game players write it: column letter, then row
        number counted from the bottom ('h8' is the centre of 15×15)."""
        row, column = divmod(cell, self.size)
        return f"{COLUMNS[column]}{self.size - row}"

    def parse_cell_name(self, name: str) -> int:
        """The cell a name such as 'h8' stands for, or ValueError saying why not."""
        letter, digits = name[:1], name[1:]
        if letter not in COLUMNS[:self.size] or not (digits.isascii() and digits.isdigit()) \
                or not 1 <= int(digits) <= self.size or digits.startswith("0"):
            last = self.cell_name(self.size - 1)
            raise ValueError(f"“{name[:12]}” is not a square of the {self.name} board, "
                             f"whose squares run from a1 to {last}.")
        return (self.size - int(digits)) * self.size + COLUMNS.index(letter)


def _filled_starts(stones: int, starts: int, shifts: list[int]) -> int:
    """The start cells of the runs (starts and shifts, see Rules.runs) that stones fill."""
    run = stones & starts
    for shift in shifts:
        run &= stones >> shift
    return run


def transform(bits: int, image: tuple[int, ...]) -> int:
    """A bitboard moved by a symmetry (see Rules.symmetries)."""
    moved = 0
    for cell in cells_of(bits):
        moved |= 1 << image[cell]
    return moved


def _mirror_respecting_orders(n: int) -> list[tuple[int, ...]]:
    """The orders of 0..n-1 that commute with reversing: the pairs (i, n-1-i)
    moved among themselves, each perhaps swapped; the middle, if any, kept."""
    pairs = [(i, n - 1 - i) for i in range(n // 2)]
    orders = []
    for placed in itertools.permutations(range(len(pairs))):
        for swaps in itertools.product((False, True), repeat=len(pairs)):
            order = list(range(n))
            for source, (target, swap) in enumerate(zip(placed, swaps)):
                low, high = pairs[target][::-1] if swap else pairs[target]
                order[pairs[source][0]], order[pairs[source][1]] = low, high
            orders.append(tuple(order))
    return orders


def sum_bits(bitboards: list[int]) -> int:
    """The union of bitboards."""
    union = 0
    for bits in bitboards:
        union |= bits
    return union
