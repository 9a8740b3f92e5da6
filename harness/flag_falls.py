"""Clocks that run out with no page open, on a real server: games between
two browsers on a short clock, each left after X's first stone (O's clock
then runs), and how long after each deadline the result is written in the
game store, by the flag's job on the engine workers. Shared by the live
test (that it happens) and `make bench-flags` (how soon, over many games)."""

from __future__ import annotations

import time
from pathlib import Path

from harness.client import Browser
from harness.servers import run
from webapp.online.flags import Where, games_at
from webapp.online.store import GameStore

SHORT_CLOCK = "0.05+0"
"""Three seconds each, no increment: the control the server under test offers (CLOCKS)."""
POLL_SECONDS = 0.01


def store_of(instance: Path, redis_url: str | None) -> GameStore:
    """The server's game store, read as its workers read it (its folder made, if the server has not yet)."""
    instance.mkdir(parents=True, exist_ok=True)
    return games_at(Where(redis_url, str(instance), 3600))


async def left_after_one_stone(port: int) -> str:
    """A game on SHORT_CLOCK whose players both leave after X's first stone: its id."""
    alice, bob = Browser(port), Browser(port)
    await alice.open()
    invited = await alice.post("/online", {"board": "7x7", "side": "x", "clock": SHORT_CLOCK}, htmx=False)
    game = "/g/" + invited.headers["location"].rsplit("/g/", 1)[1]
    await bob.open()
    assert (await bob.post(game + "/join", {}, htmx=False)).status == 303
    assert (await alice.post(game + "/move", {"cell": 24, "ply": 0})).status == 200
    await alice.close()
    await bob.close()
    return game.removeprefix("/g/")


def flag_delays(port: int, store: GameStore, games: int, give_up_seconds: float = 30.0) -> dict[str, float]:
    """Start `games` games one after another, each left after its first
    stone; by game id, the seconds from its deadline until its time-out was
    in the store (inf if not there give_up_seconds after its deadline)."""
    deadlines = {}
    for _ in range(games):
        game_id = run(left_after_one_stone(port))
        deadlines[game_id] = store.get(game_id).deadline
    delays: dict[str, float] = {}
    while len(delays) < games:
        now = time.time()
        for game_id, deadline in deadlines.items():
            if game_id in delays or now < deadline:
                continue
            if store.get(game_id).ending.timed_out:
                delays[game_id] = now - deadline
            elif now > deadline + give_up_seconds:
                delays[game_id] = float("inf")
        time.sleep(POLL_SECONDS)
    return delays
