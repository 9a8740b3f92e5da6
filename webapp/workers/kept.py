"""What the engine workers keep for the web to read, by name, bounded.

The workers keep the appraisals, what the engine worked out by position,
when each job was queued and which of later()'s jobs are done; every web
process and machine reads them. Every position anyone asks about adds a
few, so each store forgets what nobody has written or read for a while:

- SQLite (the default): a table of its own in the queue's file
  (instance/engine-queue.sqlite3), each row with the time it was last
  written or read; past KEPT_MOST rows the least recently used go, a batch
  at a time, and so do rows unused for KEPT_SECONDS.
- Redis (REDIS_URL): a plain key each, under PREFIX, that expires
  KEPT_SECONDS after it was last written or read; a Redis whose maxmemory
  policy is volatile-ttl (or volatile-lru) evicts them first when it is full.
- Memory (the inline mode: the test suite's apps, and nothing else): dicts,
  for as long as the pool lives, as Huey's MemoryHuey kept them.

Values are pickled, as Huey's serializer pickles its results. A count is
kept apart from the values (as Huey keeps its counters): get() never reads one.

Before, the workers kept all this in Huey's own store (its SQLite kv table,
its Redis result hash), where nothing expires. What was kept there is not
read any more, but for the puzzles mined before they had a store of their
own, which webapp.puzzles.mined carries over from there (HueyKept).
"""

from __future__ import annotations

import os
import pickle
import sqlite3
import threading
import time
from collections.abc import Callable
from typing import Any

from huey.api import Huey
from redis import Redis

from webapp.storage.private import private_file
from webapp.storage.redis import redis_client
from webapp.storage.sqlite import ThreadConnections

QUEUE_FILE = "engine-queue.sqlite3"
"""The queue's SQLite file in the instance folder, which the SQLite store shares."""
KEPT_MOST = 1_000_000
"""The most rows the SQLite store keeps. What is kept pickles to about 100 bytes (an
appraisal, what the engine worked out about a position, a time: measured on 7x7 and
15x15 games), some 250 bytes a row in the file with its name and indexes: a file of
at most about 300 MB, some 40,000 reviewed games of 25 moves (about 5 rows a move)."""
KEPT_SECONDS = 30 * 24 * 3600
"""How long something nobody writes or reads is kept: a review looked at again within a month is still there."""
PRUNE_EVERY = 200
"""The SQLite store counts its rows every this many writes of a process (and at its first): a count is a scan."""
PRUNE_BELOW = 0.98
"""Past KEPT_MOST, the SQLite store prunes down to this share of it: in batches (not at every check), each
of 20,000 rows, a fraction of a second of the write lock."""
REFRESH_SECONDS = 24 * 3600
"""A read marks a row used only if it was last used this long ago: a read is not a write, most of the time."""
WAIT_SECONDS = 10
"""How long an SQLite write waits for another process's (the queue's writes, the workers')."""
PREFIX = "engines:kept:"
"""The Redis keys' prefix for values (counts are under PREFIX + "count:"), apart from Huey's own keys."""


class Kept:
    """What the workers keep for the web to read, by name, in one of the stores above;
    shared by every web process and machine."""

    def get(self, name: str) -> Any | None:
        """What is kept under name, or None."""
        raise NotImplementedError

    def put(self, name: str, value: Any) -> None:
        """Keep value under name, in place of what was kept there."""
        raise NotImplementedError

    def put_if_empty(self, name: str, value: Any) -> bool:
        """Keep value under name unless something is kept there; whether it was."""
        raise NotImplementedError

    def count(self, name: str, add: int = 1) -> int:
        """Add to the count kept under name, and say it (add=0 reads it: every store offers that)."""
        raise NotImplementedError

    def get_many(self, names: list[str]) -> dict[str, Any]:
        """What is kept under each of names, for those that have something (read in one go)."""
        raise NotImplementedError


def kept_at(mode: str, instance_path: str, redis_url: str | None = None) -> Kept:
    """The store for the pool's mode (as engine_queue chooses the queue): memory inline, else Redis if a
    URL is given, else the queue's SQLite file."""
    if mode == "inline":
        return MemoryKept()
    if redis_url:
        return RedisKept(redis_client(redis_url))
    path = os.path.join(instance_path, QUEUE_FILE)
    private_file(path)  # 0600 before SQLite opens it, as engine_queue does
    return SQLiteKept(path)


class KeptConnections(ThreadConnections):
    """This thread's connection to the queue's file (ThreadConnections': WAL, 0600), with the kept table
    made at its first use in each thread and process, not when the pool is made."""

    def __call__(self) -> sqlite3.Connection:
        fresh = getattr(self._local, "db", None) is None or self._local.pid != os.getpid()
        db = super().__call__()
        if fresh:
            for statement in SQLiteKept.SCHEMA:
                db.execute(statement)
        return db


def pickled(value: Any) -> bytes:
    return pickle.dumps(value, pickle.HIGHEST_PROTOCOL)


class SQLiteKept(Kept):
    """The values and counts in a table of the queue's SQLite file (WAL), shared by every process of one
    machine; the least recently used pruned past most rows, and those unused for KEPT_SECONDS."""

    SCHEMA = ("CREATE TABLE IF NOT EXISTS kept (name TEXT NOT NULL, counter INTEGER NOT NULL, value BLOB, "
              "number INTEGER, used REAL NOT NULL, PRIMARY KEY (name, counter)) WITHOUT ROWID",
              "CREATE INDEX IF NOT EXISTS kept_used ON kept (used)")

    def __init__(self, path: str, most: int = KEPT_MOST, clock: Callable[[], float] = time.time) -> None:
        self.most, self.clock = most, clock
        self._db = KeptConnections(path, WAIT_SECONDS)
        self._writes = 0

    def get(self, name: str) -> Any | None:
        return self.get_many([name]).get(name)

    def put(self, name: str, value: Any) -> None:
        self._db().execute("INSERT INTO kept (name, counter, value, used) VALUES (?, 0, ?, ?) ON CONFLICT "
                           "DO UPDATE SET value = excluded.value, used = excluded.used",
                           (name, pickled(value), self.clock()))
        self._wrote()

    def put_if_empty(self, name: str, value: Any) -> bool:
        """A row past KEPT_SECONDS not pruned yet is empty, as get() says: one statement, so two processes
        asking at once keep one value, and each is told whether it was its own."""
        now = self.clock()
        written = self._db().execute("INSERT INTO kept (name, counter, value, used) VALUES (?, 0, ?, ?) ON CONFLICT "
                                     "DO UPDATE SET value = excluded.value, used = excluded.used WHERE used < ?",
                                     (name, pickled(value), now, now - KEPT_SECONDS))
        self._wrote()
        return written.rowcount == 1

    def count(self, name: str, add: int = 1) -> int:
        now = self.clock()
        if add == 0:
            row = self._db().execute("SELECT number FROM kept WHERE name = ? AND counter = 1 AND used >= ?",
                                     (name, now - KEPT_SECONDS)).fetchone()
            return row[0] if row else 0
        with self._db.transaction() as db:
            db.execute("INSERT INTO kept (name, counter, number, used) VALUES (?, 1, ?, ?) ON CONFLICT DO UPDATE "
                       "SET number = IIF(used < ?, 0, number) + excluded.number, used = excluded.used",
                       (name, add, now, now - KEPT_SECONDS))
            (number,) = db.execute("SELECT number FROM kept WHERE name = ? AND counter = 1", (name,)).fetchone()
        self._wrote()
        return number

    def get_many(self, names: list[str]) -> dict[str, Any]:
        """Rows last used REFRESH_SECONDS ago are marked used now, in one write for all of them."""
        if not names:
            return {}
        now, marks = self.clock(), ",".join("?" * len(names))
        rows = self._db().execute(f"SELECT name, value, used FROM kept WHERE counter = 0 AND used >= ? "
                                  f"AND name IN ({marks})", (now - KEPT_SECONDS, *names)).fetchall()
        stale = [name for name, _, used in rows if used < now - REFRESH_SECONDS]
        if stale:
            self._db().execute(f"UPDATE kept SET used = ? WHERE counter = 0 AND name IN ({','.join('?' * len(stale))})",
                               (now, *stale))
        return {name: pickle.loads(value) for name, value, _ in rows}

    def _wrote(self) -> None:
        """Prune at this process's first write and every PRUNE_EVERY after."""
        if self._writes % PRUNE_EVERY == 0:
            self.prune()
        self._writes += 1

    def prune(self) -> int:
        """Forget the rows unused for KEPT_SECONDS and, past most, the least recently used down to
        PRUNE_BELOW of it; how many went."""
        db = self._db()  # each statement atomic by itself; the count holds no lock on the writers
        gone = db.execute("DELETE FROM kept WHERE used < ?", (self.clock() - KEPT_SECONDS,)).rowcount
        (rows,) = db.execute("SELECT count(*) FROM kept").fetchone()
        if rows > self.most:
            gone += db.execute("DELETE FROM kept WHERE (name, counter) IN (SELECT name, counter FROM kept "
                               "ORDER BY used LIMIT ?)", (rows - int(self.most * PRUNE_BELOW),)).rowcount
        return gone


class RedisKept(Kept):
    """The values and counts in Redis, shared by every process and machine that uses it: a plain key
    each (PREFIX + name; a count's PREFIX + "count:" + name), expiring KEPT_SECONDS after its last write
    or read. Its volatile-ttl (or volatile-lru) maxmemory policy evicts them first when Redis is full."""

    def __init__(self, redis: Redis, prefix: str = PREFIX) -> None:
        self.redis, self.prefix = redis, prefix

    def get(self, name: str) -> Any | None:
        value = self.redis.getex(self.prefix + name, ex=KEPT_SECONDS)
        return pickle.loads(value) if isinstance(value, bytes) else None  # bytes: the client decodes nothing

    def put(self, name: str, value: Any) -> None:
        self.redis.set(self.prefix + name, pickled(value), ex=KEPT_SECONDS)

    def put_if_empty(self, name: str, value: Any) -> bool:
        return bool(self.redis.set(self.prefix + name, pickled(value), ex=KEPT_SECONDS, nx=True))

    def count(self, name: str, add: int = 1) -> int:
        key = f"{self.prefix}count:{name}"
        if add == 0:
            return int(self.redis.get(key) or 0)
        with self.redis.pipeline() as pipe:  # MULTI: never a count without its expiry
            pipe.incrby(key, add)
            pipe.expire(key, KEPT_SECONDS)
            number, _ = pipe.execute()
        return int(number)

    def get_many(self, names: list[str]) -> dict[str, Any]:
        """One round trip (GETEX each, so each read renews its key's expiry, as get's does)."""
        if not names:
            return {}
        with self.redis.pipeline(transaction=False) as pipe:
            for name in names:
                pipe.getex(self.prefix + name, ex=KEPT_SECONDS)
            values = pipe.execute()
        return {name: pickle.loads(value) for name, value in zip(names, values) if value is not None}


class MemoryKept(Kept):
    """The values and counts in this process's memory, for as long as it lives: the inline mode's (the
    test suite's apps), unbounded, as MemoryHuey's results were."""

    def __init__(self) -> None:
        self._values: dict[str, bytes] = {}
        self._counts: dict[str, int] = {}
        self._lock = threading.Lock()

    def get(self, name: str) -> Any | None:
        value = self._values.get(name)
        return None if value is None else pickle.loads(value)

    def put(self, name: str, value: Any) -> None:
        self._values[name] = pickled(value)  # pickled, as the other stores: no caller changes what is kept

    def put_if_empty(self, name: str, value: Any) -> bool:
        with self._lock:
            if name in self._values:
                return False
            self._values[name] = pickled(value)
            return True

    def count(self, name: str, add: int = 1) -> int:
        with self._lock:
            self._counts[name] = self._counts.get(name, 0) + add
            return self._counts[name]

    def get_many(self, names: list[str]) -> dict[str, Any]:
        return {name: pickle.loads(self._values[name]) for name in names if name in self._values}


class HueyKept:
    """What the workers kept before in the queue's own store (Huey's), where nothing expires, with Kept's
    operations (as pool.Kept was): read (and marked) by the puzzles' carry-over alone (webapp.puzzles.mined)."""

    def __init__(self, queue: Huey) -> None:
        self.queue = queue

    def get(self, name: str) -> Any | None:
        return self.queue.get(name, peek=True)

    def put(self, name: str, value: Any) -> None:
        self.queue.put(name, value)

    def put_if_empty(self, name: str, value: Any) -> bool:
        return self.queue.put_if_empty(name, value)

    def count(self, name: str, add: int = 1) -> int:
        return self.queue.storage.incr(name, add)

    def get_many(self, names: list[str]) -> dict[str, Any]:
        found = self.queue.storage.peek_many(names) if names else {}  # Redis refuses to read no keys
        return {name: self.queue.serializer.deserialize(value) for name, value in found.items()}
