"""The engine workers under faults, on real consumer processes: a worker
killed or hung in the middle of a move, of an appraisal; the consumer
itself killed, or told to stop while a worker hangs. Each test says what
the person waiting gets (the answer, or a clear EnginesBusy), and that no
process outlives the consumer. (The session store's faults are in
tests/live/test_production.py.)"""

from __future__ import annotations

import inspect
import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.support import Visitor
from tests.workers.test_pool import GAME, OPENED, alive, wait_until
from webapp.app import create_app
from webapp.engine import BOARDS
from webapp.workers.consumer import SHUTDOWN_SECONDS
from webapp.workers.jobs import ask_job, brain_job, think_job
from webapp.workers.pool import RETRIES, EnginePool, EnginesBusy
from webapp.workers.watch import ANSWER_BY, JOBS_FOLDER, MOVE_GRACE_SECONDS, JobRecords, Lost, limit_of

pytestmark = pytest.mark.live  # real consumer processes, and waits of seconds: make test's, not make check's

BUDGET_MS = 1500
"""A move long enough to be caught in the middle."""


def worker_on_a_job(instance: Path, seconds: float = 60, lane: str = "") -> int:
    """The process id of a worker of lane (the moves lane's by default, or "pages") that has a job in hand."""
    folder = instance / JOBS_FOLDER / lane
    found: list[int] = []
    assert wait_until(lambda: bool(found.extend(int(p.name) for p in folder.glob("[0-9]*")) or found), seconds)
    return found[0]


def children(pid: int) -> set[int]:
    """The processes whose parent is pid."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def descendants(pid: int) -> set[int]:
    """pid's children, their children, and so on: a consumer's workers, its pages lane's
    consumer and that one's workers (and a brain under setpriv, which execs it: a child)."""
    found, frontier = set(), {pid}
    while frontier:
        frontier = set().union(*(children(parent) for parent in frontier)) - found
        found |= frontier
    return found


def legal(reply, position) -> bool:
    return bool(position.empty >> reply.thought.move & 1)


@pytest.mark.parametrize("fault", [signal.SIGKILL, signal.SIGSTOP], ids=["killed", "hung"])
def test_a_move_whose_worker_dies_or_hangs_is_thought_about_again_and_answered(tmp_path, pools, fault):
    pool = pools("local", str(tmp_path), workers=1)
    position = OPENED.play(96)
    with ThreadPoolExecutor(1) as asking:
        asked = asking.submit(pool.think, position, BUDGET_MS)
        worker = worker_on_a_job(tmp_path)
        os.kill(worker, fault)
        reply = asked.result(timeout=60)
    assert legal(reply, position)
    assert wait_until(lambda: not alive(worker)), "the hung worker was killed"
    assert legal(pool.think(position, 100), position), "a new worker took its place"


def test_a_move_whose_worker_fails_twice_is_a_clear_engines_busy_at_once(tmp_path, pools):
    """The retry is one: a move that killed its worker twice is not tried on
    every worker in turn, and the person is told so as soon as it is
    dropped, not at the end of the move's wait (WAIT_SECONDS, which is long
    enough for a busy machine to start the new worker the retry needs)."""
    pool = pools("local", str(tmp_path), workers=1)
    with ThreadPoolExecutor(1) as asking:
        asked = asking.submit(pool.think, OPENED.play(96), BUDGET_MS)
        for _ in range(RETRIES + 1):
            worker = worker_on_a_job(tmp_path)
            os.kill(worker, signal.SIGKILL)
            assert wait_until(lambda: not (tmp_path / JOBS_FOLDER / str(worker)).exists())
        with pytest.raises(EnginesBusy, match=r"lost with no retry left \(worker \d+ died\)"):
            asked.result(timeout=60)


def test_an_appraisal_whose_worker_is_killed_is_done_again(tmp_path, pools):
    pool = pools("local", str(tmp_path), workers=1)
    rules = BOARDS["15x15"]
    pool.appraisals(rules, GAME)
    os.kill(worker_on_a_job(tmp_path, lane="pages"), signal.SIGKILL)
    assert wait_until(lambda: None not in pool.appraisals(rules, GAME, queue=False), 120)
    assert pool.appraisals(rules, GAME, queue=False) == pools("inline",
                                                             str(tmp_path / "inline")).appraisals(rules, GAME)


def test_a_killed_consumer_takes_its_workers_with_it_and_a_new_one_answers_the_move(tmp_path, pools):
    """No orphan keeps the lock or serves old code: the workers end with the
    consumer; the waiting move starts a new consumer, which queues again the
    job the old one's worker had in hand."""
    pool = pools("local", str(tmp_path), workers=1)
    position = OPENED.play(96)
    with ThreadPoolExecutor(1) as asking:
        asked = asking.submit(pool.think, position, BUDGET_MS)
        worker_on_a_job(tmp_path)
        old = pool._consumer
        # Both lanes' workers and Huey's schedulers: the moves lane's worker and scheduler, and the pages lane's
        # consumer, its worker and its scheduler, which may still be starting when the move is taken.
        assert wait_until(lambda: len(descendants(old.pid)) >= 5, 30)
        forked = descendants(old.pid)
        old.kill()
        old.wait(10)
        assert wait_until(lambda: not any(map(alive, forked)), 10), "a process outlived its consumer"
        reply = asked.result(timeout=60)
    assert legal(reply, position)
    assert pool._consumer is not old and pool._consumer.poll() is None


def test_a_consumer_told_to_stop_while_a_worker_hangs_stops_in_time(tmp_path, pools):
    pool = pools("local", str(tmp_path), workers=1)
    with ThreadPoolExecutor(1) as asking:
        asking.submit(pool.think, OPENED.play(96), BUDGET_MS)
        worker = worker_on_a_job(tmp_path)
        os.kill(worker, signal.SIGSTOP)
        consumer = pool._consumer
        consumer.send_signal(signal.SIGINT)  # what it does itself when its web process ends
        forked = descendants(consumer.pid)
        consumer.wait(SHUTDOWN_SECONDS + 10)
        assert wait_until(lambda: not any(map(alive, forked)), 10), "a process outlived its consumer"
        assert worker in forked


def test_jobs_a_killed_consumer_left_are_queued_again_once(tmp_path):
    """What a new consumer does with the records a killed one left: each job
    queued again, with one retry fewer; a job with none left is dropped."""
    pool = EnginePool("external", str(tmp_path))
    records = JobRecords(tmp_path, pool.queue)
    task = pool.appraisal_task.s(BOARDS["15x15"], GAME[:2], id="left")
    dead = 4_000_000  # a worker of a consumer before
    (records.folder / str(dead)).write_bytes(f"{time.time()!r}\n".encode() + pool.queue.serialize_task(task))
    (found,) = records.left_behind()
    records.queue_again(found, "its consumer was gone")
    (queued,) = pool.queue.pending()
    assert (queued.id, queued.retries) == ("left", task.retries - 1)
    assert records.left_behind() == []
    spent = pool.queue.deserialize_task(found.task)
    spent.retries = 0
    (records.folder / str(dead)).write_bytes(f"{time.time()!r}\n".encode() + pool.queue.serialize_task(spent))
    records.queue_again(records.left_behind()[0], "its consumer was gone")
    assert len(pool.queue.pending()) == 1, "no retry left: dropped"


@pytest.mark.parametrize("waited_for", [True, False], ids=["waited-for", "given-up"])
def test_a_dropped_move_is_answered_lost_only_while_someone_waits_for_it(tmp_path, waited_for):
    """A move dropped with no retry left is answered Lost, so that its request
    ends at once; one whose request has given up is answered nothing, since
    nobody would read (and so remove) the answer. A dropped appraisal is
    answered nothing either: its answer is kept for every page that asks."""
    pool = EnginePool("external", str(tmp_path))
    records = JobRecords(tmp_path, pool.queue)
    now = time.time()
    move = pool.task.s(OPENED, BUDGET_MS, float("inf"), now, now + (60 if waited_for else -1), retries=0)
    appraisal = pool.appraisal_task.s(BOARDS["15x15"], GAME[:2], id="an appraisal", retries=0)
    for worker, task in enumerate((move, appraisal), start=4_000_000):
        (records.folder / str(worker)).write_bytes(f"{now!r}\n".encode() + pool.queue.serialize_task(task))
        records.queue_again(records.of(worker), f"worker {worker} died")
    assert pool.queue.pending() == []
    assert pool.queue.get(move.id, peek=True) == (Lost("worker 4000000 died") if waited_for else None)
    assert pool.queue.get("an appraisal", peek=True) is None


def test_each_waited_for_job_has_its_answer_by_where_the_watch_looks(tmp_path):
    hint = EnginePool("inline", str(tmp_path))._advise_job  # bound: its task's arguments are the method's
    for name, job in (("think", think_job), ("brain", brain_job), ("ask", ask_job), ("advise", hint)):
        assert list(inspect.signature(job).parameters)[ANSWER_BY[name]] == "answer_by", name


def test_a_hung_moves_limit_is_its_budget_and_a_grace(tmp_path):
    pool = EnginePool("external", str(tmp_path))
    task = pool.task.s(OPENED, 500, float("inf"), time.time())
    assert limit_of(task) == 0.5 + MOVE_GRACE_SECONDS


@pytest.mark.parametrize("fault", [signal.SIGKILL, signal.SIGSTOP], ids=["killed", "hung"])
def test_a_person_whose_move_loses_its_worker_gets_the_move_played_once(tmp_path, fault):
    """Through the app, on its own engine workers: the person's move and
    master's reply come back, and the game holds each once."""
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "ENGINE_WORKERS": "local", "ENGINE_WORKER_COUNT": 1,
                      "ENGINE_BUDGET_MS": BUDGET_MS}, instance_path=tmp_path)
    visitor = Visitor(app.test_client())
    try:
        visitor.post("/new", {"board": "15x15", "x": "human", "o": "master"})
        with ThreadPoolExecutor(1) as asking:
            asked = asking.submit(visitor.move, 112)
            os.kill(worker_on_a_job(tmp_path), fault)
            answer = asked.result(timeout=60)
        assert answer.status_code == 200
        moves = visitor.stored()["moves"].split("-")
        assert len(moves) == 2 and moves[0] == "h8" and moves[1] != "h8"
    finally:
        app.extensions["engines"].stop()
