"""Issue 69: on sign-up, this browser's finished games, score and MENACE
become the account's, once; signed in, they are the account's on every
browser signed in to it; signed out, the browser's own again (a browser
whose games were carried starts afresh); signing in to an older account
carries nothing; deleting the account deletes them. With JavaScript off
(plain form posts) and on both stores."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from redis import Redis

from tests.scrapers import buttons
from tests.support import Visitor
from webapp.play import kept
from webapp.play.match import HISTORY_LENGTH
from webapp.storage.account_parts import AccountParts

PASSWORD = "correct horse battery"


@pytest.fixture(params=["disk", pytest.param("redis", marks=pytest.mark.live)])
def app(request: pytest.FixtureRequest, make_app: Callable[..., Flask]) -> Flask:
    """The app on its default store, or every store of its in Redis."""
    if request.param == "disk":
        return make_app()
    url = request.getfixturevalue("redis_server").url.rsplit("/", 1)[0] + "/3"
    Redis.from_url(url).flushdb()
    return make_app(REDIS_URL=url)


def browser(app: Flask) -> Visitor:
    return Visitor(app.test_client())


def sign_up(visitor: Visitor, name: str = "Ada_L") -> None:
    assert visitor.post("/signup", {"name": name, "password": PASSWORD}, htmx=False).status_code == 303


def sign_in(visitor: Visitor, name: str = "Ada_L") -> None:
    assert visitor.post("/signin", {"name": name, "password": PASSWORD}, htmx=False).status_code == 303


def sign_out(visitor: Visitor) -> None:
    assert visitor.post("/signout", {}, htmx=False).status_code == 303


def friends_game(visitor: Visitor) -> None:
    """Two people at one screen on 4×4: X, O, and X resigns (O wins: 1, in the score and My games)."""
    for path, fields in (("/new", {"board": "4x4", "x": "human", "o": "human"}), ("/move", {"cell": "5", "ply": "0"}),
                         ("/move", {"cell": "6", "ply": "1"}), ("/resign", {"ply": "2"})):
        assert visitor.post(path, fields, htmx=False).status_code == 303, path


def menace_game(visitor: Visitor) -> None:
    """A 3×3 game against this browser's (or account's) own MENACE, played out on the first free squares."""
    page = visitor.post("/new", {"board": "3x3", "x": "human", "o": "my-menace"}).text
    while free := [cell for cell, _, _, enabled, _ in buttons(page) if enabled]:
        page = visitor.move(free[0]).text


def my_games(visitor: Visitor) -> int:
    """How many games My games lists."""
    page = visitor.client.get("/games")
    assert page.status_code == 200
    return len(re.findall(r"<li><strong>", page.text))


def score(visitor: Visitor) -> list[str]:
    """The score's tallies as the page shows them ("O wins: 1")."""
    return re.findall(r"(?:[XO] wins|Wins|Draws|Losses): \d+", visitor.client.get("/").text)


def menace_games(visitor: Visitor) -> int:
    """How many games /learn says the MENACE played (0: it has not played)."""
    played = re.search(r"It has played (\d+) game", visitor.client.get("/learn").text)
    return int(played.group(1)) if played else 0


def session(visitor: Visitor) -> dict[str, Any]:
    with visitor.client.session_transaction() as kept_session:
        return dict(kept_session)


def parts(app: Flask) -> AccountParts:
    return app.extensions["account_parts"]


def account_id(visitor: Visitor) -> int:
    return session(visitor)["accounts"]["id"]


def test_sign_up_carries_the_browsers_games_score_and_menace_once(app: Flask):
    ada = browser(app)
    friends_game(ada)
    menace_game(ada)
    assert (my_games(ada), menace_games(ada)) == (2, 1) and "O wins: 1" in score(ada)
    sign_up(ada)
    for _ in range(2):  # the first request carries them; the second finds them carried
        assert my_games(ada) == 2 and score(ada).count("O wins: 1") == 1 and menace_games(ada) == 1
    kept_session = session(ada)
    assert kept_session["play"]["score"] == {} and kept_session["play"]["history"] == []  # the account's now
    assert not kept_session.get("my_menace")
    account = parts(app).read(account_id(ada), kept.PART)
    assert account["carried"] is True and len(account["history"]) == 2


def test_a_carry_made_twice_at_once_counts_once(app: Flask):
    """Two requests of the session read the browser's part before either emptied it: the store's mark keeps one."""
    ada = browser(app)
    friends_game(ada)
    with ada.client.session_transaction() as kept_session:
        before = dict(kept_session["play"])
    sign_up(ada)
    assert my_games(ada) == 1
    with ada.client.session_transaction() as kept_session:
        kept_session["play"] = before  # as the second request of the two saw it
    assert my_games(ada) == 1 and score(ada).count("O wins: 1") == 1


def test_two_browsers_of_one_account_see_the_same_games_score_and_menace(app: Flask):
    home, work = browser(app), browser(app)
    sign_up(home)
    friends_game(home)
    menace_game(home)
    sign_in(work)
    assert (my_games(work), menace_games(work)) == (2, 1) and "O wins: 1" in score(work)
    assert "finished\n    by Ada_L, on any browser signed in to the account" in work.client.get("/games").text
    friends_game(work)
    menace_game(work)
    assert (my_games(home), menace_games(home)) == (4, 2) and "O wins: 2" in score(home)
    assert home.post("/score/reset", {"sure": "yes"}, htmx=False).status_code == 303
    assert score(work) == [] and my_games(work) == 4  # the score reset, My games kept, as for a browser


def test_signing_in_to_an_older_account_leaves_the_browsers_games_to_the_browser(app: Flask):
    sign_up(browser(app))
    borrowed = browser(app)
    friends_game(borrowed)
    menace_game(borrowed)
    sign_in(borrowed)
    assert (my_games(borrowed), menace_games(borrowed), score(borrowed)) == (0, 0, [])  # the account's: none yet
    assert parts(app).read(account_id(borrowed), kept.PART) == {}
    friends_game(borrowed)
    assert my_games(borrowed) == 1
    sign_out(borrowed)
    assert (my_games(borrowed), menace_games(borrowed)) == (2, 1) and "O wins: 1" in score(borrowed)  # its own


def test_after_sign_out_a_browser_whose_games_were_carried_starts_afresh(app: Flask):
    ada = browser(app)
    friends_game(ada)
    menace_game(ada)
    sign_up(ada)
    assert my_games(ada) == 2
    sign_out(ada)
    assert (my_games(ada), menace_games(ada), score(ada)) == (0, 0, [])  # nothing of the account, as on lichess
    assert "No finished games in this browser yet" in ada.client.get("/games").text
    sign_in(ada)
    assert (my_games(ada), menace_games(ada)) == (2, 1)


def test_deleting_the_account_deletes_its_games_score_and_menace(app: Flask):
    ada = browser(app)
    friends_game(ada)
    menace_game(ada)
    sign_up(ada)
    assert my_games(ada) == 2
    gone = account_id(ada)
    assert ada.post("/@/Ada_L/delete", {"password": PASSWORD}, htmx=False).status_code == 303
    assert parts(app).read(gone, kept.PART) == {} == parts(app).read(gone, "my_menace")
    assert parts(app).accounts() == 0
    assert (my_games(ada), menace_games(ada), score(ada)) == (0, 0, [])
    refused = ada.post("/signup", {"name": "Ada_L", "password": PASSWORD}, htmx=False)
    assert refused.status_code == 409, "a deleted account's name is never given again"
    sign_up(ada, "Ada_2")  # a new account, which starts afresh
    assert account_id(ada) != gone and my_games(ada) == 0


def test_my_games_keep_the_last_games_of_an_account(app: Flask):
    ada = browser(app)
    friends_game(ada)
    with ada.client.session_transaction() as kept_session:
        finished = kept_session["play"]["history"][0]
        kept_session["play"] = {**kept_session["play"], "history": [finished] * HISTORY_LENGTH}
    sign_up(ada)
    assert my_games(ada) == HISTORY_LENGTH
    friends_game(ada)
    assert my_games(ada) == HISTORY_LENGTH
    assert len(parts(app).read(account_id(ada), kept.PART)["history"]) == HISTORY_LENGTH


def test_the_players_page_links_its_owner_to_my_games(app: Flask):
    ada = browser(app)
    sign_up(ada)
    assert '<a href="/games">My games</a>' in ada.client.get("/@/Ada_L").text
    assert '<a href="/games">My games</a>' not in browser(app).client.get("/@/Ada_L").text.split("</header>", 1)[1]


TODAY = {  # a session as today's release keeps it: signed in before sign-up was marked, a game and games finished
    "play": {"game": {"board": "4x4", "x": "human", "o": "human", "moves": "b3-c3", "resigned": "X"},
             "score": {"friends@4x4/O": 1}, "coach": False, "taught": False,
             "history": [{"board": "4x4", "x": "human", "o": "human", "moves": "b3-c3", "resigned": "X",
                          "finished": "2026-12-07"}],
             "hint": None, "numbers": False},
    "my_menace": None,
}


@pytest.mark.parametrize("signed_in", [False, True])
def test_a_session_of_today_still_opens(app: Flask, signed_in: bool):
    ada = browser(app)
    if signed_in:
        sign_up(browser(app))  # the account the session of today was signed in to
        ada_id = parts(app).accounts()  # none kept yet
        assert ada_id == 0
    with ada.client.session_transaction() as kept_session:
        kept_session.update(TODAY)
        if signed_in:
            kept_session["accounts"] = {"id": 1, "name": "Ada_L"}  # no "signed_up": read as signed in, not up
    page = ada.client.get("/")
    assert page.status_code == 200 and "X resigned: O wins." in page.text
    assert my_games(ada) == (0 if signed_in else 1)  # signed in, the account's games: nothing carried
    if signed_in:
        sign_out(ada)
        assert my_games(ada) == 1 and "O wins: 1" in score(ada)


@pytest.mark.parametrize("signed_in", [False, True])
def test_every_play_route_works_with_javascript_off(app: Flask, signed_in: bool):
    ada = browser(app)
    if signed_in:
        sign_up(ada)
    posts = [("/new", {"board": "7x7", "x": "human", "o": "easy"}), ("/move", {"cell": "24", "ply": "0"}),
             ("/undo", {"ply": "2"}), ("/hint", {"ply": "0"}), ("/hint", {"ply": "0", "hint": "off"}),
             ("/coach", {"coach": "on"}), ("/coach", {"coach": "off"}), ("/numbers", {"numbers": "on"}),
             ("/move", {"cell": "24", "ply": "0"}), ("/resign", {"ply": "2"}), ("/again", {}),
             ("/new", {"board": "3x3", "x": "easy", "o": "easy"}), ("/step", {"ply": "0"}),
             ("/score/reset", {"sure": "yes"}),
             ("/new", {"board": "3x3", "x": "human", "o": "my-menace"})]
    for path, fields in posts:
        answer = ada.post(path, fields, htmx=False)
        assert answer.status_code == 303 and answer.headers["Location"] == "/", (path, answer.status_code)
    menace_game(ada)
    assert ada.post("/menace/reset", {}, htmx=False).headers["Location"] == "/"
    assert menace_games(ada) == 0
    for path in ("/", "/games", "/learn", "/help", "/think"):
        assert ada.client.get(path).status_code in (200, 303), path


def test_two_web_servers_on_one_redis_show_one_account_the_same(redis_server, make_app: Callable[..., Flask]):
    """Each server its own app (its own store clients), one Redis: what one keeps for the account the other shows."""
    url = redis_server.url.rsplit("/", 1)[0] + "/3"
    Redis.from_url(url).flushdb()
    one, other = make_app(REDIS_URL=url), make_app(REDIS_URL=url)
    home, work = browser(one), browser(other)
    friends_game(home)
    sign_up(home)
    assert my_games(home) == 1
    sign_in(work)
    assert my_games(work) == 1 and "O wins: 1" in score(work)
    menace_game(work)
    assert menace_games(home) == 1 and my_games(home) == 2
