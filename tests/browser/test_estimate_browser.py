"""The searches that estimate in a real Chromium: an iteration stepped, a
batch run and a node opened by click, a batch by keyboard, the section swapped in place and the
address following, the focus kept on the link; the same by plain links with
JavaScript off; a depth chosen; the lessons' boards working in place."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from harness.accessibility import audit
from harness.browsing import assert_not_reloaded, mark_page_as_not_reloaded

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]


def test_an_iteration_stepped_and_a_batch_run_by_click(page: Page):
    page.goto("/monte-carlo/3x3/048?seed=4&iterations=5")
    mark_page_as_not_reloaded(page)
    page.get_by_role("link", name="Step one iteration").click()
    expect(page.locator(".verdict")).to_have_text("O to move. Seed 4, 6 iterations.")
    expect(page).to_have_url(re.compile(r"/monte-carlo/3x3/048\?seed=4&iterations=6$"))
    page.get_by_role("link", name="Run 1,000 more").click()  # past the web thread's share: on the engine workers
    expect(page.locator(".verdict")).to_have_text("O to move. Seed 4, 1,006 iterations.", timeout=30_000)
    expect(page).to_have_url(re.compile(r"iterations=1006$"))
    expect(page.locator("#monte-carlo-sentence")).to_contain_text("After 1,006 iterations it prefers")
    page.locator("#open-3").click()  # a move tried opens its node, in place
    expect(page.locator("#moves-heading")).to_contain_text("X's moves there after 1,006 iterations")
    expect(page).to_have_url(re.compile(r"iterations=1006&node=3$"))
    assert_not_reloaded(page)


def test_a_batch_run_by_keyboard_keeps_the_focus_on_its_link(page: Page):
    page.goto("/monte-carlo/4x4/b2-c3?seed=2&iterations=1")
    mark_page_as_not_reloaded(page)
    page.locator("#step-10").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".verdict")).to_have_text("X to move. Seed 2, 11 iterations.")
    expect(page.locator("#step-10")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".verdict")).to_have_text("X to move. Seed 2, 21 iterations.")
    expect(page).to_have_url(re.compile(r"seed=2&iterations=21$"))
    assert_not_reloaded(page)
    page.go_back()  # each step is in the history
    expect(page.locator(".verdict")).to_have_text("X to move. Seed 2, 11 iterations.")


def test_with_javascript_off_every_step_is_a_plain_link(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    page.goto("/lessons/monte-carlo")
    page.get_by_role("link", name="Step one iteration").click()
    expect(page).to_have_url(f"{live_server}/lessons/monte-carlo?seed=1&iterations=1")
    page.get_by_label("Seed").fill("9")
    page.get_by_role("button", name="Search").click()
    expect(page).to_have_url(f"{live_server}/lessons/monte-carlo?seed=9&iterations=1")
    expect(page.locator(".verdict")).to_have_text("O to move. Seed 9, 1 iteration.")
    page.goto("/depth/4x4/b2")
    page.get_by_role("link", name="Depth 3", exact=True).click()
    expect(page).to_have_url(f"{live_server}/depth/4x4/b2?depth=3")
    context.close()


def test_the_depth_lesson_shows_depth_two_going_wrong_and_four_not(page: Page):
    page.goto("/lessons/depth")
    mark_page_as_not_reloaded(page)
    expect(page.locator("#depth-sentence")).to_contain_text("picks d1; the tablebase calls it a loss in 3")
    page.get_by_role("link", name="Depth 4", exact=True).click()
    expect(page.locator("#depth-sentence")).to_contain_text("picks b2; the tablebase calls it a draw")
    expect(page).to_have_url(re.compile(r"/lessons/depth\?depth=4$"))
    expect(page.get_by_role("link", name="Depth 4", exact=True)).to_be_focused()
    assert_not_reloaded(page)


@pytest.mark.parametrize("path", ["/lessons/monte-carlo?iterations=30", "/lessons/depth",
                                  "/depth/7x7/d4?depth=1", "/monte-carlo/4x4/b2?iterations=20"])
def test_on_a_320_pixel_phone_nothing_scrolls_sideways_but_the_tables_and_axe_passes(
        browser: Browser, live_server: str, axe_source: str, path: str):
    context = browser.new_context(base_url=live_server, viewport={"width": 320, "height": 640})
    page = context.new_page()
    page.goto(path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    for link in page.locator(".steps a").all():
        assert link.bounding_box()["height"] >= 24, "targets of at least 24 pixels"
    audit(page, axe_source)
    context.close()
