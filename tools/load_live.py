"""`make load-live`: games between friends under load, on 127.0.0.1 only.

It starts the server as `make serve` runs it, for each store (the embedded
one, then Redis), and plays GAMES games at once on 7×7, each with two players
and two spectators, all four holding the game's event stream (so 4 × GAMES
streams are open). The players move in turn, each after a pause of PAUSE
seconds or so, random empty squares; a finished game starts again with a
rematch, and every stream follows it to the new game.

For each move it notes when the move was sent, and for every watcher when
the event with that move's number arrived: the delivery latency. Every
stream must receive every event of its game once, in order: a gap is a lost
event, a repeat a duplicated one. It prints the streams held open, moves per
second, the delivery latency (p50, p99), errors, and lost or duplicated
events. Each run stops by itself after SECONDS of play (and a ramp-up while
the streams open).

Settings, as environment variables: LIVE_GAMES (125), LIVE_SECONDS (30),
LIVE_PAUSE (1.5), LIVE_WORKERS (`make serve`'s), LIVE_STORES (disk,redis);
and to compare servers (`make load-servers`) LIVE_SERVER, gunicorn or
granian, and LIVE_WORKER_CLASS, gunicorn's (gthread, or gevent).
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

from harness.client import Browser, EventStream
from harness.positions import BOARD_BY_CELLS
from harness.servers import AppServer, each_store
from webapp.engine import Position
from webapp.shared.words import side_name

GAMES = int(os.environ.get("LIVE_GAMES", 125))
SECONDS = float(os.environ.get("LIVE_SECONDS", 30))
PAUSE = float(os.environ.get("LIVE_PAUSE", 1.5))
WORKERS = os.environ.get("LIVE_WORKERS")  # default: as `make serve`
SERVER = os.environ.get("LIVE_SERVER", "gunicorn")  # or granian, to compare (`make load-servers`)
WORKER_CLASS = os.environ.get("LIVE_WORKER_CLASS", "gthread")  # gunicorn's; gevent on the Redis store only
STORES = os.environ.get("LIVE_STORES", "disk,redis").split(",")
BOARD = "7x7"
MOVE_SAID = re.compile(r'<p class="reason">((?:Black|White) played [a-g]\d)')  # 7×7: black and white
"""What a move's event says of it, which names it within its game."""


@dataclass
class StreamTally:
    """What the live games of one run did and what their streams delivered, and how late."""

    moves: int = 0
    errors: int = 0
    error_kinds: Counter[str] = field(default_factory=Counter)  # "stream 503", "move 409", ...
    lost: int = 0
    duplicated: int = 0
    latencies: list[float] = field(default_factory=list)
    open_streams: int = 0
    most_streams: int = 0
    sent: dict[tuple[str, str], float] = field(default_factory=dict)  # (game, "X played d4") -> when it was sent

    def error(self, kind: str) -> None:
        self.errors += 1
        self.error_kinds[kind] += 1


class Watcher:
    """One page's stream on a game: it follows rematches and checks each event's number."""

    def __init__(self, port: int, cookie: str, tally: StreamTally):
        self.port, self.cookie, self.tally = port, cookie, tally
        self.game = ""
        self.expected = 0

    async def watch(self, game: str, after: int, until: float) -> None:
        self.game, self.expected = game, after + 1
        stream = await EventStream(self.port, f"{game}/events?after={after}", self.cookie).open()
        if stream.status != 200:
            self.tally.error(f"stream {stream.status}")
            return
        self.tally.open_streams += 1
        self.tally.most_streams = max(self.tally.most_streams, self.tally.open_streams)
        try:
            while time.monotonic() < until:
                message = await stream.next(seconds=max(0.1, until - time.monotonic()))
                if message is None:
                    break
                if message.event == "rematch":
                    await stream.close()
                    self.tally.open_streams -= 1
                    stream = await EventStream(self.port, f"{message.data}/events?after=0", self.cookie).open()
                    self.tally.open_streams += 1
                    self.game, self.expected = message.data, 1
                    continue
                for number in message.passed:  # changes sent by number alone, the page once after them
                    self._check(int(number), "")
                self._check(int(message.id), message.data)
        finally:
            await stream.close()
            self.tally.open_streams -= 1

    def _check(self, number: int, data: str) -> None:
        """Count a gap or a repeat in the numbers; time a move's delivery."""
        if number < self.expected:
            self.tally.duplicated += 1
            return
        self.tally.lost += number - self.expected
        self.expected = number + 1
        said = MOVE_SAID.search(data)
        sent = self.tally.sent.get((self.game, said.group(1))) if said else None
        if sent is not None:
            self.tally.latencies.append(time.monotonic() - sent)


async def invite(browser: Browser) -> str | int:
    """The new game's path, or the status that refused it."""
    await browser.open()
    reply = await browser.post("/online", {"board": BOARD, "side": "x"}, htmx=False)
    if reply.status != 303:
        return reply.status
    return re.sub(r"^https?://[^/]+", "", reply.headers["location"])


async def one_game(port: int, tally: StreamTally, rng: random.Random, start: float, until: float) -> None:
    """Two players and two spectators; the players move until the time is up."""
    alice, bob = Browser(port), Browser(port)
    game = await invite(alice)
    if isinstance(game, int):
        tally.error(f"invite {game}")
        await alice.close()
        return
    await bob.open()
    await bob.post(game + "/join", {}, htmx=False)
    watchers = [Watcher(port, cookie, tally) for cookie in (alice.cookie, bob.cookie, "", "")]
    watching = [asyncio.create_task(watcher.watch(game, 1, until)) for watcher in watchers]
    await asyncio.sleep(max(0.0, start - time.monotonic()))  # every game's streams open before play
    players, ply, rules = {"X": alice, "O": bob}, 0, BOARD_BY_CELLS[49]
    position = Position(rules)
    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(0.5, 1.5) * PAUSE)
        if position.is_over:
            reply = await players["X"].post(game + "/rematch", {}, htmx=False)
            if reply.status != 303:
                tally.error(f"rematch {reply.status}")
                break
            game, position, ply = re.sub(r"^https?://[^/]+", "", reply.headers["location"]), Position(rules), 0
            players = {"X": players["O"], "O": players["X"]}  # sides swapped
            await asyncio.sleep(0.5)  # the pages follow to the new game
            continue
        cell = rng.choice(position.legal_moves())
        tally.sent[(game, f"{side_name(rules, position.to_move)} played {rules.cell_name(cell)}")] = time.monotonic()
        reply = await players[position.to_move].post(game + "/move", {"cell": cell, "ply": ply})
        if reply.status != 200:
            tally.error(f"move {reply.status}")
            continue
        tally.moves += 1
        position, ply = position.play(cell), ply + 1
    await asyncio.gather(*watching)
    for browser in (alice, bob):
        await browser.close()


async def measure(port: int) -> tuple[StreamTally, float]:
    tally, rng = StreamTally(), random.Random(2026)
    ramp = max(5.0, GAMES * 0.04)
    start = time.monotonic() + ramp
    until = start + SECONDS
    await asyncio.gather(*(one_game(port, tally, random.Random(rng.random()), start, until) for _ in range(GAMES)))
    return tally, SECONDS


def report(store: str, tally: StreamTally, seconds: float) -> None:
    latencies = sorted(tally.latencies)
    p50 = statistics.median(latencies) if latencies else float("nan")
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else float("nan")
    model = "granian WSGI" if SERVER == "granian" else f"gunicorn {WORKER_CLASS}"
    print(f"{model}, {store} store, {GAMES} games of 7x7, two players and two spectators each,"
          f" {seconds:.0f} s of play")
    print(f"  streams held open    {tally.most_streams}   (target >= 500)")
    print(f"  moves                {tally.moves / seconds:.1f} per second, {tally.moves} in all")
    print(f"  delivery to watchers p50 {p50 * 1e3:.0f} ms   p99 {p99 * 1e3:.0f} ms   "
          f"({len(latencies)} deliveries; target p99 <= 250 ms)")
    kinds = (f" ({', '.join(f'{kind}: {count}' for kind, count in tally.error_kinds.most_common())})"
             if tally.errors else "")
    print(f"  errors {tally.errors}{kinds}   lost events {tally.lost}   duplicated events {tally.duplicated}")


def main() -> None:
    workers = int(WORKERS) if WORKERS else None
    for store, settings, instance, _ in each_store(STORES):
        # Every simulated browser comes from 127.0.0.1: lift the per-address limits, which would
        # otherwise refuse the games past the 60th and the streams past a worker's 24th
        # (AppServer lifts the per-client one on games started).
        server = AppServer(instance, workers=workers, server=SERVER,
                           GUNICORN_CMD_ARGS=f"--worker-class {WORKER_CLASS} --log-level warning",
                           ADDRESS_PER_MINUTE=str(10 * GAMES), STREAMS_PER_CLIENT=str(4 * GAMES), **settings).start()
        try:
            report(store, *asyncio.run(measure(server.port)))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
