"""The one-time rewrite of stored sessions of older shapes (webapp.storage.session_migration),
on a store written by today's code with old shapes beside it, on disk and in Redis."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from redis import Redis

from tests.support import Visitor
from webapp.app import create_app
from webapp.engine import BOARDS
from webapp.storage.session_migration import REDIS_MARK, upgraded

BEFORE_THE_PARTS = {"_permanent": True, "game": {"x": "human", "o": "easy", "moves": "40"},
                    "score": {"easy/win": 2}, "scored": True, "coach": True,
                    "puzzle_streak": 4, "puzzles_solved": ["a-puzzle"]}
"""A session from before it had parts (4283c95), its game from before there were other boards (0478ef8)."""
PARTS_BUT_NO_BOARD = {"_permanent": True,
                      "play": {"game": {"x": "human", "o": "perfect", "moves": "4"},
                               "history": [{"x": "human", "o": "human", "moves": "03142"}, "junk"]}}
"""A session with parts whose games name no board."""
BOTH = {"_permanent": True, "play": {"game": {"board": "4x4", "x": "human", "o": "easy", "moves": "5"}},
        "game": {"board": "3x3", "x": "human", "o": "easy", "moves": "0"}}
"""A part and stale top-level keys beside it (the part was read, the keys not): the keys go."""


def test_each_old_shape_becomes_today_s_and_today_s_is_left_as_it_is():
    assert upgraded(BEFORE_THE_PARTS) == {
        "_permanent": True, "play": {"game": {"board": "3x3", "x": "human", "o": "easy", "moves": "40"},
                                     "score": {"easy/win": 2}, "coach": True},
        "puzzles": {"puzzle_streak": 4, "puzzles_solved": ["a-puzzle"]}}
    assert upgraded(PARTS_BUT_NO_BOARD) == {"_permanent": True, "play": {
        "game": {"board": "3x3", "x": "human", "o": "perfect", "moves": "4"},
        "history": [{"board": "3x3", "x": "human", "o": "human", "moves": "03142"}, "junk"]}}
    assert upgraded(BOTH) == {"_permanent": True, "play": BOTH["play"]}
    today = {"_permanent": True, "play": {"game": {"board": "15x15", "x": "human", "o": "hard", "moves": "h8"}},
             "puzzles": {"puzzle_streak": 1, "puzzles_solved": []}, "my_menace": None}
    assert upgraded(today) is None and upgraded({}) is None and upgraded({"play": "not a part"}) is None


class Store:
    """A store's raw rows, as the session interface keeps them: to write old shapes and read what became of them."""

    def __init__(self, app: Flask):
        self.interface = app.session_interface
        self.redis: Redis | None = getattr(self.interface, "client", None) if app.config.get("REDIS_URL") else None
        self.path = Path(app.instance_path) / "sessions.sqlite3"

    def put(self, sid: str, data: bytes) -> None:
        if self.redis is not None:
            self.redis.set(f"session:{sid}", data, ex=3600)
            return
        with sqlite3.connect(self.path) as db:
            db.execute("INSERT INTO sessions (id, data, expires, established) VALUES (?, ?, ?, 1)",
                       (f"session:{sid}", data, time.time() + 3600))

    def raw(self, sid: str) -> tuple[bytes, float]:
        """The data kept for sid and how long it has to live, in seconds."""
        if self.redis is not None:
            return self.redis.get(f"session:{sid}"), self.redis.ttl(f"session:{sid}")
        with sqlite3.connect(self.path) as db:
            found = db.execute("SELECT data, expires FROM sessions WHERE id = ?", (f"session:{sid}",))
            data, expires = found.fetchone()
        return data, expires - time.time()

    def forget_it_was_done(self) -> None:
        """The store as the release before this one left it: no mark of the rewrite."""
        if self.redis is not None:
            self.redis.delete(REDIS_MARK)
            return
        with sqlite3.connect(self.path) as db:
            db.execute("PRAGMA user_version = 0")

    def encode(self, session: dict[str, Any]) -> bytes:
        return self.interface.serializer.encode(session)

    def decode(self, data: bytes) -> Any:
        return self.interface.serializer.decode(data)


@pytest.fixture(params=["disk", pytest.param("redis", marks=pytest.mark.live)])
def make_app(request: pytest.FixtureRequest, instance: Path) -> Callable[[], Flask]:
    """A maker of apps on one store (the same instance folder, or the same Redis database), each a fresh start.
    Redis's is live, as every test that starts redis-server (make check leaves them to make test)."""
    config: dict[str, Any] = {"TESTING": True, "SECRET_KEY": "test key"}
    if request.param == "redis":
        config["REDIS_URL"] = request.getfixturevalue("redis_server").url.rsplit("/", 1)[0] + "/4"
        Redis.from_url(config["REDIS_URL"]).flushdb()
    return lambda: create_app(config, instance_path=instance)


def session_id(visitor: Visitor) -> str:
    cookie = visitor.client.get_cookie("session")
    assert cookie is not None
    return cookie.value


def test_a_start_rewrites_the_old_shapes_once_and_every_session_opens(make_app: Callable[[], Flask], caplog):
    before = make_app()
    today = Visitor(before.test_client())
    today.new("human", "easy")
    today.move(4)
    store = Store(before)
    kept_today, _ = store.raw(session_id(today))
    for sid, session in (("old-one", BEFORE_THE_PARTS), ("old-two", PARTS_BUT_NO_BOARD), ("old-three", BOTH)):
        store.put(sid, store.encode(session))
    store.put("unreadable", b"\xc1 not a session")
    store.forget_it_was_done()

    caplog.set_level("INFO", logger="webapp.storage.sessions")
    after = make_app()
    assert "Rewrote 3 stored sessions of older shapes" in caplog.text
    assert store.raw(session_id(today))[0] == kept_today, "a session of today's shape is not touched"
    assert store.raw("unreadable")[0] == b"\xc1 not a session"
    data, lives = store.raw("old-one")
    assert store.decode(data) == upgraded(BEFORE_THE_PARTS) and 3500 < lives <= 3600, "its expiry as it was"

    old = Visitor(after.test_client())
    old.client.set_cookie("session", "old-one")
    match = old.match()
    assert (match.game.moves, match.game.rules, match.coach) == ((4, 0), BOARDS["3x3"], True)
    assert "You against easy" in old.open().text
    assert 'Solved in a row in this browser: <strong>4</strong>' in old.client.get("/puzzles").text
    assert old.move(8).status_code == 200
    other = Visitor(after.test_client())
    other.client.set_cookie("session", "old-two")
    assert other.match().game.moves == (4,) and len(other.match().history) == 1
    assert Visitor(after.test_client()).match().game.moves == ()  # a new browser, as ever
    assert today.match().game.moves[0] == 4 and today.open().status_code == 200

    caplog.clear()
    store.put("old-four", store.encode(BEFORE_THE_PARTS))
    make_app()
    assert "Rewrote" not in caplog.text and store.decode(store.raw("old-four")[0]) == BEFORE_THE_PARTS, \
        "once a store is rewritten, a start only reads its mark"
