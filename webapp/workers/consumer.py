"""The engine workers' process: a Huey consumer for each lane (pool.py),
each running one worker process a core (or --workers): the moves lane's in
this process, the pages lane's in a child forked from it, whose workers run
at PAGES_NICENESS, so that the CPU goes to the moves first.

    python -m webapp.workers.consumer --instance instance/        # beside make serve or make run
    python -m webapp.workers.consumer --redis-url redis://host/0  # make worker, on any machine

One consumer runs per machine: it holds a lock file in the instance folder
while it runs, and a second one waits for the lock. The app starts one in
each web process (--parent: it stops when that process ends), so that
whichever web process came first runs the workers, and another takes over
if that one is gone.

It watches its workers (watch.py): one that dies or hangs with a job is
replaced within HEALTH_CHECK_SECONDS and its job queued again. Its workers
end with it, however it ends (a parent-death signal, so that no orphan
keeps the lock or serves old code), and told to stop it waits at most
SHUTDOWN_SECONDS for the jobs in hand.
"""

from __future__ import annotations

import argparse
import ctypes
import fcntl
import logging
import os
import signal
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from huey.api import Huey
from huey.consumer import Consumer, Scheduler

from webapp.engine import BOARDS, prepare
from webapp.storage.private import private_folder
from webapp.workers.pool import AT_TASK, POLL_SECONDS, EnginePool
from webapp.workers.watch import HEALTH_CHECK_SECONDS, JobRecords, stop_hung

LOCK_FILE = "engine-workers.lock"
WATCH_SECONDS = 0.5
SHUTDOWN_SECONDS = 5.0
"""How long a consumer told to stop waits for its workers' jobs (a move: its budget; a hung worker: forever)."""
IDLE_POLL_SECONDS = 0.05
IDLE_BACKOFF = 1.1
"""How a worker looks for jobs in SQLite, which cannot tell it that one came
(Redis can, and there a worker waits for one): every POLL_SECONDS after a job,
each look that finds nothing waiting IDLE_BACKOFF times longer, up to
IDLE_POLL_SECONDS. A move that comes mid-game is seen within a few ms, one after
a pause within IDLE_POLL_SECONDS; two idle workers looking every POLL_SECONDS
took several times the CPU that backing off takes (docs/measurements-log.md,
"Two test processes", holds what each cost)."""
PAGES_NICENESS = 10
"""How much lower the pages lane's workers' CPU priority is than the moves lane's (nice(1)): on a busy
machine Linux gives a process at nice 0 about nine times the CPU of one at nice 10, so a move keeps
its search speed while every core also works out pages, and pages get all the CPU the moves leave."""
PR_SET_PDEATHSIG = 1
SCHEDULE_SECONDS = 0.1
"""How often the consumer looks for scheduled jobs that are due (a clock's
flag, pool.at), so that one runs within a few tenths of its time; Huey's
own scheduler looks once a second at most."""


def main(argv: Sequence[str] | None = None) -> None:
    options = _parser().parse_args(argv)
    instance = Path(options.instance)
    private_folder(str(instance))
    pool = EnginePool("external", str(instance), options.redis_url, workers=options.workers)
    try:
        if options.parent:
            # Stopping with the parent is a SIGINT to itself: it must not be ignored, as a
            # process started in the background from a shell would otherwise inherit.
            signal.signal(signal.SIGINT, signal.default_int_handler)
            threading.Thread(target=_stop_with, args=(options.parent,), daemon=True).start()
        if not _wait_for_lock(instance / LOCK_FILE, options.parent):
            return
        for rules in BOARDS.values():  # the workers are forked from this process, and share what it built
            prepare(rules)
    except KeyboardInterrupt:  # told to stop (Ctrl-C, or its web process ended) before it ran any worker
        return
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s engine workers %(levelname)s: %(message)s")
    pages = _fork_pages_lane(pool.pages, instance, options.workers, pool.queue)
    _pages_lanes.append(pages)
    try:
        _run_lane(pool.queue, JobRecords(instance, pool.queue), options.workers, pages_lane=pages)
    finally:
        _stop_lane(pages)


def _run_lane(queue: Huey, records: JobRecords, workers: int, scheduler: type[Scheduler] | None = None,
              pages_lane: int = 0) -> None:
    """Queue again the jobs a consumer before this one left in hand, then run the lane's workers until told to stop."""
    for record in records.left_behind():
        records.queue_again(record, "its consumer was gone")
    consumer = WatchfulConsumer(queue, records, workers=workers, scheduler=scheduler or PromptScheduler,
                                pages_lane=pages_lane)
    try:
        consumer.run()
    except KeyboardInterrupt:  # told to stop while it started its workers, before it listened for signals itself
        consumer.stop()


def _fork_pages_lane(pages: Huey, instance: Path, workers: int, moves: Huey) -> int:
    """Fork the pages lane's consumer, at PAGES_NICENESS, sharing what this
    process built (the boards' tables); its process id. It ends with this
    process (told to stop by _stop_lane, or killed with it if this one is);
    both queues' connections are closed first, as Huey does before it forks
    its workers, so that no SQLite connection is shared by two processes."""
    moves.storage.close()
    pages.storage.close()
    parent = os.getpid()
    child = os.fork()
    if child:
        return child
    code = 0
    try:
        _end_with(parent)
        os.setpgid(0, 0)  # a terminal's Ctrl-C reaches the moves lane's consumer alone, which tells this one once
        os.nice(PAGES_NICENESS)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        _run_lane(pages, JobRecords(instance, pages, lane="pages"), workers, scheduler=Scheduler)
    except KeyboardInterrupt:
        pass
    except BaseException:
        logging.exception("The pages lane's consumer failed.")
        code = 1
    finally:
        logging.shutdown()
        os._exit(code)  # never back into the moves lane's code


_pages_lanes: list[int] = []
"""The pages lane this process forked, for _stop_with to tell as it tells this process."""
_told_to_stop: set[int] = set()
"""The pages lanes told to stop: told twice, Huey's consumer would stop at once, not finishing its jobs."""


def _tell_to_stop(child: int) -> None:
    """Tell the pages lane's consumer to stop as Ctrl-C would (finishing its jobs in hand), once."""
    if child and child not in _told_to_stop:
        _told_to_stop.add(child)
        try:
            os.kill(child, signal.SIGINT)
        except ProcessLookupError:
            pass


def _stop_lane(child: int) -> None:
    """Stop the pages lane's consumer, and wait for it (SIGKILL if it outlasts SHUTDOWN_SECONDS)."""
    _tell_to_stop(child)
    deadline = time.monotonic() + SHUTDOWN_SECONDS + 2 * WATCH_SECONDS
    while time.monotonic() < deadline:
        if _has_ended(child):
            return
        time.sleep(WATCH_SECONDS / 10)
    os.kill(child, signal.SIGKILL)
    _has_ended(child)


class PromptScheduler(Scheduler):
    """Huey's scheduler, looking for due jobs every SCHEDULE_SECONDS (Huey's
    own keeps to whole seconds: a flag would fall up to a second late); and
    the jobs scheduled with pool.at (a clock's flag: a read and a write of
    one game) it runs itself, the moment they are due, rather than queue
    them behind the workers' jobs in hand (a review's appraisal takes a
    second or more). The consumer runs no periodic tasks."""

    _next_loop: float  # when the next loop starts (time.monotonic()): Huey's Scheduler sets it, untyped

    def __init__(self, *arguments, **keywords) -> None:
        super().__init__(*arguments, **keywords)
        self.interval = SCHEDULE_SECONDS

    def loop(self, now=None) -> None:
        started = self._next_loop
        self._next_loop += self.interval
        if self._next_loop < time.monotonic():  # behind (the machine stalled): start again from now, as Huey does
            self._next_loop = time.monotonic()
            return
        try:
            due = self.huey.read_schedule(now)
        except Exception:
            self._logger.exception("Error reading schedule.")
            due = []
        for task in due:
            try:
                if task.name == AT_TASK:
                    self.huey.execute(task)
                else:
                    self.huey.enqueue(task)
            except Exception:
                self._logger.exception("Error running or queueing %s.", task)
        self.sleep_for_interval(started, self.interval)


class WatchfulConsumer(Consumer):
    """Huey's consumer of worker processes, which replaces a worker that died
    (Huey's own health check) and also kills one that hangs, and queues
    again the job either had in hand; the moves lane's scheduler looks for
    due jobs every SCHEDULE_SECONDS (the pages lane has none: Huey's own will do)."""

    def __init__(self, queue: Huey, records: JobRecords, workers: int,
                 scheduler: type[Scheduler] = PromptScheduler, pages_lane: int = 0) -> None:
        self.scheduler_class = scheduler
        queue.pre_execute()(records.started)
        queue.post_execute()(records.finished)
        super().__init__(queue, workers=workers, worker_type="process", periodic=False, initial_delay=POLL_SECONDS,
                         backoff=IDLE_BACKOFF, max_delay=IDLE_POLL_SECONDS, health_check_interval=HEALTH_CHECK_SECONDS,
                         shutdown_timeout=SHUTDOWN_SECONDS)
        self.records = records
        self.pages_lane = pages_lane
        # SIGHUP stops it as Ctrl-C does: Huey's own restart (an exec in place) would leave the pages lane's
        # consumer holding the machine's lock; the app starts a consumer again at its next job.
        self._signal_actions[signal.SIGHUP] = (False, True)

    def _create_process(self, process, name: str):
        """Each process Huey forks (the workers, and its scheduler) ends with this one."""
        initialize, consumer = process.initialize, os.getpid()

        def initialize_to_end_with_the_consumer() -> None:
            _end_with(consumer)
            initialize()

        process.initialize = initialize_to_end_with_the_consumer
        return super()._create_process(process, name)

    def _interrupt_workers(self) -> None:
        """Huey interrupts its workers with SIGTERM; a hung one (stopped, say)
        never handles it, and Python's exit would then wait for it forever."""
        super()._interrupt_workers()
        for _, process in self.worker_threads:
            if process.is_alive():
                process.kill()
                process.join(WATCH_SECONDS)

    def check_worker_health(self) -> bool:
        """Every HEALTH_CHECK_SECONDS: queue again the job of a worker that
        died, kill one past its job's limit and queue its job again; then
        Huey replaces the dead."""
        if self.pages_lane and _has_ended(self.pages_lane):
            logging.error("The pages lane's consumer ended; stopping, for the app to start both lanes again.")
            self._signum, self._restart, self._graceful = signal.SIGINT, False, True  # as Ctrl-C: the jobs finish
        for _, process in self.worker_threads:
            record = self.records.of(process.pid)
            if record is None:
                continue
            if not process.is_alive():
                self.records.queue_again(record, f"worker {process.pid} died")
            elif stop_hung(record):
                process.join(WATCH_SECONDS)
                self.records.queue_again(record, f"worker {process.pid} hung past its job's limit and was killed")
        return super().check_worker_health()


def _has_ended(child: int) -> bool:
    """Whether the forked child has ended (and is reaped)."""
    try:
        return os.waitpid(child, os.WNOHANG) != (0, 0)
    except ChildProcessError:
        return True


def _end_with(consumer: int) -> None:
    """A forked process's first act: ask the kernel to kill it when the
    consumer that forked it ends, however it ends (so no orphan keeps serving
    old code, or holds the consumer's lock, inherited with its file), and end
    now if it already has."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != consumer:
        os._exit(0)


def _wait_for_lock(path: Path, parent: int) -> bool:
    """Hold the machine's consumer lock (kept until this process ends); False
    if the parent ended while waiting for it."""
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    while True:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if parent and os.getppid() != parent:
                return False
            time.sleep(WATCH_SECONDS)


def _stop_with(parent: int) -> None:
    """When the web process that started this one ends, stop as Ctrl-C
    would: the workers finish the moves they are thinking about. If it has
    not stopped SHUTDOWN_SECONDS later (the signal came while Huey was
    starting its workers, and was lost), end at once: its workers end with
    it (PR_SET_PDEATHSIG), and the lock with its file descriptor. An orphan
    consumer was found still running half an hour after its server's test."""
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    for pages in _pages_lanes:
        _tell_to_stop(pages)  # both lanes finish their jobs at once, within the one SHUTDOWN_SECONDS
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(SHUTDOWN_SECONDS + 2 * WATCH_SECONDS)
    os._exit(0)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m webapp.workers.consumer", description=__doc__.split("\n\n")[0])
    parser.add_argument("--instance", default="instance", help="the folder of the SQLite queue and the lock file")
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL"), help="the queue in Redis (REDIS_URL)")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("ENGINE_WORKER_COUNT") or os.cpu_count()
                                                              or 1), help="worker processes (default: one a core)")
    parser.add_argument("--parent", type=int, default=0, help="stop when the process with this id ends")
    return parser


if __name__ == "__main__":
    main()
