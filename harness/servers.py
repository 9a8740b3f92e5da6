"""Real servers on free loopback ports, and a browser that talks to them over HTTP.

Used by the production tests and by `make load`: redis-server and gunicorn
(as `make serve` runs it; or granian, to compare) as child processes, and Browser, a small asyncio
HTTP/1.1 client that keeps its cookies and says where its posts come from, as a browser would.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Coroutine, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
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
                            "SERVED_INSTANCE": str(instance),
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


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: str
    cookies: list[str] = field(default_factory=list)

    @property
    def ply(self) -> int:
        return int(re.search(r'name="ply" value="(\d)"', self.body).group(1))

    @property
    def board(self) -> str:
        """The board in the reply, as the engine writes it."""
        marks = re.findall(r'name="cell" value="\d"[^>]*>([XO]?)</button>', self.body)
        return "".join(mark or "." for mark in marks)


@dataclass
class Browser:
    """One browser: its cookies and a keep-alive connection; its posts say
    they come from the page (Sec-Fetch-Site: same-origin)."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    _streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = field(default=None, repr=False)

    def twin(self) -> Browser:
        """Another tab of this browser: the same cookies, its own connection."""
        return Browser(self.port, self.cookies)

    @property
    def cookie(self) -> str:
        """The Cookie header this browser sends."""
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())

    async def open(self) -> Reply:
        return await self.request("GET", "/")

    async def post(self, path: str, fields: dict[str, object], htmx: bool = True) -> Reply:
        return await self.request("POST", path, fields, htmx)

    async def request(self, method: str, path: str, fields: dict[str, object] | None = None,
                      htmx: bool = False) -> Reply:
        body = urllib.parse.urlencode(fields or {}).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", f"Content-Length: {len(body)}"]
        if fields is not None:
            head += ["Content-Type: application/x-www-form-urlencoded", "Sec-Fetch-Site: same-origin"]
        if self.cookies:
            head.append(f"Cookie: {self.cookie}")
        if htmx:
            head.append("HX-Request: true")
        request = ("\r\n".join(head) + "\r\n\r\n").encode() + body
        reused = self._streams is not None
        reader, writer = self._streams or await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(request)
        try:
            reply = await self._read(reader)
        except (ConnectionError, IndexError):
            if not reused:
                raise
            # The server closed the kept-alive connection while it was idle: as a browser does, open another.
            writer.close()
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
            writer.write(request)
            reply = await self._read(reader)
        if reply.headers.get("connection", "").lower() == "close":
            writer.close()
            self._streams = None
        else:
            self._streams = reader, writer
        for set_cookie in reply.cookies:
            name, _, value = set_cookie.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value
        return reply

    @staticmethod
    async def _read(reader: asyncio.StreamReader) -> Reply:
        status_line = await reader.readline()
        headers, cookies = {}, []
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
            if name.strip().lower() == "set-cookie":
                cookies.append(value.strip())
        body = await reader.readexactly(int(headers.get("content-length", 0)))
        return Reply(int(status_line.split()[1]), headers, body.decode(), cookies)

    async def close(self) -> None:
        if self._streams:
            self._streams[1].close()
            self._streams = None


@dataclass
class ServerEvent:
    """One message of a text/event-stream."""

    id: str
    event: str
    data: str
    passed: tuple[str, ...] = ()  # ids of messages without data just before it (a page's missed changes)


class EventStream:
    """A page's live stream, as EventSource reads it: GET path with the
    browser's cookie (and Last-Event-ID to resume), then message by message."""

    def __init__(self, port: int, path: str, cookie: str = "", last_event_id: str | None = None):
        self.port, self.path, self.cookie, self.last_event_id = port, path, cookie, last_event_id
        self.status = 0
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def open(self) -> EventStream:
        self._reader, self._writer = await asyncio.open_connection("127.0.0.1", self.port)
        # HTTP/1.0, so that the server sends the stream as it is, not in chunks.
        head = [f"GET {self.path} HTTP/1.0", f"Host: 127.0.0.1:{self.port}", "Accept: text/event-stream"]
        if self.cookie:
            head.append(f"Cookie: {self.cookie}")
        if self.last_event_id:
            head.append(f"Last-Event-ID: {self.last_event_id}")
        self._writer.write(("\r\n".join(head) + "\r\n\r\n").encode())
        self.status = int((await self._reader.readline()).split()[1])
        while (await self._reader.readline()) not in (b"\r\n", b""):
            pass
        return self

    async def next(self, seconds: float = 10.0) -> ServerEvent | None:
        """The next message with data (keep-alive comments skipped), or None
        if the stream ends or nothing comes within seconds."""
        fields: dict[str, list[str]] = {}
        passed: list[str] = []
        try:
            while True:
                line = (await asyncio.wait_for(self._reader.readline(), seconds)).decode()
                if line == "":
                    return None
                line = line.rstrip("\r\n")
                if line == "":
                    # A message ends; as in EventSource, one without data only moves the last id on.
                    self.last_event_id = "".join(fields.get("id", [""])[-1:]) or self.last_event_id
                    if "data" in fields:
                        return ServerEvent(self.last_event_id or "", "".join(fields.get("event", [""])),
                                           "\n".join(fields["data"]), tuple(passed))
                    passed += fields.get("id", [])
                    fields = {}
                    continue
                if line.startswith(":"):
                    continue
                name, _, value = line.partition(":")
                fields.setdefault(name, []).append(value[1:] if value.startswith(" ") else value)
        except (asyncio.TimeoutError, ConnectionError):
            return None

    async def close(self) -> None:
        if self._writer:
            self._writer.close()
            self._writer = None
