"""The engine workers' process: told to stop at any moment, it stops without a
traceback; its workers start with the boards' tables built."""

from __future__ import annotations

import pytest

from webapp.engine import BOARDS
from webapp.workers import consumer


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
