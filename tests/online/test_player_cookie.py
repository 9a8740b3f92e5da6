"""The player cookie: only ids this server signed are players, and what one
client may start is counted by its address, not by a cookie it can mint."""

from pathlib import Path

from flask import Flask

from tests.support import Friend
from webapp.app import create_app
from webapp.online.player_cookie import signed


def player_cookie(friend: Friend, name: str = "player") -> str:
    cookie = friend.client.get_cookie(name)
    assert cookie is not None
    return cookie.value


def test_the_cookie_carries_the_id_signed_with_the_apps_key(app: Flask, alice: Friend):
    url = alice.invite()
    value = player_cookie(alice)
    player = value.partition(".")[0]
    assert value == signed(player, app.config["SECRET_KEY"])
    assert "with a friend: you play X" in alice.game(url).text


def test_a_forged_signature_is_no_player_and_takes_no_seat(app: Flask, alice: Friend):
    url = alice.invite()
    player = player_cookie(alice).partition(".")[0]
    mallory = Friend(app.test_client())
    mallory.client.set_cookie("player", f"{player}.{'0' * 32}")
    page = mallory.game(url)
    assert "with a friend: you play X" not in page.text
    assert player_cookie(mallory).partition(".")[0] != player  # a fresh id was issued in its place


def test_a_bare_id_from_before_signing_keeps_its_seat_and_is_signed_again(app: Flask, alice: Friend):
    url = alice.invite()
    player = player_cookie(alice).partition(".")[0]
    before = Friend(app.test_client())
    before.client.set_cookie("player", player)  # as the cookie was written before it was signed
    assert "with a friend: you play X" in before.game(url).text
    assert player_cookie(before) == signed(player, app.config["SECRET_KEY"])


def test_a_made_up_bare_id_is_no_player(app: Flask, alice: Friend):
    url = alice.invite()
    mallory = Friend(app.test_client())
    mallory.client.set_cookie("player", "a" * 32)  # seated nowhere: not an id this server issued
    assert "with a friend: you play X" not in mallory.game(url).text
    assert player_cookie(mallory).partition(".")[0] != "a" * 32


def start_from(app: Flask, address: str):
    """POST /online from a browser with no cookie, behind a proxy that says it is address."""
    return app.test_client().post("/online", data={}, headers={**Friend.SAME_ORIGIN, "X-Forwarded-For": address})


def test_fresh_cookies_do_not_escape_the_limit_on_games_started(tmp_path: Path):
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "GAMES_PER_MINUTE": 3, "TRUSTED_PROXIES": 1},
                     instance_path=tmp_path)
    # each a browser with no cookie: a fresh player id every time
    started = [start_from(app, "192.0.2.7") for _ in range(4)]
    assert [response.status_code for response in started] == [303, 303, 303, 429]
    assert started[-1].headers["Retry-After"] == "60"
    assert "3 games were started from your network in the last minute" in started[-1].text
    assert start_from(app, "192.0.2.8").status_code == 303  # another client has its own count


def test_over_https_both_cookies_are_secure_and_host_only_and_hsts_is_sent(tmp_path: Path):
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "HTTPS": True}, instance_path=tmp_path)
    client = app.test_client()
    response = client.post("/online", data={"board": "3x3"}, base_url="https://localhost",
                           headers={"Sec-Fetch-Site": "same-origin"})
    assert response.status_code == 303
    cookies = response.headers.getlist("Set-Cookie")
    assert any(c.startswith("__Host-player=") and "Secure" in c and "Path=/" in c and "Domain" not in c
               for c in cookies), cookies
    assert response.headers["Strict-Transport-Security"] == "max-age=31536000"
    moved = client.post("/move", data={"cell": "4", "ply": "0"}, base_url="https://localhost",
                        headers={"Sec-Fetch-Site": "same-origin"})
    session = [c for c in moved.headers.getlist("Set-Cookie") if c.startswith("__Host-session=")]
    assert session and "Secure" in session[0] and "Path=/" in session[0] and "Domain" not in session[0]
    page = client.get(response.headers["Location"], base_url="https://localhost")
    assert "with a friend: you play X" in page.text  # the __Host- cookie is read back


def test_over_plain_http_the_cookies_keep_their_names_and_no_hsts(app: Flask, alice: Friend):
    response = alice.post("/online", {}, htmx=False)
    assert any(c.startswith("player=") and "Secure" not in c for c in response.headers.getlist("Set-Cookie"))
    assert "Strict-Transport-Security" not in response.headers
