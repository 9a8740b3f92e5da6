"""Whole renju games, and the positions in them where black is to move: the
ground on which renju's forbidden points are compared with the referees
(harness/renju_referee.py, tools/forbidden_check.py).

Three kinds of game (GAME_KINDS), each a seeded, endless stream:
- levels: the levels against each other (easy, medium, hard, master, a
  different pair each game), from black's first stone at the centre;
- master: master's self-play from the centre, each side searching its own
  count of positions a move, drawn for each game, so that no two games are
  alike;
- openings: renju's 26 openings (webapp/engine/game/renju_openings.py), in turn,
  each turned by one of the board's symmetries, played out to the end by
  master against itself or by a pair of levels.
And a fourth kind of position, grown: a game's position with stones added
near the play, black's and white's alike, until some point's verdict reads
a three whose straight four could only be made on a forbidden point (the
recursive case that play alone makes rarely).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from harness.renju_referee import RULES, recursive_cells
from webapp.engine.game.position import Position
from webapp.engine.game.renju_openings import RENJU_OPENINGS
from webapp.engine.game.rules import cells_of
from webapp.engine.players.levels import choose_move

GAME_KINDS = ("levels", "master", "openings")
POSITION_KINDS = (*GAME_KINDS, "grown")
LEVELS = ("easy", "medium", "hard", "master")
MASTER_NODES = (100, 600)
"""The range master's count of positions a move is drawn from: a few
hundred plays sensible renju at a tenth of a second a move."""
GROWN_STONES = 12
"""How many stones of each colour a game's position may be given before
it is set aside as one that no recursion arises in."""
Game = Iterator[Position]
"""A game: its positions in turn, from its first stone to its end."""


def positions(kind: str, count: int, seed: int, nodes: tuple[int, int] = MASTER_NODES) -> Iterator[Position]:
    """count positions of the kind (POSITION_KINDS), black to move, seeded:
    every such position of each game in turn, or for grown, one grown from
    each of a stream of them (of the levels' and the openings' games)."""
    if kind == "grown":
        yield from _grown(count, seed, nodes)
        return
    made = 0
    for game in games(kind, seed, nodes):
        for position in game:
            if position.to_move == "X" and not position.is_over:
                yield position
                made += 1
                if made == count:
                    return


def games(kind: str, seed: int, nodes: tuple[int, int] = MASTER_NODES) -> Iterator[Game]:
    """The endless stream of games of the kind (GAME_KINDS), seeded."""
    number = 0
    while True:
        rng = random.Random(f"{kind} {seed} {number}")
        start, black, white = _setup(kind, number, rng)
        black_nodes, white_nodes = rng.randint(*nodes), rng.randint(*nodes)
        yield _play_out(start, _player(black, black_nodes, rng), _player(white, white_nodes, rng))
        number += 1


def _setup(kind: str, number: int, rng: random.Random) -> tuple[Position, str, str]:
    """Where a game of the kind starts, and who plays black and white."""
    centre = Position(RULES).play(RULES.centre)
    if kind == "levels":
        return (centre, *rng.sample(LEVELS, 2))
    if kind == "master":
        return centre, "master", "master"
    if kind != "openings":
        raise ValueError(f"no games of the kind {kind!r}: {', '.join(GAME_KINDS)}")
    opening = opening_position(number % len(RENJU_OPENINGS), rng.choice(RULES.symmetries))
    pair = ("master", "master") if number // len(RENJU_OPENINGS) % 2 == 0 else tuple(rng.sample(LEVELS, 2))
    return (opening, *pair)


def opening_position(index: int, symmetry: tuple[int, ...] | None = None) -> Position:
    """The position the opening RENJU_OPENINGS[index] leaves (white to move),
    turned by the symmetry (a permutation of the cells) if one is given."""
    position = Position(RULES)
    for column, row in RENJU_OPENINGS[index][1]:
        cell = RULES.centre - row * RULES.size + column
        position = position.play(symmetry[cell] if symmetry else cell)
    return position


def _player(level: str, nodes: int, rng: random.Random) -> Callable[[Position], int]:
    """A level's move in a position; master's after nodes positions searched,
    however long that takes (no clock, so a game is the same on any machine
    and under any load)."""
    return lambda position: choose_move(position, level, rng, budget_ms=float("inf"), max_nodes=nodes)


def _play_out(start: Position, black: Callable[[Position], int], white: Callable[[Position], int]) -> Game:
    """Each position from start to the game's end."""
    position = start
    yield position
    while not position.is_over:
        position = position.play((black if position.to_move == "X" else white)(position))
        yield position


def _grown(count: int, seed: int, nodes: tuple[int, int]) -> Iterator[Position]:
    """count positions, each a game's (of the levels' and the openings'
    games, alternately) with pairs of stones added near its stones until a
    point's verdict recurses (recursive_cells); a position that reaches
    GROWN_STONES pairs first, or a line or black's five, is given up for the next."""
    rng, made = random.Random(f"grown {seed}"), 0
    sources = [positions(kind, 10 ** 9, seed, nodes) for kind in ("levels", "openings")]
    while made < count:
        position = next(sources[made % 2])
        for _ in range(rng.randrange(3)):  # not always the first of each game
            position = next(sources[made % 2])
        for _ in range(GROWN_STONES):
            near = cells_of(_near(position.x | position.o) & position.empty)
            if len(near) < 2:
                break
            black, white = rng.sample(near, 2)
            position = Position(RULES, position.x | 1 << black, position.o | 1 << white)
            if RULES.has_line(position.x) or RULES.has_line(position.o) or position.winning_cells("X"):
                break
            if recursive_cells(position):
                made += 1
                yield position
                break


def _near(stones: int) -> int:
    """The cells within two king's moves of a stone."""
    found = 0
    for cell in cells_of(stones):
        found |= RULES.near[cell]
    return found
