"""The lesson "Write your own" (/lessons/write-your-own): the documented
minimax shown from its file, and every figure it states held to an
examination of both examples run here, through pbrain-python as
`make examine` runs them (no tool imported: the lesson's own functions)."""

from __future__ import annotations

import json
import re

import pytest
from markupsafe import escape

from tests.support import Visitor
from webapp.engine.players.examination import all_positions
from webapp.examinations.lesson import (
    EXAMPLES,
    KNOWN,
    examined_example,
    examined_examples,
    example_source,
    report_path,
    summary,
)

PAGE = "/lessons/write-your-own"


@pytest.fixture(scope="module")
def examined() -> dict[str, dict]:
    """Both examples examined now, summed up as the kept report sums them up."""
    return {name: summary(name, examined_example(name)) for name in EXAMPLES}


@pytest.mark.timeout(240)
def test_the_kept_report_is_what_an_examination_finds_now(examined: dict[str, dict]):
    kept = json.loads(report_path().read_text())
    assert kept == examined
    assert examined["minimax"]["wrong"] == 0 and examined["ways_to_win"]["wrong"] > 0
    assert [tuple(mistake["moves"]) for mistake in examined["ways_to_win"]["known"]] == list(KNOWN)


def test_the_page_states_the_shares_the_examination_finds(visitor: Visitor, examined: dict[str, dict]):
    page = visitor.client.get(PAGE)
    assert page.status_code == 200
    shares = re.findall(r'<td class="share">([0-9.]+)%</td>', page.text)
    assert shares == [f"{100 * examined[name]['share']:.1f}" for name in ("minimax", "ways_to_win")]
    heuristic = examined["ways_to_win"]
    assert f"{heuristic['wrong']:,} of them" in page.text and f"{len(all_positions()):,} of them" in page.text
    for lost, count in heuristic["lost"].items():
        assert f"{count:,} where it {lost}" in page.text


def test_the_minimax_is_shown_from_its_file_and_the_mistakes_linked(visitor: Visitor):
    page = visitor.client.get(PAGE).text
    assert escape(example_source("minimax")) in page and escape(example_source("ways_to_win")) in page
    assert '<a href="/think/3x3/048">think page</a>' in page and '<a href="/steps/3x3/048">stepper</a>' in page
    fork = examined_examples()["ways_to_win"]["known"][0]
    assert fork["played_name"] == "c3" and fork["best_names"] == "b3, a2, c2, b1"
    assert 'href="/examinations"' in page and "pbrain-python docs/examples/minimax.py:choose" in page
    assert "hx-" not in page.split("<article", 1)[1].split("</article>", 1)[0]  # plain HTML: nothing needs scripts
    assert "This site has none installed." in page
