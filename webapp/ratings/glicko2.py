"""Glicko-2, step by step as Mark Glickman's "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf)
specifies it, so that the paper's worked example is this module's test.

Ratings are kept and shown on the Glicko scale (1500, RD 350); the steps work on the Glicko-2 scale
(μ, φ), 173.7178 times smaller. The paper's steps, by function:

- step 1: Rating, its defaults and TAU;
- step 2: to_glicko2_scale();
- step 3: g(), expected_score() (E) and estimated_variance() (v);
- step 4: estimated_improvement() (Δ);
- step 5: new_volatility(), the Illinois algorithm to EPSILON;
- step 6: pre_period_deviation() (φ*), and idle_period() for a player who did not play;
- steps 7 and 8: rate(), which runs them all for one rating period.

rate_game() and deviation_after_time_away() are how lichess rates each game as it ends: each game its own
period with no growth of φ in step 6, and the deviation grown instead with the time since the last game.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import Enum

# Step 1's defaults: an unrated player's rating, deviation and volatility, on the Glicko scale.
UNRATED_RATING = 1500.0
UNRATED_DEVIATION = 350.0
UNRATED_VOLATILITY = 0.06

TAU = 0.5
"""The system constant τ, which bounds how fast a volatility may change.

The paper: reasonable choices lie between 0.3 and 1.2, and smaller values keep volatilities from
changing by large amounts, which in turn keeps very improbable results from changing ratings
enormously. 0.5 is the value of the paper's own worked example, so that example checks the system
exactly as configured here; lichess uses 0.75, a little more willing to follow a streak.
"""

SCALE = 173.7178
"""Glicko points per Glicko-2 unit: 400 / ln 10, as the paper rounds it (step 2)."""

EPSILON = 0.000001
"""The convergence tolerance of step 5's iteration, the paper's value."""

MAX_ITERATIONS = 1_000
"""A bound the iteration never meets (it brackets its root and halves); reaching it is a bug, not a rating."""

PROVISIONAL_DEVIATION = 110.0
"""lichess's choice: a rating whose RD is 110 or more is provisional, shown as "1500?" (its
Glicko.provisionalDeviation, compared with >=). Glickman's paper sets no such threshold."""

LICHESS_PERIODS_PER_DAY = 0.21436
"""Rating periods a day of absence counts for, lichess's figure: chosen there so a typical player's
RD grows from 60 to 110 in a year away (Glicko.ratingPeriodsPerDay)."""


class Score(float, Enum):
    """A game's result for the player rated: the paper's s_j, 1 for a win, 0.5 a draw, 0 a loss."""

    WIN = 1.0
    DRAW = 0.5
    LOSS = 0.0


@dataclass(frozen=True)
class Rating:
    """A player's rating r, rating deviation RD and volatility σ on the Glicko scale; the defaults
    are an unrated player's (step 1)."""

    rating: float = UNRATED_RATING
    deviation: float = UNRATED_DEVIATION
    volatility: float = UNRATED_VOLATILITY

    def __post_init__(self) -> None:
        """Refuse a rating no step can work with, so a forged or corrupt one fails here, loudly."""
        if not all(math.isfinite(value) for value in (self.rating, self.deviation, self.volatility)):
            raise ValueError(f"a rating's numbers must be finite: {self}")
        if self.deviation <= 0 or self.volatility <= 0:
            raise ValueError(f"a rating's deviation and volatility must be positive: {self}")


Result = tuple[Rating, Score]
"""One game of a rating period: the opponent's pre-period rating and the player's score against them."""


def is_provisional(rating: Rating) -> bool:
    """Whether the rating is still too uncertain to show plainly: RD 110 or more, lichess's threshold."""
    return rating.deviation >= PROVISIONAL_DEVIATION


def to_glicko2_scale(rating: Rating) -> tuple[float, float]:
    """Step 2: the rating's μ and φ, on the scale the steps work on."""
    return (rating.rating - UNRATED_RATING) / SCALE, rating.deviation / SCALE


def from_glicko2_scale(mu: float, phi: float, sigma: float) -> Rating:
    """Step 8: μ′, φ′ and σ′ back on the Glicko scale."""
    return Rating(SCALE * mu + UNRATED_RATING, SCALE * phi, sigma)


def g(phi: float) -> float:
    """Step 3's g(φ): how far an opponent's uncertainty discounts what a game against them tells."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected_score(mu: float, opponent_mu: float, opponent_phi: float) -> float:
    """Step 3's E(μ, μ_j, φ_j): the score the player is expected to make against the opponent."""
    return 1.0 / (1.0 + math.exp(-g(opponent_phi) * (mu - opponent_mu)))


def _opponents(mu: float, results: Iterable[Result]) -> list[tuple[float, float, float]]:
    """For each game, the opponent's g(φ_j), the expected score E and the score s_j."""
    terms = []
    for opponent, score in results:
        opponent_mu, opponent_phi = to_glicko2_scale(opponent)
        terms.append((g(opponent_phi), expected_score(mu, opponent_mu, opponent_phi), float(Score(score))))
    return terms


def estimated_variance(mu: float, results: Iterable[Result]) -> float:
    """Step 3's v: the variance of the player's rating estimated from the game outcomes alone."""
    return 1.0 / sum(g_j * g_j * e * (1.0 - e) for g_j, e, _ in _opponents(mu, results))


def _performance(mu: float, results: Iterable[Result]) -> float:
    """The sum over games of g(φ_j)(s_j − E), shared by steps 4 and 7."""
    return sum(g_j * (score - e) for g_j, e, score in _opponents(mu, results))


def estimated_improvement(mu: float, results: Iterable[Result]) -> float:
    """Step 4's Δ: how far the period's outcomes put the player from their pre-period rating."""
    results = list(results)
    return estimated_variance(mu, results) * _performance(mu, results)


def new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float = TAU) -> float:
    """Step 5's σ′: the root of f by the Illinois algorithm (regula falsi that halves a stuck end),
    the paper's iteration, to within EPSILON on ln σ²."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        """The paper's f(x), whose root is ln σ′²."""
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    for _ in range(MAX_ITERATIONS):
        if abs(high - low) <= EPSILON:
            return math.exp(low / 2.0)
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2.0
        high, f_high = c, f_c
    raise ArithmeticError(f"step 5 did not converge: σ={sigma}, φ={phi}, v={v}, Δ={delta}, τ={tau}")


def pre_period_deviation(phi: float, sigma: float, periods: float = 1.0) -> float:
    """Step 6's φ*: the deviation grown by the volatility over the periods elapsed (one, in the paper)."""
    return math.sqrt(phi * phi + periods * sigma * sigma)


def rate(player: Rating, results: Iterable[Result], tau: float = TAU, periods: float = 1.0) -> Rating:
    """The player's rating after one rating period's games, steps 2 to 8, against the opponents'
    pre-period ratings; with no games, step 6 alone (idle_period)."""
    results = list(results)
    if not results:
        return idle_period(player, periods)
    mu, phi = to_glicko2_scale(player)
    v = estimated_variance(mu, results)
    performance = _performance(mu, results)
    sigma = new_volatility(player.volatility, phi, v, v * performance, tau)
    phi_star = pre_period_deviation(phi, sigma, periods)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    return from_glicko2_scale(mu + new_phi * new_phi * performance, new_phi, sigma)


def idle_period(player: Rating, periods: float = 1.0) -> Rating:
    """A period the player did not play: rating and volatility stay, the deviation grows to φ* (step 6 only),
    worked on the Glicko scale (RD* = 173.7178 φ*) so that what stays is kept to the last bit."""
    grown = pre_period_deviation(player.deviation, SCALE * player.volatility, periods)
    return replace(player, deviation=grown)


def rate_game(player: Rating, opponent: Rating, score: Score, tau: float = TAU) -> Rating:
    """The player's rating after one game, lichess's way: the game is a rating period of its own and
    step 6 adds nothing (zero periods elapsed), since the time away is counted before the game
    (deviation_after_time_away) rather than one period per game."""
    return rate(player, [(opponent, score)], tau, periods=0.0)


def deviation_after_time_away(
    rating: Rating, days: float, periods_per_day: float = LICHESS_PERIODS_PER_DAY, ceiling: float = UNRATED_DEVIATION
) -> Rating:
    """The rating as it stands after days without a game: step 6 over days × periods_per_day periods,
    which lichess applies when it reads a rating before a game; never grown past an unrated player's RD,
    since no absence makes a player less known than one never seen (Glickman's rule in Glicko)."""
    if days < 0:
        raise ValueError(f"days away must not be negative: {days}")
    grown = idle_period(rating, days * periods_per_day)
    return replace(grown, deviation=min(grown.deviation, max(ceiling, rating.deviation)))
