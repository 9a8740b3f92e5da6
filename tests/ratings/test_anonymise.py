"""A deleted account's ratings, on both stores: its standings dropped, its name in every other player's recent
games replaced by the deleted player's mark (and nothing else changed), its name closed, so that a game still
going on with it ends unrated and is never rated later; over more standings than one SCAN batch on Redis."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest

from tests.ratings.conftest import plant, ratings_of
from tests.ratings.test_rated_games import BOB, rated
from webapp.online.shared_game import SharedGame
from webapp.online.store import Event, GameStore, SQLiteGames, games_store
from webapp.ratings.glicko2 import Rating, Score
from webapp.ratings.kinds import RatingKind
from webapp.ratings.standing import RecentGame, Standing
from webapp.ratings.store import SCAN_BATCH
from webapp.storage.redis import redis_client

NOW = 1_800_000_000.0


@pytest.fixture(params=["disk", "redis"])
def store(request, tmp_path: Path, redis_for_ratings: str) -> GameStore:
    if request.param == "disk":
        return SQLiteGames(str(tmp_path / "games.sqlite3"), 3600, SharedGame.from_data)
    return games_store(redis_client(redis_for_ratings), str(tmp_path), 3600, SharedGame.from_data)


def game_against(opponent: str, number: int = 0) -> RecentGame:
    return RecentGame(f"g{number}", NOW - number, opponent, Score.WIN, 12, "5x5", "c3d4", {"resigned": "O"})


def standing_of(name: str, *opponents: str, kind: RatingKind = RatingKind.FOUR_5X5) -> Standing:
    recent = tuple(game_against(opponent, number) for number, opponent in enumerate(opponents))
    return Standing(name, kind, Rating(1600, 80, 0.06), len(recent), 0, 0, NOW, (), recent)


def test_the_name_is_anonymised_in_every_other_players_recent_games_and_nothing_else(store: GameStore):
    plant(store, [standing_of("Alice", "Bob", "Carol"), standing_of("Alice", "Bob", kind=RatingKind.RENJU),
                  standing_of("Bob", "Alice", "Carol", "alice"), standing_of("Bob", "ALICE", kind=RatingKind.RENJU),
                  standing_of("Carol", "Dan", "Alice_2"), standing_of("Alice_2", "Carol")])
    ratings = ratings_of(store)
    carol_before = ratings.standing("Carol", RatingKind.FOUR_5X5)
    ratings.anonymise("alice")
    assert ratings.standings_of("Alice") == [] and ratings.is_closed("ALICE") and not ratings.is_closed("Bob")
    bob = ratings.standing("Bob", RatingKind.FOUR_5X5)
    assert [game.opponent for game in bob.recent] == [None, "Carol", None]
    assert bob.recent[0] == replace(game_against("Alice", 0), opponent=None), "the game stays, its links with it"
    assert bob.rating == Rating(1600, 80, 0.06) and bob.games == 3
    assert [game.opponent for game in ratings.standing("Bob", RatingKind.RENJU).recent] == [None]
    assert ratings.standing("Carol", RatingKind.FOUR_5X5) == carol_before, "a name that only contains it is not it"
    ratings.anonymise("Alice")  # again: nothing more to do, and no harm
    assert ratings.standing("Bob", RatingKind.FOUR_5X5) == bob


def test_a_game_still_going_on_with_a_deleted_name_ends_unrated_and_stays_so(store: GameStore):
    game = rated()
    store.create(game)
    ratings_of(store).anonymise("Alice")
    after, _ = store.change(game.id, lambda g: (*g.resign(BOB, g.ply), []))
    assert after.is_over and after.rating_changes is None
    store.change(game.id, lambda g: (g, Event("arrive", "Someone came back."), []))
    assert store.get(game.id).rating_changes is None
    assert ratings_of(store).standings_of("Alice") == [] and ratings_of(store).standings_of("Bob") == []


def test_the_other_players_games_are_still_rated(store: GameStore):
    ratings_of(store).anonymise("Alice")
    game = rated(("Bob", "Carol"))
    store.create(game)
    after, _ = store.change(game.id, lambda g: (*g.resign(BOB, g.ply), []))
    assert after.rating_changes is not None and ratings_of(store).standing("Bob", RatingKind.FOUR_5X5).games == 1


def test_every_standing_is_read_however_many_batches_it_takes(store: GameStore):
    count = 2 * SCAN_BATCH + 50
    plant(store, [standing_of(f"P{number}", "Alice" if number % 3 == 0 else "Bob") for number in range(count)])
    started = time.perf_counter()
    ratings_of(store).anonymise("Alice")
    took = time.perf_counter() - started
    opponents = [ratings_of(store).standing(f"P{number}", RatingKind.FOUR_5X5).recent[0].opponent
                 for number in range(count)]
    assert opponents == [None if number % 3 == 0 else "Bob" for number in range(count)]
    print(f"anonymise over {count} standings: {took * 1000:.0f} ms")
