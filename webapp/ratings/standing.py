"""A player's standing in one rating, and what a rated game does to the two players' standings.

A Standing is an immutable value, like the games: its Glicko-2 rating, its games, wins, draws and
losses, when it last played, its history (a point after each rated game, the chart's) and its recent
rated games (with what the links to their replay and review need). settle() is the whole of a rated
game's effect: both players' ratings as of the game's end (the deviation grown with their time away),
each rated against the other's, and held within lichess's bounds (MIN_DEVIATION..MAX_DEVIATION,
MAX_VOLATILITY, MAX_CHANGE). Pure: no Flask, no I/O; the stores (store.py) keep what it returns.
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass, field, replace
from typing import Any

from webapp.ratings import glicko2
from webapp.ratings.glicko2 import Rating, Score
from webapp.ratings.kinds import RatingKind

MIN_DEVIATION = 45.0
"""lichess's floor on a deviation (Glicko.minDeviation): however many games, a rating stays a little uncertain,
so that it can still move."""
MAX_DEVIATION = 500.0
"""lichess's ceiling on a deviation (Glicko.maxDeviation). Ours starts at Glickman's 350 and time away grows it
no further than that (glicko2.deviation_after_time_away); this bound is the last guard."""
MAX_VOLATILITY = 0.1
"""lichess's ceiling on a volatility (Glicko.maxVolatility): a streak cannot make a rating wilder than this."""
MAX_CHANGE = 700.0
"""lichess's bound on how far one game moves a rating, either way (Glicko.maxRatingDelta)."""
HISTORY_LENGTH = 200
"""The points a rating keeps for its chart, the last ones: a bound on what one player's games make us keep."""
RECENT_LENGTH = 20
"""The rated games a rating keeps, newest first, for the player's page (each with its moves, for its links)."""
DELETED_PLAYER = "a deleted player"
"""How a page names, with no link, an opponent whose account was deleted (RecentGame.opponent None)."""
DAY_SECONDS = 24 * 3600


@dataclass(frozen=True)
class RatedGame:
    """A rated game as it ends, what the ratings need of it: whose accounts played X and O, X's score,
    and what its replay and review links need (the rules' name, the moves written out, the link's query)."""

    game_id: str
    kind: RatingKind
    names: tuple[str, str]  # the accounts at X and at O
    x_score: Score
    at: float               # when it ended, seconds since the epoch
    moves: str = ""
    query: dict[str, str] = field(default_factory=dict)

    def score_of(self, seat: int) -> Score:
        """The score of the player at seat (0: X, 1: O)."""
        return self.x_score if seat == 0 else Score(1.0 - self.x_score)


@dataclass(frozen=True)
class RatingChange:
    """One player's rating before and after a rated game, as both players' screens show it."""

    before: float
    before_deviation: float
    after: float
    after_deviation: float

    @property
    def points(self) -> int:
        """The change in whole points, as the two shown numbers differ: +162."""
        return round(self.after) - round(self.before)

    @property
    def words(self) -> str:
        """ "1500? → 1662? (+162)" """
        return (f"{shown(self.before, self.before_deviation)} → {shown(self.after, self.after_deviation)} "
                f"({self.points:+d})")

    def to_data(self) -> list[float]:
        return [self.before, self.before_deviation, self.after, self.after_deviation]

    @classmethod
    def from_data(cls, data: Any) -> RatingChange:
        """The change as to_data wrote it; ValueError if data is not one."""
        if not isinstance(data, list) or len(data) != 4 or not all(_is_number(value) for value in data):
            raise ValueError(f"not a rating change: {data!r}")
        return cls(*map(float, data))


def shown(value: float, deviation: float) -> str:
    """A rating as a page shows it: whole points, with "?" while it is provisional (deviation 110 or more)."""
    return f"{round(value)}{'?' if deviation >= glicko2.PROVISIONAL_DEVIATION else ''}"


@dataclass(frozen=True)
class Point:
    """The rating after one rated game: a point of the chart."""

    at: float
    value: float
    deviation: float


@dataclass(frozen=True)
class RecentGame:
    """A rated game, as the player's page lists it: against whom, how it went, what it did to the rating."""

    game_id: str
    at: float
    opponent: str | None  # None: the opponent's account was deleted (DELETED_PLAYER, and no link)
    score: Score
    change: int
    rules: str
    moves: str
    query: dict[str, str]

    @property
    def day(self) -> str:
        """The day it ended, in words: "7 December 2026"."""
        return day_words(self.at)

    @property
    def result_word(self) -> str:
        return {Score.WIN: "Won", Score.DRAW: "Drew", Score.LOSS: "Lost"}[self.score]


@dataclass(frozen=True)
class Standing:
    """A player's standing in one rating: the rating as of their last game, and what they played."""

    name: str
    kind: RatingKind
    rating: Rating = Rating()
    wins: int = 0
    draws: int = 0
    losses: int = 0
    last_played: float | None = None
    history: tuple[Point, ...] = ()
    recent: tuple[RecentGame, ...] = ()

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def as_of(self, now: float) -> Rating:
        """The rating as it stands at now: its deviation grown by the days since the last game (Glicko-2's
        step 6 over lichess's periods a day), within the bounds."""
        if self.last_played is None:
            return self.rating
        days = max(0.0, now - self.last_played) / DAY_SECONDS
        return bounded(glicko2.deviation_after_time_away(self.rating, days))

    def provisional(self, now: float) -> bool:
        return glicko2.is_provisional(self.as_of(now))

    def shown(self, now: float) -> str:
        """ "1500?" or "1720": the rating as of now, as pages show it."""
        rating = self.as_of(now)
        return shown(rating.rating, rating.deviation)

    def anonymised(self, name: str) -> Standing:
        """This standing with name, as an opponent in its recent games, replaced by the deleted player's mark:
        the games stay, and no link leads to whoever might hold the name later."""
        key = name_key(name)
        recent = tuple(replace(game, opponent=None) if game.opponent and name_key(game.opponent) == key else game
                       for game in self.recent)
        return replace(self, recent=recent)

    def names_opponent(self, name: str) -> bool:
        """Whether name is an opponent in this standing's recent games."""
        return any(game.opponent and name_key(game.opponent) == name_key(name) for game in self.recent)

    def after_game(self, before: Rating, after: Rating, game: RatedGame, seat: int) -> Standing:
        """This standing after game, in which the player sat at seat, rated from before to after."""
        score = game.score_of(seat)
        recent = RecentGame(game.game_id, game.at, game.names[1 - seat], score,
                            round(after.rating) - round(before.rating), game.kind.value, game.moves, game.query)
        return replace(self, rating=after, last_played=game.at,
                       wins=self.wins + (score == Score.WIN), draws=self.draws + (score == Score.DRAW),
                       losses=self.losses + (score == Score.LOSS),
                       history=(*self.history, Point(game.at, after.rating, after.deviation))[-HISTORY_LENGTH:],
                       recent=(recent, *self.recent)[:RECENT_LENGTH])

    def to_data(self) -> dict[str, Any]:
        """A small dict for the store (JSON)."""
        return {"name": self.name, "kind": self.kind.value,
                "rating": [self.rating.rating, self.rating.deviation, self.rating.volatility],
                "results": [self.wins, self.draws, self.losses], "last_played": self.last_played,
                "history": [[point.at, point.value, point.deviation] for point in self.history],
                "recent": [[game.game_id, game.at, game.opponent, float(game.score), game.change, game.rules,
                            game.moves, game.query] for game in self.recent]}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Standing:
        """The stored standing; ValueError if data is not one (the store's own, never a client's)."""
        try:
            wins, draws, losses = (int(count) for count in data["results"])
            return cls(str(data["name"]), RatingKind(data["kind"]), Rating(*map(float, data["rating"])),
                       wins, draws, losses, None if data["last_played"] is None else float(data["last_played"]),
                       tuple(Point(*map(float, point)) for point in data["history"]),
                       tuple(RecentGame(str(game_id), float(at), None if opponent is None else str(opponent),
                                        Score(score), int(change), str(rules), str(moves), dict(query))
                             for game_id, at, opponent, score, change, rules, moves, query in data["recent"]))
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a rating: {error}") from error


def bounded(rating: Rating) -> Rating:
    """rating with its deviation within MIN_DEVIATION..MAX_DEVIATION and its volatility at most MAX_VOLATILITY."""
    return Rating(rating.rating, min(max(rating.deviation, MIN_DEVIATION), MAX_DEVIATION),
                  min(rating.volatility, MAX_VOLATILITY))


def rated_against(player: Rating, opponent: Rating, score: Score) -> Rating:
    """player's rating after one game against opponent (both as of the game), lichess's way (glicko2.rate_game),
    held within the bounds: a change of at most MAX_CHANGE either way."""
    after = bounded(glicko2.rate_game(player, opponent, score))
    change = min(max(after.rating - player.rating, -MAX_CHANGE), MAX_CHANGE)
    return replace(after, rating=player.rating + change)


def settle(x: Standing, o: Standing, game: RatedGame) -> tuple[Standing, Standing, tuple[RatingChange, RatingChange]]:
    """A rated game's effect: X's and O's standings after it, and each one's rating change."""
    x_before, o_before = x.as_of(game.at), o.as_of(game.at)
    x_after = rated_against(x_before, o_before, game.score_of(0))
    o_after = rated_against(o_before, x_before, game.score_of(1))
    changes = (RatingChange(x_before.rating, x_before.deviation, x_after.rating, x_after.deviation),
               RatingChange(o_before.rating, o_before.deviation, o_after.rating, o_after.deviation))
    return x.after_game(x_before, x_after, game, 0), o.after_game(o_before, o_after, game, 1), changes


def day_words(at: float) -> str:
    """A day in words, as the pages write one: "7 December 2026" (UTC)."""
    day = datetime.datetime.fromtimestamp(at, datetime.UTC)
    return f"{day.day} {day:%B} {day.year}"


def name_key(name: str) -> str:
    """A name as the ratings key it: whatever its case, as the accounts do (one account per name in any case)."""
    return name.lower()


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
