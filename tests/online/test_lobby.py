"""A seek as a value: who may accept it (own, rated, range, blocks), its
colours, its data read back, and the form's fields refused when forged."""

from __future__ import annotations

import pytest

from webapp.engine import BOARDS, Opening
from webapp.online.lobby import GONE, Colour, Seek, parse_blocked_name, parse_rating_range
from webapp.online.pairing import Seated
from webapp.shared.errors import InvalidInput


def rated_seek(rating_range: int | None = 100) -> Seek:
    return Seek("s" * 12, "owner", "Ada_L", BOARDS["15x15"].with_rule("renju"), Opening("rif"), "5+3", True,
                Colour.O, 1500, rating_range, 1.0)


def test_who_may_accept_a_rated_seek():
    seek = rated_seek()
    assert "your own" in seek.acceptance_problem("owner", None, None)
    assert "your own" in seek.acceptance_problem("other", "Ada_L", 1500)  # the same account in another browser
    assert "account" in seek.acceptance_problem("other", None, None)
    assert seek.acceptance_problem("other", "Bob_B", 1600) is None
    assert "within 100 of 1500" in seek.acceptance_problem("other", "Bob_B", 1601)
    assert "within" in seek.acceptance_problem("other", "Bob_B", None)
    assert rated_seek(None).acceptance_problem("other", "Bob_B", 2400) is None
    assert seek.acceptance_problem("other", "Bob_B", 1500, frozenset({"ada_l"})) == GONE


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
