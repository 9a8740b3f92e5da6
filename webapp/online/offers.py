"""Offers between friends: a draw, or a take-back of the offerer's last move
(and the friend's reply after it), which the other player accepts or
declines, and the offerer may withdraw. Functions of the game (any value
that answers OfferTable: SharedGame does); each change returns the game
after it and the event that tells the pages.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol, Self, TypeVar

from webapp.engine import MARKS
from webapp.engine.game.notation import mark_of
from webapp.online.store import Event
from webapp.shared.errors import Conflict, InvalidInput, Refusal
from webapp.shared.game_link import Ending, Result
from webapp.shared.game_state import GameState
from webapp.shared.words import describe_cell, side_name

OFFER_WORDS = {"draw": "a draw", "takeback": "to take back their last move"}
"""What each kind of offer asks for, after "X offers" or "Black asks"."""


class Offer(NamedTuple):
    """An offer one player makes and the other accepts or declines: a draw,
    or a take-back of the offerer's last move (kind), by mark, at ply."""

    kind: str  # "draw" or "takeback" (OFFER_WORDS)
    by: str
    ply: int


class OfferTable(Protocol):
    """What the offers ask of a game: its GameState, its seats and offers,
    the check on a player's change, and two ways to change it: replaced
    (the fields alone), changed (at now: the clocks charged, and the series scored if it ends)."""

    @property
    def state(self) -> GameState: ...
    @property
    def seats(self) -> tuple[str | None, str | None]: ...
    @property
    def offer(self) -> Offer | None: ...
    @property
    def declined(self) -> Offer | None: ...
    def seat_changing(self, player: str | None, seen_ply: int, change: str, now: float | None) -> str: ...
    def replaced(self, **fields: Any) -> Self: ...
    def changed(self, now: float | None, **fields: Any) -> Self: ...


Table = TypeVar("Table", bound=OfferTable)


def takeback_to(state: GameState, mark: str) -> int | None:
    """How many stones stay if mark's last move is taken back (and the
    friend's reply after it): None if mark has none since the opening."""
    if state.opening_step is not None:
        return None
    for index in (state.ply - 1, state.ply - 2):
        if index >= state.opening_stones and mark_of(index) == mark:
            return index
    return None


def takeback_words(state: GameState, mark: str) -> str:
    """The stones a take-back by mark removes, as the offer names them: "b2", or "b2 and c3"."""
    cells = state.moves[takeback_to(state, mark) or 0:]
    return " and ".join(describe_cell(state.rules, cell) for cell in cells)


def make_offer(game: Table, player: str | None, kind: str, seen_ply: int,
               now: float | None = None) -> tuple[Table, Event]:
    """player offers a draw, or asks to take back their last move (kind),
    for the friend to accept or decline; once declined, not again until a move."""
    if kind not in OFFER_WORDS:
        raise InvalidInput(f"An offer is a draw or a take-back, not “{kind[:20]}”.")
    mark = game.seat_changing(player, seen_ply, "make offers", now)
    if None in game.seats:
        raise Conflict("The game has not begun: your opponent has not joined yet.")
    if game.offer is not None:
        mine = game.offer.by == mark
        raise Conflict("You have made an offer already; wait for your opponent's answer." if mine else
                       "Your opponent has made an offer: answer it first.")
    if kind == "takeback" and takeback_to(game.state, mark) is None:
        raise Conflict("You have no move to take back yet." if game.state.opening_step is None else
                       "The opening's stones cannot be taken back; play on, or resign.")
    offer = Offer(kind, mark, game.state.ply)
    if offer == game.declined:
        raise Conflict("Your opponent declined that just now; you can ask again after the next move.")
    verb = "offers" if kind == "draw" else "asks"
    return game.replaced(offer=offer), Event("offer", f"{_named(game, mark)} {verb} {OFFER_WORDS[kind]}.")


def may_offer(game: OfferTable, player: str | None, kind: str) -> bool:
    """Whether the page offers player the button for kind: make_offer would take it now
    (asked of make_offer itself, so that the button and the route follow one set of rules)."""
    try:
        make_offer(game, player, kind, game.state.ply)
    except Refusal:
        return False
    return True


def answer_offer(game: Table, player: str | None, accept: bool, seen_ply: int,
                 now: float | None = None) -> tuple[Table, Event]:
    """The friend of the offerer accepts or declines the pending offer."""
    mark = game.seat_changing(player, seen_ply, "answer offers", now)
    offer, named = game.offer, _named(game, mark)
    if offer is None:
        raise Conflict("There is no offer to answer now.")
    if offer.by == mark:
        raise Conflict("That offer is yours; your opponent answers it (you can withdraw it).")
    if not accept:
        what = "draw" if offer.kind == "draw" else "take-back"
        return game.replaced(offer=None, declined=offer), Event("offer", f"{named} declined the {what}.")
    if offer.kind == "draw":
        drawn = game.changed(now, ending=Result.of(Ending.DRAW_AGREED), offer=None)
        return drawn, Event("move", f"{named} accepted: a draw, agreed.")
    state = game.state
    taken, back_to = takeback_words(state, offer.by), takeback_to(state, offer.by)
    if back_to is None:
        raise Conflict("There is no move of your opponent's to take back now.")
    after = game.changed(now, moves=state.moves[:back_to], offer=None, declined=None)
    verb = "is" if state.ply - back_to == 1 else "are"
    return after, Event("move", f"{named} accepted the take-back: {taken} {verb} off the board.")


def withdraw_offer(game: Table, player: str | None, seen_ply: int,
                   now: float | None = None) -> tuple[Table, Event]:
    """The offerer takes the pending offer back, unanswered."""
    mark = game.seat_changing(player, seen_ply, "withdraw offers", now)
    if game.offer is None or game.offer.by != mark:
        raise Conflict("You have no offer waiting to withdraw.")
    return game.replaced(offer=None), Event("offer", f"{_named(game, mark)} withdrew the offer.")


def _named(game: OfferTable, mark: str) -> str:
    """A side as the game's board names it, at the start of a sentence: "X", "Black"."""
    return side_name(game.state.rules, mark, True)


def parse_offer(data: list | None) -> Offer | None:
    """An offer a store kept (a list: kind, by, ply), or ValueError."""
    if data is None:
        return None
    kind, by, ply = data
    if kind not in OFFER_WORDS or by not in MARKS or not isinstance(ply, int):
        raise ValueError(f"not an offer: {data}")
    return Offer(kind, by, ply)
