"""The page "How the computer sees this" in a real Chromium: three levels of
the tree opened by keyboard with htmx (the focus stays on each node), the
same by plain links with JavaScript off, alpha-beta's marks, and axe with
zero violations with and without JavaScript, at 320 pixels and in dark mode."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from harness.accessibility import audit, audit_both_schemes, audit_without_scripts
from harness.browsing import assert_not_reloaded, mark_page_as_not_reloaded

pytestmark = pytest.mark.browser


def tab_to(page: Page, element_id: str) -> None:
    """Press Tab until the element with this id has the focus."""
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == element_id:
            return
    raise AssertionError(f"Tab never reached #{element_id}")


def open_three_levels(page: Page) -> None:
    """From the empty 3×3 board, open X's best move, O's best reply and X's
    best answer to that, each by Tab and Enter, the focus staying on the node."""
    page.goto("/think/3x3/")
    mark_page_as_not_reloaded(page)
    for path in ("0", "04", "041"):
        tab_to(page, f"toggle-{path}")
        page.keyboard.press("Enter")
        toggle = page.locator(f"#toggle-{path}")
        expect(toggle).to_have_attribute("aria-expanded", "true")
        expect(toggle).to_be_focused()
        expect(page.locator(f"#children-{path} > li")).to_have_count(9 - len(path))
    assert_not_reloaded(page)


def test_three_levels_of_the_tree_open_by_keyboard(page: Page):
    open_three_levels(page)
    name = re.compile(r"^X plays row 1, column 2\W+draw\W+934 positions below\W+best play$")
    expect(page.get_by_role("link", name=name)).to_be_focused()  # every node is named in words
    page.keyboard.press("Enter")  # and closes again
    expect(page.locator("#toggle-041")).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#toggle-041")).to_be_focused()
    expect(page.locator("#children-041")).to_have_count(0)


def test_the_tree_opens_by_plain_links_with_javascript_off(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    page.goto("/think/3x3/")
    page.locator("#toggle-0").click()
    page.locator("#toggle-04").click()
    expect(page).to_have_url(f"{live_server}/think/3x3/?open=04#node-04")
    expect(page.locator("#children-04 > li")).to_have_count(7)
    expect(page.locator(".tree [aria-expanded=true]")).to_have_count(2)
    context.close()


def test_alpha_beta_marks_the_branches_it_skipped(page: Page):
    page.goto("/think/3x3/4")
    page.get_by_role("link", name="Show what alpha-beta skips").click()
    expect(page.get_by_role("link", name="Hide what alpha-beta skips")).to_be_focused()
    expect(page).to_have_url(re.compile(r"/think/3x3/4\?(.*&)?alphabeta=on"))  # kept in the address: a reload keeps it
    page.reload()
    expect(page.get_by_role("link", name="Hide what alpha-beta skips")).to_be_visible()
    page.locator("#toggle-1").click()
    expect(page.locator("#children-1 .skip").first).to_have_text(
        "alpha-beta skipped it: O already has a better move elsewhere")


def test_the_game_and_a_replay_step_link_here(page: Page):
    page.goto("/replay/40816?step=2")
    page.get_by_role("link", name="How does the computer see this?").click()
    expect(page).to_have_url(re.compile(r"/think/3x3/40$"))
    expect(page.locator(".grid .mark-x")).to_have_count(1)
    page.goto("/")
    page.get_by_role("link", name="How does the computer see this?").click()
    expect(page.get_by_role("heading", name="How the computer sees this")).to_be_visible()


def test_the_tree_three_levels_open_passes_the_audit_light_and_dark(page: Page, axe_source: str):  # noqa: F811
    open_three_levels(page)
    page.get_by_role("link", name="Show what alpha-beta skips").click()
    expect(page.get_by_role("link", name="Hide what alpha-beta skips")).to_be_focused()
    expect(page.locator("#toggle-041")).to_have_attribute("aria-expanded", "true")  # the open nodes stay open
    page.locator("#toggle-1").click()
    expect(page.locator(".skip").first).to_be_visible()
    audit_both_schemes(page, axe_source)


@pytest.mark.parametrize("path", ["/think/4x4/a4-b3?open=c2", "/think/7x7/d4?open=d5&alphabeta=on"])
def test_the_other_boards_pass_the_audit_light_and_dark(page: Page, axe_source: str, path: str):  # noqa: F811
    page.goto(path)
    audit_both_schemes(page, axe_source)


def test_the_page_without_javascript_passes_the_audit(browser: Browser, live_server: str,
                                                     axe_source: str):  # noqa: F811
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    page.goto("/think/3x3/4?open=1&alphabeta=on")
    html = page.content()
    context.close()
    audit_without_scripts(browser, live_server, axe_source, html)


@pytest.mark.parametrize("path", ["/think/3x3/4?open=018&alphabeta=on", "/think/15x15/h8-i9?open=h9"])
def test_a_320_pixel_phone_needs_no_horizontal_scrolling(browser: Browser, live_server: str, axe_source: str,  # noqa: F811
                                                         path: str):
    context = browser.new_context(base_url=live_server, viewport={"width": 320, "height": 640})
    page = context.new_page()
    page.goto(path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    for link in page.locator(".tree a").all()[:12]:
        assert link.bounding_box()["height"] >= 24, "targets of at least 24 pixels"
    audit(page, axe_source)
    context.close()
