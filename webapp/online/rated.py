"""A shared game's side of the ratings: whether it ends as a rated game, and what it keeps of the ratings.

The lobby makes a game rated (SharedGame's rated, with both seats' account names); the games store
asks the game's rated_ending() (this module's) in every change it makes, and when the answer is a game
(rated, over, between two different accounts, on a rated board, not rated yet) rates both players in that
same atomic change (webapp.online.store, webapp.ratings.store) and keeps their changes in the game
(with_rating_changes), which both screens show. Functions of the game (RatedTable: SharedGame answers it).
"""

from __future__ import annotations

import time
from typing import Any, Protocol

from webapp.engine import MARKS
from webapp.ratings.glicko2 import Score
from webapp.ratings.kinds import RatingKind, rating_kind
from webapp.ratings.standing import RatedGame, RatingChange, name_key
from webapp.shared.game_link import write_moves
from webapp.shared.game_state import GameState


class RatedTable(Protocol):
    """What the ratings ask of a game: its id and GameState, whether it is rated, the accounts at X and O,
    and the rating changes it keeps."""

    @property
    def id(self) -> str: ...
    @property
    def state(self) -> GameState: ...
    @property
    def rated(self) -> bool: ...
    @property
    def names(self) -> tuple[str | None, str | None]: ...
    @property
    def rating_changes(self) -> tuple[RatingChange, RatingChange] | None: ...


def rating_kind_of(game: RatedTable) -> RatingKind | None:
    """The rating game counts for, if it is rated and its board is."""
    return rating_kind(game.state.rules.name) if game.rated else None


def rated_ending(game: RatedTable) -> RatedGame | None:
    """game as the ratings need it, if it has just ended as a rated game and is not rated yet.
    An aborted game (by a player, or by the server) counts for nothing: it is never rated."""
    kind, (x, o), state = rating_kind_of(game), game.names, game.state
    if kind is None or game.rating_changes is not None or not state.is_over or state.ending.aborted or not x or not o:
        return None
    if name_key(x) == name_key(o):  # one account on both seats: no rating from playing oneself
        return None
    winner = state.winner
    score = Score.DRAW if winner is None else Score.WIN if winner == "X" else Score.LOSS
    return RatedGame(game.id, kind, (x, o), score, time.time(), write_moves(state.rules, state.moves),
                     dict(state.link_query))


def rating_change_of(game: RatedTable, mark: str | None) -> RatingChange | None:
    """The rating change of the player at mark, once the game is rated."""
    if mark is None or game.rating_changes is None:
        return None
    return game.rating_changes[MARKS.index(mark)]


def rating_data(changes: tuple[RatingChange, RatingChange] | None) -> dict[str, Any]:
    """What a stored game keeps of the ratings: the changes, once rated."""
    return {"rating_changes": [change.to_data() for change in changes]} if changes else {}


def parse_rating_changes(kept: Any) -> tuple[RatingChange, RatingChange] | None:
    """The rating changes as rating_data wrote them (absent: not rated yet); ValueError if they are not."""
    if kept is None:
        return None
    if not isinstance(kept, list) or len(kept) != 2:
        raise ValueError("a game's rating changes are two")
    return RatingChange.from_data(kept[0]), RatingChange.from_data(kept[1])
