"""The pool of engine workers, as the web sees it.

A move for master is a job: put on a queue, taken by the first free worker
process, thought about with its whole budget from the moment it starts, and
its Thought sent back. A review of a game is a job for each of its moves
(the engine's appraisal of it, webapp.engine.play.appraise); their answers are
kept under a name made from the game up to that move, so a move is
appraised once, whichever game and page ask for it. A feature can also hand
the workers a job nobody waits for (later: mining a finished game for
puzzles), run once, which keeps what it finds in the feature's own store,
or one to run at a given time (at: a clock's flag). The pool runs the
functions it is handed and knows no feature; what a worker runs for each
kind of job is jobs.py's.

The jobs go in two lanes, each a queue with workers of its own (one a core,
started together: see consumer.py), so that no page can keep a player's
move waiting:

- the moves lane: a clock's flag, then the computer's moves in a game being
  played (a person waits at the board), then a person's hint and the
  verdict on a move being retried;
- the pages lane, whose workers run at a lower CPU priority (nice): the
  review's first verdicts, then what a page asks to be worked out while its
  visitor waits (the think page's, the analysis board's evaluation), then
  the rest of the reviews' appraisals, then the jobs nobody waits for.

A worker finishes the job it has taken; the priorities only choose the next
one. So a move never waits behind a page's job, however long that is, and
on a machine whose cores are all busy with pages the moves still get the
CPU first. The queues are Huey's:

- "local" (the default): an SQLite file in the instance folder, and workers
  on this machine that the app starts itself (a consumer process, which
  runs both lanes; see consumer.py). With REDIS_URL set, the queues are in
  Redis instead, and `make worker` on other machines adds workers.
- "external": the queues only (SQLite or Redis); the workers are started
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
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from huey import MemoryHuey, PriorityRedisHuey, SqliteHuey
from huey.api import Huey, Result
from huey.exceptions import ResultTimeout
from redis import ConnectionPool

from webapp.brains.external import Brain
from webapp.engine import Appraisal, Position, Rules, Thought, advise
from webapp.engine.game.notation import game_digest
from webapp.storage.errors import STORE_ERRORS
from webapp.storage.private import private_file
from webapp.workers.jobs import Reply, appraise_job, ask_job, brain_job, think_job
from webapp.workers.kept import HueyKept, kept_at
from webapp.workers.watch import Lost

MODES = ("local", "external", "inline")
POLL_SECONDS = 0.005
"""How often a waiting move looks for its answer in SQLite (Redis tells at once)."""
PAGE_POLL_SECONDS = 0.05
"""How often a page's job (the think page's) looks for its answer: its work takes about a second, and
two dozen pages asking SQLite every 5 ms would take the CPU that players' moves think with."""
CHECK_SECONDS = 1.0
"""How often a waiting move makes sure this machine's consumer is running."""
WAIT_SECONDS = 25.0
"""The longest a move waits for a free worker and its thinking, before the page says the engines are busy.
It is well inside the page's own request timeout (htmx's default, 60 s: see templates/base.html) with the
session lock's wait before it, so that the person always gets the server's answer, never silence."""
CLOCK_PRIORITY, MOVE_PRIORITY, HINT_PRIORITY = 20, 10, 5
"""The moves lane: a clock's flag first when it is due (a game's result waits
on it, to the second), then the computer's moves, then a person's hint and
the verdict on a retried move (a person waits for each, a little less urgently)."""
FIRST_VERDICT_PRIORITY, LOOK_PRIORITY, APPRAISAL_PRIORITY, LATER_PRIORITY = 7, 5, 0, -10
"""The pages lane: a review's first verdicts (so that a review starts to fill
in at once), then what a page asks to be worked out while its visitor waits,
then the rest of the appraisals (a person watches a review fill in), then
the jobs nobody waits for (mining finished games for puzzles)."""
FIRST_VERDICTS = 2
"""How many of a review's moves not yet appraised are queued ahead of pages' work, in the order played."""
APPRAISALS_QUEUED = 12
"""The most appraisals one look at a review queues (its next moves not yet
appraised, in order): the review asks again as it fills in, so a long game is
appraised in full, but one request for a game of 225 moves no one has
reviewed queues a few seconds of work, not minutes."""
LANES = ("engines", "engine-pages")
"""The queues' names: the moves lane's, then the pages lane's."""
REQUEUE_SECONDS = 60.0
"""An appraisal or a mining job queued this long ago with no answer is queued again (the consumer that
held it was stopped, say: a job lost with one worker is queued again by the consumer at once; see consumer.py)."""
RETRIES = 1
"""How many times a job is run again when its worker dies or hangs (or it raises): once, so that a job that
itself kills its worker cannot take down every worker in turn."""
AT_TASK = "at"
"""The name of the jobs at() schedules, which the consumer's scheduler runs itself."""
APPRAISAL_VERSION = 3
"""Part of an appraisal's name: a new engine that appraises differently gets a new number, and fresh appraisals
(what it works out about each position is versioned by the engine: appraise.VERSION)."""
REDIS_MARGIN_SECONDS = 2.0
"""How much longer than its own timeout a Redis command may take before the connection gives up. The
longest command is the wait for an answer, CHECK_SECONDS at a time: so a Redis that hangs is found out
within seconds (the move answers 503), and a healthy one never cuts a wait short."""


T = TypeVar("T")


class EnginesBusy(Exception):
    """No worker answered in time: the queue is too long, or no worker is running."""


def appraisal_name(rules: Rules, moves: tuple[int, ...], judge: Brain | None = None) -> str:
    """The name a move's appraisal is kept under: the game up to that move,
    digested, and the judge's name and settings where it is not master's."""
    by = f"{judge.identity}:" if judge else ""
    return f"appraisal:{APPRAISAL_VERSION}:{by}{game_digest(rules, moves)}"


def engine_queue(mode: str, instance_path: str, redis_url: str | None = None, name: str = LANES[0]) -> Huey:
    """The queue of the lane named name, for this mode: Redis if a URL is given, else an SQLite file
    (one for both lanes: Huey keeps each queue's rows apart by its name)."""
    if mode not in MODES:
        raise ValueError(f"ENGINE_WORKERS is one of {', '.join(MODES)}, not “{mode}”.")
    if mode == "inline":
        return MemoryHuey(name, immediate=True)
    if redis_url:
        connections = ConnectionPool.from_url(redis_url, socket_timeout=CHECK_SECONDS + REDIS_MARGIN_SECONDS)
        return PriorityRedisHuey(name, connection_pool=connections, notify_result=True)
    filename = os.path.join(instance_path, "engine-queue.sqlite3")
    private_file(filename)  # 0600 before Huey opens it (and so its -wal and -shm)
    return SqliteHuey(name, filename=filename)


@dataclass
class EnginePool:
    """The web's handle on the engine workers: one per process, made by the app."""

    mode: str
    instance_path: str
    redis_url: str | None = None
    workers: int = field(default_factory=lambda: os.cpu_count() or 1)
    wait_seconds: float = WAIT_SECONDS
    judge: Brain | None = None  # the external engine that appraises reviews' moves (REVIEW_ENGINE); None: master

    def __post_init__(self) -> None:
        self.kept = kept_at(self.mode, self.instance_path, self.redis_url)  # what the workers keep: kept.py
        self.queue = engine_queue(self.mode, self.instance_path, self.redis_url, LANES[0])
        self.pages = engine_queue(self.mode, self.instance_path, self.redis_url, LANES[1])
        self.task = self.queue.task(name="think", priority=MOVE_PRIORITY, retries=RETRIES)(think_job)
        self.brain_task = self.queue.task(name="brain", priority=MOVE_PRIORITY, retries=RETRIES)(brain_job)
        self.advise_task = self.queue.task(name="advise", priority=HINT_PRIORITY, retries=RETRIES)(self._advise_job)
        self.work_task = self.queue.task(name="ask", priority=MOVE_PRIORITY, retries=RETRIES)(ask_job)
        self.verdict_task = self.queue.task(name="appraise", priority=HINT_PRIORITY,
                                            retries=RETRIES)(self._appraise_job)
        self.at_task = self.queue.task(name=AT_TASK, priority=CLOCK_PRIORITY, retries=RETRIES)(_at_job)
        self.look_task = self.pages.task(name="advise", priority=LOOK_PRIORITY, retries=RETRIES)(self._advise_job)
        self.ask_task = self.pages.task(name="ask", priority=LOOK_PRIORITY, retries=RETRIES)(ask_job)
        self.appraisal_task = self.pages.task(name="appraise", priority=APPRAISAL_PRIORITY,
                                              retries=RETRIES)(self._appraise_and_keep)
        self.later_task = self.pages.task(name="later", priority=LATER_PRIORITY, retries=RETRIES)(self._later_job)
        self.kept_before = HueyKept(self.queue)  # where they kept it before: the puzzles' carry-over reads it
        self._consumer: subprocess.Popen | None = None
        self._starting = threading.Lock()

    def think(self, position: Position, budget_ms: float, max_nodes: float = float("inf")) -> Reply:
        """Master's Thought on position, from the first free worker; EnginesBusy
        if none answers within wait_seconds (no worker thinks about the move
        after that, or answers it: see think_job)."""
        if self.mode == "local":
            self._start_consumer()
        now = time.time()
        thought, waited_ms = self._answer(self.task(position, budget_ms, max_nodes, now, now + self.wait_seconds))
        return Reply(thought, waited_ms)

    def advise(self, position: Position, for_a_page: bool = False) -> Reply:
        """The move a hint suggests (engine.advise: what a review would see
        of it, kept for the review), from the first free worker: in the moves
        lane behind the moves (a person waits at the board for it), or, for
        a page that shows it (the analysis board's evaluation, the think
        page's), in the pages lane; EnginesBusy if none answers within wait_seconds."""
        if self.mode == "local":
            self._start_consumer()
        now = time.time()
        task = self.look_task if for_a_page else self.advise_task
        thought, waited_ms = self._answer(task(position, now, now + self.wait_seconds))
        return Reply(thought, waited_ms)

    def _advise_job(self, position: Position, queued_at: float,
                    answer_by: float = float("inf")) -> tuple[Thought, float] | None:
        """The job a worker runs for a hint, with the time it waited (see think_job)."""
        if time.time() > answer_by:
            return None
        waited_ms = max(0.0, (time.time() - queued_at) * 1000)
        thought = advise(position, self.kept)
        return (thought, waited_ms) if time.time() <= answer_by else None

    def _appraise_job(self, rules: Rules, moves: tuple[int, ...], judge: Brain | None = None) -> Appraisal:
        """appraise_job, with what the workers worked out before kept by position, and its
        appraisal kept under its name, where every review reads it (the moves lane's job: also its answer)."""
        appraisal = appraise_job(rules, moves, judge, self.kept)
        self.kept.put(appraisal_name(rules, moves, judge), appraisal)
        return appraisal

    def _appraise_and_keep(self, rules: Rules, moves: tuple[int, ...], judge: Brain | None = None) -> None:
        """The pages lane's job for an appraisal: kept, as _appraise_job keeps it, and no answer: nobody waits
        for it. One queued again (REQUEUE_SECONDS) after another worker kept it is not worked out twice."""
        if self.kept.get(appraisal_name(rules, moves, judge)) is None:
            self._appraise_job(rules, moves, judge)

    def play(self, brain: Brain, rules: Rules, moves: tuple[int, ...], budget_ms: float) -> Reply:
        """An external brain's move after moves, from the first free worker
        (master's in its place if the brain fails: see brain_job), queued as
        master's moves are; EnginesBusy if none answers within wait_seconds."""
        if self.mode == "local":
            self._start_consumer()
        now = time.time()
        return self._answer(self.brain_task(brain, rules, moves, budget_ms, now, now + self.wait_seconds))

    def judge_of(self, rules: Rules) -> Brain | None:
        """The external engine that appraises the moves of reviews on rules'
        board (REVIEW_ENGINE), if one does there; None: master. Only on the
        five-in-a-row boards, the protocol's own game: a brain may play the
        smaller ones too, but 3×3 and 4×4 master judges exactly, and a
        five-in-a-row engine told START 5 may not know that 5×5 is four in a row."""
        if self.judge is None or rules.k != 5 or not self.judge.plays_on(rules):
            return None
        return self.judge

    def judge_name(self, rules: Rules) -> str:
        """Who appraises the moves of reviews on rules' board, as the review page names it."""
        judge = self.judge_of(rules)
        return judge.title if judge else "master"

    def ask(self, function: Callable[..., T], *arguments: Any, here: bool = False, for_a_move: bool = False) -> T:
        """function(*arguments), worked out by the first free worker of the
        pages lane, or of the moves lane if it is for_a_move (the computer's
        choice in an opening: a person waits at the board); EnginesBusy if
        none answers within wait_seconds. The function must be one a worker
        can import (defined at the top of its module), and its arguments and
        answer values. Work that needs no engine (here: the caller knows it
        is look-ups) runs in the caller's thread."""
        if here or self.mode == "inline":
            return function(*arguments)
        if self.mode == "local":
            self._start_consumer()
        task, poll_seconds = (self.work_task, POLL_SECONDS) if for_a_move else (self.ask_task, PAGE_POLL_SECONDS)
        (answer,) = self._answer(task(function, arguments, time.time() + self.wait_seconds), poll_seconds=poll_seconds)
        return answer

    def waiting(self) -> int:
        """How many moves for master are queued and not yet taken by a worker
        (a page's work is in the other lane, so it does not count)."""
        if self.mode == "inline":
            return 0
        return sum(task.name == "think" for task in self.queue.pending())

    def appraisals(self, rules: Rules, moves: tuple[int, ...], queue: bool = True, start: int = 0,
                   permit: Callable[[], bool] | None = None) -> list[Appraisal | None]:
        """The appraisal of each of a game's moves after the first start (stones
        set up by hand, which nobody played), as far as the workers have got
        (None for those not done yet); unless queue is false, a job is queued
        for the next APPRAISALS_QUEUED of the others in order (the first
        FIRST_VERDICTS of them ahead of pages' work), unless one already is.
        permit, if given, is asked once, before the first new job: whether
        the asker may queue any (its client's rate: see review.routes)."""
        if queue and self.mode == "local":
            self._start_consumer()
        found: list[Appraisal | None] = []
        missing, permitted = 0, None if permit else True
        for step in range(start + 1, len(moves) + 1):
            name = appraisal_name(rules, moves[:step], self.judge_of(rules))
            appraisal = self.kept.get(name)
            if appraisal is None and queue and missing < APPRAISALS_QUEUED:
                priority = FIRST_VERDICT_PRIORITY if missing < FIRST_VERDICTS else APPRAISAL_PRIORITY
                missing += 1
                if permitted is None and permit is not None and not self._queued_lately(name):
                    permitted = permit()
                if permitted:
                    self._queue_appraisal(name, rules, moves[:step], priority)
                    appraisal = self.kept.get(name)  # inline, it is there at once
            found.append(appraisal if isinstance(appraisal, Appraisal) else None)
        return found

    def appraisal(self, rules: Rules, moves: tuple[int, ...]) -> Appraisal:
        """The appraisal of the last of moves, waited for in the moves lane,
        as a hint is (a person waits at the board for it); EnginesBusy if none comes."""
        name = appraisal_name(rules, moves, self.judge_of(rules))
        if (kept := self.kept.get(name)) is not None:
            return kept
        if self.mode == "local":
            self._start_consumer()
        return self._answer(self.queue.enqueue(self.verdict_task.s(rules, moves, self.judge_of(rules), id=name)))

    def _answer(self, result: Result, preserve: bool = False, poll_seconds: float = POLL_SECONDS) -> Any:
        """A job's answer, waited for up to wait_seconds; EnginesBusy if none
        comes, or at once if the job was lost with no retry left (watch.Lost).
        On this machine's workers, the wait looks every CHECK_SECONDS
        whether this process's consumer is still there, and starts it again
        if not: a consumer that was killed left its jobs written down, and
        the new one queues them again (watch.py), so the move is answered."""
        deadline = time.monotonic() + self.wait_seconds
        while True:
            try:
                answer = result.get(blocking=True, timeout=max(0.001, min(CHECK_SECONDS, deadline - time.monotonic())),
                                    backoff=1.0, max_delay=poll_seconds, preserve=preserve)
            except ResultTimeout:
                if time.monotonic() >= deadline:
                    raise EnginesBusy(f"No engine answered within {self.wait_seconds:g} s.") from None
            else:
                if isinstance(answer, Lost):
                    raise EnginesBusy(f"Its job was lost with no retry left ({answer.why}).")
                return answer
            if self.mode == "local":
                self._start_consumer()

    def later(self, function: Callable[..., str | None], *arguments: Any, once: str, watched: bool = False) -> None:
        """Have a worker run function(*arguments) when nothing else waits
        (a feature's job that nobody waits for: mining a finished game), once:
        not again once it is done (the name once is then kept), nor while it
        is queued, unless it was queued REQUEUE_SECONDS ago and is not done.
        The function must be one a worker can import, as for ask(), and its
        arguments values: it keeps what it finds in its feature's store, which
        it opens itself (webapp.storage.where).

        A job in steps (a learner's training, a chunk of games at a time)
        returns the name of its next step: the same function with the same
        arguments is then queued under that name, as later() queues it, so
        each step is done once and a lost one is queued again by the next
        later() that names it. watched: a person watches it fill in, so it
        waits behind the moves but beside the reviews' appraisals, not behind
        all the rest."""
        if self.kept.get(once) is None and self._first_queued(once):
            if self.mode == "local":
                self._start_consumer()
            priority = APPRAISAL_PRIORITY if watched else LATER_PRIORITY
            self.pages.enqueue(self.later_task.s(function, arguments, once, watched, priority=priority))

    def at(self, when: float, function: Callable[..., None], *arguments: Any) -> None:
        """Run function(*arguments) at the wall-clock time when (time.time()'s):
        a clock's flag. The queue keeps it, so it runs after a restart too;
        the consumer's scheduler looks for jobs due every SCHEDULE_SECONDS
        and runs these itself, not behind the workers' jobs (consumer.py), so
        the function must be short: a read and a write, no search.
        Inline (the tests' apps), nothing runs later: it stays in the queue's
        schedule, where a test can find it (queue.scheduled()) and run it.
        The function must be one a worker can import, as for ask()."""
        if self.mode == "local":
            self._start_consumer()
        eta = datetime.fromtimestamp(when, tz=UTC)
        self.queue.add_schedule(self.at_task.s(function, arguments, eta=eta))  # not the queue: no worker need take it

    def _later_job(self, function: Callable[..., str | None], arguments: tuple, once: str,
                   watched: bool = False) -> None:
        """The job a worker runs for later(): the function, then the name kept,
        so that it is done once; then its next step, if it names one."""
        following = function(*arguments)
        self.kept.put(once, time.time())
        if isinstance(following, str):
            self.later(function, *arguments, once=following, watched=watched)

    def _queue_appraisal(self, name: str, rules: Rules, moves: tuple[int, ...], priority: int) -> None:
        """Queue the job, unless it was queued less than REQUEUE_SECONDS ago."""
        if self._first_queued(name):
            self.pages.enqueue(self.appraisal_task.s(rules, moves, self.judge_of(rules), id=name, priority=priority))

    def _queued_lately(self, name: str) -> bool:
        """Whether the job whose answer is kept under name was queued less than REQUEUE_SECONDS ago."""
        queued = self.kept.get(f"{name}:queued")
        return queued is not None and time.time() - queued < REQUEUE_SECONDS

    def _first_queued(self, name: str) -> bool:
        """Whether the job whose answer is kept under name should be queued:
        it never was, or it was queued REQUEUE_SECONDS ago and its answer has
        not come (its consumer was stopped with it, say). Marks it queued now."""
        queued, now = f"{name}:queued", time.time()
        if self.kept.put_if_empty(queued, now):
            return True
        if now - (self.kept.get(queued) or now) < REQUEUE_SECONDS:
            return False
        self.kept.put(queued, now)
        return True

    def start_if_scheduled(self) -> None:
        """Start this machine's workers now, not at the first job, if the
        queue holds jobs scheduled for later (at: a clock's flag): a server
        started again mid-game has them to run before anybody asks for
        anything (`make serve`'s workers call it as they start). Starting
        them always would cost every server start a consumer per web process.
        A store that does not answer now is left for the first job to find."""
        if self.mode != "local":
            return
        try:
            scheduled = self.queue.scheduled_count()
        except STORE_ERRORS:
            return
        if scheduled:
            self._start_consumer()

    def _start_consumer(self) -> None:
        """Start this process's candidate consumer, once: it runs the workers
        if no other process on this machine does (it holds a lock file while
        it does), and otherwise waits to take over; it stops when this process does."""
        with self._starting:
            if self._consumer is not None and self._consumer.poll() is None:
                return
            command, environment = self.consumer_command()
            self._consumer = subprocess.Popen(command, stdin=subprocess.DEVNULL, env=environment)

    def consumer_command(self) -> tuple[list[str], dict[str, str]]:
        """The command line and environment this process's consumer starts with.
        REDIS_URL goes in the environment, never on the command line: it holds
        Redis's password, and every user on the machine reads command lines (ps)."""
        command = [sys.executable, "-m", "webapp.workers.consumer", "--instance", self.instance_path,
                   "--workers", str(self.workers), "--parent", str(os.getpid())]
        environment = {**os.environ}
        if self.redis_url:
            environment["REDIS_URL"] = self.redis_url
        return command, environment

    def stop(self) -> None:
        """Stop this process's consumer, if it started one (tests and tools; a
        web process's consumer stops by itself when the process ends)."""
        if self._consumer is not None and self._consumer.poll() is None:
            self._consumer.terminate()
            self._consumer.wait(timeout=30)


def _at_job(function: Callable[..., None], arguments: tuple) -> None:
    """The job a worker runs for at(): the function, at its time."""
    function(*arguments)
