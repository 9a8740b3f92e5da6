"""make load's big-board run: what it reads from a reply (the stones, the
engine's Server-Timing), its arithmetic, and a short real run under gunicorn."""

from __future__ import annotations

import fcntl
import random
import threading

import pytest

from harness.servers import AppServer, engine_workers_stopped, run
from tools import load_engines
from tools.load_engines import Crowd, next_to_stones, percentile, taken
from webapp.workers.consumer import LOCK_FILE


def test_it_reads_the_stones_of_a_real_reply(app, visitor):
    app.config["ENGINE_BUDGET_MS"] = 20
    visitor.post("/new", {"board": "15x15", "x": "human", "o": "master"})
    reply = visitor.move(112)
    stones = taken(reply.text)
    assert 112 in stones and len(stones) == 2
    assert load_engines.TIMING.search(reply.headers["Server-Timing"])
    assert load_engines.PLAYABLE.search(reply.text)


def test_a_click_is_next_to_a_stone_and_empty():
    rng = random.Random(1)
    assert next_to_stones(set(), rng) == 112
    for _ in range(50):
        cell = next_to_stones({0, 1, 15}, rng)
        assert cell in {2, 16, 17, 30, 31, 32}


def test_percentiles_are_nearest_rank():
    values = list(range(1, 101))
    assert percentile(values, 50) == 50 and percentile(values, 99) == 99 and percentile([], 50) == 0
    crowd = Crowd(16, [100.0, 300.0], [10.0, 20.0], [800, 900])
    alone = Crowd(1, [90.0], [1.0], [1000])
    assert crowd.line(alone).endswith("positions a move (median) 850, 85% of alone")


@pytest.mark.live
def test_a_short_run_under_gunicorn(tmp_path, monkeypatch):
    monkeypatch.setattr(load_engines, "MOVES", 2)
    with AppServer(tmp_path, workers=2, ENGINE_BUDGET_MS="50") as app:
        crowd = run(load_engines.measure(app.port, 2))
    assert crowd.unsound == 0 and len(crowd.replies_ms) == 4
    assert len(crowd.positions) == 4 and all(crowd.positions) and len(crowd.waits_ms) == 4
    assert (tmp_path / LOCK_FILE).exists()  # the app started its engine workers, and
    engine_workers_stopped(tmp_path, seconds=0)  # they had stopped before stop() returned: no wait at all


def test_stopping_waits_for_the_engine_workers_to_let_go_of_their_lock(tmp_path):
    engine_workers_stopped(tmp_path)  # an app that never started them: nothing to wait for
    (tmp_path / LOCK_FILE).touch()
    with open(tmp_path / LOCK_FILE) as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        letting_go = threading.Timer(0.2, held.close)
        letting_go.start()
        engine_workers_stopped(tmp_path)
        assert held.closed
    with open(tmp_path / LOCK_FILE) as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        with pytest.raises(RuntimeError, match="did not stop"):
            engine_workers_stopped(tmp_path, seconds=0.1)
