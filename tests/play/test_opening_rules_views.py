"""Swap1, pro and long pro at one screen and against the computer (swap2's
own are test_swap2_views): each step said in plain words, the zone shown on
the board (squares outside it not offered), every stone outside its zone and
every choice not open refused with why (4xx) and the game unchanged, and a
game under each rule linked, replayed and stored like swap2's."""

from __future__ import annotations

import pytest

from tests.support import Visitor
from webapp.engine import BOARDS
from webapp.play.game import Game

FIFTEEN = BOARDS["15x15"]


def new_game(visitor: Visitor, x: str, o: str, opening: str, board: str = "15x15"):
    return visitor.post("/new", {"board": board, "rule": "freestyle", "opening": opening, "x": x, "o": o})


def put(visitor: Visitor, name: str, rules=FIFTEEN):
    return visitor.move(rules.parse_cell_name(name))


def choose(visitor: Visitor, choice: str):
    return visitor.post("/choose", {"choice": choice, "ply": str(visitor.ply())})


def game_of(visitor: Visitor) -> Game:
    return Game.from_session(visitor.stored())


def button_of(page: str, name: str) -> str:
    """The board's button for a point, as the page writes it."""
    start = page.index(f'aria-label="{name},')
    return page[page.rindex("<button", 0, start):page.index(">", start)]


def test_pro_between_two_people_each_step_said_zoned_and_refused_outside_its_zone(visitor: Visitor) -> None:
    new_game(visitor, "human", "human", "pro")
    page = visitor.open().text
    assert "Pro: The first player puts down black&#39;s first stone, at the centre." in page
    assert "disabled" in button_of(page, "h9") and "outside the opening&#39;s zone" in button_of(page, "h9")
    assert "disabled" not in button_of(page, "h8")
    before = visitor.stored()
    refused = put(visitor, "h9")
    assert refused.status_code == 409 and "Under pro, black&#39;s first stone goes at the centre: h9 is 1 from the" in \
        refused.text
    assert visitor.stored() == before
    assert put(visitor, "h8").status_code == 200
    assert "Pro: The second player puts down white&#39;s first stone, anywhere." in visitor.open().text
    assert put(visitor, "i9").status_code == 200
    page = visitor.open().text
    assert ("Pro: The first player puts down black&#39;s second stone, at least 3 intersections from the centre "
            "(outside the central 5×5).") in page
    assert "outside-zone" in button_of(page, "j10") and "outside-zone" not in button_of(page, "k11")
    assert "The shaded points are closed to the opening's next stone." in page
    before = visitor.stored()
    refused = put(visitor, "j10")
    assert refused.status_code == 409 and "j10 is 2 from the centre." in refused.text and visitor.stored() == before
    assert put(visitor, "k11").status_code == 200
    game = game_of(visitor)
    assert game.opening_step is None and game.written_opening == "pro" and game.to_move == "O"
    assert "outside-zone" not in visitor.open().text, "after the opening every empty square is open"
    assert "The shaded points are closed" not in visitor.open().text
    assert "/replay/15x15/h8-i9-k11?opening=pro" in visitor.open().text.replace("&amp;", "&")


def test_the_computer_opens_pro_at_the_centre_and_says_so(visitor: Visitor) -> None:
    new_game(visitor, "hard", "human", "pro")
    game, page = game_of(visitor), visitor.open().text
    assert game.moves == (FIFTEEN.parse_cell_name("h8"),) and game.humans_turn
    assert "The computer put down black&#39;s first stone, h8, at the centre." in page
    assert "Pro: You put down white&#39;s first stone, anywhere." in page
    assert put(visitor, "g7").status_code == 200  # the computer's black second comes with the answer
    game = game_of(visitor)
    assert game.ply == 3 and Game.from_session(visitor.stored()).opening.why_not(FIFTEEN, 2, game.moves[2]) is None
    assert "The computer put down black&#39;s second stone" in visitor.open().text
    assert "Your turn: you play white." in visitor.open().text


def test_long_pro_against_the_computer_you_black_keeps_its_second_stone_four_away(visitor: Visitor) -> None:
    new_game(visitor, "human", "hard", "long-pro")
    assert put(visitor, "h8").status_code == 200 and game_of(visitor).ply == 2  # white's reply came with it
    before = visitor.stored()
    refused = put(visitor, "k11")
    assert refused.status_code == 409 and "at least 4 intersections from the centre (outside the central 7×7)" in \
        refused.text and visitor.stored() == before
    assert put(visitor, "l12").status_code == 200 and game_of(visitor).ply == 4


def test_long_pro_on_7x7_is_refused_with_why_and_renju_has_none_of_these(visitor: Visitor) -> None:
    answer = new_game(visitor, "human", "human", "long-pro", board="7x7")
    assert answer.status_code == 400 and "Long pro needs a bigger board than 7×7" in answer.text
    answer = visitor.post("/new", {"board": "15x15", "rule": "renju", "opening": "pro", "x": "human", "o": "human"})
    assert answer.status_code == 400 and "Renju begins at the centre: pro is for freestyle and standard." in answer.text


def test_swap1_offers_a_colour_only_and_refuses_two_more(visitor: Visitor) -> None:
    new_game(visitor, "master", "human", "swap1")
    page = visitor.open().text
    assert game_of(visitor).ply == 3 and "Swap1: You choose a colour: black or white." in page
    assert "Play black" in page and "Put down two more" not in page
    assert "The computer put down the opening" in page
    before = visitor.stored()
    refused = choose(visitor, "two")
    assert refused.status_code == 400 and "Choose black or white" in refused.text and visitor.stored() == before
    refused = put(visitor, "a1")
    assert refused.status_code == 409 and "Swap1 asks for a choice now" in refused.text
    assert choose(visitor, "white").status_code == 200
    game = game_of(visitor)
    assert game.o == "human" and game.written_opening == "swap1" and game.humans_turn and game.ply == 3


def test_swap1_you_open_and_the_computer_chooses_by_its_search(visitor: Visitor) -> None:
    new_game(visitor, "human", "master", "swap1", board="7x7")
    seven = BOARDS["7x7"]
    for name in ("d4", "d5", "c3"):
        assert put(visitor, name, seven).status_code == 200
    game = game_of(visitor)
    assert game.opening.choices[0] in ("black", "white") and game.opening_step is None


@pytest.mark.parametrize("stored", [
    {"moves": "h9-i9-k11"}, {"moves": "h8-i9-j10"}, {"opening": "long-pro", "moves": "h8-i9-k11"},
    {"choices": ["black"]}])
def test_a_stored_game_whose_stones_leave_their_zones_is_not_read(stored: dict) -> None:
    good = {"board": "15x15", "x": "human", "o": "human", "moves": "h8-i9-k11", "opening": "pro", "choices": []}
    assert Game.from_session(good) is not None
    assert Game.from_session({**good, **stored}) is None


@pytest.mark.parametrize("written, said", [
    ("pro", "Opened under pro: black&#39;s first stone at the centre; white&#39;s first stone anywhere; black&#39;s "
            "second stone at least 3 intersections from the centre (outside the central 5×5)."),
    ("swap1", "Opened with swap1: the first player put down stones 1 to 3 (black, white, black), and the second "
              "player chose a colour.")])
def test_a_link_to_a_game_under_each_rule_replays_with_its_opening_said(visitor: Visitor, written, said) -> None:
    page = visitor.client.get(f"/replay/15x15/h8-i9-k11-a1?opening={written}&step=2")
    assert page.status_code == 200 and said in page.text
    assert "(opening)" in page.text
