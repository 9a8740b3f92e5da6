"""`make load`: the app under gunicorn, with many browsers playing at once.

For each store, disk and then Redis, it starts the server as `make serve` runs
it (or, with LOAD_URL=http://127.0.0.1:PORT, uses a running one started with
NOOP_ROUTE=1), and on 127.0.0.1 only:

1. the baseline: BROWSERS connections ask for GET /noop, a route that does
   nothing;
2. the games: BROWSERS browsers, each with its own session and CSRF token,
   play complete games against perfect, clicking random empty squares. Every
   reply is checked: the board must keep every earlier mark, add the
   browser's X and the computer's O, and be a legal position.

The two take turns in slices of SLICE seconds, SECONDS of each in all, so that
a slow spell of the shared machine falls on both alike; both stop by
themselves (after SECONDS each, and at most MAX_REQUESTS requests).
It prints games/s, requests/s, move latency p50 and p99, errors, illegal or
lost games, and the move rate as a share of the baseline's.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import sys
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.live import AppServer, Browser, RedisServer, scratch_folder  # noqa: E402
from webapp import engine  # noqa: E402

BROWSERS = int(os.environ.get("LOAD_BROWSERS", 16))
SECONDS = float(os.environ.get("LOAD_SECONDS", 10))
SLICE = 0.5
MAX_REQUESTS = 500_000


@dataclass
class Tally:
    requests: int = 0
    moves: int = 0
    games: int = 0
    errors: int = 0
    illegal: int = 0
    move_latencies: list[float] = field(default_factory=list)


def move_is_sound(before: str, after: str, cell: int) -> bool:
    """after keeps every mark of before, adds X at cell and, unless that ended
    the game, one O; and it is a position the rules allow."""
    try:
        engine.validate(after)
    except ValueError:
        return False
    added = [i for i in range(9) if before[i] != after[i]]
    if any(before[i] != "." for i in added) or after[cell] != "X":
        return False
    return len(added) == 2 or (len(added) == 1 and engine.is_over(after))


class Turns:
    """The phases' turns: each coroutine waits for its phase before a request."""

    def __init__(self) -> None:
        self.phase: asyncio.Event | None = None
        self.started = {"noop": asyncio.Event(), "games": asyncio.Event()}
        self.over = False

    async def run(self) -> None:
        for turn in range(2 * round(SECONDS / SLICE)):
            active, idle = ("noop", "games") if turn % 2 == 0 else ("games", "noop")
            self.started[idle].clear()
            self.started[active].set()
            await asyncio.sleep(SLICE)
        self.over = True
        for event in self.started.values():
            event.set()

    async def wait(self, phase: str) -> bool:
        """Wait for phase's turn; False once the measurement is over."""
        await self.started[phase].wait()
        return not self.over


async def baseline(port: int, turns: Turns, tally: Tally) -> None:
    browser = Browser(port)
    while await turns.wait("noop") and tally.requests < MAX_REQUESTS:
        reply = await browser.request("GET", "/noop")
        tally.requests += 1
        tally.errors += reply.status != 204
    await browser.close()


async def play_games(port: int, turns: Turns, tally: Tally, rng: random.Random) -> None:
    browser = Browser(port)
    await turns.wait("games")
    await browser.open()
    tally.requests += 1
    while await turns.wait("games") and tally.requests < MAX_REQUESTS:
        reply = await browser.post("/new", {"x": "human", "o": "perfect"})
        tally.requests += 1
        board = reply.board
        while not engine.is_over(board) and await turns.wait("games"):
            cell = rng.choice(engine.legal_moves(board))
            started = time.perf_counter()
            reply = await browser.post("/move", {"cell": cell, "ply": 9 - board.count(".")})
            tally.move_latencies.append(time.perf_counter() - started)
            tally.requests += 1
            tally.moves += 1
            if reply.status != 200:
                tally.errors += 1
                break
            if not move_is_sound(board, reply.board, cell):
                tally.illegal += 1
                break
            board = reply.board
        else:
            tally.games += engine.is_over(board)
    await browser.close()


async def measure(port: int) -> tuple[Tally, Tally]:
    noop, games, turns = Tally(), Tally(), Turns()
    await asyncio.gather(turns.run(),
                         *(baseline(port, turns, noop) for _ in range(BROWSERS)),
                         *(play_games(port, turns, games, random.Random(seed)) for seed in range(BROWSERS)))
    return noop, games


def report(store: str, noop: Tally, games: Tally) -> None:
    moves_per_second = games.moves / SECONDS
    noop_per_second = noop.requests / SECONDS
    latencies = sorted(games.move_latencies)
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(f"{store} store, {BROWSERS} browsers, {SECONDS:.0f} s of each phase in {SLICE} s turns")
    print(f"  GET /noop (does nothing)  {noop_per_second:8.0f} requests/s   errors {noop.errors}")
    print(f"  games                     {games.games / SECONDS:8.1f} games/s      "
          f"{games.requests / SECONDS:.0f} requests/s in all")
    print(f"  POST /move                {moves_per_second:8.0f} requests/s   "
          f"p50 {statistics.median(latencies) * 1e3:.1f} ms   p99 {p99 * 1e3:.1f} ms")
    print(f"  errors {games.errors}   illegal or lost games {games.illegal}")
    print(f"  move rate / baseline rate  {100 * moves_per_second / noop_per_second:.0f}%  "
          "(targets: >= 40%, p99 <= 25 ms, 0 errors, 0 illegal)")


def main() -> None:
    if os.environ.get("LOAD_URL"):
        port = urllib.parse.urlsplit(os.environ["LOAD_URL"]).port
        report("running server's", *asyncio.run(measure(port)))
        return
    redis = RedisServer().start()
    try:
        for store, settings in (("disk", {}), ("redis", {"REDIS_URL": redis.url})):
            with scratch_folder() as instance:
                server = AppServer(Path(instance), workers=None, NOOP_ROUTE="1", **settings).start()
                try:
                    report(store, *asyncio.run(measure(server.port)))
                finally:
                    server.stop()
    finally:
        redis.stop()


if __name__ == "__main__":
    main()
