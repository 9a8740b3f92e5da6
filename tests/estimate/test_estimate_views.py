"""The searches that estimate, through the test client: every route, its
htmx section, its steps as links, and every bad link or query answered
with a 4xx saying what is wrong; the two lessons in the path's frame."""

from __future__ import annotations

import re

import pytest

from tests.support import HTMX, Visitor
from webapp.estimate import routes
from webapp.estimate.monte_carlo import HERE_ITERATIONS, MAX_ITERATIONS

pytestmark = pytest.mark.timeout(60)


def message(text: str) -> str:
    """The error page's words."""
    return " ".join(re.findall(r"<p[^>]*>([^<]+)</p>", text))


def test_the_monte_carlo_page_shows_the_moves_their_terms_and_the_last_iteration(visitor: Visitor):
    page = visitor.client.get("/monte-carlo/3x3/048?seed=1&iterations=7")
    assert page.status_code == 200 and "<html" in page.text
    text = page.text
    assert "O to move. Seed 1, 7 iterations." in text
    assert text.count('<tr class="preferred">') == 1 and "Exploration c·√(ln N / n)" in text
    assert "Iteration 7, part by part" in text and "Selection." in text and "Backup." in text
    for words, count in (("Back one", 6), ("Step one iteration", 8), ("Run 10 more", 17), ("Run 100 more", 107),
                         ("Run 1,000 more", 1007), ("Start over", 0)):
        link = f'href="/monte-carlo/3x3/048?seed=1&amp;iterations={count}"'
        assert re.search(rf'{re.escape(link)} hx-get="[^"]+" hx-target="#monte-carlo"[^>]*>{words}</a>', text), words


def test_its_sentence_sets_the_choice_beside_the_solved_table(visitor: Visitor):
    text = visitor.client.get("/monte-carlo/3x3/048?seed=1&iterations=1000").text
    assert ("After 1,000 iterations it prefers row 2, column 1, which the solved table calls a draw, "
            "as good as any move here.") in text
    assert "No iteration has run yet" in visitor.client.get("/monte-carlo/3x3/048").text


def test_with_htmx_the_section_comes_alone(visitor: Visitor):
    response = visitor.client.get("/monte-carlo/4x4/b2-c3?iterations=3", headers=HTMX)
    assert response.status_code == 200 and response.text.startswith('<section id="monte-carlo"')
    assert "<html" not in response.text
    depth = visitor.client.get("/depth/4x4/b2?depth=1", headers=HTMX)
    assert depth.text.startswith('<section id="depth"') and "<html" not in depth.text


def test_a_batch_past_the_web_threads_share_goes_to_the_engine_workers(visitor: Visitor, monkeypatch):
    asked = []
    engines = visitor.client.application.extensions["engines"]
    real = engines.ask
    monkeypatch.setattr(engines, "ask", lambda function, *arguments, here=False: (
        asked.append(here), real(function, *arguments, here=here))[1])
    visitor.client.get(f"/monte-carlo/3x3/4?iterations={HERE_ITERATIONS}")
    visitor.client.get(f"/monte-carlo/3x3/4?iterations={HERE_ITERATIONS + 1}")
    visitor.client.get("/depth/4x4/b2")
    assert asked == [True, False, False]


def test_the_depth_page_shows_the_pick_beside_the_tablebase_at_every_depth(visitor: Visitor):
    page = visitor.client.get(f"/depth/4x4/{routes.DEPTH_LESSON[1]}?depth=2")
    assert page.status_code == 200
    text = page.text
    assert ("Searched 2 moves deep, X picks d1; the tablebase calls it a loss in 3, "
            "where the best move is a draw.") in text
    assert text.count("(wrong: the best is a draw)") == 1
    assert "-590 for X, to move there" in text and 'aria-current="true">Depth 2</a>' in text
    assert 'href="/depth/4x4/c4-a4-b4-a2-b1-c3-c1-d2?depth=4"' in text


def test_on_7x7_nobody_knows_the_truth(visitor: Visitor):
    text = visitor.client.get("/depth/7x7/d4?depth=1").text
    assert "Nobody knows the truth on a board this size" in text and "The tablebase" not in text


@pytest.mark.parametrize("address, status, words", [
    ("/monte-carlo/3x3/048?seed=x", 400, "The seed is a whole number from 0 to 999,999,999, not “x”."),
    ("/monte-carlo/3x3/048?seed=-1", 400, "The seed is a whole number"),
    ("/monte-carlo/3x3/048?iterations=", 400, "The iterations are a whole number from 0 to 10,000"),
    (f"/monte-carlo/3x3/048?iterations={MAX_ITERATIONS + 1}", 400, "not “10001”"),
    ("/monte-carlo/3x3/048?iterations=1e3", 400, "not “1e3”"),
    ("/monte-carlo/5x5/", 404, "shown on 3x3 and 4x4"),
    ("/monte-carlo/9x9/", 404, "There is no board"),
    ("/monte-carlo/3x3/44", 404, "Step 2 plays square 4, which step 1 already took."),
    ("/monte-carlo/3x3/03142", 404, "The game is over after these moves"),
    ("/depth/4x4/?depth=0", 400, "The depth is one of 1, 2, 3, 4, not “0”."),
    ("/depth/4x4/?depth=5", 400, "not “5”"),
    ("/depth/4x4/?depth=two", 400, "not “two”"),
    ("/depth/3x3/", 404, "shown on 4x4, 5x5, 7x7, not on 3x3"),
    ("/depth/15x15/h8", 404, "not on 15x15"),
    ("/depth/4x4/zz", 404, "Step 1 is “zz”, not a square of the 4x4 board"),
    ("/depth/4x4/a1-a2-b1-b2-c1-c2-d1", 404, "The game is over after these moves"),
])
def test_a_bad_link_or_query_is_a_4xx_saying_what_is_wrong(visitor: Visitor, address: str, status: int, words: str):
    response = visitor.client.get(address)
    assert response.status_code == status and words in message(response.text)
    fragment = visitor.client.get(address, headers=HTMX)
    assert fragment.status_code == status and words in fragment.text


@pytest.mark.parametrize("slug, section", [("monte-carlo", "monte-carlo"), ("depth", "depth")])
def test_each_lesson_is_framed_by_the_path_and_its_board_works(visitor: Visitor, slug: str, section: str):
    page = visitor.client.get(f"/lessons/{slug}")
    assert page.status_code == 200
    text = page.text
    assert 'class="lesson-place"' in text and 'class="lesson-way-on"' in text
    assert f'<section id="{section}"' in text and 'aria-current="page"' in text  # the header's Learn
    assert text.count("<h2") == 1  # the lesson's title; the board's heading is beneath it
    assert '<h3 id="' in text


def test_the_lessons_steps_stay_in_the_lesson(visitor: Visitor):
    text = visitor.client.get("/lessons/monte-carlo?seed=3&iterations=2").text
    assert "Seed 3, 2 iterations." in text
    assert 'href="/lessons/monte-carlo?seed=3&amp;iterations=3"' in text
    assert 'href="/monte-carlo/3x3/?seed=1&amp;iterations=0"' not in text
    depth = visitor.client.get("/lessons/depth?depth=4").text
    assert "Searched 4 moves deep, X picks b2; the tablebase calls it a draw, as good as any move here." in depth
    assert 'href="/lessons/depth?depth=2"' in depth
    assert visitor.client.get("/lessons/depth?depth=9").status_code == 400
    assert visitor.client.get("/lessons/monte-carlo?iterations=x").status_code == 400


def test_a_move_tried_opens_its_node_and_the_table_shows_its_moves(visitor: Visitor):
    page = visitor.client.get("/monte-carlo/3x3/048?seed=1&iterations=57").text
    link = re.search(r'id="open-2" href="([^"]+)"', page).group(1).replace("&amp;", "&")
    assert link == "/monte-carlo/3x3/048?seed=1&iterations=57&node=2"
    opened = visitor.client.get(link).text
    total = int(re.search(r"\(N = ([\d,]+) visits? to that node\)", opened).group(1))
    visits = [int(cell) for cell in re.findall(r'<th scope="row">.*?</th>\s*<td>([\d,]+)</td>', opened, re.S)]
    assert "X's moves there after 57 iterations" in opened and sum(visits) == total - 1  # its first visit expanded it
    assert "› O row 1, column 3; the board above is that position." in opened
    assert 'href="/monte-carlo/3x3/048?seed=1&amp;iterations=58&amp;node=2"' in opened  # a step keeps it open
    assert 'href="/monte-carlo/3x3/048?seed=1&amp;iterations=56"' in opened  # back one may lose it: the position


@pytest.mark.parametrize("query, words", [
    ("iterations=3&node=7", "After 3 iterations the tree has no node 7 with moves below it to open"),
    ("iterations=5&node=44", "The node “44” is not a line of play from this position"),
    ("iterations=5&node=zz", "not a square number from 0 to 8"),
])
def test_a_node_not_in_the_tree_is_a_400_saying_so(visitor: Visitor, query: str, words: str):
    response = visitor.client.get(f"/monte-carlo/3x3/048?{query}")
    assert response.status_code == 400 and words in message(response.text)
