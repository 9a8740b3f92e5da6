"""A flood of new sessions from one client: bounded per client, and on the
disk store it pushes out its own fresh sessions, never a session a person came back to."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from tests.support import Visitor
from webapp.app import create_app


def app_on(store: str, tmp_path: Path, request: pytest.FixtureRequest, **config: object) -> Flask:
    extra = {"REDIS_URL": request.getfixturevalue("redis_server").url} if store == "redis" else {}
    return create_app({"TESTING": True, "SECRET_KEY": "k", "TRUSTED_PROXIES": 1, **extra, **config},
                      instance_path=tmp_path)


def first_move(app: Flask, address: str, visitor: Visitor | None = None):
    """The centre played from a browser (a new one unless given) behind a proxy that says it is address."""
    visitor = visitor or Visitor(app.test_client())
    return visitor.client.post("/move", data={"cell": "4", "ply": "0"},
                               headers={**Visitor.SAME_ORIGIN, "X-Forwarded-For": address})


@pytest.mark.parametrize("store", ["disk", "redis"])
def test_one_client_may_create_only_so_many_sessions_an_hour(store: str, tmp_path: Path,
                                                             request: pytest.FixtureRequest):
    app = app_on(store, tmp_path, request, NEW_SESSIONS_PER_HOUR=3)
    answers = [first_move(app, "198.51.100.1") for _ in range(4)]
    assert [answer.status_code for answer in answers[:3]] == [303] * 3
    refused = answers[3]
    assert refused.status_code == 429 and 0 < int(refused.headers["Retry-After"]) <= 3600
    assert "started 3 new games in the last hour" in refused.text
    assert refused.mimetype == "text/html" and "<title>" in refused.text and "Location" not in refused.headers
    assert not any(cookie.startswith("session=") for cookie in refused.headers.getlist("Set-Cookie"))
    assert first_move(app, "198.51.100.2").status_code == 303  # another client has its own count
    person = Visitor(app.test_client())
    assert first_move(app, "198.51.100.3", person).status_code == 303
    for _ in range(5):  # a session that exists is no new one: its moves are never counted
        assert person.client.post("/new", data={}, headers={**Visitor.SAME_ORIGIN,
                                                           "X-Forwarded-For": "198.51.100.3"}).status_code == 303


def test_a_flood_of_new_sessions_pushes_out_its_own_not_a_persons(tmp_path: Path):
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "TRUSTED_PROXIES": 1, "SESSION_STORE_LIMIT": 20},
                     instance_path=tmp_path)
    person = Visitor(app.test_client())
    assert first_move(app, "198.51.100.9", person).status_code == 303
    came_back = person.client.post("/new", data={}, headers={**Visitor.SAME_ORIGIN, "X-Forwarded-For": "198.51.100.9"})
    assert came_back.status_code == 303  # a second write of the session: the browser came back with it
    assert first_move(app, "198.51.100.9", person).status_code == 303
    kept = person.client.get("/").text
    for n in range(60):  # 60 cookie-less POSTs, each from an address of its own
        assert first_move(app, f"203.0.113.{n}").status_code == 303
    (count,) = app.session_interface._db().execute("SELECT count(*) FROM sessions").fetchone()
    assert count == 20
    assert person.client.get("/").text == kept  # the person's game is still there, as it was
