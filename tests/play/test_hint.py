"""The hint: one move for the person to move, with why (issue: what a person
meets, second pass). On 3×3 every hint is checked against a plain minimax
written here, independent of the engine's solved table."""

from __future__ import annotations

import re
from functools import cache

import pytest

from harness.positions import reachable_positions, setup
from tests.scrapers import message
from tests.support import Visitor
from webapp.engine import BOARDS, Position
from webapp.play.found import Found
from webapp.play.game import Game
from webapp.play.hint import Hint, hint_for


@cache
def minimax(position: Position) -> tuple[int, int]:
    """(result for the side to move: 1 win, 0 draw, -1 loss; plies to the end with best play on both sides)."""
    if position.is_over:
        return (-1, 0) if position.winner else (0, 0)
    replies = [minimax(position.play(cell)) for cell in range(9) if not position.stones >> cell & 1]
    result, plies = max(replies, key=lambda reply: (-reply[0], reply[1] if reply[0] > 0 else -reply[1]))
    return -result, plies + 1


def never_asked(position: Position):
    raise AssertionError("a solved board's hint asks no engine")


def test_every_3x3_hint_is_a_best_move_and_says_truly_what_it_leads_to():
    positions = [p for p in reachable_positions(Position(BOARDS["3x3"])) if not p.is_over]
    assert len(positions) == 4520
    for position in positions:
        hint = hint_for(position, never_asked)
        result, plies = minimax(position)
        after, _ = minimax(position.play(hint.cell))
        assert -after == result, (position.text, hint)
        if result > 0:
            assert f"it wins within {(plies + 1) // 2} move" in hint.why, (position.text, hint)
        elif result < 0:
            assert "holds out longest" in hint.why
        else:
            assert "draw" in hint.why


@pytest.mark.parametrize("found, words", [
    (Found("win", 1, 0, 0), "it completes five and wins."),
    (Found("block", 1, 0, 0), "it blocks white's line, which would complete five there."),
    (Found("forced win", 5, 0, 0), "it starts a forced win: you win within 3 moves, whatever white does."),
    (Found("forced win", 1, 0, 0), "you win within 1 move,"),
    (Found("defence", 0, 0, 4), "it stops a forced win that white has"),
    (Found("lost", 2, 0, 0),
     "white has a forced win whatever you play, as far as the engine sees; this is its choice."),
    (Found("search", 6, 120, 6), "looking 6 moves ahead."),
    (Found("search", 1, 120, 1), "looking 1 move ahead."),
    (Found("search", 0, 120, 0), "at a first glance."),
    (Found("search", 6, 120, 6, "three",
           (BOARDS["15x15"].parse_cell_name("f8"), BOARDS["15x15"].parse_cell_name("j8"))),
     "it stops white's three (f8 would have stopped it too)."),
    (Found("defence", 6, 0, 6, "fours", (BOARDS["15x15"].parse_cell_name("j8"),)),
     "it stops white's win by fours, at the one square that stops it."),
    (Found("search", 6, 0, 6, "three", ()),
     "no square stops white's three: white can force a win; this is the engine's choice."),
    (Found("search", 6, 0, 6, "three", (BOARDS["15x15"].parse_cell_name("f8"),)),
     "it leaves white's three unanswered; the engine likes it best, looking 6 moves ahead."),
    (None, "the engine's choice."),
])
def test_on_a_big_board_the_hint_is_masters_move_with_what_its_search_found(found: Found | None, words: str):
    position = setup("15x15", x="h8 i8", o="h9 i9")  # black to move: the other side is white
    hint = hint_for(position, lambda asked: (asked.rules.parse_cell_name("j8"), found))
    assert hint.cell == BOARDS["15x15"].parse_cell_name("j8") and hint.square == "j8"
    assert words in hint.words and hint.words.startswith("j8: ")


def test_a_hint_marks_its_square_and_says_why_until_the_next_move(visitor: Visitor):
    visitor.new("human", "human")
    for cell in (0, 3, 1):
        visitor.move(cell)  # X threatens row 1: O must block at 2, and loses to X's fork at the centre anyway
    page = visitor.post("/hint", {"ply": "3"}).text
    why = "every square loses against best play; this one holds out longest."
    assert f'<p class="coach-line">Hint: row 1, column 3: {why}</p>' in page
    assert f'value="2" class="coach-hint" aria-label="Row 1, column 3, empty, hint: {why}"' in page
    assert 'name="hint" value="off" aria-pressed="true">Hint</button>' in page, "the button stays, pressed"
    assert "coach-hint" in visitor.client.get("/").text, "a reload keeps it"
    after = visitor.move(2).text
    assert "coach-hint" not in after and "Hint: " not in after
    assert 'name="hint" value="on" aria-pressed="false">Hint</button>' in after


def test_the_hint_pressed_again_hides_and_asked_again_comes_back_unchanged(visitor: Visitor, monkeypatch):
    visitor.new("human", "human")
    visitor.move(4)
    shown = visitor.post("/hint", {"ply": "1"}).text
    assert "coach-hint" in shown
    hidden = visitor.post("/hint", {"ply": "1", "hint": "off"}).text
    assert "coach-hint" not in hidden and "Hint: " not in hidden and 'value="on" aria-pressed="false"' in hidden
    assert visitor.stored()["moves"] == "4" and visitor.match().hint is None
    again = visitor.post("/hint", {"ply": "1"}).text
    assert re.search(r'<p class="coach-line">Hint: [^<]*</p>', again).group(0) in shown
    kept = visitor.match()
    monkeypatch.setattr(Game, "hint", lambda *args: pytest.fail("worked out again"))
    assert visitor.post("/hint", {"ply": "1", "hint": "on"}).status_code == 200 and visitor.match() == kept


@pytest.mark.parametrize("fields, status_code, why", [
    ({"ply": "1", "hint": "maybe"}, 400, "Say “on” or “off” to switch the hint."),
    ({"ply": "0", "hint": "off"}, 409, "out of date"),
])
def test_a_bad_hint_switch_is_refused_and_the_game_is_unchanged(visitor: Visitor, fields, status_code: int, why: str):
    visitor.new("human", "human")
    visitor.move(4)
    visitor.post("/hint", {"ply": "1"})
    before = visitor.stored()
    refused = visitor.post("/hint", fields)
    assert refused.status_code == status_code and why in message(refused.text)
    assert visitor.stored() == before


def test_the_hint_on_a_big_board_comes_from_the_engine_workers(visitor: Visitor):
    visitor.post("/new", {"board": "7x7", "x": "human", "o": "master"})
    visitor.move(24)
    answer = visitor.post("/hint", {"ply": "2"})
    assert answer.status_code == 200 and "coach-hint" in answer.text
    assert "engine;dur=" in answer.headers["Server-Timing"], "master thought, on a worker, for the hint"


@pytest.mark.parametrize("how, status_code, why", [
    ("out of date", 409, "out of date"),
    ("computers play", 409, "a person's turn"),
    ("game over", 409, "a person's turn"),
])
def test_a_hint_that_cannot_be_given_is_refused_and_the_game_is_unchanged(visitor: Visitor, how: str,
                                                                          status_code: int, why: str):
    if how == "computers play":
        visitor.new("easy", "hard")
    if how == "game over":
        visitor.new("human", "human")
        for cell in (0, 3, 1, 4, 2):
            visitor.move(cell)
    before = visitor.stored()
    refused = visitor.post("/hint", {"ply": "9" if how == "out of date" else str(visitor.ply())})
    assert refused.status_code == status_code and why in message(refused.text)
    assert visitor.stored() == before


def test_no_hint_button_with_the_coach_on(visitor: Visitor):
    assert ">Hint</button>" in visitor.open().text
    assert ">Hint</button>" not in visitor.post("/coach", {"coach": "on"}).text


def test_a_stored_hint_that_does_not_fit_the_game_is_dropped(visitor: Visitor):
    visitor.move(4)
    taken = visitor.stored()["moves"][0]
    for kept in ([taken, "b2", "no"], [99, "x", "y"], "junk", [1, "a"], [1, "s", "w" * 400]):
        with visitor.client.session_transaction() as session:
            session["play"] = {**session["play"], "hint": kept}
        assert "coach-hint" not in visitor.client.get("/").text, kept
    assert Hint(1, "row 1, column 2", "why.").words == "row 1, column 2: why."


@pytest.mark.parametrize("board", ["4x4", "7x7", "15x15"])
def test_with_the_coach_on_the_hint_is_greyed_and_says_why(visitor: Visitor, board: str):
    """Issue 67, item 8: the Hint button that vanished with the coach on said
    nothing. Above 3×3 it stays, greyed, with why; off again, it comes back."""
    from tests.play.test_no_script_views import withheld
    assert visitor.post("/new", {"board": board, "x": "human", "o": "easy"}).status_code == 200
    coached = visitor.post("/coach", {"coach": "on"}).text
    assert withheld(coached) == "No hint while the coach is on: turn Coach off for one."
    assert 'name="hint"' not in coached
    assert withheld(visitor.open().text) is not None, "the page as a reload shows it"
    plain = visitor.post("/coach", {"coach": "off"}).text
    assert withheld(plain) is None and 'name="hint" value="on"' in plain
