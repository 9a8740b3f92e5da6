"""Rate limits: how many times something was done under a key in a window of
time, counted where every worker (and, with Redis, every machine) sees it.
Every limit of the site's counts here, each under a key of its own that names
what it counts and the client (webapp.storage.clients): games started, codes
tried, pages that put work on the engine workers."""

from __future__ import annotations

import os
import time

from redis import Redis

from webapp.storage.sqlite import ThreadConnections


class RateLimits:
    """Counts under a key; allow() says whether one more is within the limit,
    hold() whether one more may be going on at once."""

    def allow(self, key: str, most: int, seconds: int) -> bool:
        """Count one more under key; False past most in the last `seconds`."""
        raise NotImplementedError

    def hold(self, key: str, most: int, seconds: int) -> bool:
        """Hold one more under key, unless most are held: whether it is. A hold
        is let go by release(), or by itself `seconds` after the last one taken
        (so a process that died holding one cannot keep the key full)."""
        raise NotImplementedError

    def release(self, key: str) -> None:
        """Let go of one hold under key."""
        raise NotImplementedError


class SQLiteLimits(RateLimits):
    """Counts in a table of the embedded games file, each with when its window ends."""

    def __init__(self, path: str):
        self._db = ThreadConnections(path, 10)
        for table in ("limits", "holds"):
            self._db().execute(f"CREATE TABLE IF NOT EXISTS {table} "
                               "(key TEXT PRIMARY KEY, count INTEGER NOT NULL, ends REAL NOT NULL)")

    def allow(self, key: str, most: int, seconds: int) -> bool:
        now = time.time()
        with self._db.transaction() as db:
            db.execute("DELETE FROM limits WHERE ends < ?", (now,))
            db.execute("INSERT INTO limits (key, count, ends) VALUES (?, 1, ?) "
                       "ON CONFLICT (key) DO UPDATE SET count = count + 1", (key, now + seconds))
            (count,) = db.execute("SELECT count FROM limits WHERE key = ?", (key,)).fetchone()
        return count <= most

    def hold(self, key: str, most: int, seconds: int) -> bool:
        now = time.time()
        with self._db.transaction() as db:
            db.execute("DELETE FROM holds WHERE ends < ?", (now,))
            row = db.execute("SELECT count FROM holds WHERE key = ?", (key,)).fetchone()
            if row is not None and row[0] >= most:
                return False
            db.execute("INSERT INTO holds (key, count, ends) VALUES (?, 1, ?) "
                       "ON CONFLICT (key) DO UPDATE SET count = count + 1, ends = excluded.ends", (key, now + seconds))
        return True

    def release(self, key: str) -> None:
        with self._db.transaction() as db:
            db.execute("UPDATE holds SET count = count - 1 WHERE key = ?", (key,))
            db.execute("DELETE FROM holds WHERE key = ? AND count <= 0", (key,))


HOLD_SCRIPT = """
if tonumber(redis.call('GET', KEYS[1]) or '0') >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1
"""
"""One hold more unless most are held, in one step: a refused request neither counts nor renews the key's time."""
RELEASE_SCRIPT = """
if redis.call('EXISTS', KEYS[1]) == 1 and redis.call('DECR', KEYS[1]) <= 0 then redis.call('DEL', KEYS[1]) end
"""
"""One hold fewer, in one step: a key none holds is gone (and one that expired stays gone, never below zero)."""


class RedisLimits(RateLimits):
    """A counter per key and window, which Redis expires by itself."""

    def __init__(self, client: Redis):
        self.client = client

    def allow(self, key: str, most: int, seconds: int) -> bool:
        window = f"online:limit:{key}:{int(time.time() // seconds)}"
        with self.client.pipeline() as pipe:
            pipe.incr(window)
            pipe.expire(window, seconds * 2)
            count, _ = pipe.execute()
        return int(count) <= most

    def hold(self, key: str, most: int, seconds: int) -> bool:
        return bool(self.client.eval(HOLD_SCRIPT, 1, f"online:hold:{key}", most, seconds))

    def release(self, key: str) -> None:
        self.client.eval(RELEASE_SCRIPT, 1, f"online:hold:{key}")


def rate_limits(client: Redis | None, instance_path: str) -> RateLimits:
    """The limits the configuration names: in Redis through client, else in the instance folder's games file
    (where they were kept when only games between friends had limits)."""
    if client is not None:
        return RedisLimits(client)
    return SQLiteLimits(os.path.join(instance_path, "games.sqlite3"))
