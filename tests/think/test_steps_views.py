"""The stepper, the predict-then-see questions and the four lessons through
the test client: every route, what each step shows, and every bad input a
4xx saying what is wrong."""

from __future__ import annotations

import re

import pytest

from tests.support import HTMX, Visitor
from webapp.app import create_app
from webapp.engine import DEFAULT_BOARD, Position
from webapp.engine.teaching.traced import run
from webapp.think.predict import question


def cells(text: str) -> list[str]:
    return re.findall(r"<td>([^<]*)</td>", text)


def test_a_step_shows_the_node_its_path_its_window_and_the_counts(visitor: Visitor):
    page = visitor.client.get("/steps/3x3/40?search=alphabeta&step=30")
    assert page.status_code == 200 and "<html" in page.text
    text = page.text
    assert "Alpha-beta: step 30 of 1,329" in text and "Path: X row 1, column 2" in text
    assert "alpha and beta" in text and (
        'id="step-next" hx-get="/steps/3x3/40?search=alphabeta&amp;order=listed&amp;step=31"' in text)
    position = Position.after(DEFAULT_BOARD, (4, 0))
    numbers = cells(text)
    for search in ("minimax", "alphabeta", "table"):
        assert f"{run(search, position, 'listed').examined:,}" in numbers
    assert f"alpha-beta would examine {run('alphabeta', position, 'best').examined:,} positions" in text


def test_with_htmx_the_stepper_comes_alone_and_a_cut_says_why(visitor: Visitor):
    found = None
    for step in range(1, 200):
        response = visitor.client.get(f"/steps/3x3/40?search=alphabeta&step={step}", headers=HTMX)
        if "cutoff:" in response.text:
            found = response
            break
    assert found is not None and found.text.startswith('<section id="stepper"')
    assert re.search(r"[αβ]-cutoff: [XO] already had a move worth [−+]?\d+ elsewhere", found.text)
    assert 'class="chip skipped"' in found.text


def test_the_order_changes_the_counts_and_a_square_clicked_joins_it(visitor: Visitor):
    listed = cells(visitor.client.get("/steps/3x3/40").text)
    best = cells(visitor.client.get("/steps/3x3/40?order=best").text)
    assert listed[0] == best[0] and listed[1:] != best[1:], "minimax never changes; alpha-beta does"
    own = visitor.client.get("/steps/3x3/40?order=8,2").text
    assert "Your own order: 8, 2" in own and 'href="/steps/3x3/40?search=alphabeta&amp;order=8,2,1&amp;step=1"' in own
    assert 'href="/steps/3x3/40?search=alphabeta&amp;order=2&amp;step=1"' in own, "clicked again, a square leaves"
    position = Position.after(DEFAULT_BOARD, (4, 0))
    assert f"{run('alphabeta', position, (8, 2)).examined:,}" in cells(own)


def test_minimaxs_last_step_on_the_empty_board(visitor: Visitor):
    page = visitor.client.get("/steps/3x3/?search=minimax&step=844724").text
    assert "Minimax: step 844,724 of 844,724" in page and "549,946" in page
    assert '<span class="disabled" aria-disabled="true" id="step-next"' in page


@pytest.mark.parametrize("path, status, expected", [
    ("/steps/3x3/40?step=99999", 404, "Alpha-beta takes 1,329 steps here: there is no step 99,999."),
    ("/steps/3x3/40?search=negamax", 400, "The search is one of minimax, alphabeta, table, not “negamax”."),
    ("/steps/3x3/40?order=4,4", 400, "Each square comes once in an order of moves."),
    ("/steps/3x3/40?order=9", 400, "The squares of a 3x3 board are numbered 0 to 8."),
    ("/steps/3x3/40?order=shuffled", 400, "The order is one of listed, best, worst, engine"),
    ("/steps/3x3/40?step=0", 400, "A step is a whole number from 1"),
    ("/steps/3x3/03142", 400, "The game is over in that position"),
    ("/steps/9x9/", 404, ""),
    ("/predict?kind=guess&seed=1", 400, "The question is one of choose, skip"),
    ("/predict?kind=skip&seed=-4", 400, "The seed is a whole number below"),
    ("/predict?kind=skip&seed=1&answer=12", 400, "An answer is a square of the 3×3 board"),
    ("/lessons/alpha-beta?at=99", 400, ""),
])
def test_a_bad_input_is_a_4xx_saying_what_is_wrong(visitor: Visitor, path: str, status: int, expected: str):
    response = visitor.client.get(path)
    assert response.status_code == status and expected in response.text


def test_a_4x4_position_too_big_says_why_and_a_small_one_steps(visitor: Visitor):
    assert "This position has 16 empty squares" in visitor.client.get("/steps/4x4/").text
    small = visitor.client.get("/steps/4x4/b2-c3-b3-c2-a1-d4-a4?search=table&step=3").text
    assert "Alpha-beta with a transposition table: step 3 of" in small


def test_a_prediction_without_a_seed_gets_one_and_is_the_same_every_time(visitor: Visitor):
    response = visitor.client.get("/predict?kind=skip")
    assert response.status_code == 302 and "seed=" in response.headers["Location"]
    assert visitor.client.get("/predict?kind=skip&seed=5").text == visitor.client.get("/predict?kind=skip&seed=5").text


@pytest.mark.parametrize("kind", ["choose", "skip"])
def test_a_prediction_answered_right_says_so_and_wrong_says_what(visitor: Visitor, kind: str):
    asked = question(kind, 11)
    right = "&".join(f"answer={cell}" for cell in sorted(asked.answer))
    page = visitor.client.get(f"/predict?kind={kind}&seed=11&{right}&reveal=1").text
    assert "<strong>Right" in page and asked.why.split(":")[0] in page
    wrong = next(cell for cell in asked.cells if cell not in asked.answer)
    page = visitor.client.get(f"/predict?kind={kind}&seed=11&answer={wrong}&reveal=1").text
    assert "<strong>Right" not in page and 'class="option wrong"' in page


@pytest.mark.parametrize("slug, title", [("game-tree", "The game tree"), ("minimax", "Minimax"),
                                         ("alpha-beta", "Alpha-beta"), ("ordering", "Move ordering")])
def test_each_lesson_has_its_frame_a_working_board_and_the_way_on(visitor: Visitor, slug: str, title: str):
    page = visitor.client.get(f"/lessons/{slug}")
    assert page.status_code == 200
    assert f'<h2 class="lesson-title">{title}</h2>' in page.text and 'class="lesson-way-on"' in page.text
    assert '<section id="stepper"' in page.text and f"/lessons/{slug}?at=" in page.text
    stepped = visitor.client.get(f"/lessons/{slug}?step=2", headers=HTMX)
    assert stepped.text.startswith('<section id="stepper"') and f'href="/lessons/{slug}?at=' in stepped.text


def test_the_minimax_and_alpha_beta_lessons_ask_a_question(visitor: Visitor):
    assert "which move will minimax choose?" in visitor.client.get("/lessons/minimax").text
    revealed = visitor.client.get("/lessons/alpha-beta?seed=3&answer=7&reveal=1").text
    assert 'class="verdict"' in revealed and "Another position" in revealed


def test_a_big_tree_is_stepped_on_the_engine_workers_and_a_small_one_here(tmp_path):
    """The empty board's searches are the workers' job: with none running the
    stepper says the engines are busy (503); a small tree's steps answer at once."""
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "ENGINE_WORKERS": "external"},
                     instance_path=tmp_path / "instance")
    app.extensions["engines"].wait_seconds = 0.2
    client = app.test_client()
    response = client.get("/steps/3x3/?search=alphabeta&step=5")
    assert response.status_code == 503 and "engines are all busy just now" in response.text
    assert client.get("/steps/3x3/40812?search=minimax&step=5").status_code == 200
    app.extensions["engines"].queue.flush()


def test_the_ordering_lesson_sets_every_order_side_by_side(visitor: Visitor):
    page = visitor.client.get("/lessons/ordering?at=04").text
    position = Position.after(DEFAULT_BOARD, (0, 4))
    for name, order in (("As listed: square by square, row by row", "listed"),
                        ("Worst first, by the solved table", "worst")):
        found = run("alphabeta", position, order)
        assert re.search(rf'<th scope="row">{name}</th><td>{found.examined:,}</td><td>{found.cuts:,}</td>', page)
