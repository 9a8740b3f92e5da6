"""The session store: Flask-Session's backends, made safe for racing requests.

Flask-Session reads a browser's session when a request starts and writes it
back when the response is ready. Nothing stops two requests of one browser (a
double click, two tabs, a retry) from both reading the same game, and the later
write then silently undoes the earlier one. So here every request that may
change a session (any method but GET, HEAD and OPTIONS) holds that session's
lock from before the session is read until after it is written:

- Requests of one session run one after another, each reading what the one
  before it wrote. A move carries the ply of the board it was made on; of
  several racing requests for the same board, the first is applied and every
  other then finds the stored ply moved on and is refused (409) with the board
  as stored. No move is lost or applied twice, and the stored game is always
  one the rules allow, since only the game module writes it.
- Reads need no lock: a GET writes nothing (SESSION_REFRESH_EACH_REQUEST is
  off, and no page mints a token: cross-site requests are refused by their
  Fetch Metadata instead), so a GET never writes the store.
- Locks are per session: other browsers never wait. The disk store's locks are
  flock()s on a fixed set of striped files (SQLite's own locks last one
  statement, not a request), so two sessions may now and then share one
  briefly. A flock is held until its request ends, and the kernel drops it
  with its process. A Redis lock expires after LOCK_TIMEOUT seconds, far
  beyond any request's duration, and the session is written only while the
  lock is still the writer's.
- A request waits at most LOCK_WAIT seconds for its lock, then is answered
  503: a request that holds one long (its body arriving slowly: the proxy's
  limits, docs/deploying.md) delays its session's other requests, never hangs them.
- Only a cookie that names a stored session takes a lock: any other gets a
  fresh session nobody else can be changing, so a made-up cookie cannot hold
  a real session's lock (a shared stripe, on disk).

A flood of new sessions cannot wipe the others (docs/deploying.md, "Security"):
one client (its address) may create NEW_SESSIONS_PER_HOUR sessions an hour, and
past it the request is answered 429 and its session not kept; and when the disk
store is full, the fresh sessions (written once, never since) go before any a
browser came back to, so a flood pushes out its own.

Data that cannot be read (truncated, corrupted, of another shape) counts as no
session: the browser starts afresh instead of seeing an error. A store that does
not answer makes the request fail with StoreUnavailable, which the views answer
with 503; Redis reconnects by itself once it is back.
"""

from __future__ import annotations

import fcntl
import hashlib
import logging
import os
import sqlite3
import threading
import time
import zlib
from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from flask import Flask, Request, Response, current_app, request
from flask.sessions import SessionMixin
from flask_session.base import ServerSideSession, ServerSideSessionInterface
from flask_session.redis import RedisSessionInterface
from redis.exceptions import RedisError
from werkzeug.exceptions import TooManyRequests

from webapp.storage.clients import client_key
from webapp.storage.errors import STORE_ERRORS, StoreUnavailable
from webapp.storage.private import private_folder
from webapp.storage.redis import TIMEOUT_SECONDS, redis_client
from webapp.storage.session_migration import migrate_disk, migrate_redis
from webapp.storage.sqlite import ThreadConnections

LOCK_TIMEOUT = 60.0
"""Seconds a Redis lock outlives a holder that never releases it: longer than
any request holds it (a move that waits for the engine workers waits at most
webapp.workers.pool.WAIT_SECONDS), so that it never expires under a request
still running, whose write would then be refused."""
LOCK_WAIT = 5.0      # seconds a request waits for its session's lock
RELEASE_RETRY_SECONDS = 0.5
"""How often a lock whose release failed (the store went away mid-request) is released again, until it expires."""
LOCK_STRIPES = 1024  # lock files in the disk store
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_RELEASE = "webapp.store.release"
_FAILURE = "webapp.store.failure"
_HELD = "webapp.store.held"
log = logging.getLogger(__name__)


class _FlaskSessionInterface:
    """The part of Flask-Session's ServerSideSessionInterface (which ships no
    types) that _SafeSessions uses, typed: its base for the type checker alone."""

    def get_cookie_name(self, app: Flask) -> str:
        raise NotImplementedError

    def make_null_session(self, app: Flask) -> SessionMixin:
        raise NotImplementedError

    def open_session(self, app: Flask, request: Request) -> SessionMixin:
        raise NotImplementedError

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        raise NotImplementedError

    def _retrieve_session_data(self, store_id: str) -> dict[str, Any] | None:
        raise NotImplementedError


if TYPE_CHECKING:
    _Interface = _FlaskSessionInterface
else:  # at run time the mixin's base is a plain class, so that super() reaches the interface beside it
    _Interface = object


class _SafeSessions(_Interface):
    """What both stores add to their Flask-Session interface: the lock around a
    changing request, tolerance of unreadable data, and a health check."""

    def acquire(self, sid: str) -> Callable[[], None]:
        """Lock the session sid; returns the function that releases it."""
        raise NotImplementedError

    def is_stored(self, sid: str) -> bool:
        """Whether sid names a stored, unexpired session. A cookie that names
        none gets a fresh session, which no other request can be changing, so
        it takes no lock: a made-up cookie must not hold a real session's lock
        (a stripe it shares, on disk) while its body arrives slowly."""
        raise NotImplementedError

    def is_available(self) -> bool:
        raise NotImplementedError

    def open_session(self, app: Flask, request: Request) -> SessionMixin:
        """The session, read while holding its lock if the request may change it.

        Flask lets error handlers see only what goes wrong once the request is
        dispatched, so a store failure here is kept for _fail_if_unavailable,
        which runs first thing in the request, and the session is a null one.
        """
        try:
            sid = request.cookies.get(self.get_cookie_name(app))
            if sid and request.method not in SAFE_METHODS and self.is_stored(sid):
                request.environ[_RELEASE] = self.acquire(sid)
            return super().open_session(app, request)
        except STORE_ERRORS as error:
            request.environ[_FAILURE] = error
            return self.make_null_session(app)

    def born(self, client: str, hour: int) -> int:
        """Count one more session created by client in this hour of the clock; the count so far."""
        raise NotImplementedError

    def save_session(self, app: Flask, session: SessionMixin | None, response: Response) -> None:
        if session is None:  # opening it failed in a way already reported as an error
            return
        try:
            if self._is_birth(app, session) and not self._may_be_born(app):
                _refuse_new_session(response, app.config["NEW_SESSIONS_PER_HOUR"])
                return
            super().save_session(app, session, response)
        except STORE_ERRORS:
            # The store went away during the request: the change was not kept, so say so.
            log.warning("Session store failed while saving", exc_info=True)
            response.status_code = 503
            response.headers["Retry-After"] = "5"
            response.mimetype = "text/plain"
            response.set_data("The game store is unavailable just now, so this was not saved. "
                              "Please reload and try again in a moment.\n")

    def _retrieve_session_data(self, store_id: str) -> dict[str, Any] | None:
        return readable(lambda: super(_SafeSessions, self)._retrieve_session_data(store_id), store_id)

    def _is_birth(self, app: Flask, session: SessionMixin) -> bool:
        """Whether saving session would create one: it has something to keep, and
        the browser sent no cookie naming it (none, or one the store does not hold)."""
        sid = getattr(session, "sid", None)
        return bool(session) and session.modified and request.cookies.get(self.get_cookie_name(app)) != sid

    def _may_be_born(self, app: Flask) -> bool:
        """Whether this request's client has created fewer than NEW_SESSIONS_PER_HOUR sessions this hour."""
        hour = int(time.time() // 3600)
        return self.born(client_key(request.remote_addr), hour) <= app.config["NEW_SESSIONS_PER_HOUR"]


def _refuse_new_session(response: Response, most: int) -> None:
    """Answer 429 in place of the page, with the app's own error page (a
    fragment for htmx) and Retry-After the end of the hour: the session the
    request would have created is not kept, so neither is where it led."""
    words = (f"Your network has started {most} new games in the last hour, the most we keep for one "
             "network, so this one was not kept. Please try again within the hour, or go on with a "
             "game you already have in this browser.")
    refusal = TooManyRequests(words, retry_after=3600 - int(time.time()) % 3600)
    page = current_app.make_response(current_app.handle_http_exception(refusal))
    for leading_elsewhere in ("Location", "HX-Redirect", "HX-Location", "HX-Push-Url", "HX-Replace-Url"):
        response.headers.pop(leading_elsewhere, None)
    response.status_code, response.content_type = page.status_code, page.headers["Content-Type"]
    response.headers["Retry-After"] = page.headers["Retry-After"]
    response.set_data(page.get_data())


def logged_as(sid: str) -> str:
    """The name a session goes by in the logs: a short digest of its id. The
    id itself is the visitor's credential (whoever holds it plays their games),
    and logs are read by more people, and kept longer, than the store."""
    return hashlib.sha256(sid.encode()).hexdigest()[:8]


def readable(read: Callable[[], Any], store_id: str) -> dict[str, Any] | None:
    """What read() gives if it is a session, else None: unreadable data (any
    bytes that make a decoder raise, or data of another shape) starts afresh.
    A store that does not answer still raises."""
    try:
        data = read()
    except STORE_ERRORS:
        raise
    except Exception:
        log.warning("Unreadable session data in session %s; starting afresh", logged_as(store_id), exc_info=True)
        return None
    return data if isinstance(data, dict) else None


class SQLiteSessionInterface(ServerSideSessionInterface):
    """A Flask-Session backend in an SQLite file: embedded, kept across
    restarts, shared by every worker process on the machine, and bounded to
    `limit` sessions (expired ones, then the longest idle, go first).

    Flask-Session's own embedded store, cachelib's one file per session, spent
    several times SQLite's CPU on each write (an atomic rename over the old
    file is slow on ext4: docs/measurements-log.md, "make load"). Its SQL
    backend would bring SQLAlchemy and Flask-SQLAlchemy for this one table.
    """

    session_class = ServerSideSession
    ttl = True  # expiry is in every query, so Flask-Session needs no cleanup command

    def __init__(self, app: Flask, path: str, limit: int):
        super().__init__(app, key_prefix="session:", permanent=True)
        self.limit = limit
        self._db = ThreadConnections(path, LOCK_WAIT)
        self._db().execute("CREATE TABLE IF NOT EXISTS sessions "
                           "(id TEXT PRIMARY KEY, data BLOB NOT NULL, expires REAL NOT NULL)")
        self._db().execute("CREATE INDEX IF NOT EXISTS sessions_by_expiry ON sessions (expires)")
        self._db().execute("CREATE TABLE IF NOT EXISTS session_births "
                           "(client TEXT NOT NULL, hour INTEGER NOT NULL, count INTEGER NOT NULL, "
                           "PRIMARY KEY (client, hour))")
        columns = {row[1] for row in self._db().execute("PRAGMA table_info(sessions)")}
        if "established" not in columns:  # a file from before: every session in it has come back, so counts as kept
            self._db().execute("ALTER TABLE sessions ADD COLUMN established INTEGER NOT NULL DEFAULT 1")

    def rewrite_old_shapes(self) -> int:
        """Rewrite the sessions of older shapes into today's, once (session_migration); how many were."""
        with self._db.transaction() as db:
            return migrate_disk(db, self.serializer.decode, self.serializer.encode)

    def _retrieve_session_data(self, store_id: str) -> dict[str, Any] | None:
        row = self._db().execute("SELECT data FROM sessions WHERE id = ? AND expires > ?",
                                 (store_id, time.time())).fetchone()
        return self.serializer.decode(row[0]) if row else None

    def _upsert_session(self, session_lifetime: timedelta, session: ServerSideSession, store_id: str) -> None:
        row = (self.serializer.encode(session), time.time() + session_lifetime.total_seconds(), store_id)
        db = self._db()
        if db.execute("UPDATE sessions SET data = ?, expires = ?, established = 1 WHERE id = ?", row).rowcount == 0:
            db.execute("INSERT INTO sessions (data, expires, id, established) VALUES (?, ?, ?, 0)", row)
            self._prune(db)

    def _prune(self, db: sqlite3.Connection) -> None:
        """After a new session: drop expired ones, then beyond the limit the fresh
        ones (never written again since they were made) before any a browser came
        back to, the longest idle first: a flood of new sessions pushes out its own."""
        db.execute("DELETE FROM sessions WHERE expires <= ?", (time.time(),))
        (count,) = db.execute("SELECT count(*) FROM sessions").fetchone()
        if count > self.limit:
            db.execute("DELETE FROM sessions WHERE id IN "
                       "(SELECT id FROM sessions ORDER BY established, expires LIMIT ?)", (count - self.limit,))

    def _delete_session(self, store_id: str) -> None:
        self._db().execute("DELETE FROM sessions WHERE id = ?", (store_id,))


class DiskSessions(_SafeSessions, SQLiteSessionInterface):
    """The embedded store, with flock()s on striped lock files for its sessions."""

    def __init__(self, app: Flask, path: str, lock_folder: str, limit: int):
        super().__init__(app, path, limit)
        self.lock_folder = lock_folder
        private_folder(lock_folder)

    def born(self, client: str, hour: int) -> int:
        with self._db.transaction() as db:
            db.execute("DELETE FROM session_births WHERE hour < ?", (hour,))
            db.execute("INSERT INTO session_births (client, hour, count) VALUES (?, ?, 1) "
                       "ON CONFLICT (client, hour) DO UPDATE SET count = count + 1", (client, hour))
            (count,) = db.execute("SELECT count FROM session_births WHERE client = ? AND hour = ?",
                                  (client, hour)).fetchone()
        return count

    def is_stored(self, sid: str) -> bool:
        return self._db().execute("SELECT 1 FROM sessions WHERE id = ? AND expires > ?",
                                  (self._get_store_id(sid), time.time())).fetchone() is not None

    def acquire(self, sid: str) -> Callable[[], None]:
        """Lock sid's stripe, waiting at most LOCK_WAIT seconds, then
        StoreUnavailable (503): a holder that never lets go makes its
        stripe's other sessions wait a bounded time, never hang."""
        fd = os.open(self.lock_path(sid), os.O_RDWR | os.O_CREAT, 0o600)
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return lambda: os.close(fd)  # closing the file releases the flock
            except BlockingIOError:
                if time.monotonic() > deadline:
                    os.close(fd)
                    raise StoreUnavailable(f"session {sid[:8]}… stayed locked for {LOCK_WAIT} s") from None
                time.sleep(0.002)

    def lock_path(self, sid: str) -> str:
        """The stripe file whose flock stands for sid's lock."""
        return os.path.join(self.lock_folder, f"{zlib.crc32(sid.encode()) % LOCK_STRIPES:04d}")

    def is_available(self) -> bool:
        try:
            self._db().execute("BEGIN IMMEDIATE")  # can we take the write lock?
            self._db().execute("ROLLBACK")
            return True
        except sqlite3.Error:
            return False


class RedisSessions(_SafeSessions, RedisSessionInterface):
    """Sessions in Redis, shared by every process and machine that uses it.

    A changing request costs two round trips: one script takes the session's
    lock and reads the session, another writes it and releases the lock; and it
    writes only while the lock is still its own, so a request that somehow
    outlived its lock cannot overwrite a newer game. It writes only before a
    deadline, too, by Redis's clock (read when the lock is taken, so that the
    machines' clocks need not agree): a Redis that hangs and resumes runs the
    commands it was sent meanwhile, and the write of a request already
    answered "not saved" (503) must not land after all.
    """

    LOCK_AND_READ = """
        if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
            local now = redis.call('TIME')
            return {1, now[1] * 1000 + math.floor(now[2] / 1000), redis.call('GET', KEYS[2])}
        end
        return {0}"""
    WRITE_AND_RELEASE = """
        if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
        local now = redis.call('TIME')
        if now[1] * 1000 + math.floor(now[2] / 1000) > tonumber(ARGV[4]) then
            redis.call('DEL', KEYS[1])
            return 0
        end
        redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
        redis.call('DEL', KEYS[1])
        return 1"""
    RELEASE = """
        if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
        return 1"""

    def __init__(self, app: Flask, url: str):
        client = redis_client(url)
        super().__init__(app, client=client, key_prefix="session:", permanent=True)
        self._lock_and_read = client.register_script(self.LOCK_AND_READ)
        self._write_and_release = client.register_script(self.WRITE_AND_RELEASE)
        self._release = client.register_script(self.RELEASE)

    def is_stored(self, sid: str) -> bool:
        return bool(self.client.exists(self._get_store_id(sid)))

    def rewrite_old_shapes(self) -> int:
        """Rewrite the sessions of older shapes into today's, once (session_migration); how many were."""
        return migrate_redis(self.client, self.key_prefix, self.serializer.decode, self.serializer.encode)

    def acquire(self, sid: str) -> Callable[[], None]:
        held = _HeldLock(f"lock:{self._get_store_id(sid)}", self._get_store_id(sid), os.urandom(16).hex())
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            acquired, *found = self._lock_and_read(keys=[held.key, held.store_id],
                                                    args=[held.token, int(LOCK_TIMEOUT * 1000)])
            if acquired:
                held.locked_at = (found[0], time.monotonic())
                held.data = found[1] if len(found) > 1 else None
                request.environ[_HELD] = held
                return lambda: self._release_unless_released(held)
            if time.monotonic() > deadline:
                raise StoreUnavailable(f"session {logged_as(sid)} stayed locked for {LOCK_WAIT} s")
            time.sleep(0.002)

    def _release_unless_released(self, held: _HeldLock) -> None:
        """Release the lock held, unless the session's write released it already."""
        if not held.released:
            self._release(keys=[held.key], args=[held.token])

    def _retrieve_session_data(self, store_id: str) -> dict[str, Any] | None:
        held = request.environ.get(_HELD)
        if held is None or held.store_id != store_id:
            return super()._retrieve_session_data(store_id)
        # Read with the lock, and as tolerantly as any other read (see readable).
        return readable(lambda: self.serializer.decode(held.data) if held.data else None, store_id)

    def _upsert_session(self, session_lifetime: timedelta, session: ServerSideSession, store_id: str) -> None:
        held = request.environ.get(_HELD)
        if held is None or held.store_id != store_id:
            return super()._upsert_session(session_lifetime, session, store_id)
        redis_ms, at = held.locked_at  # Redis's clock, which another machine's may not agree with
        answered_by = int(redis_ms + (time.monotonic() - at + TIMEOUT_SECONDS) * 1000)  # past it, we answered 503
        written = self._write_and_release(
            keys=[held.key, store_id],
            args=[held.token, self.serializer.encode(session), int(session_lifetime.total_seconds()), answered_by])
        held.released = True
        if not written:
            raise StoreUnavailable("the session's lock expired, or the store answered too late: nothing was written")

    def born(self, client: str, hour: int) -> int:
        key = f"session-births:{client}:{hour}"
        with self.client.pipeline() as pipe:
            count, _ = pipe.incr(key).expire(key, 3600).execute()
        return int(count)

    def is_available(self) -> bool:
        try:
            return bool(self.client.ping())
        except RedisError:
            return False


class _HeldLock:
    """A Redis session lock this request holds, and the session it read with it."""

    def __init__(self, key: str, store_id: str, token: str):
        self.key, self.store_id, self.token = key, store_id, token
        self.data: bytes | None = None
        self.locked_at = (0, 0.0)  # Redis's clock (ms) when the lock was taken, and this process's then
        self.released = False


def session_store_answers(app: Flask) -> bool:
    """Whether the app's session store answers (the health check's question):
    the store init_session_store installed, asked."""
    interface = app.session_interface
    return isinstance(interface, _SafeSessions) and interface.is_available()


def init_session_store(app: Flask) -> None:
    """Install the store the configuration names: Redis at REDIS_URL, or else
    files in the instance folder. Call it before other extensions, so that a
    store failure is reported before anything reads the session. Sessions
    of older shapes are rewritten into today's first (session_migration)."""
    if app.config.get("REDIS_URL"):
        app.session_interface = RedisSessions(app, app.config["REDIS_URL"])
    else:
        app.session_interface = DiskSessions(app, os.path.join(app.instance_path, "sessions.sqlite3"),
                                             os.path.join(app.instance_path, "session-locks"),
                                             app.config["SESSION_STORE_LIMIT"])
    _migrate(app.session_interface)
    app.before_request(_fail_if_unavailable)
    app.teardown_request(_release_session_lock)


def _migrate(store: DiskSessions | RedisSessions) -> None:
    """Rewrite the store's sessions of older shapes, once; a store that does not
    answer is left for the next start (its requests are answered 503 meanwhile)."""
    try:
        rewritten = store.rewrite_old_shapes()
    except STORE_ERRORS:
        log.warning("Session store unavailable: sessions of older shapes not rewritten yet", exc_info=True)
        return
    if rewritten:
        log.info("Rewrote %d stored sessions of older shapes into today's", rewritten)


def _fail_if_unavailable() -> None:
    failure = request.environ.get(_FAILURE)
    if failure is not None:
        raise StoreUnavailable(str(failure)) from failure


def _release_session_lock(error: BaseException | None) -> None:
    """Release the request's session lock. Teardown must not raise (the
    answer is already made, and an error here would replace it with a 500):
    if the store is away, the release is tried again in the background until
    it succeeds or the lock has expired, so that the person's next request,
    once the store is back, does not wait for a lock nobody holds."""
    release = request.environ.pop(_RELEASE, None)
    if release is None:
        return
    try:
        release()
    except STORE_ERRORS:
        log.warning("Session store failed while releasing a session lock; retrying in the background")
        threading.Thread(target=_release_later, args=(release,), daemon=True).start()


def _release_later(release: Callable[[], None]) -> None:
    deadline = time.monotonic() + LOCK_TIMEOUT
    while time.monotonic() < deadline:
        time.sleep(RELEASE_RETRY_SECONDS)
        try:
            release()
            return
        except STORE_ERRORS:
            continue
