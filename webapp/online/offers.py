"""Offers between friends: a draw, or a take-back of the offerer's last move
(and the friend's reply after it), which the other player accepts or
declines, and the offerer may withdraw. A mixin of SharedGame's (as
status.py is); each returns the game after it and the event that tells the pages.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple, Self

from webapp.engine import MARKS
from webapp.engine.game.notation import mark_of
from webapp.online.clock import now_or_clock
from webapp.online.status import OFFER_WORDS
from webapp.online.store import Event
from webapp.shared.errors import Conflict, InvalidInput, Refusal
from webapp.shared.game_link import Ending, Result


class Offer(NamedTuple):
    """An offer one player makes and the other accepts or declines: a draw,
    or a take-back of the offerer's last move (kind), by mark, at ply."""

    kind: str  # "draw" or "takeback" (OFFER_WORDS)
    by: str
    ply: int


class Offered:
    """A shared game's offers (see the module's docstring)."""

    def make_offer(self, player: str | None, kind: str, seen_ply: int,
                   now: float | None = None) -> tuple[Self, Event]:
        """player offers a draw, or asks to take back their last move (kind),
        for the friend to accept or decline; once declined, not again until a move."""
        now = now_or_clock(now)
        if kind not in OFFER_WORDS:
            raise InvalidInput(f"An offer is a draw or a take-back, not “{kind[:20]}”.")
        mark = self._seat_changing(player, seen_ply, "make offers", now)
        if None in self.seats:
            raise Conflict("The game has not begun: your friend has not joined yet.")
        if self.offer is not None:
            mine = self.offer.by == mark
            raise Conflict("You have made an offer already; wait for your friend's answer." if mine else
                           "Your friend has made an offer: answer it first.")
        if kind == "takeback" and self.takeback_to(mark) is None:
            raise Conflict("You have no move to take back yet." if self.opening_step is None else
                           "The opening's stones cannot be taken back; play on, or resign.")
        offer = Offer(kind, mark, self.ply)
        if offer == self.declined:
            raise Conflict("Your friend declined that just now; you can ask again after the next move.")
        verb = "offers" if kind == "draw" else "asks"
        return replace(self, offer=offer), Event("offer", f"{self.named(mark)} {verb} {OFFER_WORDS[kind]}.")

    def may_offer(self, player: str | None, kind: str) -> bool:
        """Whether the page offers player the button for kind: make_offer would take it now
        (asked of make_offer itself, so that the button and the route follow one set of rules)."""
        try:
            self.make_offer(player, kind, self.ply)
        except Refusal:
            return False
        return True

    def answer_offer(self, player: str | None, accept: bool, seen_ply: int,
                     now: float | None = None) -> tuple[Self, Event]:
        """The friend of the offerer accepts or declines the pending offer."""
        now = now_or_clock(now)
        mark = self._seat_changing(player, seen_ply, "answer offers", now)
        offer = self.offer
        if offer is None:
            raise Conflict("There is no offer to answer now.")
        if offer.by == mark:
            raise Conflict("That offer is yours; your friend answers it (you can withdraw it).")
        if not accept:
            what = "draw" if offer.kind == "draw" else "take-back"
            return replace(self, offer=None, declined=offer), Event("offer", f"{self.named(mark)} declined the {what}.")
        if offer.kind == "draw":
            after = self._timed(replace(self, ending=Result.of(Ending.DRAW_AGREED), offer=None), now)
            return after._scored(), Event("move", f"{self.named(mark)} accepted: a draw, agreed.")
        taken, back_to = self.takeback_words(offer.by), self.takeback_to(offer.by)
        after = self._timed(replace(self, moves=self.moves[:back_to], offer=None, declined=None), now)
        verb = "is" if self.ply - back_to == 1 else "are"
        return after, Event("move", f"{self.named(mark)} accepted the take-back: {taken} {verb} off the board.")

    def withdraw_offer(self, player: str | None, seen_ply: int, now: float | None = None) -> tuple[Self, Event]:
        """The offerer takes the pending offer back, unanswered."""
        mark = self._seat_changing(player, seen_ply, "withdraw offers", now_or_clock(now))
        if self.offer is None or self.offer.by != mark:
            raise Conflict("You have no offer waiting to withdraw.")
        return replace(self, offer=None), Event("offer", f"{self.named(mark)} withdrew the offer.")

    def takeback_to(self, mark: str) -> int | None:
        """How many stones stay if mark's last move is taken back (and the
        friend's reply after it): None if mark has none since the opening."""
        if self.opening_step is not None:
            return None
        for index in (self.ply - 1, self.ply - 2):
            if index >= self.opening_stones and mark_of(index) == mark:
                return index
        return None


def parse_offer(data: list | None) -> Offer | None:
    """An offer a store kept (a list: kind, by, ply), or ValueError."""
    if data is None:
        return None
    kind, by, ply = data
    if kind not in OFFER_WORDS or by not in MARKS or not isinstance(ply, int):
        raise ValueError(f"not an offer: {data}")
    return Offer(kind, by, ply)
