"""A brain's process, as this site runs one: started from one long-lived
thread a process (so that the kernel's parent-death signal outlives a web
request's thread), its answers read by a thread of their own, so that every
wait for one is bounded; BrainFault when it breaks the protocol. A brain's
process ends with the process that started it, however that ends:
util-linux's setpriv sets a parent-death signal before the brain runs
(without setpriv, which Debian always has, a warning is logged once).
"""

from __future__ import annotations

import logging
import os
import queue
import shutil
import subprocess
import tempfile
import threading
import time
from collections import deque
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import IO

START_SECONDS = 15.0
"""How long a brain may take to answer START: a first start may load a lot (a network's weights)."""
LINE_CHARACTERS = 4096
"""The longest line a brain may write: a board's longest answer (a MESSAGE with a line of 225 moves) fits
many times over. A longer one is a fault, and the brain is killed: its output is read a line at a time."""
LINES_WAITING = 1000
"""The most lines read and not yet taken: past it the reader waits, and so, its pipe full, does the brain."""
MESSAGES_KEPT = 200
"""The MESSAGE and DEBUG lines kept of one answer (the newest): what the page reads of them is the last line."""
CANNOT_RUN = (126, 127)
"""The exit statuses setpriv ends with when the program it is to run cannot be run (not found, not a program)."""
_TOO_LONG = "\x00too long"
"""What the reader queues for a line past LINE_CHARACTERS: no brain's line holds a NUL."""
log = logging.getLogger(__name__)
_launcher_lock = threading.Lock()


class BrainFault(Exception):
    """A brain broke the protocol or the rules: the message says what it did, fit to show a person."""


_launchers: dict[int, ThreadPoolExecutor] = {}
_SETPRIV = shutil.which("setpriv")


@cache
def _warn_once(message: str) -> None:
    log.warning(message)


def _launcher() -> ThreadPoolExecutor:
    """The thread this process starts every brain from, which lives as long
    as the process: the kernel's parent-death signal is tied to the thread
    that started a process, and a web request's thread ends with its request.
    One a process id: a forked worker has none of its parent's threads."""
    with _launcher_lock:
        if (launcher := _launchers.get(os.getpid())) is None:
            launcher = _launchers[os.getpid()] = ThreadPoolExecutor(1, thread_name_prefix="brain-launcher")
        return launcher


BRAIN_ENVIRONMENT = ("PATH", "LANG", "LC_ALL")
"""What a brain inherits from the app's environment, where it is set: where
programs are, and the language; never the app's secrets (SECRET_KEY, REDIS_URL)."""


def brain_environment() -> dict[str, str]:
    """The environment a brain starts with: BRAIN_ENVIRONMENT's variables,
    and a HOME of no account (the temporary folder). A brain is a program
    the operator downloaded: it has no business reading the app's secrets."""
    environment = {name: os.environ[name] for name in BRAIN_ENVIRONMENT if name in os.environ}
    environment.setdefault("PATH", os.defpath)
    environment["HOME"] = tempfile.gettempdir()
    return environment


def _pipes(process: subprocess.Popen[str]) -> tuple[IO[str], IO[str]]:
    """A brain's standard input and output: both are pipes, as it was started
    with them; checked, as Popen's types leave either one None."""
    if process.stdin is None or process.stdout is None:
        process.kill()
        raise BrainFault("its pipes could not be opened")
    return process.stdin, process.stdout


class Connection:
    """A brain's process, its answers read by a thread of their own, so that
    every wait for one is bounded; BrainFault when it breaks the protocol."""

    def __init__(self, command: Sequence[str]) -> None:
        if not _SETPRIV:
            _warn_once("util-linux's setpriv is missing: a brain may outlive the worker that started it")
        ending = [_SETPRIV, "--pdeathsig", "KILL", "--"] if _SETPRIV else []
        try:
            self.process = _launcher().submit(subprocess.Popen, [*ending, *command], stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                            bufsize=1, errors="replace", env=brain_environment()).result()
        except OSError as error:
            raise BrainFault(f"it could not be started ({error.strerror})") from None
        self.to_brain, self.from_brain = _pipes(self.process)
        self.lines: queue.Queue[str | None] = queue.Queue(maxsize=LINES_WAITING)
        self.messages: deque[str] = deque(maxlen=MESSAGES_KEPT)  # MESSAGE and DEBUG lines answer() passed over
        threading.Thread(target=self._read, daemon=True, name="brain-reader").start()

    def _read(self) -> None:
        """Queue each line the brain writes, a line at a time; stop at the first past LINE_CHARACTERS."""
        while line := self.from_brain.readline(LINE_CHARACTERS + 1):
            if len(line) > LINE_CHARACTERS:
                self.lines.put(_TOO_LONG)
                self.kill()
                return
            self.lines.put(line.strip()[:1000])
        self.lines.put(None)

    def start(self, size: int, seconds: float = START_SECONDS) -> str:
        """START the brain on a size×size board; its answer ("OK" if it plays it), within seconds."""
        self.tell(f"START {size}")
        return self.answer(seconds)

    def tell(self, *lines: str) -> None:
        """Write lines to the brain, a question, after dropping what it wrote
        and nobody took: an answer that came before its question is never taken for this one's."""
        self._drain()
        try:
            self.to_brain.write("".join(line + "\n" for line in lines))
            self.to_brain.flush()
        except OSError as error:
            try:
                status = self.process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                raise BrainFault(f"it stopped reading ({error.strerror or error})") from None
            raise BrainFault(_stopped(status)) from None

    def _drain(self) -> None:
        """Drop the lines waiting, but not the news that the output ended or broke the protocol."""
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return
            if line is None or line == _TOO_LONG:
                self.lines.put(line)
                return

    def answer(self, seconds: float) -> str:
        """The next line that is not a message or a debug line, within seconds."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.monotonic(), 0.001))
            except queue.Empty:
                raise BrainFault(f"it did not answer within {seconds:.1f} s") from None
            if line is None:
                raise BrainFault(self._ended())
            if line == _TOO_LONG:
                self.lines.put(line)  # every later question meets it too
                raise BrainFault(f"it wrote a line longer than {LINE_CHARACTERS:,} characters")
            if not line.startswith(("MESSAGE", "DEBUG")):
                return line
            self.messages.append(line)

    def _ended(self) -> str:
        """What became of a brain whose output ended."""
        try:
            return _stopped(self.process.wait(timeout=1))
        except subprocess.TimeoutExpired:
            return "it closed its output"

    def close(self) -> None:
        """END the brain, and kill it if it does not stop at once."""
        try:
            self.tell("END")
            self.process.wait(timeout=1)
        except (BrainFault, subprocess.TimeoutExpired):
            self.kill()

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()


def _stopped(status: int) -> str:
    """What became of a brain that ended with status: a program that could not be run says so."""
    if _SETPRIV and status in CANNOT_RUN:
        return f"it could not be run: is it a program? (exit status {status})"
    return f"it stopped (exit status {status})"


def started(command: Sequence[str], size: int) -> Connection:
    """A brain's process, started on a size×size board; BrainFault (its
    process killed) unless it answers START with OK."""
    connection = Connection(command)
    try:
        if (said := connection.start(size)) != "OK":
            raise BrainFault(f"it answered START {size} with “{said[:60]}”")
    except BrainFault:
        connection.kill()
        raise
    return connection
