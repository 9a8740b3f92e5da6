"""Ready for real traffic: racing requests under several worker processes, both
stores, Redis shared and failing, unreadable data, expiry, headers."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from redis import Redis

from harness.client import Browser
from harness.positions import position
from harness.servers import AppServer, RedisServer, ending_with_this_process, run
from tests.support import Visitor
from webapp.app import create_app
from webapp.storage.sessions import DiskSessions
from webapp.storage.sqlite import ThreadConnections

RACERS = 24




async def race(browser: Browser, ply: int, cells: list[int]) -> list:
    """RACERS tabs of one browser click at once on the board they all show."""
    tabs = [browser.twin() for _ in range(RACERS)]
    replies = await asyncio.gather(*(tab.post("/move", {"cell": cells[i % len(cells)], "ply": ply})
                                     for i, tab in enumerate(tabs)))
    for tab in tabs:
        await tab.close()
    return replies


@pytest.mark.parametrize("opponent", ["human", "perfect"])
def test_racing_moves_apply_exactly_once(served: AppServer, opponent: str):
    async def scenario() -> None:
        browser = Browser(served.port)
        await browser.open()
        board = (await browser.post("/new", {"x": "human", "o": opponent})).board
        while not position(board).is_over:
            before = board.count("X") + board.count("O")
            replies = await race(browser, before, position(board).legal_moves())
            applied = [reply for reply in replies if reply.status == 200]
            assert len(applied) == 1, sorted(reply.status for reply in replies)
            assert all(reply.status == 409 for reply in replies if reply not in applied)
            previous, board = board, applied[0].board
            position(board).validate()
            changed = [cell for cell in range(9) if previous[cell] != board[cell]]
            assert all(previous[cell] == "." for cell in changed), "no mark is ever overwritten"
            added = sorted(board[cell] for cell in changed)
            if opponent == "human":
                assert len(added) == 1
            else:  # the person's X and the computer's O, unless the X ended the game
                assert added == ["O", "X"] or (added == ["X"] and position(board).is_over)
            stored = (await browser.request("GET", "/")).board
            assert stored == board, "the stored game is the one move that was applied"
            assert all(reply.board == stored for reply in replies), "every refusal shows the board as stored"
        await browser.close()

    run(scenario())


def test_two_processes_sharing_redis_continue_one_game(tmp_path: Path, redis_server: RedisServer):
    first = AppServer(tmp_path / "one", workers=2, REDIS_URL=redis_server.url).start()
    second = AppServer(tmp_path / "two", workers=2, REDIS_URL=redis_server.url).start()
    try:
        async def scenario() -> None:
            browser = Browser(first.port)
            await browser.open()
            await browser.post("/new", {"x": "human", "o": "human"})
            await browser.post("/move", {"cell": 4, "ply": 0})
            browser.port = second.port
            await browser.close()
            assert (await browser.post("/move", {"cell": 0, "ply": 1})).board == "O...X...."
            browser.port = first.port
            await browser.close()
            assert (await browser.request("GET", "/")).board == "O...X...."
            await browser.close()

        run(scenario())
    finally:
        first.stop()
        second.stop()


def test_redis_down_gives_503_and_the_app_recovers_by_itself(tmp_path: Path):
    redis_server = RedisServer().start()
    app = create_app({"SECRET_KEY": "k", "REDIS_URL": redis_server.url}, instance_path=tmp_path)
    visitor = Visitor(app.test_client())
    visitor.move(4)
    assert app.test_client().get("/healthz").status_code == 200
    redis_server.stop()
    page = visitor.client.get("/")
    assert page.status_code == 503 and "The game store is unavailable" in page.text
    assert page.headers["Retry-After"] == "5"
    move = visitor.post("/move", {"cell": "0", "ply": "2"})  # with htmx: a message in place of the game
    assert move.status_code == 503 and move.text.startswith('<section id="game"') and "<html" not in move.text
    assert "The game store is unavailable" in move.text and "Traceback" not in move.text
    assert app.test_client().get("/healthz").status_code == 503
    redis_server.start()
    try:
        assert app.test_client().get("/healthz").status_code == 200
        page = visitor.open()  # the store kept nothing on disk, so this is a fresh game
        assert page.status_code == 200
        assert visitor.move(4).status_code == 200
    finally:
        redis_server.stop()


@pytest.mark.parametrize("fault", ["hangs", "stops"])
def test_redis_failing_in_the_middle_of_a_move_gives_503_and_the_game_is_unchanged(tmp_path: Path, fault: str):
    """The move is thought about while Redis hangs (SIGSTOP) or stops: the
    answer is a 503 saying so, never a 500 (the session lock's release, after
    the answer, must not raise); once Redis answers again, the lock the move
    held is released by itself, and the next move is played at once."""
    redis_server = RedisServer().start()
    try:
        app = create_app({"TESTING": True, "SECRET_KEY": "k", "REDIS_URL": redis_server.url,
                          "ENGINE_BUDGET_MS": 50}, instance_path=tmp_path)
        visitor = Visitor(app.test_client())
        visitor.post("/new", {"board": "7x7", "o": "master"})
        visitor.move(0)
        before = visitor.stored()
        engines = app.extensions["engines"]
        think = engines.think

        def think_while_redis_fails(*arguments, **options):
            redis_server.process.send_signal(signal.SIGSTOP) if fault == "hangs" else redis_server.stop()
            return think(*arguments, **options)

        engines.think = think_while_redis_fails
        move = visitor.move(48, ply=2)
        assert move.status_code == 503 and "unavailable" in move.text and "Traceback" not in move.text
        engines.think = think
        if fault == "hangs":
            redis_server.process.send_signal(signal.SIGCONT)
            assert visitor.stored() == before, "the game is as it was"
            assert visitor.move(48, ply=2).status_code == 200, "no lock was left behind to wait on"
        else:
            redis_server.start()  # it kept nothing: a fresh game
            assert visitor.open().status_code == 200 and visitor.move(4).status_code == 200
    finally:
        if redis_server.process:
            redis_server.process.send_signal(signal.SIGCONT)
        redis_server.stop()


@pytest.fixture(params=["disk", "redis"])
def app_on(request: pytest.FixtureRequest, tmp_path: Path, redis_server: RedisServer):
    store = {"REDIS_URL": redis_server.url} if request.param == "redis" else {}
    return create_app({"SECRET_KEY": "k", **store}, instance_path=tmp_path / "instance")


def corrupt(app, sid: str, data: bytes) -> None:
    """Overwrite a session's stored bytes, whichever store holds it."""
    store, key = app.session_interface, f"session:{sid}"
    if isinstance(store, DiskSessions):
        store._db().execute("UPDATE sessions SET data = ? WHERE id = ?", (data, key))
    else:
        store.client.set(key, data)


@pytest.mark.parametrize("data", [
    b"", b"\x00\x01", b"garbage", b"\x80\x04\x95\x10",  # truncated pickle
    b"\x80\x04K\x01.",                                   # a pickled number, not a session
    b"\x92\x01\x02", b'{"game": 42, "score": []}',       # other shapes, msgpack and JSON
    b"\x82\xa4game\xa1x\xa5score\xc0",                    # a session of another version
])
def test_unreadable_session_data_gives_a_fresh_game(app_on, data: bytes):
    visitor = Visitor(app_on.test_client())
    visitor.move(4)
    corrupt(app_on, visitor.client.get_cookie("session").value, data)
    page = visitor.client.get("/")
    assert page.status_code == 200 and 'name="ply" value="0"' in page.text
    assert visitor.open().status_code == 200 and visitor.move(4).status_code == 200


def test_a_restart_keeps_the_game_on_redis(tmp_path: Path, redis_server: RedisServer):
    config = {"SECRET_KEY": "k", "REDIS_URL": redis_server.url}
    visitor = Visitor(create_app(config, instance_path=tmp_path).test_client())
    visitor.move(4)
    restarted = create_app(config, instance_path=tmp_path).test_client()
    restarted.set_cookie("session", visitor.client.get_cookie("session").value)
    assert 'name="ply" value="2"' in restarted.get("/").text


def test_sessions_expire_after_the_idle_time(tmp_path: Path, redis_server: RedisServer):
    config = {"SECRET_KEY": "k", "SESSION_IDLE_SECONDS": 600}
    on_redis = Visitor(create_app({**config, "REDIS_URL": redis_server.url}, instance_path=tmp_path).test_client())
    on_redis.move(4)
    ttl = Redis.from_url(redis_server.url).ttl(f"session:{on_redis.client.get_cookie('session').value}")
    assert 590 <= ttl <= 600

    app = create_app(config, instance_path=tmp_path / "disk")
    on_disk = Visitor(app.test_client())
    on_disk.move(4)
    db, key = app.session_interface._db(), f"session:{on_disk.client.get_cookie('session').value}"
    (expires,) = db.execute("SELECT expires - strftime('%s') FROM sessions WHERE id = ?", (key,)).fetchone()
    assert 590 <= expires <= 601
    db.execute("UPDATE sessions SET expires = expires - 601 WHERE id = ?", (key,))  # 601 s idle
    assert 'name="ply" value="0"' in on_disk.client.get("/").text


def test_the_disk_store_does_not_grow_without_bound(tmp_path: Path):
    # One test client makes every session here: the bound on one client's new
    # sessions (tests/storage/test_session_flood.py) is lifted to test the store's own.
    app = create_app({"SECRET_KEY": "k", "SESSION_STORE_LIMIT": 20, "NEW_SESSIONS_PER_HOUR": 1000},
                     instance_path=tmp_path)
    kept = Visitor(app.test_client())
    kept.move(4)
    for turn in range(150):
        assert Visitor(app.test_client()).move(4).status_code == 200
        kept.post("/coach", {"coach": "on" if turn % 2 else "off"})  # a change: never idle for long
        (count,) = app.session_interface._db().execute("SELECT count(*) FROM sessions").fetchone()
        assert count <= 20
    assert len(kept.stored()["moves"]) == 2, "the longest idle go first, not the busy ones"


def test_security_headers_and_cookie_flags(app):
    response = app.test_client().get("/")
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self';" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert "<script>" not in response.text and " style=" not in response.text
    cookie = Visitor(app.test_client()).move(4).headers["Set-Cookie"]  # the first change makes the session
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie


def test_the_cookie_is_secure_when_asked(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("SESSION_COOKIE_SECURE", "1")
    app = create_app({"SECRET_KEY": "k"}, instance_path=tmp_path)
    assert "Secure" in Visitor(app.test_client()).move(4).headers["Set-Cookie"]


def test_healthz_says_whether_the_disk_store_answers(app, instance):
    assert app.test_client().get("/healthz").text == "ok\n"
    app.session_interface._db = ThreadConnections(str(instance / "no such folder" / "sessions.sqlite3"), 1)
    response = app.test_client().get("/healthz")
    assert response.status_code == 503 and response.text == "session store unavailable\n"


def test_settings_come_from_the_environment(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "from the environment")
    monkeypatch.setenv("SESSION_IDLE_SECONDS", "120")
    app = create_app(instance_path=tmp_path)
    assert app.secret_key == "from the environment"
    assert app.permanent_session_lifetime.total_seconds() == 120


def test_threads_beyond_the_redis_pool_wait_for_a_connection_rather_than_fail(redis_server, monkeypatch):
    """A gthread worker runs more threads than redis-py's default pool lets
    connect (100, and then it raises): ours makes the extra ones wait."""
    from concurrent.futures import ThreadPoolExecutor

    from webapp.storage import redis
    monkeypatch.setattr(redis, "REDIS_CONNECTIONS", 2)
    client = redis.redis_client(redis_server.url)
    with ThreadPoolExecutor(8) as pool:  # each holds its connection for a 50 ms BLPOP
        answers = list(pool.map(lambda n: client.blpop([f"nothing-{n}"], timeout=0.05), range(8)))
    assert answers == [None] * 8  # redis-py's own pool, bounded to 2, would have raised for the third


OPEN_WHEN_TOLD = """
import sys
from webapp.storage.sqlite import connect_wal
print("ready", flush=True)
sys.stdin.readline()  # the word to go, sent to every opener at once
connect_wal(sys.argv[1], 5).execute("CREATE TABLE IF NOT EXISTS t (x)")
"""
"""A worker booting: it opens the store's new SQLite file when told to."""


def test_workers_starting_together_all_open_a_new_sqlite_file(tmp_path: Path):
    """Switching a new file to WAL from several processes at once made SQLite
    answer "database is locked" to some of them, and their workers failed to
    boot. (The openers are processes of their own, not forks of this one: a
    fork of a process with threads can inherit a lock that no thread will free.)"""
    for trial in range(10):  # plain connections failed in about one trial in seven
        path = str(tmp_path / f"new-{trial}.sqlite3")
        openers = [subprocess.Popen(ending_with_this_process([sys.executable, "-c", OPEN_WHEN_TOLD, path]),
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for _ in range(8)]
        assert [opener.stdout.readline() for opener in openers] == ["ready\n"] * 8
        for opener in openers:
            opener.stdin.write("go\n")
            opener.stdin.flush()
        assert [opener.wait(30) for opener in openers] == [0] * 8
