"""make load-lobby: a tiny run under gunicorn reports what happened: every
pairing it counts is a game both players reached, seated; its clients are
told apart by their addresses, as the app's own bounds see them; and its
report says the figures it measured."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from harness.client import Browser
from harness.servers import run
from tools import load_lobby

PLAYERS, PAGES = 6, 30
"""Three pairs each way; more lobby pages than one address may hold in a worker (STREAMS_PER_CLIENT, 24)."""


async def seated_players(port: int, game: str) -> int:
    """How many seats of the game are taken, as a spectator's page says (neither seat offers Join)."""
    page = await Browser(port, forwarded_for=load_lobby.address(9999)).request("GET", game)
    assert page.status == 200 and load_lobby.BOARD_SHOWN in page.body
    return 0 if "/join" in page.body else 2


@pytest.mark.live
def test_a_tiny_run_reports_what_it_measured(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(load_lobby, "TIMEOUT", 30.0)
    monkeypatch.setattr(load_lobby, "WORKERS", "1")
    with load_lobby.serve(tmp_path, {}) as server:
        measured = run(load_lobby.measure(server.port, PLAYERS, PAGES))
        games = measured.accepts.games + measured.invitations.games
        seated = [run(seated_players(server.port, game)) for game in games]
    pairs = PLAYERS // 2
    assert measured.seeks.done == pairs and len(measured.accepts.pairing_seconds) == pairs, measured.accepts.errors
    assert len(measured.invitations.pairing_seconds) == pairs, measured.invitations.errors
    assert len(set(games)) == 2 * pairs and seated == [2] * (2 * pairs)
    assert all(0 < seconds < 30 for seconds in measured.accepts.pairing_seconds + measured.invitations.pairing_seconds)
    assert measured.streams_held == PLAYERS
    # Past 24 pages from one address the worker would refuse (429): each page is a client of its own.
    pages = measured.pages
    assert pages.at_once == pages.held == PAGES and not pages.refused and len(pages.reached) == PAGES
    lines = load_lobby.report("disk", measured, PLAYERS, "quiet")
    said = {line.split()[0]: line for line in lines[1:] if not line.startswith("  " * 4)}  # seeks, accepts, ...
    p90 = load_lobby.percentile(measured.accepts.pairing_seconds, 0.9)
    assert f"{pairs} of {pairs} paired" in said["accepts"] and f"p90 {p90 * 1e3:.0f} ms" in said["accepts"]
    assert f"{PLAYERS} lobby streams held" in lines[3] and "seeker p50" in lines[4]
    assert any("inviter p50" in line for line in lines) and said["ratio"].startswith("  ratio        accepts / inv")
    assert re.search(rf"{PAGES} of {PAGES} held at once at the first try, {PAGES} after .*; refused: none; "
                     rf"one seek then reached {PAGES} of them",
                     said["lobby"]), said["lobby"]
