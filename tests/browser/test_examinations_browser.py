"""An engine's examination in Chromium: an engine written here (a Python
function through pbrain-python, a little slow on purpose so that its
progress shows), examined from its page on this machine's engine workers,
its progress watched until the report appears; the report and the lesson
"Write your own" audited by axe, light and dark, and the lesson without scripts."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from harness.accessibility import audit_both_schemes, audit_without_scripts
from harness.servers import in_a_thread
from webapp.app import create_app
from webapp.brains.external import stop_all

pytestmark = pytest.mark.browser

SLOW_FIRST_EMPTY = """\
import time


def choose(board, side, k):
    time.sleep(0.002)  # slow enough that the page shows its progress between the first answers and the report
    return next((row, column) for row, line in enumerate(board) for column, mark in enumerate(line) if mark == ".")
"""


@pytest.fixture(scope="module")
def examined_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app with the engine installed, its jobs on two local engine workers, served in a thread."""
    folder = tmp_path_factory.mktemp("own-ai")
    (folder / "slow_first.py").write_text(SLOW_FIRST_EMPTY)
    engine = f"slow=pbrain-python {folder / 'slow_first.py'}:choose"
    app = create_app({"SECRET_KEY": "examinations in the browser", "ENGINE_WORKERS": "local",
                      "ENGINE_WORKER_COUNT": 2, "ENGINE_BRAINS": engine},
                     instance_path=tmp_path_factory.mktemp("instance"))
    try:
        with in_a_thread(app) as address:
            yield address
    finally:
        app.extensions["engines"].stop()
        stop_all()


@pytest.mark.timeout(240)
def test_an_examination_started_from_its_page_shows_its_progress_then_its_report(page: Page, examined_site: str,
                                                                                axe_source: str):
    page.goto(examined_site + "/engines/slow/examination")
    expect(page.get_by_text("has not been examined yet.")).to_be_visible()
    page.get_by_role("button", name="Examine it").click()
    progress = page.get_by_role("status")
    expect(progress).to_contain_text("positions answered", timeout=60_000)
    expect(page.get_by_role("progressbar")).to_be_visible()
    expect(page.get_by_role("heading", name="The latest examination")).to_be_visible(timeout=150_000)
    expect(page.locator("table.mistakes tbody tr").first).to_be_visible()
    expect(page.get_by_role("link", name="every figure and position (JSON)")).to_be_visible()
    expect(page.get_by_role("button", name="Examine it again")).to_be_enabled()
    audit_both_schemes(page, axe_source)
    page.goto(examined_site + "/examinations")
    expect(page.get_by_role("row", name="slow_first.choose")).to_contain_text("%")
    audit_both_schemes(page, axe_source)


def test_the_lesson_passes_the_audit_light_dark_and_without_scripts(page: Page, browser: Browser,
                                                                    examined_site: str, axe_source: str):
    page.goto(examined_site + "/lessons/write-your-own")
    expect(page.get_by_role("heading", name="Write your own")).to_be_visible()
    expect(page.get_by_role("link", name="slow_first.choose")).to_be_visible()
    audit_both_schemes(page, axe_source)
    context = browser.new_context(base_url=examined_site, java_script_enabled=False)
    plain = context.new_page()
    plain.goto("/lessons/write-your-own")
    html = plain.content()
    context.close()
    audit_without_scripts(browser, examined_site, axe_source, html)
