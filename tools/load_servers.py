"""`make load-servers`: which server to run the app under, measured.

The same two measurements as `make load` (the move route: open-loop
latency, capacity, and throughput against the bare app) and `make load-live`
(live streams: held open, delivery latency, lost events), one after the
other on this machine, under each candidate with the same number of workers:

- gunicorn sync: one request at a time a worker;
- gunicorn gthread, 256 threads a worker (what `make serve` runs);
- gunicorn gevent: on the Redis store only, since the disk store's session
  locks are flock() calls, which block the whole process: two requests of one
  gevent worker whose sessions share a lock file would wait on each other for
  ever (see docs/deploying.md, "Which server");
- granian (Rust, WSGI), 256 blocking threads a worker.

Live streams are not measured under sync: each would hold a whole worker,
so five streams would take the server. Each run stops by itself; how long
the whole takes: docs/measurements.md, "Load".
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CANDIDATES = {
    "gunicorn sync": {"SERVER": "gunicorn", "WORKER_CLASS": "sync"},
    "gunicorn gthread": {"SERVER": "gunicorn", "WORKER_CLASS": "gthread"},
    "gunicorn gevent": {"SERVER": "gunicorn", "WORKER_CLASS": "gevent", "STORES": "redis"},
    "granian": {"SERVER": "granian"},
}
LIVE = ("gunicorn gthread", "gunicorn gevent", "granian")


def run(script: str, prefix: str, settings: dict[str, str]) -> None:
    environment = {**os.environ, **{f"{prefix}_{name}": value for name, value in settings.items()}}
    subprocess.run([sys.executable, str(TESTS / script)], env=environment, check=True)


def main() -> None:
    sys.stdout.reconfigure(line_buffering=True)
    print("== the move route (make load) ==")
    for name, settings in CANDIDATES.items():
        print(f"-- {name}")
        run("load.py", "LOAD", settings)
    print("== live streams (make load-live) ==")
    for name in LIVE:
        print(f"-- {name}")
        run("load_live.py", "LIVE", CANDIDATES[name])


if __name__ == "__main__":
    main()
