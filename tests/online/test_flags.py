"""A clock's flag: the job scheduled when a clock starts ends the game on
time if that clock still runs when it is due, and leaves it be otherwise;
it is scheduled on the task queue for the clock's deadline. (Its delay on
real servers, with no page open, is tests/live/test_online_live.py's.)"""

from __future__ import annotations

import time
from datetime import UTC
from pathlib import Path

import pytest

from webapp.engine import BOARDS
from webapp.online import flags, offers
from webapp.online.clock import TimeControl
from webapp.online.shared_game import SharedGame
from webapp.online.status import Told
from webapp.workers.pool import EnginePool

ALICE, BOB = "a" * 32, "b" * 32


@pytest.fixture()
def where(tmp_path: Path) -> flags.Where:
    return flags.Where(None, str(tmp_path), 3600)


def started(where: flags.Where, control: str = "1+0", ago: float = 0.0) -> SharedGame:
    """A clocked game whose first stone was played `ago` seconds ago, kept where the job looks."""
    store = flags.games_at(where)
    game = SharedGame.create(BOARDS["7x7"], "X", ALICE, "g", "CODE22", control=TimeControl.parse(control))
    game = game.join(BOB)[0].play(ALICE, 24, 0, now=time.time() - ago)[0]
    store.create(game)
    return game


def stored(where: flags.Where) -> SharedGame:
    return flags.games_at(where).get("g")


def test_the_job_ends_the_game_on_time_once_the_clock_has_run_out(where: flags.Where):
    game = started(where, ago=61)
    flags.fall(where, game.id, game.clock.since)
    after = stored(where)
    assert after.ending.timed_out == "O" and Told(after, ALICE).status == "You win on time!"
    assert [logged.event.text for logged in flags.games_at(where).events_after("g", 0)] == [
        "White's time ran out: black wins on time."]


def test_a_job_for_a_clock_that_has_stopped_since_leaves_the_game_be(where: flags.Where):
    game = started(where, ago=61)
    flags.fall(where, game.id, game.clock.since - 1)  # scheduled for an earlier turn: a move came since
    assert not stored(where).is_over and flags.games_at(where).events_after("g", 0) == []


def test_a_job_run_before_its_deadline_leaves_the_game_be(where: flags.Where):
    game = started(where, ago=59)
    flags.fall(where, game.id, game.clock.since)
    assert not stored(where).is_over


def test_a_move_that_starts_a_clock_schedules_its_flag_for_the_deadline(where: flags.Where):
    pool = EnginePool("inline", where.instance_path)
    game = started(where)
    flags.schedule(pool, where, game)
    (job,) = pool.queue.scheduled()
    assert job.args == (flags.fall, (where, "g", game.clock.since))
    assert job.eta.replace(tzinfo=UTC).timestamp() == pytest.approx(game.deadline, abs=0.001), \
        "Huey keeps the time as naive UTC"
    flags.schedule(pool, where, game.resign(BOB, 1)[0])
    assert len(pool.queue.scheduled()) == 1, "a game over has no clock to watch"


def test_a_change_that_leaves_the_clock_as_it_was_schedules_nothing(where: flags.Where):
    """An offer leaves the running clock's job as it was, scheduled already; a move starts another's."""
    pool = EnginePool("inline", where.instance_path)
    game = started(where)
    offered = offers.make_offer(game, ALICE, "draw", 1)[0]
    flags.schedule(pool, where, offered, game)
    assert pool.queue.scheduled() == []
    flags.schedule(pool, where, offered.play(BOB, 25, 1)[0], offered)
    assert len(pool.queue.scheduled()) == 1
