"""A shared game's side of the ratings: whether it ends as a rated game, and what it keeps of the ratings.

The lobby makes a game rated (SharedGame's rated, with both seats' account names); the games store asks
rated_ending() in every change it makes, and when the answer is a game (rated, over, between two different
accounts, on a rated board, not rated yet) rates both players in that same atomic change (webapp.online.store,
webapp.ratings.store) and keeps their changes in the game (with_rating_changes), which both screens show.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from webapp.engine import MARKS
from webapp.ratings.glicko2 import Score
from webapp.ratings.kinds import RatingKind, rating_kind
from webapp.ratings.standing import RatedGame, RatingChange, name_key
from webapp.shared.game_link import write_moves


class Rated:
    """SharedGame's rated games (a mixin: the fields rated, names, rating_changes are SharedGame's)."""

    rated: bool
    names: tuple[str | None, str | None]
    rating_changes: tuple[RatingChange, RatingChange] | None

    @property
    def rating_kind(self) -> RatingKind | None:
        """The rating this game counts for, if it is rated and its board is."""
        return rating_kind(self.rules.name) if self.rated else None  # type: ignore[attr-defined]

    def rated_ending(self) -> RatedGame | None:
        """This game as the ratings need it, if it has just ended as a rated game and is not rated yet.
        An aborted game (by a player, or by the server) counts for nothing: it is never rated."""
        kind, (x, o) = self.rating_kind, self.names
        game: Any = self
        if kind is None or self.rating_changes is not None or not game.is_over or game.ending.aborted or not x or not o:
            return None
        if name_key(x) == name_key(o):  # one account on both seats: no rating from playing oneself
            return None
        winner = game.winner
        score = Score.DRAW if winner is None else Score.WIN if winner == "X" else Score.LOSS
        return RatedGame(game.id, kind, (x, o), score, time.time(), write_moves(game.rules, game.moves),
                         dict(game.link_query))

    def with_rating_changes(self, changes: tuple[RatingChange, RatingChange]) -> Any:
        """This game with its players' rating changes kept: rated once and for all."""
        return replace(self, rating_changes=changes)  # type: ignore[type-var]

    def rating_change_of(self, mark: str | None) -> RatingChange | None:
        """The rating change of the player at mark, once the game is rated."""
        if mark is None or self.rating_changes is None:
            return None
        return self.rating_changes[MARKS.index(mark)]

    def rating_data(self) -> dict[str, Any]:
        """What to_data keeps of the ratings: the changes, once rated."""
        return {"rating_changes": [change.to_data() for change in self.rating_changes]} if self.rating_changes else {}


def parse_rating_changes(kept: Any) -> tuple[RatingChange, RatingChange] | None:
    """The rating changes as rating_data wrote them (absent: not rated yet); ValueError if they are not."""
    if kept is None:
        return None
    if not isinstance(kept, list) or len(kept) != 2:
        raise ValueError("a game's rating changes are two")
    return RatingChange.from_data(kept[0]), RatingChange.from_data(kept[1])
