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
  finished, and moved on within STALE_SECONDS) and refuses past a bound, so
  two browsers starting at once cannot both take the last place.
- A chunk's result is kept only if the run has not moved on since the
  chunk read it (compare and set on the games played), so a chunk run
  twice (its worker died after writing, and the job was queued again)
  changes nothing the second time.
"""

from __future__ import annotations

import json
import time
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


class Kept(NamedTuple):
    """A run as kept: its record (what its page shows) and its learner's state (None once finished)."""

    record: dict[str, Any]
    state: dict[str, Any] | None


class LearningRuns:
    """What both stores do; each keeps the runs its own way."""

    def start(self, run_id: str, record: dict[str, Any], state: dict[str, Any], most_at_once: int) -> bool:
        """Keep a new run, unless most_at_once runs are under way; whether it was kept."""
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


class SQLiteRuns(LearningRuns):
    """The runs in an SQLite file (WAL), shared by every process of one machine."""

    SCHEMA = ("CREATE TABLE IF NOT EXISTS runs (id TEXT PRIMARY KEY, record TEXT NOT NULL, state TEXT, "
              "played INTEGER NOT NULL, finished INTEGER NOT NULL, moved REAL NOT NULL)")

    def __init__(self, path: str):
        self._db = ThreadConnections(path, WAIT_SECONDS)
        self._db().execute(self.SCHEMA)

    def start(self, run_id: str, record: dict[str, Any], state: dict[str, Any], most_at_once: int) -> bool:
        now = time.time()
        with self._db.transaction() as db:
            db.execute("DELETE FROM runs WHERE moved < ?", (now - KEPT_SECONDS,))
            (busy,) = db.execute("SELECT COUNT(*) FROM runs WHERE finished = 0 AND moved >= ?",
                                 (now - STALE_SECONDS,)).fetchone()
            if busy >= most_at_once:
                return False
            db.execute("INSERT INTO runs (id, record, state, played, finished, moved) VALUES (?, ?, ?, 0, 0, ?)",
                       (run_id, json.dumps(record), json.dumps(state), now))
        return True

    def record(self, run_id: str) -> dict[str, Any] | None:
        row = self._db().execute("SELECT record FROM runs WHERE id = ?", (run_id,)).fetchone()
        return json.loads(row[0]) if row else None

    def read(self, run_id: str) -> Kept | None:
        row = self._db().execute("SELECT record, state FROM runs WHERE id = ?", (run_id,)).fetchone()
        return Kept(json.loads(row[0]), json.loads(row[1]) if row[1] else None) if row else None

    def advance(self, run_id: str, played_before: int, record: dict[str, Any], state: dict[str, Any] | None) -> bool:
        changed = self._db().execute(
            "UPDATE runs SET record = ?, state = ?, played = ?, finished = ?, moved = ? WHERE id = ? AND played = ?",
            (json.dumps(record), json.dumps(state) if state is not None else None, record["played"],
             int(state is None), time.time(), run_id, played_before))
        return changed.rowcount == 1

    def under_way(self) -> int:
        (busy,) = self._db().execute("SELECT COUNT(*) FROM runs WHERE finished = 0 AND moved >= ?",
                                     (time.time() - STALE_SECONDS,)).fetchone()
        return busy


class RedisRuns(LearningRuns):
    """The runs in Redis, shared by every process and machine that uses it.
    Keys: `learn:run:<id>` (a hash: record, state, played) and
    `learn:under-way` (a sorted set of the runs under way, by when each last moved on)."""

    UNDER_WAY = "learn:under-way"
    START = """
        redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
        if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
        redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
        redis.call('HSET', KEYS[2], 'record', ARGV[5], 'state', ARGV[6], 'played', 0)
        redis.call('EXPIRE', KEYS[2], ARGV[7])
        return 1"""
    ADVANCE = """
        if redis.call('HGET', KEYS[2], 'played') ~= ARGV[1] then return 0 end
        redis.call('HSET', KEYS[2], 'record', ARGV[2], 'played', ARGV[3])
        if ARGV[4] == '' then
            redis.call('HDEL', KEYS[2], 'state')
            redis.call('ZREM', KEYS[1], ARGV[6])
        else
            redis.call('HSET', KEYS[2], 'state', ARGV[4])
            redis.call('ZADD', KEYS[1], ARGV[5], ARGV[6])
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

    def start(self, run_id: str, record: dict[str, Any], state: dict[str, Any], most_at_once: int) -> bool:
        now = time.time()
        return bool(self._start(keys=[self.UNDER_WAY, self.key(run_id)],
                                args=[now - STALE_SECONDS, most_at_once, now, run_id, json.dumps(record),
                                      json.dumps(state), KEPT_SECONDS]))

    def record(self, run_id: str) -> dict[str, Any] | None:
        found = self.client.hget(self.key(run_id), "record")
        return json.loads(found) if found is not None else None

    def read(self, run_id: str) -> Kept | None:
        record, state = self.client.hmget(self.key(run_id), ["record", "state"])
        return Kept(json.loads(record), json.loads(state) if state else None) if record is not None else None

    def advance(self, run_id: str, played_before: int, record: dict[str, Any], state: dict[str, Any] | None) -> bool:
        return bool(self._advance(keys=[self.UNDER_WAY, self.key(run_id)],
                                  args=[played_before, json.dumps(record), record["played"],
                                        json.dumps(state) if state is not None else "", time.time(), run_id,
                                        KEPT_SECONDS]))

    def under_way(self) -> int:
        return self.client.zcount(self.UNDER_WAY, time.time() - STALE_SECONDS, "+inf")


def runs_store(where: Where) -> LearningRuns:
    """The store where says: Redis, or the instance folder's file."""
    client = where.redis()
    return RedisRuns(client) if client is not None else SQLiteRuns(where.file(FILE))


@lru_cache(maxsize=4)
def runs_at(where: Where) -> LearningRuns:
    """The store where says, opened once a process (the web's, or a worker's that runs a chunk)."""
    return runs_store(where)
