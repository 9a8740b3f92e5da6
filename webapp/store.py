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
- Reads need no lock: a GET writes nothing (SESSION_REFRESH_EACH_REQUEST is off),
  except the first, which mints a CSRF token; a change needs that token, so no
  change can race the write that creates it.
- Locks are per session: other browsers never wait. The disk store's locks are
  flock()s on a fixed set of striped files, so two sessions may now and then
  share one briefly; the kernel drops a flock when its process dies. Redis
  locks expire after LOCK_TIMEOUT seconds, far beyond any request's duration.

Data that cannot be read (truncated, corrupted, of another shape) counts as no
session: the browser starts afresh instead of seeing an error. A store that does
not answer makes the request fail with StoreUnavailable, which the views answer
with 503; Redis reconnects by itself once it is back.
"""

from __future__ import annotations

import fcntl
import logging
import os
import zlib
from collections.abc import Callable
from typing import Any

from cachelib.file import FileSystemCache
from flask import Flask, Request, Response, request
from flask.sessions import SessionMixin
from flask_session.cachelib import CacheLibSessionInterface
from flask_session.redis import RedisSessionInterface
from redis import Redis
from redis.exceptions import RedisError

LOCK_TIMEOUT = 10.0  # seconds a Redis lock outlives a holder that never releases it
LOCK_WAIT = 5.0      # seconds a request waits for its session's lock
LOCK_STRIPES = 1024  # lock files in the disk store
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_RELEASE = "webapp.store.release"
_FAILURE = "webapp.store.failure"
log = logging.getLogger(__name__)


class StoreUnavailable(Exception):
    """The session store did not answer, or a session stayed locked too long."""


class _SafeSessions:
    """What both stores add to their Flask-Session interface: the lock around a
    changing request, tolerance of unreadable data, and a health check."""

    def acquire(self, sid: str) -> Callable[[], None]:
        """Lock the session sid; returns the function that releases it."""
        raise NotImplementedError

    def is_available(self) -> bool:
        raise NotImplementedError

    def open_session(self, app: Flask, request: Request) -> SessionMixin:
        """The session, read while holding its lock if the request may change it.

        Flask lets error handlers see only what goes wrong once the request is
        dispatched, so a store failure here is kept for fail_if_unavailable,
        which runs first thing in the request, and the session is a null one.
        """
        try:
            sid = request.cookies.get(self.get_cookie_name(app))
            if sid and request.method not in SAFE_METHODS:
                request.environ[_RELEASE] = self.acquire(sid)
            return super().open_session(app, request)
        except (RedisError, StoreUnavailable) as error:
            request.environ[_FAILURE] = error
            return self.make_null_session(app)

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        try:
            super().save_session(app, session, response)
        except RedisError:
            # The store went away during the request: the change was not kept, so say so.
            log.warning("Session store failed while saving", exc_info=True)
            response.status_code = 503
            response.headers["Retry-After"] = "5"
            response.mimetype = "text/plain"
            response.set_data("The game store is unavailable just now, so this was not saved. "
                              "Please reload and try again in a moment.\n")

    def _retrieve_session_data(self, store_id: str) -> dict[str, Any] | None:
        try:
            data = super()._retrieve_session_data(store_id)
        except RedisError:
            raise
        except Exception:  # whatever unreadable bytes make a decoder raise
            log.warning("Unreadable session data in %s; starting afresh", store_id, exc_info=True)
            return None
        return data if isinstance(data, dict) else None


class DiskSessions(_SafeSessions, CacheLibSessionInterface):
    """Sessions in files under the instance folder, one per browser, at most
    SESSION_STORE_LIMIT of them (expired ones, then the oldest, go first)."""

    def __init__(self, app: Flask, folder: str, lock_folder: str, limit: int, lifetime: int):
        cache = FileSystemCache(folder, threshold=limit, default_timeout=lifetime, mode=0o600)
        super().__init__(app, client=cache, key_prefix="session:", permanent=True)
        self.folder = folder
        self.lock_folder = lock_folder  # beside the sessions: cachelib owns every file in its folder
        os.makedirs(self.lock_folder, exist_ok=True)

    def acquire(self, sid: str) -> Callable[[], None]:
        stripe = zlib.crc32(sid.encode()) % LOCK_STRIPES
        fd = os.open(os.path.join(self.lock_folder, f"{stripe:04d}"), os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX)
        return lambda: os.close(fd)  # closing the file releases the flock

    def is_available(self) -> bool:
        return os.access(self.folder, os.W_OK | os.X_OK)


class RedisSessions(_SafeSessions, RedisSessionInterface):
    """Sessions in Redis, shared by every process and machine that uses it."""

    def __init__(self, app: Flask, url: str):
        client = Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        super().__init__(app, client=client, key_prefix="session:", permanent=True)

    def acquire(self, sid: str) -> Callable[[], None]:
        lock = self.client.lock(f"lock:session:{sid}", timeout=LOCK_TIMEOUT, sleep=0.002,
                                blocking_timeout=LOCK_WAIT, thread_local=False,
                                raise_on_release_error=False)
        if not lock.acquire():
            raise StoreUnavailable(f"session {sid[:8]}… stayed locked for {LOCK_WAIT} s")
        return lock.release

    def is_available(self) -> bool:
        try:
            return bool(self.client.ping())
        except RedisError:
            return False


def init_session_store(app: Flask) -> None:
    """Install the store the configuration names: Redis at REDIS_URL, or else
    files in the instance folder. Call it before other extensions, so that a
    store failure is reported before anything reads the session."""
    lifetime = int(app.config["PERMANENT_SESSION_LIFETIME"].total_seconds())
    if app.config.get("REDIS_URL"):
        app.session_interface = RedisSessions(app, app.config["REDIS_URL"])
    else:
        folder = os.path.join(app.instance_path, "sessions")
        app.session_interface = DiskSessions(app, folder, os.path.join(app.instance_path, "session-locks"),
                                             app.config["SESSION_STORE_LIMIT"], lifetime)
    app.before_request(_fail_if_unavailable)
    app.teardown_request(_release_session_lock)


def _fail_if_unavailable() -> None:
    failure = request.environ.get(_FAILURE)
    if failure is not None:
        raise StoreUnavailable(str(failure)) from failure


def _release_session_lock(error: BaseException | None) -> None:
    release = request.environ.pop(_RELEASE, None)
    if release is not None:
        release()
