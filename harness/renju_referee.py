"""An independent referee for renju's forbidden points, and positions to ask it about.

The referee is the Gomocup manager's judge (Piskvork's), as the `renju`
package ports it (by Yixin's author). The positions crowd black stones near
the centre, where forbidden shapes are common, or come from whole games
(harness/renju_games.py), where the shapes are the ones play makes.
recursive_cells finds the points whose verdict reads a three whose
straight four could only be made on a point that is itself forbidden: the
recursion in the rules' definition. Used by tests/engine/test_renju.py and
by tools/forbidden_check.py, which also asks Rapfi.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

from renju.check_forbid import ForbidChecker

from webapp.engine.game.position import Position
from webapp.engine.game.renju import DOUBLE_FOUR, DOUBLE_THREE, OVERLINE
from webapp.engine.game.rules import DIRECTIONS, RENJU, Rules, cells_of

RULES = Rules(15, 5, RENJU)
JUDGE_REASONS = {1: DOUBLE_THREE, 2: DOUBLE_FOUR, 3: OVERLINE}
SIZE = RULES.size


def crowded_positions(count: int, seed: int) -> Iterator[Position]:
    """Positions of 4 to 14 black stones in a square of 5 to 9 points around
    the centre, and as many white ones (some in the square, the rest
    anywhere); black to move, no line on the board."""
    rng, made = random.Random(seed), 0
    while made < count:
        side = rng.choice((5, 6, 7, 9))
        corner = 7 - side // 2
        square = [row * 15 + column for row in range(corner, corner + side) for column in range(corner, corner + side)]
        blacks = rng.randint(4, min(14, len(square) // 2 - 1))
        cells = rng.sample(square, blacks + rng.randint(0, blacks))
        black, white = sum(1 << cell for cell in cells[:blacks]), sum(1 << cell for cell in cells[blacks:])
        while white.bit_count() < blacks:  # as many white stones, the rest anywhere: black to move
            white |= 1 << rng.choice(cells_of(RULES.full & ~(black | white)))
        position = Position(RULES, black, white)
        if position.winner or RULES.has_line(black):
            continue
        made += 1
        yield position


def judge(position: Position) -> dict[int, str]:
    """The Gomocup manager's judge: each empty point's foul, if any, black to
    play there. One checker serves every point (its foulr puts the stone,
    reads the lines and takes the stone back), five times quicker than the
    package's get_foul_type, which builds one a point."""
    checker = ForbidChecker(_board(position), 7, 7)
    return {cell: JUDGE_REASONS[foul] for cell in cells_of(position.empty)
            if (foul := checker.foulr(*divmod(cell, SIZE), 0))}


def _board(position: Position, extra_black: int | None = None) -> list[list[int]]:
    """The judge's board (rows of 0, 1 for black, 2 for white), with black on extra_black too."""
    text = position.text
    board = [[{"X": 1, "O": 2}.get(mark, 0) for mark in text[row * SIZE:row * SIZE + SIZE]] for row in range(SIZE)]
    if extra_black is not None:
        board[extra_black // SIZE][extra_black % SIZE] = 1
    return board


def recursive_cells(position: Position) -> dict[int, bool]:
    """The empty points where black's stone would make shapes of a three
    along two lines or more (so that whether it is a double three turns on
    them), at least one of whose straight fours could only be made on a point
    that is itself forbidden, or makes a five, by the judge: the cases where
    the definition of a three recurses. Each with whether the recursion
    decides it: the point would be a double three were those shapes all
    threes, and the judge says it is not.

    The shapes are read here, not by webapp.engine.game.renju: black's stone and
    one more make a straight four along the line (exactly four in a row
    through it, an empty point at each end, no black stone beyond either)."""
    found = {}
    here = ForbidChecker(_board(position), 7, 7)
    for cell in cells_of(position.empty):
        if sum((position.x & mask).bit_count() >= 2 for mask in _within_four(cell)) < 2:
            continue  # a three needs two other black stones within four points, along two lines
        shapes = [_completions(position, cell, direction) for direction in DIRECTIONS]
        if sum(1 for completions in shapes if completions) < 2:
            continue
        after = ForbidChecker(_board(position, cell), 7, 7)
        if any(after.foulr(*divmod(point, SIZE), 1) for completions in shapes for point in completions):
            found[cell] = here.foulr(*divmod(cell, SIZE), 0) == 0 and not _makes_five(position, cell)
    return found


@cache
def _within_four(cell: int) -> tuple[int, ...]:
    """For each direction, the bitboard of the other points within four of cell along it."""
    row, column = divmod(cell, SIZE)
    return tuple(sum(1 << (row + down * offset) * SIZE + column + across * offset for offset in range(-4, 5)
                     if offset and 0 <= row + down * offset < SIZE and 0 <= column + across * offset < SIZE)
                 for down, across in DIRECTIONS)


def _makes_five(position: Position, cell: int) -> bool:
    """Whether black's stone on cell makes five in a row (which no shape elsewhere forbids)."""
    return RULES.exact_completions(position.x, 1 << cell) != 0


def _completions(position: Position, cell: int, direction: tuple[int, int]) -> list[int]:
    """The empty points along direction where black's stone, with one on cell
    too, makes a straight four through cell (none if cell itself makes a four or
    more there: that line is no three)."""
    def black_at(offset: int) -> bool | None:
        """Black's stone (True), an empty point (False), or white's or the edge (None)."""
        row, column = divmod(cell, SIZE)
        row, column = row + direction[0] * offset, column + direction[1] * offset
        if not (0 <= row < SIZE and 0 <= column < SIZE):
            return None
        at = row * SIZE + column
        return True if offset == 0 or position.x >> at & 1 else None if position.o >> at & 1 else False

    points = {offset: black_at(offset) for offset in range(-6, 7)}
    if _longest_run(points) >= 4:
        return []
    found = []
    for offset in range(-4, 5):
        if points[offset] is False:
            placed = {**points, offset: True}
            start, end = _run_through(placed, 0)
            if start <= offset <= end and end - start == 3 and placed[start - 1] is False \
                    and placed[end + 1] is False and placed.get(start - 2) is not True \
                    and placed.get(end + 2) is not True:
                row, column = divmod(cell, SIZE)
                found.append((row + direction[0] * offset) * SIZE + column + direction[1] * offset)
    return found


def _run_through(points: dict[int, bool | None], at: int) -> tuple[int, int]:
    """The first and last offsets of the run of black stones through at."""
    start = end = at
    while points.get(start - 1) is True:
        start -= 1
    while points.get(end + 1) is True:
        end += 1
    return start, end


def _longest_run(points: dict[int, bool | None]) -> int:
    """How many black stones the line makes in a row through its middle,
    with at most one more (four or more means a four, a five or an overline
    is possible in one move, or already there)."""
    start, end = _run_through(points, 0)
    longest = end - start + 1
    for offset in range(-4, 5):
        if points[offset] is False:
            start, end = _run_through({**points, offset: True}, 0)
            longest = max(longest, end - start)  # the run less the one added stone
    return longest
