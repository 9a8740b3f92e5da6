"""`make load-engine-flood`: is a player's move answered in its usual time while one client floods the engine pages?

The app runs as `make serve` runs it (gunicorn, the disk store, the engine
workers the app starts: one a core a lane), behind TRUSTED_PROXIES=1 with
its per-client bounds at their defaults. One browser, from its own address,
plays 15×15 against master (MOVES moves a phase, game after game), quiet
and then while one client, from another address, asks as fast as it is
answered, on FLOOD connections, for the costliest engine work a page can
ask for: the analysis board's evaluation of distinct positions, the think
page, Monte Carlo at its most iterations, and reviews of long games nobody
reviewed; then the same from FLOOD clients, a connection each, whom the
per-client bounds do not hold back (what the lanes alone keep the move
from). Printed: the move's reply time, p50 and p90, quiet and flooded,
and their ratio, measured in one run; the flood's answers by kind and
status. The issue's bar (66): the p90 flooded at most twice the p90 quiet.

Settings, as environment variables: LOAD_ENGINE_FLOOD_CONNECTIONS (8),
LOAD_ENGINE_FLOOD_MOVES (the player's moves a phase, 24), LOAD_SEED (1), ENGINE_BUDGET_MS (500).
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from harness.client import Browser
from harness.servers import AppServer, scratch_folder
from tools.load_engines import PLAYABLE, SEED, next_to_stones, percentile, taken
from webapp.app import DEFAULTS
from webapp.engine import BOARDS, Position
from webapp.estimate.monte_carlo import MAX_ITERATIONS

FLOOD = int(os.environ.get("LOAD_ENGINE_FLOOD_CONNECTIONS") or "8")
MOVES = int(os.environ.get("LOAD_ENGINE_FLOOD_MOVES") or "24")
COLUMNS = "abcdefghijklmno"
PLAYER, FLOODER = "203.0.113.7", "198.51.100.66"
BOUNDS = ("NEW_SESSIONS_PER_HOUR", "ENGINE_PAGES_PER_MINUTE", "ENGINE_PAGES_AT_ONCE", "REVIEWS_PER_MINUTE")
"""The per-client bounds the run keeps at their defaults (the test servers lift them: harness.servers)."""
KINDS = ("evaluation", "think", "monte-carlo", "review")


@dataclass
class Phase:
    """One phase of the run: the player's replies, and the flood's answers."""

    replies_ms: list[float] = field(default_factory=list)
    unsound: int = 0
    flood: Counter[tuple[str, int]] = field(default_factory=Counter)

    def line(self, name: str) -> str:
        return (f"{name:>8}: {len(self.replies_ms)} moves, reply p50 {percentile(self.replies_ms, 50):.0f} ms,"
                f" p90 {percentile(self.replies_ms, 90):.0f} ms"
                + (f"; {self.unsound} unsound" if self.unsound else ""))


def notation(cells: list[int]) -> list[str]:
    return [f"{COLUMNS[cell % 15]}{15 - cell // 15}" for cell in cells]


def stones(rng: random.Random, count: int) -> list[int]:
    """Up to count moves of a 15×15 game nobody has won yet, each next to a stone before it."""
    position, placed = Position(BOARDS["15x15"]), []
    while len(placed) < count:
        cell = next_to_stones(set(placed), rng)
        if position.play(cell).is_over:
            break
        position = position.play(cell)
        placed.append(cell)
    return placed


def small_line(rng: random.Random) -> str:
    """A distinct 4×4 position of a few stones, as a link writes it (Monte Carlo is shown on 3×3 and 4×4)."""
    cells = rng.sample(range(16), rng.randrange(2, 6))
    return "-".join(f"{'abcd'[cell % 4]}{4 - cell // 4}" for cell in cells)


def flood_path(rng: random.Random) -> tuple[str, str]:
    """A kind of costly engine work, and the path that asks for it on a position nobody asked for before."""
    kind = rng.choice(KINDS)
    if kind == "evaluation":
        cells = notation(stones(rng, rng.randrange(8, 16)))
        return kind, f"/analysis/15x15/evaluation?x={'-'.join(cells[::2])}&o={'-'.join(cells[1::2])}"
    if kind == "think":
        return kind, f"/think/15x15/{'-'.join(notation(stones(rng, rng.randrange(6, 12))))}"
    if kind == "monte-carlo":
        return kind, f"/monte-carlo/4x4/{small_line(rng)}?iterations={MAX_ITERATIONS}"
    return kind, f"/review/15x15/{'-'.join(notation(stones(rng, rng.randrange(40, 60))))}"


async def flood_connection(port: int, number: int, until: asyncio.Event, phase: Phase, clients: int) -> None:
    """One of the flood's connections (from one client, or from one of several, as clients says), asking in
    turn until the player's phase ends."""
    address = FLOODER if clients == 1 else f"198.51.100.{100 + number % clients}"
    rng, browser = random.Random(f"{SEED} engine flood {number}"), Browser(port, forwarded_for=address)
    while not until.is_set():
        kind, path = flood_path(rng)
        reply = await browser.request("GET", path)
        phase.flood[kind, reply.status] += 1
        if reply.status == 429:
            await asyncio.sleep(0.05)  # a script that ignores Retry-After, but not a busy loop on one core
    await browser.close()


async def player(port: int, phase: Phase, rng: random.Random) -> None:
    """The person: 15×15 against master, game after game, until MOVES replies are timed."""
    browser = Browser(port, forwarded_for=PLAYER)
    while len(phase.replies_ms) < MOVES and not phase.unsound:
        reply = await browser.post("/new", {"board": "15x15", "x": "human", "o": "master"})
        board, ply = taken(reply.body), 0
        while len(phase.replies_ms) < MOVES:
            cell = next_to_stones(board, rng)
            start = time.perf_counter()
            reply = await browser.post("/move", {"cell": cell, "ply": ply})
            phase.replies_ms.append((time.perf_counter() - start) * 1000)
            after = taken(reply.body)
            if reply.status != 200 or not board | {cell} <= after:
                phase.unsound += 1
                break
            board, ply = after, ply + 2
            if not PLAYABLE.search(reply.body):
                break  # the game is over
    await browser.close()


async def run(port: int, flood: int, clients: int = 1) -> Phase:
    phase, until = Phase(), asyncio.Event()
    flooding = [asyncio.create_task(flood_connection(port, n, until, phase, clients)) for n in range(flood)]
    if flood:
        await asyncio.sleep(3)  # the flood fills the queues before the player's first move
    await player(port, phase, random.Random(f"{SEED} player"))
    until.set()
    await asyncio.gather(*flooding)
    return phase


def report(quiet: Phase, flooded: Phase, name: str) -> list[str]:
    """A flooded phase's lines: its replies, their ratio to quiet's, the flood's answers by kind and status."""
    ratio = percentile(flooded.replies_ms, 90) / max(percentile(quiet.replies_ms, 90), 1e-9)
    median = percentile(flooded.replies_ms, 50) / max(percentile(quiet.replies_ms, 50), 1e-9)
    answers = ", ".join(f"{kind} {status} × {count}" for (kind, status), count in sorted(flooded.flood.items()))
    return [flooded.line(name), f"    against quiet: p50 {median:.2f}x, p90 {ratio:.2f}x (bar: p90 at most 2x);"
            f" the flood: {sum(flooded.flood.values())} requests: {answers}"]


def main() -> None:
    sys.stdout.reconfigure(line_buffering=True)
    budget = os.environ.get("ENGINE_BUDGET_MS", "500")
    print(f"engine flood: one client on {FLOOD} connections asking for {', '.join(KINDS)} of distinct positions,"
          f" while one player plays 15x15 against master ({budget} ms, {MOVES} moves a phase); {os.cpu_count()} cores"
          f" (load average {os.getloadavg()[0]:.1f} at the start)")
    bounds = {name: str(DEFAULTS[name]) for name in BOUNDS}
    with scratch_folder() as instance:
        with AppServer(Path(instance), workers=None, ENGINE_BUDGET_MS=budget, TRUSTED_PROXIES="1", **bounds) as app:
            asyncio.run(run(app.port, 0))  # the workers start, and each process loads the engine
            quiet = asyncio.run(run(app.port, 0))
            print(quiet.line("quiet"))
            for line in report(quiet, asyncio.run(run(app.port, FLOOD)), "1 client"):
                print(line)
            for line in report(quiet, asyncio.run(run(app.port, FLOOD, FLOOD)), f"{FLOOD} clients"):
                print(line)


if __name__ == "__main__":
    main()
