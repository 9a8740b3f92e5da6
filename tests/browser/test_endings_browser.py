"""Issue 69's abort in real Chromium: between friends, before both have
moved, a player aborts the game and every page (the friend's and a
spectator's) says who, live; without scripts the same form works; the
pages pass the audit, light and dark."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from harness.accessibility import audit_both_schemes
from tests.browser.test_online_browser import connected, invite, take_the_seat

pytestmark = pytest.mark.browser


@pytest.fixture
def friends(browser: Browser, live_server: str):
    contexts: list[BrowserContext] = []

    def open_page(java_script: bool = True) -> Page:
        context = browser.new_context(base_url=live_server, java_script_enabled=java_script)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


def test_an_abort_before_both_have_moved_reaches_every_page_live(friends, axe_source: str):
    alice, bob, carol = friends(), friends(), friends()
    url = invite(alice, "7x7")
    take_the_seat(bob, url)
    connected(alice)
    carol.goto(url)
    connected(carol)
    alice.locator('.grid button[value="24"]').click()
    expect(bob.locator(".moves li")).to_have_text(["Black: d4"])
    audit_both_schemes(bob, axe_source)
    bob.get_by_role("button", name="Abort the game").click()
    expect(bob.locator("#status")).to_have_text("You aborted the game: it counts for nothing.")
    expect(alice.locator("#status")).to_have_text("Your opponent aborted the game: it counts for nothing.")
    expect(carol.locator("#status")).to_have_text("White aborted the game: it counts for nothing.")
    expect(alice.get_by_role("button", name="Abort the game")).to_have_count(0)
    audit_both_schemes(alice, axe_source)


def test_without_scripts_the_abort_is_a_form(friends):
    alice, bob = friends(java_script=False), friends(java_script=False)
    url = invite(alice, "3x3")
    take_the_seat(bob, url)
    alice.goto(url)
    alice.get_by_role("button", name="Abort the game").click()
    expect(alice.locator("#status")).to_have_text("You aborted the game: it counts for nothing.")
    bob.goto(url)
    expect(bob.locator("#status")).to_have_text("Your opponent aborted the game: it counts for nothing.")
