"""`make puzzles`: mine puzzles from games the levels play against each other,
into webapp/puzzles/puzzles.json, the starting set a fresh install offers.

Reproducible: the games are played from fixed seeds (random.Random(seed) for
each game's levels' choices; master by a count of positions), so the same
code mines the same puzzles. For each board, every position of every game is
asked whether it makes a puzzle (webapp.puzzles.puzzle.puzzles_in); a
solution found twice (in another game, or at another position) is taken
once; the longest wins come first, up to PER_BOARD. Each is written with its
solution, so that the app offers it without proving it again (the tests
prove every one).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from webapp.engine import BOARDS, Position, Rules, choose_move, top_level
from webapp.puzzles.collection import PUZZLES_FILE
from webapp.puzzles.puzzle import Puzzle, puzzles_in
from webapp.shared.notation import write_moves

SEED = 0
PER_BOARD = 12
GAMES = {"3x3": 200, "4x4": 400, "5x5": 60, "7x7": 60, "15x15": 40}
MASTER_NODES = 3000
MASTER_BUDGET_MS = 3_600_000
"""A clock that never cuts in, so that master stops at MASTER_NODES however busy
the machine: at the default 500 ms a loaded machine stopped it earlier, and
another game was mined."""


def pairings(board: str) -> list[tuple[str, str]]:
    top = top_level(BOARDS[board])
    return [("hard", "medium"), ("medium", "hard"), ("hard", "hard"), (top, "hard"), ("hard", top),
            ("easy", "medium"), ("medium", "easy"), ("easy", "easy")]


def mine(board: str, games: int, seed: int = SEED) -> list[Puzzle]:
    """The puzzles in `games` games between the levels on board, best first."""
    rules, found = BOARDS[board], {}
    for game in range(games):
        for puzzle in puzzles_in(rules, played(rules, pairings(board)[game % len(pairings(board))],
                                              random.Random(seed * 1_000_003 + game))):
            found.setdefault(puzzle.solution, puzzle)
    return sorted(found.values(), key=lambda puzzle: (-puzzle.wins_in, len(puzzle.moves), puzzle.moves))


def played(rules: Rules, levels: tuple[str, str], rng: random.Random) -> tuple[int, ...]:
    """A game between two levels (X's first), to its end."""
    here, moves = Position(rules), ()
    while not here.is_over:
        cell = choose_move(here, levels[here.to_move == "O"], rng, budget_ms=MASTER_BUDGET_MS, max_nodes=MASTER_NODES)
        here, moves = here.play(cell), (*moves, cell)
    return moves


def main(path: Path = PUZZLES_FILE) -> None:
    collection = {}
    for board, games in GAMES.items():
        puzzles = mine(board, games)[:PER_BOARD]
        collection[board] = [{"moves": write_moves(BOARDS[board], puzzle.moves),
                              "solution": write_moves(BOARDS[board], puzzle.solution)} for puzzle in puzzles]
        print(f"{board:>5}: {len(puzzles)} puzzles from {games} games; win in "
              + ", ".join(str(puzzle.wins_in) for puzzle in puzzles), flush=True)
    path.write_text(json.dumps({"seed": SEED, "puzzles": collection}, indent=1) + "\n")
    print(f"written to {path}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else PUZZLES_FILE)
