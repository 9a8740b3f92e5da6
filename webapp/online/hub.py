"""The Hub: one thread per process that wakes a game's live streams when its
log grows; and StreamCount, the streams a process holds, in all and for each
player and client, within their bounds.

A stream does not poll the store itself. The Hub watches every game this
process has streams open on, in one query every POLL_SECONDS (SQLite) or one
blocking XREAD across all their logs (Redis), and wakes the streams of the
games that changed: a process holding 500 streams asks the store some 20
times a second, not 10,000.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterable, Mapping
from typing import Protocol

from webapp.online.store import POLL_SECONDS

WATCH_SECONDS = 0.1
"""The longest the Hub's blocking read on Redis lasts, so that a game a
stream has just begun to watch joins the read within this time."""


class Watched(Protocol):
    """What the Hub watches: numbered logs under keys (a games' store, by game id; the lobby's seeks, by LOBBY)."""

    def latest(self, game_ids: list[str]) -> dict[str, int]: ...

    def wait_for_events(self, last: dict[str, int], seconds: float) -> dict[str, int]: ...


class Hub:
    """One thread per process that watches the games its streams are open on
    and wakes those streams when their game's log grows (see the module's docstring)."""

    def __init__(self, store: Watched):
        self.store = store
        self._latest: dict[str, int] = {}
        self._watchers: dict[str, int] = {}
        self._lock = threading.Lock()
        # One condition a game, on the one lock: a move wakes its own game's
        # streams, not every stream of the process (some 200 threads, each
        # then wanting the GIL to see that its game had not changed).
        self._woken: dict[str, threading.Condition] = {}
        self._thread: threading.Thread | None = None
        self._thread_pid = 0
        self.stopping = False

    def stop(self) -> None:
        """Wake every stream and let none wait again: the process is stopping."""
        with self._lock:
            self.stopping = True
            for woken in self._woken.values():
                woken.notify_all()

    def wait(self, game_id: str, after: int, seconds: float) -> bool:
        """Block until game_id has an event numbered above after, or seconds
        pass, or the process stops."""
        deadline = time.monotonic() + seconds
        with self._lock:
            self._ensure_running()
            self._watchers[game_id] = self._watchers.get(game_id, 0) + 1
            self._latest.setdefault(game_id, after)
            if game_id not in self._woken:  # (setdefault would build a Condition at every wait)
                self._woken[game_id] = threading.Condition(self._lock)
            woken = self._woken[game_id]
            try:
                while self._latest[game_id] <= after:
                    left = deadline - time.monotonic()
                    if left <= 0 or self.stopping:
                        return False
                    woken.wait(left)
                return True
            finally:
                self._watchers[game_id] -= 1
                if not self._watchers[game_id]:
                    del self._watchers[game_id], self._latest[game_id], self._woken[game_id]

    def _ensure_running(self) -> None:
        if self._thread is None or self._thread_pid != os.getpid() or not self._thread.is_alive():
            self._thread_pid = os.getpid()
            self._thread = threading.Thread(target=self._run, name="online-hub", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                watched = {game_id: self._latest[game_id] for game_id in self._watchers}
            try:
                found = self.store.wait_for_events(watched, WATCH_SECONDS) if watched else None
            except Exception:  # the store is away for a moment: the streams keep their keep-alives
                time.sleep(0.5)
                continue
            if found is None:
                time.sleep(POLL_SECONDS)
                continue
            with self._lock:
                for game_id, number in found.items():
                    if game_id in self._watchers and number > self._latest[game_id]:
                        self._latest[game_id] = number  # (a game nobody waits on any more is forgotten)
                        self._woken[game_id].notify_all()


class StreamCount:
    """The streams this process holds, in all and under each key (a player
    id, a client), each within its bound: past the process's bound a stream
    is refused (503, and the page tries again), so that moves and pages always
    find a thread (gthread gives each stream a thread while it waits); past a
    key's, that player or client is refused (429), so that one browser or one
    address cannot take the threads every other game's streams wait in."""

    def __init__(self) -> None:
        self._held: dict[str, int] = {}
        self._lock = threading.Lock()

    def take(self, bounds: Mapping[str, int]) -> str | None:
        """Take one stream under every key of bounds, or none if any key holds
        its most already: None when taken, else the first key that was full."""
        with self._lock:
            for key, most in bounds.items():
                if self._held.get(key, 0) >= most:
                    return key
            for key in bounds:
                self._held[key] = self._held.get(key, 0) + 1
            return None

    def give_back(self, keys: Iterable[str]) -> None:
        """Give back one stream under each of keys (as taken); a key that holds none is forgotten."""
        with self._lock:
            for key in keys:
                self._held[key] -= 1
                if not self._held[key]:
                    del self._held[key]

    def held(self, key: str) -> int:
        """How many streams key holds now."""
        with self._lock:
            return self._held.get(key, 0)
