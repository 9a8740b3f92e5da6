"""Where the engines' examinations are kept: the feature's own store, an
SQLite file in the instance folder (instance/examinations.sqlite3) by
default and Redis when REDIS_URL is set, so that the worker that runs an
examination and every web process read the same one.

One entry an engine, by its configured name (so the store holds no more
entries than the operator configured engines): the examination under way
(its id, positions answered of how many, when it last moved on), the
latest finished report and the one before it, which the page compares.
Every change is one read-modify-write, atomic (SQLite's write lock, Redis's
WATCH), so a job run twice, or one superseded by a newer start, changes
nothing: its progress and its report are kept only while its id is the one
under way.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from enum import StrEnum
from functools import lru_cache
from typing import Any

from redis import Redis, WatchError

from webapp.storage.sqlite import ThreadConnections
from webapp.storage.where import Where

FILE = "examinations.sqlite3"
WAIT_SECONDS = 10
"""How long a write waits for another process's to finish (SQLite's busy wait)."""
STALE_SECONDS = 120
"""An examination that has not moved on for this long is no longer under way (its job was lost): another may start."""
RERUN_SECONDS = 300
"""How soon after one finished another examination of the same engine may start: each holds a worker."""
KEPT_SECONDS = 90 * 24 * 3600
"""How long an engine's examinations are kept after they last changed."""
Entry = dict[str, Any]
"""An engine's entry: {"running": {...} or None, "latest": report or None, "previous": report or None}."""


class Begun(StrEnum):
    """What came of asking to start an examination."""

    STARTED = "started"
    RUNNING = "running"    # one is under way
    TOO_SOON = "too soon"  # one finished less than RERUN_SECONDS ago


def empty_entry() -> Entry:
    return {"running": None, "latest": None, "previous": None}


def under_way(entry: Entry, now: float) -> bool:
    """Whether the entry's examination is under way: started, and moved on within STALE_SECONDS."""
    running = entry.get("running")
    return running is not None and now - running["moved"] < STALE_SECONDS


class Examinations:
    """What both stores do, on top of one atomic change of an engine's entry (_change)."""

    def entry(self, engine: str) -> Entry:
        raise NotImplementedError

    def _change(self, engine: str, change: Callable[[Entry], Entry | None]) -> Entry:
        """Apply change to the engine's entry atomically (None: leave it); the entry as it then stands."""
        raise NotImplementedError

    def begin(self, engine: str, run_id: str, total: int) -> Begun:
        """Start an examination of total positions under run_id, unless one is under way or finished lately."""
        now, said = time.time(), [Begun.STARTED]

        def change(entry: Entry) -> Entry | None:
            latest = entry.get("latest")
            if under_way(entry, now):
                said[0] = Begun.RUNNING
            elif latest and now - latest.get("finished_at", 0) < RERUN_SECONDS:
                said[0] = Begun.TOO_SOON
            else:
                return {**entry, "running": {"id": run_id, "done": 0, "total": total, "started": now, "moved": now}}
            return None

        self._change(engine, change)
        return said[0]

    def progress(self, engine: str, run_id: str, done: int) -> None:
        """The examination run_id has answered done positions (nothing, if another is now under way)."""
        def change(entry: Entry) -> Entry | None:
            running = entry.get("running")
            if not running or running["id"] != run_id:
                return None
            return {**entry, "running": {**running, "done": done, "moved": time.time()}}
        self._change(engine, change)

    def finish(self, engine: str, run_id: str, report: dict[str, Any]) -> bool:
        """Keep run_id's report as the latest, the latest before it as the previous; whether it was kept."""
        kept = [False]

        def change(entry: Entry) -> Entry | None:
            running = entry.get("running")
            if not running or running["id"] != run_id:
                return None
            kept[0] = True
            return {"running": None, "latest": {**report, "id": run_id, "finished_at": time.time()},
                    "previous": entry.get("latest")}

        self._change(engine, change)
        return kept[0]


class SQLiteExaminations(Examinations):
    """The examinations in an SQLite file (WAL), shared by every process of one machine."""

    SCHEMA = "CREATE TABLE IF NOT EXISTS examinations (engine TEXT PRIMARY KEY, entry TEXT NOT NULL, moved REAL)"

    def __init__(self, path: str):
        self._db = ThreadConnections(path, WAIT_SECONDS)
        self._db().execute(self.SCHEMA)

    def entry(self, engine: str) -> Entry:
        row = self._db().execute("SELECT entry FROM examinations WHERE engine = ?", (engine,)).fetchone()
        return json.loads(row[0]) if row else empty_entry()

    def _change(self, engine: str, change: Callable[[Entry], Entry | None]) -> Entry:
        now = time.time()
        with self._db.transaction() as db:
            db.execute("DELETE FROM examinations WHERE moved < ?", (now - KEPT_SECONDS,))
            row = db.execute("SELECT entry FROM examinations WHERE engine = ?", (engine,)).fetchone()
            entry = json.loads(row[0]) if row else empty_entry()
            changed = change(entry)
            if changed is None:
                return entry
            db.execute("INSERT OR REPLACE INTO examinations (engine, entry, moved) VALUES (?, ?, ?)",
                       (engine, json.dumps(changed), now))
        return changed


class RedisExaminations(Examinations):
    """The examinations in Redis: a key an engine, `examinations:<name>`, expiring KEPT_SECONDS after it changed."""

    def __init__(self, client: Redis):
        self.client = client

    @staticmethod
    def key(engine: str) -> str:
        return f"examinations:{engine}"

    def entry(self, engine: str) -> Entry:
        found = self.client.get(self.key(engine))
        return json.loads(found) if found is not None else empty_entry()

    def _change(self, engine: str, change: Callable[[Entry], Entry | None]) -> Entry:
        key = self.key(engine)
        with self.client.pipeline() as pipe:
            while True:
                try:
                    pipe.watch(key)
                    found = pipe.get(key)
                    entry = json.loads(found) if found is not None else empty_entry()
                    changed = change(entry)
                    if changed is None:
                        pipe.unwatch()
                        return entry
                    pipe.multi()
                    pipe.set(key, json.dumps(changed), ex=KEPT_SECONDS)
                    pipe.execute()
                    return changed
                except WatchError:
                    continue


def examinations_store(where: Where) -> Examinations:
    """The store where says: Redis, or the instance folder's file."""
    client = where.redis()
    return RedisExaminations(client) if client is not None else SQLiteExaminations(where.file(FILE))


@lru_cache(maxsize=4)
def examinations_at(where: Where) -> Examinations:
    """The store where says, opened once a process (the web's, or the worker's that runs an examination)."""
    return examinations_store(where)
