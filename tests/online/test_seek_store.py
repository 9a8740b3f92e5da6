"""The seeks' store, on SQLite and on Redis: one seek a player, a bound in
all, an accept taken once, deadlines (the owner seen, gone, the last page
closed), matches, the games to watch, and every Redis key expiring."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.servers import RedisServer
from webapp.engine import BOARDS, Opening
from webapp.online.lobby import LEFT_GRACE_SECONDS, Colour, seek_made
from webapp.online.seek_store import LOBBY, Added, seeks_store
from webapp.online.shared_game import new_player_id
from webapp.storage.redis import redis_client


def empty_lobby(client) -> None:
    """Forget every lobby key on the tests' Redis (shared by the session's tests: the lobby is one for all)."""
    keys = client.keys("lobby:*")
    if keys:
        client.delete(*keys)


@pytest.fixture(params=["disk", "redis"])
def store(request, tmp_path: Path, redis_server: RedisServer):
    if request.param == "disk":
        return seeks_store(None, str(tmp_path), 3600)
    client = redis_client(redis_server.url)
    empty_lobby(client)
    return seeks_store(client, str(tmp_path), 3600)


def a_seek(owner: str | None = None):
    return seek_made(owner or new_player_id(), None, BOARDS["3x3"], Opening(), None, False, Colour.RANDOM, None,
                     None)


def test_one_seek_a_player_and_a_bound_in_all(store):
    first = a_seek()
    assert store.add(first, 2) == Added.ADDED
    assert store.add(a_seek(first.owner), 2) == Added.OWNER_HAS_ONE
    assert store.add(a_seek(), 2) == Added.ADDED
    assert store.add(a_seek(), 2) == Added.FULL
    assert [seek.id for seek in store.open_seeks()][0] == first.id and store.of_owner(first.owner) == first


def test_a_seek_is_taken_once_and_the_version_grows(store):
    seek = a_seek()
    before = store.version()
    store.add(seek, 10)
    assert store.latest([LOBBY]) == {LOBBY: before + 1}
    assert store.take(seek.id) == seek
    assert store.take(seek.id) is None and store.get(seek.id) is None and store.of_owner(seek.owner) is None
    assert store.version() == before + 2
    assert store.add(a_seek(seek.owner), 10) == Added.ADDED  # its owner may seek again


def test_a_seek_lives_while_its_owner_is_seen_and_a_grace_after_they_leave(store):
    seek = a_seek()
    store.add(seek, 10)
    store.left(seek.owner)
    assert store.get(seek.id) is not None  # within the grace
    store.seen(seek.owner, -1)  # as if the grace had passed
    assert store.open_seeks() == [] and store.get(seek.id) is None
    assert LEFT_GRACE_SECONDS < 60


def test_matches_are_read_then_forgotten(store):
    before = store.version()
    store.match("owner", "game")
    assert store.version() > before, "a change: it wakes the owner's stream, which the take woke too early"
    assert store.match_of("owner") == "game"
    assert store.match_of("owner", forget=True) == "game"
    assert store.match_of("owner") is None


def test_games_to_watch_come_highest_rated_first(store):
    for game_id, rating in (("low", 1200), ("high", 1800), ("middle", 1500)):
        store.playing(game_id, rating)
    assert store.games_playing(2) == ["high", "middle"]


def test_a_players_lobby_streams_are_counted(store):
    one, two = store.open_stream("p"), store.open_stream("p")
    store.refresh_stream(one)
    assert store.close_stream(one) == 1 and store.close_stream(two) == 0


def test_every_redis_key_of_the_lobby_but_its_version_expires(redis_server: RedisServer, tmp_path: Path):
    client = redis_client(redis_server.url)
    empty_lobby(client)
    store = seeks_store(client, str(tmp_path), 3600)
    seek = a_seek()
    store.add(seek, 10)
    store.add(a_seek(), 10)
    store.take(seek.id)
    store.match("owner", "game")
    store.playing("game", 1500)
    store.open_stream("p")
    keys = [key.decode() for key in client.keys("lobby:*")]
    assert "lobby:version" in keys and len(keys) > 4
    assert all(client.ttl(key) > 0 for key in keys if key != "lobby:version"), {key: client.ttl(key) for key in keys}


def test_blocks_both_ways_and_capped(store, monkeypatch: pytest.MonkeyPatch):
    from webapp.online import seek_store
    monkeypatch.setattr(seek_store, "BLOCKS_KEPT", 2)
    assert store.block("ada", "bob") and store.block("ada", "cy")
    assert not store.block("ada", "dee")
    assert store.blocked_by("ada") == {"bob", "cy"} and store.blocking("bob") == {"ada"}
    store.unblock("ada", "bob")
    assert store.blocked_by("ada") == {"cy"} and store.blocking("bob") == set()
