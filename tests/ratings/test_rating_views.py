"""The ratings on screen: beside the board and at a rated game's end (both players' and a spectator's), a
player's page (ratings, chart, results, recent games), the leaderboards; bad input and forged ratings."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest
from flask import Flask
from jinja2 import FileSystemBytecodeCache

from tests.accounts.conftest import CHEAP
from tests.ratings.conftest import plant
from tests.support import Friend
from webapp.accounts.store import accounts_store
from webapp.app import create_app
from webapp.online.store import Event
from webapp.ratings.glicko2 import Rating
from webapp.ratings.kinds import RatingKind
from webapp.ratings.standing import Standing
from webapp.storage.where import Where


@pytest.fixture(params=["disk", "redis"])
def app(request: pytest.FixtureRequest, instance: Path, compiled_templates: FileSystemBytecodeCache) -> Flask:
    """An app on each store in turn (Redis: a database of these tests' own, emptied first), with Alice and Bob."""
    redis_url = request.getfixturevalue("redis_for_ratings") if request.param == "redis" else None
    app = create_app({"TESTING": True, "SECRET_KEY": "test key", "REDIS_URL": redis_url}, instance_path=instance)
    app.jinja_env.bytecode_cache = compiled_templates
    app.config["STREAM_SECONDS"] = 0.3
    app.extensions["accounts"] = accounts_store(Where(redis_url, app.instance_path), CHEAP)
    for name in ("Alice", "Bob"):
        app.extensions["accounts"].create(name, f"a long password for {name}")
    return app


def rated_game(app: Flask, alice: Friend, bob: Friend, board: str = "5x5") -> str:
    """A rated game between Alice (X) and Bob (O), made as the lobby will make one; its address."""
    url = alice.invite(board)
    bob.post(url + "/join", {}, htmx=False)
    games = app.extensions["online_games"]
    games.change(url.rsplit("/", 1)[1], lambda game: (replace(game, rated=True, names=("Alice", "Bob")),
                                                       Event("seat", "Rated."), []))
    return url


def page(friend: Friend, url: str) -> str:
    response = friend.game(url)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_the_names_and_ratings_are_beside_the_board(app: Flask):
    alice, bob = Friend(app.test_client()), Friend(app.test_client())
    url = rated_game(app, alice, bob)
    shown = page(alice, url)
    assert "Rated:" in shown and ">Alice</a> (1500?)" in shown and ">Bob</a> (1500?)" in shown
    assert "Your rating" not in shown


def test_the_end_of_a_rated_game_shows_each_player_their_change(app: Flask):
    alice, bob, carol = (Friend(app.test_client()) for _ in range(3))
    url = rated_game(app, alice, bob)
    forged = {"ply": "0", "rating": "3000", "rating_changes": "[[1,2,3,4],[1,2,3,4]]", "names": "Mallory"}
    assert bob.post(url + "/resign", forged, htmx=False).status_code == 303
    assert "Your rating: 1500? → 1662? (+162)" in page(alice, url)
    assert "Your rating: 1500? → 1338? (-162)" in page(bob, url)
    watching = page(carol, url)
    assert "Alice: 1500? → 1662? (+162); Bob: 1500? → 1338? (-162)" in watching
    assert ">Alice</a> (1662?)" in watching, "the ratings beside the board are the new ones"
    game = app.extensions["online_games"].get(url.rsplit("/", 1)[1])
    assert game.names == ("Alice", "Bob") and round(game.rating_changes[0].after) == 1662


def test_an_unrated_game_shows_no_rating(app: Flask):
    alice, bob = Friend(app.test_client()), Friend(app.test_client())
    url = alice.invite("5x5")
    bob.post(url + "/join", {}, htmx=False)
    bob.post(url + "/resign", {"ply": "0"}, htmx=False)
    shown = page(alice, url)
    assert "Your rating" not in shown and "Rated:" not in shown


def test_the_players_page_shows_each_rating_its_chart_results_and_recent_games(app: Flask):
    alice, bob = Friend(app.test_client()), Friend(app.test_client())
    for _ in range(2):
        url = rated_game(app, alice, bob)
        bob.post(url + "/resign", {"ply": "0"}, htmx=False)
    response = alice.client.get("/@/Alice?rating=3000&deviation=1")
    shown = " ".join(response.get_data(as_text=True).split())
    assert response.status_code == 200
    assert "5×5: 1720?" in shown and "deviation 2" in shown and "provisional" in shown
    assert "2 rated games: 2 wins, 0 draws, 0 losses" in shown
    assert '<svg viewBox="0 0 560 200" role="img" aria-labelledby="chart-5x5-title"' in shown
    assert "Alice&#39;s 5×5 rating over their last 2 rated games, from 1662? to 1720?" in shown
    assert "<td>2</td>" in shown and "<td>1720?</td>" in shown, "the chart's table"
    assert shown.count("/replay/5x5/?resigned=O") == 2 and shown.count("/review/5x5/?resigned=O") == 2
    assert 'href="/@/Bob"' in shown
    assert "1338?" not in shown
    bobs = alice.client.get("/@/bob")
    assert bobs.status_code == 308 and bobs.headers["Location"].endswith("/@/Bob")


@pytest.mark.parametrize("name", ["Nobody", "x" * 300, "<script>", "Alice%00"])
def test_an_unknown_player_is_a_404(app: Flask, name: str):
    response = app.test_client().get(f"/@/{name}")
    assert response.status_code == 404


def test_a_player_with_no_rated_game_is_told_so(app: Flask):
    shown = app.test_client().get("/@/Bob").get_data(as_text=True)
    assert "No rated games yet" in shown and 'href="/leaderboards"' in shown


def test_the_leaderboards_list_the_settled_players_best_first(app: Flask):
    now = time.time()
    settled = [Standing(name, RatingKind.RENJU, Rating(value, 60, 0.06), 12, 0, 0, now)
               for name, value in (("Alice", 1700), ("Bob", 1900))]
    unsure = Standing("Carol", RatingKind.RENJU, Rating(2500, 200, 0.06), 12, 0, 0, now)
    few = Standing("Dan", RatingKind.RENJU, Rating(2400, 60, 0.06), 9, 0, 0, now)
    plant(app.extensions["online_games"], [*settled, unsure, few])
    response = app.test_client().get("/leaderboards?rating=9999")
    shown = response.get_data(as_text=True)
    assert response.status_code == 200
    renju = shown[shown.index('id="board-15x15-renju"'):]
    assert renju.index(">Bob</a>") < renju.index(">Alice</a>") and "Carol" not in shown and "Dan" not in shown
    assert "<td>1900</td>" in renju and shown.count("No one yet.") == 5
    assert 'href="/leaderboards"' in app.test_client().get("/").get_data(as_text=True), "in the header"


def test_deleting_an_account_anonymises_it_in_its_opponents_games_and_its_live_game_ends_unrated(app: Flask):
    alice, bob, carol = (Friend(app.test_client()) for _ in range(3))
    url = rated_game(app, alice, bob)
    bob.post(url + "/resign", {"ply": "0"}, htmx=False)
    going = rated_game(app, alice, bob)  # a second game, still going on when Alice goes
    app.extensions["lobby_seeks"].playing(going.rsplit("/", 1)[1], 1500)
    ratings = app.extensions["online_games"].ratings
    assert ratings.standing("Alice", RatingKind.FOUR_5X5) is not None
    assert 'href="/@/Alice"' in app.test_client().get("/@/Bob").get_data(as_text=True)
    alice.post("/signin", {"name": "Alice", "password": "a long password for Alice"}, htmx=False)
    response = alice.post("/@/Alice/delete", {"password": "a long password for Alice"}, htmx=False)
    assert response.status_code == 303
    assert ratings.standing("Alice", RatingKind.FOUR_5X5) is None
    bobs = " ".join(carol.client.get("/@/Bob").get_data(as_text=True).split())
    assert "Lost</strong> against <span class=\"deleted-player\">a deleted player</span>" in bobs
    assert "/@/Alice" not in bobs and "Alice" not in bobs.split("<main", 1)[1]
    assert bobs.count("/replay/5x5/?resigned=O") == 1, "the game stays, with its replay and review"
    assert carol.client.get("/@/Alice").status_code == 410
    for seen in (page(carol, going), page(bob, going), page(carol, url)):
        players = seen.split('<p class="players">', 1)[1].split("</p>", 1)[0]
        assert "a deleted player" in players and "Alice" not in players and ">Bob</a>" in players
    assert "a deleted player: 1500? → 1662? (+162); Bob:" in page(carol, url)
    watch = carol.client.get("/watch").get_data(as_text=True)
    assert "a deleted player against Bob" in " ".join(watch.split()) and "Alice" not in watch
    bob.post(going + "/resign", {"ply": "0"}, htmx=False)
    ended = app.extensions["online_games"].get(going.rsplit("/", 1)[1])
    assert ended.is_over and ended.rating_changes is None, "not rated: nobody is credited under the name"
    assert ratings.standing("Alice", RatingKind.FOUR_5X5) is None
    assert ratings.standing("Bob", RatingKind.FOUR_5X5).games == 1
    assert "Your rating" not in page(bob, going)
