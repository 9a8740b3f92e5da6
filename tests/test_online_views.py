"""Playing a friend on another device, the HTTP contract row by row, through
Flask's test client: invite, join by link and by code, watch, move, the
event stream, rematch, and every refusal."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask import Flask

from tests.support import Visitor
from webapp.online_views import GAMES_PER_MINUTE, STREAMS_PER_GAME


@pytest.fixture
def app(app: Flask) -> Flask:
    app.config["STREAM_SECONDS"] = 0.3  # a stream ends by itself, so that a test can read it whole
    return app


def status(html: str) -> str:
    return unescape(re.search(r'<p id="status">([^<]*)</p>', html).group(1))


def message(html: str) -> str | None:
    found = re.search(r'<p class="message" role="alert">([^<]*)</p>', html)
    return found and unescape(found.group(1))


def marks(html: str) -> dict[int, str]:
    return {int(cell): mark for cell, mark in re.findall(r'<button name="cell" value="(\d+)"[^>]*>([XO])</button>', html)}


class Friend(Visitor):
    """A browser playing a shared game."""

    def invite(self, board: str = "3x3", side: str = "x") -> str:
        response = self.post("/online", {"board": board, "side": side}, htmx=False)
        assert response.status_code == 303
        return response.headers["Location"]

    def game(self, url: str):
        return self.client.get(url)

    def events(self, url: str, after: str | None = None, last_event_id: str | None = None) -> str:
        headers = {"Last-Event-ID": last_event_id} if last_event_id else {}
        response = self.client.get(url + "/events" + (f"?after={after}" if after else ""), headers=headers)
        assert response.status_code == 200 and response.mimetype == "text/event-stream"
        return b"".join(response.response).decode()


@pytest.fixture
def alice(app: Flask) -> Friend:
    return Friend(app.test_client())


@pytest.fixture
def bob(app: Flask) -> Friend:
    return Friend(app.test_client())


@pytest.fixture
def carol(app: Flask) -> Friend:
    return Friend(app.test_client())


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
    assert status(page) == "You play O. Waiting for your friend to join: send them the link or the code."
    assert f'href="http://localhost{url}"' in page and "Copy link" in page
    assert re.search(r'<strong class="code">[2-9A-HJKMNP-Z]{6}</strong>', page)
    assert len(marks(page)) == 0 and page.count('name="cell"') == 49


@pytest.mark.parametrize("fields, expected", [
    ({"board": "9x9"}, "There is no board “9x9”"), ({"side": "both"}, "Choose the side you play, x or o"),
])
def test_a_bad_invitation_is_refused_with_400(alice: Friend, fields, expected):
    response = alice.post("/online", fields, htmx=False)
    assert response.status_code == 400 and expected in response.text


def test_one_browser_may_create_only_so_many_games_a_minute(alice: Friend):
    for _ in range(GAMES_PER_MINUTE):
        alice.invite()
    response = alice.post("/online", {}, htmx=False)
    assert response.status_code == 429 and "wait a moment" in response.text


def test_a_code_read_out_loud_leads_to_the_same_game(alice: Friend, bob: Friend):
    url = alice.invite()
    code = re.search(r'<strong class="code">(\w+)</strong>', alice.game(url).text).group(1)
    response = bob.client.get(f"/join?code={code.lower()[:3]} {code.lower()[3:]}")
    assert response.status_code == 303 and response.headers["Location"] == url


@pytest.mark.parametrize("code, status_code, expected", [
    ("ABCDEF", 404, "No game has the code ABCDEF"), ("ABC", 400, "A game&#39;s code is 6 letters"),
    ("", 400, "A game&#39;s code is 6 letters"),
])
def test_a_wrong_code_says_so(bob: Friend, code: str, status_code: int, expected: str):
    response = bob.client.get(f"/join?code={code}")
    assert response.status_code == status_code and expected in response.text


# GET /g/<id>, POST /g/<id>/join

def test_a_browser_without_a_seat_watches_and_may_take_the_free_one(alice: Friend, bob: Friend):
    url = alice.invite()
    page = bob.game(url).text
    assert status(page) == "Waiting for a player to take O. You are watching."
    assert "Take the free seat: play O" in page and 'aria-readonly="true"' in page and 'name="cell"' not in page
    assert bob.post(url + "/join", {}, htmx=False).headers["Location"] == url
    assert "with a friend: you play O" in bob.game(url).text


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
    assert status(response.text).startswith("Your friend's turn (O)")
    assert marks(bob.game(seated).text) == {4: "X"}
    response = bob.post(seated + "/move", {"cell": "0", "ply": "1"}, htmx=False)
    assert response.status_code == 303
    assert marks(alice.game(seated).text) == {4: "X", 0: "O"}


@pytest.mark.parametrize("who, fields, code, expected", [
    ("carol", {"cell": "0", "ply": "0"}, 403, "You are watching this game; only its players can move."),
    ("bob", {"cell": "0", "ply": "0"}, 409, "It is your friend's turn, not yours."),
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
    assert "data: <section id=\"online\"" in stream and 'data: <div id="online-status"' in stream
    assert '<p class="reason">X played row 2, column 2.</p>' in stream
    assert "You are watching" in stream


def test_a_stream_resumes_after_the_last_event_it_had(seated, alice, carol):
    alice.post(seated + "/move", {"cell": "4", "ply": "0"})
    assert re.findall(r"^id: (\d+)$", carol.events(seated, last_event_id="1"), re.M) == ["2"]
    assert re.findall(r"^id: (\d+)$", carol.events(seated, after="2"), re.M) == []
    assert ": keep-alive" not in carol.events(seated, after="2") or True


def test_a_player_leaving_and_coming_back_are_events_too(seated, alice, bob):
    bob.events(seated, after="1")  # O's page opens, then closes: O has left
    page = alice.game(seated).text
    assert status(page) == "You play X. Your friend has left; their seat is kept if they come back."
    assert "O&#39;s player has left." in alice.events(seated, after="1")
    assert "O&#39;s player is back." in bob.events(seated, after="2")  # comes back, and leaves again
    alice.post(seated + "/move", {"cell": "4", "ply": "0"})
    bob.post(seated + "/move", {"cell": "0", "ply": "1"})  # a move: O is here after all
    assert status(alice.game(seated).text) == "Your turn: you play X."


def test_a_bad_last_event_id_is_refused(seated, carol):
    response = carol.client.get(seated + "/events", headers={"Last-Event-ID": "abc"})
    assert response.status_code == 400


def test_a_game_holds_only_so_many_streams(app: Flask, seated: str, carol: Friend):
    games = app.extensions["online_games"]
    game_id = seated.rsplit("/", 1)[1]
    opened = [games.open_stream(game_id, None) for _ in range(STREAMS_PER_GAME)]
    response = carol.client.get(seated + "/events")
    assert response.status_code == 429
    for stream in opened:
        games.close_stream(stream)


# POST /g/<id>/rematch

def finish(url: str, alice: Friend, bob: Friend) -> None:
    for ply, (who, cell) in enumerate(((alice, 0), (bob, 3), (alice, 1), (bob, 4), (alice, 2))):
        assert who.post(url + "/move", {"cell": str(cell), "ply": str(ply)}).status_code == 200


def test_a_rematch_swaps_the_sides_and_the_old_game_points_to_it(seated, alice, bob, carol):
    finish(seated, alice, bob)
    page = alice.game(seated).text
    assert status(page) == "You win!" and "Rematch, sides swapped" in page
    assert "You: 1" in page and "Your friend: 0" in page
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


def test_a_rematch_before_the_end_is_refused(seated, alice):
    response = alice.post(seated + "/rematch", {})
    assert response.status_code == 409 and "Finish this game first" in message(response.text)
