"""The hint stays where the person found it (issue 55, item 5): after one
use the button stays in its row, pressed, with its mark on the board until
the next move; pressed again, it hides the hint."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from harness.browsing import DESKTOP, click, new_game

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("javascript", [True, False], ids=["with-javascript", "without"])
def test_the_hint_button_stays_pressed_with_its_mark_until_the_next_move(browser: Browser, live_server: str,
                                                                         javascript: bool):
    context = browser.new_context(base_url=live_server, viewport=DESKTOP,
                                  java_script_enabled=javascript)
    page = context.new_page()
    page.goto("/")
    new_game(page, "human", "human")
    click(page, 4)
    controls = page.locator("#game .controls button:visible, #game .controls summary")
    before = controls.count()
    page.locator('button[name="hint"]').click()
    expect(page.locator(".grid .coach-hint")).to_have_count(1)
    expect(page.locator('button[name="hint"]')).to_have_attribute("aria-pressed", "true")
    assert controls.count() == before, "the row of buttons kept its buttons"
    page.locator('button[name="hint"]').click()
    expect(page.locator(".grid .coach-hint")).to_have_count(0)
    expect(page.locator('button[name="hint"]')).to_have_attribute("aria-pressed", "false")
    page.locator('button[name="hint"]').click()
    hinted = page.locator(".grid .coach-hint")
    expect(hinted).to_have_count(1)
    hinted.click()
    expect(page.locator(".grid .coach-hint")).to_have_count(0)
    expect(page.locator('button[name="hint"]')).to_have_attribute("aria-pressed", "false")
    context.close()
