"""A game whose first move does not come in time is aborted by the server,
with no page open, as a clock's flag falls (flags.py): each change that
begins a wait for a first move (a seat taken, a first move or choice, a
rematch begun) schedules a job on the task queue for the moment it is due
(SharedGame.start_by, endings.FIRST_MOVE_SECONDS on). A change that leaves
the wait as it was schedules nothing. The job is idempotent: it aborts the
game only if the same wait is still on and has run out; a move since, or an
ending, leaves the game be. Whoever reads the game before the job has run
sees it aborted all the same (SharedGame.as_of).
"""

from __future__ import annotations

import time

from webapp.online import endings
from webapp.online.flags import Scheduler, Where, games_at
from webapp.online.shared_game import SharedGame
from webapp.online.store import change_if


def schedule(jobs: Scheduler, where: Where, game: SharedGame, before: SharedGame | None = None) -> None:
    """If game awaits a first move, the job that aborts it when that is due;
    none if game before the change awaited the same one (its job is scheduled)."""
    if game.start_by is None or (before is not None and before.start_by == game.start_by):
        return
    jobs.at(game.start_by, call_off, where, game.id, game.start_by)


def call_off(where: Where, game_id: str, start_by: float) -> None:
    """The job: abort the game whose first move was due at start_by, if it
    still waits for that one and it has not come (see the module's docstring)."""
    change_if(games_at(where), game_id, lambda game: endings.abort_late(game, time.time())
              if _still_waiting(game, start_by) else None)


def _still_waiting(game: SharedGame | None, start_by: float) -> bool:
    return game is not None and game.start_by == start_by and endings.abort_due(game, time.time())
