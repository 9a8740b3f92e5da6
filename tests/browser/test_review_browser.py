"""A review in the browser: it fills in as the engine workers judge the moves,
with JavaScript (the stream) and without (the page refreshes itself); a
person steps through it and retries a side's errors with clicks."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from harness.accessibility import audit, audit_without_scripts
from harness.browsing import REVIEWED_15X15

pytestmark = pytest.mark.browser


def test_a_15x15_review_fills_in_from_the_stream_without_reloading(page: Page):
    page.goto("/review/15x15/h8-h9-g9-i7-f10-f9-e11-i9-d12?step=8")  # REVIEWED_15X15 mirrored: not reviewed yet
    page.evaluate("window.notReloaded = true")
    expect(page.locator(".progress")).to_have_count(0, timeout=60_000)
    assert page.evaluate("window.notReloaded === true"), "the stream filled the review in, not a reload"
    expect(page.locator(".verdict")).to_contain_text("White: i9 Blunder ??")
    expect(page.locator(".verdict")).to_contain_text("How it is punished: Black: d12.")
    expect(page.locator(".moves li .word")).to_have_count(9)


def test_stepping_through_a_review_changes_the_board_and_the_move_looked_at(page: Page):
    page.goto("/review/3x3/0123?step=4")
    page.get_by_role("link", name="Previous").click()
    expect(page.locator("#review-heading")).to_have_text("Review: 3×3, move 3 of 4")
    expect(page.locator(".verdict")).to_contain_text("X: row 1, column 3 Mistake ?")
    expect(page.locator(".grid .mark-o")).to_have_count(1)
    page.get_by_role("link", name="O: row 1, column 2").click()
    expect(page.locator(".verdict")).to_contain_text("Best was row 2, column 2: a draw.")
    expect(page).to_have_url(re.compile(r"/review/3x3/0123\?step=2$"))


def test_retrying_os_errors_with_clicks(page: Page, axe_source: str):
    page.goto("/review/3x3/0123")
    page.get_by_role("link", name="Retry O's errors").click()
    expect(page.locator("#retry-heading")).to_have_text("Retry O's errors: 1 of 2")
    page.get_by_role("button", name="Row 1, column 3, empty").click()
    expect(page.get_by_role("alert")).to_have_text("Row 1, column 3 is not it: X wins in 3. Try again.")
    audit(page, axe_source)
    page.get_by_role("button", name="Row 2, column 2, empty").click()
    expect(page.get_by_role("alert")).to_have_text("Row 2, column 2 is right. A draw.")
    expect(page.locator("#retry-heading")).to_have_text("Retry O's errors: 2 of 2")
    page.get_by_role("button", name="Show the answer and go on").click()
    expect(page.get_by_role("alert")).to_contain_text("The answer here: Best was ")
    expect(page.locator("#retry")).to_contain_text("You found 1 of 2. The game as it ended:")
    audit(page, axe_source)
    expect(page.locator("#retry .grid .mark-x, #retry .grid .mark-o")).to_have_count(4)
    expect(page.get_by_role("link", name="Back to your game")).to_be_visible()
    page.get_by_role("link", name="Back to the review").click()
    expect(page.locator("#review-heading")).to_have_text("Review: 3×3, move 4 of 4")


def test_without_javascript_a_review_refreshes_itself_until_it_is_complete(browser: Browser, live_server: str,
                                                                           axe_source: str):
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    page.goto("/review/7x7/d4-e5-c3-e3-e4")
    expect(page.locator(".progress")).to_have_count(0, timeout=60_000)
    expect(page.locator(".moves li .word")).to_have_count(5)
    html = page.content()
    context.close()
    audit_without_scripts(browser, live_server, axe_source, html)


@pytest.mark.parametrize("path", ["/review/3x3/0123?step=4", f"/review/15x15/{REVIEWED_15X15}?step=8",
                                  "/review/3x3/0123/retry/O"])
def test_a_375_pixel_phone_needs_no_sideways_scrolling_on_a_review(browser: Browser, live_server: str, path: str):
    context = browser.new_context(base_url=live_server, viewport={"width": 375, "height": 700})
    page = context.new_page()
    page.goto(path)
    expect(page.locator(".progress")).to_have_count(0, timeout=60_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    context.close()


def test_a_record_pasted_opens_as_its_replay_and_downloads_again(page: Page):
    page.goto("/replay/7x7/d4-e5")
    page.get_by_role("main").get_by_role("link", name="Open a record").click()
    page.get_by_label("Or paste the record").fill("Piskvorky 7x7, 11:11, 0\n4,4,0\n5,3,0\n3,5,0\n")
    page.get_by_role("button", name="Open").click()
    expect(page).to_have_url(re.compile(r"/replay/7x7/d4-e5-c3$"))
    with page.expect_download() as download:
        page.get_by_role("link", name="SGF").click()
    assert download.value.suggested_filename == "7x7-d4-e5-c3.sgf"


def test_on_a_phone_each_count_of_the_summary_stays_on_one_line(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, viewport={"width": 320, "height": 740})
    page = context.new_page()
    page.goto("/review/3x3/0123")
    tallies = page.locator(".summary .tally")
    expect(tallies.first).to_be_visible()
    for pieces, line in tallies.evaluate_all(
            "spans => spans.map(s => [s.getClientRects().length, s.textContent])"):
        assert pieces == 1, f"{line!r} is broken over lines"
    context.close()


def test_a_position_set_up_by_clicks_and_keys_is_studied_on_the_board(page: Page):
    """The analysis board studies what is set on it where it stands (its own
    evaluation and line), rather than on a think page reached by an invented
    order of moves."""
    page.goto("/analysis/7x7")
    page.get_by_role("link", name="d4, empty: place a black stone").click()
    page.get_by_role("link", name="e5, empty: place a black stone").click()
    expect(page.get_by_role("status")).to_contain_text("black has 2 stones and white 0 stones")
    page.get_by_role("link", name="White stone").click()
    page.get_by_role("link", name="e5, black: place a white stone").focus()
    page.keyboard.press("Enter")  # each square is a link: the keyboard works as the mouse does
    expect(page.get_by_role("link", name="e5, white: nothing to change")).to_be_visible()
    page.get_by_role("link", name="Show the engine's evaluation and best line").click()
    expect(page.locator(".grid .line-step").first).to_be_visible(timeout=30_000)
    expect(page).to_have_url(re.compile(r"/analysis/7x7\?x=d4&o=e5"))

