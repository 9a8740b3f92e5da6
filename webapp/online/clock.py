"""The clocks of a game between friends: a time control chosen when inviting
(minutes for each player, and seconds added after each of their moves), and
the time each player has left, kept by the server from its own timestamps.

A Clock is a value, like the game that holds it. Its time is wall-clock
time (time.time()), the same on every web process and worker that reads the
game, so that a game on Redis keeps its clock across servers and restarts;
every question about it takes `now`, so that tests need no waiting. The
clocks start with the game's first stone: the first player is not timed
while deciding where to begin.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import Any

from webapp.shared.errors import InvalidInput

CLOCKS = "3+2 5+3 10+5 15+10"
"""The time controls offered when inviting, as the configuration writes
them (CLOCKS): minutes for each player + seconds added a move."""


@dataclass(frozen=True)
class TimeControl:
    """Minutes for each player, and seconds added after each of their moves, as "5+3" writes it."""

    written: str
    base: float       # seconds for each player
    increment: float  # seconds added after each move

    @classmethod
    def parse(cls, written: str) -> TimeControl:
        """"5+3" (minutes + seconds); ValueError if it is not one."""
        minutes, _, seconds = written.partition("+")
        base, increment = float(minutes) * 60, float(seconds or 0)
        if not (0 < base <= 24 * 3600 and 0 <= increment <= 3600):
            raise ValueError(f"not a time control: {written}")
        return cls(written, base, increment)

    @property
    def short_words(self) -> str:
        """"5 min + 3 s", as the invitation's list of clocks says it (in a narrow column)."""
        base = f"{self.base / 60:g} min" if self.base >= 60 else f"{self.base:g} s"
        return f"{base} + {self.increment:g} s"

    @property
    def words(self) -> str:
        """"5 minutes + 3 seconds a move", as the invitation's choice and the page say it."""
        base = f"{self.base / 60:g} minutes" if self.base >= 60 else f"{self.base:g} seconds"
        return f"{base} + {self.increment:g} seconds a move"


def now_or_clock(now: float | None) -> float:
    """now as given (tests give it), or the time as the server's clock reads it."""
    return time.time() if now is None else now


def time_controls(configured: str) -> dict[str, TimeControl]:
    """The controls the configuration offers (CLOCKS), by how each is written."""
    controls = [TimeControl.parse(written) for written in configured.split()]
    return {control.written: control for control in controls}


def parse_time_control(raw: str | None, offered: dict[str, TimeControl]) -> TimeControl | None:
    """The invitation's clock: None for no clock ("" or absent), else one of
    those offered, or InvalidInput naming them (a forged clock is refused)."""
    if not raw or raw == "none":
        return None
    if raw not in offered:
        raise InvalidInput(f"Choose a clock from the list ({', '.join(offered)}, or none), not “{raw[:20]}”.")
    return offered[raw]


@dataclass(frozen=True)
class Clock:
    """The players' time: seconds left for each seat (X's, then O's), and,
    while one runs, since when (the running clock is the acting seat's)."""

    control: TimeControl
    left: tuple[float, float]
    since: float | None = None  # when the running clock last started; None while the clocks are stopped

    @classmethod
    def start_of(cls, control: TimeControl) -> Clock:
        return cls(control, (control.base, control.base))

    def left_at(self, seat: int, running: int | None, now: float) -> float:
        """Seconds left to the player at seat (0 for X, 1 for O) at now, while
        the seat `running` acts (None: no clock runs); never below 0."""
        left = self.left[seat]
        if self.since is not None and seat == running:
            left -= max(0.0, now - self.since)  # a server whose clock is behind the one that started it adds none
        return max(0.0, left)

    def deadline(self, running: int) -> float | None:
        """When the running seat's time runs out, if its clock runs."""
        return None if self.since is None else self.since + self.left[running]

    def charged(self, running: int | None, now: float, increment: bool) -> Clock:
        """The clocks once the running seat's time up to now is taken from it
        (and, after a move, its increment added): stopped, until restarted."""
        if self.since is None or running is None:
            return self
        left = list(self.left)
        left[running] = self.left_at(running, running, now) + (self.control.increment if increment else 0)
        return replace(self, left=(left[0], left[1]), since=None)

    def started(self, now: float) -> Clock:
        """The acting seat's clock runs from now."""
        return replace(self, since=now)

    def exchanged(self) -> Clock:
        """The clocks with the seats exchanged (a choice or a swap gave the opener white: a seat is a colour)."""
        return replace(self, left=(self.left[1], self.left[0]))

    def to_data(self) -> dict[str, Any]:
        return {"clock": self.control.written, "left": list(self.left), "since": self.since}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Clock | None:
        """The clock a store kept (to_data), None for a game without one; ValueError if it is not one."""
        if not data.get("clock"):
            return None
        left, since = data["left"], data["since"]
        if not isinstance(left, list) or len(left) != 2:
            raise ValueError("not a clock: the time left is two numbers")
        clock = cls(TimeControl.parse(data["clock"]), (float(left[0]), float(left[1])),
                    None if since is None else float(since))
        times = (*clock.left, clock.since or 0.0)
        if not all(math.isfinite(seconds) for seconds in times) or min(clock.left) < 0:
            raise ValueError("not a clock: its times are not finite, or negative")
        return clock


def clock_words(seconds: float) -> str:
    """Time left as a clock shows it: 4:05, or 0:09.4 in the last ten
    seconds; rounded up, so that 0:00 means the time is up."""
    if seconds <= 0:
        return "0:00"
    if seconds <= 10:
        return f"0:{math.ceil(seconds * 10) / 10:04.1f}"
    whole = math.ceil(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
