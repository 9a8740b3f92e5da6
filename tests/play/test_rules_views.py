"""Gomoku's rules in the app (issue: gomoku as players play it): a new game
chooses freestyle, standard or renju; renju's forbidden points are marked and
named on the board, and a move there is refused with why, a 409 and the game
unchanged; links and stored games keep the rule."""

from __future__ import annotations

import re

import pytest

from tests.support import Visitor
from webapp.engine import board_named

RENJU = board_named("15x15-renju")
DOUBLE_THREE_AT_J8 = ["h8", "a1", "i8", "a3", "j9", "a5", "j10", "a7"]
"""Black's h8 i8 and j9 j10: j8 would make two open threes."""


def new_game(visitor: Visitor, board: str, rule: str | None, x: str = "human", o: str = "human", htmx: bool = True):
    data = {"board": board, "x": x, "o": o, **({"rule": rule} if rule is not None else {})}
    return visitor.post("/new", data, htmx)


def play(visitor: Visitor, names: list[str]) -> None:
    for name in names:
        assert visitor.move(RENJU.parse_cell_name(name)).status_code == 200, name


def test_a_new_renju_game_says_its_rule_and_keeps_it(visitor: Visitor) -> None:
    assert new_game(visitor, "15x15", "renju").status_code == 200
    assert visitor.stored()["board"] == "15x15-renju"
    page = visitor.open().get_data(as_text=True)
    assert re.search(r'<span id="rule-choice" class="player"><label for="rule">Rule</label>', page)  # not hidden
    assert re.search(r'<option value="renju" selected>Renju</option>', page)
    assert "Renju: only exactly five wins for black" in page
    # The board's name in every link carries the rule: a replay of this game is a renju replay.
    play(visitor, ["h8"])
    replay = visitor.client.get("/replay/15x15-renju/h8").get_data(as_text=True)
    assert "Renju: only exactly five wins for black" in replay


def test_a_forbidden_point_is_marked_named_and_refused(visitor: Visitor) -> None:
    new_game(visitor, "15x15", "renju")
    play(visitor, DOUBLE_THREE_AT_J8)
    page = visitor.open().get_data(as_text=True)
    assert 'aria-label="j8, empty, forbidden to black: double three"' in page
    assert "rules.css" in page and page.count('class="foul"') == 1
    before = visitor.stored()
    answer = visitor.move(RENJU.parse_cell_name("j8"))
    assert answer.status_code == 409
    assert "j8 is forbidden to black under renju (a double three)." in answer.get_data(as_text=True)
    assert visitor.stored() == before


def test_renju_begins_at_the_centre(visitor: Visitor) -> None:
    new_game(visitor, "15x15", "renju")
    answer = visitor.move(RENJU.parse_cell_name("a1"))
    assert answer.status_code == 409 and "the first stone goes on h8" in answer.get_data(as_text=True)
    assert visitor.stored()["moves"] == ""


def test_white_has_no_forbidden_points_and_freestyle_none(visitor: Visitor) -> None:
    new_game(visitor, "15x15", "renju")
    play(visitor, DOUBLE_THREE_AT_J8[:-1])  # white to move
    assert "forbidden" not in visitor.open().get_data(as_text=True)
    new_game(visitor, "15x15", "freestyle")
    play(visitor, DOUBLE_THREE_AT_J8)
    assert "forbidden" not in visitor.open().get_data(as_text=True)
    assert visitor.move(RENJU.parse_cell_name("j8")).status_code == 200


def test_the_standard_rule_does_not_count_six(visitor: Visitor) -> None:
    """Black's b4 c4 d4 e4 and g4, then f4: six in a row on 7×7, which wins in freestyle only."""
    for rule, won in (("standard", False), ("freestyle", True)):
        new_game(visitor, "7x7", rule)
        rules = board_named(visitor.stored()["board"])
        for name in ["b4", "a1", "c4", "a3", "d4", "a5", "e4", "g1", "g4", "g3", "f4"]:
            assert visitor.move(rules.parse_cell_name(name)).status_code == 200, (rule, name)
        page = visitor.open().get_data(as_text=True)
        assert ("Black wins!" in page) is won, rule
        assert ("Standard rule: only exactly five in a row wins" in page) is not won


@pytest.mark.parametrize("board, rule, stored", [
    ("3x3", "renju", "3x3"), ("7x7", "renju", "7x7"), ("7x7", "standard", "7x7-standard"),
    ("15x15", "standard", "15x15-standard"), ("15x15", None, "15x15")])
def test_a_rule_the_board_is_not_played_under_is_freestyle(visitor: Visitor, board: str, rule: str | None,
                                                             stored: str) -> None:
    assert new_game(visitor, board, rule).status_code == 200
    assert visitor.stored()["board"] == stored
    hidden = '<span id="rule-choice" class="player" hidden>' in visitor.open().text
    assert hidden is (board not in ("7x7", "15x15"))  # the rule is shown with the boards that have rules


@pytest.mark.parametrize("rule", ["pro", "", "RENJU", "x" * 300])
def test_an_unknown_rule_is_refused_and_the_game_kept(visitor: Visitor, rule: str) -> None:
    new_game(visitor, "15x15", "renju")
    before = visitor.stored()
    answer = new_game(visitor, "15x15", rule)
    assert answer.status_code == 400
    assert "There is no rule" in answer.get_data(as_text=True)
    assert visitor.stored() == before


@pytest.mark.parametrize("path, words", [
    ("/replay/15x15-renju/h8-a1-i8-a3-j9-a5-j10-a7-j8", "Step 9: j8 is forbidden to black under renju"),
    ("/replay/15x15-renju/a1", "Step 1: Renju begins at the centre"),
    ("/replay/7x7-renju/d4", "The 7x7 board is played freestyle or standard, not “renju”"),
    ("/replay/3x3-standard/4", "The 3x3 board is played freestyle only"),
    ("/replay/15x15-/h8", "not “”"),
])
def test_a_link_that_breaks_the_rule_says_how(visitor: Visitor, path: str, words: str) -> None:
    answer = visitor.client.get(path)
    assert answer.status_code in (400, 404) and words in answer.get_data(as_text=True)
