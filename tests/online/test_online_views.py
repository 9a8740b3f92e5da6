"""Playing a friend on another device, the HTTP contract row by row, through
Flask's test client: invite, join by link and by code, watch, move, the
event stream, rematch, and every refusal."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from flask import Flask

from tests.scrapers import marks, message, status
from tests.support import Friend
from webapp.app import create_app
from webapp.engine import board_named
from webapp.online import streams
from webapp.online.routes import SPECTATORS_PER_GAME


@pytest.fixture
def seated(alice: Friend, bob: Friend) -> str:
    url = alice.invite()
    assert bob.post(url + "/join", {}, htmx=False).status_code == 303
    return url


# POST /online, GET /join

def test_an_invitation_is_an_unguessable_link_and_a_short_code(alice: Friend):
    url = alice.invite("7x7", "o")
    assert re.fullmatch(r"/g/[A-Za-z0-9_-]{22}", url)
    page = alice.game(url).text
    assert status(page) == "Waiting for your friend to join."
    assert '<p class="reason">Send them the link or the code.</p>' in page
    assert "with a friend: you play white</h2>" in page
    assert f'href="http://localhost{url}"' in page and "Copy link" in page
    assert re.search(r'<strong class="code">[2-9A-HJKMNP-Z]{6}</strong>', page)
    assert len(marks(page)) == 0 and page.count('name="cell"') == 49


@pytest.mark.parametrize("fields, expected", [
    ({"board": "9x9"}, "There is no board “9x9”"), ({"side": "both"}, "Choose the side you play, x or o"),
])
def test_a_bad_invitation_is_refused_with_400(alice: Friend, fields, expected):
    response = alice.post("/online", fields, htmx=False)
    assert response.status_code == 400 and expected in response.text


def test_one_browser_may_create_only_so_many_games_a_minute(app: Flask, alice: Friend):
    for _ in range(app.config["GAMES_PER_MINUTE"]):
        alice.invite()
    response = alice.post("/online", {}, htmx=False)
    assert response.status_code == 429 and "wait a minute" in response.text


def test_a_code_read_out_loud_leads_to_the_same_game(alice: Friend, bob: Friend):
    url = alice.invite()
    code = re.search(r'<strong class="code">(\w+)</strong>', alice.game(url).text).group(1)
    response = bob.client.get(f"/join?code={code.lower()[:3]} {code.lower()[3:]}")
    assert response.status_code == 303 and response.headers["Location"] == url


@pytest.mark.parametrize("code, status_code, expected", [
    ("ABCDEF", 404, "No game is waiting for a player with the code ABCDEF"),
    ("ABC", 400, "A game&#39;s code is 6 letters"),
    ("", 400, "A game&#39;s code is 6 letters"),
])
def test_a_wrong_code_says_so(bob: Friend, code: str, status_code: int, expected: str):
    response = bob.client.get(f"/join?code={code}")
    assert response.status_code == status_code and expected in response.text


# POST /join: the code, in one step

def code_of(friend: Friend, url: str) -> str:
    return re.search(r'<strong class="code">(\w+)</strong>', friend.game(url).text).group(1)


def test_joining_with_a_code_takes_the_free_seat_at_once(alice: Friend, bob: Friend):
    url = alice.invite()
    code = code_of(alice, url)
    response = bob.post("/join", {"code": f"{code[:3].lower()} {code[3:]}"}, htmx=False)
    assert response.status_code == 303 and response.headers["Location"] == url
    page = bob.game(url).text
    assert status(page) == "Your opponent's turn (X)." and "with a friend: you play O" in page
    assert bob.post("/join", {"code": code}, htmx=False).headers["Location"] == url  # seated: it just goes there


def test_the_invitation_shows_only_while_a_seat_is_free(alice: Friend, bob: Friend):
    url = alice.invite()
    assert 'id="invite-heading"' in alice.game(url).text
    bob.post("/join", {"code": code_of(alice, url)}, htmx=False)
    assert 'id="invite-heading"' not in alice.game(url).text and 'id="invite-heading"' not in bob.game(url).text


@pytest.mark.parametrize("code, status_code, expected", [
    ("ABCDEF", 404, "No game is waiting for a player with the code ABCDEF"),
    ("ABC", 400, "A game&#39;s code is 6 letters"),
    ("", 400, "A game&#39;s code is 6 letters"),
])
def test_joining_with_a_wrong_code_says_so_and_seats_nobody(bob: Friend, code: str, status_code: int, expected: str):
    response = bob.post("/join", {"code": code}, htmx=False)
    assert response.status_code == status_code and expected in response.text


@pytest.mark.parametrize("htmx", [False, True], ids=["no JavaScript", "htmx"])
@pytest.mark.parametrize("how, typed, status_code, heading", [
    ("post", "abc def", 404, "No game is waiting for the code ABCDEF"),
    ("get", "ABCDEF", 404, "No game is waiting for the code ABCDEF"),
    ("post", "ABC", 400, "That is not a game&#39;s code"),
])
def test_a_wrong_code_is_said_in_words_with_the_code_box_to_try_again(bob: Friend, htmx: bool, how: str, typed: str,
                                                                      status_code: int, heading: str):
    headers = {"HX-Request": "true"} if htmx else {}
    if how == "post":
        response = bob.client.post("/join", data={"code": typed}, headers={**Friend.SAME_ORIGIN, **headers})
    else:
        response = bob.client.get("/join", query_string={"code": typed}, headers=headers)
    page = response.text
    assert response.status_code == status_code
    assert f'<h2 id="no-game-heading">{heading}</h2>' in page and "Not Found" not in page
    assert re.search(rf'<input id="join-code" name="code" value="{typed}"[^>]* required autofocus>', page)
    assert 'action="/join"' in page
    assert ("<html" in page) is not htmx, "htmx gets the part alone, a plain request the whole page"


def test_joining_with_the_code_of_a_full_game_leads_nowhere(alice: Friend, bob: Friend, carol: Friend):
    url = alice.invite()
    code = code_of(alice, url)
    bob.post("/join", {"code": code}, htmx=False)
    response = carol.post("/join", {"code": code}, htmx=False)
    assert response.status_code == 404 and "No game is waiting for a player with the code" in response.text
    assert status(carol.game(url).text) == "X to move. You are watching."


# GET /g/<id>, POST /g/<id>/join

def test_a_browser_without_a_seat_watches_and_may_take_the_free_one(alice: Friend, bob: Friend):
    url = alice.invite()
    page = bob.game(url).text
    assert status(page) == "Your friend is waiting for you: join to play O."
    assert "Join the game: you play O" in page and 'aria-readonly="true"' in page and 'name="cell"' not in page
    assert bob.post(url + "/join", {}, htmx=False).headers["Location"] == url
    assert "with a friend: you play O" in bob.game(url).text


@pytest.mark.parametrize("fields, terms", [
    ({"board": "7x7"}, " (freestyle)"),
    ({"board": "15x15", "rule": "renju"}, " (renju)"),
    ({"board": "15x15", "rule": "standard", "opening": "swap2"}, " (standard, swap2 opening)"),
])
def test_the_friend_invited_is_told_the_rule_and_the_opening(alice: Friend, bob: Friend, fields, terms: str):
    url = alice.post("/online", {**fields, "side": "x"}, htmx=False).headers["Location"]
    assert status(bob.game(url).text) == f"Your friend is waiting for you: join to play white{terms}."


def test_when_both_seats_are_taken_a_third_browser_is_refused_and_watches(seated: str, carol: Friend):
    response = carol.post(seated + "/join", {})
    assert response.status_code == 409 and message(response.text) == "Both seats are taken; you can watch this game."
    assert status(carol.game(seated).text) == "X to move. You are watching."


@pytest.mark.parametrize("path", ["/g/nosuchgame", "/g/" + "x" * 100, "/g/nosuchgame/events"])
def test_an_unknown_game_is_404_with_a_page_that_says_so(alice: Friend, path: str):
    response = alice.client.get(path)
    assert response.status_code == 404 and "There is no game at this link" in response.text


@pytest.mark.parametrize("path", ["/g/nosuchgame/join", "/g/nosuchgame/move", "/g/nosuchgame/rematch"])
def test_posting_to_an_unknown_game_is_404(alice: Friend, path: str):
    assert alice.post(path, {"cell": "4", "ply": "0"}).status_code == 404


# POST /g/<id>/move

def test_players_take_turns_and_each_sees_the_others_move(seated: str, alice: Friend, bob: Friend):
    response = alice.post(seated + "/move", {"cell": "4", "ply": "0"})
    assert response.status_code == 200 and marks(response.text) == {4: "X"}
    assert status(response.text).startswith("Your opponent's turn (O)")
    assert marks(bob.game(seated).text) == {4: "X"}
    response = bob.post(seated + "/move", {"cell": "0", "ply": "1"}, htmx=False)
    assert response.status_code == 303
    assert marks(alice.game(seated).text) == {4: "X", 0: "O"}


def test_a_finished_game_links_to_its_review_for_players_and_spectators(seated: str, alice: Friend, bob: Friend,
                                                                         carol: Friend):
    for ply, (friend, cell) in enumerate([(alice, 0), (bob, 3), (alice, 1), (bob, 4)]):
        assert "Review this game" not in friend.post(seated + "/move", {"cell": str(cell), "ply": str(ply)}).text
    alice.post(seated + "/move", {"cell": "2", "ply": "4"})
    for friend in (alice, bob, carol):
        assert 'href="/review/3x3/03142" hx-boost="false">Review this game' in friend.game(seated).text


@pytest.mark.parametrize("who, fields, code, expected", [
    ("carol", {"cell": "0", "ply": "0"}, 403, "You are watching this game; only its players can move."),
    ("bob", {"cell": "0", "ply": "0"}, 409, "It is your opponent's turn, not yours."),
    ("alice", {"cell": "0", "ply": "3"}, 409, "That board was out of date; here it is as it stands now."),
    ("alice", {"cell": "9", "ply": "0"}, 400, "A square is a number from 0 to 8, not “9”."),
    ("alice", {"ply": "0"}, 400, "Choose a square to play."),
    ("alice", {"cell": "0"}, 400, "The form is incomplete; reload the page and try again."),
])
def test_a_move_that_is_not_yours_to_make_is_refused_and_changes_nothing(seated, alice, bob, carol, who, fields,
                                                                         code, expected):
    mover = {"alice": alice, "bob": bob, "carol": carol}[who]
    response = mover.post(seated + "/move", fields)
    assert response.status_code == code and message(response.text) == expected
    assert marks(alice.game(seated).text) == {}


@pytest.mark.parametrize("path", ["/move", "/join", "/rematch"])
def test_a_post_from_another_site_is_refused_with_403_and_changes_nothing(seated: str, alice: Friend, path: str):
    response = alice.client.post(seated + path, data={"cell": "4", "ply": "0"},
                                 headers={"Sec-Fetch-Site": "cross-site"})
    assert response.status_code == 403 and "This came from another site" in response.text
    assert marks(alice.game(seated).text) == {}


def test_an_invitation_from_another_site_is_refused(alice: Friend):
    response = alice.client.post("/online", data={}, headers={"Origin": "https://evil.example"})
    assert response.status_code == 403 and "This came from another site" in response.text


# GET /g/<id>/events

def test_the_stream_sends_each_change_with_its_number_as_this_browser_sees_it(seated, alice, bob, carol):
    alice.post(seated + "/move", {"cell": "4", "ply": "0"})
    stream = carol.events(seated)
    assert stream.startswith("retry: 1000\n\n")
    assert re.findall(r"^id: (\d+)$", stream, re.M) == ["1", "2"]  # the seat taken, the move
    # A page that missed both is sent once, as it stands after the last.
    assert stream.count("data: <section id=\"online\"") == 1 and 'data: <div id="online-status"' in stream
    assert stream.index("id: 1\n\nid: 2\ndata: ") > 0
    assert '<p class="reason">X played row 2, column 2.</p>' in stream
    assert "You are watching" in stream


def test_a_stream_resumes_after_the_last_event_it_had(seated, alice, carol):
    alice.post(seated + "/move", {"cell": "4", "ply": "0"})
    assert re.findall(r"^id: (\d+)$", carol.events(seated, last_event_id="1"), re.M) == ["2"]
    assert re.findall(r"^id: (\d+)$", carol.events(seated, after="2"), re.M) == []


def test_a_player_leaving_and_coming_back_are_events_too(seated, alice, bob):
    bob.events_then_close(seated, after="1")  # O's page opens, then its tab closes: O has left
    page = alice.game(seated).text
    assert status(page) == "You play X. Your opponent has left; their seat is kept if they come back."
    assert "O&#39;s player has left." in alice.events(seated, after="1")
    assert "O&#39;s player is back." in bob.events(seated, after="2")  # comes back
    alice.post(seated + "/move", {"cell": "4", "ply": "0"})
    assert status(alice.game(seated).text) == "Your opponent's turn (O)."


def test_while_alone_the_inviter_is_told_how_to_invite_rather_than_of_their_own_comings_and_goings(alice: Friend):
    url = alice.invite("5x5", "x")
    alice.events_then_close(url, after="0")  # the inviter's tab closes, and opens again
    stream = alice.events(url, after="1")
    assert "X&#39;s player is back." not in stream
    assert '<p class="reason">Send them the link or the code.</p>' in stream


def test_a_stream_the_server_ends_says_nobody_left(seated, alice, bob):
    """A stream ends at its time (or on a restart) and the page reopens it at once: no leave, no flapping."""
    for _ in range(3):
        bob.events(seated, after="1")
    assert "left" not in alice.events(seated, after="1")
    assert status(alice.game(seated).text) == "Your turn: you play X."


def test_a_stream_of_a_busy_game_stays_present(app, seated, alice, bob, monkeypatch):
    """Presence is refreshed while events flow, not only when the stream is quiet."""
    refreshed = []
    games = app.extensions["online_games"]
    monkeypatch.setattr(streams, "KEEP_ALIVE_SECONDS", 0.0)
    monkeypatch.setattr(type(games), "refresh_stream", lambda self, stream: refreshed.append(stream))
    alice.post(seated + "/move", {"cell": "4", "ply": "0"})
    bob.events(seated, after="1")
    assert refreshed


def test_an_after_beyond_the_log_does_not_make_a_stream_spin(app, seated, carol, monkeypatch):
    games = app.extensions["online_games"]
    asked = []
    original = type(games).events_after
    monkeypatch.setattr(type(games), "events_after", lambda self, *args: (asked.append(1), original(self, *args))[1])
    stream = carol.events(seated, after="999999")
    assert len(asked) < 20, f"the store was asked {len(asked)} times in one quiet stream"
    assert stream == "retry: 1000\n\n" or stream.startswith("retry: 1000\n\n:")


def test_a_stream_the_store_cannot_open_ends_quietly_for_the_page_to_reconnect(app, seated, carol, monkeypatch):
    games = app.extensions["online_games"]

    def unavailable(self, *args):
        raise sqlite3.OperationalError("database is locked")
    monkeypatch.setattr(type(games), "open_stream", unavailable)
    assert carol.events(seated) == ""  # a 200 with nothing in it, not a 500: EventSource tries again


def test_a_bad_last_event_id_is_refused(seated, carol):
    response = carol.client.get(seated + "/events", headers={"Last-Event-ID": "abc"})
    assert response.status_code == 400


def test_a_game_holds_only_so_many_spectators_and_its_players_always_get_in(app: Flask, seated: str,
                                                                             bob: Friend, carol: Friend):
    games = app.extensions["online_games"]
    game_id = seated.rsplit("/", 1)[1]
    opened = [games.open_stream(game_id, None) for _ in range(SPECTATORS_PER_GAME)]
    response = carol.client.get(seated + "/events")
    assert response.status_code == 429 and "spectators" in response.text
    assert bob.client.get(seated + "/events").status_code == 200, "a player is never turned away"
    for stream in opened:
        games.close_stream(stream)


def test_a_process_holds_only_so_many_streams_and_gives_each_back(app: Flask, seated: str, carol: Friend):
    app.config["STREAMS_PER_PROCESS"] = 1
    held = carol.client.get(seated + "/events", buffered=False)
    assert held.status_code == 200
    refused = carol.client.get(seated + "/events")
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "5"
    held.close()  # before a byte was read: its slot is given back all the same
    assert carol.client.get(seated + "/events").status_code == 200


def test_one_player_holds_only_so_many_streams_and_gets_each_back_as_it_closes(app: Flask, seated: str, bob: Friend,
                                                                               carol: Friend):
    """Issue 66, item 5: one browser's many streams (tabs, or a script) may
    not take the threads every other game's streams wait in; its game's page
    is never refused, and a closed stream is given back."""
    carol.game(seated)  # her player id
    held = [bob.client.get(seated + "/events", buffered=False) for _ in range(app.config["STREAMS_PER_PLAYER"])]
    assert [response.status_code for response in held] == [200] * 6
    refused = bob.client.get(seated + "/events")
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "30"
    assert "This browser already has as many live games open as it may" in refused.text
    assert bob.game(seated).status_code == 200, "the game's page itself is never refused"
    with carol.client.get(seated + "/events", buffered=False) as served:
        assert served.status_code == 200, "another player's stream is served"
    held.pop().close()  # before a byte was read: given back all the same
    with bob.client.get(seated + "/events", buffered=False) as again:
        assert again.status_code == 200
    for response in reversed(held):  # (each stream holds its request's context: the last opened closes first)
        response.close()
    assert app.extensions["online_streams"].held("process") == 0


def test_one_client_holds_only_so_many_streams_whoever_its_players_are(app: Flask, seated: str, bob: Friend,
                                                                       carol: Friend):
    app.config["STREAMS_PER_CLIENT"] = 2
    carol.game(seated)
    held = [friend.client.get(seated + "/events", buffered=False) for friend in (bob, carol)]
    refused = Friend(app.test_client()).client.get(seated + "/events")  # a third browser, on the same address
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "30"
    assert "Your network already has as many live games open as it may" in refused.text
    with Friend(app.test_client()).client.get(seated + "/events", buffered=False,
                                              environ_base={"REMOTE_ADDR": "192.0.2.7"}) as elsewhere:
        assert elsewhere.status_code == 200, "another address is served"
    held.pop().close()
    with carol.client.get(seated + "/events", buffered=False) as again:
        assert again.status_code == 200
    held.pop().close()


def test_a_refused_stream_keeps_no_count(app: Flask, seated: str, bob: Friend):
    """A bad Last-Event-ID is refused before a stream is taken, so that a
    player's bound cannot fill up with streams that never opened."""
    for _ in range(app.config["STREAMS_PER_PLAYER"] + 1):
        assert bob.client.get(seated + "/events", headers={"Last-Event-ID": "abc"}).status_code == 400
    with bob.client.get(seated + "/events", buffered=False) as served:
        assert served.status_code == 200


def test_opening_a_game_gives_the_browser_its_player_id_but_writes_no_store(alice: Friend, bob: Friend):
    url = alice.invite()
    response = bob.game(url)
    cookies = response.headers.getlist("Set-Cookie")
    assert len(cookies) == 1 and cookies[0].startswith("player=") and "HttpOnly" in cookies[0]
    assert "Max-Age=31536000" in cookies[0]
    first, second = (bob.post(url + "/join", {}, htmx=False) for _ in range(2))  # a double click
    assert (first.status_code, second.status_code) == (303, 409)
    assert "You already play O" in second.text
    assert "with a friend: you play O" in bob.game(url).text


def test_a_seat_outlives_the_session_store_forgetting_the_browser(app: Flask, seated: str, alice: Friend):
    """Sessions may expire or be pruned from a full store; a player's seat is theirs still."""
    app.session_interface._db().execute("DELETE FROM sessions")
    assert alice.post(seated + "/move", {"cell": "4", "ply": "0"}).status_code == 200


def test_a_code_leads_nowhere_once_both_seats_are_taken(alice: Friend, bob: Friend, carol: Friend):
    url = alice.invite()
    code = re.search(r'<strong class="code">(\w+)</strong>', alice.game(url).text).group(1)
    bob.post(url + "/join", {}, htmx=False)
    response = carol.client.get(f"/join?code={code}")
    assert response.status_code == 404 and "No game is waiting for a player with the code" in response.text
    assert carol.game(url).status_code == 200, "the link still lets anyone watch"


def test_one_network_address_may_start_or_try_only_so_many_a_minute(app: Flask):
    for _ in range(app.config["ADDRESS_PER_MINUTE"]):
        assert Friend(app.test_client()).client.get("/join?code=ZZZZZZ").status_code == 404
    response = Friend(app.test_client()).client.get("/join?code=ZZZZZZ")
    assert response.status_code == 429 and "Many codes were tried from your network" in response.text
    assert Friend(app.test_client()).post("/online", {}, htmx=False).status_code == 429


def tries(app: Flask, forwarded_for: str) -> int:
    """The status of a code tried from behind a proxy that says the client is forwarded_for."""
    return app.test_client().get("/join?code=ZZZZZZ", headers={"X-Forwarded-For": forwarded_for}).status_code


def test_the_address_limit_believes_a_proxy_only_when_told_to(tmp_path: Path):
    direct = create_app({"TESTING": True, "SECRET_KEY": "k", "ADDRESS_PER_MINUTE": 2}, instance_path=tmp_path / "a")
    # Without a trusted proxy, a forged X-Forwarded-For does not escape the limit.
    assert [tries(direct, f"10.0.0.{n}") for n in range(3)] == [404, 404, 429]
    proxied = create_app({"TESTING": True, "SECRET_KEY": "k", "ADDRESS_PER_MINUTE": 2, "TRUSTED_PROXIES": 1},
                         instance_path=tmp_path / "b")
    # Behind one proxy, each client's address counts for itself.
    assert [tries(proxied, "10.0.0.1") for _ in range(3)] == [404, 404, 429]
    assert tries(proxied, "10.0.0.2") == 404


# POST /g/<id>/rematch

def finish(url: str, alice: Friend, bob: Friend) -> None:
    for ply, (who, cell) in enumerate(((alice, 0), (bob, 3), (alice, 1), (bob, 4), (alice, 2))):
        assert who.post(url + "/move", {"cell": str(cell), "ply": str(ply)}).status_code == 200


def test_a_rematch_swaps_the_sides_and_the_old_game_points_to_it(seated, alice, bob, carol):
    finish(seated, alice, bob)
    page = alice.game(seated).text
    assert status(page) == "You win!" and "Rematch, sides swapped" in page
    assert "You: 1" in page and "Your opponent: 0" in page
    assert carol.post(seated + "/rematch", {}).status_code == 403
    response = bob.post(seated + "/rematch", {}, htmx=False)
    assert response.status_code == 303
    rematch = response.headers["Location"]
    assert "with a friend: you play X" in bob.game(rematch).text
    assert "with a friend: you play O" in alice.game(rematch).text
    assert f'href="{rematch}"' in alice.game(seated).text, "the old game links to the rematch"
    stream = carol.events(seated, after="6")
    assert f"event: rematch\ndata: {rematch}" in stream
    assert bob.post(seated + "/rematch", {}).status_code == 409


def test_the_rematchs_pages_say_why_they_came_until_its_first_stone(seated, alice, bob):
    """Issue 55, item 4: the page taken to the rematch says it is one."""
    finish(seated, alice, bob)
    rematch = bob.post(seated + "/rematch", {}, htmx=False).headers["Location"]
    assert status(bob.game(rematch).text) == "A rematch, sides swapped. Your turn: you play X."
    assert status(alice.game(rematch).text) == "A rematch, sides swapped. Your opponent's turn (X)."
    assert bob.post(rematch + "/move", {"cell": "4", "ply": "0"}).status_code == 200
    assert status(alice.game(rematch).text) == "Your turn: you play O."


def test_a_rematch_before_the_end_is_refused(seated, alice):
    response = alice.post(seated + "/rematch", {})
    assert response.status_code == 409 and "Finish this game first" in message(response.text)


def test_the_invited_friend_is_invited_not_told_they_are_watching(alice: Friend, bob: Friend):
    """The friend who follows the link, before joining: a free seat is theirs
    to take, and the inviter's invitation (link, code) is not shown to them."""
    url = alice.invite()
    page = bob.game(url).text
    assert ": a seat is free for you</h2>" in page and "you are watching" not in page
    assert "Join the game: you play O" in page and 'class="invite"' not in page
    assert 'class="invite"' in alice.game(url).text


def test_a_player_resigns_and_both_pages_and_the_series_say_so(seated, alice, bob, carol):
    assert "Resign</summary>" in alice.game(seated).text and "Resign</summary>" not in carol.game(seated).text
    assert carol.post(seated + "/resign", {"ply": "0"}).status_code == 403
    assert alice.post(seated + "/resign", {"ply": "3"}).status_code == 409  # out of date: nothing changes
    answer = bob.post(seated + "/resign", {"ply": "0"})
    assert answer.status_code == 200 and status(answer.text) == "You resigned."
    page = alice.game(seated).text
    assert status(page) == "Your opponent resigned: you win!" and "You: 1" in page
    assert "Rematch, sides swapped" in page and "Review this game" in page and "Resign</summary>" not in page
    assert "O resigned: X wins." in carol.events(seated, after="1")  # the live region tells the watchers too
    assert bob.post(seated + "/resign", {"ply": "0"}).status_code == 409


@pytest.mark.parametrize("host, said", [("127.0.0.1:5000", True), ("localhost", True), ("[::1]:8000", True),
                                        ("192.168.1.20:5000", False), ("games.example", False)])
def test_an_invitation_whose_link_names_this_machine_only_says_so(app: Flask, host: str, said: bool):
    client = app.test_client()
    url = client.post("/online", data={"board": "3x3", "side": "x"}, headers={"Host": host}).headers["Location"]
    page = client.get(url, headers={"Host": host}).text
    assert "Invite</h2>" in page
    assert (f"This link names this computer ({host}), so it works only here." in page) is said
    assert ("the site must be served on your network (README: HOST)" in " ".join(page.split())) is said
    assert "make run" not in page  # said to a player: no commands


def test_a_renju_game_with_a_friend_marks_and_refuses_black_s_forbidden_point(alice: Friend, bob: Friend):
    """Invited under renju: the game keeps its rule, black's forbidden point
    is marked on both screens, and black's move there is refused (409) with
    why, the game unchanged."""
    response = alice.post("/online", {"board": "15x15", "rule": "renju", "side": "x"}, htmx=False)
    url = response.headers["Location"]
    assert bob.post(url + "/join", {}, htmx=False).status_code == 303
    renju = board_named("15x15-renju")
    assert alice.post(url + "/move", {"cell": str(renju.parse_cell_name("a1")), "ply": "0"}).status_code == 409
    for ply, name in enumerate(("h8", "a1", "i8", "a3", "j9", "a5", "j10", "a7")):
        player = alice if ply % 2 == 0 else bob
        assert player.post(url + "/move",
                           {"cell": str(renju.parse_cell_name(name)), "ply": str(ply)}).status_code == 200
    for friend in (alice, bob):
        assert 'j8, empty, forbidden to black: double three' in friend.game(url).text
    refused = alice.post(url + "/move", {"cell": str(renju.parse_cell_name("j8")), "ply": "8"})
    assert refused.status_code == 409 and "j8 is forbidden to black under renju (a double three)." in refused.text
    assert "forbidden to black: double three" in alice.game(url).text  # still black to move, j8 still empty


def test_swap2_with_a_friend_each_takes_their_steps_and_the_seats_follow_the_colours(alice: Friend, bob: Friend,
                                                                                      carol: Friend):
    """Alice invites as X under swap2 and opens; Bob puts down two more; Alice
    takes white: the seats change hands, and Bob, black now, waits for her move."""
    response = alice.post("/online", {"board": "15x15", "opening": "swap2", "side": "x"}, htmx=False)
    url = response.headers["Location"]
    assert bob.post(url + "/join", {}, htmx=False).status_code == 303
    fifteen = board_named("15x15")

    def put(friend: Friend, name: str, ply: int) -> None:
        answer = friend.post(url + "/move", {"cell": str(fifteen.parse_cell_name(name)), "ply": str(ply)})
        assert answer.status_code == 200, answer.text[:300]

    assert "Swap2: You put down black, white, black: stone 1 of 3, black." in alice.game(url).text
    for ply, name in enumerate(("h8", "h9", "i9")):
        put(alice, name, ply)
    assert "Swap2: Your opponent chooses" in alice.game(url).text and "Play black" not in alice.game(url).text
    page = bob.game(url).text
    assert "Swap2: You choose: black, white, or two more stones." in page and "Put down two more" in page
    assert alice.post(url + "/choose", {"choice": "white", "ply": "3"}).status_code == 409  # not hers to make
    assert carol.post(url + "/choose", {"choice": "white", "ply": "3"}).status_code == 403  # a spectator
    assert bob.post(url + "/choose", {"choice": "grey", "ply": "3"}).status_code == 400
    assert "/swap2" not in page and url + "/choose" in page
    assert bob.post(url + "/swap2", {"choice": "two", "ply": "3"}).status_code == 404, "its name before /choose"
    assert bob.post(url + "/choose", {"choice": "two", "ply": "3"}).status_code == 200
    put(bob, "g7", 3)
    put(bob, "j10", 4)
    assert "Put down two more" not in alice.game(url).text and "Play white" in alice.game(url).text
    assert alice.post(url + "/choose", {"choice": "white", "ply": "5"}).status_code == 200
    assert "you play white" in alice.game(url).text and "you play black" in bob.game(url).text
    assert "Your turn: you play white." in alice.game(url).text
    put(alice, "k11", 5)
    assert "Your turn: you play black." in bob.game(url).text
    assert bob.post(url + "/resign", {"ply": "6"}).status_code == 200
    page = bob.game(url).text  # the review and the records say how the game opened
    assert "/review/15x15/h8-h9-i9-g7-j10-k11?opening=swap2-two" in page and page.count("(opening)") == 5
    assert "/record/sgf/15x15/h8-h9-i9-g7-j10-k11?opening=swap2-two&amp;resigned=X" in page
