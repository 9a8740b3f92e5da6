"""External engines on real engine workers (a consumer process, its SQLite
queue): a warm brain reused between moves; a brain that crashes, hangs or
answers garbage answered by master's move in its place; a brain slower than
the person's wait a clear EnginesBusy (503), the game unchanged; and no brain
outliving the worker that started it."""

from __future__ import annotations

import os
import signal

import pytest

from tests.brains import fake_brain, probed, watched_fake
from tests.support import Visitor
from tests.workers.test_faults import children, descendants
from tests.workers.test_pool import alive, wait_until
from webapp.app import create_app
from webapp.brains.external import MOVE_SECONDS, START_SECONDS, Brain
from webapp.engine import BOARDS
from webapp.workers.pool import EnginePool
from webapp.workers.watch import MOVE_GRACE_SECONDS, limit_of

pytestmark = pytest.mark.live  # real consumer processes: make test's, not make check's

SEVEN = BOARDS["7x7"]


def test_a_brain_stays_warm_on_its_worker_between_moves_and_games(tmp_path, pools):
    fake = watched_fake(tmp_path, "good")
    brain = fake.brain
    pool = pools("local", str(tmp_path), workers=1)
    assert pool.play(brain, SEVEN, (), 100).thought.move == 0
    reply = pool.play(brain, SEVEN, (0, 24), 100)
    assert reply.thought.move == 1 and reply.thought.evaluation.written == "0" and not reply.fault
    assert reply.thought.kind == "engine"
    assert pool.play(brain, SEVEN, (24,), 100).thought.move == 0  # another game
    started = fake.started()
    assert len(started) == 1 and alive(started[0])


@pytest.mark.parametrize("mode, fault", [("crash", "it stopped (exit status 3)"),
                                         ("hang", "it did not answer within 2.2 s"),
                                         ("garbage", "it answered “I would rather not”, not a square")])
def test_a_brain_that_fails_on_a_worker_gets_masters_move_in_its_place(tmp_path, pools, mode, fault):
    brain = probed(mode, fake_brain(tmp_path, mode), "timeout_turn=100")
    pool = pools("local", str(tmp_path), workers=1)
    reply = pool.play(brain, SEVEN, (24,), 100)
    assert reply.fault == fault and reply.thought.kind != "engine"  # master's, in its place
    assert reply.thought.evaluation is None and reply.thought.move != 24


def test_a_brain_slower_than_the_persons_wait_is_a_clear_busy_and_the_game_is_unchanged(tmp_path):
    hang = fake_brain(tmp_path, "hang")
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "ENGINE_WORKERS": "local", "ENGINE_WORKER_COUNT": 1,
                      "ENGINE_BRAINS": f"hang={hang}", "ENGINE_BRAIN_SETTINGS": {"hang": "timeout_turn=3000"}},
                     instance_path=tmp_path / "instance")
    app.extensions["engines"].wait_seconds = 3  # the brain may take 8 s: the person is answered first
    visitor = Visitor(app.test_client())
    try:
        visitor.post("/new", {"board": "7x7", "x": "human", "o": "hang"})
        response = visitor.move(24)
        assert response.status_code == 503
        assert "could not answer your move. Nothing was changed" in response.text
        assert visitor.stored()["moves"] == ""
    finally:
        app.extensions["engines"].stop()


def test_no_brain_outlives_its_worker(tmp_path, pools):
    fake = watched_fake(tmp_path, "good")
    pool = pools("local", str(tmp_path), workers=1)
    pool.play(fake.brain, SEVEN, (), 100)
    (started,) = fake.started()
    worker = next(pid for pid in children(pool._consumer.pid) if started in descendants(pid))
    os.kill(worker, signal.SIGKILL)
    assert wait_until(lambda: not alive(started), 15), "the brain died with its worker"
    assert pool.play(fake.brain, SEVEN, (0, 24), 100).thought.move == 1  # a new worker, a new brain
    assert len(fake.started()) == 2


def test_a_judge_that_fails_leaves_the_move_to_master_and_the_review_finishes(tmp_path, pools, caplog):
    crash = probed("crash", fake_brain(tmp_path, "crash"))
    pool = pools("inline", str(tmp_path), judge=crash)
    with caplog.at_level("WARNING", logger="webapp.workers.jobs"):
        appraisals = pool.appraisals(SEVEN, (24, 0, 1))
    assert all(appraisal is not None and appraisal.depth > 0 for appraisal in appraisals)  # master's search
    assert "Engine crash failed to judge /replay/7x7/d4-a7-b7: it stopped (exit status 3)" in caplog.text


def test_an_engine_opening_against_a_person_on_real_workers(tmp_path):
    """The words under the status are worked out on a worker, where the app's
    engines are installed for the job as for the page's request."""
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "ENGINE_WORKERS": "local", "ENGINE_WORKER_COUNT": 1,
                      "ENGINE_BRAINS": f"good={fake_brain(tmp_path, 'good')}"}, instance_path=tmp_path / "instance")
    visitor = Visitor(app.test_client())
    try:
        response = visitor.post("/new", {"board": "15x15", "x": "good", "o": "human"})
        assert response.status_code == 200 and visitor.stored()["moves"] == "a15"
        assert ("Your opponent: fake-good (an engine installed here, played through the Gomocup protocol)."
                in response.text)
        assert visitor.move(112).status_code == 200
        assert len(visitor.stored()["moves"].split("-")) == 3
    finally:
        app.extensions["engines"].stop()


def test_an_engines_jobs_are_given_its_waits():
    brain = Brain("slow", ("/bin/true",), (("timeout_turn", "10000"),))
    pool = EnginePool("inline", "/nonexistent")
    move = pool.brain_task.s(brain, SEVEN, (), 500, 0.0)
    assert limit_of(move) == START_SECONDS + MOVE_SECONDS + 0.5 + MOVE_GRACE_SECONDS  # 15 s, not its 22 s
    judged = pool.appraisal_task.s(SEVEN, (24,), brain)
    assert limit_of(judged) == (3 * (START_SECONDS + brain.answer_seconds)
                                + limit_of(pool.appraisal_task.s(SEVEN, (24,))))
