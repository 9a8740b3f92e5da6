"""The lobby in real Chromium: one page seeks, another accepts, and both
land on the board at once (the seeker's page sent by its stream); the lobby
passes axe-core in both schemes."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from harness.accessibility import audit_both_schemes
from harness.browsing import until

pytestmark = pytest.mark.browser


def test_one_seeks_the_other_accepts_and_both_see_the_board(browser: Browser, live_server: str, axe_source: str):
    contexts: list[BrowserContext] = [browser.new_context(base_url=live_server) for _ in range(2)]
    try:
        seeker, acceptor = (context.new_page() for context in contexts)
        seeker.goto("/lobby")
        audit_both_schemes(seeker, axe_source)
        seeker.locator("#seek-board").select_option("3x3")
        seeker.locator("#seek-colour").select_option("x")
        seeker.get_by_role("button", name="Seek", exact=True).click()
        expect(seeker.locator("#my-seek-heading")).to_be_visible()
        audit_both_schemes(seeker, axe_source)  # with its own seek and Cancel
        until(seeker, "document.querySelector('.live')?._htmx?.sse?.status === 200", "the lobby's stream opening")
        acceptor.goto("/lobby")
        audit_both_schemes(acceptor, axe_source)
        acceptor.get_by_role("button", name=re.compile("^Accept")).first.click()
        for page in (acceptor, seeker):
            expect(page).to_have_url(re.compile(r"/g/[\w-]{22}$"), timeout=10_000)
            expect(page.locator(".grid")).to_be_visible()
        assert seeker.url == acceptor.url
        expect(seeker.locator("#status")).to_contain_text("Your turn")
    finally:
        for context in contexts:
            context.close()
