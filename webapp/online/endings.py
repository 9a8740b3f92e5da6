"""Fair endings of a game between two browsers, besides the board's, a
resignation, the flag and an agreed draw: an abort, by either player
before both have made their first move (a stone or an opening's choice
counts), or by the server when a first move does not come in time (a job
on the task queue, as the flag's: aborts.py); and a claim, in a rated game,
of the win or a draw when the side to move has left the game (closed its
last page) for CLAIM_SECONDS. An aborted game counts in no score, series or
rating. Functions of the game (any value that answers EndingTable: SharedGame
does), which the routes and SharedGame call; each change returns the game after
it and the event that tells the pages.
"""

from __future__ import annotations

import math
import time
from enum import StrEnum
from typing import Any, Protocol, Self, TypeVar

from webapp.engine import opponent
from webapp.online.clock import now_or_clock
from webapp.online.store import Event
from webapp.shared.errors import Conflict, InvalidInput
from webapp.shared.game_link import Ending, Result
from webapp.shared.game_state import GameState
from webapp.shared.words import side_name

FIRST_MOVE_SECONDS = 30.0
"""How long the side to act has for its first move, once both have joined, before the server aborts the
game (lichess's: some 30 seconds), in a rated game; a casual game waits for friends."""
CLAIM_SECONDS = 30.0
"""How long the side to move must have been away (its last page closed) before the other may claim."""


class Claim(StrEnum):
    """What a player may claim when the friend to move has left: the win, or a draw."""

    WIN = "win"
    DRAW = "draw"


def parse_claim(raw: str | None) -> Claim:
    """A claim as a form sends it (win or draw), or InvalidInput."""
    try:
        return Claim(raw or "")
    except ValueError:
        raise InvalidInput(f"Claim the win or a draw, not “{(raw or '')[:20]}”.") from None


def utc_clock(moment: float) -> str:
    """A moment as a page says it: "14:52:30 UTC"."""
    return time.strftime("%H:%M:%S UTC", time.gmtime(moment))



class EndingTable(Protocol):
    """What the endings ask of a game: its GameState, who sits where, who has
    moved and who has left, the check on a player's change, and two ways to
    change it (as offers.OfferTable)."""

    @property
    def state(self) -> GameState: ...
    @property
    def seats(self) -> tuple[str | None, str | None]: ...
    @property
    def rated(self) -> bool: ...
    @property
    def moved(self) -> frozenset[str]: ...
    @property
    def away(self) -> frozenset[str]: ...
    @property
    def left_at(self) -> dict[str, float]: ...
    @property
    def start_by(self) -> float | None: ...
    def seat_of(self, player: str | None) -> str | None: ...
    def player_at(self, mark: str) -> str | None: ...
    def seat_changing(self, player: str | None, seen_ply: int, change: str, now: float | None) -> str: ...
    def replaced(self, **fields: Any) -> Self: ...
    def changed(self, now: float | None, **fields: Any) -> Self: ...


Table = TypeVar("Table", bound=EndingTable)


def _named(game: EndingTable, mark: str, start: bool = True) -> str:
    """A side as the game's board names it (words.side_name)."""
    return side_name(game.state.rules, mark, start)


def both_moved(game: EndingTable) -> bool:
    """Whether both players have made their first move (a stone or an opening's choice): the game has begun."""
    return None not in game.seats and all(seat in game.moved for seat in game.seats)


def may_abort(game: EndingTable, player: str | None) -> bool:
    """Whether player may abort the game now: a player, before both have made their first move."""
    return game.seat_of(player) is not None and not game.state.is_over and not both_moved(game)


def abort(game: Table, player: str | None, seen_ply: int,
          now: float | None = None) -> tuple[Table, Event]:
    """player calls the game off before it has begun: it is over, and counts for nothing."""
    mark = game.seat_changing(player, seen_ply, "abort", now)
    if both_moved(game):
        raise Conflict("You have both made a first move: the game has begun. Resign, or offer a draw.")
    ending = Result.of(Ending.ABORTED, mark)
    after = game.changed(now, ending=ending, offer=None, start_by=None)
    return after, Event("move", f"{_named(game, mark)} aborted the game: it counts for nothing.")


def waits_for_first_move(game: EndingTable) -> bool:
    """Whether the server aborts this game when a first move does not come
    in time: a rated one (a stranger who never moves must not hold a rated
    game open); a casual game between friends waits for them, and either may abort it."""
    return game.rated


def with_first_move_due(game: Table, now: float) -> Table:
    """This game after a change at now that may begin a wait for a first
    move (both seated, the side to act has not moved yet): due
    FIRST_MOVE_SECONDS on; none otherwise."""
    acting = game.player_at(game.state.acting_mark) if None not in game.seats else None
    waits = waits_for_first_move(game) and acting is not None and acting not in game.moved and not game.state.is_over
    return game.replaced(start_by=now + FIRST_MOVE_SECONDS if waits else None)


def abort_due(game: EndingTable, now: float) -> bool:
    """Whether the first move awaited has not come by its time (start_by)."""
    return game.start_by is not None and not game.state.is_over and now >= game.start_by


def abort_late(game: Table, now: float) -> tuple[Table, Event]:
    """The server aborts the game: the side to act did not make its first move in time (abort_due)."""
    late = game.state.acting_mark
    ending = Result.of(Ending.UNSTARTED, late)
    after = game.changed(now, ending=ending, offer=None, start_by=None)
    return after, Event("move", f"{_named(game, late)}'s first move did not come within "
                                f"{FIRST_MOVE_SECONDS:.0f} seconds: the game is aborted.")


def claim_from(game: EndingTable) -> float | None:
    """When the player not to move may claim, in a rated game that has
    begun: CLAIM_SECONDS after the side to move left (None while it is here)."""
    if not game.rated or game.state.is_over or not both_moved(game) or game.state.acting_mark not in game.away:
        return None
    left = game.left_at.get(game.state.acting_mark)
    return None if left is None else left + CLAIM_SECONDS


def may_claim(game: EndingTable, player: str | None, now: float) -> bool:
    """Whether player may claim now (the page's buttons follow it)."""
    due = claim_from(game)
    return due is not None and now >= due and game.seat_of(player) == opponent(game.state.acting_mark)


def claim_in(game: EndingTable, player: str | None, now: float) -> int | None:
    """Whole seconds until player may claim (the page is drawn again then,
    with or without JavaScript); None if no claim of theirs is on the way."""
    due = claim_from(game)
    if due is None or now >= due or game.seat_of(player) != opponent(game.state.acting_mark):
        return None
    return math.ceil(due - now)


def claim_words(game: EndingTable, player: str | None, now: float) -> str | None:
    """What the page tells the player whose friend left on their turn: when a claim becomes possible."""
    due = claim_from(game)
    if due is None or game.seat_of(player) != opponent(game.state.acting_mark):
        return None
    if now >= due:
        return "Your opponent left on their turn. You may claim the win, or call it a draw."
    return (f"Your opponent left on their turn. From {utc_clock(due)} (in {math.ceil(due - now)} seconds) you may "
            f"claim the win or call it a draw, if they have not come back; refresh then.")


def claim(game: Table, player: str | None, raw: str | None, seen_ply: int,
          now: float | None = None) -> tuple[Table, Event]:
    """player claims the win, or a draw (raw), when the friend to move has been away CLAIM_SECONDS."""
    now = now_or_clock(now)
    claimed = parse_claim(raw)
    mark = game.seat_changing(player, seen_ply, "claim", now)
    absent = game.state.acting_mark
    if not game.rated:
        raise Conflict("Only a rated game can be claimed; in a casual game, wait for your opponent or resign.")
    if absent == mark:
        raise Conflict("It is your turn: there is nothing to claim.")
    if not both_moved(game):
        raise Conflict("The game has not begun: abort it instead.")
    due = claim_from(game)
    if due is None:
        raise Conflict("Your opponent is here: there is nothing to claim.")
    if now < due:
        raise Conflict(f"Your opponent left only just now; you may claim from {utc_clock(due)} "
                       f"(in {math.ceil(due - now)} seconds), if they have not come back.")
    ending = Result.of(Ending.FORFEITED, absent) if claimed == Claim.WIN else Result.of(Ending.DRAW_CLAIMED)
    after = game.changed(now, ending=ending, offer=None)
    said = "claimed the win" if claimed == Claim.WIN else "called it a draw"
    return after, Event("move", f"{_named(game, absent)} had left: {_named(game, mark, False)} {said}.")
