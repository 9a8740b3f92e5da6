"""'Open it as a game' on the analysis board: the game starts from the
position as it stands (its stones, its side to move, its rule), with no
order of moves before it and no reasons for moves nobody played."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.support import Visitor
from webapp.engine import BOARDS, Position
from webapp.shared.words import side_name


def opening_form(visitor: Visitor, link: str) -> dict[str, str]:
    """The fields the analysis board's form sends to /new (the select: its chosen level)."""
    page = visitor.client.get(link).text
    form = re.search(r'<form class="play-from-here".*?</form>', page, re.S).group(0)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
    select = re.search(r'<select id="opponent" name="([xo])">.*?<option value="([^"]+)" selected', form, re.S)
    return {**fields, select.group(1): select.group(2)}


def stones(rules, names: str) -> int:
    return sum(1 << rules.parse_cell_name(name) for name in names.split("-") if name)


@pytest.mark.parametrize("board, black, white, you", [
    ("15x15", "h8-i8-j8", "h9-i9", "O"),
    ("15x15-renju", "h8-i9", "h9-g7", "X"),
    ("7x7-standard", "d4", "", "O"),
])
def test_the_game_opened_has_the_position_and_side_to_move_exactly_and_no_invented_reason(
        visitor: Visitor, board: str, black: str, white: str, you: str):
    fields = opening_form(visitor, f"/analysis/{board}?x={black}&o={white}")
    assert fields[you.lower()] == "human"
    visitor.post("/new", {**fields, ("o" if you == "X" else "x"): "easy"}, htmx=False)
    game = visitor.match().game
    rules = BOARDS[board.split("-")[0]].with_rule(board.partition("-")[2] or "freestyle")
    assert game.rules == rules and game.position == Position(rules, stones(rules, black), stones(rules, white))
    assert game.to_move == you and game.set_up == game.ply and game.played == ()
    page = unescape(visitor.open().text)
    assert "The game began from a position set up by hand." in page
    assert not re.search(r"(X|O|Black|White) played|reason:|Nothing is forced here", page)
    assert f"Your turn: you play {side_name(rules, you, start=False)}." in page
    assert "Link to this game" not in page and not re.search(r"\b([XO]|Black|White): [a-o]\d", page)  # no moves listed


def test_moves_after_the_set_up_are_played_taken_back_and_kept_and_play_again_starts_from_it(visitor: Visitor):
    fields = opening_form(visitor, "/analysis/15x15?x=h8-i8-j8&o=h9-i9")
    visitor.post("/new", {**fields, "x": "easy"}, htmx=False)
    visitor.move(BOARDS["15x15"].parse_cell_name("a15"))
    game = visitor.match().game  # read back from the session store
    assert game.set_up == 5 and game.played[0] == BOARDS["15x15"].parse_cell_name("a15") and game.ply == 7
    visitor.post("/undo", {"ply": str(game.ply)})
    assert visitor.match().game.ply == 5 and visitor.match().game.set_up == 5
    answer = visitor.post("/undo", {"ply": "5"})
    assert answer.status_code == 409 and visitor.match().game.ply == 5
    visitor.post("/again", {})
    again = visitor.match().game
    rules = game.rules
    assert again.set_up == 5 and again.position == Position(rules, stones(rules, "h8-i8-j8"), stones(rules, "h9-i9"))


@pytest.mark.parametrize("fields, why", [
    ({"board": "15x15", "set_x": "h8-i8"}, "which no side to move fits"),
    ({"board": "15x15", "set_x": "a1-b1-c1-d1-e1", "set_o": "a3-b3-c3-d3"}, "Black already has five in a row"),
    ({"board": "15x15", "set_x": "h8", "set_o": "h8"}, "h8 has both a black stone and a white stone."),
    ({"board": "15x15", "set_x": "q1"}, "The black stones name “q1”"),
    ({"board": "15x15", "set_x": "h8", "set_o": "h9", "moves": "h9"}, "Step 1 plays h9, which holds a stone set up."),
    ({"board": "15x15", "rule": "renju", "set_x": "i8-j9", "set_o": "a1"}, "Renju begins at the centre"),
])
def test_a_set_up_no_game_reaches_is_refused_with_why_and_the_game_unchanged(visitor: Visitor, fields, why):
    before = visitor.match().game
    answer = visitor.post("/new", {"x": "human", "o": "easy", **fields})
    assert answer.status_code == 400 and why in unescape(answer.text)
    assert visitor.match().game == before


def test_when_the_computer_is_to_move_in_the_position_it_moves_and_says_why_after_the_set_up_sentence(visitor: Visitor):
    fields = opening_form(visitor, "/analysis/7x7?x=d4-e4-f4&o=d5-e5")  # white to move: it must stop the three
    visitor.post("/new", {**fields, "o": "master", "x": "human"}, htmx=False)
    game = visitor.match().game
    assert game.set_up == 5 and game.ply == 6 and game.to_move == "X"
    said = unescape(visitor.open().text)
    assert "The game began from a position set up by hand." in said
    assert re.search(r"The game began from a position set up by hand\. \S", said)  # its move's reason follows


def test_how_the_computer_sees_a_game_from_a_set_up_position_is_the_analysis_board_with_its_line(visitor: Visitor):
    fields = opening_form(visitor, "/analysis/15x15-standard?x=c8-d8-e8-f8-g8-h8&o=a1-a3-a5-a7-a9-a11")
    visitor.post("/new", {**fields, "o": "easy"}, htmx=False)
    answer = visitor.client.get("/think")
    assert answer.status_code == 303
    assert unescape(answer.headers["Location"]).startswith("/analysis/15x15-standard?x=")
    assert "line=on" in answer.headers["Location"] and visitor.client.get(answer.headers["Location"]).status_code == 200


def test_two_people_at_one_screen_open_it_and_the_page_says_how_the_game_began(visitor: Visitor):
    fields = opening_form(visitor, "/analysis/15x15?x=h8-i9&o=h9")
    visitor.post("/new", {**fields, "x": "human"}, htmx=False)
    game = visitor.match().game
    assert game.humans == ["X", "O"] and game.to_move == "O" and game.set_up == 3
    page = unescape(visitor.open().text)
    assert "The game began from a position set up by hand." in page and "Link to this game" not in page


def test_a_game_won_from_a_position_set_up_by_hand_does_not_count_in_the_score(visitor: Visitor):
    """Black's open four set up, black to move: the person wins at once, and the score is as it was."""
    fields = opening_form(visitor, "/analysis/15x15?x=e8-f8-g8-h8&o=a1-a3-a5-a7")
    visitor.post("/new", {**fields, "o": "easy"}, htmx=False)
    before = visitor.match().score
    visitor.move(BOARDS["15x15"].parse_cell_name("i8"))
    match = visitor.match()
    assert match.game.winner == "X" and match.game.result_key is None
    assert match.score == before
    assert "It does not count in the score: the position was chosen" in visitor.open().text
