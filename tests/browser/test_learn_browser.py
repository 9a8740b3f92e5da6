"""A learning run in the browser: started from the lesson's form, its curve
grows on the page as the engine workers land each chunk (htmx asking every
second, no reload), to the end; on a phone the page fits."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from harness.browsing import start_learning_run

pytestmark = pytest.mark.browser


@pytest.mark.timeout(120)
def test_a_run_started_from_the_lesson_grows_on_the_page_without_reloading(page: Page):
    start_learning_run(page, "menace", "perfect", 5_000, "/lessons/learning")
    page.wait_for_url("**/lessons/learning#run")
    page.locator("main .run").wait_for(state="attached")  # the answer's page parsed: under load it lags the address
    page.evaluate("""() => { window.notReloaded = true; window.rowsSeen = new Set();
        new MutationObserver(() => window.rowsSeen.add(document.querySelectorAll('.run .figures tbody tr').length))
            .observe(document.querySelector('main'), {childList: true, subtree: true}); }""")
    expect(page.locator(".run [role=status]")).to_contain_text("Finished: 5,000 games played", timeout=100_000)
    expect(page.locator(".run .figures tbody tr")).to_have_count(21)
    seen = page.evaluate("[...window.rowsSeen]")
    assert any(0 < count < 21 for count in seen), f"the curve grew chunk by chunk on the page: {seen}"
    assert page.evaluate("window.notReloaded === true"), "htmx swapped the run in; the page was not reloaded"
    expect(page.locator(".run polyline").first).to_be_visible()


def test_the_lesson_fits_a_phone(page: Page):
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto("/lessons/learning")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scroll"
