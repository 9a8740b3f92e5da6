"""Real servers on free loopback ports, each ending with the process that started it.

Used by the production tests and by `make load`: redis-server and gunicorn
(as `make serve` runs it; or granian, to compare) as child processes. The
browser that talks to them over HTTP is client.py's.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Coroutine, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from flask import Flask
from werkzeug.serving import make_server

from webapp.workers.consumer import LOCK_FILE

T = TypeVar("T")

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def run(scenario: Coroutine[Any, Any, T]) -> T:
    """asyncio.run in a thread of its own: in a test session that has driven a
    browser, Playwright's sync API keeps an event loop running in the main thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, scenario).result()


def outside_checkout(folder: str | Path) -> Path:
    """folder, unless it lies inside this checkout: test leftovers there end up
    committed. (tempfile falls back to the working directory when no usual
    temporary folder is writable.)"""
    resolved = Path(folder).resolve()
    if resolved.is_relative_to(ROOT):
        raise RuntimeError(f"{resolved} is inside the checkout; set TMPDIR to a folder outside it")
    return resolved


def scratch_folder() -> tempfile.TemporaryDirectory[str]:
    """A temporary folder for a server's instance (its sessions and locks),
    outside the checkout, removed when the with block ends."""
    outside_checkout(tempfile.gettempdir())
    return tempfile.TemporaryDirectory(prefix="tictactoe-")


def each_store(names: Iterable[str]) -> Iterator[tuple[str, dict[str, str], Path, RedisServer]]:
    """For each store named ("disk", "redis") in turn: its name, the settings
    that choose it, a scratch instance folder, and the redis-server that runs
    meanwhile (started once, stopped when the loop ends or is left)."""
    redis = RedisServer().start()
    try:
        for store, settings in (("disk", {}), ("redis", {"REDIS_URL": redis.url})):
            if store in names:
                with scratch_folder() as instance:
                    yield store, settings, Path(instance), redis
    finally:
        redis.stop()


@contextmanager
def in_a_thread(app: Flask) -> Iterator[str]:
    """app served by Werkzeug in a thread of this process, for as long as the
    with block lasts: its address."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()


def ending_with_this_process(command: list[str]) -> list[str]:
    """command, to be run so that the kernel kills it when the process that
    starts it ends (setpriv, from util-linux, sets its parent-death signal
    and then runs it in its place, under the same process id). A test that
    fails, or that its time limit ends with a stack dump and an exit, so
    leaves no server running behind it. (The signal comes when the starting
    thread ends: start servers from the main thread.)"""
    return ["setpriv", "--pdeathsig", "KILL", "--", *command]


PORTS_PER_TEST_PROCESS = 400
FIRST_TEST_PORT = 20_000
"""Where pytest-xdist's test processes find ports for their servers: a block
each, below Linux's ephemeral ports (32768 up), which the kernel gives out
for port 0 and for connections."""


def free_port() -> int:
    """A loopback port nothing listens on. A pytest-xdist test process takes
    it from its own block of ports: a port that the kernel gives for port 0
    could be given to two test processes that start servers at the same
    moment, and one test would then talk to the other's server."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker.startswith("gw"):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            return probe.getsockname()[1]
    first = FIRST_TEST_PORT + int(worker[2:]) * PORTS_PER_TEST_PROCESS
    start = random.randrange(PORTS_PER_TEST_PROCESS)  # not the port a server just left (its connections linger)
    for offset in range(PORTS_PER_TEST_PROCESS):
        port = first + (start + offset) % PORTS_PER_TEST_PROCESS
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {first}-{first + PORTS_PER_TEST_PROCESS - 1}")


def wait_until(ready, what: str, seconds: float = 20.0) -> None:
    """Poll ready() until it is true; fail saying what never became ready."""
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} was not ready within {seconds} s")
        time.sleep(0.05)


def answers(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
        return True
    except OSError:
        return False


def listening(process: subprocess.Popen, port: int, name: str) -> bool:
    """Whether a server just started answers on its port yet; if its process
    has ended instead (its port taken, say), an error at once rather than a
    wait for a port that some other process may answer on."""
    if process.poll() is not None:
        raise RuntimeError(f"{name} exited with status {process.returncode}")
    return answers(port)


class RedisServer:
    """Debian's redis-server on a free loopback port, keeping nothing on disk."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> RedisServer:
        self.process = subprocess.Popen(ending_with_this_process(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"]), stdout=subprocess.DEVNULL)
        wait_until(lambda: listening(self.process, self.port, "redis-server"), "redis-server")
        return self

    def stop(self) -> None:
        if self.process:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


ONE_ADDRESS_FOR_MANY = {"NEW_SESSIONS_PER_HOUR": "1000000", "GAMES_PER_MINUTE": "1000000",
                        "ENGINE_PAGES_PER_MINUTE": "1000000", "STREAMS_PER_CLIENT": "1000000",
                        "ENGINE_PAGES_AT_ONCE": "1000000", "REVIEWS_PER_MINUTE": "1000000",
                        "LEARNING_RUNS_PER_CLIENT": "1000000", "SIGN_IN_TRIES_PER_CLIENT": "1000000"}
"""The per-client bounds lifted where every browser a test or a tool drives comes
from 127.0.0.1, as one client (a test of a bound sets its own)."""


class AppServer:
    """The app under gunicorn, as `make serve` runs it, with its own instance
    folder; or, to compare servers (`make load-servers`), under granian."""

    def __init__(self, instance: Path, workers: int | None = 4, factory: str = "", server: str = "gunicorn",
                 **environment: str) -> None:
        """workers=None leaves the number of workers to `make serve`'s default;
        factory, another app to serve the same way (make load's bare app), as
        module:function; server, gunicorn or granian (with THREADS blocking
        threads a worker, as gunicorn's gthread has)."""
        self.port = free_port()
        self.instance = instance
        self.factory = factory or "harness.served:create_app"
        self.server = server
        self.environment = {"HOST": "127.0.0.1", "PORT": str(self.port), "SECRET_KEY": "live tests",
                            "SERVED_INSTANCE": str(instance), **ONE_ADDRESS_FOR_MANY,
                            **({"WEB_CONCURRENCY": str(workers)} if workers else {}), **environment}
        self.process: subprocess.Popen[bytes] | None = None

    def command(self) -> list[str]:
        if self.server == "granian":
            environment = {**os.environ, **self.environment}
            workers = environment.get("WEB_CONCURRENCY") or str(2 * os.cpu_count() + 1)
            return [str(BIN / "granian"), "--interface", "wsgi", "--host", "127.0.0.1", "--port", str(self.port),
                    "--workers", workers, "--blocking-threads", environment.get("THREADS", "256"),
                    "--log-level", "warning", "--factory", self.factory]
        return [str(BIN / "gunicorn"), "-c", "python:webapp.gunicorn_conf", "--access-logfile", "/dev/null",
                self.factory + "()"]

    def start(self) -> AppServer:
        environment = {name: value for name, value in os.environ.items() if name != "WEB_CONCURRENCY"}
        self.process = subprocess.Popen(ending_with_this_process(self.command()), cwd=ROOT,
                                        env={**environment, **self.environment}, stdout=subprocess.DEVNULL)
        wait_until(lambda: listening(self.process, self.port, self.server), self.server)
        return self

    def stop(self) -> None:
        """Stop the server, and wait for the engine workers its processes
        started: they stop when those do, and until then read the store the
        caller may be about to remove."""
        if self.process:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(20)
            self.process = None
            engine_workers_stopped(self.instance)

    def __enter__(self) -> AppServer:
        """`with AppServer(...) as app:` starts the server, and stops it at the block's end, whatever happens."""
        return self.start()

    def __exit__(self, *exception: object) -> None:
        self.stop()


def engine_workers_stopped(instance: Path, seconds: float = 20) -> None:
    """Wait until no engine workers run for this instance folder: their
    consumer holds the folder's lock file while it runs."""
    lock = instance / LOCK_FILE
    if not lock.exists():
        return
    descriptor = os.open(lock, os.O_RDWR)
    try:
        deadline = time.monotonic() + seconds
        while True:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the engine workers of {instance} did not stop within {seconds:g} s") from None
                time.sleep(0.05)
    finally:
        os.close(descriptor)  # and with it the lock, if taken
