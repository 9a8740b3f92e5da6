"""Aborts and claims through the routes (/g/<id>/abort, /g/<id>/claim),
with and without JavaScript: the buttons shown when they may be used and not
otherwise, the page saying when a claim becomes possible, every refusal a
4xx with the game unchanged, the server's abort scheduled when a rated game
begins to wait for a first move, and each ending in the page's record links."""

from __future__ import annotations

import re
import time
from dataclasses import replace

import pytest
from flask import Flask

from tests.scrapers import message, status
from tests.support import Friend
from webapp.online import aborts
from webapp.online.endings import CLAIM_SECONDS
from webapp.online.store import Event
from webapp.shared.game_link import Ending


def game_id(url: str) -> str:
    return url.rsplit("/", 1)[1]


def stored(app: Flask, url: str):
    return app.extensions["online_games"].get(game_id(url))


def changed(app: Flask, url: str, change) -> None:
    """Change the stored game as no route does (a rated game is the lobby's to make; a page left long ago)."""
    app.extensions["online_games"].change(game_id(url), lambda game: (change(game), Event("seat", "test"), []))


@pytest.fixture
def waiting(app: Flask, alice: Friend) -> str:
    """Alice's rated 7×7 game, Bob not yet joined."""
    url = alice.invite("7x7")
    changed(app, url, lambda game: replace(game, rated=True))
    return url


@pytest.fixture
def joined(waiting: str, bob: Friend) -> str:
    assert bob.post(waiting + "/join", {}, htmx=False).status_code == 303
    return waiting


@pytest.fixture
def left(app: Flask, joined: str, alice: Friend, bob: Friend) -> str:
    """Both have moved, it is Alice's turn, and her page closed long enough ago for a claim."""
    assert alice.post(joined + "/move", {"cell": "24", "ply": "0"}).status_code == 200
    assert bob.post(joined + "/move", {"cell": "25", "ply": "1"}).status_code == 200
    changed(app, joined, lambda game: game.leave("X", now=time.time() - CLAIM_SECONDS - 1)[0])
    return joined


def test_a_player_aborts_before_both_have_moved_and_the_pages_say_who(app: Flask, joined: str, alice: Friend,
                                                                      bob: Friend, carol: Friend):
    assert "Abort the game" in alice.game(joined).text and "Abort the game" in bob.game(joined).text
    assert "Abort the game" not in carol.game(joined).text
    assert alice.post(joined + "/move", {"cell": "24", "ply": "0"}).status_code == 200
    answer = bob.post(joined + "/abort", {"ply": "1"}, htmx=False)
    assert answer.status_code == 303
    assert status(bob.game(joined).text) == "You aborted the game: it counts for nothing."
    page = alice.game(joined).text
    assert status(page) == "Your opponent aborted the game: it counts for nothing." and "You: 0" in page
    assert "Draws: 0" in page and "aborted=O" in page, "the record's links carry the abort"
    assert "White aborted the game" in carol.events(joined, after="1")
    assert app.extensions["online_games"].get(game_id(joined)).series == {}


@pytest.mark.parametrize("who, ply, code, said", [
    ("carol", "1", 403, "only its players can abort"),
    ("alice", "0", 409, "out of date"),
    ("alice", "x", 400, None),
])
def test_an_abort_refused_is_a_4xx_and_changes_nothing(app: Flask, joined: str, alice: Friend, bob: Friend,
                                                       carol: Friend, who: str, ply: str, code: int, said: str | None):
    assert alice.post(joined + "/move", {"cell": "24", "ply": "0"}).status_code == 200
    before = stored(app, joined)
    answer = {"alice": alice, "carol": carol}[who].post(joined + "/abort", {"ply": ply})
    assert answer.status_code == code and (said is None or said in message(answer.text))
    assert stored(app, joined) == before


def test_once_both_have_moved_there_is_no_abort(app: Flask, left: str, alice: Friend, bob: Friend):
    assert "Abort the game" not in bob.game(left).text
    before = stored(app, left)
    answer = bob.post(left + "/abort", {"ply": "2"})
    assert answer.status_code == 409 and "the game has begun" in message(answer.text)
    assert stored(app, left) == before


def test_a_rated_game_that_begins_to_wait_for_a_first_move_schedules_its_abort(app: Flask, joined: str,
                                                                                alice: Friend):
    jobs = [job for job in app.extensions["engines"].queue.scheduled() if job.args[0] == aborts.call_off]
    assert len(jobs) == 1 and jobs[0].args[1][1:] == (game_id(joined), stored(app, joined).start_by)
    assert alice.post(joined + "/move", {"cell": "24", "ply": "0"}).status_code == 200
    jobs = [job for job in app.extensions["engines"].queue.scheduled() if job.args[0] == aborts.call_off]
    assert len(jobs) == 2, "the second player's wait"


def test_a_page_read_after_the_first_move_was_due_shows_the_game_aborted(app: Flask, joined: str, alice: Friend):
    changed(app, joined, lambda game: replace(game, start_by=time.time() - 1))
    assert status(alice.game(joined).text) == "Your first move did not come in time: the game is aborted."
    answer = alice.post(joined + "/move", {"cell": "24", "ply": "0"})
    assert answer.status_code == 409 and not stored(app, joined).moves


def test_the_friend_of_a_player_who_left_on_their_turn_claims_the_win_without_javascript(
        app: Flask, left: str, bob: Friend, carol: Friend):
    page = bob.game(left).text
    assert "Claim the win" in page and "Call it a draw" in page and "data-claim-in" not in page
    assert "Claim the win" not in carol.game(left).text
    answer = bob.post(left + "/claim", {"ply": "2", "claim": "win"}, htmx=False)
    assert answer.status_code == 303
    page = bob.game(left).text
    assert status(page) == "You claimed the win: your opponent had left." and "You: 1" in page
    assert "forfeited=X" in page and "Claim the win" not in page
    assert stored(app, left).ending.how == Ending.FORFEITED


def test_a_draw_is_called_with_htmx(app: Flask, left: str, bob: Friend):
    answer = bob.post(left + "/claim", {"ply": "2", "claim": "draw"})
    assert answer.status_code == 200 and status(answer.text) == "A draw, called while one of you was away."
    assert "draw=claimed" in answer.text


def test_before_the_time_the_page_says_when_and_a_claim_is_refused(app: Flask, left: str, bob: Friend):
    changed(app, left, lambda game: game.leave("X", now=time.time() - 5)[0].arrive("X")[0].leave("X")[0])
    page = bob.game(left).text
    assert "Claim the win" not in page and "you may claim the win or call it a draw" in page and "UTC" in page
    wait = int(re.search(r'data-claim-in="(\d+)"', page).group(1))
    assert CLAIM_SECONDS - 2 <= wait <= CLAIM_SECONDS, "drawn again when the claim may be made"
    assert f'<noscript><meta http-equiv="refresh" content="{wait}"></noscript>' in page, "without JavaScript too"
    before = stored(app, left)
    answer = bob.post(left + "/claim", {"ply": "2", "claim": "win"})
    assert answer.status_code == 409 and "you may claim from" in message(answer.text)
    assert stored(app, left) == before


@pytest.mark.parametrize("who, fields, code, said", [
    ("bob", {"ply": "2", "claim": "all"}, 400, "Claim the win or a draw"),
    ("bob", {"ply": "2"}, 400, "Claim the win or a draw"),
    ("bob", {"ply": "1", "claim": "win"}, 409, "out of date"),
    ("alice", {"ply": "2", "claim": "win"}, 409, "It is your turn"),
    ("carol", {"ply": "2", "claim": "win"}, 403, "only its players can claim"),
])
def test_a_claim_refused_is_a_4xx_and_changes_nothing(app: Flask, left: str, alice: Friend, bob: Friend,
                                                      carol: Friend, who: str, fields: dict, code: int, said: str):
    before = stored(app, left)
    answer = {"alice": alice, "bob": bob, "carol": carol}[who].post(left + "/claim", fields)
    assert answer.status_code == code and said in message(answer.text)
    assert stored(app, left) == before


def test_a_casual_game_has_no_claim(app: Flask, left: str, bob: Friend):
    changed(app, left, lambda game: replace(game, rated=False))
    assert "Claim the win" not in bob.game(left).text
    answer = bob.post(left + "/claim", {"ply": "2", "claim": "win"})
    assert answer.status_code == 409 and "Only a rated game" in message(answer.text)


def test_no_game_there_is_a_404(bob: Friend):
    assert bob.post("/g/nothere/claim", {"ply": "0", "claim": "win"}).status_code == 404
    assert bob.post("/g/nothere/abort", {"ply": "0"}).status_code == 404


def test_a_rematch_of_a_rated_game_is_rated_sides_swapped(app: Flask, left: str, bob: Friend):
    assert bob.post(left + "/claim", {"ply": "2", "claim": "win"}).status_code == 200
    answer = bob.post(left + "/rematch", {}, htmx=False)
    following = app.extensions["online_games"].get(answer.headers["Location"].rsplit("/", 1)[1])
    before = stored(app, left)
    assert following.rated and following.seats == (before.seats[1], before.seats[0])


@pytest.mark.parametrize("query, re_written", [
    ("resigned=O", "RE[B+R]"), ("timed_out=X", "RE[W+T]"), ("forfeited=X", "RE[W+F]"), ("aborted=O", "RE[Void]"),
    ("unstarted=X", "RE[Void]"), ("draw=agreed", "RE[0]"), ("draw=claimed", "RE[0]"),
])
def test_each_ending_s_record_link_writes_its_re(bob: Friend, query: str, re_written: str):
    answer = bob.client.get(f"/record/sgf/7x7/d4-e4?{query}")
    assert answer.status_code == 200 and re_written in answer.text
