"""The embedded stores' SQLite files: a connection in WAL mode, one per thread and process."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from webapp.storage.private import private_file


def connect_wal(path: str, timeout: float) -> sqlite3.Connection:
    """A connection to the SQLite file at path, in WAL mode. Turning a new
    file to WAL needs it alone, and when several workers start at once SQLite
    answers "database is locked" at once rather than after its busy wait: so
    the switch is tried again, for up to about a second. The file is the
    app's user's alone (0600, and so its -wal and -shm: see private_file)."""
    if path != ":memory:" and not path.startswith("file:"):
        try:
            private_file(path)
        except OSError as error:  # a store that cannot be opened, as SQLite says it (the app answers 503)
            raise sqlite3.OperationalError(f"unable to open database file: {error}") from error
    db = sqlite3.connect(path, timeout=timeout, isolation_level=None)
    for attempt in range(50):
        try:
            db.execute("PRAGMA journal_mode=WAL")
            break
        except sqlite3.OperationalError:
            if attempt == 49:
                raise
            time.sleep(0.02)
    db.execute("PRAGMA synchronous=NORMAL")  # a crash loses nothing; power loss, the last writes
    return db


class ThreadConnections:
    """Calling it gives this thread's connection to one file: SQLite
    connections are not shared between threads, and a forked worker opens
    its own rather than use its parent's."""

    def __init__(self, path: str, timeout: float):
        self.path, self.timeout = path, timeout
        self._local = threading.local()

    def __call__(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None or self._local.pid != os.getpid():
            db = connect_wal(self.path, self.timeout)
            self._local.db, self._local.pid = db, os.getpid()
        return db

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction: the file's write lock from the first read."""
        db = self()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:  # the change failed, or its commit did (a full disk): undo it all
                db.execute("ROLLBACK")
            raise
