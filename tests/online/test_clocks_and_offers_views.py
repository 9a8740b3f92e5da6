"""Clocks and offers between friends through the routes: a clock chosen when
inviting and a forged one refused; both clocks on every viewer's page; a
draw offer and a take-back request made, shown, accepted, declined and
withdrawn, with and without JavaScript; bad input refused with a 4xx and the
game unchanged; a move after the flag refused, and the flag's job scheduled."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from flask import Flask

from tests.scrapers import message, status
from tests.support import Friend
from webapp.online.flags import fall
from webapp.online.store import Event


def invite(friend: Friend, **fields: str) -> str:
    response = friend.post("/online", {"board": "7x7", "side": "x", **fields}, htmx=False)
    assert response.status_code == 303, response.text[:300]
    return response.headers["Location"]


@pytest.fixture
def clocked(alice: Friend, bob: Friend) -> str:
    """A 5+3 game on 7×7, both seated, X's first stone down (d4)."""
    url = invite(alice, clock="5+3")
    assert bob.post(url + "/join", {}, htmx=False).status_code == 303
    assert alice.post(url + "/move", {"cell": "24", "ply": "0"}).status_code == 200
    return url


def clocks(page: str) -> list[tuple[str, bool]]:
    """Each clock's words and whether it runs, in the page's order."""
    found = re.findall(r'<span class="clock( running)?[^"]*" role="timer"[^>]*>([^<]*)<strong>([^<]*)</strong>', page)
    return [(f"{name}{shown}", bool(running)) for running, name, shown in found]


def test_the_invitation_offers_the_clocks_and_refuses_a_forged_one(app: Flask, alice: Friend):
    page = alice.client.get("/").text
    assert '<option value="none">None</option>' in page and '<option value="5+3">5 min + 3 s</option>' in page
    for forged in ("0+1", "5+30", "1000+0"):
        response = alice.post("/online", {"board": "7x7", "clock": forged}, htmx=False)
        assert response.status_code == 400 and "Choose a clock from the list" in response.text
    assert app.extensions["online_games"].by_code("") is None
    url = invite(alice, clock="none")
    assert "clock" not in alice.game(url).text.split("<main", 1)[1].split("invite-friend")[0]


def test_each_viewer_sees_both_clocks_the_running_one_marked(clocked: str, alice: Friend, bob: Friend, carol: Friend):
    assert clocks(alice.game(clocked).text) == [("You (black): 5:00", False), ("Your opponent (white): 5:00", True)]
    assert clocks(bob.game(clocked).text) == [("You (white): 5:00", True), ("Your opponent (black): 5:00", False)]
    assert [running for _, running in clocks(carol.game(clocked).text)] == [False, True], "a spectator, black first"
    assert "Your opponent is waiting for you" not in carol.game(clocked).text
    waiting = invite(alice, clock="10+5")
    assert status(carol.game(waiting).text) == \
        "Your friend is waiting for you: join to play white (freestyle, 10+5 clock)."


def test_a_draw_offer_without_javascript_is_made_shown_and_accepted(clocked: str, alice: Friend, bob: Friend,
                                                                    carol: Friend):
    assert bob.post(clocked + "/offer", {"kind": "draw", "ply": "1"}, htmx=False).status_code == 303
    assert "You offered a draw; waiting for your opponent&#39;s answer." in bob.game(clocked).text
    page = alice.game(clocked).text
    assert "Your opponent offers a draw." in page and 'value="accept"' in page and 'value="decline"' in page
    assert "White offers a draw." in carol.game(clocked).text
    assert alice.post(clocked + "/answer", {"answer": "accept", "ply": "1"}, htmx=False).status_code == 303
    page = alice.game(clocked).text
    assert status(page) == "A draw, agreed." and "draw=agreed" in page, "its record and review carry the result"
    assert [running for _, running in clocks(page)] == [False, False]


def test_a_take_back_with_htmx_is_asked_declined_and_asked_again_after_a_move(clocked: str, alice: Friend,
                                                                              bob: Friend):
    answer = alice.post(clocked + "/offer", {"kind": "takeback", "ply": "1"})
    assert answer.status_code == 200 and "You asked to take back your last move" in answer.text
    assert "Your opponent asks to take back their last move (d4)." in bob.game(clocked).text
    declined = bob.post(clocked + "/answer", {"answer": "decline", "ply": "1"})
    assert declined.status_code == 200 and 'value="decline"' not in declined.text
    assert "White declined the take-back." in alice.events(clocked, after="2")
    again = alice.post(clocked + "/offer", {"kind": "takeback", "ply": "1"})
    assert again.status_code == 409 and "declined that just now" in message(again.text)
    assert bob.post(clocked + "/move", {"cell": "25", "ply": "1"}).status_code == 200
    assert alice.post(clocked + "/offer", {"kind": "takeback", "ply": "2"}).status_code == 200
    taken = bob.post(clocked + "/answer", {"answer": "accept", "ply": "2"})
    assert taken.status_code == 200 and "Black accepted" not in taken.text
    assert "White accepted the take-back: d4 and e4 are off the board." in bob.events(clocked, after="1")
    assert status(alice.game(clocked).text) == "Your turn: you play black."


def test_an_offer_is_withdrawn_by_its_maker_and_buttons_follow_the_offer(clocked: str, alice: Friend, bob: Friend):
    assert "Offer a draw" in alice.game(clocked).text and "Ask to take back" in alice.game(clocked).text
    assert "Ask to take back" not in bob.game(clocked).text, "white has no move yet"
    alice.post(clocked + "/offer", {"kind": "draw", "ply": "1"})
    assert "Offer a draw" not in bob.game(clocked).text and "Withdraw it" in alice.game(clocked).text
    assert alice.post(clocked + "/withdraw", {"ply": "1"}).status_code == 200
    assert "offers a draw" not in bob.game(clocked).text and "Offer a draw" in bob.game(clocked).text


@pytest.mark.parametrize("who, path, fields, code, why", [
    ("bob", "/answer", {"answer": "accept", "ply": "1"}, 409, "There is no offer to answer now."),
    ("bob", "/answer", {"answer": "maybe", "ply": "1"}, 400, "Answer an offer with accept or decline"),
    ("bob", "/offer", {"kind": "peace", "ply": "1"}, 400, "An offer is a draw or a take-back"),
    ("bob", "/offer", {"kind": "draw", "ply": "7"}, 409, "out of date"),
    ("bob", "/offer", {"kind": "draw", "ply": "x"}, 400, None),
    ("carol", "/offer", {"kind": "draw", "ply": "1"}, 403, "only its players can make offers"),
    ("alice", "/withdraw", {"ply": "1"}, 409, "You have no offer waiting to withdraw."),
])
def test_bad_offers_and_answers_are_refused_and_leave_the_game_unchanged(app: Flask, clocked: str, request, who: str,
                                                                         path: str, fields, code: int, why):
    games = app.extensions["online_games"]
    game_id = clocked.rsplit("/", 1)[1]
    before = games.get(game_id)
    response = request.getfixturevalue(who).post(clocked + path, fields)
    assert response.status_code == code
    assert why is None or why in response.text
    assert games.get(game_id) == before


def test_a_move_after_the_flag_is_refused_and_every_page_shows_the_time_out(app: Flask, clocked: str, alice: Friend,
                                                                            bob: Friend, carol: Friend):
    games = app.extensions["online_games"]
    game_id = clocked.rsplit("/", 1)[1]
    games.change(game_id, lambda game: (replace(game, clock=replace(game.clock, since=game.clock.since - 301)),
                                        Event("move", "(five minutes pass)"), []))
    response = bob.post(clocked + "/move", {"cell": "25", "ply": "1"})
    assert response.status_code == 409 and message(response.text) == \
        "Your time ran out: the game is over, black wins on time."
    assert status(response.text) == "You lost on time."
    assert status(alice.game(clocked).text) == "You win on time!", "before the job has run"
    assert status(carol.game(clocked).text) == "White's time ran out: black wins on time."
    assert "timed_out=O" in alice.game(clocked).text, "its record says B+T"


def test_a_rematch_after_a_clock_ran_out_counts_the_game_before_the_job_has_run(app: Flask, clocked: str,
                                                                                  alice: Friend):
    games = app.extensions["online_games"]
    game_id = clocked.rsplit("/", 1)[1]
    games.change(game_id, lambda game: (replace(game, clock=replace(game.clock, since=game.clock.since - 301)),
                                        Event("move", "(five minutes pass)"), []))
    response = alice.post(clocked + "/rematch", {}, htmx=False)
    assert response.status_code == 303
    before = games.get(game_id)
    assert before.ending.timed_out == "O" and before.rematch and before.series == {before.seats[0]: 1}
    assert games.get(before.rematch).series == before.series, "the series carries the win on time"


def test_a_spectator_sees_both_clocks_by_mark_and_the_offer_with_no_form(clocked: str, alice: Friend, carol: Friend):
    alice.post(clocked + "/offer", {"kind": "draw", "ply": "1"})
    page = carol.game(clocked).text
    (x_clock, x_runs), (o_clock, o_runs) = clocks(page)
    assert x_clock == "Black: 5:00" and re.fullmatch(r"White: [45]:\d\d", o_clock) and o_runs and not x_runs
    assert '<div class="offer"><p role="note">Black offers a draw.</p></div>' in page and "/answer" not in page


def test_each_move_schedules_the_flag_for_the_running_clock(app: Flask, clocked: str, bob: Friend):
    scheduled = app.extensions["engines"].queue.scheduled()
    assert [job.args[0] for job in scheduled] == [fall], "X's first stone started O's clock"
    bob.post(clocked + "/move", {"cell": "25", "ply": "1"})
    assert len(app.extensions["engines"].queue.scheduled()) == 2


def test_offers_that_leave_the_clock_as_it_was_schedule_no_more_flags(app: Flask, clocked: str, alice: Friend):
    """A player offering and withdrawing forever adds no copies of the job already scheduled."""
    for _ in range(3):
        assert alice.post(clocked + "/offer", {"kind": "draw", "ply": "1"}).status_code == 200
        assert alice.post(clocked + "/withdraw", {"ply": "1"}).status_code == 200
    assert len(app.extensions["engines"].queue.scheduled()) == 1
