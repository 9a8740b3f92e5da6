"""`make strength`: how strong each level is, measured rather than claimed.

Every level plays a uniformly random player and the perfect player, as X and
as O, GAMES games per pairing from a fixed seed, and the table gives its wins,
draws and losses. The score is wins plus half the draws, over the games.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp import engine  # noqa: E402

GAMES = 1000
SEED = 2026
OPPONENTS = ("random", "perfect")


class Row(NamedTuple):
    level: str
    opponent: str
    side: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games


def random_player(board: str, rng: random.Random) -> int:
    """Any legal cell, each equally likely."""
    return rng.choice(engine.legal_moves(board))


def player(name: str) -> engine.Player:
    return random_player if name == "random" else engine.level_player(name)


def pairing(level: str, opponent: str, side: str, games: int, rng: random.Random) -> Row:
    """games games of level against opponent, level playing side."""
    me, them = player(level), player(opponent)
    results: Counter[str] = Counter()
    for _ in range(games):
        board = engine.play_game(me, them, rng) if side == "X" else engine.play_game(them, me, rng)
        winner = engine.winner(board)
        results["draw" if winner is None else "win" if winner == side else "loss"] += 1
    return Row(level, opponent, side, results["win"], results["draw"], results["loss"])


def strength_table(games: int = GAMES, seed: int = SEED) -> list[Row]:
    rng = random.Random(seed)
    return [pairing(level, opponent, side, games, rng)
            for level in engine.LEVELS for opponent in OPPONENTS for side in engine.MARKS]


def combined(rows: list[Row], level: str, opponent: str) -> Row:
    """A level's games against one opponent, as X and as O together."""
    mine = [row for row in rows if row.level == level and row.opponent == opponent]
    return Row(level, opponent, "both", *(sum(getattr(row, field) for row in mine)
                                          for field in ("wins", "draws", "losses")))


def main() -> None:
    rows = strength_table()
    print(f"{GAMES:,} games per pairing, seed {SEED}; score = (wins + draws/2) / games\n")
    print("| level | against | plays | win % | draw % | loss % | score |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: |")
    for level in engine.LEVELS:
        for opponent in OPPONENTS:
            for row in [r for r in rows if r.level == level and r.opponent == opponent] + [
                    combined(rows, level, opponent)]:
                print(f"| {row.level} | {row.opponent} | {row.side} | {100 * row.wins / row.games:.1f} "
                      f"| {100 * row.draws / row.games:.1f} | {100 * row.losses / row.games:.1f} "
                      f"| {row.score:.3f} |")


if __name__ == "__main__":
    main()
