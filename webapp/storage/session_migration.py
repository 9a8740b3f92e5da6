"""The one-time rewrite of stored sessions of older shapes into today's, on either store.

Two shapes came before today's, and the code that reads sessions no longer
knows them:
- a session from before it had parts (4283c95) kept play's values and the
  puzzles' at its top ("game", "score", …; "puzzle_streak", "puzzles_solved"):
  they move into the part of the feature that owns them (session_parts);
- a game stored before there were other boards (0478ef8) named none: it is
  on 3×3, and says so.

It runs when the session store is installed (init_session_store), before the
app serves a request, so that a site upgraded in place needs no step of its
operator's; and it runs once a store: a mark in the store (SQLite's
user_version, a Redis key) says it is done, and every later start only reads
that mark. Each session is rewritten only if it still holds what was read
(compare and set), so a request of another process, already started, that
wrote it meanwhile (in today's shape) wins, and an expiry stays as it was.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from redis import Redis

OLD_PARTS = {"play": ("game", "score", "scored", "coach", "taught", "history", "hint", "numbers"),
             "puzzles": ("puzzle_streak", "puzzles_solved")}
"""Each part's keys as a session kept them at its top before it had parts."""
DROPPED = frozenset({"scored"})
"""Old keys read no more even then (it marked a result as counted): left out of the part."""
OLD_BOARD = "3x3"
"""The board of a game stored before there were other boards."""
SHAPE = 1
"""Today's shape of a session: the store's mark once every session in it has it."""
REDIS_MARK = "sessions:shape"
REDIS_COMPARE_AND_SET = """
    if redis.call('GET', KEYS[1]) == ARGV[1] then
        return redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL') and 1
    end
    return 0"""


def upgraded(session: Mapping[str, Any]) -> dict[str, Any] | None:
    """The session in today's shape, or None if it has it already: no change to write."""
    found = dict(session)
    for name, keys in OLD_PARTS.items():
        old = {key: found.pop(key) for key in keys if key in found}
        if not isinstance(found.get(name), Mapping) and old:
            found[name] = {key: value for key, value in old.items() if key not in DROPPED}
    play = found.get("play")
    if isinstance(play, Mapping):
        found["play"] = {**play, **_games_on_their_board(play)}
    return None if found == session else found


def _games_on_their_board(play: Mapping[str, Any]) -> dict[str, Any]:
    """Play's game and its finished games, each naming its board (one that names none is on 3×3)."""
    found: dict[str, Any] = {}
    if isinstance(play.get("game"), Mapping):
        found["game"] = _on_a_board(play["game"])
    if isinstance(play.get("history"), list):
        found["history"] = [_on_a_board(entry) if isinstance(entry, Mapping) else entry for entry in play["history"]]
    return found


def _on_a_board(game: Mapping[str, Any]) -> dict[str, Any]:
    """A stored game that names its board: the one it named, or 3×3."""
    return {"board": OLD_BOARD, **game}


def migrate_disk(db: sqlite3.Connection, decode: Callable[[bytes], Any], encode: Callable[[Any], bytes]) -> int:
    """Rewrite the sessions table's old shapes, once (PRAGMA user_version marks it done); how many were rewritten."""
    (version,) = db.execute("PRAGMA user_version").fetchone()
    if version >= SHAPE:
        return 0
    rewritten = 0
    for store_id, data, new in _changes(db.execute("SELECT id, data FROM sessions").fetchall(), decode):
        rewritten += db.execute("UPDATE sessions SET data = ? WHERE id = ? AND data = ?",
                                (encode(new), store_id, data)).rowcount
    db.execute(f"PRAGMA user_version = {SHAPE}")
    return rewritten


def migrate_redis(client: Redis, prefix: str, decode: Callable[[bytes], Any], encode: Callable[[Any], bytes]) -> int:
    """Rewrite the sessions under prefix of old shapes, once (REDIS_MARK marks it done); how many were rewritten."""
    if int(client.get(REDIS_MARK) or 0) >= SHAPE:
        return 0
    compare_and_set = client.register_script(REDIS_COMPARE_AND_SET)
    rewritten = 0
    for key, data, new in _changes(_redis_sessions(client, prefix), decode):
        rewritten += int(compare_and_set(keys=[key], args=[data, encode(new)]))
    client.set(REDIS_MARK, SHAPE)
    return rewritten


def _redis_sessions(client: Redis, prefix: str) -> Iterator[tuple[bytes, bytes]]:
    """Each session's key and data (a lock's key begins "lock:", not prefix)."""
    for key in client.scan_iter(match=f"{prefix}*", count=500):
        data = client.get(key)
        if isinstance(data, bytes):
            yield key, data


def _changes(rows: Any, decode: Callable[[bytes], Any]) -> Iterator[tuple[Any, bytes, dict[str, Any]]]:
    """Each stored session (its key and data) that has an old shape, and its new one; unreadable data is left alone."""
    for key, data in rows:
        try:
            session = decode(data)
        except Exception:  # the store's reader starts such a session afresh (sessions.readable)
            continue
        new = upgraded(session) if isinstance(session, dict) else None
        if new is not None:
            yield key, data, new
