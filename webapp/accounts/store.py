"""Where the accounts are kept: the accounts feature's own store, an SQLite
file in the instance folder (instance/accounts.sqlite3, the app's user's
alone: webapp.storage.private) by default, and Redis when REDIS_URL is set,
so that every web process and machine knows the same accounts.

- An account is a number (its id, never reused while the store lasts, so
  that what belongs to a deleted account never passes to a later one of the
  same name), a name, when it was made, and its password's hash.
- Names are unique whatever their case (rules.name_key): making one is one
  atomic step (an INSERT the unique key refuses; in Redis, one script), so
  two people racing for a name cannot both have it.
- A deleted account's name stays closed (lichess's way): the store keeps
  its key alone (no password, no date), so that no one signs up with it
  again and nobody is taken for the player who held it; its games stay,
  with the deleted player's mark in its place (webapp.ratings.store).
- Bounded: at most `most` names in all, accounts and closed names together
  (the app's ACCOUNTS_MOST), counted in the same atomic step that makes an
  account; past it, StoreFull.
- A password is kept only as its argon2id hash (argon2-cffi's
  PasswordHasher, its parameters in the hash): verify() checks one, and
  when the hasher's parameters have grown since the hash was made
  (check_needs_rehash), keeps a new hash, made from the password just
  given. An unknown name is checked against a hash all the same, so that
  how long the answer takes does not say whether the name exists.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property, lru_cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from redis import Redis

from webapp.accounts.rules import name_key
from webapp.storage.redis import text
from webapp.storage.sqlite import ThreadConnections
from webapp.storage.where import Where

FILE = "accounts.sqlite3"
"""The store's file in the instance folder, when it is not in Redis."""
WAIT_SECONDS = 10
"""How long a write waits for another process's to finish (SQLite's busy wait)."""
ACCOUNTS_MOST = 10_000
"""The most names the store keeps by default, accounts and closed names together (the app's ACCOUNTS_MOST):
what the ratings' anonymise() reads on a deletion is bounded by it too."""


class NameTaken(ValueError):
    """An account has that name already, in some case."""


class NameClosed(NameTaken):
    """That name, in some case, belonged to an account that was deleted: it is never given again."""


class StoreFull(Exception):
    """The store holds the most names it may (accounts and closed names): no account is made."""


class Inserted(StrEnum):
    """Why a new account was not kept (the stores' answer; an id when it was)."""

    TAKEN = "taken"
    CLOSED = "closed"
    FULL = "full"


@dataclass(frozen=True)
class Account:
    """An account as the pages see it: never its password's hash."""

    id: int
    name: str
    since: float  # when it was made, seconds since the epoch


class Accounts:
    """What both stores do; each keeps the accounts its own way (the _-methods)."""

    def __init__(self, hasher: PasswordHasher | None = None):
        self.hasher = hasher or PasswordHasher()  # argon2id, RFC 9106's parameters

    def create(self, name: str, password: str, most: int = ACCOUNTS_MOST, now: float | None = None) -> Account:
        """Make the account name with password (the caller checked both's shape), unless most names are kept
        already (StoreFull); NameTaken if the name is, NameClosed if it was a deleted account's."""
        since = time.time() if now is None else now
        found = self._insert(name, self.hasher.hash(password), since, most)
        if found is Inserted.TAKEN:
            raise NameTaken(name)
        if found is Inserted.CLOSED:
            raise NameClosed(name)
        if found is Inserted.FULL:
            raise StoreFull(name)
        return Account(found, name, since)

    def is_closed(self, name: str) -> bool:
        """Whether name, in some case, belonged to an account that was deleted."""
        raise NotImplementedError

    def find(self, name: str) -> Account | None:
        """The account of this name, in any case."""
        found = self._row(name_key(name))
        return found[0] if found else None

    def verify(self, name: str, password: str) -> Account | None:
        """The account, if name has one and password is its password; else None, after as long a check."""
        found = self._row(name_key(name))
        try:
            self.hasher.verify(found[1] if found else self._unknown, password)
        except (VerificationError, InvalidHashError):
            return None
        if found is None:
            return None
        account, hashed = found
        if self.hasher.check_needs_rehash(hashed):
            self._rehash(account.id, hashed, self.hasher.hash(password))
        return account

    @cached_property
    def _unknown(self) -> str:
        """What an unknown name's password is checked against: a hash as costly as a real one's.
        Made at the first sign-in, not at the start (each hash takes a good part of a second)."""
        return self.hasher.hash("a password no account has")

    def delete(self, account: Account) -> bool:
        """Delete this account (this one: not a later one of its name) and close its name; whether it was there."""
        raise NotImplementedError

    def _insert(self, name: str, hashed: str, since: float, most: int) -> int | Inserted:
        """Keep a new account, unless its name is taken or closed, or the store is full: its id, or why not."""
        raise NotImplementedError

    def _row(self, key: str) -> tuple[Account, str] | None:
        """The account keyed key, and its password's hash."""
        raise NotImplementedError

    def _rehash(self, account_id: int, old: str, new: str) -> None:
        """Keep the new hash in place of old, if old is still the one kept."""
        raise NotImplementedError


class SQLiteAccounts(Accounts):
    """The accounts in an SQLite file (WAL), shared by every process of one machine, and the closed names (a
    table of their keys). AUTOINCREMENT: an id is never given again, even after the newest account is deleted."""

    SCHEMA = ("CREATE TABLE IF NOT EXISTS accounts (id INTEGER PRIMARY KEY AUTOINCREMENT, "
              "key TEXT NOT NULL UNIQUE, name TEXT NOT NULL, hash TEXT NOT NULL, since REAL NOT NULL)",
              "CREATE TABLE IF NOT EXISTS closed_names (key TEXT PRIMARY KEY)")

    def __init__(self, path: str, hasher: PasswordHasher | None = None):
        super().__init__(hasher)
        self._db = ThreadConnections(path, WAIT_SECONDS)  # the file made 0600 before it is opened
        with self._db.transaction() as db:
            for statement in self.SCHEMA:
                db.execute(statement)

    def _insert(self, name: str, hashed: str, since: float, most: int) -> int | Inserted:
        key = name_key(name)
        with self._db.transaction() as db:  # BEGIN IMMEDIATE: the count and the insert, one step
            if db.execute("SELECT 1 FROM closed_names WHERE key = ?", (key,)).fetchone():
                return Inserted.CLOSED
            if db.execute("SELECT 1 FROM accounts WHERE key = ?", (key,)).fetchone():
                return Inserted.TAKEN
            (kept,) = db.execute("SELECT (SELECT count(*) FROM accounts) + (SELECT count(*) FROM closed_names)"
                                 ).fetchone()
            if kept >= most:
                return Inserted.FULL
            added = db.execute("INSERT INTO accounts (key, name, hash, since) VALUES (?, ?, ?, ?)",
                               (key, name, hashed, since))
            return int(added.lastrowid or 0)

    def is_closed(self, name: str) -> bool:
        return self._db().execute("SELECT 1 FROM closed_names WHERE key = ?", (name_key(name),)).fetchone() is not None

    def _row(self, key: str) -> tuple[Account, str] | None:
        row = self._db().execute("SELECT id, name, since, hash FROM accounts WHERE key = ?", (key,)).fetchone()
        return (Account(row[0], row[1], row[2]), row[3]) if row else None

    def _rehash(self, account_id: int, old: str, new: str) -> None:
        self._db().execute("UPDATE accounts SET hash = ? WHERE id = ? AND hash = ?", (new, account_id, old))

    def delete(self, account: Account) -> bool:
        with self._db.transaction() as db:
            if db.execute("DELETE FROM accounts WHERE id = ?", (account.id,)).rowcount != 1:
                return False
            db.execute("INSERT OR IGNORE INTO closed_names (key) VALUES (?)", (name_key(account.name),))
            return True


class RedisAccounts(Accounts):
    """The accounts in Redis, shared by every process and machine that uses
    it. Keys: `account:<id>` (a hash: name, hash, since), `accounts:by-name`
    (a hash: each account's id by its name's key, or CLOSED for a deleted
    account's name: its length is the names kept, which `most` bounds) and
    `accounts:last-id`."""

    INDEX, LAST_ID, CLOSED = "accounts:by-name", "accounts:last-id", "closed"
    INSERT = """
        local found = redis.call('HGET', KEYS[1], ARGV[1])
        if found == 'closed' then return 'closed' end
        if found then return 'taken' end
        if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[5]) then return 'full' end
        local id = redis.call('INCR', KEYS[2])
        redis.call('HSET', 'account:' .. id, 'name', ARGV[2], 'hash', ARGV[3], 'since', ARGV[4])
        redis.call('HSET', KEYS[1], ARGV[1], id)
        return id"""
    REHASH = """
        if redis.call('HGET', KEYS[1], 'hash') == ARGV[1] then redis.call('HSET', KEYS[1], 'hash', ARGV[2]) end
        return 1"""
    DELETE = """
        if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
        redis.call('HSET', KEYS[1], ARGV[1], 'closed')
        return redis.call('DEL', KEYS[2])"""

    def __init__(self, client: Redis, hasher: PasswordHasher | None = None):
        super().__init__(hasher)
        self.client = client
        self._insert_script = client.register_script(self.INSERT)
        self._rehash_script = client.register_script(self.REHASH)
        self._delete_script = client.register_script(self.DELETE)

    def _insert(self, name: str, hashed: str, since: float, most: int) -> int | Inserted:
        found = self._insert_script(keys=[self.INDEX, self.LAST_ID],
                                    args=[name_key(name), name, hashed, repr(since), most])
        return Inserted(text(found)) if isinstance(found, (bytes, str)) else int(found)

    def is_closed(self, name: str) -> bool:
        return self.client.hget(self.INDEX, name_key(name)) == self.CLOSED.encode()

    def _row(self, key: str) -> tuple[Account, str] | None:
        account_id = self.client.hget(self.INDEX, key)
        if account_id is None or account_id == self.CLOSED.encode():
            return None
        kept = self.client.hgetall(f"account:{int(account_id)}")
        fields = {text(field): text(value) for field, value in kept.items()}
        if not fields:  # deleted between the two reads
            return None
        return Account(int(account_id), fields["name"], float(fields["since"])), fields["hash"]

    def _rehash(self, account_id: int, old: str, new: str) -> None:
        self._rehash_script(keys=[f"account:{account_id}"], args=[old, new])

    def delete(self, account: Account) -> bool:
        return bool(self._delete_script(keys=[self.INDEX, f"account:{account.id}"],
                                        args=[name_key(account.name), str(account.id)]))



def accounts_store(where: Where, hasher: PasswordHasher | None = None) -> Accounts:
    """The store where says: Redis, or the instance folder's file."""
    client = where.redis()
    return RedisAccounts(client, hasher) if client is not None else SQLiteAccounts(where.file(FILE), hasher)


@lru_cache(maxsize=4)
def accounts_at(where: Where) -> Accounts:
    """The store where says, opened once a process, with the default hasher."""
    return accounts_store(where)
