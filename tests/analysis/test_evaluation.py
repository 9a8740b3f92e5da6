"""The engine's evaluation and best line on the analysis board: the squares
numbered on the board are the line of the one appraisal every page reads
(engine.advise, as the hint and the review have it), and on 3×3 the words
agree with a plain minimax written here."""

from __future__ import annotations

import re
from functools import cache
from html import unescape

from tests.support import HTMX, Visitor
from webapp.analysis.evaluation import from_thought
from webapp.engine import BOARDS, Forgetful, Position, Thought, advise

LINE_STEP = re.compile(r'aria-label="([a-o]\d+), [^"]*move (\d+) of the engine\'s line')


def numbered(page: str) -> list[str]:
    """The squares the page numbers as the engine's line, in the line's order."""
    found = {int(step): square for square, step in LINE_STEP.findall(unescape(page))}
    return [found[step] for step in sorted(found)]


def test_the_line_on_the_board_is_the_appraisal_s_line(visitor: Visitor):
    rules = BOARDS["15x15"]
    page = visitor.client.get("/analysis/15x15/evaluation?x=h8-i8-j8&o=h9-i9").text
    position = Position(rules, sum(1 << rules.parse_cell_name(name) for name in ("h8", "i8", "j8")),
                        sum(1 << rules.parse_cell_name(name) for name in ("h9", "i9")))
    expected = [rules.cell_name(cell) for cell in advise(position, Forgetful()).line[:12]]
    assert numbered(page) == expected and len(expected) >= 1
    assert re.search(r"about \d+ games in 100 for white|proven win", page)


def test_a_four_is_a_proven_win_in_one_drawn_where_it_completes(visitor: Visitor):
    page = unescape(visitor.client.get("/analysis/15x15/evaluation?x=d8-e8-f8-g8&o=a1-a3-a5-a7").text)
    assert "A proven win in 1: black completes the line at" in page
    assert numbered(page) in (["c8"], ["h8"])


@cache
def negamax(text: str) -> int:
    """The 3×3 value for the side to move, by plain search: 10 - plies for a
    win in that many plies (both sides' moves, the winning one included),
    minus that for a loss, 0 for a draw."""
    position = Position.from_text(BOARDS["3x3"], text)
    return max(after_move(position, cell) for cell in range(9) if text[cell] == ".")


def after_move(position: Position, cell: int) -> int:
    """negamax's value of the side to move playing cell."""
    after = position.play(cell)
    if after.winner:
        return 9
    if after.is_over:
        return 0
    reply = negamax(after.text)
    return -(reply - 1) if reply > 0 else -reply - 1 if reply < 0 else 0


def test_on_3x3_the_words_agree_with_a_plain_search_and_the_line_keeps_the_value(visitor: Visitor):
    rules = BOARDS["3x3"]
    seen = set()
    for black, white in (("b2", "a2"), ("a1", "b1"), ("b2", "a1"), ("a3-c3", "b2"), ("a1-c3", "b2"), ("a3-b3", "a2")):
        page = unescape(visitor.client.get(f"/analysis/3x3/evaluation?x={black}&o={white}").text)
        position = Position(rules, sum(1 << rules.parse_cell_name(n) for n in black.split("-")),
                            sum(1 << rules.parse_cell_name(n) for n in white.split("-")))
        value, mover = negamax(position.text), position.to_move
        plies = 10 - abs(value)
        if value > 0:
            said = f"{mover} wins within {(plies + 1) // 2} move"
        elif value < 0:
            said = f"{'O' if mover == 'X' else 'X'} wins within {plies // 2} move"
        else:
            said = "A draw with best play from both sides."
        assert said in page
        seen.add((value > 0) - (value < 0))
        line = [rules.parse_cell_name(name) for name in numbered(page)]
        assert line
        for cell in line:  # each move of the line keeps the value for the side that plays it
            assert after_move(position, cell) == negamax(position.text)
            position = position.play(cell)
            if position.is_over:
                break
    assert seen == {1, 0, -1}  # a win, a draw and a loss for the side to move were all checked


def test_with_the_line_on_the_page_asks_for_it_by_htmx_and_links_to_it_without(visitor: Visitor):
    page = visitor.client.get("/analysis/7x7?x=d4&o=c3&line=on").text
    asked = unescape(re.search(r'hx-get="([^"]+)" hx-trigger="load"', page).group(1))
    assert asked == "/analysis/7x7/evaluation?x=d4&o=c3&tool=x&line=on#at-board"
    assert f'<a href="{asked}">Show its evaluation</a>' in unescape(page)
    swapped = visitor.client.get(asked, headers=HTMX).text
    assert swapped.startswith('<section id="analysis"') and "<html" not in swapped and numbered(swapped)


def test_without_the_line_the_page_offers_it_and_asks_no_engine(visitor: Visitor):
    page = visitor.client.get("/analysis/7x7?x=d4&o=c3").text
    assert "hx-get" not in page and 'href="/analysis/7x7?x=d4&amp;o=c3&amp;tool=x&amp;line=on#at-board"' in page
    assert not numbered(page)


def test_each_kind_of_appraisal_is_said_without_a_score_where_it_has_none():
    """The words from_thought gives each kind of master's Thought (the kinds search.Thought names)."""
    rules = BOARDS["15x15"]
    position = Position(rules, 1 << rules.parse_cell_name("h8"), 1 << rules.parse_cell_name("h9"))
    g7 = rules.parse_cell_name("g7")

    def said(kind: str, score: int = 0, line: tuple[int, ...] = (g7,)) -> str:
        return from_thought(position, Thought(g7, kind, list(line), score, 4, 100, 0, 0.1)).words

    assert said("win") == "A proven win in 1: black completes the line at g7."
    assert said("forced win", line=(g7, 1, 2, 3, 4)).startswith("A proven win for black in 3 moves")
    assert said("block") == "White would complete the line at g7 next: black must block there."
    assert "White can force a win whatever black plays" in said("lost")
    assert "first move tried that does not" in said("defence", 5000) and "5,000" not in said("defence", 5000)
    assert said("search", 1000) == ("No forced win found. The engine scores the position +1,000 for black: about 73 "
                                    "games in 100 for black, 4 moves deep.")
