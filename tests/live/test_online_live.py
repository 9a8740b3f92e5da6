"""Games between friends on real servers: gunicorn as `make serve` runs it,
on the embedded store and on Redis. A seat raced for by many browsers at once,
a stream that resumes after the server restarts mid-game, two server
processes sharing one Redis with a player on each (moves, a clock, an offer,
a flag with no page open), and a clock's flag falling after a restart."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from harness.client import Browser, EventStream, Reply
from harness.flag_falls import SHORT_CLOCK, flag_delays, left_after_one_stone, store_of
from harness.servers import AppServer, RedisServer, run, wait_until


async def invite(browser: Browser, board: str = "3x3") -> str:
    await browser.open()
    reply = await browser.post("/online", {"board": board, "side": "x"}, htmx=False)
    assert reply.status == 303
    return re.sub(r"^https?://[^/]+", "", reply.headers["location"])


async def seat(browser: Browser, game: str) -> int:
    await browser.open()
    return (await browser.post(game + "/join", {}, htmx=False)).status


def test_many_browsers_racing_for_one_seat_exactly_one_gets_it(served: AppServer):
    async def scenario() -> None:
        game = await invite(Browser(served.port))
        racers = [Browser(served.port) for _ in range(12)]
        for racer in racers:
            await racer.open()
        replies = await asyncio.gather(*(racer.post(game + "/join", {}, htmx=False) for racer in racers))
        assert sorted(reply.status for reply in replies) == [303] + [409] * 11
        for racer in racers:
            await racer.close()

    run(scenario())


def test_a_move_reaches_the_other_players_stream_and_a_spectators(served: AppServer):
    async def scenario() -> None:
        alice, bob = Browser(served.port), Browser(served.port)
        game = await invite(alice)
        assert await seat(bob, game) == 303
        watching = await EventStream(served.port, game + "/events?after=1", bob.cookie).open()
        spectator = await EventStream(served.port, game + "/events?after=1").open()
        assert watching.status == spectator.status == 200
        assert (await alice.post(game + "/move", {"cell": 4, "ply": 0})).status == 200
        for stream in (watching, spectator):
            message = await stream.next()
            assert message.id == "2" and "X played row 2, column 2." in message.data
        for stream in (watching, spectator):
            await stream.close()

    run(scenario())


def test_the_stream_resumes_after_the_server_restarts_mid_game(tmp_path: Path):
    server = AppServer(tmp_path / "instance", workers=2).start()
    try:
        async def before_restart() -> tuple[Browser, Browser, str, str]:
            alice, bob = Browser(server.port), Browser(server.port)
            game = await invite(alice)
            await seat(bob, game)
            stream = await EventStream(server.port, game + "/events?after=1", bob.cookie).open()
            await alice.post(game + "/move", {"cell": 4, "ply": 0})
            message = await stream.next()
            await stream.close()
            await alice.close()
            await bob.close()
            return alice, bob, game, message.id

        alice, bob, game, last = run(before_restart())
        assert last == "2"
        server.stop()
        server.start()  # the same port and instance folder: the game was kept

        async def after_restart() -> None:
            assert (await bob.post(game + "/move", {"cell": 0, "ply": 1})).status == 200
            stream = await EventStream(server.port, game + "/events", alice.cookie, last_event_id=last).open()
            # O moved while X's page was away (event 3): it is sent on resuming, nothing lost.
            moved = await stream.next()
            assert moved.id == "3" and "O played row 1, column 1." in moved.data
            assert Reply(200, {}, moved.data).board == "O...X...."
            await stream.close()

        run(after_restart())
    finally:
        server.stop()


def test_two_server_processes_sharing_redis_a_player_on_each(tmp_path: Path, redis_server: RedisServer):
    """The many-machines set-up (docs/deploying.md): Alice on one server, Bob
    on another. Moves reach both; the clock Bob's server started is the one
    Alice's shows, and the draw Bob offers there is the one Alice accepts
    here; and a clock that runs out with no page open ends its game."""
    clocks = {"CLOCKS": f"{SHORT_CLOCK} 5+3"}
    first = AppServer(tmp_path / "one", workers=1, REDIS_URL=redis_server.url, **clocks).start()
    second = AppServer(tmp_path / "two", workers=1, REDIS_URL=redis_server.url, **clocks).start()
    try:
        async def scenario() -> None:
            alice, bob = Browser(first.port), Browser(second.port)
            game = await invite(alice, "7x7")
            assert await seat(bob, game) == 303, "the game made on one server is found on the other"
            alices_stream = await EventStream(first.port, game + "/events?after=1", alice.cookie).open()
            bobs_stream = await EventStream(second.port, game + "/events?after=1", bob.cookie).open()
            assert (await alice.post(game + "/move", {"cell": 24, "ply": 0})).status == 200
            assert "Black played d4." in (await bobs_stream.next()).data
            assert "Black played d4." in (await alices_stream.next()).data
            assert (await bob.post(game + "/move", {"cell": 25, "ply": 1})).status == 200
            assert "White played e4." in (await alices_stream.next()).data
            for stream in (alices_stream, bobs_stream):
                await stream.close()

        async def on_the_clock() -> None:
            alice, bob = Browser(first.port), Browser(second.port)
            await alice.open()
            invited = await alice.post("/online", {"board": "7x7", "side": "x", "clock": "5+3"}, htmx=False)
            game = re.sub(r"^https?://[^/]+", "", invited.headers["location"])
            assert await seat(bob, game) == 303
            assert (await alice.post(game + "/move", {"cell": 24, "ply": 0})).status == 200
            assert (await bob.post(game + "/move", {"cell": 25, "ply": 1})).status == 200
            seen_by_alice = (await alice.request("GET", game)).body
            assert re.search(r"Your opponent \(white\): <strong>5:0[0-3]</strong>", seen_by_alice), \
                "white's time, with 3 s added"
            assert (await bob.post(game + "/offer", {"kind": "draw", "ply": 2})).status == 200
            assert "Your opponent offers a draw." in (await alice.request("GET", game)).body
            assert (await alice.post(game + "/answer", {"answer": "accept", "ply": 2})).status == 200
            assert '<p id="status">A draw, agreed.</p>' in (await bob.request("GET", game)).body

        run(scenario())
        run(on_the_clock())
        games = store_of(tmp_path / "one", redis_server.url)
        ((game_id, delay),) = flag_delays(second.port, games, 1).items()
        assert 0 <= delay < float("inf"), "written by the flag's job, no sooner than the deadline"
        assert games.events_after(game_id, 0)[-1].event.text == "White's time ran out: black wins on time."
    finally:
        first.stop()
        second.stop()



def test_a_clock_survives_a_restart_and_its_flag_falls_with_nobody_asking(tmp_path: Path):
    """The server stops just after X's first stone and starts again; no page
    is asked for after that, and O's time-out is written all the same."""
    instance = tmp_path / "instance"
    server = AppServer(instance, workers=1, CLOCKS=SHORT_CLOCK).start()
    try:
        game_id = run(left_after_one_stone(server.port))
        server.stop()
        server.start()
        games = store_of(instance, None)
        wait_until(lambda: games.get(game_id).ending.timed_out == "O", "the flag after the restart", 30)
        assert games.events_after(game_id, 0)[-1].event.text == "White's time ran out: black wins on time."
    finally:
        server.stop()

