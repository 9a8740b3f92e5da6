"""A person's game against an external engine (our own pbrain-kinrow,
installed as ENGINE_BRAINS would install any Gomocup brain), in Chromium,
on a server of its own; and the page when an engine fails."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from harness.accessibility import audit_both_schemes
from harness.browsing import BROWSER_BUDGET_MS, click, new_game, square
from harness.servers import in_a_thread
from tests.brains import KINROW, fake_brain
from webapp.app import create_app
from webapp.brains.external import stop_all

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def engines_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app with two engines installed (kinrow, and a fake that crashes), served in a thread."""
    crash = fake_brain(tmp_path_factory.mktemp("brains"), "crash")
    app = create_app({"SECRET_KEY": "engines in the browser", "ENGINE_BUDGET_MS": BROWSER_BUDGET_MS,
                      "ENGINE_WORKERS": "inline", "ENGINE_BRAINS": f"kinrow={KINROW},crash={crash}",
                      "ENGINE_BRAIN_SETTINGS": {"kinrow": "timeout_turn=300"}},
                     instance_path=tmp_path_factory.mktemp("instance"))
    with in_a_thread(app) as address:
        yield address
    stop_all()


def test_a_game_on_15x15_against_an_external_engine(page: Page, engines_server: str):
    page.goto(engines_server + "/")
    new_game(page, "human", "kinrow", "15x15")
    expect(page.locator(".reason")).to_have_text(
        "Your opponent: kinrow (an engine installed here, played through the Gomocup protocol).")
    for played in range(1, 4):  # along the middle row, on the first square the engine has left empty
        click(page, next(cell for cell in range(105, 120) if square(page, cell).is_enabled()))
        expect(page.locator(".moves li")).to_have_count(2 * played)
    expect(page.locator("#status")).to_have_text("Your turn: you play black.")
    expect(page.get_by_label("White", exact=True)).to_have_value("kinrow")


def test_an_engine_that_fails_is_replaced_by_master_and_the_page_says_so(page: Page, engines_server: str,
                                                                          axe_source: str):
    page.goto(engines_server + "/")
    new_game(page, "human", "crash", "7x7")
    click(page, 24)
    expect(page.locator(".moves li")).to_have_count(2)
    expect(page.locator(".reason")).to_contain_text(
        "Fake-crash failed (it stopped (exit status 3)), so master played this move in its place.")
    audit_both_schemes(page, axe_source)


def test_the_think_page_with_each_engines_move(page: Page, engines_server: str, axe_source: str):
    page.goto(engines_server + "/think/7x7/d4-c3")
    expect(page.get_by_role("heading", name="kinrow's move here")).to_be_visible()
    expect(page.get_by_role("heading", name="fake-crash's move here")).to_be_visible()
    audit_both_schemes(page, axe_source)
