"""The pools' store, on SQLite and on Redis: one entry a browser and an
account, a bound an address and a pool, an entry gone once its page is not
seen, leaving, and a round that pairs each player once, even when two rounds
run at once, writing both players' matches where the lobby finds them."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from harness.servers import RedisServer
from webapp.online import pools as pools_module
from webapp.online.lobby import LobbyRating
from webapp.online.pool_store import Joined, pools_store
from webapp.online.pools import POOLS, Mode, entry_made, pairings
from webapp.online.seek_store import seeks_store
from webapp.online.shared_game import new_player_id
from webapp.storage.redis import redis_client

POOL = POOLS["15x15-5+3"]
KEY = "15x15-5+3/rated"


def forget(client, pattern: str) -> None:
    keys = client.keys(pattern)
    if keys:
        client.delete(*keys)


@pytest.fixture(params=["disk", "redis"])
def stores(request, tmp_path: Path, redis_server: RedisServer):
    """The seeks' store and the pools' beside it."""
    client = None
    if request.param == "redis":
        client = redis_client(redis_server.url)
        forget(client, "pool:*")
        forget(client, "lobby:*")
    seeks = seeks_store(client, str(tmp_path), 3600)
    return seeks, pools_store(client, seeks)


def an_entry(name: str | None = None, rating: int = 1500, address: str = "addr", player: str | None = None):
    return entry_made(player or new_player_id(), name, POOL, Mode.RATED, LobbyRating(rating, False), address,
                      time.time())


def test_one_entry_a_browser_and_an_account_and_bounds_an_address_and_a_pool(stores):
    _, pools = stores
    first = an_entry("Ada")
    assert pools.join(first, most=3, per_address=2) == Joined.JOINED
    assert pools.join(an_entry(player=first.player), 3, 2) == Joined.PLAYER_HAS_ONE
    assert pools.join(an_entry("ADA"), 3, 2) == Joined.ACCOUNT_HAS_ONE
    assert pools.join(an_entry("Bob"), 3, 2) == Joined.JOINED
    assert pools.join(an_entry("Cy"), 3, 2) == Joined.ADDRESS_FULL
    assert pools.join(an_entry("Cy", address="other"), 3, 2) == Joined.JOINED
    assert pools.join(an_entry("Di", address="third"), 3, 2) == Joined.FULL
    assert pools.waiting(KEY) == 3 and pools.entry_of(first.player).name == "Ada"
    assert pools.join(an_entry("Ada2", address="other"), 3, 2) == Joined.FULL  # nothing half-kept by a refusal
    assert pools.leave(first.player) and not pools.leave(first.player)
    assert pools.entry_of(first.player) is None and pools.join(an_entry("Ada"), 3, 2) == Joined.JOINED


def test_an_entry_not_seen_in_time_is_gone_and_one_seen_lives_on(stores, monkeypatch):
    _, pools = stores
    monkeypatch.setattr(pools_module, "SEEN_SECONDS", 0.3)
    left, stayed = an_entry("Ada"), an_entry("Bob", address="b")
    pools.join(left, 9, 9)
    pools.join(stayed, 9, 9)
    for _ in range(3):
        time.sleep(0.15)
        pools.seen(stayed.player)
    assert pools.entry_of(left.player) is None and pools.entry_of(stayed.player) is not None
    assert pools.waiting(KEY) == 1
    assert pools.pair(KEY, lambda entries: pairings(entries, time.time()), pressed=True) == []  # none to pair with


def test_a_round_pairs_removes_and_writes_both_matches(stores):
    seeks, pools = stores
    a, b, far = an_entry("Ada", 1500), an_entry("Bob", 1550, "b"), an_entry("Cy", 2100, "c")
    for each in (a, b, far):
        pools.join(each, 9, 9)
    (paired,) = pools.pair(KEY, lambda entries: pairings(entries, time.time()), pressed=True)
    assert {paired.a.player, paired.b.player} == {a.player, b.player}
    assert seeks.match_of(a.player) == seeks.match_of(b.player) == paired.game_id
    assert pools.entry_of(a.player) is None and pools.entry_of(far.player) is not None
    assert pools.join(an_entry("Ada", address="d"), 9, 9) == Joined.JOINED  # the account may wait again


def test_rounds_not_pressed_for_run_at_most_once_a_second(stores):
    _, pools = stores
    calls = []
    pools.pair(KEY, lambda entries: calls.append(1) or [])
    pools.pair(KEY, lambda entries: calls.append(1) or [])
    pools.pair(KEY, lambda entries: calls.append(1) or [], pressed=True)
    assert len(calls) == 2


def test_two_rounds_at_once_pair_each_player_once(stores):
    seeks, pools = stores
    entries = [an_entry(f"P{index}", 1500, f"a{index}") for index in range(10)]
    for each in entries:
        pools.join(each, 99, 99)
    made, start = [], threading.Barrier(4)

    def round_() -> None:
        start.wait()
        made.extend(pools.pair(KEY, lambda found: pairings(found, time.time()), pressed=True))

    threads = [threading.Thread(target=round_) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    players = [entry.player for paired in made for entry in (paired.a, paired.b)]
    assert len(players) == len(set(players)) == 10
    assert all(seeks.match_of(entry.player) is not None for entry in entries)


def test_every_redis_key_of_the_pools_expires(redis_server: RedisServer, tmp_path: Path):
    client = redis_client(redis_server.url)
    forget(client, "pool:*")
    pools = pools_store(client, seeks_store(client, str(tmp_path), 3600))
    pools.join(an_entry("Ada"), 9, 9)
    pools.pair(KEY, lambda entries: [])
    keys = client.keys("pool:*")
    assert keys and all(0 < client.ttl(key) <= 15 * 60 + 1 or 0 < client.pttl(key) for key in keys)
