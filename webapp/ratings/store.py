"""Where the ratings are kept: in the same store as the live games, so that the change that ends a rated game
and the two players' new ratings commit together, or not at all.

- SQLite: a table `ratings` in the games' own file (instance/games.sqlite3), written by settle_in() inside the
  games store's write transaction: one BEGIN IMMEDIATE … COMMIT for the game and both ratings.
- Redis: a key `rating:<kind>:<name>` a standing (JSON), and a sorted set `ratings:top:<kind>` of the names with
  enough games, by rating, for the leaderboard. The games store WATCHes the two players' keys with the game's
  (watched_keys), reads them in that WATCH (read_watched), and writes them in its MULTI (write_queued): a game
  or rating another writer changed meanwhile fails the MULTI, and the whole change is tried again.
- Bounded: a standing keeps its last HISTORY_LENGTH points and RECENT_LENGTH games (standing.py), and a name
  has at most one standing a RatingKind.
- A deleted account (anonymise()): its standings are dropped, its name in every other player's recent games is
  replaced by the deleted player's mark (standing.DELETED_PLAYER, no link), and the name is kept closed (SQLite:
  a row of `ratings_closed`; Redis: a key `rating:closed:<name>`), so that a game still going on with it ends
  unrated (settle_in and read_watched answer None) and nobody is ever credited under it. The accounts keep the
  name closed too (no one signs up with it again), and bound how many names there are, closed ones included
  (ACCOUNTS_MOST), which bounds these rows as well.
- Finding the games that name a deleted player: no index of who played whom is kept, since one would grow with
  every game and need trimming as recent lists move on; anonymise() reads every standing instead, in one
  transaction on SQLite and by a SCAN in batches of SCAN_BATCH on Redis. Its cost is bounded by the standings,
  at most one a RatingKind for each account (ACCOUNTS_MOST × 6), and is paid only when an account is deleted,
  which a password and the accounts' rate limits guard.
- Ratings come only from here: nothing a client sends is read as a rating.

The readers (standing, standings_of, leaderboard) are for the pages: the accounts feature shows them.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from redis import Redis
from redis.client import Pipeline
from redis.exceptions import WatchError

from webapp.ratings.kinds import RatingKind
from webapp.ratings.standing import RatedGame, RatingChange, Standing, name_key, settle
from webapp.storage.redis import text
from webapp.storage.sqlite import ThreadConnections
from webapp.storage.where import Where

GAMES_FILE = "games.sqlite3"
"""The games' file in the instance folder (webapp.online.store's), which the ratings share."""
LEADERBOARD_LENGTH = 20
"""The players a leaderboard shows."""
LEADERBOARD_GAMES = 10
"""The rated games a player needs in a rating to be on its leaderboard: lichess asks 30 of millions of
players; ten is enough here for a rating to have settled (its deviation well under 110 against rated players)."""
LEADERBOARD_DEVIATION = 100.0
"""The most deviation (as of today) a rating on a leaderboard may have: not provisional, with room below 110 so
that a board of ratings still settling does not flicker (lichess asks 75 of its far larger pool)."""
LEADERBOARD_DAYS = 30
"""A player is on a leaderboard only with a rated game in the last this many days: a top spot is held by
playing, not by stopping (lichess asks a week; our games are fewer)."""
LEADERBOARD_CANDIDATES = 200
"""How many of the highest ratings a leaderboard reads before it leaves out the stale and the unsure."""
DAY_SECONDS = 24 * 3600
WAIT_SECONDS = 10
SCAN_BATCH = 500
"""The keys one step of Redis's SCAN asks for while anonymise() reads every standing (and one MGET reads)."""


def on_leaderboard(standing: Standing, now: float) -> bool:
    """Whether standing belongs on its leaderboard at now (LEADERBOARD_GAMES, _DEVIATION, _DAYS)."""
    return (standing.games >= LEADERBOARD_GAMES and standing.last_played is not None
            and now - standing.last_played <= LEADERBOARD_DAYS * DAY_SECONDS
            and standing.as_of(now).deviation < LEADERBOARD_DEVIATION)


def settled(kept: tuple[Standing | None, Standing | None], game: RatedGame
            ) -> tuple[Standing, Standing, tuple[RatingChange, RatingChange]]:
    """Both players' standings after game, from those kept (None: a first rated game under this kind)."""
    x, o = (found or Standing(name, game.kind) for found, name in zip(kept, game.names))
    return settle(x, o, game)


def anonymised(found: Standing, name: str) -> str | None:
    """found as the store writes it with name anonymised in its recent games; None if it does not name them."""
    return json.dumps(found.anonymised(name).to_data()) if found.names_opponent(name) else None


class Ratings:
    """What both stores answer the pages."""

    def standing(self, name: str, kind: RatingKind) -> Standing | None:
        """name's standing in kind, or None if they have played no rated game there."""
        raise NotImplementedError

    def standings_of(self, name: str) -> list[Standing]:
        """Every standing name has, in RatingKind's order."""
        raise NotImplementedError

    def leaderboard(self, kind: RatingKind, now: float) -> list[Standing]:
        """The top LEADERBOARD_LENGTH standings in kind that belong there at now (on_leaderboard), best first."""
        raise NotImplementedError

    def anonymise(self, name: str) -> None:
        """name's account was deleted: drop its standings, put the deleted player's mark for it in every other
        player's recent games, and close the name, so that no game is rated under it again."""
        raise NotImplementedError

    def is_closed(self, name: str) -> bool:
        """Whether name belonged to an account that was deleted (anonymise): pages name it DELETED_PLAYER."""
        raise NotImplementedError

    @staticmethod
    def _top(found: list[Standing], now: float) -> list[Standing]:
        return [standing for standing in found if on_leaderboard(standing, now)][:LEADERBOARD_LENGTH]


class SQLiteRatings(Ratings):
    """The ratings in the games' SQLite file; settle_in() runs inside the games store's transaction."""

    SCHEMA = (
        "CREATE TABLE IF NOT EXISTS ratings (key TEXT NOT NULL, kind TEXT NOT NULL, value REAL NOT NULL, "
        "games INTEGER NOT NULL, last_played REAL NOT NULL, data TEXT NOT NULL, PRIMARY KEY (key, kind))",
        "CREATE INDEX IF NOT EXISTS ratings_by_value ON ratings (kind, value)",
        "CREATE TABLE IF NOT EXISTS ratings_closed (key TEXT PRIMARY KEY)",
    )

    def __init__(self, path: str):
        self._db = ThreadConnections(path, WAIT_SECONDS)
        with self._db.transaction() as db:
            for statement in self.SCHEMA:
                db.execute(statement)

    def settle_in(self, db: sqlite3.Connection, game: RatedGame) -> tuple[RatingChange, RatingChange] | None:
        """Rate game's two players, in db's open write transaction (the one that ends the game); their changes.
        None if either name was closed meanwhile (its account deleted): the game ends unrated."""
        if any(self._closed(db, name) for name in game.names):
            return None
        kept = (self._read(db, game.names[0], game.kind), self._read(db, game.names[1], game.kind))
        x, o, changes = settled(kept, game)
        for standing in (x, o):
            db.execute("INSERT OR REPLACE INTO ratings (key, kind, value, games, last_played, data) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       (name_key(standing.name), standing.kind.value, standing.rating.rating, standing.games,
                        standing.last_played, json.dumps(standing.to_data())))
        return changes

    @staticmethod
    def _read(db: sqlite3.Connection, name: str, kind: RatingKind) -> Standing | None:
        row = db.execute("SELECT data FROM ratings WHERE key = ? AND kind = ?", (name_key(name), kind.value)).fetchone()
        return Standing.from_data(json.loads(row[0])) if row else None

    def standing(self, name: str, kind: RatingKind) -> Standing | None:
        return self._read(self._db(), name, kind)

    def standings_of(self, name: str) -> list[Standing]:
        rows = self._db().execute("SELECT data FROM ratings WHERE key = ?", (name_key(name),)).fetchall()
        found = {standing.kind: standing for standing in (Standing.from_data(json.loads(data)) for (data,) in rows)}
        return [found[kind] for kind in RatingKind if kind in found]

    def leaderboard(self, kind: RatingKind, now: float) -> list[Standing]:
        rows = self._db().execute(
            "SELECT data FROM ratings WHERE kind = ? AND games >= ? AND last_played >= ? ORDER BY value DESC LIMIT ?",
            (kind.value, LEADERBOARD_GAMES, now - LEADERBOARD_DAYS * DAY_SECONDS, LEADERBOARD_CANDIDATES)).fetchall()
        return self._top([Standing.from_data(json.loads(data)) for (data,) in rows], now)

    def anonymise(self, name: str) -> None:
        key = name_key(name)
        with self._db.transaction() as db:
            db.execute("INSERT OR IGNORE INTO ratings_closed (key) VALUES (?)", (key,))
            db.execute("DELETE FROM ratings WHERE key = ?", (key,))
            rows = db.execute("SELECT key, kind, data FROM ratings WHERE instr(lower(data), ?) > 0",
                              (json.dumps(key),)).fetchall()  # a cheap filter: anonymised() decides
            for found_key, kind, data in rows:
                if (written := anonymised(Standing.from_data(json.loads(data)), name)) is not None:
                    db.execute("UPDATE ratings SET data = ? WHERE key = ? AND kind = ?", (written, found_key, kind))

    def is_closed(self, name: str) -> bool:
        return self._closed(self._db(), name)

    @staticmethod
    def _closed(db: sqlite3.Connection, name: str) -> bool:
        return db.execute("SELECT 1 FROM ratings_closed WHERE key = ?", (name_key(name),)).fetchone() is not None


class RedisRatings(Ratings):
    """The ratings in Redis, written in the games store's WATCH and MULTI."""

    def __init__(self, client: Redis):
        self.client = client

    @staticmethod
    def key(name: str, kind: RatingKind) -> str:
        return f"rating:{kind.value}:{name_key(name)}"

    @staticmethod
    def top_key(kind: RatingKind) -> str:
        return f"ratings:top:{kind.value}"

    @staticmethod
    def closed_key(name: str) -> str:
        return f"rating:closed:{name_key(name)}"

    def watched_keys(self, game: RatedGame) -> list[str]:
        """The keys the games store must WATCH before read_watched: both players' standings, and whether either
        name is closed (so that an account deleted meanwhile fails the MULTI, and the retry sees it closed)."""
        return [*(self.key(name, game.kind) for name in game.names), *map(self.closed_key, game.names)]

    def read_watched(self, pipe: Pipeline, game: RatedGame
                     ) -> tuple[Standing, Standing, tuple[RatingChange, RatingChange]] | None:
        """Both players' standings after game, read through pipe while it WATCHes watched_keys (immediate mode);
        None if either name is closed (its account deleted): the game ends unrated."""
        if any(pipe.exists(self.closed_key(name)) for name in game.names):
            return None
        kept = tuple(self._parse(pipe.get(self.key(name, game.kind))) for name in game.names)
        return settled((kept[0], kept[1]), game)

    def write_queued(self, pipe: Pipeline, standings: Sequence[Standing]) -> None:
        """Queue the standings' writes in pipe's MULTI (and the leaderboard's entries of those with enough games)."""
        for standing in standings:
            pipe.set(self.key(standing.name, standing.kind), json.dumps(standing.to_data()))
            if standing.games >= LEADERBOARD_GAMES:
                pipe.zadd(self.top_key(standing.kind), {name_key(standing.name): standing.rating.rating})

    @staticmethod
    def _parse(raw: Any) -> Standing | None:
        return Standing.from_data(json.loads(raw)) if raw else None

    def standing(self, name: str, kind: RatingKind) -> Standing | None:
        return self._parse(self.client.get(self.key(name, kind)))

    def standings_of(self, name: str) -> list[Standing]:
        found = self.client.mget([self.key(name, kind) for kind in RatingKind])
        return [standing for standing in map(self._parse, found) if standing is not None]

    def leaderboard(self, kind: RatingKind, now: float) -> list[Standing]:
        keys: list[Any] = list(self.client.zrevrange(self.top_key(kind), 0, LEADERBOARD_CANDIDATES - 1))
        if not keys:
            return []
        found = self.client.mget([f"rating:{kind.value}:{text(key)}" for key in keys])
        return self._top([standing for standing in map(self._parse, found) if standing is not None], now)

    def anonymise(self, name: str) -> None:
        """First close the name and drop its standings in one MULTI (a game ending meanwhile WATCHes both, so it
        retries and ends unrated); then every standing that names it, found by SCAN, rewritten one by one."""
        with self.client.pipeline() as pipe:
            pipe.set(self.closed_key(name), 1)
            for kind in RatingKind:
                pipe.delete(self.key(name, kind))
                pipe.zrem(self.top_key(kind), name_key(name))
            pipe.execute()
        for batch in self._standing_keys():
            for key, raw in zip(batch, self.client.mget(batch)):
                if raw and json.dumps(name_key(name)) in text(raw).lower():  # a cheap filter: anonymised() decides
                    self._anonymise_in(key, name)

    def _standing_keys(self) -> Iterator[list[str]]:
        """Every standing's key, SCAN_BATCH or so at a time (rating:<kind>:<name>; not the closed names')."""
        cursor = None
        while cursor != 0:
            cursor, found = self.client.scan(cursor or 0, match="rating:*", count=SCAN_BATCH)
            batch = [key for key in map(text, found) if not key.startswith("rating:closed:")]
            if batch:
                yield batch

    def _anonymise_in(self, key: str, name: str) -> None:
        """Rewrite the standing at key with name anonymised, unless a game changes it first (then read it again)."""
        with self.client.pipeline() as pipe:
            while True:
                try:
                    pipe.watch(key)
                    found = self._parse(pipe.get(key))
                    written = anonymised(found, name) if found is not None else None
                    if written is None:
                        return
                    pipe.multi()
                    pipe.set(key, written)
                    pipe.execute()
                    return
                except WatchError:
                    continue

    def is_closed(self, name: str) -> bool:
        return bool(self.client.exists(self.closed_key(name)))



def ratings_store(client: Redis | None, instance_path: str) -> SQLiteRatings | RedisRatings:
    """The ratings where the games are: Redis through client, else the instance folder's games file."""
    if client is not None:
        return RedisRatings(client)
    return SQLiteRatings(os.path.join(instance_path, GAMES_FILE))


@lru_cache(maxsize=4)
def ratings_at(where: Where) -> SQLiteRatings | RedisRatings:
    """The ratings where says, opened once a process: for the pages that only read them (a player's page)."""
    return ratings_store(where.redis(), where.instance_path)
