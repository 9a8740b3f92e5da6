"""The engine workers' process: told to stop at any moment, it stops without a traceback."""

from __future__ import annotations

import huey
import pytest

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
    monkeypatch.setattr(huey.SqliteHuey, "create_consumer", lambda queue, **options: starting)
    try:
        consumer.main(["--instance", str(tmp_path), "--workers", "1"])
    except KeyboardInterrupt:
        pytest.fail("the KeyboardInterrupt came out of main(), to be printed as a traceback")
    assert starting.stopped
