"""One client's pages that put work on the engine workers are bounded a minute;
look-ups (the solved boards' pages) and other clients are not held by it."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from tests.support import Visitor
from webapp.app import create_app


def app_with(tmp_path: Path, most: int) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "k", "TRUSTED_PROXIES": 1, "ENGINE_PAGES_PER_MINUTE": most},
                      instance_path=tmp_path)


def get(app: Flask, path: str, address: str, htmx: bool = False):
    headers = {"X-Forwarded-For": address, **({"HX-Request": "true"} if htmx else {})}
    return app.test_client().get(path, headers=headers)


def test_past_its_bound_a_client_gets_a_429_that_says_when_and_others_are_served(tmp_path: Path):
    app = app_with(tmp_path, 2)
    statuses = [get(app, "/depth/4x4/b2?depth=1", "198.51.100.1").status_code for _ in range(2)]
    assert statuses == [200, 200]
    refused = get(app, "/analysis/7x7/evaluation?x=d4&o=d5", "198.51.100.1")
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"
    assert "Please try again in a minute" in refused.text
    fragment = get(app, "/depth/4x4/b2?depth=1", "198.51.100.1", htmx=True)
    assert fragment.status_code == 429 and "<html" not in fragment.text and "try again in a minute" in fragment.text
    assert get(app, "/depth/4x4/b2?depth=1", "198.51.100.2").status_code == 200  # another client


def test_look_ups_are_not_counted(tmp_path: Path):
    app = app_with(tmp_path, 1)
    for _ in range(5):  # the 3×3 think page is look-ups in the solved table: no engine work
        assert get(app, "/think/3x3/4", "198.51.100.1").status_code == 200
    assert get(app, "/depth/4x4/b2?depth=1", "198.51.100.1").status_code == 200


def test_a_client_with_its_pages_at_once_waiting_gets_a_429_until_one_is_done(tmp_path: Path):
    app = app_with(tmp_path, 30)
    app.config["ENGINE_PAGES_AT_ONCE"] = 1
    limits = app.extensions["rate_limits"]
    assert limits.hold("engine:198.51.100.1", 1, 60)  # one of its pages, in another process, still waits
    refused = get(app, "/depth/4x4/b2?depth=1", "198.51.100.1")
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "5"
    assert "already has 1 position being worked out" in refused.text
    assert get(app, "/depth/4x4/b2?depth=1", "198.51.100.2").status_code == 200  # another client
    limits.release("engine:198.51.100.1")
    for _ in range(3):  # each lets go of its hold when it is answered
        assert get(app, "/depth/4x4/b2?depth=1", "198.51.100.1").status_code == 200


def test_a_hint_on_a_big_board_counts_as_engine_work_and_one_on_3x3_does_not(tmp_path: Path):
    app = app_with(tmp_path, 1)
    headers = {"X-Forwarded-For": "198.51.100.1", **Visitor.SAME_ORIGIN}
    small = Visitor(app.test_client())
    for _ in range(3):
        assert small.client.post("/hint", data={"ply": "0"}, headers=headers).status_code in (200, 303)
    big = Visitor(app.test_client())
    big.client.post("/new", data={"board": "7x7", "x": "human", "o": "master"}, headers=headers)
    assert big.client.post("/hint", data={"ply": "0"}, headers=headers).status_code in (200, 303)
    refused = big.client.post("/hint", data={"ply": "0", "hint": "on"}, headers=headers)
    assert refused.status_code == 429 and "Please try again in a minute" in refused.text
