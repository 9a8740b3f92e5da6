"""Quick pairing through its routes, on both stores: the buttons, a press
that waits and one that pairs (both land in one game), the waiting page
and its stream, cancelling, rated games for accounts only (aborted by the
server if no first move comes), every bad input a 4xx with nothing changed,
two presses at once pairing once, and two app instances on one Redis."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from flask import Flask

from harness.servers import RedisServer
from tests.support import Friend
from webapp.app import create_app
from webapp.online import aborts
from webapp.storage.redis import redis_client

PASSWORD = "correct horse battery"
CONFIG = {"TESTING": True, "SECRET_KEY": "test key", "STREAM_SECONDS": 0.3}


def press(friend: Friend, pool: str = "7x7-2+1", rated: str = "casual"):
    return friend.post("/pool", {"pool": pool, "rated": rated}, htmx=False)


def sign_up(friend: Friend, name: str) -> None:
    assert friend.post("/signup", {"name": name, "password": PASSWORD}, htmx=False).status_code == 303


def stored_game(app: Flask, link: str):
    return app.extensions["online_games"].get(link.rsplit("/", 1)[1])


@pytest.fixture(params=["disk", "redis"])
def app(request, instance: Path, redis_server: RedisServer) -> Flask:
    store = {"REDIS_URL": redis_server.url} if request.param == "redis" else {}
    if store:
        redis_client(redis_server.url).flushall()
    return create_app({**CONFIG, **store}, instance_path=instance)


@pytest.fixture
def alice(app: Flask) -> Friend:
    return Friend(app.test_client())


@pytest.fixture
def bob(app: Flask) -> Friend:
    return Friend(app.test_client())


def test_the_lobby_and_pool_page_show_the_buttons_casual_only_when_anonymous(alice: Friend):
    for page in (alice.client.get("/lobby").get_data(as_text=True), alice.client.get("/pool").get_data(as_text=True)):
        assert "Quick pairing" in page and 'value="15x15-5+3"' in page and 'value="casual"' in page
        assert 'value="rated"' not in page  # the seek form's and the pools': anonymous, casual only
    sign_up(alice, "Ada_L")
    assert 'name="rated" value="rated"' in alice.client.get("/pool").get_data(as_text=True)


def test_a_press_waits_and_the_next_press_lands_both_in_one_game(alice: Friend, bob: Friend, app: Flask):
    assert press(alice).headers["Location"] == "/pool/wait"
    page = alice.client.get("/pool/wait").get_data(as_text=True)
    assert "Finding you a game" in page and "7×7, 2+1, casual" in page and "You have waited" in page
    assert 'http-equiv="refresh"' in page and "/pool/cancel" in page
    assert alice.client.get("/pool").headers["Location"] == "/pool/wait"  # one waits in one pool
    bobs = press(bob)
    assert bobs.status_code == 303 and bobs.headers["Location"].startswith("/g/")
    assert alice.client.get("/pool/wait").headers["Location"] == bobs.headers["Location"]
    game = stored_game(app, bobs.headers["Location"])
    assert None not in game.seats and len(set(game.seats)) == 2
    assert game.clock is not None and not game.rated and game.rules.size == 7
    for friend in (alice, bob):
        assert "Resign" in friend.client.get(bobs.headers["Location"]).get_data(as_text=True)
    assert alice.client.get("/pool/wait").headers["Location"] == "/pool"  # paired: waiting no more


def test_the_waiting_pages_stream_says_the_wait_and_sends_the_page_to_the_game(alice: Friend, bob: Friend):
    press(alice)
    stream = alice.client.get("/pool/events").get_data(as_text=True)
    assert "You have waited" in stream and "event: paired" not in stream
    link = press(bob).headers["Location"]
    stream = alice.client.get("/pool/events").get_data(as_text=True)
    assert "event: paired\ndata: /pool/game" in stream
    assert alice.client.get("/pool/game").headers["Location"] == link
    assert alice.client.get("/pool/game").headers["Location"] == "/pool"  # once: the match is forgotten


def test_cancelling_leaves_the_pool_and_a_second_cancel_is_refused(alice: Friend, bob: Friend):
    press(alice)
    assert alice.post("/pool/cancel", {}, htmx=False).headers["Location"] == "/pool"
    assert press(bob).headers["Location"] == "/pool/wait"  # alice is gone: bob waits
    refused = alice.post("/pool/cancel", {}, htmx=False)
    assert refused.status_code == 409 and "not waiting" in refused.get_data(as_text=True)
    assert alice.client.get("/pool/wait").headers["Location"] == "/pool"


@pytest.mark.parametrize(("fields", "words", "status"), [
    ({"pool": "9x9-5+0", "rated": "casual"}, "no quick-pairing pool", 400),
    ({"rated": "casual"}, "no quick-pairing pool", 400),
    ({"pool": "7x7-2+1", "rated": "rated"}, "needs an account", 400),
    ({"pool": "7x7-2+1", "rated": "often"}, "rated or casual", 400),
])
def test_bad_presses_are_refused_and_nothing_waits(alice: Friend, app: Flask, fields, words, status):
    answer = alice.post("/pool", fields, htmx=False)
    assert answer.status_code == status and words in answer.get_data(as_text=True)
    assert "Quick pairing" in answer.get_data(as_text=True)  # the pools again, with the message
    assert all(app.extensions["pools"].waiting(f"{pool}/{mode}") == 0
               for pool in ("7x7-2+1", "15x15-5+3") for mode in ("rated", "casual"))


def test_a_second_entry_is_refused_in_any_pool_and_for_the_same_account(alice: Friend, app: Flask):
    sign_up(alice, "Ada_L")
    press(alice, rated="rated")
    again = press(alice, "15x15-5+3")
    assert again.status_code == 409 and "already" in again.get_data(as_text=True)
    other_browser = Friend(app.test_client())
    assert other_browser.post("/signin", {"name": "Ada_L", "password": PASSWORD}, htmx=False).status_code == 303
    refused = press(other_browser, rated="rated")
    assert refused.status_code == 409 and "another browser" in refused.get_data(as_text=True)


def test_presses_past_the_minutes_bound_are_refused(alice: Friend, app: Flask):
    app.config["POOL_JOINS_PER_MINUTE"] = 2
    for _ in range(2):
        press(alice)
        alice.post("/pool/cancel", {}, htmx=False)
    assert press(alice).status_code == 429


def test_a_rated_pairing_is_a_rated_game_the_server_aborts_if_no_first_move_comes(alice: Friend, bob: Friend,
                                                                                  app: Flask):
    sign_up(alice, "Ada_L")
    sign_up(bob, "Bob_B")
    press(alice, "15x15-3+2", "rated")
    assert "your rating 1500?" in alice.client.get("/pool/wait").get_data(as_text=True)
    link = press(bob, "15x15-3+2", "rated").headers["Location"]
    game = stored_game(app, link)
    assert game.rated and set(game.names) == {"Ada_L", "Bob_B"} and game.opening.rule == "swap2"
    jobs = [job for job in app.extensions["engines"].queue.scheduled() if job.args[0] == aborts.call_off]
    assert [job.args[1][1:] for job in jobs] == [(game.id, game.start_by)]


def test_blocked_players_are_never_paired(alice: Friend, bob: Friend):
    sign_up(alice, "Ada_L")
    sign_up(bob, "Bob_B")
    assert alice.post("/lobby/blocks", {"name": "bob_b"}, htmx=False).status_code == 303
    press(alice)
    assert press(bob).headers["Location"] == "/pool/wait"


def test_two_presses_at_once_pair_once(app: Flask):
    friends = [Friend(app.test_client()) for _ in range(2)]
    answers: dict[int, str] = {}
    start = threading.Barrier(2)

    def pressing(friend: Friend) -> None:
        start.wait()
        answers[id(friend)] = press(friend).headers["Location"]

    threads = [threading.Thread(target=pressing, args=(friend,)) for friend in friends]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    links = {friend.client.get("/pool/wait").headers["Location"] if answer == "/pool/wait" else answer
             for friend, answer in ((friend, answers[id(friend)]) for friend in friends)}
    (link,) = links
    assert link.startswith("/g/") and stored_game(app, link) is not None


def test_two_instances_on_one_redis_pair_across_them_once(redis_server: RedisServer, tmp_path: Path):
    redis_client(redis_server.url).flushall()
    config = {**CONFIG, "REDIS_URL": redis_server.url}
    one = create_app(config, instance_path=tmp_path / "one")
    other = create_app(config, instance_path=tmp_path / "other")
    alice, bob = Friend(one.test_client()), Friend(other.test_client())
    assert press(alice).headers["Location"] == "/pool/wait"
    link = press(bob).headers["Location"]
    assert link.startswith("/g/")
    assert "event: paired" in alice.client.get("/pool/events").get_data(as_text=True)
    assert alice.client.get("/pool/game").headers["Location"] == link
    for friend in (alice, bob):
        assert "Resign" in friend.client.get(link).get_data(as_text=True)
    assert one.extensions["pools"].waiting("7x7-2+1/casual") == 0


def test_a_wait_ticks_on_without_javascript_until_the_entry_is_not_seen(alice: Friend, app: Flask, monkeypatch):
    from webapp.online import pools
    press(alice)
    monkeypatch.setattr(pools, "SEEN_SECONDS", 0.2)
    alice.client.get("/pool/wait")
    time.sleep(0.3)
    assert alice.client.get("/pool/wait").headers["Location"] == "/pool"  # its page closed: it left the pool
