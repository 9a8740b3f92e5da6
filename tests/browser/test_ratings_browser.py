"""A rated game's end in real Chromium: both players' screens show their rating change without a reload, and
the end screen, the player's page with its chart and the leaderboards pass the axe audit (WCAG 2.2 A and AA)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, expect

from harness.accessibility import audit_both_schemes
from harness.servers import in_a_thread
from tests.accounts.conftest import CHEAP
from webapp.accounts.store import accounts_store
from webapp.app import create_app
from webapp.online.store import Event
from webapp.storage.where import Where

pytestmark = pytest.mark.browser


@pytest.fixture
def rated_site(tmp_path: Path) -> Iterator[tuple[Flask, str]]:
    """An app of its own in a thread (its store is this test's to make a game rated in, as the lobby will),
    with the accounts Alice and Bob."""
    app = create_app({"SECRET_KEY": "ratings browser test", "ENGINE_WORKERS": "inline"},
                     instance_path=tmp_path / "instance")
    app.extensions["accounts"] = accounts_store(Where(None, app.instance_path), CHEAP)
    for name in ("Alice", "Bob"):
        app.extensions["accounts"].create(name, f"a long password for {name}")
    with in_a_thread(app) as address:
        yield app, address


def test_both_players_see_their_rating_change_at_a_rated_games_end(browser: Browser, rated_site, axe_source: str):
    app, address = rated_site
    alice, bob = (browser.new_context(base_url=address).new_page() for _ in range(2))
    alice.goto("/")
    alice.locator("#invite-board").select_option("5x5")
    alice.get_by_role("button", name="Invite a friend").click()
    expect(alice).to_have_url(re.compile(r"/g/[\w-]{22}$"))
    url = alice.url
    bob.goto(url)
    bob.get_by_role("button", name=re.compile("^Join the game")).click()
    app.extensions["online_games"].change(url.rsplit("/", 1)[1], lambda game: (
        replace(game, rated=True, names=("Alice", "Bob")), Event("seat", "The game is rated."), []))
    for page in (alice, bob):
        page.goto(url)
        expect(page.locator(".players")).to_contain_text("Alice (1500?)")
    until_live = alice.locator(".rating-change")
    bob.locator("summary", has_text="Resign").click()
    bob.get_by_role("button", name="Yes, give up this game").click()
    expect(bob.locator(".rating-change")).to_have_text("Your rating: 1500? → 1338? (-162)")
    expect(until_live).to_have_text("Your rating: 1500? → 1662? (+162)")  # by the stream, no reload
    audit_both_schemes(alice, axe_source)
    alice.get_by_role("link", name="Alice").first.click()
    expect(alice.locator("h3")).to_contain_text(["5×5: 1662?"])
    expect(alice.locator(".rating-chart svg")).to_be_visible()
    audit_both_schemes(alice, axe_source)
    alice.goto("/leaderboards")
    audit_both_schemes(alice, axe_source)
