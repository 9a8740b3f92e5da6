"""`python -m tools.bench_pools`: what quick pairing's round costs. First
the pure part (pools.pairings) over a full pool of POOL_MOST entries, rated
(ratings spread 1000 to 2200, a third provisional) and casual (anonymous);
then a whole round through each store (SQLite and Redis) with the same full
rated pool kept: read in the store's transaction, every pair scored, and
(so that every round finds the same pool) none written. Medians of ROUNDS,
in this process."""

from __future__ import annotations

import random
import statistics
import time
from tempfile import TemporaryDirectory

from harness.servers import RedisServer
from webapp.app import DEFAULTS, create_app
from webapp.online.lobby import LobbyRating
from webapp.online.pools import POOLS, Entry, Mode, entry_made, pairings, pool_key

ROUNDS = 20


def full_pool(count: int, mode: Mode, now: float) -> list[Entry]:
    """count entries of one pool, as if each pressed just now from its own address."""
    pool, draw = POOLS["15x15-5+3"], random.Random(1)
    return [entry_made(f"player{index}", f"name{index}" if mode == Mode.RATED else None, pool, mode,
                       LobbyRating(1000 + index * 1200 // count, draw.random() < 0.33) if mode == Mode.RATED
                       else None, f"address{index}", now) for index in range(count)]


def median_ms(run) -> float:
    times = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def through_store(redis_url: str | None, entries: list[Entry]) -> float:
    """Median milliseconds of a round (pressed, so never skipped) over entries kept in a store: read and scored."""
    with TemporaryDirectory() as folder:
        app = create_app({"SECRET_KEY": "bench", "ENGINE_WORKERS": "inline", "REDIS_URL": redis_url},
                         instance_path=folder)
        pools = app.extensions["pools"]
        for entry in entries:
            pools.join(entry, len(entries), len(entries))
        key = pool_key(POOLS["15x15-5+3"], Mode.RATED)
        return median_ms(lambda: pools.pair(key, lambda found: pairings(found, time.time()) and [], pressed=True))


def main() -> None:
    count, now = DEFAULTS["POOL_MOST"], time.time()
    for mode in Mode:
        entries = full_pool(count, mode, now)
        made = pairings(entries, now + 10)
        print(f"pairings, {count} {mode}: p50 {median_ms(lambda entries=entries: pairings(entries, now + 10)):.1f} ms, "
              f"{len(made)} pairs")
    redis = RedisServer().start()
    try:
        for kept, url in (("sqlite", None), ("redis", redis.url)):
            rated = full_pool(count, Mode.RATED, time.time())
            print(f"a round through {kept}, {count} waiting: p50 {through_store(url, rated):.1f} ms")
    finally:
        redis.stop()


if __name__ == "__main__":
    main()
