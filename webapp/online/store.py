"""Where shared games live: in the same store as the sessions, an SQLite file
beside them by default and Redis when REDIS_URL is set, with each game's log
of events and the streams open on it.

- Every change is one atomic step: read the game, apply the change, write the
  game and append its event, under one lock (an SQLite write transaction; in
  Redis, WATCH on the game's key and a MULTI that fails if another writer got
  there first, then a retry). Two browsers racing for one seat: exactly one
  gets it, and the other is told the seat is taken.
- Events are numbered 1, 2, 3 ... within a game. A page's stream asks for the
  events after the last number it has (the Last-Event-ID of a reconnecting
  EventSource), so a page that reconnects, after a network drop or a server
  restart, loses nothing. In Redis the log is a stream (XADD, read with XRANGE
  and XREAD), chosen over pub/sub because a stream keeps its messages for the
  subscriber who was away: pub/sub forgets them.
- A stream does not poll the store itself. In each worker process one thread,
  the Hub (webapp.online.hub), watches every game that process has streams open on, in one query
  every POLL_SECONDS (SQLite) or one blocking XREAD across all their logs
  (Redis), and wakes the streams of the games that changed. So a process
  holding 500 streams asks the store some 20 times a second, not 10,000.
- Presence: each open stream is a row (SQLite) or a hash field (Redis) with
  the seat it watches from and when it was last seen; a seat is "here" while
  one of its streams was seen within PRESENCE_SECONDS (streams refresh it as
  they send their keep-alives), so a crashed process's streams fade away.
- Ratings: a change that ends a rated game (its rated_ending()) rates both
  players in the same atomic step (webapp.ratings.store: the ratings' table
  is in the games' SQLite file, written in the same transaction; in Redis
  the players' rating keys are WATCHed with the game and written in the
  same MULTI), and the game keeps both changes (with_rating_changes), which
  marks it rated: exactly once, whatever races, since a game whose changes
  are kept is never rated again. A game one of whose accounts was deleted
  before it ended (the ratings close the name) ends unrated, as it is, and
  expires as any game does; the name is never given to another account.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
import uuid
from collections.abc import Callable
from typing import Any, Generic, NamedTuple, Protocol, Self, TypeVar

from redis import Redis
from redis.exceptions import WatchError
from redis.typing import StreamEntry

from webapp.ratings.standing import RatedGame, RatingChange, Standing
from webapp.ratings.store import GAMES_FILE, Ratings, RedisRatings, SQLiteRatings
from webapp.storage.redis import text
from webapp.storage.sqlite import ThreadConnections

POLL_SECONDS = 0.05
"""How often a wait on the embedded store asks it what changed."""
PRESENCE_SECONDS = 45.0
"""A stream not seen for this long no longer counts: its process is gone."""
LOG_LENGTH = 1000
"""The events a game's log keeps, on either store; older ones are deleted as
new ones come. A game has at most 225 moves and a seat, plus presence and
offers, so in practice none a page could need is dropped (a page shows the
game as it stands, not its log); but a player can offer and withdraw, or a
page close and come back, forever, and each is an event."""

class Event(NamedTuple):
    """One change to a game, as its log keeps it and its stream tells it."""

    kind: str   # "move", "seat", "rematch", "arrive", "leave"
    text: str   # what happened, in words for the live region: "X played h8."


class Stored(Protocol):
    """What the stores need of a game: its id and code, its data, and a copy
    with another code (when a rematch draws one that is in use)."""

    @property
    def id(self) -> str: ...

    @property
    def code(self) -> str: ...

    def to_data(self) -> dict[str, Any]: ...

    def with_new_code(self) -> Self: ...

    @property
    def rematch(self) -> str | None:
        """The id of the game that follows, once a rematch is started (its stream sends the page along)."""
        ...

    def rated_ending(self) -> RatedGame | None:
        """The game as the ratings need it, if it is a rated game over and not yet rated; else None."""
        ...

    def with_rating_changes(self, changes: tuple[RatingChange, RatingChange]) -> Self:
        """A copy that keeps its players' rating changes (X's, O's): rated, once and for all."""
        ...


T = TypeVar("T", bound=Stored)
"""What a store keeps: one kind of game (SharedGame), so that what it gives back is that kind, not any Stored."""
Load = Callable[[dict[str, Any]], T]
"""Turns a stored game's data back into the game (SharedGame.from_data)."""
Change = Callable[[T], tuple[T, Event, list[T]]]
"""A change to a game: the game after it, its event, and any new games it creates (a rematch)."""


class Logged(NamedTuple):
    """An event with its number in the game's log."""

    number: int
    event: Event


class GameStore(Generic[T]):
    """What both stores do; each keeps games, logs and streams its own way."""

    idle_seconds: float
    ratings: Ratings  # the players' ratings, kept beside the games and written in the changes that end rated ones

    def create(self, game: T) -> bool:
        """Keep a new game; False if its code is already in use (draw another)."""
        raise NotImplementedError

    def get(self, game_id: str) -> T | None:
        raise NotImplementedError

    def by_code(self, code: str) -> str | None:
        """The id of the live game with this short code."""
        raise NotImplementedError

    def change(self, game_id: str, change: Change[T]) -> tuple[T, int]:
        """Apply change atomically; the game after it and its event's number.
        Whatever change raises (a Conflict, say) leaves the store as it was.
        KeyError if there is no such game."""
        raise NotImplementedError

    def events_after(self, game_id: str, number: int) -> list[Logged]:
        raise NotImplementedError

    def latest(self, game_ids: list[str]) -> dict[str, int]:
        """The number of each game's last event (0 if none), for the Hub."""
        raise NotImplementedError

    def wait_for_events(self, last: dict[str, int], seconds: float) -> dict[str, int]:
        """Block up to seconds until a game's log grows past last; the new latest numbers."""
        time.sleep(seconds)
        return self.latest(list(last))

    def open_stream(self, game_id: str, seat: str | None) -> str:
        raise NotImplementedError

    def refresh_stream(self, stream: str) -> None:
        raise NotImplementedError

    def close_stream(self, stream: str) -> None:
        raise NotImplementedError

    def seats_here(self, game_id: str) -> set[str]:
        """The seats that have a live stream open."""
        raise NotImplementedError

    def stream_count(self, game_id: str, spectators: bool = False) -> int:
        """The live streams on a game (only the spectators', if asked)."""
        raise NotImplementedError


class SQLiteGames(GameStore[T]):
    """Shared games in an SQLite file (WAL), shared by every worker process of one machine."""

    ratings: SQLiteRatings  # settled in the games' own transactions

    SCHEMA = (
        "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, code TEXT UNIQUE NOT NULL, "
        "data TEXT NOT NULL, expires REAL NOT NULL)",
        "CREATE TABLE IF NOT EXISTS events (game TEXT NOT NULL, number INTEGER NOT NULL, kind TEXT NOT NULL, "
        "text TEXT NOT NULL, PRIMARY KEY (game, number))",
        "CREATE TABLE IF NOT EXISTS streams (id TEXT PRIMARY KEY, game TEXT NOT NULL, seat TEXT, seen REAL NOT NULL)",
        "CREATE INDEX IF NOT EXISTS streams_by_game ON streams (game)",
    )

    def __init__(self, path: str, idle_seconds: float, load: Load[T], log_length: int = LOG_LENGTH):
        self.idle_seconds, self.load, self.log_length = idle_seconds, load, log_length
        self._db = ThreadConnections(path, 10)
        with self._db.transaction() as db:
            for statement in self.SCHEMA:
                db.execute(statement)
        self.ratings = SQLiteRatings(path)  # the same file: its table is written in the games' transactions

    def create(self, game: T) -> bool:
        with self._db.transaction() as db:
            expired = [game_id for (game_id,) in db.execute("SELECT id FROM games WHERE expires < ?", (time.time(),))]
            for game_id in expired:
                db.execute("DELETE FROM events WHERE game = ?", (game_id,))
                db.execute("DELETE FROM games WHERE id = ?", (game_id,))
            return self._insert(db, game, time.time() + self.idle_seconds)

    @staticmethod
    def _insert(db: sqlite3.Connection, game: T, expires: float) -> bool:
        """Insert a new game; False if its code is in use."""
        try:
            db.execute("INSERT INTO games (id, code, data, expires) VALUES (?, ?, ?, ?)",
                       (game.id, game.code, json.dumps(game.to_data()), expires))
        except sqlite3.IntegrityError:
            return False
        return True

    def get(self, game_id: str) -> T | None:
        row = self._db().execute("SELECT data FROM games WHERE id = ? AND expires > ?",
                                 (game_id, time.time())).fetchone()
        return self.load(json.loads(row[0])) if row else None

    def by_code(self, code: str) -> str | None:
        row = self._db().execute("SELECT id FROM games WHERE code = ? AND expires > ?",
                                 (code, time.time())).fetchone()
        return row[0] if row else None

    def change(self, game_id: str, change: Change[T]) -> tuple[T, int]:
        with self._db.transaction() as db:
            row = db.execute("SELECT data FROM games WHERE id = ? AND expires > ?",
                             (game_id, time.time())).fetchone()
            if row is None:
                raise KeyError(game_id)
            after, event, created = change(self.load(json.loads(row[0])))
            if (rated := after.rated_ending()) is not None and (changes := self.ratings.settle_in(db, rated)):
                after = after.with_rating_changes(changes)  # none if a player's account was deleted: unrated
            expires = time.time() + self.idle_seconds
            db.execute("UPDATE games SET data = ?, expires = ? WHERE id = ?",
                       (json.dumps(after.to_data()), expires, after.id))
            for game in created:
                while not self._insert(db, game, expires):
                    game = game.with_new_code()  # its code is in use: draw another
            (number,) = db.execute("SELECT coalesce(max(number), 0) + 1 FROM events WHERE game = ?",
                                   (game_id,)).fetchone()
            db.execute("INSERT INTO events (game, number, kind, text) VALUES (?, ?, ?, ?)",
                       (game_id, number, event.kind, event.text))
            db.execute("DELETE FROM events WHERE game = ? AND number <= ?", (game_id, number - self.log_length))
        return after, number

    def events_after(self, game_id: str, number: int) -> list[Logged]:
        rows = self._db().execute("SELECT number, kind, text FROM events WHERE game = ? AND number > ? "
                                  "ORDER BY number", (game_id, number)).fetchall()
        return [Logged(found, Event(kind, text)) for found, kind, text in rows]

    def latest(self, game_ids: list[str]) -> dict[str, int]:
        found = dict.fromkeys(game_ids, 0)
        for start in range(0, len(game_ids), 500):  # SQLite's limit on parameters
            chunk = game_ids[start:start + 500]
            found.update(self._db().execute(
                f"SELECT game, max(number) FROM events WHERE game IN ({','.join('?' * len(chunk))}) GROUP BY game",
                chunk).fetchall())
        return found

    def wait_for_events(self, last: dict[str, int], seconds: float) -> dict[str, int]:
        time.sleep(min(seconds, POLL_SECONDS))
        return self.latest(list(last))

    def open_stream(self, game_id: str, seat: str | None) -> str:
        stream = uuid.uuid4().hex
        with self._db.transaction() as db:
            db.execute("DELETE FROM streams WHERE seen < ?", (time.time() - PRESENCE_SECONDS,))
            db.execute("INSERT INTO streams (id, game, seat, seen) VALUES (?, ?, ?, ?)",
                       (stream, game_id, seat, time.time()))
        return stream

    def refresh_stream(self, stream: str) -> None:
        self._db().execute("UPDATE streams SET seen = ? WHERE id = ?", (time.time(), stream))

    def close_stream(self, stream: str) -> None:
        self._db().execute("DELETE FROM streams WHERE id = ?", (stream,))

    def seats_here(self, game_id: str) -> set[str]:
        rows = self._db().execute("SELECT DISTINCT seat FROM streams WHERE game = ? AND seat IS NOT NULL "
                                  "AND seen > ?", (game_id, time.time() - PRESENCE_SECONDS)).fetchall()
        return {seat for (seat,) in rows}

    def stream_count(self, game_id: str, spectators: bool = False) -> int:
        only = " AND seat IS NULL" if spectators else ""
        (count,) = self._db().execute(f"SELECT count(*) FROM streams WHERE game = ? AND seen > ?{only}",
                                      (game_id, time.time() - PRESENCE_SECONDS)).fetchone()
        return count


class RedisGames(GameStore[T]):
    """Shared games in Redis, so that players served by different processes or
    machines see each other's moves. Keys: `online:game:<id>` (the game, with
    an expiry), `online:code:<code>` (its id), `online:log:<id>` (a stream of
    its events, entry ids 0-1, 0-2 ..., the last LOG_LENGTH kept),
    `online:streams:<id>` (a hash of its open streams: seat and when last
    seen). Each expires idle_seconds after the game's last change (the
    streams' hash, after its last stream was seen)."""

    ratings: RedisRatings  # watched and written in the games' own MULTI

    def __init__(self, client: Redis, idle_seconds: float, load: Load[T], log_length: int = LOG_LENGTH):
        self.client, self.idle_seconds, self.load, self.log_length = client, idle_seconds, load, log_length
        self.ratings = RedisRatings(client)

    def create(self, game: T) -> bool:
        ttl = int(self.idle_seconds)
        if not self.client.set(f"online:code:{game.code}", game.id, nx=True, ex=ttl):
            return False
        self.client.set(f"online:game:{game.id}", json.dumps(game.to_data()), ex=ttl)
        return True

    def get(self, game_id: str) -> T | None:
        raw = self.client.get(f"online:game:{game_id}")
        return self.load(json.loads(raw)) if raw else None

    def by_code(self, code: str) -> str | None:
        found = self.client.get(f"online:code:{code}")
        return text(found) if found else None

    def change(self, game_id: str, change: Change[T]) -> tuple[T, int]:
        key, log, ttl = f"online:game:{game_id}", f"online:log:{game_id}", int(self.idle_seconds)
        with self.client.pipeline() as pipe:
            while True:
                try:
                    pipe.watch(key, log)
                    raw = pipe.get(key)
                    if raw is None:
                        raise KeyError(game_id)
                    after, event, created = change(self.load(json.loads(raw)))
                    standings: list[Standing] = []
                    if (rated := after.rated_ending()) is not None:
                        pipe.watch(key, log, *self.ratings.watched_keys(rated))  # WATCH adds to those watched
                        if (settled := self.ratings.read_watched(pipe, rated)) is not None:  # None: unrated
                            *standings, changes = settled
                            after = after.with_rating_changes(changes)
                    created = [self._with_free_code(game) for game in created]
                    last = pipe.xrevrange(log, count=1)
                    number = (int(text(last[0][0]).split("-")[1]) if last else 0) + 1
                    pipe.multi()
                    for game in (after, *created):
                        pipe.set(f"online:game:{game.id}", json.dumps(game.to_data()), ex=ttl)
                        pipe.expire(f"online:code:{game.code}", ttl)
                    pipe.xadd(log, {"kind": event.kind, "text": event.text}, id=f"0-{number}",
                              maxlen=self.log_length, approximate=False)
                    pipe.expire(log, ttl)
                    self.ratings.write_queued(pipe, standings)
                    pipe.execute()
                    return after, number
                except WatchError:
                    continue  # another change came first: read the game again

    def _with_free_code(self, game: T) -> T:
        """game, its code reserved for it (another drawn if that one is in use)."""
        while not self.client.set(f"online:code:{game.code}", game.id, nx=True, ex=int(self.idle_seconds)):
            if self.by_code(game.code) == game.id:
                return game
            game = game.with_new_code()
        return game

    def events_after(self, game_id: str, number: int) -> list[Logged]:
        entries = self.client.xrange(f"online:log:{game_id}", min=f"(0-{number}")
        return [_logged(entry) for entry in entries or []]

    def latest(self, game_ids: list[str]) -> dict[str, int]:
        with self.client.pipeline(transaction=False) as pipe:
            for game_id in game_ids:
                pipe.xrevrange(f"online:log:{game_id}", count=1)
            found = pipe.execute()
        return {game_id: _logged(last[0]).number if last else 0 for game_id, last in zip(game_ids, found)}

    def wait_for_events(self, last: dict[str, int], seconds: float) -> dict[str, int]:
        """One XREAD that blocks until any of the games' logs grows."""
        if not last:
            time.sleep(seconds)
            return {}
        answer = self.client.xread({f"online:log:{game_id}": f"0-{number}" for game_id, number in last.items()},
                                      block=max(1, int(seconds * 1000)))
        found = dict(last)
        for key, entries in answer if isinstance(answer, list) else []:  # RESP2's [key, entries]: this client's
            found[text(key).removeprefix("online:log:")] = _logged(entries[-1]).number
        return found

    def open_stream(self, game_id: str, seat: str | None) -> str:
        stream = uuid.uuid4().hex
        key = f"online:streams:{game_id}"
        self.client.hset(key, stream, f"{seat or ''} {time.time()}")
        self.client.expire(key, int(self.idle_seconds))
        return f"{game_id} {stream} {seat or ''}"

    def refresh_stream(self, stream: str) -> None:
        """Mark the stream seen now, and the hash's expiry with it: a hash
        that expired meanwhile is made again, and must not stay forever."""
        game_id, stream_id, seat = stream.split(" ")
        key = f"online:streams:{game_id}"
        with self.client.pipeline() as pipe:
            pipe.hset(key, stream_id, f"{seat} {time.time()}")
            pipe.expire(key, int(self.idle_seconds))
            pipe.execute()

    def close_stream(self, stream: str) -> None:
        game_id, stream_id, _ = stream.split(" ")
        self.client.hdel(f"online:streams:{game_id}", stream_id)

    def _live(self, game_id: str) -> list[str]:
        """The seats ('' for a spectator) of the streams seen lately; forgets the others."""
        key, now = f"online:streams:{game_id}", time.time()
        live, stale = [], []
        for stream, value in self.client.hgetall(key).items():
            seat, seen = text(value).split(" ")
            if now - float(seen) < PRESENCE_SECONDS:
                live.append(seat)
            else:
                stale.append(stream)
        if stale:
            self.client.hdel(key, *stale)
        return live

    def seats_here(self, game_id: str) -> set[str]:
        return {seat for seat in self._live(game_id) if seat}

    def stream_count(self, game_id: str, spectators: bool = False) -> int:
        return sum(1 for seat in self._live(game_id) if not (spectators and seat))


class Unchanged(Exception):
    """Raised inside a change to leave the game as it is."""


def change_if(store: GameStore[T], game_id: str, change: Callable[[T], tuple[T, Event] | None]) -> None:
    """Apply change(game), a (game, event) pair or None for no change: a
    player's presence, which only the first stream to open or the last to
    close changes; a clock's flag, which falls only if that clock still runs."""
    def apply(game: T) -> tuple[T, Event, list[T]]:
        result = change(game)
        if result is None:
            raise Unchanged
        return (*result, [])
    try:
        store.change(game_id, apply)
    except (Unchanged, KeyError):  # nothing to say, or the game expired meanwhile
        pass


def _logged(entry: StreamEntry) -> Logged:
    """An entry of a game's log stream (its id, "0-7", and its fields) as the event it numbers."""
    entry_id, fields = entry
    if fields is None:
        raise ValueError(f"the log entry {text(entry_id)} has no fields")
    return Logged(int(text(entry_id).split("-")[1]), Event(text(fields[b"kind"]), text(fields[b"text"])))



def games_store(client: Redis | None, instance_path: str, idle_seconds: float, load: Load[T]) -> GameStore[T]:
    """The store the configuration names: Redis through client, else a file
    in the instance folder. load turns a stored game's data back into a game."""
    if client is not None:
        return RedisGames(client, idle_seconds, load)
    return SQLiteGames(os.path.join(instance_path, GAMES_FILE), idle_seconds, load)

