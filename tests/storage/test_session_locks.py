"""Session locks (webapp.storage.sessions): only a stored session's changing
request takes one, and a lock held too long is answered 503, never a hang.
That racing requests of one session still run one after another is
tests/live/test_production.py's test_racing_moves_apply_exactly_once."""

from __future__ import annotations

import fcntl
import os
import threading
import zlib
from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from werkzeug.test import TestResponse

from tests.support import Visitor
from webapp.app import create_app
from webapp.storage import sessions
from webapp.storage.sessions import LOCK_STRIPES

HANG_GUARD = 30.0
"""Seconds a request may take before the test calls it stuck on a lock (the
old code's flock waited for ever): a guard against hanging, not a measure."""


def answered(request: Callable[[], TestResponse]) -> TestResponse:
    """request()'s answer, made in a thread, so that a request waiting for a
    lock fails the test instead of hanging it."""
    answers: list[TestResponse] = []
    thread = threading.Thread(target=lambda: answers.append(request()), daemon=True)
    thread.start()
    thread.join(HANG_GUARD)
    assert answers, "the request is still waiting for a session lock"
    return answers[0]


@pytest.fixture
def held_stripe(app: Flask, visitor: Visitor) -> Iterator[str]:
    """The visitor has a stored game, and its session's stripe is locked by
    another holder (as a request in flight would) until the test ends;
    yields the visitor's session id."""
    assert visitor.move(4, 0).status_code == 200
    sid = visitor.client.get_cookie("session").value
    fd = os.open(app.session_interface.lock_path(sid), os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    yield sid
    os.close(fd)


def same_stripe(sid: str) -> str:
    """A made-up cookie whose lock would be sid's stripe."""
    stripe = zlib.crc32(sid.encode()) % LOCK_STRIPES
    return next(made_up for made_up in (f"made-up-{n}" for n in range(100 * LOCK_STRIPES))
                if made_up != sid and zlib.crc32(made_up.encode()) % LOCK_STRIPES == stripe)


def test_a_made_up_cookie_takes_no_lock_and_gets_a_fresh_game(app: Flask, held_stripe: str, monkeypatch):
    monkeypatch.setattr(sessions, "LOCK_WAIT", 0.0)  # were it to wait for the stripe, a 503, not a hang
    stranger = Visitor(app.test_client())
    stranger.client.set_cookie("session", same_stripe(held_stripe))
    response = answered(lambda: stranger.move(4, 0))
    assert response.status_code == 200, response.text
    assert stranger.client.get_cookie("session").value != same_stripe(held_stripe), "a fresh session"
    assert stranger.stored()["moves"].startswith("4"), "the move was played"


def test_a_session_locked_past_the_wait_is_answered_503_and_stays_unchanged(visitor: Visitor, held_stripe: str,
                                                                              monkeypatch):
    monkeypatch.setattr(sessions, "LOCK_WAIT", 0.01)
    before = visitor.stored()
    response = answered(lambda: visitor.new("human", "human"))
    assert response.status_code == 503 and response.headers["Retry-After"] == "5"
    assert "The game store is unavailable just now" in response.text
    assert visitor.stored() == before


def test_a_made_up_cookie_takes_no_redis_lock(tmp_path, redis_server, monkeypatch):
    app = create_app({"TESTING": True, "SECRET_KEY": "test key", "REDIS_URL": redis_server.url},
                     instance_path=tmp_path / "instance")
    locked: list[str] = []
    acquire = type(app.session_interface).acquire
    monkeypatch.setattr(type(app.session_interface), "acquire",
                        lambda self, sid: (locked.append(sid), acquire(self, sid))[1])
    stranger = Visitor(app.test_client())
    stranger.client.set_cookie("session", "made-up")
    assert stranger.new("human", "human").status_code == 200 and locked == []
    real = stranger.client.get_cookie("session").value
    assert stranger.move(4, 0).status_code == 200 and locked == [real], "a stored session still locks"
    assert stranger.stored()["moves"] == "4"
