"""`make load`'s big-board run: does master keep its strength when many play it?

The app runs as `make serve` runs it (gunicorn, the disk store, master's
moves on the engine workers the app starts: one a core). 1, then 4, then
16 browsers play 15×15 against master at once, each as X, each click a
random empty square next to the stones (seeded), MOVES moves a browser;
every reply is checked (the board grows by the browser's stone and
master's). Each reply's Server-Timing says how long the move waited for a
worker and how many positions master examined; printed for each crowd:
replies' p50 and p99 (as the browser saw them), the wait's p50 and p99,
and the positions a move examined (median), also as a share of what a move
examined when the browser played alone. The issue's bar: at 16 games, at
least 80% of alone.

Settings, as environment variables: LOAD_ENGINE_CROWDS (1,4,16),
LOAD_ENGINE_MOVES (moves a browser, 8), LOAD_SEED (1),
ENGINE_BUDGET_MS (master's budget, 500 as in production).
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from harness.client import Browser
from harness.servers import AppServer, scratch_folder
from tools import open_loop

CROWDS = [int(n) for n in (os.environ.get("LOAD_ENGINE_CROWDS") or "1,4,16").split(",")]
MOVES = int(os.environ.get("LOAD_ENGINE_MOVES") or "8")
SEED = int(os.environ.get("LOAD_SEED") or "1")
SIZE = 15
STONE = re.compile(r'<button name="cell" value="(\d+)"[^>]*>[XO●○]</button>')  # a letter, or a gomoku board's stone
PLAYABLE = re.compile(r'<button name="cell" value="\d+"[^>]*">')  # not disabled: it ends with its label
TIMING = re.compile(r'wait;dur=([\d.]+)[^,]*, engine;dur=([\d.]+);desc="(\d+) positions"')


@dataclass
class Crowd:
    """What one crowd's moves measured."""

    browsers: int
    replies_ms: list[float] = field(default_factory=list)
    waits_ms: list[float] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)
    engine_ms: list[float] = field(default_factory=list)
    unsound: int = 0

    @property
    def speed(self) -> float:
        """Positions examined a second of thinking, over all its moves."""
        return sum(self.positions) / (sum(self.engine_ms) / 1000) if sum(self.engine_ms) else 0.0

    def line(self, alone: Crowd | None) -> str:
        share = f", {statistics.median(self.positions) / statistics.median(alone.positions):.0%} of alone" \
            if alone and alone.positions and self.positions else ""
        return (f"{self.browsers:>3} games: {len(self.replies_ms)} moves;"
                f" replies p50 {percentile(self.replies_ms, 50):.0f}"
                f" ms, p99 {percentile(self.replies_ms, 99):.0f} ms; wait p50 {percentile(self.waits_ms, 50):.0f} ms,"
                f" p99 {percentile(self.waits_ms, 99):.0f} ms; positions a move (median)"
                f" {statistics.median(self.positions) if self.positions else 0:.0f}{share}"
                + (f"; {self.unsound} unsound replies" if self.unsound else ""))


def percentile(values: list[float], rank: float) -> float:
    """open_loop's nearest-rank percentile of values in any order (0 when there are none)."""
    return open_loop.percentile(sorted(values), rank) if values else 0.0


def taken(body: str) -> set[int]:
    """The squares that hold a stone, in a reply's board."""
    return {int(cell) for cell in STONE.findall(body)}


def next_to_stones(stones: set[int], rng: random.Random) -> int:
    """A random empty square next to a stone (the middle on an empty board)."""
    if not stones:
        return SIZE * SIZE // 2
    around = {row * SIZE + column for cell in stones for row in range(cell // SIZE - 1, cell // SIZE + 2)
              for column in range(cell % SIZE - 1, cell % SIZE + 2)
              if 0 <= row < SIZE and 0 <= column < SIZE} - stones
    return rng.choice(sorted(around))


async def play(port: int, crowd: Crowd, rng: random.Random) -> None:
    """One browser's game against master: MOVES moves, or until the game ends."""
    browser = Browser(port)
    reply = await browser.post("/new", {"board": "15x15", "x": "human", "o": "master"})
    stones: set[int] = taken(reply.body)
    for ply in range(0, 2 * MOVES, 2):
        cell = next_to_stones(stones, rng)
        start = time.perf_counter()
        reply = await browser.post("/move", {"cell": cell, "ply": ply})
        crowd.replies_ms.append((time.perf_counter() - start) * 1000)
        after = taken(reply.body)
        if reply.status != 200 or not stones | {cell} <= after or len(after) - len(stones) not in (1, 2):
            crowd.unsound += 1  # the board lost a stone, or gained a wrong one
            break
        if timing := TIMING.search(reply.headers.get("server-timing", "")):
            crowd.waits_ms.append(float(timing.group(1)))
            crowd.positions.append(int(timing.group(3)))
            crowd.engine_ms.append(float(timing.group(2)))
        stones = after
        if not PLAYABLE.search(reply.body):
            break  # the game is over: no square is left to click
    await browser.close()


async def measure(port: int, browsers: int) -> Crowd:
    crowd = Crowd(browsers)
    await asyncio.gather(*(play(port, crowd, random.Random(f"{SEED} {browsers} {n}")) for n in range(browsers)))
    return crowd


def main() -> None:
    sys.stdout.reconfigure(line_buffering=True)
    budget = os.environ.get("ENGINE_BUDGET_MS", "500")
    print(f"15x15 against master ({budget} ms a move), {os.cpu_count()} cores, engine workers: one a core;"
          f" {MOVES} moves a game (load average {os.getloadavg()[0]:.1f} at the start)")
    with scratch_folder() as instance:
        with AppServer(Path(instance), workers=None, ENGINE_BUDGET_MS=budget) as app:
            asyncio.run(measure(app.port, 1))  # the workers start, and each process loads the engine
            alone = None
            for browsers in CROWDS:
                crowd = asyncio.run(measure(app.port, browsers))
                alone = alone or crowd
                print(crowd.line(alone))


if __name__ == "__main__":
    main()
