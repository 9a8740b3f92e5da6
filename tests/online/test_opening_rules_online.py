"""Pro, long pro and swap1 between friends on two devices (swap2's own are in
test_online_views): each friend is told whose step it is and where its stone
may go, a stone outside its zone is refused (409) with why and changes
nothing, and the seats follow swap1's colour as they follow swap2's; RIF's
swap moves the seats too, and black's fifth moves are chosen on one
friend's page alone until they are offered."""

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
    assert status(bob.game(url).text) == (
        "Your friend is waiting for you: join to play white (freestyle, long pro opening).")


def test_pro_with_a_friend_each_stone_in_its_zone_and_refused_outside_it(alice: Friend, bob: Friend, carol: Friend):
    url = invited(alice, bob, "pro")
    assert status(alice.game(url).text) == "Pro: You put down black's first stone, at the centre."
    assert status(bob.game(url).text) == "Pro: Your opponent puts down black's first stone, at the centre."
    assert status(carol.game(url).text) == "Pro: Black's player puts down black's first stone, at the centre."
    before = bob.game(url).text
    refused = put(alice, url, "g7", 0)
    assert refused.status_code == 409 and (
        "Under pro, black's first stone goes at the centre: g7 is 1 from the centre."
        in refused.text.replace("&#39;", "'"))
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
    assert bob.post(url + "/choose", {"choice": "two", "ply": "3"}).status_code == 400
    assert bob.post(url + "/choose", {"choice": "black", "ply": "3"}).status_code == 200
    assert "you play black" in bob.game(url).text and status(alice.game(url).text) == "Your turn: you play white."


RENJU = board_named("15x15-renju")


def renju_invited(alice: Friend, bob: Friend, opening: str) -> str:
    fields = {"board": "15x15", "rule": "renju", "opening": opening, "side": "x"}
    url = alice.post("/online", fields, htmx=False).headers["Location"]
    assert bob.post(url + "/join", {}, htmx=False).status_code == 303
    return url


def fifth(friend: Friend, url: str, name: str, offering: str, ply: int, htmx: bool = True):
    return friend.post(url + "/fifth", {"cell": str(RENJU.parse_cell_name(name)), "offering": offering,
                                        "ply": str(ply)}, htmx)


def test_rif_with_a_friend_the_swap_moves_the_seats_and_the_offer_waits_until_it_is_made(alice: Friend, bob: Friend,
                                                                                          carol: Friend):
    url = renju_invited(alice, bob, "rif")
    assert status(bob.game(url).text) == "RIF: Your opponent puts down black's first stone, at the centre."
    for ply, name in enumerate(("h8", "h9", "h7")):
        assert alice.post(url + "/move", {"cell": str(RENJU.parse_cell_name(name)), "ply": str(ply)}).status_code == 200
        if name == "h9":
            assert "RIF: the first player put down white&#39;s first stone, h9, beside the centre." in \
                bob.events(url).replace("'", "&#39;"), "who put the stone down, not its colour"
    page = bob.game(url).text
    assert status(page) == "RIF: You hold white: swap colours and play black, or stay white."
    assert "Swap: play black</button>" in page and "Swap: play black" not in alice.game(url).text
    assert alice.post(url + "/choose", {"choice": "swap", "ply": "3"}).status_code == 409, "bob's choice, not alice's"
    assert bob.post(url + "/choose", {"choice": "swap", "ply": "3"}).status_code == 200
    assert "you play black" in bob.game(url).text and "you play white" in alice.game(url).text
    assert alice.post(url + "/move", {"cell": str(RENJU.parse_cell_name("h10")), "ply": "3"}).status_code == 200
    page = bob.game(url).text
    assert status(page) == ("RIF: You offer 2 fifth moves for black: choose 2 points on the board, then offer them. "
                            "White picks one.")
    assert "/fifth" in page and "/fifth" not in alice.game(url).text and "/fifth" not in carol.game(url).text
    before = alice.game(url).text
    assert '<form id="fifths-form" hx-preserve class="board-form"' in bob.events(url), \
        "a stream's message leaves the points chosen (in the form alone) as they are"
    chosen = fifth(bob, url, "g6", "", 4)
    assert chosen.status_code == 200 and "1 of 2 chosen: g6." in chosen.text
    assert alice.game(url).text == before, "the friend sees nothing until the offer is made"
    assert fifth(alice, url, "g6", "", 4).status_code == 409, "alice holds white: the offer is bob's"
    assert fifth(carol, url, "g6", "", 4).status_code == 403
    refused = fifth(bob, url, "i6", "g6", 4)
    assert refused.status_code == 409 and "no two fifth moves offered may be symmetrical" in refused.text
    assert 'name="offering" value="g6"' in refused.text
    answer = fifth(bob, url, "j5", "g6", 4, htmx=False)
    assert answer.status_code == 303 and answer.headers["Location"].endswith("?offering=g6+j5")
    assert "2 of 2 chosen: g6, j5." in bob.game(answer.headers["Location"]).text
    assert bob.post(url + "/choose", {"choice": "g6 j5", "ply": "4"}).status_code == 200
    assert "RIF: the second player offered 2 fifth moves for black: g6, j5." in alice.events(url)
    assert status(alice.game(url).text) == "RIF: You pick black's fifth stone from those offered: g6 or j5."
    assert "offered as black's fifth move" in carol.game(url).text.replace("&#39;", "'")
    assert alice.post(url + "/move", {"cell": str(RENJU.parse_cell_name("k3")), "ply": "4"}).status_code == 409
    assert alice.post(url + "/move", {"cell": str(RENJU.parse_cell_name("g6")), "ply": "4"}).status_code == 200
    assert "RIF: the first player picked black&#39;s fifth stone, g6, from the fifth moves offered." in \
        bob.events(url).replace("'", "&#39;")
    assert status(alice.game(url).text) == "Your turn: you play white."
    assert alice.post(url + "/resign", {"ply": "5"}).status_code == 200
    assert "/review/15x15-renju/h8-h9-h7-h10-g6?opening=rif&amp;resigned=O" in bob.game(url).text
