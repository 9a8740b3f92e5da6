"""A signed-in account's parts: what session_parts is for one browser, kept
for an account so that every browser signed in to it sees the same.

A feature keeps its values for an account under its own name (play's score
and My games under "play"; the MENACE that play teaches and /learn shows
under "my_menace", webapp.shared.my_menace's), as a small JSON dict keyed by
the account's id. Ids are never given again (webapp.accounts.store), so what
was kept for a deleted account never passes to a later one of its name.

- update() is one atomic read-change-write (SQLite: a write transaction;
  Redis: WATCH and MULTI, tried again when another process changed the part
  meanwhile): two browsers of one account finishing a game at the same time
  both count, and a carry made once stays made once (webapp.play.kept).
- Bounded: a part is at most MAX_PART_BYTES (a change that would make it
  larger raises PartTooLarge and keeps nothing); the store holds the parts
  of at most MOST_ACCOUNTS accounts (ACCOUNT_PARTS_LIMIT), and making one more account's first
  part drops the account used longest ago (its score and games; its rated
  games are the ratings' own). Each part is what an account's browser keeps
  in its session, which is bounded the same way.
- forget() drops every part of an account: the accounts feature calls it as
  it deletes one.

SQLite in the instance folder by default (instance/account_parts.sqlite3,
the app's user's alone), Redis when REDIS_URL is set: as every store here.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from functools import lru_cache
from typing import Any, cast

from redis import Redis, WatchError

from webapp.storage.sqlite import ThreadConnections
from webapp.storage.where import Where

FILE = "account_parts.sqlite3"
"""The store's file in the instance folder, when it is not in Redis."""
MAX_PART_BYTES = 256 * 1024
"""The largest part kept: My games' 20 games of up to 225 moves and a MENACE's boxes are well under it."""
MOST_ACCOUNTS = 10_000
"""How many accounts' parts the store keeps at most (the app's ACCOUNT_PARTS_LIMIT); past it, the account
used longest ago is dropped. As many as the sessions' store keeps (SESSION_STORE_LIMIT): at most
MAX_PART_BYTES a part, and play's largest is 17 KB (docs/measurements.md, tools.bench_account_parts)."""
WAIT_SECONDS = 10
"""How long a write waits for another process's (SQLite's busy wait)."""

Change = Callable[[dict[str, Any]], dict[str, Any]]
"""What update() does to a part: the part as kept ({} for none) to the part to keep."""


class PartTooLarge(ValueError):
    """A change would make a part larger than MAX_PART_BYTES."""


def _encoded(value: dict[str, Any]) -> str:
    text = json.dumps(value, separators=(",", ":"))
    if len(text) > MAX_PART_BYTES:
        raise PartTooLarge(f"an account's part of {len(text)} bytes, past {MAX_PART_BYTES}")
    return text


def _decoded(text: str | bytes | None) -> dict[str, Any]:
    """The part kept, or {} for none (or one that does not read as a dict)."""
    if text is None:
        return {}
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


class AccountParts:
    """What both stores do; each keeps the parts its own way."""

    def __init__(self, most_accounts: int = MOST_ACCOUNTS):
        self.most_accounts = most_accounts

    def read(self, account_id: int, name: str) -> dict[str, Any]:
        """The part name of the account, a copy; {} if it has none."""
        raise NotImplementedError

    def update(self, account_id: int, name: str, change: Change) -> dict[str, Any]:
        """Change the account's part name in one atomic step: the part now kept."""
        raise NotImplementedError

    def forget(self, account_id: int) -> None:
        """Drop every part of the account (it is being deleted)."""
        raise NotImplementedError

    def accounts(self) -> int:
        """How many accounts have parts kept (for the bound's tests and measurements)."""
        raise NotImplementedError


class SQLiteAccountParts(AccountParts):
    """The parts in an SQLite file (WAL), shared by every process of one machine:
    a row a part, and a row an account saying when it was last used."""

    SCHEMA = ("CREATE TABLE IF NOT EXISTS parts (account INTEGER NOT NULL, name TEXT NOT NULL, "
              "value TEXT NOT NULL, PRIMARY KEY (account, name))",
              "CREATE TABLE IF NOT EXISTS used (account INTEGER PRIMARY KEY, at REAL NOT NULL)",
              "CREATE INDEX IF NOT EXISTS used_at ON used (at)")

    def __init__(self, path: str, most_accounts: int = MOST_ACCOUNTS):
        super().__init__(most_accounts)
        self._db = ThreadConnections(path, WAIT_SECONDS)
        for statement in self.SCHEMA:
            self._db().execute(statement)

    def read(self, account_id: int, name: str) -> dict[str, Any]:
        row = self._db().execute("SELECT value FROM parts WHERE account = ? AND name = ?",
                                 (account_id, name)).fetchone()
        return _decoded(row[0] if row else None)

    def update(self, account_id: int, name: str, change: Change) -> dict[str, Any]:
        with self._db.transaction() as db:
            row = db.execute("SELECT value FROM parts WHERE account = ? AND name = ?", (account_id, name)).fetchone()
            value = change(_decoded(row[0] if row else None))
            db.execute("INSERT INTO parts (account, name, value) VALUES (?, ?, ?) "
                       "ON CONFLICT (account, name) DO UPDATE SET value = excluded.value",
                       (account_id, name, _encoded(value)))
            new = db.execute("INSERT OR IGNORE INTO used (account, at) VALUES (?, ?)",
                             (account_id, time.time())).rowcount == 1
            if new:
                self._drop_beyond_bound(db)
            else:
                db.execute("UPDATE used SET at = ? WHERE account = ?", (time.time(), account_id))
        return value

    def _drop_beyond_bound(self, db: Any) -> None:
        """Drop the accounts used longest ago, past most_accounts."""
        (count,) = db.execute("SELECT COUNT(*) FROM used").fetchone()
        for (old,) in db.execute("SELECT account FROM used ORDER BY at LIMIT ?",
                                 (max(0, count - self.most_accounts),)).fetchall():
            db.execute("DELETE FROM parts WHERE account = ?", (old,))
            db.execute("DELETE FROM used WHERE account = ?", (old,))

    def forget(self, account_id: int) -> None:
        with self._db.transaction() as db:
            db.execute("DELETE FROM parts WHERE account = ?", (account_id,))
            db.execute("DELETE FROM used WHERE account = ?", (account_id,))

    def accounts(self) -> int:
        (count,) = self._db().execute("SELECT COUNT(*) FROM used").fetchone()
        return int(count)


class RedisAccountParts(AccountParts):
    """The parts in Redis, shared by every process and machine that uses it.
    Keys: `account-parts:<id>` (a hash: each part's JSON by its name) and
    `account-parts:used` (a sorted set: each account's id by when it was last used)."""

    USED = "account-parts:used"
    TRIES = 50
    """How many times update() tries when other processes keep changing the part under it, each after a
    wait of up to RETRY_SECONDS (at random, so that racers fall out of step): a part changes a few times a
    minute (a game ends, a MENACE learns), so two changes at once are rare and a third in a row rarer."""
    RETRY_SECONDS = 0.005

    def __init__(self, client: Redis, most_accounts: int = MOST_ACCOUNTS):
        super().__init__(most_accounts)
        self.client = client

    @staticmethod
    def _key(account_id: int) -> str:
        return f"account-parts:{account_id}"

    def read(self, account_id: int, name: str) -> dict[str, Any]:
        return _decoded(self.client.hget(self._key(account_id), name))

    def update(self, account_id: int, name: str, change: Change) -> dict[str, Any]:
        key = self._key(account_id)
        for _ in range(self.TRIES):
            with self.client.pipeline() as pipe:
                try:
                    pipe.watch(key)
                    value = change(_decoded(pipe.hget(key, name)))
                    text = _encoded(value)
                    new = pipe.zscore(self.USED, str(account_id)) is None
                    pipe.multi()
                    pipe.hset(key, name, text)
                    pipe.zadd(self.USED, {str(account_id): time.time()})
                    pipe.execute()
                except WatchError:
                    time.sleep(random.uniform(0, self.RETRY_SECONDS))
                    continue
            if new:
                self._drop_beyond_bound()
            return value
        raise RuntimeError(f"account {account_id}'s part {name} kept changing under {self.TRIES} tries")

    def _drop_beyond_bound(self) -> None:
        """Drop the accounts used longest ago, past most_accounts."""
        over = self.client.zcard(self.USED) - self.most_accounts
        if over <= 0:
            return
        oldest = cast(list[bytes], self.client.zrange(self.USED, 0, over - 1))
        for old in oldest:
            self.forget(int(old))

    def forget(self, account_id: int) -> None:
        with self.client.pipeline() as pipe:
            pipe.delete(self._key(account_id))
            pipe.zrem(self.USED, str(account_id))
            pipe.execute()

    def accounts(self) -> int:
        return int(self.client.zcard(self.USED))


def account_parts_store(where: Where, most_accounts: int = MOST_ACCOUNTS) -> AccountParts:
    """The store where says: Redis, or the instance folder's file."""
    client = where.redis()
    if client is not None:
        return RedisAccountParts(client, most_accounts)
    return SQLiteAccountParts(where.file(FILE), most_accounts)


@lru_cache(maxsize=4)
def account_parts_at(where: Where) -> AccountParts:
    """The store where says, opened once a process."""
    return account_parts_store(where)
