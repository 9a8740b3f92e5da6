"""The pool of engine workers, as the web sees it.

A move for master is a job: put on a queue, taken by the first free worker
process, thought about with its whole budget from the moment it starts, and
its Thought sent back. A review of a game is a job for each of its moves
(the engine's appraisal of it, webapp.engine.appraise), queued behind any
move for master, since a person is waiting at the board for that; their
answers are kept under a name made from the game up to that move, so a
move is appraised once, whichever game and page ask for it. A finished game
is mined for puzzles (webapp.puzzles.collection.new_puzzles_in), once, behind both;
the puzzles found are kept in the same store, each solution once, numbered
as they come, so that /puzzles lists the newest. The queue is Huey's:

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

import hashlib
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import NamedTuple

from huey import MemoryHuey, PriorityRedisHuey, SqliteHuey
from huey.api import Huey
from huey.exceptions import ResultTimeout

from webapp.engine import Appraisal, Position, Rules, Thought, appraise, think
from webapp.puzzles.collection import new_puzzles_in
from webapp.puzzles.puzzle import Puzzle
from webapp.shared.notation import position_after, write_moves

MODES = ("local", "external", "inline")
POLL_SECONDS = 0.005
"""How often a waiting move looks for its answer in SQLite (Redis tells at once)."""
WAIT_SECONDS = 60.0
"""The longest a move waits for a free worker and its thinking, before the page says the engines are busy."""
MOVE_PRIORITY, APPRAISAL_PRIORITY, MINING_PRIORITY = 10, 0, -10
"""Workers take master's moves before appraisals (a person waits at the board
for those), and appraisals before mining (a person watches a review fill in)."""
REQUEUE_SECONDS = 600.0
"""An appraisal queued this long ago with no answer is queued again (its worker was stopped, say)."""
APPRAISAL_VERSION = 1
"""Part of an appraisal's name: a new engine that appraises differently gets a new number, and fresh appraisals."""
MINED_COUNT = "puzzles:mined"
"""The store's counter of the puzzles mined; the nth is kept under "puzzles:mined:n"."""


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


def appraise_job(rules: Rules, moves: tuple[int, ...]) -> Appraisal:
    """The job a worker runs for a review: the engine's appraisal of the
    last of moves, played in the position before it."""
    return appraise(position_after(rules, moves[:-1]), moves[-1])


def appraisal_name(rules: Rules, moves: tuple[int, ...]) -> str:
    """The name a move's appraisal is kept under: the game up to that move,
    digested (a long game's moves would make a long name)."""
    return f"appraisal:{APPRAISAL_VERSION}:{_digest(rules, moves)}"


def _digest(rules: Rules, moves: tuple[int, ...]) -> str:
    game = f"{rules.name}:{','.join(map(str, moves))}".encode()
    return hashlib.blake2b(game, digest_size=16).hexdigest()


def puzzle_name(rules: Rules, moves: tuple[int, ...]) -> str:
    """The name a mined puzzle is kept under: its board and starting position, as its link writes them."""
    return f"puzzle:{rules.name}:{write_moves(rules, moves)}"


def engine_queue(mode: str, instance_path: str, redis_url: str | None = None) -> Huey:
    """The queue for this mode: Redis if a URL is given, else an SQLite file."""
    if mode not in MODES:
        raise ValueError(f"ENGINE_WORKERS is one of {', '.join(MODES)}, not “{mode}”.")
    if mode == "inline":
        return MemoryHuey("engines", immediate=True)
    if redis_url:
        return PriorityRedisHuey("engines", url=redis_url, notify_result=True)
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
        self.task = self.queue.task(name="think", priority=MOVE_PRIORITY)(think_job)
        self.appraisal_task = self.queue.task(name="appraise", priority=APPRAISAL_PRIORITY)(appraise_job)
        self.mining_task = self.queue.task(name="mine", priority=MINING_PRIORITY)(self._keep_puzzles_in)
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
        """How many moves for master are queued and not yet taken by a worker
        (appraisals wait behind them, so they do not count)."""
        if self.mode == "inline":
            return 0
        return sum(task.name == "think" for task in self.queue.pending())

    def appraisals(self, rules: Rules, moves: tuple[int, ...], queue: bool = True) -> list[Appraisal | None]:
        """The appraisal of each of a game's moves, as far as the workers have
        got (None for those not done yet); unless queue is false, a job is
        queued for each of the others, unless one already is."""
        if queue and self.mode == "local":
            self._start_consumer()
        found = []
        for step in range(1, len(moves) + 1):
            name = appraisal_name(rules, moves[:step])
            appraisal = self.queue.get(name, peek=True)
            if appraisal is None and queue:
                self._queue_appraisal(name, rules, moves[:step])
                appraisal = self.queue.get(name, peek=True)  # inline, it is there at once
            found.append(appraisal if isinstance(appraisal, Appraisal) else None)
        return found

    def appraisal(self, rules: Rules, moves: tuple[int, ...]) -> Appraisal:
        """The appraisal of the last of moves, waited for as a move for master
        is (a person waits at the board for it); EnginesBusy if none comes."""
        name = appraisal_name(rules, moves)
        if (kept := self.queue.get(name, peek=True)) is not None:
            return kept
        if self.mode == "local":
            self._start_consumer()
        result = self.appraisal_task.s(rules, moves, id=name, priority=MOVE_PRIORITY)
        try:
            return self.queue.enqueue(result).get(blocking=True, timeout=self.wait_seconds, backoff=1.0,
                                                  max_delay=POLL_SECONDS, preserve=True)
        except ResultTimeout:
            raise EnginesBusy(f"No engine answered within {self.wait_seconds:g} s.") from None

    def mine(self, rules: Rules, moves: tuple[int, ...]) -> None:
        """Queue a finished game to be mined for puzzles, unless it was already."""
        if self.queue.put_if_empty(f"mining:{_digest(rules, moves)}", time.time()):
            if self.mode == "local":
                self._start_consumer()
            self.mining_task(rules, moves)

    def mined_puzzles(self, most: int) -> list[Puzzle]:
        """The newest puzzles mined from games played here, newest first."""
        count = self.queue.storage.incr(MINED_COUNT, 0)  # read: adding none is the one way every store offers
        numbers = [f"{MINED_COUNT}:{number}" for number in range(count, max(0, count - most), -1)]
        indexed = self.queue.storage.peek_many(numbers) if numbers else {}  # Redis refuses to read no keys
        names = [self._read(number, indexed) for number in numbers if number in indexed]
        found = self.queue.storage.peek_many(names) if names else {}
        return [self._read(name, found) for name in names if name in found]

    def _read(self, key: str, found: dict[str, bytes]) -> object:
        """A value read in one go with others (peek_many: in no order, as the store gives them)."""
        return self.queue.serializer.deserialize(found[key])

    def mined_puzzle(self, rules: Rules, moves: tuple[int, ...]) -> Puzzle | None:
        """The puzzle mined from games played here that starts after these moves, if there is one."""
        return self.queue.get(puzzle_name(rules, moves), peek=True)

    def _keep_puzzles_in(self, rules: Rules, moves: tuple[int, ...]) -> None:
        """The mining job, run by a worker: keep each puzzle found along the
        game that is neither shipped nor kept before (its solution is new),
        and number it."""
        for puzzle in new_puzzles_in(rules, moves):
            name = puzzle_name(puzzle.rules, puzzle.moves)
            if self.queue.put_if_empty(f"puzzle-solution:{rules.name}:{write_moves(rules, puzzle.solution)}", name):
                self.queue.put(name, puzzle)
                self.queue.put(f"{MINED_COUNT}:{self.queue.storage.incr(MINED_COUNT)}", name)

    def _queue_appraisal(self, name: str, rules: Rules, moves: tuple[int, ...]) -> None:
        """Queue the job, unless it was queued less than REQUEUE_SECONDS ago."""
        queued, now = f"{name}:queued", time.time()
        if not self.queue.put_if_empty(queued, now):
            if now - (self.queue.get(queued, peek=True) or now) < REQUEUE_SECONDS:
                return
            self.queue.put(queued, now)
        self.queue.enqueue(self.appraisal_task.s(rules, moves, id=name))

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

