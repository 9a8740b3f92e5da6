"""Pro, long pro and swap1 between friends on two devices (swap2's own are in
test_online_views): each friend is told whose step it is and where its stone
may go, a stone outside its zone is refused (409) with why and changes
nothing, and the seats follow swap1's colour as they follow swap2's."""

from __future__ import annotations

from tests.scrapers import status
from tests.support import Friend
from webapp.engine import board_named

FIFTEEN = board_named("15x15")


def invited(alice: Friend, bob: Friend, opening: str) -> str:
    url = alice.post("/online", {"board": "15x15", "opening": opening, "side": "x"}, htmx=False).headers["Location"]
    assert bob.post(url + "/join", {}, htmx=False).status_code == 303
    return url


def put(friend: Friend, url: str, name: str, ply: int):
    return friend.post(url + "/move", {"cell": str(FIFTEEN.parse_cell_name(name)), "ply": str(ply)})


def test_the_friend_invited_is_told_the_opening_by_its_name(alice: Friend, bob: Friend):
    url = alice.post("/online", {"board": "15x15", "opening": "long-pro", "side": "x"}, htmx=False).headers["Location"]
    assert status(bob.game(url).text) == "Your friend is waiting for you: join to play white (freestyle, long pro opening)."


def test_pro_with_a_friend_each_stone_in_its_zone_and_refused_outside_it(alice: Friend, bob: Friend, carol: Friend):
    url = invited(alice, bob, "pro")
    assert status(alice.game(url).text) == "Pro: You put down black's first stone, at the centre."
    assert status(bob.game(url).text) == "Pro: Your friend puts down black's first stone, at the centre."
    assert status(carol.game(url).text) == "Pro: Black's player puts down black's first stone, at the centre."
    before = bob.game(url).text
    refused = put(alice, url, "g7", 0)
    assert refused.status_code == 409 and "Under pro, black's first stone goes at the centre: g7 is 1 from the centre." \
        in refused.text.replace("&#39;", "'")
    assert bob.game(url).text == before
    assert put(alice, url, "h8", 0).status_code == 200
    assert status(bob.game(url).text) == "Pro: You put down white's first stone, anywhere."
    assert put(bob, url, "h9", 1).status_code == 200
    assert "outside-zone" in alice.game(url).text and "outside-zone" in bob.game(url).text, "both see the zone"
    refused = put(alice, url, "i10", 2)
    assert refused.status_code == 409 and "i10 is 2 from the centre." in refused.text
    assert put(alice, url, "h11", 2).status_code == 200
    assert status(bob.game(url).text) == "Your turn: you play white."
    assert bob.game(url).text.count("(opening)") == 3
    assert bob.post(url + "/resign", {"ply": "3"}).status_code == 200
    assert "/review/15x15/h8-h9-h11?opening=pro&amp;resigned=O" in bob.game(url).text


def test_swap1_with_a_friend_the_colour_chosen_moves_the_seats(alice: Friend, bob: Friend):
    url = invited(alice, bob, "swap1")
    for ply, name in enumerate(("h8", "h9", "i9")):
        assert put(alice, url, name, ply).status_code == 200
    page = bob.game(url).text
    assert status(page) == "Swap1: You choose a colour: black or white." and "Put down two more" not in page
    assert bob.post(url + "/swap2", {"choice": "two", "ply": "3"}).status_code == 400
    assert bob.post(url + "/swap2", {"choice": "black", "ply": "3"}).status_code == 200
    assert "you play black" in bob.game(url).text and status(alice.game(url).text) == "Your turn: you play white."
