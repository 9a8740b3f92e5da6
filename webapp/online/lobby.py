"""The lobby's seeks: a player asking for a game with a stranger, as a value,
and the rules of who may accept it.

A Seek is a small frozen value (lichess's "hook"): its owner, what game it
asks for (board, rule, opening rule, clock, rated or casual, the colour the
owner wants), the owner's name and rating, the rating range it accepts, and
when it was made. Who may accept it is decided here (acceptance_problem), so
that the list a person sees and the accept they send are judged the same
way. Nothing here knows about HTTP or where seeks are kept (seek_store.py).
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from webapp.engine import Opening, Rules, board_named
from webapp.online.pairing import Seated
from webapp.ratings.glicko2 import Rating, is_provisional
from webapp.ratings.kinds import rating_kind
from webapp.ratings.store import Ratings
from webapp.shared.errors import InvalidInput

SEEK_SECONDS = 30 * 60
"""The longest a seek stays open, whatever its owner's pages do."""
SEEN_SECONDS = 60.0
"""A seek whose owner has not been seen this long (no lobby page open, no
reload) is gone; a page's stream marks its owner seen at every keep-alive."""
LEFT_GRACE_SECONDS = 10.0
"""How long a seek outlives its owner's last lobby page closing: a reload, or a
move to another tab, is not leaving."""
RATING_RANGES = (100, 200, 300, 500)
"""The rating ranges a rated seek may ask for (± this around the seeker's
rating); none means any rating."""


GONE = "That seek is gone: it was accepted, cancelled, or its seeker left the lobby."


class Colour(StrEnum):
    """The colour a seeker asks for: X (black on gomoku boards), O, or either, drawn at random."""

    X = "x"
    O = "o"  # noqa: E741 (the mark's own letter)
    RANDOM = "random"


@dataclass(frozen=True)
class LobbyRating:
    """An account's rating on a seek's board and rule as the lobby judges and
    shows it: whole points, and whether it is provisional (deviation 110 or
    more: shown "1500?", and held against no rating range)."""

    value: int
    provisional: bool

    @property
    def shown(self) -> str:
        """ "1500?" or "1720", as every page writes a rating."""
        return f"{self.value}{'?' if self.provisional else ''}"

    def within(self, other: LobbyRating, gap: int) -> bool:
        """Whether the two ratings are at most gap apart, a provisional one
        counting as within any gap: lichess ignores a provisional rating for a
        rating range, since it says little yet of the player's strength (and a
        newcomer held to ±100 of 1500 would find no game at all)."""
        return self.provisional or other.provisional or abs(self.value - other.value) <= gap


def lobby_rating(ratings: Ratings, name: str | None, rules: Rules, now: float) -> LobbyRating | None:
    """The rating the lobby shows and judges for an account on a board and
    rule, from the ratings store as of now (a first rated game there: the
    Glicko-2 start, 1500?); None for an anonymous visitor or an unrated board
    (3×3, 4×4: webapp.ratings.kinds)."""
    kind = rating_kind(rules.name)
    if name is None or kind is None:
        return None
    standing = ratings.standing(name, kind)
    rating = standing.as_of(now) if standing is not None else Rating()
    return LobbyRating(round(rating.rating), is_provisional(rating))


@dataclass(frozen=True)
class Seek:
    """One open seek: who asks, for what game, and whom it accepts."""

    id: str
    owner: str                   # the owner's player id (the signed cookie's)
    name: str | None             # the owner's account (None: anonymous; casual only)
    rules: Rules
    opening: Opening = Opening()
    clock: str | None = None     # a time control as written ("5+3"), None: no clock
    rated: bool = False
    colour: Colour = Colour.RANDOM
    rating: LobbyRating | None = None  # the owner's rating when the seek was made (None: anonymous, unrated board)
    rating_range: int | None = None  # the most a rated acceptor's rating may differ by (None: any)
    made: float = 0.0

    def acceptance_problem(self, player: str | None, name: str | None, rating: LobbyRating | None,
                           blocked: frozenset[str] = frozenset()) -> str | None:
        """Why player (signed in as name, rated rating here; blocked: the
        names they block or are blocked by, lower case) may not accept this
        seek, in words for a page; None if they may. A block says the seek is
        gone, as if it were: never who blocked whom."""
        if self.name is not None and self.name.lower() in blocked:
            return GONE
        if player is not None and player == self.owner or name is not None and name == self.name:
            return "This is your own seek: wait for someone to accept it, or cancel it."
        if self.rated and name is None:
            return "A rated game needs an account: sign in to accept this seek."
        if self.rated and self.rating_range is not None and self.rating is not None and (
                rating is None or not rating.within(self.rating, self.rating_range)):
            return f"This seek asks for a rating within {self.rating_range} of {self.rating.value}."
        return None

    def seats(self, acceptor: Seated) -> tuple[Seated, Seated]:
        """X's and O's players once acceptor accepts: the colour the owner asked for, or drawn."""
        owner = Seated(self.owner, self.name)
        colour = self.colour if self.colour != Colour.RANDOM else secrets.choice((Colour.X, Colour.O))
        return (owner, acceptor) if colour == Colour.X else (acceptor, owner)

    def to_data(self) -> dict[str, Any]:
        return {"id": self.id, "owner": self.owner, "name": self.name, "rules": self.rules.name,
                "opening": self.opening.rule, "clock": self.clock, "rated": self.rated, "colour": str(self.colour),
                "rating": self.rating.value if self.rating else None,
                "provisional": self.rating.provisional if self.rating else None,
                "range": self.rating_range, "made": self.made}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Seek:
        rating = None if data["rating"] is None else LobbyRating(data["rating"], data.get("provisional", True))
        return cls(data["id"], data["owner"], data["name"], board_named(data["rules"]), Opening(data["opening"]),
                   data["clock"], data["rated"], Colour(data["colour"]), rating, data["range"], data["made"])

    @property
    def expires(self) -> float:
        return self.made + SEEK_SECONDS


def new_seek_id() -> str:
    return secrets.token_urlsafe(9)


def is_seek_id(raw: str) -> bool:
    """Whether raw could be a seek id (12 URL-safe characters): anything else is refused before a store is asked."""
    return len(raw) == 12 and all(character.isascii() and (character.isalnum() or character in "-_")
                                  for character in raw)


def parse_blocked_name(raw: str | None, name: str | None) -> str:
    """The name of an account to block (or unblock), as the accounts key it
    (lower case): 3 to 20 letters, digits, "-" or "_"; never one's own."""
    if name is None:
        raise InvalidInput("Sign in to block a player: a block list belongs to an account.")
    text = (raw or "").strip()
    if not 3 <= len(text) <= 20 or not all(c.isascii() and (c.isalnum() or c in "-_") for c in text):
        raise InvalidInput(f"A player's name is 3 to 20 letters, digits, “-” or “_”, not “{text[:20]}”.")
    if text.lower() == name.lower():
        raise InvalidInput("You cannot block yourself.")
    return text.lower()


def parse_colour(raw: str | None) -> Colour:
    """The colour a seek asks for (default: random)."""
    if raw is None or raw == "":
        return Colour.RANDOM
    try:
        return Colour(raw)
    except ValueError:
        raise InvalidInput(f"Choose the colour you play: {', '.join(Colour)}, not “{raw[:20]}”.") from None


def parse_rated(raw: str | None, name: str | None, rules: Rules) -> bool:
    """Rated or casual (default casual); rated needs an account, and a board
    that is rated (not 3×3 or 4×4: webapp.ratings.kinds), where it would count for nothing."""
    if raw not in (None, "", "casual", "rated"):
        raise InvalidInput(f"A game is rated or casual, not “{raw[:20]}”.")
    if raw == "rated" and name is None:
        raise InvalidInput("A rated game needs an account: sign in, or seek a casual game.")
    if raw == "rated" and rating_kind(rules.name) is None:
        raise InvalidInput(f"Games on the {rules.board_name} board are not rated: seek a casual game there.")
    return raw == "rated"


def parse_rating_range(raw: str | None, rated: bool) -> int | None:
    """The rating range a rated seek accepts: one of RATING_RANGES, or any (a casual seek takes anyone)."""
    if raw is None or raw in ("", "any"):
        return None
    if not raw.isascii() or not raw.isdigit() or int(raw) not in RATING_RANGES:
        raise InvalidInput(f"Choose a rating range of {', '.join(map(str, RATING_RANGES))} or any, not “{raw[:20]}”.")
    if not rated:
        raise InvalidInput("A casual seek accepts any rating: a rating range is for rated seeks.")
    return int(raw)


def seek_made(owner: str, name: str | None, rules: Rules, opening: Opening, clock: str | None, rated: bool,
              colour: Colour, rating_range: int | None, rating: LobbyRating | None) -> Seek:
    """A new seek, made now, with the owner's rating as it stands (lobby_rating)."""
    return Seek(new_seek_id(), owner, name, rules, opening, clock, rated, colour, rating, rating_range, time.time())
