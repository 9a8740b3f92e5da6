"""Rated games end and rate their players in one atomic change, exactly once whatever races, on both stores:
two moves or a move and a resignation at once, one player's two games ending at once, two servers on one Redis."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from harness.servers import RedisServer
from webapp.engine import BOARDS
from webapp.online.shared_game import SharedGame, new_code, new_game_id
from webapp.online.store import GameStore, SQLiteGames, games_store
from webapp.ratings.kinds import RatingKind
from webapp.ratings.store import RedisRatings, SQLiteRatings
from webapp.shared.errors import Conflict
from webapp.storage.redis import redis_client

ALICE, BOB, CAROL = "a" * 32, "b" * 32, "c" * 32
RATINGS_DB = 9
"""The Redis database these tests use, emptied before each: the ratings' keys are the same names in every test."""


def redis_url(server: RedisServer) -> str:
    return server.url.rsplit("/", 1)[0] + f"/{RATINGS_DB}"


@pytest.fixture
def redis_for_ratings(redis_server: RedisServer) -> str:
    """The url of an empty Redis database of its own."""
    redis_client(redis_url(redis_server)).flushdb()
    return redis_url(redis_server)


def rated(names: tuple[str | None, str | None] = ("Alice", "Bob"), board: str = "5x5",
          players: tuple[str, str] = (ALICE, BOB)) -> SharedGame:
    """A rated game with both seats taken, as the lobby will make them."""
    game = SharedGame.create(BOARDS[board], "X", players[0], new_game_id(), new_code())
    return replace(game.join(players[1])[0], rated=True, names=names)


@pytest.fixture(params=["disk", "redis"])
def store(request, tmp_path: Path, redis_for_ratings: str) -> GameStore:
    if request.param == "disk":
        return SQLiteGames(str(tmp_path / "games.sqlite3"), 3600, SharedGame.from_data)
    return games_store(redis_client(redis_for_ratings), str(tmp_path), 3600, SharedGame.from_data)


def ratings_of(store: GameStore) -> SQLiteRatings | RedisRatings:
    return store.ratings  # type: ignore[attr-defined]


def race(*actions: Callable[[], None]) -> list[str]:
    """Run the actions at once, each in its thread; what each came to ("done" or "refused")."""
    results: list[str] = []
    start = threading.Barrier(len(actions))

    def run(action: Callable[[], None]) -> None:
        start.wait()
        try:
            action()
            results.append("done")
        except Conflict:
            results.append("refused")

    threads = [threading.Thread(target=run, args=(action,)) for action in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(results)


def test_a_rated_game_rates_both_players_as_it_ends_and_keeps_their_changes(store):
    game = rated()
    store.create(game)
    ended, _ = store.change(game.id, lambda g: (*g.resign(BOB, g.ply), []))
    x, o = ended.rating_changes
    assert x.words == "1500? → 1662? (+162)" and o.words == "1500? → 1338? (-162)"
    assert store.get(game.id).rating_changes == (x, o), "kept in the game, for both screens"
    alice = ratings_of(store).standing("alice", RatingKind.FOUR_5X5)
    assert (alice.wins, alice.losses, alice.games, len(alice.history)) == (1, 0, 1, 1)
    assert alice.recent[0].opponent == "Bob" and alice.recent[0].change == 162
    bob = ratings_of(store).standing("Bob", RatingKind.FOUR_5X5)
    assert (bob.wins, bob.losses) == (0, 1) and round(bob.rating.rating) == 1338


def test_a_change_after_the_end_rates_nothing_again(store):
    game = rated()
    store.create(game)
    store.change(game.id, lambda g: (*g.resign(BOB, g.ply), []))
    store.change(game.id, lambda g: (*g.leave("X"), []))
    store.change(game.id, lambda g: (*g.arrive("X"), []))
    assert ratings_of(store).standing("Alice", RatingKind.FOUR_5X5).games == 1


@pytest.mark.parametrize("names, board", [(("Alice", "Bob"), "3x3"), (("Alice", None), "5x5"),
                                          ((None, None), "5x5"), (("Alice", "alice"), "5x5")])
def test_no_rating_on_an_unrated_board_for_an_anonymous_player_or_against_oneself(store, names, board):
    game = rated(names, board)
    store.create(game)
    ended, _ = store.change(game.id, lambda g: (*g.resign(BOB, g.ply), []))
    assert ended.rating_changes is None and ratings_of(store).standings_of("Alice") == []


def test_an_unrated_game_changes_no_rating(store):
    game = replace(rated(), rated=False)
    store.create(game)
    ended, _ = store.change(game.id, lambda g: (*g.resign(BOB, g.ply), []))
    assert ended.rating_changes is None and ratings_of(store).standing("Alice", RatingKind.FOUR_5X5) is None


def test_two_resignations_at_once_rate_the_game_once(store):
    game = rated()
    store.create(game)
    results = race(*[lambda who=who: store.change(game.id, lambda g: (*g.resign(who, g.ply), []))
                     for who in (ALICE, BOB) * 4])
    assert results == ["done"] + ["refused"] * 7
    standings = [ratings_of(store).standing(name, RatingKind.FOUR_5X5) for name in ("Alice", "Bob")]
    assert [standing.games for standing in standings] == [1, 1]
    changes = store.get(game.id).rating_changes
    assert {round(change.after) for change in changes} == {1662, 1338}


def test_a_winning_move_and_a_resignation_at_once_rate_the_game_once(store):
    game = rated()
    for cell in (0, 5, 1, 6, 2, 7):  # X: a1 b1 c1, O above: X's fourth at 3 wins
        game = game.play(game.player_at(game.acting_seat), cell, game.ply)[0]
    store.create(game)
    results = race(lambda: store.change(game.id, lambda g: (*g.play(ALICE, 3, g.ply), [])),
                   lambda: store.change(game.id, lambda g: (*g.resign(BOB, g.ply), [])),
                   lambda: store.change(game.id, lambda g: (*g.resign(ALICE, g.ply), [])))
    assert results == ["done", "refused", "refused"]
    assert [ratings_of(store).standing(name, RatingKind.FOUR_5X5).games for name in ("Alice", "Bob")] == [1, 1]


def test_one_players_games_ending_at_once_lose_no_update(store):
    """Alice's games against Bob and Carol end at the same moment: her rating counts both (no lost update)."""
    games = [rated(("Alice", "Bob")), rated(("Alice", "Carol"), players=(ALICE, CAROL)),
             rated(("Dan", "Alice"), players=(BOB, ALICE)), rated(("Alice", "Eve"))]
    for game in games:
        store.create(game)
    loser = [BOB, CAROL, ALICE, BOB]
    race(*[lambda game=game, who=who: store.change(game.id, lambda g: (*g.resign(who, g.ply), []))
           for game, who in zip(games, loser)])
    alice = ratings_of(store).standing("Alice", RatingKind.FOUR_5X5)
    assert (alice.wins, alice.losses, len(alice.history), len(alice.recent)) == (3, 1, 4, 4)


def test_two_servers_on_one_redis_rate_a_game_once(redis_for_ratings: str, tmp_path: Path):
    """Two web servers: each its own client and connection pool, and its own store, on one Redis."""
    first, second = (games_store(redis_client(redis_for_ratings), str(tmp_path), 3600, SharedGame.from_data)
                     for _ in range(2))
    games = [rated(("Xena", "Yann")) for _ in range(5)]
    for game in games:
        first.create(game)
    for game in games:
        race(lambda: first.change(game.id, lambda g: (*g.resign(BOB, g.ply), [])),
             lambda: second.change(game.id, lambda g: (*g.resign(ALICE, g.ply), [])))
    xena, yann = (second.ratings.standing(name, RatingKind.FOUR_5X5) for name in ("Xena", "Yann"))  # type: ignore
    assert xena.games == yann.games == 5 and xena.wins + yann.wins == 5


def test_a_rating_written_between_a_games_read_and_its_write_makes_it_try_again(redis_for_ratings: str,
                                                                                tmp_path: Path, monkeypatch):
    """The Redis store's WATCH covers the players' ratings: another server's rating of Alice, landing after
    this change read her rating and before its MULTI, fails the MULTI; the change is made again on her new rating."""
    store, elsewhere = (games_store(redis_client(redis_for_ratings), str(tmp_path), 3600, SharedGame.from_data)
                        for _ in range(2))
    first, other = rated(("Alice", "Bob")), rated(("Alice", "Carol"), players=(ALICE, CAROL))
    store.create(first)
    store.create(other)
    ratings, read = store.ratings, store.ratings.read_watched  # type: ignore[attr-defined]
    reads = []

    def read_then_another_game_ends(pipe, game):
        found = read(pipe, game)
        reads.append(found)
        if len(reads) == 1:
            elsewhere.change(other.id, lambda g: (*g.resign(CAROL, g.ply), []))
        return found

    monkeypatch.setattr(ratings, "read_watched", read_then_another_game_ends)
    ended, _ = store.change(first.id, lambda g: (*g.resign(BOB, g.ply), []))
    assert len(reads) == 2, "the first try failed its MULTI"
    assert ratings.standing("Alice", RatingKind.FOUR_5X5).games == 2
    assert ended.rating_changes[0].before > 1600, "rated from the rating the other game made"


def test_a_rating_change_round_trips_and_a_bad_one_is_refused():
    game = rated()
    ended = replace(game.resign(BOB, game.ply)[0])
    assert ended.rated_ending() is not None
    data = ended.to_data() | {"rating_changes": [[1500, 350, 1662, 290], [1500, 350, 1338, 290]]}
    assert SharedGame.from_data(data).rating_change_of("X").points == 162
    for bad in ([[1500, 350, 1662]], [[1500, 350, 1662, "x"], [1, 2, 3, 4]], "1500", [[1, 2, 3, 4], [1, 2, 3, True]]):
        with pytest.raises(ValueError):
            SharedGame.from_data(data | {"rating_changes": bad})


def test_a_rematch_of_a_rated_game_is_rated_and_the_names_follow_the_players():
    game = rated().resign(BOB, 0)[0]
    _, following, _ = game.start_rematch(ALICE, new_game_id(), new_code())
    assert following.rated and following.seats == (BOB, ALICE) and following.names == ("Bob", "Alice")
