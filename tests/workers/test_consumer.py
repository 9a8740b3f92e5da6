"""The engine workers' process: told to stop at any moment, it stops without a
traceback; its workers start with the boards' tables built."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from webapp.engine import BOARDS
from webapp.workers import consumer

ROOT = Path(__file__).resolve().parent.parent.parent


class StartingConsumer:
    """A consumer told to stop (SIGINT) while it starts its workers, before
    Huey has set its own signal handlers: run() raises KeyboardInterrupt."""

    stopped = False

    def run(self) -> None:
        raise KeyboardInterrupt

    def stop(self, graceful: bool = False) -> None:
        self.stopped = True


def test_told_to_stop_while_starting_its_workers_it_stops_them_quietly(tmp_path, monkeypatch):
    starting = StartingConsumer()
    monkeypatch.setattr(consumer, "WatchfulConsumer", lambda *arguments, **options: starting)
    try:
        consumer.main(["--instance", str(tmp_path), "--workers", "1"])
    except KeyboardInterrupt:
        pytest.fail("the KeyboardInterrupt came out of main(), to be printed as a traceback")
    assert starting.stopped


class ForkingConsumer:
    """A consumer that notes, when it would fork its workers, which boards'
    tables its process had built by then."""

    def __init__(self, prepared: list) -> None:
        self.prepared, self.prepared_at_fork = prepared, None

    def run(self) -> None:
        self.prepared_at_fork = list(self.prepared)


def test_the_workers_are_forked_with_every_boards_tables_built(tmp_path, monkeypatch):
    prepared: list = []
    forking = ForkingConsumer(prepared)
    monkeypatch.setattr(consumer, "prepare", prepared.append)
    monkeypatch.setattr(consumer, "WatchfulConsumer", lambda *arguments, **options: forking)
    consumer.main(["--instance", str(tmp_path), "--workers", "1"])
    assert forking.prepared_at_fork == list(BOARDS.values())


def test_told_to_stop_while_building_the_tables_it_stops_quietly(tmp_path, monkeypatch):
    def interrupted(rules):
        raise KeyboardInterrupt

    monkeypatch.setattr(consumer, "prepare", interrupted)
    monkeypatch.setattr(consumer, "WatchfulConsumer", lambda *arguments, **options: pytest.fail("workers started"))
    try:
        consumer.main(["--instance", str(tmp_path), "--workers", "1"])
    except KeyboardInterrupt:
        pytest.fail("the KeyboardInterrupt came out of main(), to be printed as a traceback")


def test_a_consumer_whose_web_process_ended_ends_even_if_the_signal_to_stop_is_lost(tmp_path):
    """Its server gone, a consumer stops as Ctrl-C would; one that ignores
    that (the signal came while Huey was starting its workers) still ends,
    SHUTDOWN_SECONDS later, not never."""
    pid_file = tmp_path / "pid"
    child = (
        "import os, signal, threading, time\n"
        "from webapp.workers import consumer\n"
        "consumer.SHUTDOWN_SECONDS = 0.2\n"
        "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
        f"open({str(pid_file)!r}, 'w').write(str(os.getpid()))\n"
        "threading.Thread(target=consumer._stop_with, args=(os.getppid(),), daemon=True).start()\n"
        "time.sleep(60)\n"
    )
    # A shell stands for the web process: it starts the consumer, and ends once the consumer is there.
    shell = subprocess.Popen(["sh", "-c",
                              f'"{sys.executable}" -c "$CHILD" & while [ ! -s {pid_file} ]; do sleep 0.05; done'],
                             env={**os.environ, "CHILD": child}, cwd=ROOT)
    assert shell.wait(30) == 0
    orphan = int(pid_file.read_text())
    deadline = time.monotonic() + 20
    try:
        while time.monotonic() < deadline and _alive(orphan):
            time.sleep(0.1)
        assert not _alive(orphan)
    finally:
        if _alive(orphan):  # the test failed: the process it started ends with it all the same
            os.kill(orphan, signal.SIGKILL)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return not Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
