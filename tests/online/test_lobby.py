"""A seek as a value: who may accept it (own, rated, range, blocks), its
colours, its data read back, and the form's fields refused when forged."""

from __future__ import annotations

import pytest

from webapp.engine import BOARDS, Opening
from webapp.online.lobby import (
    GONE,
    Colour,
    LobbyRating,
    Seek,
    lobby_rating,
    parse_blocked_name,
    parse_rated,
    parse_rating_range,
)
from webapp.online.pairing import Seated
from webapp.ratings.glicko2 import Rating
from webapp.ratings.standing import Standing
from webapp.shared.errors import InvalidInput


def rated(value: int, provisional: bool = False) -> LobbyRating:
    return LobbyRating(value, provisional)


def rated_seek(rating_range: int | None = 100, rating: LobbyRating = rated(1500)) -> Seek:
    return Seek("s" * 12, "owner", "Ada_L", BOARDS["15x15"].with_rule("renju"), Opening("rif"), "5+3", True,
                Colour.O, rating, rating_range, 1.0)


def test_who_may_accept_a_rated_seek():
    seek = rated_seek()
    assert "your own" in seek.acceptance_problem("owner", None, None)
    assert "your own" in seek.acceptance_problem("other", "Ada_L", rated(1500))  # the same account elsewhere
    assert "account" in seek.acceptance_problem("other", None, None)
    assert seek.acceptance_problem("other", "Bob_B", rated(1600)) is None
    assert "within 100 of 1500" in seek.acceptance_problem("other", "Bob_B", rated(1601))
    assert "within" in seek.acceptance_problem("other", "Bob_B", None)
    assert rated_seek(None).acceptance_problem("other", "Bob_B", rated(2400)) is None
    assert seek.acceptance_problem("other", "Bob_B", rated(1500), frozenset({"ada_l"})) == GONE


def test_a_provisional_rating_is_held_against_no_range():
    assert rated_seek().acceptance_problem("other", "Bob_B", rated(2400, provisional=True)) is None
    assert rated_seek(rating=rated(1500, True)).acceptance_problem("other", "Bob_B", rated(2400)) is None


class Ratings:
    """A ratings store with one standing: Ada_L's on 15×15 freestyle, settled at 1720."""

    def standing(self, name, kind):
        return Standing(name, kind, Rating(1720.4, 60.0)) if (name, kind) == ("Ada_L", "15x15") else None


def test_the_lobby_rating_comes_from_the_store_and_unrated_boards_have_none():
    assert lobby_rating(Ratings(), "Ada_L", BOARDS["15x15"], 0.0) == rated(1720)
    assert lobby_rating(Ratings(), "Ada_L", BOARDS["15x15"], 0.0).shown == "1720"
    assert lobby_rating(Ratings(), "Bob_B", BOARDS["15x15"], 0.0).shown == "1500?"  # no rated game yet
    assert lobby_rating(Ratings(), "Ada_L", BOARDS["3x3"], 0.0) is None
    assert lobby_rating(Ratings(), None, BOARDS["15x15"], 0.0) is None


def test_a_rated_seek_needs_a_rated_board():
    assert parse_rated("rated", "Ada_L", BOARDS["7x7"]) is True
    with pytest.raises(InvalidInput, match="not rated"):
        parse_rated("rated", "Ada_L", BOARDS["3x3"])


def test_the_colour_asked_is_the_owners_and_either_is_drawn():
    x, o = rated_seek().seats(Seated("acceptor", "Bob_B"))
    assert (x.player, o.player) == ("acceptor", "owner")
    drawn = {Seek("s" * 12, "owner", None, BOARDS["3x3"]).seats(Seated("acceptor"))[0].player for _ in range(64)}
    assert drawn == {"owner", "acceptor"}


def test_a_seek_reads_back_as_it_was_kept():
    seek = rated_seek()
    assert Seek.from_data(seek.to_data()) == seek


@pytest.mark.parametrize(("raw", "rated"), [("250", True), ("-100", True), ("1e2", True), ("100", False)])
def test_a_forged_rating_range_is_refused(raw: str, rated: bool):
    with pytest.raises(InvalidInput):
        parse_rating_range(raw, rated)


def test_a_blocked_name_is_a_name_and_not_ones_own():
    assert parse_blocked_name(" Bob_B ", "Ada_L") == "bob_b"
    for raw, name in (("ada_l", "Ada_L"), ("x", "Ada_L"), ("bob b", "Ada_L"), ("bob_b", None)):
        with pytest.raises(InvalidInput):
            parse_blocked_name(raw, name)
