"""What a match's wins, draws and losses say about two players' strength.

- elo: the Elo difference a score stands for, with a 95% interval: Wilson's
  score interval, which stays finite and honest after a clean sweep and is
  a little wide (cautious) when some games are drawn.
- sprt: the sequential probability ratio test the engine testers use
  (fishtest, the GomoCup engines' own testing) to decide, game by game,
  whether a change made a player stronger: H0 "the difference is elo0"
  against H1 "it is elo1", with error rates alpha (taking H1 when H0 holds)
  and beta (the other way). The log-likelihood ratio is the usual
  normal approximation for results of 1, ½ and 0 (Van den Bergh's GSPRT):
  LLR = n (s1 − s0)(2s − s0 − s1) / (2σ²), where s is the mean score, σ²
  the results' variance, and s0, s1 the scores elo0 and elo1 predict.
"""

from __future__ import annotations

import math
from typing import NamedTuple

Z95 = 1.959964
"""The normal distribution's 97.5th percentile: a 95% interval is ± this many standard errors."""


def expected_score(elo: float) -> float:
    """The score a player this many Elo points stronger expects."""
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of(score: float) -> float:
    """The Elo difference a score stands for (±inf for a clean sweep)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1) + 0.0  # + 0.0: no "-0" for an even score


class Estimate(NamedTuple):
    """An Elo difference and its 95% interval."""

    elo: float
    low: float
    high: float


def _mean_and_variance(wins: int, draws: int, losses: int) -> tuple[float, float]:
    games = wins + draws + losses
    score = (wins + draws / 2) / games
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / games
    return score, variance


def elo(wins: int, draws: int, losses: int) -> Estimate:
    """The Elo difference of a match's result, with its 95% interval."""
    games = wins + draws + losses
    if not games:
        raise ValueError("No games: no estimate.")
    score = (wins + draws / 2) / games
    z2 = Z95 ** 2
    centre = (score + z2 / (2 * games)) / (1 + z2 / games)
    margin = Z95 * math.sqrt(score * (1 - score) / games + z2 / (4 * games ** 2)) / (1 + z2 / games)
    low = -math.inf if score == 0 else elo_of(centre - margin)
    high = math.inf if score == 1 else elo_of(centre + margin)
    return Estimate(elo_of(score), low, high)


class Sprt(NamedTuple):
    """A sequential test's state after some games."""

    llr: float
    lower: float  # at or below: accept H0 (the difference is elo0)
    upper: float  # at or above: accept H1 (the difference is elo1)

    @property
    def verdict(self) -> str:
        if self.llr >= self.upper:
            return "H1"
        if self.llr <= self.lower:
            return "H0"
        return "continue"


def sprt(wins: int, draws: int, losses: int, elo0: float, elo1: float, alpha: float = 0.05,
         beta: float = 0.05) -> Sprt:
    """The test of H0 (elo0) against H1 (elo1) after these games."""
    if not elo0 < elo1:
        raise ValueError(f"elo0 ({elo0}) must be below elo1 ({elo1}).")
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    games = wins + draws + losses
    if not games:
        return Sprt(0.0, lower, upper)
    score, variance = _mean_and_variance(wins, draws, losses)
    if variance == 0:  # every game the same result: the approximation needs some spread
        variance = 1 / (4 * games)
    s0, s1 = expected_score(elo0), expected_score(elo1)
    llr = games * (s1 - s0) * (2 * score - s0 - s1) / (2 * variance)
    return Sprt(llr, lower, upper)
