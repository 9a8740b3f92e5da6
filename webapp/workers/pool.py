"""The pool of engine workers, as the web sees it.

A move for master is a job: put on a queue, taken by the first free worker
process, thought about for its whole budget from the moment it starts, and
its Thought sent back. The queue is Huey's:

- "local" (the default): an SQLite file in the instance folder, and workers
  on this machine that the app starts itself (a consumer process, which
  runs one worker a core; see consumer.py). With REDIS_URL set, the queue
  is in Redis instead, and `make worker` on other machines adds workers.
- "external": the queue only (SQLite or Redis); the workers are started
  elsewhere with `make worker`.
- "inline": no queue; the job runs at once in the caller's thread (the
  test suite's apps, and nothing else).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import NamedTuple

from huey import MemoryHuey, RedisHuey, SqliteHuey
from huey.api import Huey
from huey.exceptions import ResultTimeout

from webapp.engine import Position, Thought, think

MODES = ("local", "external", "inline")
POLL_SECONDS = 0.005
"""How often a waiting move looks for its answer in SQLite (Redis tells at once)."""
WAIT_SECONDS = 60.0
"""The longest a move waits for a free worker and its thinking, before the page says the engines are busy."""


class EnginesBusy(Exception):
    """No worker answered in time: the queue is too long, or no worker is running."""


class Reply(NamedTuple):
    """A job's answer: the engine's Thought, and how long it waited for a worker."""

    thought: Thought
    waited_ms: float


def think_job(position: Position, budget_ms: float, max_nodes: float, queued_at: float) -> tuple[Thought, float]:
    """The job a worker runs: master's thinking, with the time the job
    waited in the queue (wall clock: the worker may be another machine's,
    whose clock is only as close as the machines' clocks are)."""
    waited_ms = max(0.0, (time.time() - queued_at) * 1000)
    return think(position, budget_ms, max_nodes=max_nodes), waited_ms


def engine_queue(mode: str, instance_path: str, redis_url: str | None = None) -> Huey:
    """The queue for this mode: Redis if a URL is given, else an SQLite file."""
    if mode not in MODES:
        raise ValueError(f"ENGINE_WORKERS is one of {', '.join(MODES)}, not “{mode}”.")
    if mode == "inline":
        return MemoryHuey("engines", immediate=True)
    if redis_url:
        return RedisHuey("engines", url=redis_url, notify_result=True)
    return SqliteHuey("engines", filename=os.path.join(instance_path, "engine-queue.sqlite3"))


@dataclass
class EnginePool:
    """The web's handle on the engine workers: one per process, made by the app."""

    mode: str
    instance_path: str
    redis_url: str | None = None
    workers: int = field(default_factory=lambda: os.cpu_count() or 1)
    wait_seconds: float = WAIT_SECONDS

    def __post_init__(self) -> None:
        self.queue = engine_queue(self.mode, self.instance_path, self.redis_url)
        self.task = self.queue.task(name="think")(think_job)
        self._consumer: subprocess.Popen | None = None
        self._starting = threading.Lock()

    def think(self, position: Position, budget_ms: float, max_nodes: float = float("inf")) -> Reply:
        """Master's Thought on position, from the first free worker; EnginesBusy
        if none answers within wait_seconds (the job is then withdrawn)."""
        if self.mode == "local":
            self._start_consumer()
        result = self.task(position, budget_ms, max_nodes, time.time())
        try:
            thought, waited_ms = result.get(blocking=True, timeout=self.wait_seconds, backoff=1.0,
                                            max_delay=POLL_SECONDS)
        except ResultTimeout:
            result.revoke()
            raise EnginesBusy(f"No engine answered within {self.wait_seconds:g} s.") from None
        return Reply(thought, waited_ms)

    def waiting(self) -> int:
        """How many moves are queued and not yet taken by a worker."""
        return 0 if self.mode == "inline" else self.queue.pending_count()

    def _start_consumer(self) -> None:
        """Start this process's candidate consumer, once: it runs the workers
        if no other process on this machine does (it holds a lock file while
        it does), and otherwise waits to take over; it stops when this process does."""
        with self._starting:
            if self._consumer is not None and self._consumer.poll() is None:
                return
            command = [sys.executable, "-m", "webapp.workers.consumer", "--instance", self.instance_path,
                       "--workers", str(self.workers), "--parent", str(os.getpid())]
            if self.redis_url:
                command += ["--redis-url", self.redis_url]
            self._consumer = subprocess.Popen(command, stdin=subprocess.DEVNULL)

    def stop(self) -> None:
        """Stop this process's consumer, if it started one (tests and tools; a
        web process's consumer stops by itself when the process ends)."""
        if self._consumer is not None and self._consumer.poll() is None:
            self._consumer.terminate()
            self._consumer.wait(timeout=30)

