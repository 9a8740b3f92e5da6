"""`make bench-estimate`: what the searches that estimate cost, and where
the depth-limited search goes wrong on 4×4.

- Monte Carlo tree search: the time of a batch of iterations (1 to 10,000,
  from a fresh search, as a page asks for it) on 3×3 and 4×4, the median of
  a few runs, and the time per iteration.
- The depth-limited search: for each depth the page offers, on 4×4, 5×5 and
  7×7 after the first move, the positions plain minimax and alpha-beta
  examine (minimax stopped past the page's limit) and the time of the whole
  page's work at that depth (every move's line, then both searches).
- The pages: a whole GET through Flask's test client (the engine work in the
  request, as the suite's apps do it), the first view of a step and a view
  of the next step (one iteration more: the search rerun from its seed).
- Where it goes wrong on 4×4, by depth: of the empty board and the 16
  positions after the first move, how many picks the tablebase calls worse
  than the best move there; the same over the positions of seeded random
  games where the moves differ in value (the others cannot go wrong); and
  whether the depth-limited player, as X and as O, holds the draw against
  the perfect player from the empty board.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

from webapp.app import create_app
from webapp.engine import BOARDS, Position
from webapp.engine.play.solved import table
from webapp.engine.teaching.limited import limited, root_lines
from webapp.engine.teaching.mcts import search
from webapp.estimate.depth import DEPTHS, MINIMAX_LIMIT

FOUR = BOARDS["4x4"]
BATCHES = (1, 10, 100, 1_000, 10_000)
RANDOM_GAMES = 40


def timed(work: Callable[[], object], runs: int) -> float:
    """The median time of work, in seconds, over runs."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def monte_carlo() -> None:
    print("Monte Carlo tree search: a batch from a fresh search (median of runs)")
    print(f"{'position':<16}{'iterations':>11}{'time':>11}{'per iteration':>15}")
    for board, moves in (("3x3", ()), ("3x3", (0, 4, 8)), ("4x4", ()), ("4x4", (5, 10))):
        position = Position.after(BOARDS[board], moves)
        for batch in BATCHES:
            seconds = timed(lambda: search(position, 1, batch), 5 if batch <= 1_000 else 1)  # noqa: B023 (timed now)
            name = f"{board} {''.join(map(str, moves)) or 'empty'}"
            print(f"{name:<16}{batch:>11,}{seconds * 1000:>9.1f} ms{seconds / batch * 1e6:>12.0f} µs")


def depth_limited() -> None:
    print(f"\nThe depth-limited search after the first move (minimax stopped past {MINIMAX_LIMIT:,})")
    print(f"{'board':<7}{'depth':>6}{'minimax':>10}{'alpha-beta':>12}{'time':>10}")
    for board, first in (("4x4", 5), ("5x5", 12), ("7x7", 24)):
        position = Position.after(BOARDS[board], (first,))
        for depth in DEPTHS:
            start = time.perf_counter()
            found = limited(position, depth, MINIMAX_LIMIT)
            seconds = time.perf_counter() - start
            plain = "stopped" if found.minimax.examined is None else f"{found.minimax.examined:,}"
            print(f"{board:<7}{depth:>6}{plain:>10}{found.alphabeta.examined:>12,}{seconds:>8.2f} s")


def pages() -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "ENGINE_WORKERS": "inline"},
                     instance_path=tempfile.mkdtemp())
    client = app.test_client()
    print("\nThe pages: a whole GET, the engine work in the request")
    print(f"{'address':<52}{'time':>10}{'size':>9}")
    for address in ("/monte-carlo/3x3/?iterations=1", "/monte-carlo/3x3/?iterations=2",
                    "/monte-carlo/3x3/?iterations=100", "/monte-carlo/3x3/?iterations=101",
                    "/monte-carlo/3x3/?iterations=1000", "/monte-carlo/3x3/?iterations=1001",
                    "/monte-carlo/4x4/?iterations=1", "/monte-carlo/4x4/?iterations=2",
                    "/monte-carlo/4x4/?iterations=1000", "/monte-carlo/4x4/?iterations=1001",
                    "/depth/4x4/b2?depth=1", "/depth/4x4/b2?depth=4", "/depth/7x7/d4?depth=4",
                    "/depth/7x7/d4?depth=4", "/lessons/monte-carlo", "/lessons/depth"):
        start = time.perf_counter()
        response = client.get(address)
        seconds = time.perf_counter() - start
        assert response.status_code == 200, address
        print(f"{address:<52}{seconds * 1000:>8.1f} ms{len(response.data) / 1024:>7.1f} KB")


def sign(score: int) -> int:
    return (score > 0) - (score < 0)


def goes_wrong(position: Position, depth: int) -> bool:
    """Whether the depth-limited pick is worse (lost where a draw was there,
    or drawn where a win was) than the best move, by the tablebase."""
    scores = table(FOUR).scores(position)
    return sign(scores[root_lines(position, depth)[0].move]) < sign(max(scores.values()))


def random_game_positions(games: int) -> list[Position]:
    """The positions of seeded random games where the moves differ in value (each once)."""
    rng, found = random.Random(2026), {}
    for _ in range(games):
        position = Position(FOUR)
        while not position.is_over:
            scores = table(FOUR).scores(position)
            if len({sign(score) for score in scores.values()}) > 1:
                found[position.x, position.o] = position
            position = position.play(rng.choice(position.legal_moves()))
    return list(found.values())


def perfect_move(position: Position) -> int:
    """The tablebase's best move, the lowest of its best cells."""
    best = table(FOUR).record(position)[1]
    return (best & -best).bit_length() - 1


def against_perfect(depth: int, side: str) -> str:
    """The game's end when the depth-limited player plays side against the perfect player."""
    position = Position(FOUR)
    while not position.is_over:
        mover = position.to_move
        position = position.play(root_lines(position, depth)[0].move if mover == side else perfect_move(position))
    return {None: "draw", side: "won"}.get(position.winner, "lost")


def where_it_goes_wrong() -> None:
    first = [Position(FOUR), *(Position.after(FOUR, (cell,)) for cell in range(16))]
    sampled = random_game_positions(RANDOM_GAMES)
    print(f"\nWhere the depth-limited pick is worse than the tablebase's best, on 4×4 ({len(sampled)} positions "
          f"from {RANDOM_GAMES} seeded random games where the moves differ in value)")
    print(f"{'depth':>5}{'first moves':>13}{'random games':>14}{'as X':>7}{'as O':>7}{'time':>9}")
    for depth in DEPTHS:
        start = time.perf_counter()
        wrong_first = sum(goes_wrong(position, depth) for position in first)
        wrong_sampled = sum(goes_wrong(position, depth) for position in sampled)
        as_x, as_o = against_perfect(depth, "X"), against_perfect(depth, "O")
        print(f"{depth:>5}{wrong_first:>7} of {len(first)}{wrong_sampled:>7} of {len(sampled)}{as_x:>7}{as_o:>7}"
              f"{time.perf_counter() - start:>7.1f} s")


def main() -> None:
    parts = {"monte-carlo": monte_carlo, "depth": depth_limited, "pages": pages, "wrong": where_it_goes_wrong}
    for name in sys.argv[1:] or parts:
        parts[name]()


if __name__ == "__main__":
    main()
