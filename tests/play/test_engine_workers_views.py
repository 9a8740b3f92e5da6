"""master's moves go through the engine workers: the reply tells what the
move cost (Server-Timing), and a move no worker answers is refused with a
503 and the game unchanged."""

from __future__ import annotations

import json
import re

from tests.support import Visitor
from webapp.storage.redis import TIMEOUT_SECONDS
from webapp.storage.sessions import LOCK_TIMEOUT, LOCK_WAIT
from webapp.workers.pool import CHECK_SECONDS, REDIS_MARGIN_SECONDS, WAIT_SECONDS, EnginesBusy


def test_a_masters_reply_tells_its_wait_and_its_thinking(app, visitor: Visitor):
    app.config["ENGINE_BUDGET_MS"] = 30
    visitor.post("/new", {"board": "15x15", "x": "human", "o": "master"})
    response = visitor.move(112)
    assert response.status_code == 200
    timing = response.headers["Server-Timing"]
    assert re.search(r'wait;dur=[\d.]+;desc="for an engine worker"', timing)
    assert re.search(r'engine;dur=[\d.]+;desc="\d+ positions"', timing)
    assert visitor.ply() == 2


def test_other_levels_need_no_worker(visitor: Visitor):
    visitor.post("/new", {"board": "15x15", "x": "human", "o": "hard"})
    timing = visitor.move(112).headers["Server-Timing"]
    assert timing.startswith("game;dur=") and "engine;" not in timing


def test_when_no_worker_answers_the_move_is_not_played(app, visitor: Visitor, monkeypatch):
    visitor.post("/new", {"board": "7x7", "x": "human", "o": "master"})
    before = visitor.stored()

    def busy(*args, **kwargs):
        raise EnginesBusy("No engine answered within 60 s.")

    monkeypatch.setattr(app.extensions["engines"], "think", busy)
    for htmx in (True, False):
        response = visitor.move(24, htmx=htmx)
        assert response.status_code == 503 and response.headers["Retry-After"] == "5"
        assert "engines are all busy just now" in response.text and "Nothing was changed" in response.text
        assert visitor.stored() == before


def test_the_page_can_ask_how_many_moves_wait(app, visitor: Visitor, monkeypatch):
    assert visitor.client.get("/engines").text == ""
    for waiting, words in ((1, "Waiting for an engine: 1 move queued."),
                           (3, "Waiting for an engine: 3 moves queued.")):
        monkeypatch.setattr(app.extensions["engines"], "waiting", lambda: waiting)
        response = visitor.client.get("/engines")
        assert response.text == words and response.headers["Cache-Control"] == "no-store"
    assert '<span id="engine-queue">The computer is thinking…</span>' in visitor.open().text


def test_the_server_always_answers_before_the_page_stops_waiting(visitor: Visitor):
    """The longest a move can take on the server (its session's lock, then
    the engines' wait, then a Redis command that hangs) is well within the
    page's own wait, so the person gets the server's words, not silence; and
    the session's lock outlives the longest request, so that no request's
    write is refused because its lock expired under it."""
    config = json.loads(re.search(r"<meta name=\"htmx-config\" content='([^']+)'>", visitor.open().text).group(1))
    with visitor.client.get(re.search(r'src="([^"]+/htmx-[\d.]+\.min\.js)"', visitor.open().text).group(1)) as htmx:
        htmx_default = float(re.search(rb"defaultTimeout:([\de.]+)", htmx.data).group(1))
    page_waits = config.get("defaultTimeout", htmx_default) / 1000
    longest_request = LOCK_WAIT + WAIT_SECONDS + CHECK_SECONDS + REDIS_MARGIN_SECONDS + TIMEOUT_SECONDS
    assert longest_request < page_waits * 0.75
    assert LOCK_TIMEOUT > longest_request
