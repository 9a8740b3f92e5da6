"""The stepper in a real Chromium: forward and back by keyboard and by click,
htmx swapping the step in place (no reload) with the address following and
the focus kept on the control; a square clicked joins the order; with
JavaScript off the same steps are plain links; a question answered by its form."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from harness.accessibility import audit_both_schemes
from harness.browsing import assert_not_reloaded, mark_page_as_not_reloaded

pytestmark = pytest.mark.browser


def heading(page: Page):
    return page.locator("#stepper-heading")


def test_forward_and_back_by_keyboard_and_click_the_address_following(page: Page):
    page.goto("/steps/3x3/40?search=alphabeta&step=1")
    mark_page_as_not_reloaded(page)
    expect(heading(page)).to_have_text("Alpha-beta: step 1 of 1,329")
    page.locator("#step-next").focus()
    page.keyboard.press("Enter")
    expect(heading(page)).to_have_text("Alpha-beta: step 2 of 1,329")
    expect(page.locator("#step-next")).to_be_focused()
    page.keyboard.press("Enter")
    expect(heading(page)).to_have_text("Alpha-beta: step 3 of 1,329")
    assert page.url.endswith("step=3")
    page.locator("#step-previous").click()
    expect(heading(page)).to_have_text("Alpha-beta: step 2 of 1,329")
    assert page.url.endswith("step=2")
    page.locator("#step-last").click()
    expect(heading(page)).to_have_text("Alpha-beta: step 1,329 of 1,329")
    page.locator("#step-first").click()
    expect(heading(page)).to_have_text("Alpha-beta: step 1 of 1,329")
    page.get_by_text("Your own order").click()
    page.locator("#order-8").click()
    expect(page.get_by_text("Your own order: 8")).to_be_visible()
    assert "order=8" in page.url
    assert_not_reloaded(page)


def test_with_javascript_off_every_step_is_a_link_and_the_question_a_form(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto("/steps/3x3/40?search=minimax")
        page.get_by_role("link", name="Forward").click()
        expect(heading(page)).to_have_text("Minimax: step 2 of 10,426")
        assert page.url.endswith("step=2")
        page.goto("/predict?kind=choose&seed=1")
        page.locator("input[name=answer][value='0']").check()
        page.get_by_role("button", name="Show me").click()
        expect(page.locator(".verdict")).to_be_visible()
        assert "reveal=1" in page.url and "answer=0" in page.url
    finally:
        context.close()


@pytest.mark.parametrize("path", ["/steps/3x3/40?search=alphabeta&step=17", "/lessons/ordering?order=4,0,8",
                                  "/predict?kind=skip&seed=3&answer=7&reveal=1",
                                  "/steps/4x4/b2-c3-b3-c2-a1-d4-a4?search=table&step=9"])
def test_on_a_320_pixel_phone_the_stepper_needs_no_sideways_scrolling_and_passes_axe(
        browser: Browser, live_server: str, axe_source: str, path: str):
    context = browser.new_context(base_url=live_server, viewport={"width": 320, "height": 640})
    page = context.new_page()
    try:
        page.goto(path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        audit_both_schemes(page, axe_source)
    finally:
        context.close()
