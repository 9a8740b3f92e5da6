"""gunicorn settings for `make serve`: HOST and PORT, workers from WEB_CONCURRENCY.

The solved tables are loaded here, once, in the master process: 3×3 is
solved and the 4×4 tablebase mapped, and every worker forked from it starts
with both (the tablebase's pages are the page cache's, shared by all), and
with the searches of the empty 3×3 board's "How the computer sees this" done.
Freezing them keeps the garbage collector from walking them again in every
worker (and from touching, and so copying, the pages they share with the master).
"""

import gc
import multiprocessing
import os
import signal

from webapp.engine.play import solved
from webapp.shared.web import ENGINE_POOL, engine_pool
from webapp.think import look

solved.load_all()
look.warm()  # the empty 3×3 board's "How the computer sees this", inherited by every worker
gc.freeze()

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '5000')}"
# gunicorn's own advice for the number of workers: two per core, plus one.
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * multiprocessing.cpu_count() + 1)
# Threads, so that the live streams of games between friends (each holds a
# thread while it waits) never starve the moves; see docs/live.md.
worker_class = os.environ.get("WORKER_CLASS", "gthread")
threads = int(os.environ.get("THREADS", "256"))
graceful_timeout = 10  # a move finishes well within it; streams are ended at once (below)


def post_worker_init(worker) -> None:
    """Start the engine workers if clocks' flags are scheduled, so that they
    fall even if nobody asks for a page (EnginePool.start_if_scheduled).
    When the worker is told to stop
    (SIGTERM), end its live streams first, then stop as gunicorn does: the
    pages reconnect, to another worker or to the server once it is back, and
    resume from their last event; and the worker need not wait out
    graceful_timeout for streams that never end."""
    extensions = getattr(worker.wsgi, "extensions", {})  # none in make load's bare app
    hub = extensions.get("online_hub")
    if ENGINE_POOL in extensions:
        engine_pool(worker.wsgi).start_if_scheduled()

    def stop(signum, frame) -> None:
        if hub is not None:
            hub.stop()
        worker.handle_exit(signum, frame)

    signal.signal(signal.SIGTERM, stop)
accesslog = "-"
# gunicorn's control socket lives at one fixed path; several servers on one
# machine (the tests start a few) would fight over it, and nothing here uses it.
control_socket_disable = True
