"""The lobby's views: seeking, cancelling, accepting (both players land in
one game), the live list, /watch, and every bad input refused with a 4xx
and nothing changed; on both stores, and across two app instances on one Redis."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path

import pytest
from flask import Flask

from harness.servers import RedisServer
from tests.support import Friend
from webapp.app import create_app
from webapp.online import aborts, lobby_routes
from webapp.online.lobby_routes import _list_message
from webapp.online.shared_game import new_player_id
from webapp.shared.game_link import Ending
from webapp.storage.redis import redis_client

PASSWORD = "correct horse battery"


def seek(friend: Friend, **fields: str):
    return friend.post("/lobby/seeks", {"board": "3x3", "rule": "freestyle", "opening": "none", "clock": "none",
                                        "colour": "x", "rated": "casual", **fields}, htmx=False)


def seek_ids(page: str) -> list[str]:
    return re.findall(r'/lobby/seeks/([A-Za-z0-9_-]{12})/accept', page)


def own_seek_id(page: str) -> str:
    (found,) = re.findall(r'/lobby/seeks/([A-Za-z0-9_-]{12})/cancel', page)
    return found


def sign_up(friend: Friend, name: str) -> None:
    response = friend.post("/signup", {"name": name, "password": PASSWORD}, htmx=False)
    assert response.status_code == 303, response.get_data(as_text=True)


@pytest.fixture(params=["disk", "redis"])
def app(request, instance: Path, redis_server: RedisServer) -> Flask:
    store = {"REDIS_URL": redis_server.url} if request.param == "redis" else {}
    if store:
        redis_client(redis_server.url).flushall()  # the lobby and the accounts are one for all: a fresh start
    app = create_app({"TESTING": True, "SECRET_KEY": "test key", "STREAM_SECONDS": 0.3, **store},
                     instance_path=instance)
    return app


@pytest.fixture
def alice(app: Flask) -> Friend:
    return Friend(app.test_client())


@pytest.fixture
def bob(app: Flask) -> Friend:
    return Friend(app.test_client())


def test_the_lobby_is_linked_from_the_header_and_shows_the_form(alice: Friend):
    page = alice.client.get("/").get_data(as_text=True)
    assert 'href="/lobby"' in page
    lobby = alice.client.get("/lobby")
    assert lobby.status_code == 200 and "Seek a game" in lobby.get_data(as_text=True)
    assert 'value="rated"' not in lobby.get_data(as_text=True)  # anonymous: casual only


def test_a_seek_is_seen_by_others_never_as_acceptable_by_its_owner(alice: Friend, bob: Friend):
    assert seek(alice).status_code == 303
    mine = alice.client.get("/lobby").get_data(as_text=True)
    assert seek_ids(mine) == [] and "Your seek" in mine and "Cancel the seek" in mine
    theirs = bob.client.get("/lobby").get_data(as_text=True)
    assert len(seek_ids(theirs)) == 1 and "Anonymous" in theirs and "3×3, freestyle" in theirs


def test_accepting_seats_both_and_the_seeker_is_sent_to_the_game(alice: Friend, bob: Friend):
    seek(alice, colour="o", clock="5+3")
    (seek_id,) = seek_ids(bob.client.get("/lobby").get_data(as_text=True))
    accepted = bob.post(f"/lobby/seeks/{seek_id}/accept", {}, htmx=False)
    assert accepted.status_code == 303 and "/g/" in accepted.headers["Location"]
    game_link = accepted.headers["Location"]
    stream = alice.client.get("/lobby/events")
    with stream:
        text = b"".join(stream.response).decode()
    assert "event: paired" in text and "data: /lobby/game" in text
    reload = alice.client.get("/lobby")  # without JavaScript: the reload finds the game
    assert reload.status_code == 303 and reload.headers["Location"] == game_link
    game = alice.client.get(game_link).get_data(as_text=True)
    assert "5 min" in game or "5:00" in game
    assert "3 in a row, with a stranger: you play O" in game and "with a friend" not in game
    assert seek_ids(bob.client.get("/lobby").get_data(as_text=True)) == []  # the seek is gone


def test_one_seek_a_player_and_cancel(alice: Friend, bob: Friend):
    seek(alice)
    again = seek(alice)
    assert again.status_code == 409 and "already" in again.get_data(as_text=True)
    seek_id = own_seek_id(alice.client.get("/lobby").get_data(as_text=True))
    assert bob.post(f"/lobby/seeks/{seek_id}/cancel", {}, htmx=False).status_code == 403
    assert alice.post(f"/lobby/seeks/{seek_id}/cancel", {}, htmx=False).status_code == 303
    assert seek_ids(bob.client.get("/lobby").get_data(as_text=True)) == []


@pytest.mark.parametrize(("fields", "words"), [
    ({"board": "3x3", "rule": "renju"}, "not “renju”"),
    ({"board": "7x7", "rule": "renju"}, "not “renju”"),
    ({"board": "9x9"}, "There is no board"),
    ({"colour": "purple"}, "colour"),
    ({"clock": "1+0"}, "clock"),
    ({"rated": "rated"}, "account"),
    ({"rated": "sometimes"}, "rated or casual"),
    ({"range": "100"}, "casual seek accepts any rating"),
])
def test_bad_seeks_are_refused_and_nothing_is_kept(alice: Friend, bob: Friend, fields, words):
    response = seek(alice, **fields)
    assert response.status_code == 400 and words in response.get_data(as_text=True)
    assert seek_ids(bob.client.get("/lobby").get_data(as_text=True)) == []


def test_own_gone_and_malformed_seeks_cannot_be_accepted(alice: Friend, bob: Friend):
    seek(alice)
    seek_id = own_seek_id(alice.client.get("/lobby").get_data(as_text=True))
    own = alice.post(f"/lobby/seeks/{seek_id}/accept", {}, htmx=False)
    assert own.status_code == 409 and "your own seek" in own.get_data(as_text=True)
    assert bob.post("/lobby/seeks/AAAAAAAAAAAA/accept", {}, htmx=False).status_code == 404
    assert bob.post("/lobby/seeks/not-a-seek/accept", {}, htmx=False).status_code == 404
    assert bob.post(f"/lobby/seeks/{seek_id}/accept", {}, htmx=False).status_code == 303
    gone = bob.post(f"/lobby/seeks/{seek_id}/accept", {}, htmx=False)
    assert gone.status_code == 404 and "gone" in gone.get_data(as_text=True)


def test_rated_seeks_need_accounts_and_a_forged_range_is_refused(alice: Friend, bob: Friend, app: Flask):
    sign_up(alice, "Ada_L")
    assert seek(alice, rated="rated", range="250", board="7x7").status_code == 400  # not a range offered
    assert seek(alice, rated="rated", range="200").status_code == 400  # 3×3 is not rated
    assert seek(alice, rated="rated", range="200", board="7x7").status_code == 303
    assert seek_ids(bob.client.get("/lobby").get_data(as_text=True)) == []  # anonymous: rated seeks not shown
    carol = Friend(app.test_client())
    sign_up(carol, "Carol_C")
    page = carol.client.get("/lobby").get_data(as_text=True)
    assert len(seek_ids(page)) == 1 and "Ada_L (1500?)" in page and "rated" in page
    accepted = carol.post(f"/lobby/seeks/{seek_ids(page)[0]}/accept", {}, htmx=False)
    assert accepted.status_code == 303
    watch = bob.client.get("/watch").get_data(as_text=True)
    assert accepted.headers["Location"] in watch and "Ada_L against Carol_C" in watch
    assert "Being played now" in bob.client.get("/lobby").get_data(as_text=True)


def test_the_lobby_lists_a_bounded_number_of_seeks(app: Flask, bob: Friend, monkeypatch: pytest.MonkeyPatch):
    from webapp.online import lobby_routes
    monkeypatch.setattr(lobby_routes, "SEEKS_SHOWN", 2)
    for _ in range(3):
        seek(Friend(app.test_client()))
    page = bob.client.get("/lobby").get_data(as_text=True)
    assert len(seek_ids(page)) == 2 and "And 1 more" in page


def test_seeks_are_rate_limited_per_browser(alice: Friend, app: Flask):
    app.config["SEEKS_PER_MINUTE"] = 2
    for _ in range(2):
        seek(alice)
        alice.post(f"/lobby/seeks/{own_seek_id(alice.client.get('/lobby').get_data(as_text=True))}/cancel", {},
                   htmx=False)
    refused = seek(alice)
    assert refused.status_code == 429 and "last minute" in refused.get_data(as_text=True)


def test_the_lobby_is_bounded_in_all(alice: Friend, bob: Friend, app: Flask):
    app.config["SEEKS_OPEN"] = 1
    seek(alice)
    full = seek(bob)
    assert full.status_code == 503 and "full" in full.get_data(as_text=True)


def test_the_stream_sends_the_list_as_it_changes(alice: Friend, bob: Friend):
    seek(alice, board="15x15", rule="renju", opening="rif")
    stream = bob.client.get("/lobby/events?after=0")
    with stream:
        text = b"".join(stream.response).decode()
    assert "15×15, renju, RIF" in text and "/accept" in text
    assert bob.client.get("/lobby/events?after=x").status_code == 400


def test_anonymous_streams_share_one_reading_and_drawing_of_the_list(alice: Friend, bob: Friend, app: Flask,
                                                                       monkeypatch: pytest.MonkeyPatch):
    """A change read and drawn once a process for every anonymous page without a seek; the seeker's own is its own."""
    seek(alice)
    store, reads = app.extensions["lobby_seeks"], []
    (owner,) = [seek.owner for seek in store.open_seeks()]
    read = store.open_seeks
    monkeypatch.setattr(store, "open_seeks", lambda: reads.append(1) or read())
    version = store.version()
    with app.test_request_context("/lobby/events"):
        others = {_list_message(version, new_player_id(), None) for _ in range(5)}
        (seeker,) = {_list_message(version, owner, None) for _ in range(2)}
    assert len(others) == 1 and "/accept" in others.pop() and len(reads) == 1
    assert "Your seek" in seeker and "/accept" not in seeker


def test_a_burst_of_seeks_is_one_list_yet_the_match_comes_at_once(alice: Friend, bob: Friend, app: Flask,
                                                                   monkeypatch: pytest.MonkeyPatch):
    """Within LIST_PAUSE_SECONDS a stream sends one list, however many seeks come; a seeker's match, at once."""
    monkeypatch.setattr(lobby_routes, "LIST_PAUSE_SECONDS", 60.0)
    monkeypatch.setitem(app.config, "STREAM_SECONDS", 5)  # ended by the match well before
    seek(alice)
    seek_id = own_seek_id(alice.client.get("/lobby").get_data(as_text=True))
    others = [Friend(app.test_client()) for _ in range(3)]

    def then_seeks_and_an_accept() -> None:
        for other in others:
            time.sleep(0.2)  # each change seen by the stream on its own (the Hub looks every 0.05 s or so)
            seek(other)
        time.sleep(0.2)
        bob.post(f"/lobby/seeks/{seek_id}/accept", {}, htmx=False)

    busy = threading.Thread(target=then_seeks_and_an_accept)
    busy.start()
    told = alice.client.get("/lobby/events?after=0").get_data(as_text=True)
    busy.join()
    assert told.count("id: ") == 1 and "event: paired" in told


def test_a_seek_ends_when_its_owner_leaves(alice: Friend, bob: Friend, app: Flask):
    seek(alice)
    store = app.extensions["lobby_seeks"]
    (owner,) = [seek.owner for seek in store.open_seeks()]
    store.seen(owner, grace=-1)  # as if the last page closed past its grace
    assert seek_ids(bob.client.get("/lobby").get_data(as_text=True)) == []


def test_two_instances_on_one_redis_share_the_lobby(redis_server: RedisServer, tmp_path: Path):
    redis_client(redis_server.url).flushall()
    config = {"TESTING": True, "SECRET_KEY": "test key", "STREAM_SECONDS": 0.3, "REDIS_URL": redis_server.url}
    one = create_app(config, instance_path=tmp_path / "one")
    other = create_app(config, instance_path=tmp_path / "other")
    alice, bob = Friend(one.test_client()), Friend(other.test_client())
    seek(alice)
    (seek_id,) = seek_ids(bob.client.get("/lobby").get_data(as_text=True))
    game_link = bob.post(f"/lobby/seeks/{seek_id}/accept", {}, htmx=False).headers["Location"]
    assert alice.client.get("/lobby").headers["Location"] == game_link
    for friend in (alice, bob):
        page = friend.client.get(game_link).get_data(as_text=True)
        assert "Resign" in page


def test_the_owners_last_lobby_page_closing_ends_the_seek_after_its_grace(alice: Friend, bob: Friend,
                                                                          monkeypatch: pytest.MonkeyPatch):
    from webapp.online import seek_store
    monkeypatch.setattr(seek_store, "LEFT_GRACE_SECONDS", -1.0)  # no grace: gone as the page closes
    seek(alice)
    other_tab = alice.client.get("/lobby/events?after=0", buffered=False)
    alice.events_then_close("/lobby", "0")
    assert len(seek_ids(bob.client.get("/lobby").get_data(as_text=True))) == 1  # another of its pages is open
    other_tab.close()
    assert seek_ids(bob.client.get("/lobby").get_data(as_text=True)) == []


def test_a_stream_ending_on_its_time_is_not_leaving(alice: Friend, bob: Friend, monkeypatch: pytest.MonkeyPatch):
    from webapp.online import seek_store
    monkeypatch.setattr(seek_store, "LEFT_GRACE_SECONDS", -1.0)
    seek(alice)
    alice.events("/lobby")  # read to its end: the server closed it
    assert len(seek_ids(bob.client.get("/lobby").get_data(as_text=True))) == 1


def test_blocked_players_never_see_each_others_seeks(alice: Friend, bob: Friend, app: Flask):
    sign_up(alice, "Ada_L")
    sign_up(bob, "Bob_B")
    seek(alice)
    (seek_id,) = seek_ids(bob.client.get("/lobby").get_data(as_text=True))
    assert alice.post("/lobby/blocks", {"name": "bob_b"}, htmx=False).status_code == 303
    assert "Unblock bob_b" in alice.client.get("/lobby").get_data(as_text=True)
    assert seek_ids(bob.client.get("/lobby").get_data(as_text=True)) == []
    refused = bob.post(f"/lobby/seeks/{seek_id}/accept", {}, htmx=False)
    assert refused.status_code == 404 and "gone" in refused.get_data(as_text=True)  # never who blocked whom
    alice.post("/lobby/seeks/" + own_seek_id(alice.client.get("/lobby").get_data(as_text=True)) + "/cancel", {},
               htmx=False)
    seek(bob)
    assert seek_ids(alice.client.get("/lobby").get_data(as_text=True)) == []  # nor the blocker theirs
    assert alice.post("/lobby/blocks/bob_b/remove", {}, htmx=False).status_code == 303
    assert len(seek_ids(alice.client.get("/lobby").get_data(as_text=True))) == 1


def test_unblocking_is_counted_with_the_blocks(alice: Friend, app: Flask):
    """Each unblock redraws every open lobby page: a loop of them is bounded as blocks are."""
    sign_up(alice, "Ada_L")
    most = app.config["SEEKS_PER_MINUTE"]
    answers = [alice.post("/lobby/blocks/zzz/remove", {}, htmx=False).status_code for _ in range(most + 1)]
    assert answers == [303] * most + [429]


@pytest.mark.parametrize(("who", "name", "words"), [
    ("anonymous", "bob_b", "Sign in"), ("signed", "Ada_L", "yourself"), ("signed", "a b", "not “a b”"),
])
def test_bad_blocks_are_refused(alice: Friend, who: str, name: str, words: str):
    if who == "signed":
        sign_up(alice, "Ada_L")
    response = alice.post("/lobby/blocks", {"name": name}, htmx=False)
    assert response.status_code == 400 and words in response.get_data(as_text=True)


def test_accepting_ends_the_acceptors_own_seek(alice: Friend, bob: Friend, app: Flask):
    seek(alice)
    seek(bob)
    (alices,) = seek_ids(bob.client.get("/lobby").get_data(as_text=True))
    bob.post(f"/lobby/seeks/{alices}/accept", {}, htmx=False)
    carol = Friend(app.test_client())
    assert seek_ids(carol.client.get("/lobby").get_data(as_text=True)) == []


def test_an_accepted_rated_seek_is_aborted_by_the_server_when_no_first_move_comes(alice: Friend, app: Flask,
                                                                                   monkeypatch):
    sign_up(alice, "Ada_L")
    assert seek(alice, rated="rated", board="7x7").status_code == 303
    carol = Friend(app.test_client())
    sign_up(carol, "Carol_C")
    (seek_id,) = seek_ids(carol.client.get("/lobby").get_data(as_text=True))
    game_url = carol.post(f"/lobby/seeks/{seek_id}/accept", {}, htmx=False).headers["Location"]
    game = app.extensions["online_games"].get(game_url.rsplit("/", 1)[1])
    jobs = [job for job in app.extensions["engines"].queue.scheduled() if job.args[0] == aborts.call_off]
    assert [job.args[1][1:] for job in jobs] == [(game.id, game.start_by)]
    monkeypatch.setattr(time, "time", lambda: game.start_by + 1)  # the job runs when it is due
    aborts.call_off(*jobs[0].args[1])
    assert app.extensions["online_games"].get(game.id).ending.how == Ending.UNSTARTED
