"""Where the quick-pairing pools live, beside the lobby's seeks: in the
seeks' SQLite file, or in Redis when REDIS_URL is set, so that players who
pressed on two web servers meet in one pool.

- An entry lives while its page is seen (pools.SEEN_SECONDS: the stream's
  tick, a reload without JavaScript), at most pools.ENTRY_SECONDS.
- Bounded: one entry a browser and one an account (in any pool), at most
  `per_address` an address, at most `most` a pool (join refuses).
- A round of pairing is atomic: it reads one pool's entries, asks the caller
  which pairs to make (pools.pairings), and removes those players and
  writes their matches in one step (a transaction on SQLite, WATCH and MULTI
  on Redis), so that of two rounds at once each entry is paired once.
- A match is the lobby's (seek_store's lobby_matches, `lobby:match:<player>`):
  the lobby's stream and /lobby/game send both pages to the game, and the
  lobby's version grows, so that every waiting page's stream wakes.
- Rounds asked by pages (not by a press) run at most once a ROUND_SECONDS
  a pool, on whichever server asks first: no thread, no timer, nothing a
  second server would repeat.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from redis import Redis
from redis.exceptions import WatchError

from webapp.online.pools import ENTRY_SECONDS, Entry, seen_deadline
from webapp.online.seek_store import MATCH_SECONDS, SeekStore, SQLiteSeeks
from webapp.online.shared_game import new_game_id
from webapp.storage.redis import text
from webapp.storage.sqlite import ThreadConnections

ROUND_SECONDS = 1.0
"""The least time between two rounds of one pool that pages ask for (a press always runs one)."""
ROUND_TRIES = 5
"""How often a Redis round is tried again when the pool changed under it (a join, another round)."""

Pairer = Callable[[list[Entry]], list[tuple[Entry, Entry]]]


class Joined(StrEnum):
    """What became of an entry asked to join a pool."""

    JOINED = "joined"
    PLAYER_HAS_ONE = "player has one"
    ACCOUNT_HAS_ONE = "account has one"
    ADDRESS_FULL = "address full"
    FULL = "full"


@dataclass(frozen=True)
class Paired:
    """A pair a round made: the game's id (chosen now; the caller makes the game) and the two entries."""

    game_id: str
    a: Entry
    b: Entry


class PoolStore:
    """What both stores do (see the module's docstring)."""

    def join(self, entry: Entry, most: int, per_address: int) -> Joined:
        raise NotImplementedError

    def entry_of(self, player: str) -> Entry | None:
        raise NotImplementedError

    def seen(self, player: str) -> None:
        """The player's entry, if any, lives SEEN_SECONDS from now."""
        raise NotImplementedError

    def leave(self, player: str) -> bool:
        """Take the player's entry out of its pool; False if they had none."""
        raise NotImplementedError

    def waiting(self, pool: str) -> int:
        """How many wait in pool now."""
        raise NotImplementedError

    def pair(self, pool: str, pairer: Pairer, pressed: bool = False) -> list[Paired]:
        """One round in pool (see the module's docstring): the pairs it made,
        to this caller alone; none if a round ran within ROUND_SECONDS and this
        one was not pressed for."""
        raise NotImplementedError


class SQLitePools(PoolStore):
    """Pools in the seeks' SQLite file, so that a round and its matches commit in one transaction."""

    SCHEMA = (
        "CREATE TABLE IF NOT EXISTS pool_entries (player TEXT PRIMARY KEY, account TEXT UNIQUE, pool TEXT NOT NULL, "
        "address TEXT NOT NULL, data TEXT NOT NULL, deadline REAL NOT NULL)",
        "CREATE INDEX IF NOT EXISTS pool_entries_by_pool ON pool_entries (pool)",
        "CREATE TABLE IF NOT EXISTS pool_rounds (pool TEXT PRIMARY KEY, at REAL NOT NULL)",
    )

    def __init__(self, connections: ThreadConnections):
        self._db = connections
        with self._db.transaction() as db:
            for statement in self.SCHEMA:
                db.execute(statement)

    def join(self, entry: Entry, most: int, per_address: int) -> Joined:
        now = time.time()
        with self._db.transaction() as db:
            db.execute("DELETE FROM pool_entries WHERE deadline < ?", (now,))
            if db.execute("SELECT 1 FROM pool_entries WHERE player = ?", (entry.player,)).fetchone():
                return Joined.PLAYER_HAS_ONE
            if entry.name and db.execute("SELECT 1 FROM pool_entries WHERE account = ?",
                                         (entry.name.lower(),)).fetchone():
                return Joined.ACCOUNT_HAS_ONE
            if db.execute("SELECT count(*) FROM pool_entries WHERE address = ?", (entry.address,)).fetchone()[0] \
                    >= per_address:
                return Joined.ADDRESS_FULL
            if db.execute("SELECT count(*) FROM pool_entries WHERE pool = ?", (entry.pool,)).fetchone()[0] >= most:
                return Joined.FULL
            db.execute("INSERT INTO pool_entries VALUES (?, ?, ?, ?, ?, ?)",
                       (entry.player, entry.name.lower() if entry.name else None, entry.pool, entry.address,
                        json.dumps(entry.to_data()), seen_deadline(entry, now)))
        return Joined.JOINED

    def entry_of(self, player: str) -> Entry | None:
        row = self._db().execute("SELECT data, deadline FROM pool_entries WHERE player = ? AND deadline >= ?",
                                 (player, time.time())).fetchone()
        return Entry.from_data(json.loads(row[0]), row[1]) if row else None

    def seen(self, player: str) -> None:
        entry = self.entry_of(player)
        if entry is not None:
            self._db().execute("UPDATE pool_entries SET deadline = ? WHERE player = ?",
                               (seen_deadline(entry, time.time()), player))

    def leave(self, player: str) -> bool:
        with self._db.transaction() as db:
            return db.execute("DELETE FROM pool_entries WHERE player = ?", (player,)).rowcount > 0

    def waiting(self, pool: str) -> int:
        return self._db().execute("SELECT count(*) FROM pool_entries WHERE pool = ? AND deadline >= ?",
                                  (pool, time.time())).fetchone()[0]

    def pair(self, pool: str, pairer: Pairer, pressed: bool = False) -> list[Paired]:
        now = time.time()
        with self._db.transaction() as db:
            last = db.execute("SELECT at FROM pool_rounds WHERE pool = ?", (pool,)).fetchone()
            if not pressed and last is not None and now - last[0] < ROUND_SECONDS:
                return []
            db.execute("INSERT OR REPLACE INTO pool_rounds VALUES (?, ?)", (pool, now))
            rows = db.execute("SELECT data, deadline FROM pool_entries WHERE pool = ? AND deadline >= ? "
                              "ORDER BY rowid", (pool, now)).fetchall()
            made = [Paired(new_game_id(), a, b) for a, b in pairer([Entry.from_data(json.loads(data), deadline)
                                                                      for data, deadline in rows])]
            for paired in made:
                for entry in (paired.a, paired.b):
                    db.execute("DELETE FROM pool_entries WHERE player = ?", (entry.player,))
                    db.execute("INSERT OR REPLACE INTO lobby_matches VALUES (?, ?, ?)",
                               (entry.player, paired.game_id, now + MATCH_SECONDS))
            if made:
                db.execute("UPDATE lobby_version SET version = version + 1")
        return made


class RedisPools(PoolStore):
    """Pools in Redis, seen by every instance. Keys: `pool:entries:<pool>` (a
    hash, player to entry: what a round WATCHes), `pool:deadlines:<pool>` (a
    sorted set, player by deadline: a page's tick writes here, not to the
    watched hash), `pool:player:<player>` (their pool), `pool:account:<name>`
    (its player), `pool:address:<address>` (a sorted set of its players, by
    deadline) and `pool:round:<pool>` (the ROUND_SECONDS lock of rounds pages
    ask for). Every key expires within ENTRY_SECONDS."""

    def __init__(self, client: Redis):
        self.client = client

    def join(self, entry: Entry, most: int, per_address: int) -> Joined:
        now, ttl = time.time(), int(entry.joined + ENTRY_SECONDS - time.time()) + 1
        self._prune(entry.pool)
        if not self.client.set(f"pool:player:{entry.player}", entry.pool, nx=True, ex=ttl):
            return Joined.PLAYER_HAS_ONE
        account = f"pool:account:{entry.name.lower()}" if entry.name else None
        if account and not self.client.set(account, entry.player, nx=True, ex=ttl):
            self.client.delete(f"pool:player:{entry.player}")
            return Joined.ACCOUNT_HAS_ONE
        address = f"pool:address:{entry.address}"
        self.client.zremrangebyscore(address, "-inf", now)
        refusal = (Joined.ADDRESS_FULL if self.client.zcard(address) >= per_address
                   else Joined.FULL if self.client.hlen(f"pool:entries:{entry.pool}") >= most else None)
        if refusal is not None:
            self.client.delete(f"pool:player:{entry.player}", *([account] if account else []))
            return refusal
        deadline = seen_deadline(entry, now)
        with self.client.pipeline() as pipe:
            pipe.hset(f"pool:entries:{entry.pool}", entry.player, json.dumps(entry.to_data()))
            pipe.zadd(f"pool:deadlines:{entry.pool}", {entry.player: deadline})
            pipe.zadd(address, {entry.player: deadline})
            for key in (f"pool:entries:{entry.pool}", f"pool:deadlines:{entry.pool}", address):
                pipe.expire(key, ttl)
            pipe.execute()
        return Joined.JOINED

    def entry_of(self, player: str) -> Entry | None:
        pool = self.client.get(f"pool:player:{player}")
        if pool is None:
            return None
        pool_name = text(pool)
        raw = self.client.hget(f"pool:entries:{pool_name}", player)
        deadline = self.client.zscore(f"pool:deadlines:{pool_name}", player)
        if raw is None or deadline is None or deadline < time.time():
            return None
        return Entry.from_data(json.loads(raw), deadline)

    def seen(self, player: str) -> None:
        entry = self.entry_of(player)
        if entry is not None:
            deadline = seen_deadline(entry, time.time())
            self.client.zadd(f"pool:deadlines:{entry.pool}", {player: deadline}, xx=True)
            self.client.zadd(f"pool:address:{entry.address}", {player: deadline}, xx=True)

    def leave(self, player: str) -> bool:
        pool = self.client.get(f"pool:player:{player}")
        if pool is None:
            return False
        raw = self.client.hget(f"pool:entries:{text(pool)}", player)
        if raw is None:
            self.client.delete(f"pool:player:{player}")
            return False
        with self.client.pipeline() as pipe:
            _queue_removal(pipe, Entry.from_data(json.loads(raw)))
            pipe.execute()
        return True

    def waiting(self, pool: str) -> int:
        return self.client.zcount(f"pool:deadlines:{pool}", time.time(), "+inf")

    def _prune(self, pool: str) -> None:
        """Take out the entries of pool whose pages have not been seen in time."""
        for found in self.client.zrangebyscore(f"pool:deadlines:{pool}", "-inf", time.time()):
            player = text(found)
            raw = self.client.hget(f"pool:entries:{pool}", player)
            with self.client.pipeline() as pipe:
                pipe.zrem(f"pool:deadlines:{pool}", player)
                if raw is not None:
                    _queue_removal(pipe, Entry.from_data(json.loads(raw)))
                pipe.execute()

    def pair(self, pool: str, pairer: Pairer, pressed: bool = False) -> list[Paired]:
        if not pressed and not self.client.set(f"pool:round:{pool}", 1, nx=True, px=int(ROUND_SECONDS * 1000)):
            return []
        self._prune(pool)
        for _ in range(ROUND_TRIES):
            with self.client.pipeline() as pipe:
                try:
                    pipe.watch(f"pool:entries:{pool}")
                    made = self._round(pipe, pool, pairer)
                    if not made:
                        return []
                    pipe.multi()
                    for paired in made:
                        for entry in (paired.a, paired.b):
                            _queue_removal(pipe, entry)
                            pipe.set(f"lobby:match:{entry.player}", paired.game_id, ex=MATCH_SECONDS)
                    pipe.incr("lobby:version")
                    pipe.execute()
                    return made
                except WatchError:
                    continue  # the pool changed under this round: read it again
        return []

    def _round(self, pipe, pool: str, pairer: Pairer) -> list[Paired]:
        """The pairs pairer makes of pool's live entries, read in the WATCH."""
        now = time.time()
        found = pipe.hgetall(f"pool:entries:{pool}")
        alive = {text(player): score for player, score in
                 pipe.zrangebyscore(f"pool:deadlines:{pool}", now, "+inf", withscores=True)}
        entries = [Entry.from_data(json.loads(raw), alive[text(player)]) for player, raw in found.items()
                   if text(player) in alive]
        entries.sort(key=lambda entry: entry.joined)
        return [Paired(new_game_id(), a, b) for a, b in pairer(entries)]


def _queue_removal(pipe, entry: Entry) -> None:
    """Queue on pipe every key of entry's going."""
    pipe.hdel(f"pool:entries:{entry.pool}", entry.player)
    pipe.zrem(f"pool:deadlines:{entry.pool}", entry.player)
    pipe.zrem(f"pool:address:{entry.address}", entry.player)
    pipe.delete(f"pool:player:{entry.player}")
    if entry.name:
        pipe.delete(f"pool:account:{entry.name.lower()}")



def pools_store(client: Redis | None, seeks: SeekStore) -> PoolStore:
    """The store the configuration names: Redis through client, else the seeks' SQLite file."""
    if client is not None:
        return RedisPools(client)
    if not isinstance(seeks, SQLiteSeeks):
        raise TypeError("pools without Redis live in the seeks' SQLite file")
    return SQLitePools(seeks.connections)
