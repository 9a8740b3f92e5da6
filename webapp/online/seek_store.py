"""Where the lobby's seeks live, beside the games: in SQLite in the instance
folder, or in Redis when REDIS_URL is set, so that a seek made on one
instance is seen and accepted on another.

- A seek has a deadline: the sooner of its owner last seen plus SEEN_SECONDS
  and its making plus SEEK_SECONDS. The owner's lobby pages move it on (a
  reload, a stream's keep-alive); their last stream closing brings it to
  LEFT_GRACE_SECONDS from then. Every read forgets the seeks past theirs.
- Bounded: one open seek per player, and at most `most` in all (add refuses).
- Taking a seek (accepting it) is atomic: of two acceptors, one gets it.
- The lobby's version grows with every change; the Hub watches it as it
  watches a game's log (LOBBY is its key), and wakes the lobby's streams.
- A match: the game an owner's accepted seek became, kept MATCH_SECONDS, so
  that the owner's page (its stream, or a reload without JavaScript) goes there.
  Keeping one is a change: the owner's stream, woken by the accept's take
  before the match was kept, would otherwise sleep until its keep-alive.
- Blocks: the names an account blocks (at most BLOCKS_KEPT); blocked
  players never see each other's seeks.
- Playing: the lobby's games, with their players' mean rating, for /watch
  (at most PLAYING_KEPT, each for the games' idle time).
"""

from __future__ import annotations

import json
import os
import time
import uuid
from enum import StrEnum

from redis import Redis

from webapp.online.lobby import LEFT_GRACE_SECONDS, SEEN_SECONDS, Seek
from webapp.storage.redis import text
from webapp.storage.sqlite import ThreadConnections

LOBBY = "lobby"
"""The key the lobby's version is watched under by the Hub (as a game's id)."""
MATCH_SECONDS = 120
BLOCKS_KEPT = 100
"""The most names one account may block (a list kept as long as the account: a cap, not an expiry)."""
PLAYING_KEPT = 200
PRESENCE_SECONDS = 45.0
"""A lobby stream not refreshed this long no longer counts: its process is gone."""
POLL_SECONDS = 0.25


class Added(StrEnum):
    """What became of a seek asked to be added."""

    ADDED = "added"
    OWNER_HAS_ONE = "owner has one"
    FULL = "full"


def _deadline(seek: Seek, seen: float, grace: float = SEEN_SECONDS) -> float:
    return min(seen + grace, seek.expires)


class SeekStore:
    """What both stores do (see the module's docstring)."""

    def add(self, seek: Seek, most: int) -> Added:
        raise NotImplementedError

    def get(self, seek_id: str) -> Seek | None:
        raise NotImplementedError

    def open_seeks(self) -> list[Seek]:
        """The open seeks, oldest first."""
        raise NotImplementedError

    def of_owner(self, owner: str) -> Seek | None:
        raise NotImplementedError

    def take(self, seek_id: str) -> Seek | None:
        """Remove the seek and return it, to the one caller who removed it; None if it is gone."""
        raise NotImplementedError

    def seen(self, owner: str, grace: float = SEEN_SECONDS) -> None:
        """The owner's seek, if any, lives grace seconds from now (within its SEEK_SECONDS)."""
        raise NotImplementedError

    def left(self, owner: str) -> None:
        """The owner's last lobby page closed: their seek lives LEFT_GRACE_SECONDS more."""
        self.seen(owner, LEFT_GRACE_SECONDS)

    def match(self, owner: str, game_id: str) -> None:
        """The owner's accepted seek became game_id; the lobby's version grows, so that the owner's streams,
        woken by the take just before (while the match was not yet kept), look again and find it."""
        raise NotImplementedError

    def match_of(self, owner: str, forget: bool = False) -> str | None:
        raise NotImplementedError

    def playing(self, game_id: str, rating: float) -> None:
        raise NotImplementedError

    def games_playing(self, count: int) -> list[str]:
        """The ids of the lobby's games, highest rated first."""
        raise NotImplementedError

    def version(self) -> int:
        raise NotImplementedError

    def latest(self, keys: list[str]) -> dict[str, int]:
        """The lobby's version under each key (LOBBY), as the Hub asks a games' store."""
        version = self.version()
        return dict.fromkeys(keys, version)

    def wait_for_events(self, last: dict[str, int], seconds: float) -> dict[str, int]:
        time.sleep(min(seconds, POLL_SECONDS))
        return self.latest(list(last))

    def block(self, blocker: str, blocked: str) -> bool:
        """blocker (an account's name) blocks blocked; False if they block BLOCKS_KEPT already."""
        raise NotImplementedError

    def unblock(self, blocker: str, blocked: str) -> None:
        raise NotImplementedError

    def blocked_by(self, name: str) -> set[str]:
        """The names name blocks (name_key'd, lower case)."""
        raise NotImplementedError

    def blocking(self, name: str) -> set[str]:
        """The names that block name."""
        raise NotImplementedError

    def open_stream(self, player: str) -> str:
        raise NotImplementedError

    def refresh_stream(self, stream: str) -> None:
        raise NotImplementedError

    def close_stream(self, stream: str) -> int:
        """Forget a stream; how many of its player's lobby streams are still open."""
        raise NotImplementedError


class SQLiteSeeks(SeekStore):
    """Seeks in an SQLite file (WAL), shared by every worker process of one machine."""

    SCHEMA = (
        "CREATE TABLE IF NOT EXISTS seeks (id TEXT PRIMARY KEY, owner TEXT UNIQUE NOT NULL, data TEXT NOT NULL, "
        "deadline REAL NOT NULL)",
        "CREATE TABLE IF NOT EXISTS lobby_version (one INTEGER PRIMARY KEY CHECK (one = 1), version INTEGER NOT NULL)",
        "INSERT OR IGNORE INTO lobby_version VALUES (1, 0)",
        "CREATE TABLE IF NOT EXISTS lobby_matches (owner TEXT PRIMARY KEY, game TEXT NOT NULL, expires REAL NOT NULL)",
        "CREATE TABLE IF NOT EXISTS lobby_playing (game TEXT PRIMARY KEY, rating REAL NOT NULL, expires REAL NOT NULL)",
        "CREATE TABLE IF NOT EXISTS lobby_streams (id TEXT PRIMARY KEY, player TEXT NOT NULL, seen REAL NOT NULL)",
        "CREATE TABLE IF NOT EXISTS lobby_blocks (blocker TEXT NOT NULL, blocked TEXT NOT NULL, "
        "PRIMARY KEY (blocker, blocked))",
        "CREATE INDEX IF NOT EXISTS lobby_blocks_by_blocked ON lobby_blocks (blocked)",
    )

    def __init__(self, path: str, idle_seconds: float):
        self.idle_seconds = idle_seconds
        self._db = ThreadConnections(path, 10)
        with self._db.transaction() as db:
            for statement in self.SCHEMA:
                db.execute(statement)

    @property
    def connections(self) -> ThreadConnections:
        """The file's connections, which the pools share (pool_store.py): a pairing and its matches commit together."""
        return self._db

    def _prune(self) -> None:
        """Forget the seeks past their deadline. Looked for first, by a read: every lobby stream reads the
        seeks at every change, and a write transaction each would queue them all on the file's one lock."""
        if self._db().execute("SELECT 1 FROM seeks WHERE deadline < ? LIMIT 1", (time.time(),)).fetchone() is None:
            return
        with self._db.transaction() as db:
            if db.execute("DELETE FROM seeks WHERE deadline < ?", (time.time(),)).rowcount:
                db.execute("UPDATE lobby_version SET version = version + 1")

    def add(self, seek: Seek, most: int) -> Added:
        self._prune()
        with self._db.transaction() as db:
            if db.execute("SELECT 1 FROM seeks WHERE owner = ?", (seek.owner,)).fetchone():
                return Added.OWNER_HAS_ONE
            if db.execute("SELECT count(*) FROM seeks").fetchone()[0] >= most:
                return Added.FULL
            db.execute("INSERT INTO seeks VALUES (?, ?, ?, ?)",
                       (seek.id, seek.owner, json.dumps(seek.to_data()), _deadline(seek, time.time())))
            db.execute("UPDATE lobby_version SET version = version + 1")
        return Added.ADDED

    def get(self, seek_id: str) -> Seek | None:
        row = self._db().execute("SELECT data FROM seeks WHERE id = ? AND deadline >= ?",
                                 (seek_id, time.time())).fetchone()
        return Seek.from_data(json.loads(row[0])) if row else None

    def open_seeks(self) -> list[Seek]:
        self._prune()
        rows = self._db().execute("SELECT data FROM seeks").fetchall()
        return sorted((Seek.from_data(json.loads(data)) for (data,) in rows), key=lambda seek: seek.made)

    def of_owner(self, owner: str) -> Seek | None:
        row = self._db().execute("SELECT data FROM seeks WHERE owner = ? AND deadline >= ?",
                                 (owner, time.time())).fetchone()
        return Seek.from_data(json.loads(row[0])) if row else None

    def take(self, seek_id: str) -> Seek | None:
        with self._db.transaction() as db:
            row = db.execute("SELECT data FROM seeks WHERE id = ? AND deadline >= ?",
                             (seek_id, time.time())).fetchone()
            if row is None:
                return None
            db.execute("DELETE FROM seeks WHERE id = ?", (seek_id,))
            db.execute("UPDATE lobby_version SET version = version + 1")
        return Seek.from_data(json.loads(row[0]))

    def seen(self, owner: str, grace: float = SEEN_SECONDS) -> None:
        seek = self.of_owner(owner)
        if seek is not None:
            self._db().execute("UPDATE seeks SET deadline = ? WHERE id = ?", (_deadline(seek, time.time(), grace),
                                                                             seek.id))

    def match(self, owner: str, game_id: str) -> None:
        with self._db.transaction() as db:
            db.execute("DELETE FROM lobby_matches WHERE expires < ?", (time.time(),))
            db.execute("INSERT OR REPLACE INTO lobby_matches VALUES (?, ?, ?)",
                       (owner, game_id, time.time() + MATCH_SECONDS))
            db.execute("UPDATE lobby_version SET version = version + 1")  # wakes the owner's stream

    def match_of(self, owner: str, forget: bool = False) -> str | None:
        if not forget:  # every lobby stream asks at every change: a read, not the write lock
            row = self._db().execute("SELECT game FROM lobby_matches WHERE owner = ? AND expires >= ?",
                                     (owner, time.time())).fetchone()
            return row[0] if row else None
        with self._db.transaction() as db:
            row = db.execute("SELECT game FROM lobby_matches WHERE owner = ? AND expires >= ?",
                             (owner, time.time())).fetchone()
            if forget:
                db.execute("DELETE FROM lobby_matches WHERE owner = ?", (owner,))
        return row[0] if row else None

    def playing(self, game_id: str, rating: float) -> None:
        with self._db.transaction() as db:
            db.execute("DELETE FROM lobby_playing WHERE expires < ?", (time.time(),))
            db.execute("INSERT OR REPLACE INTO lobby_playing VALUES (?, ?, ?)",
                       (game_id, rating, time.time() + self.idle_seconds))
            db.execute("DELETE FROM lobby_playing WHERE game NOT IN "
                       "(SELECT game FROM lobby_playing ORDER BY expires DESC LIMIT ?)", (PLAYING_KEPT,))

    def games_playing(self, count: int) -> list[str]:
        rows = self._db().execute("SELECT game FROM lobby_playing WHERE expires >= ? ORDER BY rating DESC, "
                                  "expires DESC LIMIT ?", (time.time(), count)).fetchall()
        return [game for (game,) in rows]

    def version(self) -> int:
        return self._db().execute("SELECT version FROM lobby_version").fetchone()[0]

    def block(self, blocker: str, blocked: str) -> bool:
        with self._db.transaction() as db:
            if db.execute("SELECT count(*) FROM lobby_blocks WHERE blocker = ?", (blocker,)).fetchone()[0] >= \
                    BLOCKS_KEPT:
                return False
            db.execute("INSERT OR IGNORE INTO lobby_blocks VALUES (?, ?)", (blocker, blocked))
            db.execute("UPDATE lobby_version SET version = version + 1")
        return True

    def unblock(self, blocker: str, blocked: str) -> None:
        with self._db.transaction() as db:
            db.execute("DELETE FROM lobby_blocks WHERE blocker = ? AND blocked = ?", (blocker, blocked))
            db.execute("UPDATE lobby_version SET version = version + 1")

    def blocked_by(self, name: str) -> set[str]:
        rows = self._db().execute("SELECT blocked FROM lobby_blocks WHERE blocker = ?", (name,)).fetchall()
        return {blocked for (blocked,) in rows}

    def blocking(self, name: str) -> set[str]:
        rows = self._db().execute("SELECT blocker FROM lobby_blocks WHERE blocked = ?", (name,)).fetchall()
        return {blocker for (blocker,) in rows}

    def open_stream(self, player: str) -> str:
        stream = uuid.uuid4().hex
        with self._db.transaction() as db:
            db.execute("DELETE FROM lobby_streams WHERE seen < ?", (time.time() - PRESENCE_SECONDS,))
            db.execute("INSERT INTO lobby_streams VALUES (?, ?, ?)", (stream, player, time.time()))
        return stream

    def refresh_stream(self, stream: str) -> None:
        self._db().execute("UPDATE lobby_streams SET seen = ? WHERE id = ?", (time.time(), stream))

    def close_stream(self, stream: str) -> int:
        with self._db.transaction() as db:
            row = db.execute("SELECT player FROM lobby_streams WHERE id = ?", (stream,)).fetchone()
            db.execute("DELETE FROM lobby_streams WHERE id = ?", (stream,))
            if row is None:
                return 0
            return db.execute("SELECT count(*) FROM lobby_streams WHERE player = ? AND seen >= ?",
                              (row[0], time.time() - PRESENCE_SECONDS)).fetchone()[0]


class RedisSeeks(SeekStore):
    """Seeks in Redis, seen by every instance. Keys: `lobby:seeks` (a hash, id
    to the seek), `lobby:deadlines` (a sorted set, id by deadline),
    `lobby:owner:<player>` (their seek's id), `lobby:version`,
    `lobby:match:<player>`, `lobby:playing` (a sorted set, game by rating),
    `lobby:streams:<player>` (a hash of their lobby streams, by when seen),
    `lobby:blocks:<name>` and `lobby:blocked:<name>` (whom an account blocks,
    and who blocks it). Every key expires (the seeks' with the longest a seek
    lives, the others with their own times) but the version and the block
    lists, which are kept as the accounts are, each capped at BLOCKS_KEPT."""

    def __init__(self, client: Redis, idle_seconds: float):
        self.client, self.idle_seconds = client, idle_seconds

    def _prune(self) -> None:
        gone = [text(member) for member in self.client.zrangebyscore("lobby:deadlines", "-inf", time.time())]
        for seek_id in gone:
            self.take(seek_id, prune=True)

    def add(self, seek: Seek, most: int) -> Added:
        self._prune()
        ttl = int(seek.expires - time.time()) + 1
        if not self.client.set(f"lobby:owner:{seek.owner}", seek.id, nx=True, ex=ttl):
            return Added.OWNER_HAS_ONE
        if self.client.hlen("lobby:seeks") >= most:
            self.client.delete(f"lobby:owner:{seek.owner}")
            return Added.FULL
        with self.client.pipeline() as pipe:
            pipe.hset("lobby:seeks", seek.id, json.dumps(seek.to_data()))
            pipe.zadd("lobby:deadlines", {seek.id: _deadline(seek, time.time())})
            pipe.incr("lobby:version")
            for key in ("lobby:seeks", "lobby:deadlines"):
                pipe.expire(key, ttl)
            pipe.execute()
        return Added.ADDED

    def get(self, seek_id: str) -> Seek | None:
        deadline = self.client.zscore("lobby:deadlines", seek_id)
        raw = self.client.hget("lobby:seeks", seek_id)
        return Seek.from_data(json.loads(raw)) if raw and deadline and deadline >= time.time() else None

    def open_seeks(self) -> list[Seek]:
        self._prune()
        seeks = (Seek.from_data(json.loads(raw)) for raw in self.client.hvals("lobby:seeks"))
        return sorted(seeks, key=lambda seek: seek.made)

    def of_owner(self, owner: str) -> Seek | None:
        seek_id = self.client.get(f"lobby:owner:{owner}")
        seek = self.get(text(seek_id)) if seek_id else None
        return seek if seek is not None and seek.owner == owner else None

    def take(self, seek_id: str, prune: bool = False) -> Seek | None:
        raw = self.client.hget("lobby:seeks", seek_id)
        if raw is None or not prune and (self.client.zscore("lobby:deadlines", seek_id) or 0) < time.time():
            return None
        if not self.client.hdel("lobby:seeks", seek_id):
            return None  # another took it first
        seek = Seek.from_data(json.loads(raw))
        with self.client.pipeline() as pipe:
            pipe.zrem("lobby:deadlines", seek_id)
            pipe.incr("lobby:version")
            pipe.execute()
        if self.client.get(f"lobby:owner:{seek.owner}") == seek_id.encode():
            self.client.delete(f"lobby:owner:{seek.owner}")
        return seek

    def seen(self, owner: str, grace: float = SEEN_SECONDS) -> None:
        seek = self.of_owner(owner)
        if seek is not None:
            self.client.zadd("lobby:deadlines", {seek.id: _deadline(seek, time.time(), grace)}, xx=True)

    def match(self, owner: str, game_id: str) -> None:
        with self.client.pipeline() as pipe:
            pipe.set(f"lobby:match:{owner}", game_id, ex=MATCH_SECONDS)
            pipe.incr("lobby:version")  # wakes the owner's stream
            pipe.execute()

    def match_of(self, owner: str, forget: bool = False) -> str | None:
        key = f"lobby:match:{owner}"
        found = self.client.getdel(key) if forget else self.client.get(key)
        return text(found) if found else None

    def playing(self, game_id: str, rating: float) -> None:
        with self.client.pipeline() as pipe:
            pipe.zadd("lobby:playing", {game_id: rating})
            pipe.zremrangebyrank("lobby:playing", 0, -PLAYING_KEPT - 1)  # the lowest rated go first
            pipe.expire("lobby:playing", int(self.idle_seconds))
            pipe.execute()

    def games_playing(self, count: int) -> list[str]:
        return [text(member) for member in self.client.zrevrange("lobby:playing", 0, count - 1)]

    def forget_playing(self, game_ids: list[str]) -> None:
        if game_ids:
            self.client.zrem("lobby:playing", *game_ids)

    def version(self) -> int:
        return int(self.client.get("lobby:version") or 0)

    def block(self, blocker: str, blocked: str) -> bool:
        if self.client.scard(f"lobby:blocks:{blocker}") >= BLOCKS_KEPT:
            return False
        with self.client.pipeline() as pipe:
            pipe.sadd(f"lobby:blocks:{blocker}", blocked)
            pipe.sadd(f"lobby:blocked:{blocked}", blocker)
            pipe.incr("lobby:version")
            pipe.execute()
        return True

    def unblock(self, blocker: str, blocked: str) -> None:
        with self.client.pipeline() as pipe:
            pipe.srem(f"lobby:blocks:{blocker}", blocked)
            pipe.srem(f"lobby:blocked:{blocked}", blocker)
            pipe.incr("lobby:version")
            pipe.execute()

    def blocked_by(self, name: str) -> set[str]:
        return {text(member) for member in self.client.smembers(f"lobby:blocks:{name}")}

    def blocking(self, name: str) -> set[str]:
        return {text(member) for member in self.client.smembers(f"lobby:blocked:{name}")}

    def open_stream(self, player: str) -> str:
        stream = uuid.uuid4().hex
        self.refresh_stream(f"{player} {stream}")
        return f"{player} {stream}"

    def refresh_stream(self, stream: str) -> None:
        player, stream_id = stream.split(" ")
        with self.client.pipeline() as pipe:
            pipe.hset(f"lobby:streams:{player}", stream_id, time.time())
            pipe.expire(f"lobby:streams:{player}", int(PRESENCE_SECONDS))
            pipe.execute()

    def close_stream(self, stream: str) -> int:
        player, stream_id = stream.split(" ")
        key = f"lobby:streams:{player}"
        self.client.hdel(key, stream_id)
        now = time.time()
        return sum(1 for seen in self.client.hvals(key) if now - float(seen) < PRESENCE_SECONDS)



def seeks_store(client: Redis | None, instance_path: str, idle_seconds: float) -> SeekStore:
    """The store the configuration names: Redis through client, else a file in the instance folder."""
    if client is not None:
        return RedisSeeks(client, idle_seconds)
    return SQLiteSeeks(os.path.join(instance_path, "seeks.sqlite3"), idle_seconds)
