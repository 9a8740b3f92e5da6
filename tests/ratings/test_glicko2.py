"""Glicko-2 checked against figures computed elsewhere: Glickman's worked example in "Example of the
Glicko-2 system" (glicko.net/glicko/glicko2.pdf), step by step at the precision the paper prints, and
lichess's published single-game vectors (scalachess GlickoCalculatorTest, τ 0.75, no deviation growth);
then the properties any rating system owes: a draw between equals moves no rating, a winner gains and a
loser loses, and step 5 ends whatever the inputs."""

from __future__ import annotations

import math

import pytest

from webapp.ratings.glicko2 import (
    Rating,
    Score,
    deviation_after_time_away,
    estimated_improvement,
    estimated_variance,
    expected_score,
    g,
    idle_period,
    is_provisional,
    new_volatility,
    pre_period_deviation,
    rate,
    rate_game,
    to_glicko2_scale,
)

pytestmark = pytest.mark.timeout(60)

PLAYER = Rating(1500, 200, 0.06)
GAMES = [(Rating(1400, 30), Score.WIN), (Rating(1550, 100), Score.LOSS), (Rating(1700, 300), Score.LOSS)]


def test_the_paper_converts_the_player_and_opponents_as_it_prints_them():
    assert to_glicko2_scale(PLAYER) == pytest.approx((0.0, 1.1513), abs=5e-5)
    printed = [(-0.5756, 0.1727), (0.2878, 0.5756), (1.1513, 1.7269)]
    for (opponent, _), (mu, phi) in zip(GAMES, printed):
        assert to_glicko2_scale(opponent) == pytest.approx((mu, phi), abs=5e-5)


def test_the_paper_table_of_g_and_e_to_its_printed_digits():
    printed = [(0.9955, 0.639), (0.9531, 0.432), (0.7242, 0.303)]
    for (opponent, _), (g_j, e_j) in zip(GAMES, printed):
        mu_j, phi_j = to_glicko2_scale(opponent)
        assert round(g(phi_j), 4) == g_j
        assert round(expected_score(0.0, mu_j, phi_j), 3) == e_j


def test_the_paper_v_delta_volatility_and_pre_period_deviation():
    # The paper computes v and Δ from its rounded table (1.7785, −0.4834); unrounded they differ by 5e-4.
    v, delta = estimated_variance(0.0, GAMES), estimated_improvement(0.0, GAMES)
    assert v == pytest.approx(1.7785, abs=1e-3) and delta == pytest.approx(-0.4834, abs=1e-3)
    sigma = new_volatility(0.06, 200 / 173.7178, v, delta, tau=0.5)
    # The paper prints σ′ as 0.05999, cut at its fifth decimal; unrounded it is 0.059996.
    assert sigma == pytest.approx(0.05999, abs=1e-5) and sigma == pytest.approx(0.059996, abs=1e-6)
    assert pre_period_deviation(200 / 173.7178, sigma) == pytest.approx(1.152862, abs=1e-5)


def test_the_paper_worked_example_ends_at_its_new_rating():
    after = rate(PLAYER, GAMES, tau=0.5)
    # The paper: μ′ −0.2069, φ′ 0.8722, so r′ 1464.06, RD′ 151.52, σ′ 0.05999 (its steps rounded);
    # unrounded throughout the same steps give 1464.05, 151.52, 0.059996.
    assert after.rating == pytest.approx(1464.05, abs=0.005) and after.rating == pytest.approx(1464.06, abs=0.015)
    assert after.deviation == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.059996, abs=1e-6)
    assert (after.rating - 1500) / 173.7178 == pytest.approx(-0.2069, abs=1e-4)
    assert after.deviation / 173.7178 == pytest.approx(0.8722, abs=1e-4)


def test_a_period_without_games_grows_only_the_deviation():
    # Step 6 alone: RD′ = √(200² + (0.06 × 173.7178)²) = √40108.64 = 200.2714.
    for after in (idle_period(PLAYER), rate(PLAYER, [])):
        assert after.rating == 1500 and after.volatility == 0.06
        assert after.deviation == pytest.approx(200.2714, abs=1e-4)
    assert idle_period(PLAYER, periods=4).deviation == pytest.approx(math.sqrt(200**2 + 4 * 10.423068**2), abs=1e-3)


@pytest.mark.parametrize(
    ("player", "opponent", "score", "expected"),
    [
        (Rating(), Rating(), Score.WIN, (1662.21, 290.23, 0.0599993)),
        (Rating(), Rating(), Score.DRAW, (1500.00, 290.23, 0.0599977)),
        (Rating(), Rating(), Score.LOSS, (1337.79, 290.23, 0.0599993)),
        (Rating(1400, 79, 0.06), Rating(1550, 110, 0.065), Score.WIN, (1422.63, 77.50, 0.06)),
        (Rating(1400, 79, 0.06), Rating(1550, 110, 0.065), Score.DRAW, (1406.31, 77.50, 0.06)),
        (Rating(1550, 110, 0.065), Rating(1400, 79, 0.06), Score.WIN, (1568.90, 105.87, 0.065)),
        (Rating(1200, 60, 0.053), Rating(1850, 200, 0.062), Score.WIN, (1216.73, 59.90, 0.053013)),
        (Rating(1850, 200, 0.062), Rating(1200, 60, 0.053), Score.LOSS, (1635.99, 196.99, 0.062028)),
        (Rating(1850, 200, 0.062), Rating(1200, 60, 0.053), Score.DRAW, (1745.71, 196.99, 0.062006)),
    ],
)
def test_one_game_rated_as_lichess_rates_it_matches_its_published_vectors(player, opponent, score, expected):
    after = rate_game(player, opponent, score, tau=0.75)
    rating, deviation, volatility = expected
    assert after.rating == pytest.approx(rating, abs=0.005)
    assert after.deviation == pytest.approx(deviation, abs=0.005)
    assert after.volatility == pytest.approx(volatility, abs=1e-5)


def test_a_draw_between_equal_ratings_moves_neither_rating():
    for equal in (Rating(), Rating(1720, 64, 0.05)):
        assert rate_game(equal, equal, Score.DRAW).rating == pytest.approx(equal.rating, abs=1e-9)
        assert rate(equal, [(equal, Score.DRAW)] * 5).rating == pytest.approx(equal.rating, abs=1e-9)


@pytest.mark.parametrize(("winner", "loser"), [(Rating(), Rating()), (Rating(1300, 80), Rating(1900, 240)),
                                               (Rating(2100, 50, 0.04), Rating(1200, 300, 0.09))])
def test_the_winner_gains_and_the_loser_loses_and_equals_move_by_the_same(winner, loser):
    won, lost = rate_game(winner, loser, Score.WIN), rate_game(loser, winner, Score.LOSS)
    assert won.rating > winner.rating and lost.rating < loser.rating
    assert won.deviation < winner.deviation and lost.deviation < loser.deviation
    if winner == loser:
        assert won.rating - winner.rating == pytest.approx(loser.rating - lost.rating, abs=1e-9)


@pytest.mark.parametrize(
    ("player", "games"),
    [
        (Rating(1500, 350, 0.06), [(Rating(3000, 30), Score.WIN)]),  # Δ² far above φ² + v
        (Rating(1500, 350, 0.06), [(Rating(3500, 1), Score.WIN)] * 50),
        (Rating(800, 1, 0.06), [(Rating(2500, 1), Score.WIN)] * 20),  # tiny RDs, a string of upsets
        (Rating(2500, 1, 0.0001), [(Rating(800, 350), Score.LOSS)]),
        (Rating(1500, 0.01, 0.5), [(Rating(1500, 0.01), Score.DRAW)]),  # Δ² below φ² + v: the k search
        (Rating(100, 350, 1.0), [(Rating(4000, 350), Score.WIN)] * 3),
    ],
)
@pytest.mark.parametrize("tau", [0.2, 0.5, 1.2])
def test_the_illinois_iteration_ends_on_extreme_inputs(player, games, tau):
    after = rate(player, games, tau=tau)
    assert all(math.isfinite(value) for value in (after.rating, after.deviation, after.volatility))
    assert after.deviation > 0 and after.volatility > 0


def test_a_rating_is_provisional_while_its_deviation_is_110_or_more():
    assert is_provisional(Rating()) and is_provisional(Rating(deviation=110))
    assert not is_provisional(Rating(deviation=109.99))


def test_time_away_grows_the_deviation_by_lichess_periods_up_to_an_unrated_players():
    settled = Rating(1800, 60, 0.06)
    assert deviation_after_time_away(settled, 0) == settled
    # A year at 0.21436 periods a day: √(60² + 78.24 × (0.06 × 173.7178)²) = 110.0, lichess's aim.
    year = deviation_after_time_away(settled, 365)
    assert year.deviation == pytest.approx(math.sqrt(60**2 + 365 * 0.21436 * 10.423068**2), abs=1e-3)
    assert year.deviation == pytest.approx(110, abs=0.5) and year.rating == 1800 and year.volatility == 0.06
    assert deviation_after_time_away(settled, 100_000).deviation == 350
    assert deviation_after_time_away(Rating(deviation=400), 30).deviation == 400  # the ceiling lowers none
    with pytest.raises(ValueError):
        deviation_after_time_away(settled, -1)


def test_a_score_or_rating_no_game_can_have_is_refused():
    with pytest.raises(ValueError):
        rate(PLAYER, [(Rating(), 0.7)])
    for bad in (dict(deviation=0), dict(volatility=-0.1), dict(rating=math.nan), dict(deviation=math.inf)):
        with pytest.raises(ValueError):
            Rating(**bad)
