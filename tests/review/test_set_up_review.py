"""The review of a game begun from stones set up by hand (the analysis
board's, carried in the link as x= and o=): it judges, numbers and retries
only the moves played after them, and says so; a bad set-up is a 404."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from flask import Flask

from tests.support import Visitor
from webapp.app import create_app
from webapp.engine import BOARDS

BLACK_FOUR = "x=a1-b1-c1-d1&o=a7-b7-c7"
"""7×7, white to move (seven stones set up), black's four open at e1."""


def words(page: str) -> str:
    """The page's text, tags dropped and spaces squeezed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_only_the_moves_played_are_judged_numbered_and_summed_up_each_by_its_own_side(visitor: Visitor):
    page = visitor.client.get(f"/review/7x7/g7-e1?{BLACK_FOUR}&step=1")
    assert page.status_code == 200
    text = words(page.text)
    assert "Review: 7×7, move 1 of 2" in text
    assert "Move 1 White: g7 Blunder ?? Black wins in 1. Best was e1, which holds." in text
    assert "Black: accuracy 100% 1 Best" in text and "White: accuracy 0% 1 Blunder Retry white's errors" in text
    assert ("The game began from a position set up by hand (7 stones): they were set up, not played, so the "
            "review numbers and judges only the moves played after them.") in text
    assert re.findall(r"<li data-cell=\"\d+\"[^>]*>(?:<[^>]+>)*([^<]+)", page.text) == ["White: g7", "Black: e1"]
    assert "Move 2, black: black&#39;s chances 100%" in page.text and "Move 3" not in page.text


def test_the_start_of_a_set_up_game_s_review_is_its_position_with_no_move_to_judge(visitor: Visitor):
    page = visitor.client.get(f"/review/7x7/g7-e1?{BLACK_FOUR}&step=0").text
    text = words(page)
    assert "move 0 of 2" in text and "The position set up Go to a move to see what it was worth." in text
    assert "White to move." in text and 'aria-label="a1, black"' in page and "last move" not in page
    links = html.unescape(page)
    assert "/replay/7x7/g7-e1?step=0&x=a1-b1-c1-d1&o=a7-b7-c7" in links
    assert '<a href="/analysis/7x7?line=on&x=a1-b1-c1-d1&o=a7-b7-c7">How does the computer see this?</a>' in links
    assert "/record/psq/" not in links and "/think/" not in links


def test_a_set_up_game_s_errors_are_retried_from_the_position_before_each(visitor: Visitor):
    first = visitor.client.get("/review/3x3/02/retry/O?x=b2&o=a1")
    assert first.status_code == 200
    text = words(first.text)
    assert "Retry O's errors: 1 of 1" in text and "In the game, O played row 1, column 3 here." in text
    assert re.findall(r'class="mark-(\w)', first.text) == ["x", "x", "o"]  # a3 played, b2 and a1 set up
    headers = {"Sec-Fetch-Site": "same-origin"}
    wrong = visitor.client.post("/review/3x3/02/retry/O?x=b2&o=a1", data={"cell": "1", "at": "0"}, headers=headers)
    assert "Row 1, column 2 is not it: X wins in 1. Try again." in words(wrong.text)
    right = visitor.client.post("/review/3x3/02/retry/O?x=b2&o=a1", data={"cell": "8", "at": "0"}, headers=headers)
    assert "Row 3, column 3 is right." in words(right.text) and "You found 1 of 1." in words(right.text)
    assert "/replay/02?x=b2&amp;o=a1" in right.text



def test_a_retry_where_white_moves_first_after_the_set_up_is_white_s(visitor: Visitor):
    """Seven stones set up: white is to move first, so the game's first move,
    its error, is white's, and so is the retry of it."""
    link = f"/review/7x7/g7-e1/retry/O?{BLACK_FOUR}"
    first = words(visitor.client.get(link).text)
    assert "Retry white's errors: 1 of 1" in first and "In the game, white played g7 here." in first
    assert visitor.client.get(f"/review/7x7/g7-e1/retry/X?{BLACK_FOUR}").status_code == 200  # black's: none
    e1 = str(BOARDS["7x7"].parse_cell_name("e1"))
    right = visitor.client.post(link, data={"cell": e1, "at": "0"}, headers={"Sec-Fetch-Site": "same-origin"})
    assert "e1 is right." in words(right.text) and "You found 1 of 1." in words(right.text)


@pytest.fixture
def no_workers_app(instance: Path) -> Flask:
    """An app whose engine workers are elsewhere and never come: its reviews stay unfinished."""
    return create_app({"TESTING": True, "SECRET_KEY": "test key", "ENGINE_WORKERS": "external"},
                      instance_path=instance)


def test_the_engine_workers_are_asked_about_the_moves_played_only(no_workers_app: Flask):
    response = no_workers_app.test_client().get(f"/review/7x7/g7-e1?{BLACK_FOUR}")
    text = words(response.text)
    assert "Reviewed 0 of 2 moves" in text
    assert html.unescape('hx-get="/review/7x7/g7-e1/progress?step=2&amp;x=a1-b1-c1-d1&amp;o=a7-b7-c7"') in \
        html.unescape(response.text)
    assert no_workers_app.extensions["engines"].pages.pending_count() == 2


@pytest.mark.parametrize("query, why", [
    ("x=h8&o=h8", "h8 has both a black stone and a white stone."),
    ("x=h8-i9-j10&o=a2", "which no side to move fits"),
    ("x=a1-b1-c1-d1-e1&o=a3-b3-c3-d3", "Black already has five in a row"),
    ("x=q1", "The black stones name “q1”"),
    ("x=h8-i9&o=j10&step=2", "There is no step “2” in this game; its steps are 0 to 1."),
    ("x=h8-i9&o=j10&opening=swap2", "A game from a position set up by hand has no opening rule"),
    ("x=h8-i9&o=a1", "Step 1 plays a1, which holds a stone set up."),
])
def test_a_bad_set_up_in_a_review_link_is_404_saying_what_is_wrong(visitor: Visitor, query: str, why: str):
    for path in ("/review/15x15/a1", "/review/15x15/a1/retry/X"):
        response = visitor.client.get(f"{path}?{query}")
        assert response.status_code == 404 and why in html.unescape(response.text), (path, query)
