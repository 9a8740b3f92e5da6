"""An independent referee for renju's forbidden points, and positions to ask it about.

The referee is the Gomocup manager's judge (Piskvork's), as the `renju`
package ports it (by Yixin's author); the positions crowd black stones near
the centre, where forbidden shapes are common, or come from whole games
between the levels, where the shapes are the ones play makes. Used by
tests/engine/test_renju.py and by tools/forbidden_check.py, which also asks Rapfi.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from renju.check_forbid import get_foul_type

from webapp.engine.levels import choose_move
from webapp.engine.renju import DOUBLE_FOUR, DOUBLE_THREE, OVERLINE
from webapp.engine.position import Position
from webapp.engine.rules import RENJU, Rules, cells_of

RULES = Rules(15, 5, RENJU)
JUDGE_REASONS = {1: DOUBLE_THREE, 2: DOUBLE_FOUR, 3: OVERLINE}


def crowded_positions(count: int, seed: int) -> Iterator[Position]:
    """Positions of 4 to 14 black stones in a square of 5 to 9 points around
    the centre, and as many white ones (some in the square, the rest
    anywhere); black to move, no line on the board and no five for black to
    make (where black can win at once, the referees disagree with each other
    about a three whose straight four that same stone would make; it never
    matters in a game, which black wins there)."""
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
        if position.winner or RULES.has_line(black) or position.winning_cells("X"):
            continue
        made += 1
        yield position


def game_positions(count: int, seed: int, longest: int = 120) -> Iterator[Position]:
    """Every position with black to move, and no five for black to make (see
    crowded_positions), of seeded renju games between the levels (easy,
    medium or hard, drawn for each move), up to `longest` stones a game,
    until there are count of them."""
    made, game = 0, 0
    while True:
        rng, here = random.Random(f"{seed} {game}"), Position(RULES)
        while not here.is_over and here.ply < longest:
            if here.to_move == "X" and not here.winning_cells("X"):
                yield here
                made += 1
                if made == count:
                    return
            here = here.play(choose_move(here, rng.choice(("easy", "medium", "hard")), rng))
        game += 1


def judge(position: Position) -> dict[int, str]:
    """The Gomocup manager's judge: each empty point's foul, if any."""
    board = [[{"X": 1, "O": 2}.get(mark, 0) for mark in position.text[row * 15:row * 15 + 15]] for row in range(15)]
    return {cell: JUDGE_REASONS[foul] for cell in cells_of(position.empty)
            if (foul := get_foul_type(board, *divmod(cell, 15)))}
