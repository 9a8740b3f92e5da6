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

from webapp import thinking
from webapp.engine import solved

solved.load_all()
thinking.warm()  # the empty 3×3 board's "How the computer sees this", inherited by every worker
gc.freeze()

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '5000')}"
# gunicorn's own advice for the number of workers: two per core, plus one.
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * multiprocessing.cpu_count() + 1)
accesslog = "-"
# gunicorn's control socket lives at one fixed path; several servers on one
# machine (the tests start a few) would fight over it, and nothing here uses it.
control_socket_disable = True
