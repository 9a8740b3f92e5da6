"""A standing's arithmetic: lichess's bounds, provisional marks, time away, what is kept, leaderboards' rules."""

from __future__ import annotations

import pytest

from webapp.ratings.glicko2 import Rating, Score
from webapp.ratings.kinds import RatingKind, rating_kind
from webapp.ratings.standing import (
    HISTORY_LENGTH,
    MAX_CHANGE,
    MAX_DEVIATION,
    MAX_VOLATILITY,
    MIN_DEVIATION,
    RECENT_LENGTH,
    RatedGame,
    RatingChange,
    Standing,
    bounded,
    rated_against,
    settle,
    shown,
)
from webapp.ratings.store import LEADERBOARD_DAYS, LEADERBOARD_GAMES, on_leaderboard

DAY = 24 * 3600.0
NOW = 1_800_000_000.0


def game(x_score: Score = Score.WIN, at: float = NOW, names: tuple[str, str] = ("Ann", "Ben")) -> RatedGame:
    return RatedGame("g", RatingKind.GOMOKU, names, x_score, at, "h8 h9", {})


def test_which_boards_are_rated():
    assert rating_kind("3x3") is None and rating_kind("4x4") is None
    assert [kind.value for kind in RatingKind] == ["5x5", "7x7", "7x7-standard", "15x15", "15x15-standard",
                                                   "15x15-renju"]
    assert RatingKind.RENJU.words == "15×15 renju" and RatingKind.GOMOKU.words == "15×15 freestyle"
    assert RatingKind.FOUR_5X5.words == "5×5"


def test_a_first_game_between_newcomers_is_glickmans_and_provisional():
    ann, ben, (x, o) = settle(Standing("Ann", RatingKind.GOMOKU), Standing("Ben", RatingKind.GOMOKU), game())
    assert x.words == "1500? → 1662? (+162)" and o.words == "1500? → 1338? (-162)"
    assert ann.shown(NOW) == "1662?" and ann.provisional(NOW)


def test_the_mark_goes_when_the_deviation_falls_under_110():
    assert shown(1712.4, 109.9) == "1712" and shown(1712.6, 110.0) == "1713?"


@pytest.mark.parametrize("rating, expected", [(Rating(1500, 20, 0.5), Rating(1500, MIN_DEVIATION, MAX_VOLATILITY)),
                                              (Rating(1500, 900, 0.06), Rating(1500, MAX_DEVIATION, 0.06))])
def test_deviation_and_volatility_are_bounded(rating, expected):
    assert bounded(rating) == expected


def test_one_game_moves_a_rating_at_most_700():
    after = rated_against(Rating(1000, 500, 0.1), Rating(3000, 45, 0.06), Score.WIN)
    assert after.rating - 1000 == pytest.approx(MAX_CHANGE)
    assert MIN_DEVIATION <= after.deviation <= MAX_DEVIATION and after.volatility <= MAX_VOLATILITY


def test_the_deviation_grows_with_time_away_and_is_used_in_the_next_game():
    steady = Standing("Ann", RatingKind.GOMOKU, Rating(1800, 60, 0.06), 30, 0, 0, NOW)
    assert steady.as_of(NOW).deviation == 60
    assert 105 < steady.as_of(NOW + 365 * DAY).deviation < 115, "lichess's figure: 60 to 110 in a year"
    assert steady.as_of(NOW + 100 * 365 * DAY).deviation == 350, "never past a newcomer's"
    later = game(at=NOW + 365 * DAY)
    _, _, (change, _) = settle(steady, Standing("Ben", RatingKind.GOMOKU), later)
    assert change.before_deviation > 105


def test_history_and_recent_games_are_bounded_and_counted():
    ann, ben = Standing("Ann", RatingKind.GOMOKU), Standing("Ben", RatingKind.GOMOKU)
    for number in range(HISTORY_LENGTH + 5):
        ann, ben, _ = settle(ann, ben, game([Score.WIN, Score.DRAW, Score.LOSS][number % 3], NOW + number))
    assert (ann.wins, ann.draws, ann.losses) == (69, 68, 68) and ann.games == HISTORY_LENGTH + 5
    assert len(ann.history) == HISTORY_LENGTH and len(ann.recent) == RECENT_LENGTH
    assert ann.recent[0].at == NOW + HISTORY_LENGTH + 4, "newest first"
    assert Standing.from_data(ann.to_data()) == ann


@pytest.mark.parametrize("data", [{}, {"name": "A", "kind": "3x3"}, {"rating": "1500"}])
def test_a_stored_standing_that_is_not_one_is_refused(data):
    with pytest.raises(ValueError):
        Standing.from_data({**Standing("Ann", RatingKind.GOMOKU).to_data(), **data} if data else data)


def test_who_is_on_a_leaderboard():
    settled = Standing("Ann", RatingKind.GOMOKU, Rating(1800, 70, 0.06), LEADERBOARD_GAMES, 0, 0, NOW)
    assert on_leaderboard(settled, NOW)
    assert not on_leaderboard(settled.__class__(**{**settled.__dict__, "wins": LEADERBOARD_GAMES - 1}), NOW)
    assert not on_leaderboard(settled, NOW + (LEADERBOARD_DAYS + 1) * DAY), "not played lately"
    unsure = Standing("Ann", RatingKind.GOMOKU, Rating(1800, 120, 0.06), 40, 0, 0, NOW)
    assert not on_leaderboard(unsure, NOW)


def test_a_change_in_words_counts_the_shown_points():
    assert RatingChange(1499.6, 80, 1510.4, 78).words == "1500 → 1510 (+10)"
