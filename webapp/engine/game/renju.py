"""Renju's forbidden points: where black (X) may not play.

The rules (RIF, 1996/98) define them by what a black stone on an empty
point would make, counted line by line (a row, a column, a diagonal):

- a *five* is exactly five black stones in an unbroken row. A move that
  makes one wins, whatever else it makes: it is never forbidden.
- an *overline* is six or more in a row: forbidden.
- a *four* is four stones to which one more (on an empty point) makes a
  five. Two fours made at once, even along one line (X.XXX.X with the
  middle stone played), are a *double four*: forbidden.
- a *three* is three stones to which one more makes a *straight four* (four
  in a row with an empty point at each end where black would make a five)
  "without at the same time a five in a row is made" (RIF's words), where
  that one more must itself be a point black may play: a "three" whose
  straight four could only be made on a forbidden point, or by a stone that
  makes a five on another line, is not a three. Two threes made at once are
  a *double three*: forbidden. A four and a three made at once (four-three)
  are allowed.

The definitions are followed as written, recursion included; the tests
check them against an independent referee (the Gomocup manager's judge).
Everything here reads bitboards, as rules.py writes them, and is pure.
"""

from __future__ import annotations

from functools import cache, lru_cache

from webapp.engine.game.rules import DIRECTIONS, Rules, cells_of

OVERLINE, DOUBLE_FOUR, DOUBLE_THREE = "overline", "double four", "double three"
"""The reasons a point is forbidden, as a person reads them."""
FIVE = "five"
"""What a stone makes that wins, and so is never forbidden: a three's
straight four made by such a stone does not make it a three."""
REACH = 5
"""How far along a line from the point a move's shapes can lie: a five
through it ends at most four points away, and a stone one further makes it
an overline."""
BLACK, EMPTY, BLOCKED = 1, 0, -1
"""What a point of a line holds, for black: its stone, nothing, or white's
stone or the board's edge."""


def foul(rules: Rules, black: int, white: int, cell: int) -> str | None:
    """Why black may not play the empty cell (OVERLINE, DOUBLE_FOUR or
    DOUBLE_THREE), or None if black may: black's and white's stones as
    bitboards of rules' board."""
    if not _could_be_foul(rules, black, cell):
        return None
    made = _verdict(rules, black, white, cell)
    return None if made == FIVE else made


def _makes(rules: Rules, black: int, white: int, cell: int) -> str | None:
    """What black's stone on the empty cell makes that matters to the rules:
    FIVE, a foul's reason, or None (a point black may play without winning)."""
    if not _could_be_foul(rules, black, cell):
        return None
    return _verdict(rules, black, white, cell)


@lru_cache(maxsize=1 << 16)
def _verdict(rules: Rules, black: int, white: int, cell: int) -> str | None:
    """_makes, past the quick look: remembered, as the search and the threat
    solver ask again of the same points in the same positions."""
    black |= 1 << cell
    lines = [_line(rules, black, white, cell, direction) for direction in DIRECTIONS]
    if any(_run(points) == 5 for points, _ in lines):
        return FIVE
    if any(_run(points) > 5 for points, _ in lines):
        return OVERLINE
    fours = [_fours(points) for points, _ in lines]
    if sum(fours) >= 2:
        return DOUBLE_FOUR
    threes = sum(1 for (points, cells), four in zip(lines, fours)
                 if not four and _is_three(rules, black, white, points, cells))
    return DOUBLE_THREE if threes >= 2 else None


def forbidden_cells(rules: Rules, black: int, white: int) -> dict[int, str]:
    """Every empty cell black may not play, with why (see foul)."""
    empty = rules.full & ~(black | white)
    return {cell: reason for cell in cells_of(empty) if (reason := foul(rules, black, white, cell))}


def _could_be_foul(rules: Rules, black: int, cell: int) -> bool:
    """A quick look that rules out most cells: a foul needs two lines through
    the cell each with two other black stones within four points (two
    threes or fours), or one line with three (a double four along one line
    has four there, an overline at least four, and a five too). The search
    asks it of every move black considers, so it is four masks and counts."""
    crowded = 0
    for mask in _reach(rules)[cell]:
        near = (black & mask).bit_count()
        if near >= 3:
            return True
        crowded += near >= 2
    return crowded >= 2


@cache
def _reach(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """For each cell, for each direction, the bitboard of the other points
    within four of it along that line."""
    return tuple(tuple(sum(1 << point for offset in range(-4, 5) if offset
                           and (point := _point(rules, cell, direction, offset)) is not None)
                       for direction in DIRECTIONS)
                 for cell in range(rules.cells))


def _point(rules: Rules, cell: int, direction: tuple[int, int], offset: int) -> int | None:
    """The cell offset steps from cell along direction, or None off the board."""
    row, column = divmod(cell, rules.size)
    row, column = row + direction[0] * offset, column + direction[1] * offset
    return row * rules.size + column if 0 <= row < rules.size and 0 <= column < rules.size else None


def _line(rules: Rules, black: int, white: int, cell: int,
          direction: tuple[int, int]) -> tuple[list[int], tuple[int | None, ...]]:
    """The points within REACH of cell along direction, cell in the middle:
    what each holds (BLACK, EMPTY, BLOCKED) and its cell (None off the board)."""
    cells = _lines_through(rules)[cell][DIRECTIONS.index(direction)]
    points = [BLOCKED if at is None or white >> at & 1 else BLACK if black >> at & 1 else EMPTY for at in cells]
    return points, cells


@cache
def _lines_through(rules: Rules) -> tuple[tuple[tuple[int | None, ...], ...], ...]:
    """For each cell, for each direction, the cells within REACH of it (None off the board)."""
    return tuple(tuple(tuple(_point(rules, cell, direction, offset) for offset in range(-REACH, REACH + 1))
                       for direction in DIRECTIONS)
                 for cell in range(rules.cells))


def _run(points: list[int], at: int = REACH) -> int:
    """How many black stones in a row pass through points[at] (a black stone)."""
    start = end = at
    while start > 0 and points[start - 1] == BLACK:
        start -= 1
    while end < len(points) - 1 and points[end + 1] == BLACK:
        end += 1
    return end - start + 1


def _fours(points: list[int]) -> int:
    """How many fours the middle stone is part of along this line: the
    different sets of four stones, with it among them, that one more stone
    on an empty point turns into a five."""
    found = set()
    for at, held in enumerate(points):
        if held == EMPTY:
            placed = points.copy()
            placed[at] = BLACK
            if _run(placed, at) == 5 and _spans(placed, at, REACH):
                found.add(frozenset(_stones_of_run(placed, at)) - {at})
    return len(found)


def _is_three(rules: Rules, black: int, white: int, points: list[int], cells: tuple[int | None, ...]) -> bool:
    """Whether the middle stone is part of a three along this line: one more
    black stone, on a point black may play (black's stones as they are now)
    and that makes no five, makes a straight four with it."""
    for at, (held, cell) in enumerate(zip(points, cells)):
        if held == EMPTY and cell is not None:  # an empty point is on the board
            placed = points.copy()
            placed[at] = BLACK
            if _straight_four(placed, at) and _makes(rules, black, white, cell) is None:
                return True
    return False


def _straight_four(points: list[int], at: int) -> bool:
    """Whether the stone at points[at] is in exactly four in a row, through
    the middle stone too, with an empty point at each end that makes a five."""
    if _run(points, at) != 4 or not _spans(points, at, REACH):
        return False
    run = _stones_of_run(points, at)
    before, after = run[0] - 1, run[-1] + 1
    # The run lies within three points of the middle, so these are all inside the line.
    if points[before] != EMPTY or points[after] != EMPTY:
        return False
    return points[before - 1] != BLACK and points[after + 1] != BLACK


def _spans(points: list[int], at: int, middle: int) -> bool:
    """Whether the run of black stones through points[at] also passes through points[middle]."""
    run = _stones_of_run(points, at)
    return run[0] <= middle <= run[-1]


def _stones_of_run(points: list[int], at: int) -> list[int]:
    """The indices of the run of black stones through points[at], in order."""
    start = end = at
    while start > 0 and points[start - 1] == BLACK:
        start -= 1
    while end < len(points) - 1 and points[end + 1] == BLACK:
        end += 1
    return list(range(start, end + 1))
