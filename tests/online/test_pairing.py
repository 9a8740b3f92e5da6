"""game_for_two: both seats taken, names and rated kept, on both stores."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.servers import RedisServer
from webapp.engine import BOARDS
from webapp.online.clock import TimeControl
from webapp.online.endings import FIRST_MOVE_SECONDS
from webapp.online.pairing import Seated, game_for_two
from webapp.online.shared_game import SharedGame, new_player_id
from webapp.online.store import games_store
from webapp.storage.redis import redis_client


@pytest.fixture(params=["disk", "redis"])
def store(request, tmp_path: Path, redis_server: RedisServer):
    if request.param == "disk":
        return games_store(None, str(tmp_path), 3600, SharedGame.from_data)
    return games_store(redis_client(redis_server.url), str(tmp_path), 3600, SharedGame.from_data)


def test_both_players_are_seated_and_the_game_is_kept(store):
    x, o = Seated(new_player_id(), "ann"), Seated(new_player_id(), "bob")
    game = game_for_two(store, BOARDS["15x15"], x, o, control=TimeControl.parse("5+3"), rated=True)
    kept = store.get(game.id)
    assert kept.seats == (x.player, o.player) and kept.names == ("ann", "bob") and kept.rated
    assert kept.free_seat is None and kept.clock is not None and store.by_code(game.code) == game.id


def test_a_rated_game_needs_two_accounts_and_two_players(store):
    player = new_player_id()
    with pytest.raises(ValueError):
        game_for_two(store, BOARDS["3x3"], Seated(player), Seated(new_player_id()), rated=True)
    with pytest.raises(ValueError):
        game_for_two(store, BOARDS["3x3"], Seated(player), Seated(player))


def test_a_rated_game_waits_for_its_first_move_from_the_start_and_a_casual_one_does_not(store):
    x, o = Seated(new_player_id(), "ann"), Seated(new_player_id(), "bob")
    rated = game_for_two(store, BOARDS["7x7"], x, o, rated=True, now=100.0)
    assert store.get(rated.id).start_by == 100.0 + FIRST_MOVE_SECONDS
    assert game_for_two(store, BOARDS["7x7"], x, o, now=100.0).start_by is None


def test_a_game_id_chosen_beforehand_is_made_once(store):
    x, o = Seated(new_player_id()), Seated(new_player_id())
    game = game_for_two(store, BOARDS["3x3"], x, o, game_id="chosen-id")
    assert game.id == "chosen-id" and store.get("chosen-id").seats == (x.player, o.player)
    with pytest.raises(ValueError, match="once"):
        game_for_two(store, BOARDS["3x3"], x, o, game_id="chosen-id")
