"""The engine workers' process: a Huey consumer running one worker process
a core (or --workers), taking master's moves from the queue.

    python -m webapp.workers.consumer --instance instance/        # beside make serve or make run
    python -m webapp.workers.consumer --redis-url redis://host/0  # make worker, on any machine

One consumer runs per machine: it holds a lock file in the instance folder
while it runs, and a second one waits for the lock. The app starts one in
each web process (--parent: it stops when that process ends), so that
whichever web process came first runs the workers, and another takes over
if that one is gone.
"""

from __future__ import annotations

import argparse
import fcntl
import logging
import os
import signal
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from webapp.engine import BOARDS, prepare
from webapp.workers.pool import POLL_SECONDS, EnginePool

LOCK_FILE = "engine-workers.lock"
WATCH_SECONDS = 0.5


def main(argv: Sequence[str] | None = None) -> None:
    options = _parser().parse_args(argv)
    instance = Path(options.instance)
    instance.mkdir(parents=True, exist_ok=True)
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
    consumer = pool.queue.create_consumer(workers=options.workers, worker_type="process", periodic=False,
                                          initial_delay=POLL_SECONDS, backoff=1.0, max_delay=POLL_SECONDS)
    try:
        consumer.run()
    except KeyboardInterrupt:  # told to stop while it started its workers, before it listened for signals itself
        consumer.stop()


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
    would: the workers finish the moves they are thinking about."""
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os.kill(os.getpid(), signal.SIGINT)


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
