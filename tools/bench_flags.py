"""`make bench-flags`: how soon a clock that runs out with no page open ends
its game, on the embedded store and on Redis: the seconds from each game's
deadline until the time-out is written in the store, by the flag's job on
the engine workers (harness/flag_falls.py). The server is `make serve`'s
(gunicorn) with a 3-second clock offered; its workers have answered once
before the games begin, so the figures are a running server's. Each store
is measured twice: with the workers idle, and busy with a review (the
appraisals of bench_review's 60-move 15×15 game, queued just before the
games begin): a flag's job goes before any job waiting, but waits for a
free worker."""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path
from tempfile import TemporaryDirectory

from harness.flag_falls import SHORT_CLOCK, flag_delays, store_of
from harness.servers import AppServer, RedisServer
from tools.bench_review import long_game
from webapp.engine import BOARDS
from webapp.workers.pool import EnginePool


def measure(kept: str, games: int, redis: RedisServer, busy: bool) -> tuple[list[float], str]:
    """The delays of `games` flags, after one game that starts the workers,
    and (busy) how far the review had got when the last flag fell."""
    redis_url = redis.url if kept == "redis" else None
    with TemporaryDirectory() as folder:
        instance = Path(folder, "instance")
        store = {"REDIS_URL": redis_url} if redis_url else {}
        with AppServer(instance, workers=2, CLOCKS=SHORT_CLOCK, ADDRESS_PER_MINUTE="10000", **store) as server:
            games_kept = store_of(instance, redis_url)
            flag_delays(server.port, games_kept, 1)  # the workers start with the first flag
            review, moves = EnginePool("external", str(instance), redis_url), long_game()
            if busy:
                review.appraisals(BOARDS["15x15"], moves)
            delays = sorted(flag_delays(server.port, games_kept, games).values())
            done = sum(found is not None for found in review.appraisals(BOARDS["15x15"], moves, queue=False))
            return delays, f"  (the review: {done} of {len(moves)} appraisals done)" if busy else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    games = parser.parse_args().games
    redis = RedisServer().start()
    try:
        for kept, busy in (("disk", False), ("disk", True), ("redis", False), ("redis", True)):
            delays, review = measure(kept, games, redis, busy)
            late = sum(delay > 1 for delay in delays)
            print(f"{kept:5} {'busy' if busy else 'idle'}  {games} flags  median {statistics.median(delays):.2f} s  "
                  f"90th {delays[int(0.9 * (len(delays) - 1))]:.2f} s  longest {delays[-1]:.2f} s  "
                  f"shortest {delays[0]:.2f} s  over a second: {late}{review}")
    finally:
        redis.stop()


if __name__ == "__main__":
    main()
