"""The load generator's own correctness (tests/open_loop.py): arrivals follow
the seeded schedule and never wait for replies, latencies run from the
scheduled time, percentiles are exact, the rate search finds the edge; and
`make load`'s players check every reply."""

from __future__ import annotations

import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from harness.client import Browser
from harness.servers import run
from tools import open_loop
from tools.load import MoveTally, Player, move_is_sound


class Held(ThreadingHTTPServer):
    """A tiny HTTP/1.1 server that answers every GET with an empty 200, after
    hold(the time the request came in) returns; it notes when each request came."""

    daemon_threads = True

    def __init__(self, hold: Callable[[float], None]) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.hold = hold
        self.received: list[float] = []

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # a client that gave up and hung up


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: Held

    def do_GET(self) -> None:
        came = time.monotonic()
        self.server.received.append(came)
        self.server.hold(came)
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@contextmanager
def serving(hold: Callable[[float], None]) -> Iterator[Held]:
    server = Held(hold)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join()


def gate(count: int) -> Callable[[float], None]:
    """A hold that answers nothing until count requests have come in."""
    came, lock, opened = Counter(), threading.Lock(), threading.Event()

    def hold(_: float) -> None:
        with lock:
            came["requests"] += 1
            if came["requests"] >= count:
                opened.set()
        opened.wait(10)
    return hold


def stall(begin: float, end: float) -> Callable[[float], None]:
    """A hold that answers a request coming in between begin and end at end."""
    def hold(came: float) -> None:
        if begin <= came < end:
            time.sleep(end - came)
    return hold


def one_at_a_time(browsers: list[Browser]):
    """A request for the generator: GET /, checking that no browser ever has
    two requests in flight."""
    in_flight: set[int] = set()

    async def request(browser: Browser) -> str:
        assert id(browser) not in in_flight
        in_flight.add(id(browser))
        reply = await browser.request("GET", "/")
        in_flight.remove(id(browser))
        return open_loop.ANSWERED if reply.status == 200 else "error"
    return request


REPLY_SECONDS = 60.0
"""How long a test's request may wait for its reply before it counts as lost: far past any
reply these servers give, so that a machine busy with other work slows a run but never fails
it (the tests assert the order of sends and replies, not their time)."""


def open_loop_run(port: int, schedule: list[float], browsers: int, start: float) -> open_loop.Run:
    clients = [Browser(port) for _ in range(browsers)]

    async def scenario() -> open_loop.Run:
        result = await open_loop.run(schedule, clients, one_at_a_time(clients), start=start, timeout=REPLY_SECONDS)
        for client in clients:
            await client.close()
        return result
    return run(scenario())


def test_the_schedule_is_a_seeded_poisson_process():
    rate, seconds = 200, 500
    schedule = open_loop.poisson_schedule(rate, seconds, seed=3)
    assert schedule == open_loop.poisson_schedule(rate, seconds, seed=3)
    assert schedule != open_loop.poisson_schedule(rate, seconds, seed=4)
    assert all(0 <= t < seconds for t in schedule) and schedule == sorted(schedule)
    # The count is Poisson with mean and variance rate × seconds = 100,000: within 4 standard deviations.
    assert abs(len(schedule) - rate * seconds) < 4 * (rate * seconds) ** 0.5
    # The gaps are exponential with mean 1/rate: standard deviation equal to the mean,
    # and a share e^-k of them longer than k means.
    gaps = [later - earlier for earlier, later in zip(schedule, schedule[1:])]
    mean = statistics.fmean(gaps)
    assert mean == pytest.approx(1 / rate, rel=0.02)
    assert statistics.pstdev(gaps) == pytest.approx(mean, rel=0.02)
    for k in (0.1, 1, 3):
        longer = sum(gap > k * mean for gap in gaps) / len(gaps)
        assert longer == pytest.approx(2.718281828 ** -k, rel=0.05)


def test_requests_go_out_on_schedule_without_waiting_for_replies():
    """The server answers nothing until 60 requests have come in: a generator
    that waited for replies before sending would never get there."""
    schedule = open_loop.poisson_schedule(150, 1.0, seed=5)
    with serving(gate(60)) as server:
        result = open_loop_run(server.server_address[1], schedule, browsers=200, start=time.monotonic() + 0.05)
    arrivals = result.arrivals
    assert [arrival.scheduled - result.start for arrival in arrivals] == pytest.approx(schedule)
    assert all(arrival.outcome == open_loop.ANSWERED for arrival in arrivals)
    assert len(server.received) == len(schedule) and result.waited == 0
    assert all(arrival.sent >= arrival.scheduled for arrival in arrivals)  # never early
    sixtieth = arrivals[59]
    for arrival in arrivals[:59]:
        # Sent before any reply came back; answered only once the 60th was sent.
        assert arrival.sent <= sixtieth.sent <= arrival.done
        assert arrival.latency >= sixtieth.scheduled - arrival.scheduled


def test_latency_runs_from_the_scheduled_time_through_a_stall():
    """The server stalls for 0.4 s; only 3 browsers, so most requests due during
    the stall cannot even be sent until it ends. Each still counts the whole
    wait from its scheduled time: at least the time left of the stall."""
    schedule = open_loop.poisson_schedule(100, 1.2, seed=6)
    start = time.monotonic() + 0.05
    begin, end = start + 0.3, start + 0.7
    with serving(stall(begin, end)) as server:
        result = open_loop_run(server.server_address[1], schedule, browsers=3, start=start)
    assert all(arrival.outcome == open_loop.ANSWERED for arrival in result.arrivals)
    during = [arrival for arrival in result.arrivals if begin <= arrival.scheduled < end]
    assert len(during) > 10
    late = [arrival for arrival in during if arrival.sent >= end]
    assert len(late) >= len(during) - 3 and result.waited >= len(late)
    for arrival in during:
        assert arrival.done >= end
        assert arrival.latency >= end - arrival.scheduled


def test_requests_that_never_come_back_count_as_infinitely_slow():
    """The server takes a second; the generator gives up on a request after
    0.2 s, and on one still waiting for a browser 0.2 s after the last
    scheduled time. (The one browser leaves after its first request.)"""
    async def leave(browser: Browser) -> bool:
        await browser.close()
        return False

    with serving(lambda came: time.sleep(1)) as server:
        browser = Browser(server.server_address[1])
        result = run(open_loop.run([0.0, 0.01], [browser], one_at_a_time([browser]), leave, timeout=0.2))
    assert [arrival.outcome for arrival in result.arrivals] == [open_loop.TIMEOUT, open_loop.UNSENT]
    assert result.latencies() == [float("inf")] * 2 and result.waited == 1


def test_percentiles_are_nearest_rank():
    values = list(range(1, 1001))
    assert open_loop.percentile(values, 50) == 500
    assert open_loop.percentile(values, 99) == 990
    assert open_loop.percentile(values, 99.9) == 999
    assert open_loop.percentile(values, 100) == 1000
    assert open_loop.percentile([7.0], 99.9) == 7.0
    assert open_loop.percentile([1, 2, 3, float("inf")], 50) == 2


@pytest.mark.parametrize("first", [50, 200, 5000])
def test_the_rate_search_finds_the_highest_passing_rate(first: float):
    edge = 437.0
    search = open_loop.RateSearch(first)
    tried = 0
    while (rate := search.next_rate()) is not None:
        search.record(rate, rate <= edge)
        tried += 1
        assert tried < 20
    assert edge / search.precision <= search.capacity <= edge


def test_the_rate_search_ignores_a_pass_above_a_fail():
    search = open_loop.RateSearch(100)
    for rate, ok in ((100, True), (150, False), (225, True)):
        search.record(rate, ok)
    assert search.capacity == 100
    assert search.next_rate() == pytest.approx((100 * 150) ** 0.5)


def test_a_sound_reply_keeps_every_mark_and_adds_one_of_each():
    assert move_is_sound(".........", "X...O....", 0)
    assert not move_is_sound(".........", "X........", 0)        # no reply, game not over
    assert not move_is_sound("X...O....", ".X..O...O", 1)        # lost the X on 0
    assert not move_is_sound(".........", "XO.O.....", 0)        # two O
    assert move_is_sound("XX.OO....", "XXXOO....", 2)            # a win needs no reply


def test_players_play_whole_games_against_the_app(live_server: str):
    """A short open loop of moves against the app itself: every reply checked."""
    port = int(live_server.rsplit(":", 1)[1])
    tally = MoveTally()

    async def scenario() -> open_loop.Run:
        players = [Player(Browser(port), seed, tally) for seed in range(8)]
        assert all([await player.new_game() for player in players])
        result = await open_loop.run(open_loop.poisson_schedule(40, 1.5, seed=1), players,
                                     Player.move, Player.ready)
        for player in players:
            await player.browser.close()
        return result
    result = run(scenario())
    assert len(result.arrivals) > 30
    assert all(arrival.outcome == open_loop.ANSWERED for arrival in result.arrivals)
    assert tally.errors == tally.illegal == 0 and tally.games > 3
