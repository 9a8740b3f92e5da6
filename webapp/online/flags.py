"""A player whose clock runs out loses within moments of it, with no page
open: each change that leaves a clock running schedules a job on the task
queue (the engine workers' Huey) for the moment that clock would run out. A
change that leaves the clock as it was (an offer, say) schedules nothing: the
job for that clock is in the schedule already, and a client that offers and
withdraws forever would otherwise fill the schedule with copies of it. A job
superseded by a move stays in the schedule until its moment, when it finds
nothing to do (the queue is the engine pool's to prune). If the same
clock still runs then, the job ends the game on time, and the change reaches
every open page through the game's log and streams, as a move does.

No Flask here: the job runs in a worker process, which opens the game store
itself from where it is kept (Where: webapp.storage.where's, with how
long an idle game is kept). Whoever reads the game before the job
has run sees it over all the same (SharedGame.as_of).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from webapp.online.shared_game import SharedGame
from webapp.online.store import GameStore, change_if, games_store
from webapp.storage import where as storage


@dataclass(frozen=True)
class Where(storage.Where):
    """Where the games are kept, as a worker opens the store (Redis, or the
    instance folder's file), and how long a game is kept after its last change."""

    idle_seconds: float


class Scheduler(Protocol):
    """What schedules a job (the engine pool's `at`)."""

    def at(self, when: float, function, *arguments) -> None: ...


def schedule(jobs: Scheduler, where: Where, game: SharedGame, before: SharedGame | None = None) -> None:
    """If game's clock runs, the job that ends it on time when that clock runs
    out; none if game before the change had the same job scheduled already."""
    if game.deadline is None or game.clock is None:
        return
    if before is not None and _flag_of(before) == _flag_of(game):
        return
    jobs.at(game.deadline, fall, where, game.id, game.clock.since)


def _flag_of(game: SharedGame) -> tuple[float, float | None] | None:
    """What a game's flag job is for: its running clock's deadline and start (None if no clock runs)."""
    if game.deadline is None or game.clock is None:
        return None
    return game.deadline, game.clock.since


def fall(where: Where, game_id: str, since: float) -> None:
    """The job: the game is lost on time by the player whose clock started at
    `since`, if that clock still runs and has run out (a move since, or the
    end of the game, leaves it be: its own job is scheduled). The queue runs
    it when the deadline has come by this machine's clock, which is why
    every machine's clock must keep the same time (docs/deploying.md)."""
    change_if(games_at(where), game_id, lambda game: game.time_out(time.time())
              if _still_running(game, since) and game.flag_due(time.time()) else None)


def _still_running(game: SharedGame | None, since: float) -> bool:
    return game is not None and game.clock is not None and game.clock.since == since and not game.is_over


@lru_cache(maxsize=4)
def games_at(where: Where) -> GameStore[SharedGame]:
    """The game store where says, opened once a process (a worker's, or a tool's)."""
    return games_store(where.redis(), where.instance_path, where.idle_seconds, SharedGame.from_data)
