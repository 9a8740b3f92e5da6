"""`make load`'s flood run: do players keep their engines when anonymous pages flood the server?

The app runs as `make serve` runs it (gunicorn, the disk store, the engine
workers the app starts: one a core). Measured twice, quiet and then flooded:
one browser plays 15×15 against master (MASTER_MOVES moves, game after game,
each reply's Server-Timing saying how many positions master examined) while another plays
3×3 against perfect at a person's pace (its replies' p50 and p90, as the
browser saw them).
The flood: FLOOD clients, each asking in turn for distinct positions'
"How the computer sees this" (/think/15x15/…, depth 2) and reviews
(/review/15x15/…), as fast as they are answered, for as long as the games
last. Printed: master's positions a move (median) and a second of thinking
(the fairer comparison: the games quiet and flooded go differently, and a
position's search may settle early), flooded as a share of quiet; the 3×3
p50 and p90 and their ratio to quiet; and the flood's answers by status.
The issue's bars: at least 80% of the positions, 3×3's p90 within three
times quiet, and work beyond the workers' bound answered 503, never a wait
without end.

Settings, as environment variables: LOAD_FLOOD_CLIENTS (24),
LOAD_FLOOD_MOVES (master's moves measured, 16), LOAD_SEED (1), ENGINE_BUDGET_MS (500).
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from harness.client import Browser
from harness.servers import AppServer, scratch_folder
from tools.load_engines import PLAYABLE, SEED, Crowd, next_to_stones, percentile, play, taken

FLOOD = int(os.environ.get("LOAD_FLOOD_CLIENTS") or "24")
MASTER_MOVES = int(os.environ.get("LOAD_FLOOD_MOVES") or "16")
COLUMNS = "abcdefghijklmno"
THINKING_SECONDS = 0.25


@dataclass
class Measured:
    """One run: master's game, the 3×3 replies, and the flood's answers."""

    master: Crowd = field(default_factory=lambda: Crowd(1))
    small_ms: list[float] = field(default_factory=list)
    flood: Counter[int] = field(default_factory=Counter)
    flood_ms: list[float] = field(default_factory=list)


def random_line(rng: random.Random) -> str:
    """A distinct 15×15 position as a link writes it: a few stones near the centre."""
    stones: set[int] = set()
    for _ in range(rng.randint(3, 9)):
        stones.add(next_to_stones(stones, rng))
    return "-".join(f"{COLUMNS[cell % 15]}{15 - cell // 15}" for cell in stones)


async def flood_client(port: int, number: int, until: asyncio.Event, measured: Measured) -> None:
    """One anonymous client asking the server to think, turn by turn, until the games end."""
    rng, browser = random.Random(f"{SEED} flood {number}"), Browser(port)
    while not until.is_set():
        line = random_line(rng)
        path = f"/think/15x15/{line}?depth=2" if rng.random() < 0.5 else f"/review/15x15/{line}"
        start = time.perf_counter()
        reply = await browser.request("GET", path)
        measured.flood_ms.append((time.perf_counter() - start) * 1000)
        measured.flood[reply.status] += 1
    await browser.close()


async def small_games(port: int, until: asyncio.Event, measured: Measured, rng: random.Random) -> None:
    """3×3 against perfect, game after game, each click timed, until the big game ends."""
    browser = Browser(port)
    while not until.is_set():
        reply = await browser.post("/new", {"x": "human", "o": "perfect"})
        ply = 0
        while free := set(range(9)) - taken(reply.body):
            start = time.perf_counter()
            reply = await browser.post("/move", {"cell": rng.choice(sorted(free)), "ply": ply})
            measured.small_ms.append((time.perf_counter() - start) * 1000)
            await asyncio.sleep(THINKING_SECONDS)  # a person's pace: the 3×3 player measures, it does not load
            if reply.status != 200 or not PLAYABLE.search(reply.body):
                break  # refused, or the game is over
            ply += 2
    await browser.close()


async def run(port: int, flood: int) -> Measured:
    measured, until = Measured(), asyncio.Event()
    rng = random.Random(f"{SEED} run")
    flooding = [asyncio.create_task(flood_client(port, n, until, measured)) for n in range(flood)]
    small = asyncio.create_task(small_games(port, until, measured, rng))
    if flood:
        await asyncio.sleep(2)  # the flood fills the queue before the measured game begins
    games = 0
    while len(measured.master.positions) < MASTER_MOVES and not measured.master.unsound:
        await play(port, measured.master, random.Random(f"{SEED} master {games}"))
        games += 1
    until.set()
    await asyncio.gather(small, *flooding)
    return measured


def main() -> None:
    sys.stdout.reconfigure(line_buffering=True)
    budget = os.environ.get("ENGINE_BUDGET_MS", "500")
    print(f"flood: {FLOOD} clients asking /think/15x15 and /review/15x15 for distinct positions, while one browser"
          f" plays 15x15 against master ({budget} ms, {MASTER_MOVES} moves) and one plays 3x3; {os.cpu_count()} cores"
          f" (load average {os.getloadavg()[0]:.1f} at the start)")
    with scratch_folder() as instance:
        with AppServer(Path(instance), workers=None, ENGINE_BUDGET_MS=budget) as app:
            asyncio.run(run(app.port, 0))  # the workers start, and each process loads the engine
            quiet = asyncio.run(run(app.port, 0))
            flooded = asyncio.run(run(app.port, FLOOD))
    for name, measured in (("quiet", quiet), ("flooded", flooded)):
        positions = statistics.median(measured.master.positions) if measured.master.positions else 0
        print(f"  {name:>7}: master {len(measured.master.positions)} moves, positions a move (median) {positions:.0f},"
              f" {measured.master.speed:,.0f} a second of thinking;"
              f" 3x3 {len(measured.small_ms)} moves, p50 {percentile(measured.small_ms, 50):.1f} ms,"
              f" p90 {percentile(measured.small_ms, 90):.1f} ms"
              + (f"; master's unsound replies {measured.master.unsound}" if measured.master.unsound else ""))
    share = statistics.median(flooded.master.positions) / statistics.median(quiet.master.positions)
    speed = flooded.master.speed / quiet.master.speed
    ratio = percentile(flooded.small_ms, 90) / percentile(quiet.small_ms, 90)
    print(f"  master flooded, against quiet: positions a move {share:.0%}, positions a second {speed:.0%} (bar: 80%;"
          f" the games differ, so a second is the fairer share); 3x3 p90 {ratio:.1f}x (bar: 3x)")
    print(f"  the flood: {sum(flooded.flood.values())} requests, "
          + ", ".join(f"{status}: {count}" for status, count in sorted(flooded.flood.items()))
          + f"; slowest answer {max(flooded.flood_ms, default=0) / 1000:.1f} s")


if __name__ == "__main__":
    main()
