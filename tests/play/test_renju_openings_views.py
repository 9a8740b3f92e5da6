"""Renju's opening rules (RIF, Soosõrv-8, Taraguchi-10) at one screen and
against the computer: each step said in words, a swap and a declaration as
buttons, black's fifth moves offered by clicking points on the board (the
points chosen so far carried in the page, or in the address without
JavaScript) and white's pick among them; every step out of turn, out of its
zone or against the rule's text refused with why (4xx) and the game
unchanged; a game under each linked, replayed and stored. The rules' own
sequences are tests/engine/test_renju_opening_rules.py's."""

from __future__ import annotations

import pytest

from tests.support import Visitor
from webapp.engine import BOARDS
from webapp.engine.game.renju_openings import named_opening
from webapp.play.game import Game

RENJU = BOARDS["15x15"].with_rule("renju")


def new_game(visitor: Visitor, x: str, o: str, opening: str, rule: str = "renju", htmx: bool = True):
    return visitor.post("/new", {"board": "15x15", "rule": rule, "opening": opening, "x": x, "o": o}, htmx)


def put(visitor: Visitor, name: str):
    return visitor.move(RENJU.parse_cell_name(name))


def choose(visitor: Visitor, choice: str):
    return visitor.post("/choose", {"choice": choice, "ply": str(visitor.ply())})


def chose_fifth(visitor: Visitor, name: str, offering: str = "", htmx: bool = True):
    """A click on a point at an offer of fifth moves, with the points chosen before it."""
    return visitor.post("/fifth", {"cell": str(RENJU.parse_cell_name(name)), "offering": offering,
                                   "ply": str(visitor.ply())}, htmx)


def game_of(visitor: Visitor) -> Game:
    return Game.from_session(visitor.stored())


def status_of(page: str) -> str:
    start = page.index('id="status"')
    return page[page.index(">", start) + 1:page.index("</", start)].strip().replace("&#39;", "'")


def reason_of(page: str) -> str:
    start = page.index('class="reason">') + len('class="reason">')
    return page[start:page.index("</p>", start)].replace("&#39;", "'")


def rif_up_to_the_offer(visitor: Visitor) -> None:
    """A RIF game at one screen: h8, h9, h7 (black's two and white's on column h), no swap, h10."""
    assert new_game(visitor, "human", "human", "rif").status_code == 200
    for name in ("h8", "h9", "h7"):
        assert put(visitor, name).status_code == 200
    assert choose(visitor, "stay").status_code == 200
    assert put(visitor, "h10").status_code == 200


def test_rif_at_one_screen_every_step_said_and_the_opening_s_stones_in_their_zones(visitor: Visitor) -> None:
    assert new_game(visitor, "human", "human", "rif").status_code == 200
    page = visitor.open().text
    assert status_of(page) == "RIF: The first player puts down black's first stone, at the centre."
    before = visitor.stored()
    refused = put(visitor, "a1")
    assert refused.status_code == 409 and (
        "Under RIF, black&#39;s first stone goes at the centre: a1 is 7" in refused.text)
    assert visitor.stored() == before
    assert put(visitor, "h8").status_code == 200
    assert status_of(visitor.open().text) == "RIF: The first player puts down white's first stone, beside the centre."
    assert put(visitor, "h10").status_code == 409, "two from the centre"
    assert put(visitor, "h9").status_code == 200
    assert put(visitor, "k11").status_code == 409, "outside the central 5×5"
    assert put(visitor, "h7").status_code == 200
    page = visitor.open().text
    assert status_of(page) == "RIF: The second player holds white: swap colours and play black, or stay white."
    assert 'value="swap">Swap: play black</button>' in page and 'value="stay">Stay white</button>' in page
    assert put(visitor, "a1").status_code == 409, "a choice is due, not a stone"
    assert choose(visitor, "black").status_code == 400, "not a choice this step has"
    assert choose(visitor, "stay").status_code == 200
    assert status_of(visitor.open().text) == "RIF: The second player puts down white's second stone, anywhere."


def test_black_s_fifth_moves_are_chosen_point_by_point_and_refused_with_why(visitor: Visitor) -> None:
    rif_up_to_the_offer(visitor)
    page = visitor.open().text
    assert status_of(page) == "RIF: The first player offers 2 fifth moves for black; white picks one."
    assert 'action="/fifth"' in page and "0 of 2 chosen." in page
    assert 'value="" disabled>Offer 2 fifth moves' in page, "nothing to offer yet"
    assert visitor.move(RENJU.parse_cell_name("g6")).status_code == 409, "a stone is not played at an offer"
    before = visitor.stored()
    chosen = chose_fifth(visitor, "g6")
    assert chosen.status_code == 200 and "1 of 2 chosen: g6." in chosen.text
    assert 'name="offering" value="g6"' in chosen.text and "offered as black&#39;s fifth move" in chosen.text
    assert visitor.stored() == before, "the game is unchanged until the offer is made"
    alike = chose_fifth(visitor, "i6", "g6")
    assert alike.status_code == 409 and "g6 and i6 are the same move in a mirror of this position" in alike.text
    assert 'name="offering" value="g6"' in alike.text, "the points chosen stay under a refusal"
    taken = chose_fifth(visitor, "h9", "g6")
    assert taken.status_code == 409 and "h9 is taken" in taken.text
    assert chose_fifth(visitor, "g6", "g6").text.count("0 of 2 chosen") == 1, \
        "a chosen point clicked again is taken back"
    assert chose_fifth(visitor, "k3", "g6 j5").status_code == 409, "a third of two"
    assert chose_fifth(visitor, "g6", "zz9").status_code == 400
    full = chose_fifth(visitor, "j5", "g6")
    assert "2 of 2 chosen: g6, j5." in full.text and 'value="g6 j5">Offer 2 fifth moves' in full.text
    assert choose(visitor, "g6 i6").status_code == 409, "the offer itself is checked again"
    assert choose(visitor, "g6").status_code == 409
    assert visitor.stored() == before
    assert choose(visitor, "g6 j5").status_code == 200
    page = visitor.open().text
    assert status_of(page) == "RIF: The second player picks black's fifth stone from those offered: g6 or j5."
    refused = put(visitor, "k3")
    assert refused.status_code == 409 and "white picks black&#39;s fifth stone among those black offered (g6, j5)" in \
        refused.text
    assert put(visitor, "j5").status_code == 200
    game = game_of(visitor)
    assert game.opening_step is None and game.to_move == "O" and game.notation == "h8-h9-h7-h10-j5"
    assert "/replay/15x15-renju/h8-h9-h7-h10-j5?opening=rif" in visitor.open().text.replace("&amp;", "&")


def test_without_javascript_the_points_chosen_travel_in_the_address(visitor: Visitor) -> None:
    rif_up_to_the_offer(visitor)
    answer = chose_fifth(visitor, "g6", htmx=False)
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/?offering=g6")
    assert "1 of 2 chosen: g6." in visitor.client.get("/?offering=g6").text
    answer = chose_fifth(visitor, "g6", "g6", htmx=False)
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/"), "none left: a plain address"
    assert visitor.client.get("/?offering=h9").status_code == 409, "an address naming a taken point"


def test_soosorv_8_white_declares_one_to_eight_and_black_offers_as_many(visitor: Visitor) -> None:
    assert new_game(visitor, "human", "human", "soosorv-8").status_code == 200
    for name in ("h8", "i9", "h10"):
        assert put(visitor, name).status_code == 200
    assert choose(visitor, "swap").status_code == 200
    assert put(visitor, "g9").status_code == 200
    page = visitor.open().text
    assert status_of(page) == ("Soosõrv-8: The first player declares how many fifth moves black will offer: "
                               "1 to 8."), "the opener holds white after the swap"
    assert "Declare 1</button>" in page and "Declare 8</button>" in page
    before = visitor.stored()
    assert choose(visitor, "9").status_code == 400 and choose(visitor, "0").status_code == 400
    assert visitor.stored() == before
    assert choose(visitor, "3").status_code == 200
    assert status_of(visitor.open().text) == ("Soosõrv-8: The second player holds black: swap colours and play "
                                              "white, or stay black.")
    assert choose(visitor, "stay").status_code == 200
    assert "0 of 3 chosen." in visitor.open().text
    assert choose(visitor, "g6 j5").status_code == 409, "two of three"


def test_against_the_computer_its_opening_steps_are_said_in_one_line(visitor: Visitor) -> None:
    assert new_game(visitor, "hard", "human", "rif").status_code == 200
    said = reason_of(visitor.open().text)
    game = game_of(visitor)
    names = [RENJU.cell_name(cell) for cell in game.moves]
    named = named_opening(RENJU, game.moves)
    assert named is not None, "the computer's three stones are one of the 26 openings"
    assert said == (f"The computer put down {names[0]}, {names[1]} and {names[2]}: {named.name} ({named.number}), "
                    "as even an opening as it could find."), said
    assert f"{named.name} ({named.number}), one of renju&#39;s 26 openings." in visitor.open().text
    assert game.choices_now == ("swap", "stay") and game.humans_turn


@pytest.mark.parametrize("x, o, option", [("human", "hard", 0), ("hard", "human", -1)])
def test_the_computer_takes_its_steps_of_each_renju_rule_and_the_person_theirs(visitor: Visitor, x, o, option):
    """Whatever the computer chooses, the person is always asked for a step
    they can take, and taking the first option of each choice (as the
    opener) or the last (as the other player: swaps, eight fifth moves, ten)
    reaches the game proper, every step refused nowhere."""
    for rule in ("rif", "soosorv-8", "taraguchi-10"):
        assert new_game(visitor, x, o, rule).status_code == 200
        for _ in range(40):
            game = game_of(visitor)
            if game.opening_step is None:
                break
            assert game.humans_turn, f"{rule}: the computer left its step {game.opening_step}"
            page = visitor.open().text
            assert status_of(page).startswith(game.opening.name + ": You "), status_of(page)
            if game.offering:
                chosen = ""
                for cell in sorted(game.position.legal_moves(), key=lambda cell: abs(cell - 112)):
                    answer = chose_fifth(visitor, RENJU.cell_name(cell), chosen)
                    if answer.status_code == 200:
                        chosen = " ".join(filter(None, (chosen, RENJU.cell_name(cell))))
                    if len(chosen.split()) == game.offering:
                        break
                assert choose(visitor, chosen).status_code == 200
            elif game.choices_now:
                assert choose(visitor, game.choices_now[option]).status_code == 200
            else:
                zone = sorted(game.state.zone or game.position.legal_moves(), key=lambda cell: abs(cell - 112))
                assert put(visitor, RENJU.cell_name(next(cell for cell in zone
                                                         if not game.position.stones >> cell & 1))).status_code == 200
        game = game_of(visitor)
        assert game.opening_step is None and game.opening.rule == rule
        assert game.written_opening == rule and Game.from_session(game.to_session()) == game


def test_renju_s_rules_are_renju_s_and_gomoku_s_are_not_renju_s(visitor: Visitor) -> None:
    answer = new_game(visitor, "human", "human", "rif", rule="freestyle")
    assert answer.status_code == 400 and "RIF is renju&#39;s opening rule, played on 15×15" in answer.text
    answer = new_game(visitor, "human", "human", "swap2")
    assert answer.status_code == 400 and "Renju&#39;s own are RIF, Soosõrv-8 and Taraguchi-10." in answer.text
    page = visitor.open().text
    assert 'value="rif" data-rules="renju">' in page and 'value="long-pro" data-boards="15x15">' in page
    assert 'value="swap2">' in page, "gomoku's where the form shows openings: freestyle and standard, 7×7 and 15×15"


def test_a_stored_game_whose_offer_does_not_stand_is_not_read(visitor: Visitor) -> None:
    rif_up_to_the_offer(visitor)
    assert choose(visitor, "g6 j5").status_code == 200
    stored = visitor.stored()
    assert stored["choices"] == ["stay", "g6 j5"] and Game.from_session(stored) is not None
    assert Game.from_session({**stored, "choices": ["stay", "g6 i6"]}) is None, "alike in a mirror"
    assert Game.from_session({**stored, "choices": ["stay", "g6 h9"]}) is None, "on a stone"
    assert Game.from_session({**stored, "moves": stored["moves"] + "-k3"}) is None, "a pick not offered"


@pytest.mark.parametrize("written, said", [
    ("rif", "Opened under RIF: black&#39;s first stone at the centre; white&#39;s first stone beside the centre; "
            "black&#39;s second stone within the central 5×5."),
    ("taraguchi-10", "Opened under Taraguchi-10: black&#39;s first stone at the centre."),
])
def test_a_link_to_a_renju_rule_s_game_replays_with_its_opening_said(visitor: Visitor, written, said) -> None:
    page = visitor.client.get(f"/replay/15x15-renju/h8-h9-h7-h10-j5?opening={written}&step=2")
    assert page.status_code == 200 and said in page.text
    refused = visitor.client.get(f"/replay/15x15-renju/h8-h10-h7?opening={written}")
    assert refused.status_code == 404 and "white&#39;s first stone goes" in refused.text
    assert visitor.client.get("/replay/15x15/h8-h9-h7?opening=rif").status_code == 404


def test_a_taraguchi_link_keeps_the_zones_of_its_first_four_stones_whatever_the_swaps(visitor: Visitor) -> None:
    refused = visitor.client.get("/replay/15x15-renju/h8-h9-h7-h12?opening=taraguchi-10")
    assert refused.status_code == 404 and ("Under Taraguchi-10, white&#39;s second stone goes within the central "
                                           "7×7: h12 is 4 from the centre.") in refused.text
    assert visitor.client.get("/replay/15x15-renju/h8-h9-h7-h11-a1?opening=taraguchi-10").status_code == 200


def test_between_two_computers_each_opening_step_is_told_as_who_took_it(visitor: Visitor) -> None:
    """Not as a colour's reason: under RIF the first player puts down white's
    first stone too, and white's player picks black's fifth."""
    assert new_game(visitor, "hard", "easy", "rif").status_code == 200
    said = []
    for _ in range(8):
        visitor.post("/step", {"ply": str(visitor.ply())})
        said.append(reason_of(visitor.open().text))
    assert said[0].startswith("The first player put down black's first stone, "), said[0]
    assert said[1].startswith("The first player put down "), said[1]
    assert not any("White's reason" in words or "Black's reason" in words for words in said[:5]), said
    assert any("picked black's fifth stone" in words for words in said), said


def test_my_games_names_each_game_s_opening_rule(visitor: Visitor) -> None:
    rif_up_to_the_offer(visitor)
    assert choose(visitor, "g6 j5").status_code == 200
    assert put(visitor, "j5").status_code == 200 and put(visitor, "k11").status_code == 200
    assert visitor.post("/resign", {"ply": "6"}).status_code == 200
    assert "15×15 renju, RIF, Two people" in visitor.client.get("/games").text
