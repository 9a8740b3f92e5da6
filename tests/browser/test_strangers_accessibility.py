"""Issue 69's contract for playing strangers: every new page and state (sign-up, the lobby and its seeks, the games
being played now, a rated game from the lobby, its aborts and claims, its end with the rating change, a player's
page with its charts, the leaderboards: harness.states.STRANGERS) passes axe-core (WCAG 2.2 A and AA), light and
dark, on a desktop and on a phone, and never scrolls sideways."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from harness.accessibility import audit_both_schemes
from harness.browsing import DESKTOP, SMALL_PHONE
from harness.servers import ONE_ADDRESS_FOR_MANY, in_a_thread
from harness.states import STRANGERS
from harness.strangers import seed_ratings
from webapp.app import create_app
from webapp.online import endings, lobby_routes, streams

pytestmark = pytest.mark.browser

VIEWPORTS = {"desktop": DESKTOP, "phone": SMALL_PHONE}
EXPECTED_CONSOLE_ERRORS = {"signing up refused, the name taken": "status of 409"}
"""The console errors a state makes by its own doing (the form that says why comes as a 409)."""


SHORTER_WAITS = {(endings, "FIRST_MOVE_SECONDS"): 12.0, (endings, "CLAIM_SECONDS"): 15.0,
                 (streams, "KEEP_ALIVE_SECONDS"): 2.0, (lobby_routes, "KEEP_ALIVE_SECONDS"): 2.0}
"""The server's waits, shorter in this test's own server (the pages are the same): a first move's 30 s, a
claim's 30 s, and a stream's 15 s keep-alive, at which it finds its page gone. Long enough still for a state to
play its first moves, and to audit a claim on its way before it may be made."""


@pytest.fixture(scope="module")
def strangers_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """An app of its own in a thread, its instance seeded with rated games (the leaderboards' players: the
    shared live server's tests would find them on their pages), its waits shorter (SHORTER_WAITS)."""
    instance = tmp_path_factory.mktemp("strangers")
    seed_ratings(instance)
    app = create_app({"SECRET_KEY": "strangers browser test", "ENGINE_WORKERS": "inline",
                      **{name: int(most) for name, most in ONE_ADDRESS_FOR_MANY.items()}},
                     instance_path=instance)
    with pytest.MonkeyPatch.context() as patch, in_a_thread(app) as address:
        for (module, name), seconds in SHORTER_WAITS.items():
            patch.setattr(module, name, seconds)
        yield address


def watched(page: Page, errors: list[str]) -> Page:
    """page, its script errors and console errors gathered in errors."""
    page.on("pageerror", lambda error: errors.append(f"script error: {error}"))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    return page


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("state", STRANGERS)
def test_every_strangers_state_passes_the_audit_light_and_dark(browser: Browser, strangers_site: str,
                                                               axe_source: str, state: str, viewport: str):
    """Each state is reached in a browser of the viewport's size, then audited in both colour schemes; the
    other players' browsers the state opened are closed after it."""
    before = set(browser.contexts)
    errors: list[str] = []
    context = browser.new_context(base_url=strangers_site, viewport=VIEWPORTS[viewport])
    try:
        page = watched(context.new_page(), errors)
        STRANGERS[state](page)
        audit_both_schemes(page, axe_source)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= VIEWPORTS[viewport]["width"], f"the page scrolls sideways: {width} pixels wide"
        expected = EXPECTED_CONSOLE_ERRORS.get(state)
        assert [error for error in errors if not (expected and expected in error)] == []
    finally:
        for opened in set(browser.contexts) - before:
            opened.close()
