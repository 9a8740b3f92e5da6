"""Rated games end and rate their players in one atomic change, exactly once whatever races, on both stores:
two moves or a move and a resignation at once, one player's two games ending at once, two servers on one Redis."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from tests.ratings.conftest import plant, ratings_of
from tests.support import Friend
from webapp.app import create_app
from webapp.engine import BOARDS
from webapp.online import endings
from webapp.online.clock import TimeControl
from webapp.online.rated import rating_change_of
from webapp.online.shared_game import SharedGame, new_code, new_game_id
from webapp.online.store import Event, GameStore, SQLiteGames, change_if, games_store
from webapp.ratings.glicko2 import Rating
from webapp.ratings.kinds import RatingKind
from webapp.ratings.standing import Standing
from webapp.ratings.store import LEADERBOARD_LENGTH
from webapp.shared.errors import Conflict
from webapp.storage.redis import redis_client

ALICE, BOB, CAROL = "a" * 32, "b" * 32, "c" * 32
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


def test_an_aborted_rated_game_is_never_rated(store):
    game = rated()
    store.create(game)
    ended, _ = store.change(game.id, lambda g: (*endings.abort(g, BOB, g.ply), []))
    assert ended.is_over and ended.ending.aborted
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
    assert rating_change_of(SharedGame.from_data(data), "X").points == 162
    for bad in ([[1500, 350, 1662]], [[1500, 350, 1662, "x"], [1, 2, 3, 4]], "1500", [[1, 2, 3, 4], [1, 2, 3, True]]):
        with pytest.raises(ValueError):
            SharedGame.from_data(data | {"rating_changes": bad})


def test_a_rematch_of_a_rated_game_is_rated_and_the_names_follow_the_players():
    game = rated().resign(BOB, 0)[0]
    _, following, _ = game.start_rematch(ALICE, new_game_id(), new_code())
    assert following.rated and following.seats == (BOB, ALICE) and following.names == ("Bob", "Alice")


def test_a_winning_move_and_a_flag_at_once_rate_the_game_once(store):
    """X's winning move in the last second of X's clock, and the flag's job a second after it: one of them ends
    the game (a win, or a loss on time), and the ratings count it once."""
    t0 = 1_800_000_000.0
    game = SharedGame.create(BOARDS["5x5"], "X", ALICE, new_game_id(), new_code(), control=TimeControl.parse("1+0"))
    game = replace(game.join(BOB)[0], rated=True, names=("Alice", "Bob"))
    for cell in (0, 5, 1, 6, 2, 7):
        game = game.play(game.player_at(game.acting_seat), cell, game.ply, now=t0)[0]
    store.create(game)
    deadline = game.deadline
    for _ in range(3):
        fresh = replace(game, id=new_game_id(), code=new_code())
        store.create(fresh)
        race(lambda fresh=fresh: store.change(fresh.id, lambda g: (*g.play(ALICE, 3, g.ply, now=deadline - 1), [])),
             lambda fresh=fresh: change_if(store, fresh.id, lambda g: g.time_out(deadline + 1)
                                           if not g.is_over and g.flag_due(deadline + 1) else None))
        assert store.get(fresh.id).rating_changes is not None
    assert [ratings_of(store).standing(name, RatingKind.FOUR_5X5).games for name in ("Alice", "Bob")] == [3, 3]


def test_a_leaderboard_has_the_settled_recent_players_best_first_and_anonymise_drops_one(store):
    now = time.time()
    kind = RatingKind.GOMOKU
    planted = [Standing(f"P{number}", kind, Rating(1500 + 10 * number, 60, 0.06), 12, 0, 0, now)
               for number in range(LEADERBOARD_LENGTH + 3)]
    planted += [Standing("Stale", kind, Rating(3000, 60, 0.06), 12, 0, 0, now - 40 * 24 * 3600),
                Standing("Unsure", kind, Rating(3000, 150, 0.06), 12, 0, 0, now),
                Standing("Few", kind, Rating(3000, 60, 0.06), 9, 0, 0, now),
                Standing("Renju", RatingKind.RENJU, Rating(3000, 60, 0.06), 12, 0, 0, now)]
    plant(store, planted)
    top = ratings_of(store).leaderboard(kind, now)
    assert [standing.name for standing in top] == [f"P{number}" for number in range(LEADERBOARD_LENGTH + 2, 2, -1)]
    ratings_of(store).anonymise("p22")
    assert ratings_of(store).leaderboard(kind, now)[0].name == "P21" and ratings_of(store).standing("P22", kind) is None


def test_two_app_instances_on_one_redis_rate_a_game_once(redis_for_ratings: str, tmp_path: Path):
    """Two web servers' apps (each its own instance folder) on one Redis; each player is served by one, and
    both resign at once, five games over: each game is rated once."""
    apps = [create_app({"TESTING": True, "SECRET_KEY": "one key for both", "REDIS_URL": redis_for_ratings},
                       instance_path=tmp_path / f"instance{number}") for number in (1, 2)]
    alice, bob = Friend(apps[0].test_client()), Friend(apps[1].test_client())
    statuses = []
    for _ in range(5):
        url = alice.invite("5x5")
        assert bob.post(url + "/join", {}, htmx=False).status_code == 303
        apps[1].extensions["online_games"].change(url.rsplit("/", 1)[1], lambda g: (
            replace(g, rated=True, names=("Xena", "Yann")), Event("seat", "Rated."), []))
        statuses.append(race(lambda url=url: statuses.append(alice.post(url + "/resign", {"ply": "0"}).status_code),
                             lambda url=url: statuses.append(bob.post(url + "/resign", {"ply": "0"}).status_code)))
    codes = sorted(code for code in statuses if isinstance(code, int))
    assert codes == [200] * 5 + [409] * 5, "one resignation of each pair is made; the other finds the game over"
    ratings = apps[0].extensions["ratings"]
    xena, yann = (ratings.standing(name, RatingKind.FOUR_5X5) for name in ("Xena", "Yann"))
    assert xena.games == yann.games == 5 and xena.wins + yann.wins == 5
