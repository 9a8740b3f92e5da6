"""The page "How the computer sees this" through the test client: good links,
the htmx fragments (a node alone, the section), bad links as 404s saying what
is wrong, and the links to it from the game and from every replay step."""

from __future__ import annotations

import importlib
import re

import pytest

from tests.support import HTMX, Visitor
from webapp.app import create_app
from webapp.engine import BOARDS, think

appraise_module = importlib.import_module("webapp.engine.play.appraise")  # the package's appraise is the function


def test_the_empty_board_shows_its_tree_and_the_searches(visitor: Visitor):
    page = visitor.client.get("/think/3x3/")
    assert page.status_code == 200 and "<html" in page.text
    text = page.text
    assert text.count('aria-expanded="false"') == 9
    assert "549,946" in text and "5,478" in text and "549,945 positions lie below this one" in text
    assert re.findall(r'<th scope="row">([^<]+)</th>', text) == [
        "Minimax", "Minimax with a memo", "Alpha-beta", "Alpha-beta with a transposition table and move ordering",
        "Look-up in the solved table"]
    assert "X plays row 2, column 2" in text and '<span class="tag">best play</span>' in text
    assert "Plain minimax examines 549,946 positions here (this one and every one below it)" in text, \
        "the table's count and the verdict's, told apart"
    assert "Every position of the game was worked out ahead of time when the server started" in text


def test_a_bound_that_starts_a_sentence_starts_with_a_capital(visitor: Visitor):
    """Issue 56's small things: "draw. at most 236,975,164,804 positions…"."""
    text = visitor.client.get("/think/4x4/b2-c3").text
    assert "<strong class=\"draw\">draw</strong>. At most 236,975,164,804 positions lie below this one." in text
    assert "draw</strong>. at most" not in text


def test_a_node_opens_by_a_plain_link_and_closes_by_another(visitor: Visitor):
    page = visitor.client.get("/think/3x3/4").text
    assert 'href="/think/3x3/4?open=0#node-0"' in page
    opened = visitor.client.get("/think/3x3/4?open=0").text
    assert 'id="toggle-0" href="/think/3x3/4#node-0"' in opened  # open: its link closes it
    assert 'aria-expanded="true" aria-controls="children-0"' in opened
    assert '<ul id="children-0">' in opened and 'href="/think/3x3/4?open=01#node-01"' in opened
    deeper = visitor.client.get("/think/3x3/4?open=018").text
    assert deeper.count('aria-expanded="true"') == 3


def test_with_htmx_a_node_comes_alone_to_swap_in_place(visitor: Visitor):
    response = visitor.client.get("/think/3x3/4?open=0&node=0", headers=HTMX)
    text = response.text.strip()
    assert response.status_code == 200 and text.startswith('<li id="node-0"') and text.count("<li") == 8
    assert text.endswith("</p>") and 'hx-swap-oob="outerHTML"' in text and "?open=0&amp;alphabeta=on" in text
    assert 'id="toggle-0"' in text and 'aria-expanded="true"' in text
    assert len(response.data) < 6 * 1024
    closed = visitor.client.get("/think/3x3/4?node=0", headers=HTMX).text
    assert 'aria-expanded="false"' in closed and "<ul" not in closed


def test_with_htmx_the_section_alone_when_the_marks_change(visitor: Visitor):
    response = visitor.client.get("/think/3x3/4?open=1&alphabeta=on", headers=HTMX)
    assert response.text.startswith('<section id="think"') and "<html" not in response.text
    assert "alpha-beta skipped it: O already has a better move elsewhere" in response.text
    assert "Hide what alpha-beta skips" in response.text


def test_a_finished_game_has_no_tree(visitor: Visitor):
    page = visitor.client.get("/think/3x3/03142").text
    assert "X wins! The game is over: there is no tree below it." in page and "<table" not in page


def test_on_4x4_what_would_take_too_long_is_not_run(visitor: Visitor):
    page = visitor.client.get("/think/4x4/").text
    assert "too many to run for a page" in page and "at most 56,874,039,553,217" in page
    assert "Stopped after 100,000 positions" in page and "not run" in page


@pytest.mark.parametrize("path", ["/think/5x5/", "/think/7x7/d4?depth=3", "/think/15x15/h8-i9?depth=1&open=h9"])
def test_a_big_board_shows_the_tree_to_its_depth_and_the_engines_statistics(visitor: Visitor, path: str):
    page = visitor.client.get(path).text
    assert "The engine's own move here" in page and "Transposition-table hits" in page
    assert "Depth of the tree" in page and "to the power" in page  # the bound on the whole game
    if "depth=1" in path:
        assert "the tree stops here" in page and "look deeper from here" in page


def test_the_game_page_links_to_this_browsers_position(visitor: Visitor):
    assert 'href="/think"' in visitor.open().text
    visitor.move(4)
    moves = visitor.stored()["moves"]
    response = visitor.client.get("/think")
    assert response.status_code == 303 and response.headers["Location"] == f"/think/3x3/{moves}"


def test_every_replay_step_links_to_its_position(visitor: Visitor):
    for step, moves in ((0, ""), (2, "40"), (5, "40816")):
        assert f'href="/think/3x3/{moves}"' in visitor.client.get(f"/replay/40816?step={step}").text
    assert 'href="/think/7x7/d4-e5"' in visitor.client.get("/replay/7x7/d4-e5").text


@pytest.mark.parametrize("path, expected", [
    ("/think/9x9/", "There is no board “9x9”; the boards are 3x3, 4x4, 5x5, 7x7, 15x15."),
    ("/think/3x3/44", "Step 2 plays square 4, which step 1 already took."),
    ("/think/3x3/4a", "Step 2 is “a”, not a square number from 0 to 8."),
    ("/think/3x3/031428", "Step 6 comes after the game ended at step 5."),
    ("/think/3x3/4?open=4", "“4” is not a line of play from this position"),
    ("/think/3x3/4?node=9", "“9” is not a line of play from this position"),
    ("/think/3x3/4?alphabeta=1", "Say alphabeta=on to show what alpha-beta skips"),
    ("/think/3x3/4?depth=2", "The 3x3 board is solved"),
    ("/think/7x7/d4?depth=0", "The depth is one of 1, 2, 3, not “0”."),
    ("/think/7x7/d4-z9", "Step 2 is “z9”, not a square of the 7x7 board (a1 to g7)."),
    ("/think/7x7/d4?open=a1", "a1 is not one of the moves the engine looks at there"),
])
def test_a_bad_link_is_404_saying_what_is_wrong(visitor: Visitor, path: str, expected: str):
    response = visitor.client.get(path)
    assert response.status_code == 404
    assert expected in response.text


def test_a_bad_node_asked_by_htmx_is_a_line_to_swap_in_not_a_page(visitor: Visitor):
    page = "http://localhost/think/3x3/4?open=0"
    asked = {**HTMX, "HX-Target": "li#node-0", "HX-Current-URL": page}
    response = visitor.client.get("/think/3x3/4?node=zz", headers=asked)
    assert response.status_code == 404 and "<html" not in response.text
    assert response.text.strip().startswith('<li class="message" role="alert">')  # it keeps its list a list
    assert "not a line of play" in response.text and f'href="{page}" hx-boost="false"' in response.text
    elsewhere = visitor.client.get("/think/3x3/4?node=zz", headers={**HTMX, "HX-Current-URL": "http://evil.example/"})
    assert elsewhere.text.strip().startswith("<p") and 'href="/think/3x3/4"' in elsewhere.text


def test_the_big_boards_page_is_worked_out_on_the_engine_workers(tmp_path):
    """The tree, the searches and the engine's move on 15×15 are the workers'
    job: with none running the page says the engines are busy (503), and
    the solved boards' page, look-ups, still answers."""
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "ENGINE_WORKERS": "external"},
                     instance_path=tmp_path / "instance")
    app.extensions["engines"].wait_seconds = 0.2
    client = app.test_client()
    for headers in ({}, HTMX):
        response = client.get("/think/15x15/h8-i9?depth=1", headers=headers)
        assert response.status_code == 503 and response.headers["Retry-After"] == "5"
        assert "engines are all busy just now, so this position could not be worked out" in response.text
    assert client.get("/think/3x3/4").status_code == 200
    app.extensions["engines"].queue.flush()


def test_what_the_workers_found_is_what_the_page_shows(visitor: Visitor, app, monkeypatch):
    """The route hands see() to the pool and renders what comes back."""
    asked = []
    pool = app.extensions["engines"]
    ask = pool.ask
    monkeypatch.setattr(pool, "ask", lambda function, *arguments, here: asked.append(here) or ask(function, *arguments))
    assert visitor.client.get("/think/7x7/d4?depth=1").status_code == 200
    assert visitor.client.get("/think/3x3/4").status_code == 200
    assert asked == [False, True]


def test_one_position_below_is_said_in_the_singular(visitor):
    page = visitor.client.get("/think/3x3/0123457").text  # two squares left: each leaves one position below
    assert "1 position below" in page and "1 positions below" not in page


def test_where_the_trees_best_move_is_not_the_engines_the_page_says_why(visitor):
    said = 0
    for moves in ("h8-i9-h9-h10", "h8", "h8-i9", "h8-h9-i8", "h8-i8-h9-i9", "h8-g7-h9-h10-i8"):
        page = visitor.client.get(f"/think/15x15/{moves}").text
        tree_best = re.search(r'<li id="node-[^"]*" class="best">.*?plays (\w+)</span>', page, re.S).group(1)
        engine_move = re.search(r"<dt>Its move</dt><dd>([^<]*)</dd>", page).group(1)
        why = f"The tree above puts {tree_best} first and the engine plays {engine_move}:"
        assert (why in page) is (tree_best != engine_move), moves
        said += why in page
    assert said, "some position among these has the two differ, or this test shows nothing"
    assert "The table is wider than this screen: scroll it sideways" in page


@pytest.mark.parametrize("moves", ["d4-e5", "d4-e5-c3-e4-e3"])
def test_the_engines_move_on_the_think_page_is_the_hints_worked_out_once(visitor: Visitor, monkeypatch,
                                                                          moves: str):
    """One voice: the think page shows the move Hint offers in the same
    position (a game of the person's, 7×7), and a second view, or the hint
    after the page, reads what the workers kept: no search runs again."""
    thoughts = []

    def counted(*args, **kwargs):
        thoughts.append(args[0])
        return think(*args, **kwargs)

    monkeypatch.setattr(appraise_module, "think", counted)
    page = visitor.client.get(f"/think/7x7/{moves}").text
    (shown,) = re.findall(r"<dt>Its move</dt><dd>([a-g][1-7])</dd>", page)
    assert len(thoughts) == 1 and "the move Hint offers" in page
    visitor.post("/new", {"board": "7x7", "x": "human", "o": "human"})
    for ply, square in enumerate(moves.split("-")):
        visitor.move(BOARDS["7x7"].parse_cell_name(square), ply)
    hinted = visitor.post("/hint", {"ply": str(visitor.ply())}).text
    assert f"Hint: {shown}: " in hinted
    assert re.findall(r"<dt>Its move</dt><dd>([a-g][1-7])</dd>", visitor.client.get(f"/think/7x7/{moves}").text) \
        == [shown]
    assert len(thoughts) == 1, "the hint and the second view read the kept choice"


def test_the_verdicts_count_and_the_tables_are_told_apart_and_the_stepper_is_linked(visitor: Visitor):
    """Issue 56's small things: "7,331 positions lie below" beside the table's 7,332."""
    text = visitor.client.get("/think/3x3/40").text
    assert "6,811 positions lie below this one: 6,812 with it, as the searches below count." in text
    assert "Positions examined (this one included)" in text
    assert '<a href="/steps/3x3/40">Step through a search</a>' in text
