"""Where the learning runs are kept: the learn feature's own store, an
SQLite file in the instance folder (instance/learning.sqlite3) by default
and Redis when REDIS_URL is set, so that every web process and worker
reads the same run. The engine workers' chunks write here, opening the
store from where it is (Where); the routes read it.

A run is kept in two parts: what its page shows (the record: settings,
curve, times; a few kilobytes, written as JSON) and what its next chunk
needs (the learner part-way through learning, up to a hundred kilobytes for
the network), which is dropped once the run is finished.

- Starting a run is one atomic step that counts the runs under way (not
  finished, and moved on within STALE_SECONDS), the site's and the starting
  client's (its address key, kept with the run until it finishes), and
  refuses past either bound, so two browsers starting at once cannot both
  take the last place, and one client cannot take every place.
- A chunk's result is kept only if the run has not moved on since the
  chunk read it (compare and set on the games played), so a chunk run
  twice (its worker died after writing, and the job was queued again)
  changes nothing the second time.
"""

from __future__ import annotations

import json
import sqlite3
import time
from enum import Enum
from functools import lru_cache
from typing import Any, NamedTuple

from redis import Redis

from webapp.storage.sqlite import ThreadConnections
from webapp.storage.where import Where

FILE = "learning.sqlite3"
WAIT_SECONDS = 10
"""How long a write waits for another process's to finish (SQLite's busy wait)."""
STALE_SECONDS = 300
"""A run not finished that has not moved on for this long no longer counts as under way (its
chunks were lost with every retry, say): it takes no place from others, and its page queues it again."""
KEPT_SECONDS = 30 * 24 * 3600
"""How long a run is kept after it last moved on, for its link."""


class Started(Enum):
    """What came of starting a run: kept, or refused past which bound."""

    KEPT = "kept"
    SITE_FULL = "site full"
    CLIENT_FULL = "client full"


class Kept(NamedTuple):
    """A run as kept: its record (what its page shows) and its learner's state (None once finished)."""

    record: dict[str, Any]
    state: dict[str, Any] | None


class LearningRuns:
    """What both stores do; each keeps the runs its own way."""

    def start(self, run_id: str, record: dict[str, Any], state: dict[str, Any], most_at_once: int,
              client: str = "", most_for_client: int | None = None) -> Started:
        """Keep a new run started by client, unless most_for_client of its runs
        (None: no bound) or most_at_once runs in all are under way."""
        raise NotImplementedError

    def record(self, run_id: str) -> dict[str, Any] | None:
        """What a run's page shows, or None for a run not kept."""
        raise NotImplementedError

    def read(self, run_id: str) -> Kept | None:
        """The run and its learner's state, for its next chunk."""
        raise NotImplementedError

    def advance(self, run_id: str, played_before: int, record: dict[str, Any], state: dict[str, Any] | None) -> bool:
        """Keep a chunk's result if the run still stands at played_before games; whether it did."""
        raise NotImplementedError

    def under_way(self) -> int:
        """How many runs are under way now."""
        raise NotImplementedError

    def under_way_for(self, client: str) -> int:
        """How many of the runs under way now client started."""
        raise NotImplementedError


class SQLiteRuns(LearningRuns):
    """The runs in an SQLite file (WAL), shared by every process of one machine."""

    SCHEMA = ("CREATE TABLE IF NOT EXISTS runs (id TEXT PRIMARY KEY, record TEXT NOT NULL, state TEXT, "
              "played INTEGER NOT NULL, finished INTEGER NOT NULL, moved REAL NOT NULL, client TEXT)")
    UNDER_WAY = "finished = 0 AND moved >= ?"

    def __init__(self, path: str):
        self._db = ThreadConnections(path, WAIT_SECONDS)
        self._db().execute(self.SCHEMA)
        columns = {row[1] for row in self._db().execute("PRAGMA table_info(runs)")}
        if "client" not in columns:  # a file from before: its runs were started by no client in particular
            self._db().execute("ALTER TABLE runs ADD COLUMN client TEXT")

    def start(self, run_id: str, record: dict[str, Any], state: dict[str, Any], most_at_once: int,
              client: str = "", most_for_client: int | None = None) -> Started:
        now = time.time()
        with self._db.transaction() as db:
            db.execute("DELETE FROM runs WHERE moved < ?", (now - KEPT_SECONDS,))
            if most_for_client is not None and self._count(db, now, client) >= most_for_client:
                return Started.CLIENT_FULL
            if self._count(db, now) >= most_at_once:
                return Started.SITE_FULL
            db.execute("INSERT INTO runs (id, record, state, played, finished, moved, client) "
                       "VALUES (?, ?, ?, 0, 0, ?, ?)", (run_id, json.dumps(record), json.dumps(state), now, client))
        return Started.KEPT

    def _count(self, db: sqlite3.Connection, now: float, client: str | None = None) -> int:
        """The runs under way at now: all of them, or client's."""
        if client is None:
            (busy,) = db.execute(f"SELECT COUNT(*) FROM runs WHERE {self.UNDER_WAY}", (now - STALE_SECONDS,)).fetchone()
        else:
            (busy,) = db.execute(f"SELECT COUNT(*) FROM runs WHERE {self.UNDER_WAY} AND client = ?",
                                 (now - STALE_SECONDS, client)).fetchone()
        return busy

    def record(self, run_id: str) -> dict[str, Any] | None:
        row = self._db().execute("SELECT record FROM runs WHERE id = ?", (run_id,)).fetchone()
        return json.loads(row[0]) if row else None

    def read(self, run_id: str) -> Kept | None:
        row = self._db().execute("SELECT record, state FROM runs WHERE id = ?", (run_id,)).fetchone()
        return Kept(json.loads(row[0]), json.loads(row[1]) if row[1] else None) if row else None

    def advance(self, run_id: str, played_before: int, record: dict[str, Any], state: dict[str, Any] | None) -> bool:
        finished = state is None  # a finished run counts for no one, so its client's address is not kept
        changed = self._db().execute(
            "UPDATE runs SET record = ?, state = ?, played = ?, finished = ?, moved = ?, "
            "client = CASE WHEN ? THEN NULL ELSE client END WHERE id = ? AND played = ?",
            (json.dumps(record), None if finished else json.dumps(state), record["played"], int(finished),
             time.time(), finished, run_id, played_before))
        return changed.rowcount == 1

    def under_way(self) -> int:
        return self._count(self._db(), time.time())

    def under_way_for(self, client: str) -> int:
        return self._count(self._db(), time.time(), client)


class RedisRuns(LearningRuns):
    """The runs in Redis, shared by every process and machine that uses it.
    Keys: `learn:run:<id>` (a hash: record, state, played, and the client
    that started it until it finishes), `learn:under-way` (a sorted set of
    the runs under way, by when each last moved on) and
    `learn:under-way:<client>` (the same, of one client's runs; it expires
    STALE_SECONDS after it last changed, when none of them counts any more)."""

    UNDER_WAY = "learn:under-way"
    START = """
        redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
        redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[1])
        if ARGV[8] ~= '' and redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[8]) then return 'client full' end
        if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 'site full' end
        redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
        redis.call('ZADD', KEYS[3], ARGV[3], ARGV[4])
        redis.call('EXPIRE', KEYS[3], ARGV[10])
        redis.call('HSET', KEYS[2], 'record', ARGV[5], 'state', ARGV[6], 'played', 0, 'client', ARGV[9])
        redis.call('EXPIRE', KEYS[2], ARGV[7])
        return 'kept'"""
    ADVANCE = """
        if redis.call('HGET', KEYS[2], 'played') ~= ARGV[1] then return 0 end
        redis.call('HSET', KEYS[2], 'record', ARGV[2], 'played', ARGV[3])
        if ARGV[4] == '' then
            redis.call('HDEL', KEYS[2], 'state', 'client')
            redis.call('ZREM', KEYS[1], ARGV[6])
            redis.call('ZREM', KEYS[3], ARGV[6])
        else
            redis.call('HSET', KEYS[2], 'state', ARGV[4])
            redis.call('ZADD', KEYS[1], ARGV[5], ARGV[6])
            redis.call('ZADD', KEYS[3], ARGV[5], ARGV[6])
            redis.call('EXPIRE', KEYS[3], ARGV[8])
        end
        redis.call('EXPIRE', KEYS[2], ARGV[7])
        return 1"""

    def __init__(self, client: Redis):
        self.client = client
        self._start = client.register_script(self.START)
        self._advance = client.register_script(self.ADVANCE)

    @staticmethod
    def key(run_id: str) -> str:
        return f"learn:run:{run_id}"

    @classmethod
    def clients_key(cls, client: str) -> str:
        """The key of the runs under way that client started."""
        return f"{cls.UNDER_WAY}:{client}"

    def start(self, run_id: str, record: dict[str, Any], state: dict[str, Any], most_at_once: int,
              client: str = "", most_for_client: int | None = None) -> Started:
        now = time.time()
        answer = self._start(keys=[self.UNDER_WAY, self.key(run_id), self.clients_key(client)],
                             args=[now - STALE_SECONDS, most_at_once, now, run_id, json.dumps(record),
                                   json.dumps(state), KEPT_SECONDS,
                                   "" if most_for_client is None else most_for_client, client, STALE_SECONDS])
        return Started(answer.decode() if isinstance(answer, bytes) else answer)

    def record(self, run_id: str) -> dict[str, Any] | None:
        found = self.client.hget(self.key(run_id), "record")
        return json.loads(found) if found is not None else None

    def read(self, run_id: str) -> Kept | None:
        record, state = self.client.hmget(self.key(run_id), ["record", "state"])
        return Kept(json.loads(record), json.loads(state) if state else None) if record is not None else None

    def advance(self, run_id: str, played_before: int, record: dict[str, Any], state: dict[str, Any] | None) -> bool:
        found = self.client.hget(self.key(run_id), "client")  # set once at the start: safe to read before
        started_by = found.decode() if isinstance(found, bytes) else found or ""
        return bool(self._advance(keys=[self.UNDER_WAY, self.key(run_id), self.clients_key(started_by)],
                                  args=[played_before, json.dumps(record), record["played"],
                                        json.dumps(state) if state is not None else "", time.time(), run_id,
                                        KEPT_SECONDS, STALE_SECONDS]))

    def under_way(self) -> int:
        return self.client.zcount(self.UNDER_WAY, time.time() - STALE_SECONDS, "+inf")

    def under_way_for(self, client: str) -> int:
        return self.client.zcount(self.clients_key(client), time.time() - STALE_SECONDS, "+inf")


def runs_store(where: Where) -> LearningRuns:
    """The store where says: Redis, or the instance folder's file."""
    client = where.redis()
    return RedisRuns(client) if client is not None else SQLiteRuns(where.file(FILE))


@lru_cache(maxsize=4)
def runs_at(where: Where) -> LearningRuns:
    """The store where says, opened once a process (the web's, or a worker's that runs a chunk)."""
    return runs_store(where)
