"""The analysis board in Chromium (issue 55, item 12): it passes the WCAG
2.2 AA audit on a phone, light and dark, its 225 points no longer each a
target too small to tap; Tab reaches the board once and the arrow keys move
between its points, as on the game's board."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from harness.accessibility import audit_both_schemes
from harness.browsing import DESKTOP, SMALL_PHONE

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", [SMALL_PHONE, DESKTOP],
                         ids=["phone", "desktop"])
def test_the_analysis_board_passes_the_audit_light_and_dark(browser: Browser, live_server: str, axe_source: str,
                                                            viewport):
    context = browser.new_context(base_url=live_server, viewport=viewport)
    page = context.new_page()
    page.goto("/analysis/15x15?black=h8-i9&white=h9")
    expect(page.locator(".grid a.cell")).to_have_count(225)
    audit_both_schemes(page, axe_source)
    context.close()


def test_tab_reaches_the_analysis_board_once_and_the_arrows_move_between_its_points(browser: Browser,
                                                                                     live_server: str):
    context = browser.new_context(base_url=live_server, viewport=DESKTOP)
    page = context.new_page()
    page.goto("/analysis/15x15")
    focused = "() => document.activeElement.getAttribute('aria-label') || document.activeElement.textContent.trim()"
    stops = []
    for _ in range(40):
        page.keyboard.press("Tab")
        stops.append(page.evaluate(focused))
    on_board = [stop for stop in stops if stop.startswith(("a15", "a14", "b15"))]
    assert on_board and len({stop for stop in stops if stop[:1] in "abcdefghijklmno" and stop[1:2].isdigit()}) == 1
    while not page.evaluate(focused).startswith("a15"):
        page.keyboard.press("Shift+Tab")
    for key, expected in (("ArrowRight", "b15"), ("ArrowDown", "b14"), ("ArrowLeft", "a14"), ("ArrowUp", "a15")):
        page.keyboard.press(key)
        assert page.evaluate(focused).startswith(expected), key
    page.keyboard.press("Enter")
    expect(page.locator(".grid a.cell.mark-x")).to_have_count(1)
    context.close()
