"""`make puzzles`: mine puzzles from games the levels play against each other,
into webapp/puzzles/puzzles.json, the starting set a fresh install offers.
`make puzzles-check`: mine them all again and compare with the shipped set.

Reproducible: the games are played from fixed seeds (random.Random(seed) for
each game's levels' choices; master by a count of positions), so the same
code mines the same puzzles. For each board, every position of every game is
asked whether it makes a puzzle (webapp.puzzles.puzzle.puzzles_in); a
solution found twice (in another game, or at another position) is taken
once; the longest wins come first, up to PER_BOARD. Each is written with its
solution, so that the app offers it without proving it again (the tests
prove every one), and with the number of the game it was first found in, so
that a test can play that one game again rather than them all.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import NamedTuple

from webapp.engine import BOARDS, Position, Rules, choose_move, top_level
from webapp.engine.game.notation import write_moves
from webapp.puzzles.collection import PUZZLES_FILE
from webapp.puzzles.puzzle import Puzzle, puzzles_in

SEED = 0
PER_BOARD = 12
GAMES = {"3x3": 200, "4x4": 400, "5x5": 60, "7x7": 60, "15x15": 40}
MASTER_NODES = 3000
MASTER_BUDGET_MS = 3_600_000
"""A clock that never cuts in, so that master stops at MASTER_NODES however busy
the machine: at the default 500 ms a loaded machine stopped it earlier, and
another game was mined."""


class Mined(NamedTuple):
    """A puzzle, and the number of the first game it was found in."""

    puzzle: Puzzle
    game: int


def pairings(board: str) -> list[tuple[str, str]]:
    top = top_level(BOARDS[board])
    return [("hard", "medium"), ("medium", "hard"), ("hard", "hard"), (top, "hard"), ("hard", top),
            ("easy", "medium"), ("medium", "easy"), ("easy", "easy")]


def mine(board: str, games: int, seed: int = SEED) -> list[Mined]:
    """The puzzles in `games` games between the levels on board, best first."""
    found: dict[tuple[int, ...], Mined] = {}
    for game in range(games):
        for puzzle in puzzles_in(BOARDS[board], game_played(board, game, seed)):
            found.setdefault(puzzle.solution, Mined(puzzle, game))
    return sorted(found.values(), key=lambda mined: ranking(mined.puzzle))


def ranking(puzzle: Puzzle) -> tuple:
    """Where a puzzle comes in the shipped set: the longest wins first, then
    the fewest moves before it, then by its moves."""
    return -puzzle.wins_in, len(puzzle.moves), puzzle.moves


def game_played(board: str, game: int, seed: int = SEED) -> tuple[int, ...]:
    """The moves of the miner's game number `game` on board."""
    levels = pairings(board)[game % len(pairings(board))]
    return played(BOARDS[board], levels, random.Random(seed * 1_000_003 + game))


def played(rules: Rules, levels: tuple[str, str], rng: random.Random) -> tuple[int, ...]:
    """A game between two levels (X's first), to its end."""
    here, moves = Position(rules), ()
    while not here.is_over:
        cell = choose_move(here, levels[here.to_move == "O"], rng, budget_ms=MASTER_BUDGET_MS, max_nodes=MASTER_NODES)
        here, moves = here.play(cell), (*moves, cell)
    return moves


def written(board: str, mined: Mined) -> dict[str, object]:
    """A mined puzzle as puzzles.json keeps it."""
    rules = BOARDS[board]
    return {"moves": write_moves(rules, mined.puzzle.moves), "solution": write_moves(rules, mined.puzzle.solution),
            "game": mined.game}


def mined_set() -> dict[str, list[dict[str, object]]]:
    """Every board's puzzles, mined again from all its games, as puzzles.json keeps them."""
    collection = {}
    for board, games in GAMES.items():
        best = mine(board, games)[:PER_BOARD]
        collection[board] = [written(board, mined) for mined in best]
        print(f"{board:>5}: {len(best)} puzzles from {games} games; win in "
              + ", ".join(str(mined.puzzle.wins_in) for mined in best), flush=True)
    return collection


def main(path: Path = PUZZLES_FILE) -> None:
    path.write_text(json.dumps({"seed": SEED, "puzzles": mined_set()}, indent=1) + "\n")
    print(f"written to {path}")


def check(path: Path = PUZZLES_FILE) -> int:
    """0 if mining again makes the shipped set exactly, else 1, saying where it differs."""
    shipped = json.loads(path.read_text())["puzzles"]
    mined = mined_set()
    differing = [board for board in GAMES if mined[board] != shipped.get(board)]
    for board in differing:
        print(f"{board}: mined again, the puzzles differ from {path}", file=sys.stderr)
    print("the shipped puzzles are made again exactly" if not differing else "the shipped puzzles differ")
    return 1 if differing else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--check"]:
        sys.exit(check(Path(sys.argv[2]) if len(sys.argv) > 2 else PUZZLES_FILE))
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else PUZZLES_FILE)
