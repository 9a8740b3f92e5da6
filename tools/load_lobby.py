"""`make load-lobby`: the lobby under load, on 127.0.0.1 only, against the
server as `make serve` runs it (gunicorn gthread, its workers), on each store.

Every simulated player is a browser of its own: its own cookies and its own
address, told to the server by X-Forwarded-For behind TRUSTED_PROXIES=1 (the
per-client bounds stay the app's own, none lifted). A player opens /lobby and
its live stream, as the page does; a rated one signs up first.

1. Seeks and accepts: half the PLAYERS seek at once (15×15, no clock; a share
   RATED of them rated, between accounts), then the other half accept one each,
   all at once. The time of a pairing runs from the accept's press until both
   players have the game's page: the acceptor by following its redirect, the
   seeker when its lobby stream says `paired` and it follows that to the game.
2. Quick pairing, where the app has it (/pool): every player presses one
   pool's button at once; a pair's time runs from the later of its presses
   (the one that made it) until both have the board, the other player's page
   told through its waiting page's stream.
3. A friend's invitation, the same number of pairs: one invites (and holds the
   game's stream, as its page does), the other joins by the link, all at once;
   from the join's press until both have the board (the inviter through its
   stream). The lobby's p50 and p90 are given as a ratio of these.
4. PAGES lobby pages opened (each a visitor's /lobby, then its stream) and held
   at once, counting those refused (a refused page tries again, as its
   EventSource does: those held at the first try are counted apart); then one
   seek is made, and how many of the held pages its list reaches, and how
   late, says they are live, not just open.

It prints, per store: seeks, accepts and pairings a minute, the press to both
boards p50 and p90 and each side's own wait, the lobby streams held meanwhile
and the lists they brought the seekers, quick pairing's and the invitation's,
their ratios, the pages held and refused; and the CPU the server, this
process and the rest of the machine took. Every wait is bounded (TIMEOUT
seconds).

Settings, as environment variables: LOBBY_PLAYERS (200), LOBBY_PAGES (1000),
LOBBY_RATED (0.2), LOBBY_TIMEOUT (60), LOBBY_STORES (disk,redis),
LOBBY_WORKERS (`make serve`'s).
"""

from __future__ import annotations

import asyncio
import os
import re
import statistics
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from harness.client import Browser, EventStream
from harness.servers import AppServer, each_store
from tools.meter import Meter
from webapp.app import DEFAULTS

PLAYERS = int(os.environ.get("LOBBY_PLAYERS", 200))
PAGES = int(os.environ.get("LOBBY_PAGES", 1000))
RATED = float(os.environ.get("LOBBY_RATED", 0.2))
TIMEOUT = float(os.environ.get("LOBBY_TIMEOUT", 60))
STORES = os.environ.get("LOBBY_STORES", "disk,redis").split(",")
WORKERS = os.environ.get("LOBBY_WORKERS")  # default: as `make serve`
SEEK: dict[str, object] = {"board": "15x15", "rule": "freestyle", "clock": "none", "colour": "random", "range": "any"}
INVITE: dict[str, object] = {"board": "15x15", "side": "x"}
PASSWORD = "a lobby load run's password"
PAGE_TRIES = 3
RETRY_SECONDS = 5.0
"""A held lobby page refused (503: the process holds its most) tries again, as its EventSource does, after the
Retry-After the refusal gives: the pages counted held at once are those held at the first try."""
BOARD_SHOWN = 'class="board-form"'
"""What a game's page, or its stream's message, has once the board is drawn."""
STREAM_AFTER = re.compile(r'events\?after=(\d+)')
OWN_SEEK = re.compile(r'/lobby/seeks/([A-Za-z0-9_-]+)/cancel')
POOL: dict[str, object] = {"pool": "15x15-5+3", "rated": "casual"}
"""Quick pairing's form (POST /pool): one pool, casual, which anyone may play; skipped where /pool is not served."""
BOUNDS = {name: str(DEFAULTS[name]) for name in
          ("NEW_SESSIONS_PER_HOUR", "GAMES_PER_MINUTE", "STREAMS_PER_CLIENT", "SIGN_IN_TRIES_PER_CLIENT")}
"""The per-client bounds as the app ships them: every player here is a client of its own, so none is lifted."""


def address(number: int) -> str:
    """The number-th simulated client's address, as a trusted proxy reports it (10.0.0.0/8, distinct)."""
    return f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"


def path_of(location: str) -> str:
    return re.sub(r"^https?://[^/]+", "", location)


def rate(count: int, seconds: float) -> float:
    """count a minute, done in seconds."""
    return count * 60 / seconds if seconds > 0 else float("nan")


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


@dataclass
class Tally:
    """One phase: what was pressed, what came of it, and how long from each press to both boards."""

    presses: int = 0
    done: int = 0
    pairing_seconds: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)  # "seek 429", "seeker never told", ...
    games: list[str] = field(default_factory=list)  # the paths of the games both players reached
    sides: dict[str, list[float]] = field(default_factory=dict)  # "acceptor": from the press to its own board
    lists: int = 0  # the lists the waiting players' streams brought meanwhile (each drawn by the server for them)
    first_press: float = 0.0
    last_board: float = 0.0

    def paired(self, game: str, pressed: float, shown: dict[str, float]) -> None:
        """A pairing: its game, the press, and when each side's board was drawn (by side: "seeker", ...)."""
        self.games.append(game)
        self.pairing_seconds.append(max(shown.values()) - pressed)
        self.last_board = max(self.last_board, *shown.values())
        for side, when in shown.items():
            self.sides.setdefault(side, []).append(when - pressed)

    def sides_summary(self) -> str:
        """Each side's own wait, the press to its board (p50, p90): where the time goes."""
        return "; ".join(f"{side} p50 {statistics.median(waits) * 1e3:.0f} ms p90 {percentile(waits, 0.9) * 1e3:.0f} ms"
                         for side, waits in self.sides.items())

    def summary(self) -> str:
        p50 = statistics.median(self.pairing_seconds) if self.pairing_seconds else float("nan")
        p90 = percentile(self.pairing_seconds, 0.9)
        spread = self.last_board - self.first_press
        errors = ", ".join(f"{kind}: {count}" for kind, count in self.errors.most_common()) or "none"
        return (f"{len(self.pairing_seconds)} of {self.presses} paired, {rate(len(self.pairing_seconds), spread):.0f}"
                f" a minute; press to both boards p50 {p50 * 1e3:.0f} ms p90 {p90 * 1e3:.0f} ms; errors: {errors}")


@dataclass
class Player:
    """A browser on the lobby's page, with its lobby stream open (as the page holds it)."""

    browser: Browser
    name: str | None = None
    stream: EventStream | None = None


async def arrive(port: int, number: int, rated: bool, tally: Tally, tries: int = 1) -> Player | None:
    """A player on /lobby with its stream open; signed up first if rated. None if refused. A stream refused is
    tried again, as the page's EventSource does, up to tries times, RETRY_SECONDS apart."""
    player = Player(Browser(port, forwarded_for=address(number)))
    if rated:
        player.name = f"lobby{number}"
        reply = await player.browser.post("/signup", {"name": player.name, "password": PASSWORD}, htmx=False)
        if reply.status != 303:
            tally.errors[f"signup {reply.status}"] += 1
            return None
    page = await player.browser.request("GET", "/lobby")
    if page.status != 200:
        tally.errors[f"lobby {page.status}"] += 1
        return None
    after = STREAM_AFTER.search(page.body)
    for tried in range(tries):
        if tried:
            await asyncio.sleep(RETRY_SECONDS)
        stream = await EventStream(port, f"/lobby/events?after={after.group(1) if after else 0}",
                                   player.browser.cookie, forwarded_for=player.browser.forwarded_for).open()
        if stream.status == 200:
            player.stream = stream
            return player
        tally.errors[f"stream {stream.status}" + (" again" if tried else "")] += 1
        await stream.close()
    await player.browser.close()
    return None


async def seek(seeker: Player, rated: bool, tally: Tally) -> str | None:
    """Make a seek and follow the redirect to the lobby, as the form does: the seek's id, or None if refused."""
    reply = await seeker.browser.post("/lobby/seeks", {**SEEK, "rated": "rated" if rated else "casual"}, htmx=False)
    if reply.status != 303:
        tally.errors[f"seek {reply.status}"] += 1
        return None
    page = await seeker.browser.request("GET", path_of(reply.headers["location"]))
    found = OWN_SEEK.search(page.body)
    if found is None:
        tally.errors["seek not shown"] += 1
    return found.group(1) if found else None


async def game_reached(browser: Browser, location: str) -> tuple[str, float] | str:
    """Follow a redirect to the game's page (through /lobby/game or /pool/game's): the game, and when its board
    was drawn; else what came instead (a status, and where)."""
    path = path_of(location)
    page = await browser.request("GET", path)
    if page.status == 303:  # /lobby/game, /pool/game send the page on to the game
        path = path_of(page.headers["location"])
        page = await browser.request("GET", path)
    if page.status != 200 or BOARD_SHOWN not in page.body:
        return f"{page.status} at " + re.sub(r"^/g/.*", "/g/<game>", path.split("?")[0])
    return path, time.monotonic()


async def board_at(browser: Browser, location: str, tally: Tally, who: str) -> float | None:
    """Follow a redirect to the game's page: when its board was drawn, or None."""
    reached = await game_reached(browser, location)
    if isinstance(reached, str):
        tally.errors[f"{who} game page {reached}"] += 1
        return None
    return reached[1]


async def seeker_told(seeker: Player, tally: Tally, start: asyncio.Event) -> float | None:
    """Read the seeker's lobby stream until it says paired, then go to the game: when its board was drawn."""
    assert seeker.stream is not None
    deadline = time.monotonic() + TIMEOUT
    while (left := deadline - time.monotonic()) > 0:
        message = await seeker.stream.next(seconds=left)
        if message is None:
            break
        if message.event == "paired":
            await seeker.stream.close()
            return await board_at(seeker.browser, message.data, tally, "seeker")
        tally.lists += start.is_set()
    tally.errors["seeker never told"] += 1
    return None


async def accept(acceptor: Player, seek_id: str, tally: Tally,
                 start: asyncio.Event) -> tuple[str, float, float] | None:
    """Press Accept once start is set: the game, when it was pressed and when the acceptor's board was drawn."""
    await start.wait()
    pressed = time.monotonic()
    reply = await acceptor.browser.post(f"/lobby/seeks/{seek_id}/accept", {}, htmx=False)
    if acceptor.stream is not None:
        await acceptor.stream.close()  # the page navigates away
    if reply.status != 303:
        tally.errors[f"accept {reply.status}"] += 1
        return None
    shown = await board_at(acceptor.browser, reply.headers["location"], tally, "acceptor")
    return None if shown is None else (path_of(reply.headers["location"]), pressed, shown)


async def one_pairing(seeker: Player, acceptor: Player, seek_id: str, tally: Tally, start: asyncio.Event) -> None:
    told, accepted = await asyncio.gather(seeker_told(seeker, tally, start), accept(acceptor, seek_id, tally, start))
    if told is not None and accepted is not None:
        game, pressed, shown = accepted
        tally.paired(game, pressed, {"acceptor": shown, "seeker": told})


async def bounded(coroutine: Awaitable[None]) -> None:
    try:
        await asyncio.wait_for(coroutine, TIMEOUT)
    except TimeoutError:
        pass  # counted as never paired


async def seeks_and_accepts(port: int, first: int, pairs: int) -> tuple[Tally, Tally, int]:
    """Phase 1: the seeks tally (made at once), the accepts' (pressed at once), and the lobby streams held."""
    seeks, accepts = Tally(), Tally()
    rated = [number < pairs * RATED for number in range(pairs)]
    arrived = await asyncio.gather(*(arrive(port, first + number, rated[number % pairs], accepts)
                                     for number in range(2 * pairs)))
    players = [player for player in arrived if player is not None]
    held = len(players)
    seekers, acceptors = arrived[:pairs], arrived[pairs:]
    seeks.first_press = time.monotonic()
    made = await asyncio.gather(*(seek(seeker, rated[number], seeks) if seeker and acceptors[number] else none()
                                  for number, seeker in enumerate(seekers)))
    seeks.presses = sum(1 for seeker, acceptor in zip(seekers, acceptors, strict=True) if seeker and acceptor)
    seeks.done, seeks.last_board = sum(1 for seek_id in made if seek_id), time.monotonic()
    start = asyncio.Event()
    games = [bounded(one_pairing(seeker, acceptor, seek_id, accepts, start))
             for seeker, acceptor, seek_id in zip(seekers, acceptors, made, strict=True)
             if seeker and acceptor and seek_id]
    accepts.presses = len(games)
    accepts.first_press = time.monotonic()
    start.set()
    await asyncio.gather(*games)
    accepts.done = len(accepts.pairing_seconds)
    await close_all(players)
    return seeks, accepts, held


async def pool_press(port: int, number: int, tally: Tally, start: asyncio.Event) -> tuple[str, float, float] | None:
    """One press in a quick pairing's pool once start is set, then as the page goes: to the game at once, or to
    the waiting page and its stream until `paired`. The game, the press, and when this player's board was drawn."""
    browser = Browser(port, forwarded_for=address(number))
    stream: EventStream | None = None
    try:
        await browser.request("GET", "/pool")
        await start.wait()
        pressed = time.monotonic()
        reply = await browser.post("/pool", POOL, htmx=False)
        if reply.status != 303:
            tally.errors[f"pool {reply.status}"] += 1
            return None
        location = reply.headers["location"]
        if "/pool/wait" in location:
            waiting = await browser.request("GET", "/pool/wait")
            if waiting.status == 303:
                location = waiting.headers["location"]
            else:
                stream = await EventStream(port, "/pool/events", browser.cookie,
                                           forwarded_for=browser.forwarded_for).open()
                told = await told_paired(stream, tally)
                if told is None:
                    return None
                location = told
        reached = await game_reached(browser, location)
        if isinstance(reached, str):
            tally.errors[f"pool game page {reached}"] += 1
            return None
        return reached[0], pressed, reached[1]
    finally:
        if stream is not None:
            await stream.close()
        await browser.close()


async def told_paired(stream: EventStream, tally: Tally) -> str | None:
    """Where a waiting page's stream says to go once paired, or None."""
    if stream.status != 200:
        tally.errors[f"pool stream {stream.status}"] += 1
        return None
    deadline = time.monotonic() + TIMEOUT
    while (left := deadline - time.monotonic()) > 0:
        message = await stream.next(seconds=left)
        if message is None:
            break
        if message.event == "paired":
            return message.data
    tally.errors["pool waiter never told"] += 1
    return None


async def quick_pairing(port: int, first: int, players: int) -> Tally | None:
    """Phase 2: every player presses one pool's button at once; each pair's time runs from the later of its two
    presses (the one that made it) until both boards. None if the app has no quick pairing (/pool)."""
    probe = Browser(port, forwarded_for=address(first + players))
    if (await probe.request("GET", "/pool")).status == 404:
        await probe.close()
        return None
    await probe.close()
    tally, start = Tally(presses=players // 2), asyncio.Event()
    pressing = [asyncio.create_task(asyncio.wait_for(pool_press(port, first + number, tally, start), TIMEOUT))
                for number in range(players)]
    await asyncio.sleep(min(5.0, 0.02 * players))  # every browser on /pool first
    tally.first_press = time.monotonic()
    start.set()
    games: dict[str, list[tuple[float, float]]] = {}
    for outcome in await asyncio.gather(*pressing, return_exceptions=True):
        if isinstance(outcome, TimeoutError):
            tally.errors["pool timeout"] += 1
        elif isinstance(outcome, BaseException):
            raise outcome
        elif outcome is not None:
            games.setdefault(outcome[0], []).append(outcome[1:])
    for game, seats in games.items():
        if len(seats) == 2:
            later = max(pressed for pressed, _ in seats)
            (first_pressed, first_shown), (_, second_shown) = sorted(seats)
            tally.paired(game, later, {"first to press": first_shown, "second": second_shown})
    tally.done = len(tally.pairing_seconds)
    return tally


async def none() -> None:
    return None


async def close_all(players: list[Player]) -> None:
    for player in players:
        await player.browser.close()
        if player.stream is not None:
            await player.stream.close()


async def invite(port: int, number: int, tally: Tally) -> tuple[Browser, EventStream, str] | None:
    """A friend's invitation made and its page open with its stream: the inviter, the stream, the game's path."""
    inviter = Browser(port, forwarded_for=address(number))
    await inviter.open()
    reply = await inviter.post("/online", INVITE, htmx=False)
    if reply.status != 303:
        tally.errors[f"invite {reply.status}"] += 1
        return None
    game = path_of(reply.headers["location"])
    page = await inviter.request("GET", game)
    after = STREAM_AFTER.search(page.body)
    stream = await EventStream(port, f"{game}/events?after={after.group(1) if after else 0}", inviter.cookie,
                               forwarded_for=inviter.forwarded_for).open()
    if stream.status != 200:
        tally.errors[f"inviter stream {stream.status}"] += 1
        return None
    return inviter, stream, game


async def inviter_shown(stream: EventStream, tally: Tally) -> float | None:
    """When the inviter's stream brings the page with the friend seated (the board, their turn)."""
    deadline = time.monotonic() + TIMEOUT
    while (left := deadline - time.monotonic()) > 0:
        message = await stream.next(seconds=left)
        if message is None:
            break
        if BOARD_SHOWN in message.data:
            return time.monotonic()
    tally.errors["inviter never told"] += 1
    return None


async def join(port: int, number: int, game: str, tally: Tally, start: asyncio.Event) -> tuple[float, float] | None:
    """The friend opens the link, then presses Join once start is set: the press, and when its board was drawn."""
    friend = Browser(port, forwarded_for=address(number))
    try:
        if (await friend.request("GET", game)).status != 200:
            tally.errors["link page"] += 1
            return None
        await start.wait()
        pressed = time.monotonic()
        reply = await friend.post(f"{game}/join", {}, htmx=False)
        if reply.status != 303:
            tally.errors[f"join {reply.status}"] += 1
            return None
        shown = await board_at(friend, reply.headers["location"], tally, "friend")
        return None if shown is None else (pressed, shown)
    finally:
        await friend.close()


async def one_invitation(port: int, number: int, pairs: int, tally: Tally, start: asyncio.Event,
                         ready: Callable[[], None]) -> None:
    made = await invite(port, number, tally)
    if made is None:
        ready()
        return
    inviter, stream, game = made
    try:
        joining = asyncio.create_task(join(port, number + pairs, game, tally, start))
        ready()
        told, joined = await asyncio.gather(inviter_shown(stream, tally), joining)
        if told is not None and joined is not None:
            tally.paired(game, joined[0], {"friend": joined[1], "inviter": told})
    finally:
        await stream.close()
        await inviter.close()


async def invitations(port: int, first: int, pairs: int) -> Tally:
    """Phase 3: pairs invitations made, then every friend joins at once."""
    tally, start, waiting = Tally(presses=pairs), asyncio.Event(), [pairs]

    def ready() -> None:
        waiting[0] -= 1
        if not waiting[0]:
            tally.first_press = time.monotonic()
            start.set()

    await asyncio.gather(*(bounded(one_invitation(port, first + number, pairs, tally, start, ready))
                           for number in range(pairs)))
    tally.done = len(tally.pairing_seconds)
    return tally


@dataclass
class Held:
    """Phase 4: the lobby pages opened and held at once, and what one change then reached."""

    asked: int = 0
    at_once: int = 0  # held at the first try
    held: int = 0  # held, some after trying again
    refused: Counter[str] = field(default_factory=Counter)  # "page 503", "stream 429", ...
    reached: list[float] = field(default_factory=list)

    def summary(self) -> str:
        refused = ", ".join(f"{kind}: {count}" for kind, count in self.refused.most_common()) or "none"
        p50, p90 = (statistics.median(self.reached) if self.reached else float("nan"),
                    percentile(self.reached, 0.9))
        return (f"{self.at_once} of {self.asked} held at once at the first try, {self.held} after trying again "
                f"(up to {PAGE_TRIES} tries); refused: {refused}; one seek then reached "
                f"{len(self.reached)} of them, p50 {p50 * 1e3:.0f} ms p90 {p90 * 1e3:.0f} ms")


async def open_page(port: int, number: int, held: Held) -> Player | None:
    tally = Tally()
    player = await arrive(port, number, False, tally, tries=PAGE_TRIES)
    for kind, count in tally.errors.items():
        held.refused[kind] += count
    if player is not None:
        held.held += 1
        held.at_once += not tally.errors
    return player


async def reached(page: Player, made: asyncio.Event, held: Held) -> None:
    """When the list with the new seek arrives on this page (after made is set)."""
    assert page.stream is not None
    await made.wait()
    pressed = time.monotonic()
    while (message := await page.stream.next(seconds=TIMEOUT)) is not None:
        if "/accept" in message.data:
            held.reached.append(time.monotonic() - pressed)
            return


async def hold_pages(port: int, first: int, count: int) -> Held:
    """Open count lobby pages, each a visitor of its own, a few at a time so that a refusal is the server's
    bound, not a burst of connections; hold them all; then one seek, which every page's list should show."""
    held, gate = Held(asked=count), asyncio.Semaphore(50)

    async def opened(number: int) -> Player | None:
        async with gate:
            return await open_page(port, number, held)

    pages = [page for page in await asyncio.gather(*(opened(first + number) for number in range(count))) if page]
    made = asyncio.Event()
    watching = [asyncio.create_task(reached(page, made, held)) for page in pages]
    seeker = Browser(port, forwarded_for=address(first + count))
    await seeker.request("GET", "/lobby")
    await asyncio.sleep(1)  # every page's first message (the list as it stood) read
    made.set()
    reply = await seeker.post("/lobby/seeks", {**SEEK, "rated": "casual"}, htmx=False)
    if reply.status != 303:
        held.refused[f"the seek {reply.status}"] += 1
    if watching:
        await asyncio.wait(watching, timeout=TIMEOUT)
    for task in watching:
        task.cancel()
    await seeker.close()
    await close_all(pages)
    return held


@dataclass
class Run:
    seeks: Tally
    accepts: Tally
    streams_held: int
    quick: Tally | None
    invitations: Tally
    pages: Held


async def measure(port: int, players: int = PLAYERS, pages: int = PAGES) -> Run:
    pairs = players // 2
    seeks, accepts, streams_held = await seeks_and_accepts(port, 1, pairs)
    quick = await quick_pairing(port, 1 + 3 * players + pages, players)
    invited = await invitations(port, 1 + players, pairs)
    held = await hold_pages(port, 1 + 2 * players, pages)
    return Run(seeks, accepts, streams_held, quick, invited, held)


def ratios(name: str, tally: Tally, invited: Tally) -> str:
    """tally's p50 and p90 as a share of the invitation's, measured in the same run."""
    if not (tally.pairing_seconds and invited.pairing_seconds):
        return f"{name} / invitation: (nothing paired to compare)"
    p50 = statistics.median(tally.pairing_seconds) / statistics.median(invited.pairing_seconds)
    p90 = percentile(tally.pairing_seconds, 0.9) / percentile(invited.pairing_seconds, 0.9)
    return f"{name} / invitation: p50 {p50:.2f}x, p90 {p90:.2f}x"


def report(store: str, run: Run, players: int, load: str) -> list[str]:
    """The run's figures, a line each (a continuation indented further)."""
    seeks, accepts, invited, quick = run.seeks, run.accepts, run.invitations, run.quick
    errors = ", ".join(f"{kind}: {count}" for kind, count in seeks.errors.most_common()) or "none"
    return [
        f"gunicorn gthread (make serve), {store} store, {players} players, {load}",
        f"  seeks        {seeks.done} of {seeks.presses} made at once, "
        f"{rate(seeks.done, seeks.last_board - seeks.first_press):.0f} a minute; errors: {errors}",
        f"  accepts      {accepts.summary()}",
        f"               (target p90 <= 1000 ms; {run.streams_held} lobby streams held by the players, which brought"
        f" the seekers {accepts.lists} lists meanwhile)",
        f"               each side's own: {accepts.sides_summary()}",
        *([f"  quick        {quick.summary()}", f"               each side's own: {quick.sides_summary()}"]
          if quick else ["  quick        (no quick pairing here: /pool is not served)"]),
        f"  invitations  {invited.summary()}",
        f"               each side's own: {invited.sides_summary()}",
        f"  ratio        {ratios('accepts', accepts, invited)}"
        + (f"; {ratios('quick', quick, invited)}" if quick else ""),
        f"  lobby pages  {run.pages.summary()} (target 1000 held, none refused)",
    ]


def serve(instance: Path, settings: dict[str, str]) -> AppServer:
    workers = int(WORKERS) if WORKERS else None
    return AppServer(instance, workers=workers, TRUSTED_PROXIES="1", **BOUNDS,
                     GUNICORN_CMD_ARGS="--log-level warning", **settings)


def main() -> None:
    for store, settings, instance, _ in each_store(STORES):
        with serve(instance, settings) as server:
            assert server.process is not None
            meter = Meter([server.process.pid])
            run = asyncio.run(measure(server.port))
            load = f"{meter}; uptime: {os.getloadavg()[0]:.1f} load average (1 min)"
            print("\n".join(report(store, run, PLAYERS, load)), flush=True)


if __name__ == "__main__":
    main()
