"""Issue 55, item 11, in real Chromium: between friends, a clock chosen when
inviting counts down on every screen; a take-back request and a draw offer
reach the friend's page live, are answered there, and the answer reaches
every page, a spectator's too; without scripts the same forms work; and
every state passes the audit, light and dark, desktop and phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from harness.accessibility import audit_both_schemes, audit_without_scripts
from harness.browsing import SMALL_PHONE
from harness.flag_falls import SHORT_CLOCK
from harness.servers import AppServer
from tests.browser.test_online_browser import connected, invite, take_the_seat

pytestmark = pytest.mark.browser


@pytest.fixture
def friends(browser: Browser, live_server: str):
    contexts: list[BrowserContext] = []

    def open_page(java_script: bool = True, viewport: dict | None = None) -> Page:
        context = browser.new_context(base_url=live_server, java_script_enabled=java_script,
                                      **({"viewport": viewport} if viewport else {}))
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


def test_a_take_back_and_a_draw_offer_are_answered_live_and_the_clock_counts_down(friends, axe_source: str):
    alice, bob, carol = friends(), friends(viewport=SMALL_PHONE), friends()
    url = invite(alice, "7x7", clock="5+3")
    take_the_seat(bob, url)
    connected(alice)
    carol.goto(url)
    connected(carol)
    expect(alice.locator(".clock")).to_have_text(["You (black): 5:00", "Your opponent (white): 5:00"])
    alice.locator('.grid button[value="24"]').click()
    expect(bob.locator(".moves li")).to_have_text(["Black: d4"])
    running = bob.locator(".clock.running strong")
    expect(running).to_have_text(re.compile(r"4:5\d"), timeout=5000)  # Bob's own clock runs, on his screen
    expect(carol.locator(".clock.running")).to_contain_text("White")

    connected(bob)
    alice.get_by_role("button", name="Ask to take back").click()
    expect(bob.locator(".offer")).to_contain_text("Your opponent asks to take back their last move (d4).")
    expect(carol.locator(".offer")).to_contain_text("Black asks to take back their last move.")
    audit_both_schemes(bob, axe_source)
    bob.get_by_role("button", name="Decline").click()
    expect(alice.locator("#online-status .reason")).to_have_text("White declined the take-back.")
    expect(alice.locator(".offer")).to_have_count(0)

    bob.locator('.grid button[value="25"]').click()
    expect(alice.locator(".moves li")).to_have_text(["Black: d4", "White: e4"])
    bob.get_by_role("button", name="Offer a draw").click()
    expect(alice.locator(".offer")).to_contain_text("Your opponent offers a draw.")
    expect(bob.locator(".offer")).to_contain_text("You offered a draw; waiting for your opponent's answer.")
    audit_both_schemes(alice, axe_source)
    alice.get_by_role("button", name="Accept").click()
    for page in (alice, bob):
        expect(page.locator("#status")).to_have_text("A draw, agreed.")
    expect(carol.locator("#status")).to_have_text("A draw, agreed. You are watching.")
    expect(alice.locator(".clock.running")).to_have_count(0)
    audit_both_schemes(carol, axe_source)


def test_without_scripts_an_offer_is_made_and_answered_with_plain_forms(friends, browser: Browser, live_server: str,
                                                                         axe_source: str):
    alice, bob = friends(java_script=False), friends(java_script=False)
    url = invite(alice, "7x7", clock="3+2")
    bob.goto(url)
    bob.get_by_role("button", name="Join the game: you play white").click()
    alice.goto(url)
    alice.locator('.grid button[value="24"]').click()
    alice.get_by_role("button", name="Offer a draw").click()
    expect(alice.locator(".offer")).to_contain_text("You offered a draw")
    bob.goto(url)
    expect(bob.locator(".clock")).to_have_text([re.compile(r"You \(white\): [23]:\d\d"), "Your opponent (black): 3:00"])
    audit_without_scripts(browser, live_server, axe_source, bob.content())
    bob.get_by_role("button", name="Decline").click()
    expect(bob.locator(".offer")).to_have_count(0)
    alice.get_by_role("link", name="Refresh").click()
    expect(alice.locator(".offer")).to_have_count(0)
    expect(alice.get_by_role("button", name="Offer a draw")).to_have_count(0)  # declined: not again until a move


def test_when_a_clock_runs_out_every_open_page_shows_it_without_a_reload(browser: Browser, tmp_path):
    """On a server offering a 3-second clock: Bob lets his run out; the job
    on the engine workers ends the game, and Alice's, Bob's and a spectator's
    pages all say so, by their streams."""
    with AppServer(tmp_path / "instance", workers=1, CLOCKS=f"{SHORT_CLOCK} 3+2") as server:
        pages = []
        for _ in range(3):
            context = browser.new_context(base_url=f"http://127.0.0.1:{server.port}")
            pages.append(context.new_page())
        alice, bob, carol = pages
        url = invite(alice, "7x7", clock=SHORT_CLOCK)
        take_the_seat(bob, url)
        carol.goto(url)
        for page in pages:
            connected(page)
        alice.locator('.grid button[value="24"]').click()
        expect(bob.locator(".clock.running")).to_contain_text("You (white)")
        expect(alice.locator("#status")).to_have_text("You win on time!", timeout=10_000)
        expect(bob.locator("#status")).to_have_text("You lost on time.")
        expect(carol.locator("#status")).to_have_text("White's time ran out: black wins on time.")
        expect(bob.locator(".clock.running")).to_have_count(0)
        expect(alice.get_by_role("button", name="Rematch, sides swapped")).to_be_visible()
        for page in pages:
            page.context.close()
