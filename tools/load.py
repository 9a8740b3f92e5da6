"""`make load`: the app under gunicorn, measured open-loop, and its throughput
against a bare Flask app on the same server.

For each store, disk and then Redis, it starts the app as `make serve` runs it
(or, with LOAD_URL=http://127.0.0.1:PORT, uses a running one), and beside it
tools/bare_app.py (one route, an empty 200) under the same gunicorn settings.
BROWSERS simulated browsers, each with its own session cookie,
play X against perfect, clicking random empty squares; every reply is checked
(the board keeps every earlier mark, adds the browser's X and the computer's O,
and is a position the rules allow). On 127.0.0.1 only, in this one process,
separate from the servers, it measures:

1. Throughput, closed loop. CONNECTIONS requests at a time, always one in
   flight each: GET / on the bare app, or POST /move on the app; the two take
   turns in SLICE-second slices, THROUGHPUT_SECONDS of each, so that a slow
   spell of the shared machine falls on both alike. Only moves are sent in a
   move slice: a finished game's browser starts its next one between slices,
   and more browsers join if the games under way could run out.
   Printed: requests/s of each, and the move's share of the bare app's.
2. Latency, open loop (tools/open_loop.py): moves arrive as a Poisson process
   at RATE a second for SECONDS, whether or not earlier ones have been
   answered, each to an idle browser (one that finds none waits for the first
   to come free, and is counted), and each latency runs from the move's
   scheduled time, any wait included (no coordinated omission). A browser
   whose move ended its game starts a new one (POST /new) before it is idle
   again; those requests are off the schedule and not timed, but they load the
   server too, and are counted. Printed: p50, p99, p99.9 and max, exact from
   every latency.
3. Capacity: the highest rate at which p99 <= P99_MS with no error, found by
   open-loop runs of STEP_SECONDS from RATE (whose run above counts as the
   first): up by half while they pass (down by a third while they fail), then
   the geometric mean of the highest pass and the lowest fail until those are
   within 10% (RateSearch), at most STEPS runs more.

Each part prints the CPU it took, in cores: this process (the generator), the
servers (gunicorn's master and workers for both apps, and redis-server), and
the rest of the machine (other processes, the kernel): a figure taken while the
rest of a shared machine was busy says little. Everything stops by itself:
each part after its seconds, each request after TIMEOUT seconds, and a move
still waiting for a browser TIMEOUT seconds after the last is due is counted
unanswered.

Settings, as environment variables:
  LOAD_WORKERS           gunicorn workers (default: `make serve`'s, 2 x cores + 1)
  LOAD_SERVER            gunicorn (default, as `make serve`), or granian (WSGI, LOAD_THREADS blocking
                         threads a worker): `make load-servers` compares them
  LOAD_WORKER_CLASS      gunicorn's worker class: gthread (default, as `make serve`), sync, or gevent
                         (on the Redis store only: see docs/deploying.md, "Which server")
  LOAD_THREADS           threads per worker, for gthread and granian (default 256, as `make serve`)
  LOAD_STORES            the stores to measure, of disk and redis (default both)
  LOAD_BROWSERS          simulated browsers (256)
  LOAD_CONNECTIONS       requests at a time in the throughput part (16)
  LOAD_THROUGHPUT_SECONDS  of each, bare and moves (5)
  LOAD_RATE, LOAD_SECONDS  the open-loop run: moves a second, and for how long (200, 30)
  LOAD_P99_MS            the capacity's limit on p99, milliseconds (50)
  LOAD_STEP_SECONDS, LOAD_STEPS  each capacity run's length, and how many at most (5, 6)
  LOAD_SEED              seeds the arrivals and the browsers' clicks (1)
  LOAD_URL               measure a running app instead (its store is whatever it uses;
                         the bare app is still started here, with the settings above)
"""

from __future__ import annotations

import asyncio
import math
import os
import random
import sys
import urllib.parse
from collections import Counter, deque
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from harness.client import Browser, Reply
from harness.positions import position
from harness.servers import AppServer, each_store, scratch_folder
from tools import open_loop
from tools.meter import Meter


def setting(name: str, default: str) -> str:
    return os.environ.get(f"LOAD_{name}") or default


WORKERS = int(setting("WORKERS", "0")) or None
SERVER = setting("SERVER", "gunicorn")
WORKER_CLASS = setting("WORKER_CLASS", os.environ.get("WORKER_CLASS") or "gthread")  # `make serve`'s
STORES = setting("STORES", "disk,redis").split(",")
THREADS = int(setting("THREADS", os.environ.get("THREADS") or "256"))
BROWSERS = int(setting("BROWSERS", "256"))
CONNECTIONS = int(setting("CONNECTIONS", "16"))
THROUGHPUT_SECONDS = float(setting("THROUGHPUT_SECONDS", "5"))
SLICE = 0.5
RATE = float(setting("RATE", "200"))
SECONDS = float(setting("SECONDS", "30"))
P99_MS = float(setting("P99_MS", "50"))
STEP_SECONDS = float(setting("STEP_SECONDS", "5"))
STEPS = int(setting("STEPS", "6"))
SEED = int(setting("SEED", "1"))
TIMEOUT = 5.0
PAUSE = 0.5  # between parts, for the server to settle
EMPTY = "."
FAILURES = (OSError, EOFError, IndexError, ValueError)  # a connection closed or cut mid-answer


def move_is_sound(before: str, after: str, cell: int) -> bool:
    """after keeps every mark of before, adds X at cell and, unless that ended
    the game, one O; and it is a position the rules allow."""
    try:
        position(after).validate()
    except ValueError:
        return False
    added = [i for i in range(len(before)) if before[i] != after[i]]
    if any(before[i] != EMPTY for i in added) or after[cell] != "X":
        return False
    return len(added) == 2 or (len(added) == 1 and position(after).is_over)


@dataclass
class MoveTally:
    """What the move-playing browsers of one run did, and what went wrong."""

    moves: int = 0
    games: int = 0       # finished
    new_games: int = 0
    errors: int = 0      # a status other than 200, or the connection failed
    illegal: int = 0     # a reply that lost a mark, added the wrong ones, or broke the rules


class LoadBrowser(Browser):
    """A Browser that, as a real one, does not reuse a connection the server
    has closed while it was idle, and sends a request once more on a new
    connection when a kept-alive one closes before a byte of the answer (the
    server closed it idle just as the request went out). It drops its
    connection when a request fails or is given up, so that a late answer is
    never read as the next one's."""

    async def request(self, *args, **kwargs) -> Reply:
        if self._streams and self._streams[0].at_eof():
            await self.close()
        reused = self._streams is not None
        try:
            return await super().request(*args, **kwargs)
        except (ConnectionResetError, BrokenPipeError, IndexError):  # IndexError: an empty status line
            await self.close()
            if not reused:
                raise
        except BaseException:
            await self.close()
            raise
        return await self.request(*args, **kwargs)  # on a new connection: it is not retried again


class Player:
    """A person at one browser, playing X against perfect, clicking at random."""

    def __init__(self, browser: Browser, seed: int, tally: MoveTally) -> None:
        self.browser, self.rng, self.tally = browser, random.Random(seed), tally
        self.board: str | None = None  # None until a game is under way, and while a move is unanswered

    @property
    def playing(self) -> bool:
        return self.board is not None and not position(self.board).is_over

    async def move(self) -> str:
        """Click a random empty square; check the reply."""
        board, self.board = self.board, None
        cell = self.rng.choice(position(board).legal_moves())
        try:
            reply = await self.browser.post("/move", {"cell": cell, "ply": len(board) - board.count(EMPTY)})
        except FAILURES:
            reply = None
        self.tally.moves += 1
        if reply is None or reply.status != 200:
            self.tally.errors += 1
            return "error"
        if not move_is_sound(board, reply.board, cell):
            self.tally.illegal += 1
            return "illegal"
        self.board = reply.board
        self.tally.games += position(self.board).is_over
        return open_loop.ANSWERED

    async def new_game(self) -> bool:
        try:
            reply = await self.browser.post("/new", {"x": "human", "o": "perfect"})
        except FAILURES:
            reply = None
        self.tally.new_games += 1
        if reply is None or reply.status != 200 or reply.board != EMPTY * 9:
            self.tally.errors += 1
            return False
        self.board = reply.board
        return True

    async def ready(self) -> bool:
        """Between moves: a new game if this one is over or in doubt (three tries)."""
        for _ in range(3):
            if self.playing or await self.new_game():
                return True
        return False


async def in_batches(players: Iterable[Player]) -> list[Player]:
    """Get each player ready, CONNECTIONS at a time; the ones that are."""
    waiting, ready = list(players), []
    for first in range(0, len(waiting), CONNECTIONS):
        batch = waiting[first:first + CONNECTIONS]
        oks = await asyncio.gather(*(player.ready() for player in batch))
        ready.extend(player for player, ok in zip(batch, oks) if ok)
    return ready


def server_settings() -> dict[str, str]:
    """The server, and for gunicorn the worker class and threads, and quiet
    logs, over `make serve`'s settings: GUNICORN_CMD_ARGS, which gunicorn
    applies after its configuration file."""
    if SERVER == "granian":
        return {"THREADS": str(THREADS)}
    threads = f" --threads {THREADS}" if WORKER_CLASS == "gthread" else ""
    return {"GUNICORN_CMD_ARGS": f"--worker-class {WORKER_CLASS}{threads} --log-level warning"}


def server_model() -> str:
    """The server as the report names it."""
    if SERVER == "granian":
        return f"granian WSGI, {THREADS} blocking threads a worker"
    return f"gunicorn {WORKER_CLASS}" + (f", {THREADS} threads each" if WORKER_CLASS == "gthread" else "")


async def throughput(app_port: int, bare_port: int, players: list[Player], servers: list[int]) -> None:
    """Closed loop, in alternating turns: the bare app's GET /, then moves alone."""
    loop = asyncio.get_running_loop()
    tally, counts = MoveTally(), Counter()
    for player in players:
        player.tally = tally
    bare = [LoadBrowser(bare_port) for _ in range(CONNECTIONS)]
    playing, finished, extra = deque(await in_batches(players)), [], []

    async def ask_bare(browser: Browser, end: float) -> None:
        while loop.time() < end:
            try:
                ok = (await browser.request("GET", "/")).status == 200
            except FAILURES:
                ok = False
            counts["bare"] += ok and loop.time() < end
            tally.errors += not ok

    async def play(end: float) -> None:
        while loop.time() < end:
            if not playing:
                counts["ran out"] += 1
                return
            player = playing.popleft()
            answered = await player.move() == open_loop.ANSWERED
            counts["moves"] += answered and loop.time() < end
            (playing if player.playing else finished).append(player)

    meter = Meter(servers)
    for turn in range(2 * round(THROUGHPUT_SECONDS / SLICE)):
        if turn % 2 == 0:
            end = loop.time() + SLICE
            await asyncio.gather(*(ask_bare(browser, end) for browser in bare))
            continue
        # Every game under way has a move left, maybe only one: enough of them
        # for twice the last slice's moves, with more browsers if need be.
        playing.extend(await in_batches(finished))
        finished.clear()
        wanted = 2 * counts["moves"] // max(turn // 2, 1) + CONNECTIONS - len(playing)
        more = [Player(LoadBrowser(app_port), SEED * 100_000 + len(players) + len(extra) + i, tally)
                for i in range(max(wanted, 0))]
        extra += more
        playing.extend(await in_batches(more))
        end = loop.time() + SLICE
        await asyncio.gather(*(play(end) for _ in range(CONNECTIONS)))
    for browser in bare + [player.browser for player in extra]:
        await browser.close()
    bare_rate, move_rate = counts["bare"] / THROUGHPUT_SECONDS, counts["moves"] / THROUGHPUT_SECONDS
    print(f"  throughput, closed loop, {CONNECTIONS} requests at a time, {THROUGHPUT_SECONDS:g} s of each"
          f" in {SLICE} s turns:")
    print(f"    bare app, GET /  {bare_rate:6.0f} requests/s")
    print(f"    POST /move       {move_rate:6.0f} requests/s = {100 * move_rate / bare_rate:.0f}% of the bare app's"
          "  (target >= 50%)")
    print(f"    errors {tally.errors}, illegal or lost games {tally.illegal}; {meter}"
          + (f"; ran out of games {counts['ran out']} times" if counts["ran out"] else ""))


async def at_rate(players: list[Player], rate: float, seconds: float,
                  servers: list[int]) -> tuple[open_loop.Run, MoveTally, Meter]:
    """One open-loop run of moves: Poisson arrivals at rate for seconds."""
    tally = MoveTally()
    for player in players:
        player.tally = tally
    ready = await in_batches(players)
    await asyncio.sleep(PAUSE)
    meter = Meter(servers)
    run = await open_loop.run(open_loop.poisson_schedule(rate, seconds, SEED), ready, Player.move, Player.ready,
                              timeout=TIMEOUT)
    return run, tally, meter


def milliseconds(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms" if seconds != math.inf else "∞"


def passes(run: open_loop.Run, tally: MoveTally) -> bool:
    return (open_loop.percentile(run.latencies(), 99) <= P99_MS / 1e3 and tally.errors == tally.illegal == 0
            and all(arrival.done is not None for arrival in run.arrivals))


async def latency(players: list[Player], servers: list[int]) -> tuple[bool, float, float]:
    """The open-loop run at RATE; whether it passes the capacity's test, its
    p99, and the cores the rest of the machine took meanwhile."""
    run, tally, meter = await at_rate(players, RATE, SECONDS, servers)
    latencies = run.latencies()
    cut = {p: open_loop.percentile(latencies, p) for p in (50, 99, 99.9, 100)}
    print(f"  open loop, Poisson arrivals at {RATE:g} moves/s for {SECONDS:g} s, seed {SEED}"
          f" ({len(latencies)} moves drawn: {len(latencies) / SECONDS:.1f}/s):")
    print(f"    latency from the scheduled time: p50 {milliseconds(cut[50])}  p99 {milliseconds(cut[99])}"
          f"  p99.9 {milliseconds(cut[99.9])}  max {milliseconds(cut[100])}  (target p99 <= 25 ms)")
    answered = sum(arrival.done is not None for arrival in run.arrivals)
    print(f"    answered {answered} at {run.answered_rate():.1f}/s; {run.waited} waited for an idle browser;"
          f" {len(latencies) - answered} unanswered;"
          f" {tally.new_games} new games beside ({tally.new_games / SECONDS:.0f}/s)")
    print(f"    errors {tally.errors}, illegal or lost games {tally.illegal}; {meter}")
    slowest = sorted(run.arrivals, key=lambda arrival: arrival.latency)[-max(len(latencies) // 100, 1):]
    when = sorted({int(arrival.scheduled - run.start) for arrival in slowest})
    print(f"    the slowest 1% ({len(slowest)} moves) were due in {len(when)} of the {SECONDS:g} seconds:"
          f" {' '.join(map(str, when[:15]))}{' …' if len(when) > 15 else ''}")
    return passes(run, tally), cut[99], meter.cores()[2]


async def capacity(players: list[Player], servers: list[int], ok: bool, p99: float, rest: float) -> None:
    """Search from RATE, whose run has been made (ok, p99, rest), in STEP_SECONDS runs."""
    search = open_loop.RateSearch(RATE)
    search.record(RATE, ok)
    steps = [f"{RATE:.0f}/s {milliseconds(p99)} {'pass' if ok else 'FAIL'} [rest {rest:.1f}]"]
    for _ in range(STEPS):
        if (rate := search.next_rate()) is None:
            break
        run, tally, meter = await at_rate(players, rate, STEP_SECONDS, servers)
        ok = passes(run, tally)
        search.record(rate, ok)
        steps.append(f"{rate:.0f}/s {milliseconds(open_loop.percentile(run.latencies(), 99))} "
                     f"{'pass' if ok else 'FAIL'}" + (f" ({tally.errors} errors)" if tally.errors else "")
                     + f" [rest {meter.cores()[2]:.1f}]")
    found = f"{search.capacity:.0f} moves/s" if search.capacity else f"below {min(search.failed):.0f} moves/s"
    print(f"  capacity, the highest rate with p99 <= {P99_MS:g} ms and no error: {found}")
    print(f"    p99 at each rate tried ({STEP_SECONDS:g} s each after the first; [cores the rest of the machine"
          " took]): " + " · ".join(steps))


async def measure(app_port: int, bare_port: int, servers: list[int]) -> None:
    players = [Player(LoadBrowser(app_port), SEED * 100_000 + i, MoveTally()) for i in range(BROWSERS)]
    await throughput(app_port, bare_port, players, servers)
    await asyncio.sleep(PAUSE)
    await capacity(players, servers, *await latency(players, servers))
    for player in players:
        await player.browser.close()


def main() -> None:
    sys.stdout.reconfigure(line_buffering=True)
    workers = WORKERS or 2 * os.cpu_count() + 1  # as webapp/gunicorn_conf.py
    print(f"{server_model()}, {workers} workers; {BROWSERS} browsers; the generator is this process,"
          f" on the same {os.cpu_count()} cores (load average {os.getloadavg()[0]:.1f} at the start)")
    with scratch_folder() as instance:
        bare = AppServer(Path(instance), workers=WORKERS, factory="tools.bare_app:create_app",
                         server=SERVER, **server_settings()).start()
        try:
            if os.environ.get("LOAD_URL"):
                print(f"the app at {os.environ['LOAD_URL']} (its CPU counts in the rest of the machine's)")
                port = urllib.parse.urlsplit(os.environ["LOAD_URL"]).port
                asyncio.run(measure(port, bare.port, [bare.process.pid]))
            else:
                measure_both_stores(bare)
        finally:
            bare.stop()


def measure_both_stores(bare: AppServer) -> None:
    for store, settings, instance, redis in each_store(STORES):
        app = AppServer(instance, workers=WORKERS, server=SERVER, **settings, **server_settings()).start()
        try:
            print(f"{store} store")
            servers = [app.process.pid, bare.process.pid] + ([redis.process.pid] if settings else [])
            asyncio.run(measure(app.port, bare.port, servers))
        finally:
            app.stop()


if __name__ == "__main__":
    main()
