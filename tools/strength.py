"""`make strength`: how strong each level is, on every board, measured rather than claimed.

On each board every level plays a uniformly random player and the level
above it, as X and as O, from a fixed seed, and the tables give wins, draws
and losses. The score is wins plus half the draws, over the games.

master thinks within a count of positions instead of a clock (MASTER_NODES,
about what it examined in its default 500 ms on the 2-core machine when the
published tables were measured), so that a run gives the same games on any
machine. Pairings run in parallel, each from a seed of its own, so the order
they finish in changes nothing. `python -m tools.strength 5x5 7x7` runs those boards only.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from typing import NamedTuple

from harness.judge import Tally, random_player
from tools.parallel import mapping
from webapp.engine import BOARDS, MARKS, Player, Rules, level_player, levels_of, play_game

SEED = 2026
GAMES = {"3x3": 1000, "4x4": 1000, "5x5": 200, "7x7": 200, "15x15": 200}
"""Games per pairing and side."""
MASTER_NODES = {"5x5": 90_000, "7x7": 70_000, "15x15": 13_000}
"""Positions master examines per move in these runs: about what its 500 ms reached here on
2026-11-22's engine. The engine now examines several times as many positions
a second on 15×15 (`make bench`: docs/measurements.md), so these hold master below its 500 ms."""
WORKERS = 2


class Row(NamedTuple):
    board: str
    level: str
    opponent: str
    side: str
    wins: int
    draws: int
    losses: int

    @property
    def tally(self) -> Tally:
        """The row's results as the judge counts them: games, and the score."""
        return Tally(self.wins, self.draws, self.losses)


def player(name: str, board: str) -> Player:
    if name == "random":
        return random_player
    return level_player(name, budget_ms=60_000, max_nodes=MASTER_NODES.get(board, float("inf")))


def pairing(board: str, level: str, opponent: str, side: str, games: int, seed: int = SEED) -> Row:
    """games games of level against opponent on board, level playing side."""
    rules = BOARDS[board]
    rng = random.Random(f"{seed} {board} {level} {opponent} {side}")
    me, them = player(level, board), player(opponent, board)
    results: Counter[str] = Counter()
    start = time.perf_counter()
    for _ in range(games):
        final = play_game(rules, me, them, rng) if side == "X" else play_game(rules, them, me, rng)
        results["draw" if final.winner is None else "win" if final.winner == side else "loss"] += 1
    row = Row(board, level, opponent, side, results["win"], results["draw"], results["loss"])
    print(f"{board} {level} against {opponent} as {side}: {row.wins}-{row.draws}-{row.losses} "
          f"in {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    return row


def pairings(rules: Rules) -> list[tuple[str, str, str]]:
    """Every level against random and against the level above it, as X and as O."""
    levels = levels_of(rules)
    return [(level, opponent, side) for index, level in enumerate(levels)
            for opponent in ("random", *levels[index + 1:index + 2]) for side in MARKS]


def strength_table(boards: list[str], games: dict[str, int] = GAMES, seed: int = SEED,
                   workers: int = WORKERS) -> list[Row]:
    jobs = [(board, level, opponent, side) for board in boards for level, opponent, side in pairings(BOARDS[board])]
    # The longest first (master's, on the biggest boards), so that the processes finish together.
    longest_first = sorted(jobs, key=lambda job: ("master" in job[1:3], BOARDS[job[0]].cells), reverse=True)
    with mapping(workers) as mapped:
        rows = mapped(pairing, *zip(*longest_first), [games[job[0]] for job in longest_first],
                        [seed] * len(jobs))
        found = {row[:4]: row for row in rows}
    return [found[job] for job in jobs]


def combined(rows: list[Row], board: str, level: str, opponent: str) -> Row:
    """A level's games against one opponent, as X and as O together."""
    mine = [row for row in rows if (row.board, row.level, row.opponent) == (board, level, opponent)]
    return Row(board, level, opponent, "both", *(sum(getattr(row, field) for row in mine)
                                                 for field in ("wins", "draws", "losses")))


def verdicts(rows: list[Row], board: str) -> list[str]:
    """The issue's required relations on this board, each with its figures."""
    levels = levels_of(BOARDS[board])
    against_random = [combined(rows, board, level, "random").tally.score for level in levels]
    rising = all(a < b for a, b in zip(against_random, against_random[1:]))
    found = [f"score against random, {' < '.join(levels)}: "
             f"{', '.join(f'{score:.3f}' for score in against_random)} "
             f"({'rises strictly' if rising else 'does NOT rise strictly'})"]
    top, below = levels[-1], levels[-2]
    top_losses = sum(row.losses for row in rows if row.board == board and row.level == top) + sum(
        row.wins for row in rows if row.board == board and row.opponent == top)
    top_games = sum(row.tally.games for row in rows if row.board == board and top in (row.level, row.opponent))
    found.append(f"{top} loses {top_losses} of its {top_games} games")
    if top == "master":
        hard = combined(rows, board, below, top)  # hard's side of hard against master
        found.append(f"master against hard: wins {hard.losses}, draws {hard.draws}, loses {hard.wins} of "
                     f"{hard.tally.games} ({100 * hard.wins / hard.tally.games:.1f}% lost), "
                     f"score {1 - hard.tally.score:.3f}")
    return found


def print_table(rows: list[Row], board: str) -> None:
    rules = BOARDS[board]
    master = f", master at {MASTER_NODES[board]:,} positions a move" if board in MASTER_NODES else ""
    print(f"\n{board} ({rules.k} in a row): {GAMES[board]:,} games per pairing and side, seed {SEED}{master}\n")
    print("| level | against | plays | win % | draw % | loss % | score |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: |")
    for level, opponent in dict.fromkeys((level, opponent) for level, opponent, _ in pairings(rules)):
        for row in [r for r in rows if (r.board, r.level, r.opponent) == (board, level, opponent)] + [
                combined(rows, board, level, opponent)]:
            games = row.tally.games
            print(f"| {row.level} | {row.opponent} | {row.side} | {100 * row.wins / games:.1f} "
                  f"| {100 * row.draws / games:.1f} | {100 * row.losses / games:.1f} | {row.tally.score:.3f} |")
    print()
    for verdict in verdicts(rows, board):
        print(f"- {verdict}")


def main() -> None:
    boards = sys.argv[1:] or list(GAMES)
    start = time.perf_counter()
    rows = strength_table(boards)
    for board in boards:
        print_table(rows, board)
    print(f"\n{time.perf_counter() - start:.0f} s on {WORKERS} processes")


if __name__ == "__main__":
    main()
