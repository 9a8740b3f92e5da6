"""`make bench`, its last part: how long the engine workers take to review a
60-move 15×15 game, with one worker and with two, and how long a worker
takes to mine that game for puzzles (as it does every game finished here).

The game is the first between two hard players (seeds 0, 1, 2 ...) that lasts
60 moves, cut there: the same game on every machine. Each run has a fresh
instance folder, so nothing is kept from an earlier run; its workers are
started and have answered once before the clock starts, and the clock stops
when every move has its appraisal, read as the review page reads them.
"""

from __future__ import annotations

import random
import time
from tempfile import TemporaryDirectory
from typing import NamedTuple

from webapp.engine import BOARDS, Position, choose_move
from webapp.puzzles.collection import new_puzzles_in
from webapp.workers.pool import EnginePool

MOVES = 60
POLL_SECONDS = 0.05


def long_game(board: str = "15x15", moves: int = MOVES) -> tuple[int, ...]:
    """The first game of `moves` moves or more between two hard players, cut at that many."""
    for seed in range(100):
        rng, here, played = random.Random(seed), Position(BOARDS[board]), []
        while not here.is_over and len(played) < moves:
            played.append(choose_move(here, "hard", rng))
            here = here.play(played[-1])
        if len(played) == moves:
            return tuple(played)
    raise RuntimeError(f"no game of {moves} moves in 100 seeds")


class Timing(NamedTuple):
    """A review's course: when it was complete, when its first move was
    judged, the longest wait for the next move judged (seconds from the
    page's first visit), and the positions examined."""

    seconds: float
    first: float
    longest_wait: float
    nodes: int


def review_seconds(game: tuple[int, ...], workers: int, board: str = "15x15") -> Timing:
    """How `workers` engine workers appraise every move of game, as the review page sees it come in."""
    rules = BOARDS[board]
    with TemporaryDirectory() as instance:
        pool = EnginePool("local", instance, workers=workers)
        try:
            pool.think(Position(rules), 60_000, max_nodes=10)  # the workers are up and answering
            start = time.perf_counter()
            found = pool.appraisals(rules, game)
            done, times = 0, [0.0]
            while None in found:
                time.sleep(POLL_SECONDS)
                found = pool.appraisals(rules, game, queue=False)
                if (now_done := sum(appraisal is not None for appraisal in found)) > done:
                    done = now_done
                    times.append(time.perf_counter() - start)
            seconds = time.perf_counter() - start
            times.append(seconds)
            waits = [later - earlier for earlier, later in zip(times, times[1:])]
            return Timing(seconds, times[1], max(waits), sum(appraisal.nodes for appraisal in found))
        finally:
            pool.stop()


def mining_seconds(game: tuple[int, ...], board: str = "15x15") -> tuple[float, int]:
    """Seconds to mine game for puzzles, in this process (a worker's job,
    without the queue), and the puzzles found."""
    start = time.perf_counter()
    found = new_puzzles_in(BOARDS[board], game)
    return time.perf_counter() - start, len(found)


def main() -> None:
    game = long_game()
    print(f"review of a {len(game)}-move 15x15 game (hard against hard), every move appraised by the engine workers")
    one = None
    for workers in (1, 2):
        seconds, first, longest_wait, nodes = review_seconds(game, workers)
        one = one or seconds
        print(f"  {workers} worker{'s' if workers > 1 else ' '}  {seconds:5.1f} s"
              f"   {seconds / len(game) * 1000:4.0f} ms a move"
              f"   {nodes:,} positions   {one / seconds:.2f}x one worker's speed"
              f"   first move judged at {first:.1f} s, the longest wait for the next {longest_wait:.1f} s")
    seconds, found = mining_seconds(game)
    print(f"mining the same game for puzzles, one worker: {seconds:.2f} s "
          f"({seconds / len(game) * 1000:.0f} ms a move), "
          f"{found} puzzle{'' if found == 1 else 's'} found")


if __name__ == "__main__":
    main()
