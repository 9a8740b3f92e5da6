"""The Hub: one thread per process that wakes a game's live streams when its
log grows; and StreamCount, the streams a process holds, within its bound.

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

from webapp.online.store import POLL_SECONDS, GameStore

WATCH_SECONDS = 0.1
"""The longest the Hub's blocking read on Redis lasts, so that a game a
stream has just begun to watch joins the read within this time."""


class Hub:
    """One thread per process that watches the games its streams are open on
    and wakes those streams when their game's log grows (see the module's docstring)."""

    def __init__(self, store: GameStore):
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
    """The streams this process holds, bounded below its threads (gthread
    gives each a thread while it waits): past the bound a stream is refused
    (503, and the page tries again), so that moves and pages always find a thread."""

    def __init__(self) -> None:
        self._held, self._lock = 0, threading.Lock()

    def take(self, most: int) -> bool:
        with self._lock:
            if self._held >= most:
                return False
            self._held += 1
            return True

    def give_back(self) -> None:
        with self._lock:
            self._held -= 1
