"""Shapes: what a stone on an empty cell would make, along each line and in all four.

Along one line (a row, a column or a diagonal), what a stone of one side
would make on an empty cell depends only on the 2k-1 cells centred on it:
every run of k through the cell lies among them. Each of those cells holds
the side's stone, is empty, or is blocked (the other side's stone, or off the
board). So a table of 3 ** (2k-1) entries, worked out once, classifies any
line in one lookup. The classes, best first, say how many more stones the
side needs for a line of k and whether the other side can still stop it:

- FIVE: the stone completes a line;
- FLEX4: a four with two cells to complete (an open four: unstoppable);
- BLOCK4: a four with one cell to complete (the other side must take it);
- FLEX3, BLOCK3: a three, from which one more stone makes a FLEX4 (an open
  three), or only a BLOCK4;
- FLEX2, BLOCK2, FLEX1, BLOCK1: the same, a stone and two stones further;
- DEAD: no run of k through the cell is free of blocked cells.

The names are gomoku's (k = 5); on a board with a shorter k a lone stone is
already a two or a three. A cell's four lines together make a combination
(its Combo): a FLEX4 or two fours win at once, a four and an open three
(FOUR_THREE) or two open threes (THREE_THREE) win a move later unless the
other side has fours of its own, and so on down. The evaluation counts each
side's cells of every combination and class (evaluate.py), and its weights
for them are fitted to games (tools/shapes.py).
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache


class Line(IntEnum):
    """What a stone makes along one line, worst first."""

    DEAD = 0
    BLOCK1 = 1
    FLEX1 = 2
    BLOCK2 = 3
    FLEX2 = 4
    BLOCK3 = 5
    FLEX3 = 6
    BLOCK4 = 7
    FLEX4 = 8
    FIVE = 9


LINES = len(Line)
"""A cell's four lines are packed in one number, base LINES: see pack()."""


class Combo(IntEnum):
    """What a stone makes in its four lines together, worst first."""

    NONE = 0
    TWO = 1            # an open two (FLEX2)
    BLOCK3 = 2         # a closed three
    TWO_TWO = 3        # two open twos
    BLOCK3_PLUS = 4    # a closed three and an open two or another closed three
    THREE = 5          # an open three
    THREE_PLUS = 6     # an open three and an open two or a closed three
    THREE_THREE = 7    # two open threes: a win, unless the other side has fours
    FOUR = 8           # a closed four
    FOUR_PLUS = 9      # a closed four and an open two or a closed three
    FOUR_THREE = 10    # a closed four and an open three: a win, unless the other side has fours
    FLEX4 = 11         # an open four, or two closed fours: a win
    FIVE = 12


def _step_down(made: Line) -> Line:
    """The class of a shape one stone short of one that makes `made`."""
    return Line(max(made - 2, Line.DEAD)) if made > Line.FLEX1 else Line.DEAD


@cache
def line_table(k: int) -> bytes:
    """The class of every line of 2k-1 cells for a stone on the middle one,
    indexed by code(stones, blocked). Entries whose middle cell is taken are
    DEAD (they are never asked)."""
    span = 2 * k - 1
    windows = tuple(((1 << k) - 1) << start for start in range(k))  # the runs of k through the middle
    middle = 1 << (k - 1)

    @cache
    def made(stones: int, blocked: int) -> Line:
        """What the side has made through the middle (its stone is in stones)."""
        free = [window for window in windows if not window & blocked]
        if not free:
            return Line.DEAD
        if any(window & stones == window for window in free):
            return Line.FIVE
        completing = {window & ~stones for window in free if (window & ~stones).bit_count() == 1}
        if completing:
            return Line.FLEX4 if len(completing) > 1 else Line.BLOCK4
        empty = 0
        for window in free:
            empty |= window & ~stones
        best = max(made(stones | 1 << cell, blocked) for cell in range(span) if empty >> cell & 1)
        return _step_down(best)

    table = bytearray(3 ** span)
    for stones in range(1 << span):
        if stones & middle:
            continue
        rest = ((1 << span) - 1) & ~stones & ~middle
        blocked = rest
        while True:  # every subset of the cells not holding stones
            table[code(stones, blocked)] = made(stones | middle, blocked)
            if not blocked:
                break
            blocked = (blocked - 1) & rest
    return bytes(table)


@cache
def line_pairs(k: int) -> list[tuple[int, int]]:
    """line_table for both sides in one lookup: for a line of 2k-1 cells,
    two bits a cell (0 empty, 1 a stone of one side, 2 of the other, 3 off
    the board; the first cell the lowest bits), the class of a stone of the
    first side on the middle cell and that of a stone of the second. (0, 0)
    where the middle is taken. The search looks a line up for every cell a
    move reshapes, so one lookup there instead of two is worth the table's
    4 ** (2k-1) entries (262,144 where k = 5, all of them references to the
    same LINES ** 2 pairs)."""
    side = k - 1  # cells on each side of the middle
    low, high = _in_base_3(range(side)), _in_base_3(range(k, k + side))
    table, pairs = line_table(k), [(a, b) for a in range(LINES) for b in range(LINES)]
    taken = [pairs[0]] * (3 * 4 ** side)  # the middle a stone or off the board: DEAD for both
    found: list[tuple[int, int]] = []
    for high_first, high_second in high:  # a line is its low cells, then the middle, then its high cells
        found += [pairs[table[high_first + first] * LINES + table[high_second + second]] for first, second in low]
        found += taken
    return found


def _in_base_3(cells: range) -> list[tuple[int, int]]:
    """For every way of filling these cells of a line (two bits a cell, as
    line_pairs numbers them), the line in base 3 as line_table reads it, for
    the first side and for the second."""
    found = [(0, 0)]
    for cell in cells:
        place = 3 ** cell
        found = [(first + held_first * place, second + held_second * place)
                 for held_first, held_second in ((0, 0), (1, 2), (2, 1), (2, 2)) for first, second in found]
    return found


@cache
def _ternary(bits: int) -> tuple[int, ...]:
    """For every mask of `bits` bits, the number with the same digits in base 3."""
    return tuple(sum(3 ** i for i in range(bits) if mask >> i & 1) for mask in range(1 << bits))


def code(stones: int, blocked: int, span: int | None = None) -> int:
    """A line's index in line_table: its cells in base 3, a stone 1 and a
    blocked cell 2 (span: the line's length, 2k-1; any length up to 9 if not given)."""
    ternary = _ternary(span or 9)
    return ternary[stones] + 2 * ternary[blocked]


def pack(lines: tuple[Line, Line, Line, Line] | list[int]) -> int:
    """A cell's four lines as one number (the first line the lowest digit)."""
    return lines[0] + LINES * (lines[1] + LINES * (lines[2] + LINES * lines[3]))


def unpack(packed: int) -> tuple[Line, Line, Line, Line]:
    """The four lines of a packed cell."""
    found = []
    for _ in range(4):
        packed, line = divmod(packed, LINES)
        found.append(Line(line))
    return tuple(found)  # type: ignore[return-value]


def combo(lines: tuple[Line, ...] | list[Line]) -> Combo:
    """What a stone with these four lines makes in all of them together."""
    count = [0] * LINES
    for line in lines:
        count[line] += 1
    if count[Line.FIVE]:
        return Combo.FIVE
    if count[Line.FLEX4] or count[Line.BLOCK4] > 1:
        return Combo.FLEX4
    if count[Line.BLOCK4]:
        if count[Line.FLEX3]:
            return Combo.FOUR_THREE
        return Combo.FOUR_PLUS if count[Line.BLOCK3] or count[Line.FLEX2] else Combo.FOUR
    if count[Line.FLEX3] > 1:
        return Combo.THREE_THREE
    if count[Line.FLEX3]:
        return Combo.THREE_PLUS if count[Line.BLOCK3] or count[Line.FLEX2] else Combo.THREE
    if count[Line.BLOCK3]:
        return Combo.BLOCK3_PLUS if count[Line.BLOCK3] > 1 or count[Line.FLEX2] else Combo.BLOCK3
    if count[Line.FLEX2] > 1:
        return Combo.TWO_TWO
    return Combo.TWO if count[Line.FLEX2] else Combo.NONE


@cache
def digits() -> tuple[bytes, bytes, bytes, bytes]:
    """For each of a cell's four lines, its class in every packed cell."""
    first, second, third, fourth = (bytes(line for line in range(LINES) for _ in range(LINES ** d)) * LINES ** (3 - d)
                                    for d in range(4))
    return first, second, third, fourth


@cache
def combos() -> bytes:
    """The Combo of every packed cell (a Combo depends only on which four
    classes a cell has, not on their order: worked out once for each such set)."""
    by_set: dict[tuple[int, ...], int] = {}
    found = bytearray()
    for lines in zip(*digits()):
        key = tuple(sorted(lines))
        if key not in by_set:
            by_set[key] = combo([Line(line) for line in key])
        found.append(by_set[key])
    return bytes(found)
