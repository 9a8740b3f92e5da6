"""The replay's pages: /replay/<board>/<moves>, its steps, its fragment for htmx, its redirects and its 404s."""

from __future__ import annotations

import re

import pytest

from tests.support import Visitor


def test_a_replay_shows_the_board_reason_coach_and_result_at_each_step(visitor: Visitor):
    page = visitor.client.get("/replay/03142?step=3").text
    assert "Replay: step 3 of 5" in page and "<title>Replay · Tic-tac-toe and gomoku</title>" in page
    assert re.findall(r'class="cell mark-(\w)', page) == ["x", "x", "o"]  # read-only squares in a replay
    assert '<p class="reason">X played row 1, column 2. ' in page
    block = visitor.client.get("/replay/0148").text  # a link does not say who played: sides are named
    assert ('<p class="reason">O played row 3, column 3. '
            'O&#39;s reason: I block X&#39;s line: X would have completed it here.</p>') in block
    assert 'aria-label="Row 1, column 3, empty, loss in 2"' in page  # O blocks, then X forks
    assert "X won: three in a row." in page
    for text, step in (("First", 0), ("Previous", 2), ("Next", 4), ("Last", 5)):
        url = f"/replay/03142?step={step}"
        assert f'<a href="{url}" id="step-{text.lower()}" hx-get="{url}"' in page, text
    assert page.count('<a href="/replay/03142?step=') == 4 + 4  # controls, and the moves not shown


def test_a_replay_at_the_ends_disables_the_controls_that_go_nowhere(visitor: Visitor):
    first = visitor.client.get("/replay/03142?step=0").text
    assert '<span class="disabled" aria-disabled="true" id="step-previous" tabindex="-1">Previous</span>' in first
    last = visitor.client.get("/replay/03142").text
    assert '<span class="disabled" aria-disabled="true" id="step-next" tabindex="-1">Next</span>' in last
    assert "Play from here" not in last, "nothing to play once the game is over"


def test_a_replay_step_with_htmx_is_the_fragment(visitor: Visitor):
    response = visitor.client.get("/replay/40816?step=1", headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="replay"') and "<html" not in response.text


@pytest.mark.parametrize("path, expected", [
    ("/replay/44", "Step 2 plays square 4, which step 1 already took."),
    ("/replay/49", "Step 2 is “9”, not a square number from 0 to 8."),
    ("/replay/031428", "Step 6 comes after the game ended at step 5."),
    ("/replay/4a0", "Step 2 is “a”, not a square number from 0 to 8."),
    ("/replay/4%200", "Step 2 is “ ”, not a square number from 0 to 8."),
    ("/replay/0123456780", "A game on the 3x3 board has at most 9 moves; this one has 10."),
    ("/replay/408?step=4", "There is no step “4” in this game; its steps are 0 to 3."),
    ("/replay/408?step=one", "There is no step “one” in this game; its steps are 0 to 3."),
    ("/replay/7x7/d4-d4", "Step 2 plays d4, which step 1 already took."),
    ("/replay/7x7/d4-z9", "Step 2 is “z9”, not a square of the 7x7 board (a1 to g7)."),
    ("/replay/9x9/d4", "There is no board “9x9”; the boards are 3x3, 4x4, 5x5, 7x7, 15x15."),
    ("/replay/7x7/d4?step=2", "There is no step “2” in this game; its steps are 0 to 1."),
])
def test_an_invalid_replay_link_is_404_saying_which_step_is_wrong(visitor: Visitor, path, expected):
    response = visitor.client.get(path)
    assert response.status_code == 404 and expected in response.text


@pytest.mark.parametrize("path", ["/replay/7x7/d4-e5-c3", "/replay/7x7/", "/replay/15x15/h8-i9", "/replay/4x4/a1"])
def test_replay_links_work_on_every_board(visitor: Visitor, path: str):
    response = visitor.client.get(path)
    assert response.status_code == 200 and "Replay: step" in response.text


def test_a_3x3_replay_named_by_its_board_redirects_to_the_short_link(visitor: Visitor):
    response = visitor.client.get("/replay/3x3/408")
    assert response.status_code == 308 and response.headers["Location"].endswith("/replay/408")


def test_a_bigger_board_named_without_its_slash_redirects_to_its_empty_replay(visitor: Visitor):
    response = visitor.client.get("/replay/7x7?step=0&board=x&_external=1")
    assert response.status_code == 308
    assert response.headers["Location"].endswith("/replay/7x7/?step=0&board=x&_external=1")
    assert visitor.client.get("/replay/7x7/5x5").status_code == 404  # moves named like a board, on a board
    response = visitor.client.get("/replay/3x3")
    assert response.status_code == 308 and response.headers["Location"].endswith("/replay/")


def test_a_replay_on_a_bigger_board_names_its_moves_and_offers_its_levels(visitor: Visitor):
    page = visitor.client.get("/replay/7x7/d4-e5-c3?step=2").text
    assert "Replay: step 2 of 3" in page and "White played e5." in page
    assert '<input type="hidden" name="board" value="7x7">' in page
    assert '<input type="hidden" name="moves" value="d4-e5">' in page
    assert '<option value="master" selected>' in page and 'value="perfect"' not in page
    assert '<a href="/replay/7x7/d4-e5-c3?step=3" id="step-next"' in page


def test_a_3x3_replay_link_written_with_square_names_shows_the_game(visitor: Visitor):
    """People write squares as on the other boards (b2 is the centre): the
    link /replay/3x3/b2 leads to that game, not to a 404."""
    response = visitor.client.get("/replay/3x3/b2-a1", follow_redirects=True)
    assert response.status_code == 200
    assert response.text == visitor.client.get("/replay/46").text
    missing = visitor.client.get("/replay/b2-z9")
    assert missing.status_code == 404 and "Step 2 is “z9”, not a square of the 3x3 board (a1 to c3)." in missing.text


@pytest.mark.parametrize("link, why", [
    ("/replay/7x7/d4-a7-e4?opening=pro", "black&#39;s second stone goes at least 3 intersections from the centre"),
    ("/replay/7x7/a1-a7-g7?opening=pro", "black&#39;s first stone goes at the centre: a1 is 3 from the centre"),
    ("/replay/5x5/a1-a2-a3?opening=swap1", "it is for five in a row, freestyle or standard."),
    ("/replay/7x7/d4-e5-a1-b2?opening=long-pro",
     "no long pro opening: it is for five in a row, freestyle or standard, on 15×15."),
])
def test_a_link_whose_stones_break_its_opening_is_refused_saying_why(visitor: Visitor, link: str, why: str):
    """A link is not trusted to keep its opening's zones: a replay of stones
    the opening never allowed would say they were put down in it."""
    page = visitor.client.get(link)
    assert page.status_code == 404 and why in page.text


def test_a_link_whose_stones_keep_their_opening_opens(visitor: Visitor):
    assert visitor.client.get("/replay/7x7/d4-a7-a1?opening=pro").status_code == 200


def test_a_renju_replay_names_its_opening_when_it_is_one_of_renju_s_26(visitor: Visitor):
    """h8 g8 g7 is Kagetsu (h8 h9 i9) turned a quarter and mirrored; the name holds at every step."""
    for step in (0, 4):
        page = visitor.client.get(f"/replay/15x15-renju/h8-g8-g7-a1?step={step}").text
        assert '<p class="quiet opening">Kagetsu (4D), one of renju&#39;s 26 openings.</p>' in page
    # white two away, black's second outside the 5×5, two stones
    for other in ("h8-h10-i9-a1", "h8-g8-l12-a1", "h8-g8"):
        assert "renju&#39;s 26 openings" not in visitor.client.get(f"/replay/15x15-renju/{other}").text, other


@pytest.mark.parametrize("board", ["15x15", "15x15-standard"])
def test_a_freestyle_or_standard_replay_names_no_renju_opening(visitor: Visitor, board: str):
    """Their games do not open with renju's openings: the name would be a stranger's word for the first stones."""
    assert "renju&#39;s 26 openings" not in visitor.client.get(f"/replay/{board}/h8-g8-g7-a1").text


def test_a_replay_under_an_opening_rule_says_the_rule_and_under_renju_the_opening_s_name(visitor: Visitor):
    page = visitor.client.get("/replay/15x15-renju/h8-i9-i7-a1?opening=rif").text
    assert ("Opened under RIF: black&#39;s first stone at the centre; white&#39;s first stone beside the centre; "
            "black&#39;s second stone within the central 5×5. Hogetsu (7I), one of renju&#39;s 26 openings.") in page
    freestyle = visitor.client.get("/replay/15x15/h8-i9-i7-a1?opening=swap1").text
    assert "chose a colour." in freestyle and "Hogetsu" not in freestyle
