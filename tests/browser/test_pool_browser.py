"""Quick pairing in real Chromium: two pages press the same pool, the first
waits (its stream saying how long), and both land on one board at once; the
pools and the waiting page pass axe-core in both schemes."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from harness.accessibility import audit_both_schemes
from harness.browsing import until

pytestmark = pytest.mark.browser


def test_two_pages_press_the_same_pool_and_land_on_one_board(browser: Browser, live_server: str, axe_source: str):
    contexts: list[BrowserContext] = [browser.new_context(base_url=live_server) for _ in range(2)]
    try:
        first, second = (context.new_page() for context in contexts)
        first.goto("/pool")
        audit_both_schemes(first, axe_source)
        first.get_by_role("button", name="5×5, 1+1, casual").click()
        expect(first).to_have_url(re.compile(r"/pool/wait$"))
        expect(first.locator("#pool-wait-heading")).to_have_text("Finding you a game")
        until(first, "document.querySelector('.live')?._htmx?.sse?.status === 200", "the waiting page's stream")
        expect(first.locator(".waited")).not_to_have_text("0 seconds", timeout=5_000)  # the stream ticks on
        audit_both_schemes(first, axe_source)
        second.goto("/lobby")
        second.get_by_role("button", name="5×5, 1+1, casual").click()
        for page in (second, first):
            expect(page).to_have_url(re.compile(r"/g/[\w-]{22}$"), timeout=10_000)
            expect(page.locator(".grid")).to_be_visible()
        assert first.url == second.url
    finally:
        for context in contexts:
            context.close()


def test_without_javascript_the_waiting_page_reloads_itself_into_the_game(browser: Browser, live_server: str):
    contexts = [browser.new_context(base_url=live_server, java_script_enabled=False) for _ in range(2)]
    try:
        first, second = (context.new_page() for context in contexts)
        first.goto("/pool")
        first.get_by_role("button", name="7×7, 2+1, casual").click()
        expect(first.locator(".waited")).to_be_visible()
        second.goto("/pool")
        second.get_by_role("button", name="7×7, 2+1, casual").click()
        expect(second).to_have_url(re.compile(r"/g/[\w-]{22}$"))
        expect(first).to_have_url(second.url, timeout=10_000)  # its next reload (every 5 s) finds the game
        expect(first.locator(".grid")).to_be_visible()
    finally:
        for context in contexts:
            context.close()
