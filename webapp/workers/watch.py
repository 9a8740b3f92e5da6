"""What each engine worker is doing, written where its consumer can watch it.

A worker that takes a job writes it down, with the time it may take, in a
file named by its process id (in the instance folder's engine-jobs/, or
engine-jobs/pages/ for the pages lane's: each lane's consumer queues its
own jobs again), and
removes the file when the job ends, however it ends. So the consumer, which
checks its workers every HEALTH_CHECK_SECONDS, sees at once a worker that
died with a job (its file is left) and a worker that hangs past its job's
limit (it is killed, SIGKILL: a stopped process handles no other signal),
and queues that job again (once: see pool.RETRIES). A consumer that starts
finds the files that a consumer before it left, and queues their jobs again.

What a lost job means depends on its kind: a move is thought about again,
if the person still waits for it (jobs.think_job); an appraisal or a
mining job is simply done again. A job lost with no retry left is dropped,
and whoever still waits for it is told so (Lost) rather than left to wait
out its time. No Flask here.
"""

from __future__ import annotations

import logging
import os
import signal
import time
from pathlib import Path
from typing import NamedTuple

from huey.api import Huey, Task

from webapp.brains.external import MOVE_SECONDS, START_SECONDS
from webapp.storage.private import private_folder

JOBS_FOLDER = "engine-jobs"
HEALTH_CHECK_SECONDS = 1.0
"""How often the consumer looks at its workers: the longest a lost move waits before it is queued again."""
LIMIT_SECONDS = {"ask": 60.0, "advise": 60.0, "appraise": 60.0, "later": 120.0, "at": 30.0}
"""How long a page's job (the think page's: its engine's budget and a tree of at most a second), a
hint (an appraisal's search and at most two of its proofs), an appraisal, a mining job or a clock's
flag (a read and a write of one game; a worker runs one only if it failed in the scheduler) may take
before its worker counts as hung. On a quiet machine a 15×15 appraisal, or mining a game, takes a
small part of its limit (docs/measurements.md, "The engine and the review"); a busy one is many
times slower, and a job killed while it works is wasted."""
MOVE_GRACE_SECONDS = 5.0
"""How much longer than its budget a move may think before its worker counts as hung."""
ANSWER_BY = {"think": 4, "brain": 5, "ask": 2, "advise": 2}
"""The jobs a request waits for the answer of (a move, an external brain's
move, a page's work, a hint), and where among their arguments is the time it
waits until (jobs.think_job, brain_job, ask_job, EnginePool._advise_job)."""
log = logging.getLogger(__name__)


class Lost(NamedTuple):
    """The answer of a job that was dropped, lost with no retry left: why."""

    why: str


class Record(NamedTuple):
    """A job a worker took: the task, as the queue stores it, and when it counts as hung."""

    process_id: int
    task: bytes
    deadline: float


def limit_of(task: Task) -> float:
    """The seconds a job of this kind may take: a move its budget (its second
    argument, in ms) and some; an external brain's move, its start, its wait
    for the brain's answer, and master's move in its place (jobs.brain_job);
    an appraisal by an external judge, three questions to it (each a restart
    and a move: brains.external.judged_by), and master's appraisal in its place."""
    if task.name == "think":
        return task.args[1] / 1000 + MOVE_GRACE_SECONDS
    if task.name == "brain":
        brain, budget_ms = task.args[0], task.args[3]
        return START_SECONDS + min(brain.answer_seconds, MOVE_SECONDS) + budget_ms / 1000 + MOVE_GRACE_SECONDS
    if task.name == "appraise" and len(task.args) > 2 and task.args[2] is not None:
        return 3 * (START_SECONDS + task.args[2].answer_seconds) + LIMIT_SECONDS["appraise"]
    return LIMIT_SECONDS.get(task.name, max(LIMIT_SECONDS.values()))


class JobRecords:
    """The files of the jobs a machine's workers are doing, one per worker process."""

    def __init__(self, instance: Path, queue: Huey, lane: str = "") -> None:
        self.folder = instance / JOBS_FOLDER / lane  # the moves lane's in the folder itself, as before there were lanes
        private_folder(str(self.folder))
        self.queue = queue

    # In a worker process, around each job (Huey's pre_execute and post_execute hooks)

    def started(self, task: Task) -> None:
        """Write down the job this worker takes, and when it counts as hung (wall clock: one machine's)."""
        deadline = time.time() + limit_of(task)
        draft = self.folder / f".{os.getpid()}"
        with os.fdopen(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as written:
            written.write(f"{deadline!r}\n".encode() + self.queue.serialize_task(task))
        draft.replace(self.folder / str(os.getpid()))  # whole or not at all

    def finished(self, task: Task, value: object, error: Exception | None) -> None:
        (self.folder / str(os.getpid())).unlink(missing_ok=True)

    # In the consumer

    def of(self, process_id: int) -> Record | None:
        """The job this worker process is doing, if any."""
        try:
            deadline, task = (self.folder / str(process_id)).read_bytes().split(b"\n", 1)
        except (FileNotFoundError, ValueError):
            return None
        return Record(process_id, task, float(deadline))

    def left_behind(self) -> list[Record]:
        """Asked by a consumer before it forks its workers: the jobs in hand of
        workers of a consumer before it, on this machine (the lock file lets
        one run at a time), which was killed and took its workers with it."""
        return [record for path in self.folder.iterdir() if path.name.isdigit() and (record := self.of(int(path.name)))]

    def queue_again(self, record: Record, why: str) -> None:
        """Forget the record, and queue its job again if it has a retry left."""
        (self.folder / str(record.process_id)).unlink(missing_ok=True)
        task = self.queue.deserialize_task(record.task)
        if task.retries <= 0:
            log.warning("Dropped job %s (%s): %s, and it has no retry left", task.id, task.name, why)
            if still_awaited(task):
                self.queue.put_result(task.id, Lost(why))
            return
        task.retries -= 1
        log.warning("Queued job %s (%s) again: %s", task.id, task.name, why)
        self.queue.enqueue(task)


def still_awaited(task: Task) -> bool:
    """Whether a request still waits for this job's answer: only then is the
    answer that it was lost kept, since nobody would read it afterwards."""
    where = ANSWER_BY.get(task.name)
    return where is not None and len(task.args) > where and time.time() <= task.args[where]


def stop_hung(record: Record) -> bool:
    """Kill the worker doing record's job if it is past its deadline; whether it was."""
    if time.time() <= record.deadline:
        return False
    try:
        os.kill(record.process_id, signal.SIGKILL)
    except ProcessLookupError:
        pass
    return True
