"""Without JavaScript (plain form posts, no HX-Request), every choice a game
can start with is on the first page, and every board has its hint (issue 67,
items 3 and 8): the rule and the opening are offered from a first visit, so
that a first game may be renju under RIF; a choice that does not fit the
board is left out or refused with why; 15×15's Hint is a toggle like every
board's, and a turn in an opening's steps, which has no hint, says why in
place of a button that vanished."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.scrapers import message, status
from tests.support import Visitor

RULE_CHOICES = ("rule-choice", "opening-choice", "invite-rule-choice", "invite-opening-choice")


def shown_without_script(visitor: Visitor, page: str, element_id: str) -> bool:
    """Whether the element is shown with JavaScript off: not hidden, or
    hidden and shown again by a stylesheet the page loads only without it."""
    tag = re.search(rf'<[a-z]+ id="{element_id}"[^>]*>', page)
    if tag is None:
        return False
    if " hidden" not in tag.group(0):
        return True
    for href in re.findall(r'<noscript><link rel="stylesheet" href="([^"]+)"></noscript>', page):
        sheet = visitor.client.get(href).text
        if re.search(rf'#{element_id}\[hidden\][^{{]*\{{\s*display:\s*(?!none)', sheet):
            return True
    return False


def options(page: str, select_id: str) -> list[str]:
    select = re.search(rf'<select id="{select_id}"[^>]*>(.*?)</select>', page, re.S).group(1)
    return re.findall(r'<option value="([^"]+)"', select)


def test_a_first_visit_offers_the_rule_and_the_opening_and_starts_renju_under_rif(visitor: Visitor):
    page = visitor.open().text  # a first visit: the default board, 3×3, which has no rules of its own
    for element_id in RULE_CHOICES:
        assert shown_without_script(visitor, page, element_id), element_id
    assert "renju" in options(page, "rule") and "rif" in options(page, "opening")
    assert "renju" in options(page, "invite-rule") and "rif" in options(page, "invite-opening")
    answer = visitor.post("/new", {"board": "15x15", "rule": "renju", "opening": "rif", "x": "human",
                                   "o": "master"}, htmx=False)
    assert answer.status_code == 303
    assert visitor.stored()["board"] == "15x15-renju" and visitor.stored()["opening"] == "rif"
    assert "RIF" in status(visitor.open().text)


@pytest.mark.parametrize("fields, stored", [
    ({"board": "3x3", "rule": "renju", "opening": "rif"}, {"board": "3x3"}),  # no rules on 3×3: left out
    ({"board": "5x5", "rule": "standard", "opening": "swap2"}, {"board": "5x5"}),
    ({"board": "7x7", "rule": "standard", "opening": "none"}, {"board": "7x7-standard"}),
])
def test_a_rule_or_opening_a_board_has_not_got_is_left_out(visitor: Visitor, fields: dict, stored: dict):
    assert visitor.post("/new", {**fields, "x": "human", "o": "human"}, htmx=False).status_code == 303
    game = visitor.stored()
    assert {name: game[name] for name in stored} == stored and "opening" not in game


def test_an_opening_the_rule_has_not_got_is_refused_with_why_and_the_choices_kept(visitor: Visitor):
    before = visitor.stored()
    answer = visitor.post("/new", {"board": "15x15", "rule": "freestyle", "opening": "rif", "x": "human",
                                   "o": "human"}, htmx=False)
    assert answer.status_code == 400 and "RIF is renju's opening rule" in message(answer.text)
    assert re.search(r'<option value="rif"[^>]* selected>', answer.text)
    assert shown_without_script(visitor, answer.text, "opening-choice")
    assert visitor.stored() == before


def test_15x15_has_a_hint_that_toggles_like_every_boards(visitor: Visitor):
    visitor.post("/new", {"board": "15x15", "x": "human", "o": "master"}, htmx=False)
    assert 'name="hint" value="on" aria-pressed="false">Hint</button>' in visitor.open().text
    assert visitor.post("/hint", {"ply": "0", "hint": "on"}, htmx=False).status_code == 303
    shown = visitor.open().text
    assert 'name="hint" value="off" aria-pressed="true">Hint</button>' in shown and "coach-hint" in shown
    assert visitor.post("/hint", {"ply": "0", "hint": "off"}, htmx=False).status_code == 303
    hidden = visitor.open().text
    assert 'name="hint" value="on" aria-pressed="false">Hint</button>' in hidden and "coach-hint" not in hidden


def withheld(page: str) -> str | None:
    """The greyed Hint button's why, if the page has one."""
    button = '<button type="button" disabled aria-describedby="hint-withheld">Hint</button>'
    found = re.search(r'<p id="hint-withheld" class="hint-withheld">([^<]*)</p>', page)
    return unescape(found.group(1)) if found and button in page else None


def test_in_an_opening_the_hint_is_greyed_and_says_why(visitor: Visitor):
    visitor.post("/new", {"board": "15x15", "rule": "renju", "opening": "rif", "x": "human", "o": "master"},
                 htmx=False)
    page = visitor.open().text
    assert withheld(page) == "No hint in RIF's opening: its stones and choices are yours to make."
    assert 'name="hint"' not in page
    refused = visitor.post("/hint", {"ply": "0"}, htmx=False)
    assert refused.status_code == 409 and "There is no hint in RIF's opening" in message(refused.text)

