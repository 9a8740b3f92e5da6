"""The accounts' pages, as a browser without JavaScript uses them (plain
forms, no HX-Request): sign up, in and out; the words for each thing that
can be wrong, one of them for a wrong password and an unknown name alike;
the limits on tries by client and by name; the session's id renewed at
sign-in; a player's page; deleting one's own account, and no one else's,
its page then 410 and its name closed; the bound on accounts kept."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask
from redis import Redis

from tests.accounts.conftest import from_address
from tests.support import Visitor
from webapp.accounts.rules import PASSWORD_RULE

PASSWORD = "correct horse battery"


def sign_up(visitor: Visitor, name: str = "Ada_L", password: str = PASSWORD):
    return visitor.post("/signup", {"name": name, "password": password}, htmx=False)


def sign_in(visitor: Visitor, name: str = "Ada_L", password: str = PASSWORD):
    return visitor.post("/signin", {"name": name, "password": password}, htmx=False)


def header(visitor: Visitor) -> str:
    return re.search(r"<header>(.*?)</header>", visitor.client.get("/help").text, re.S).group(1)


def message(response) -> str:
    return re.search(r'<p class="message" role="alert">(.*?)</p>', response.text, re.S).group(1)


def session_cookie(visitor: Visitor) -> str | None:
    cookie = visitor.client.get_cookie("session")
    return cookie.value if cookie else None


def test_the_forms_are_plain_forms_that_work_without_javascript(visitor: Visitor):
    for path, action in (("/signup", "/signup"), ("/signin", "/signin")):
        page = visitor.client.get(path)
        assert page.status_code == 200
        form = re.search(r"<form [^>]*>", page.text.split("</header>", 1)[1]).group(0)
        assert form == f'<form class="account" method="post" action="{action}">'  # no hx- attribute: a plain form
        assert 'name="name"' in page.text and 'name="password" type="password"' in page.text


def test_sign_up_signs_in_and_the_header_says_so(visitor: Visitor):
    assert '<a href="/signin">Sign in</a>' in header(visitor)
    response = sign_up(visitor)
    assert response.status_code == 303 and response.headers["Location"] == "/@/Ada_L"
    shown = header(visitor)
    assert 'Signed in as <a href="/@/Ada_L">Ada_L</a>' in shown and 'action="/signout"' in shown
    assert "Sign in<" not in shown


def test_sign_out_then_sign_in_again(visitor: Visitor):
    sign_up(visitor)
    response = visitor.post("/signout", {}, htmx=False)
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert "Signed in as" not in header(visitor) and "Sign in" in header(visitor)
    response = sign_in(visitor, "ada_l")  # the name in any case
    assert response.status_code == 303 and response.headers["Location"] == "/@/Ada_L"
    assert "Signed in as <a href=\"/@/Ada_L\">Ada_L</a>" in header(visitor)


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(app: Flask):
    sign_up(from_address(app, "192.0.2.1"))
    wrong_password = sign_in(from_address(app, "192.0.2.2"), "Ada_L", "not the password")
    unknown_name = sign_in(from_address(app, "192.0.2.3"), "Nobody", PASSWORD)
    assert wrong_password.status_code == unknown_name.status_code == 400
    assert message(wrong_password) == message(unknown_name) == "That name and password do not match an account. " \
                                                                "Check both and try again."
    assert wrong_password.text.replace("Ada_L", "Nobody") == unknown_name.text  # the name typed is kept in the form


def test_a_taken_name_is_refused_whatever_its_case(app: Flask):
    sign_up(from_address(app, "192.0.2.1"))
    response = sign_up(from_address(app, "192.0.2.2"), "ADA_l", "another good password")
    assert response.status_code == 409 and "The name “ADA_l” is taken" in message(response)


@pytest.mark.parametrize("name", ["ab", "a" * 21, "two words", "Ada.L", "Adä", ""])
def test_a_name_of_the_wrong_shape_is_refused_with_the_rule(visitor: Visitor, name: str):
    response = sign_up(visitor, name)
    assert response.status_code == 400
    assert "A name is 3 to 20 letters (a–z, A–Z), digits, “-” or “_”, with no spaces." in message(response)
    assert "Signed in as" not in header(visitor)


@pytest.mark.parametrize("password, why", [("short1234", "too short"), ("ada_l_ADA_", None),
                                           ("Password123", "commonest")])
def test_a_weak_password_is_refused_with_the_rule(visitor: Visitor, password: str, why: str | None):
    response = sign_up(visitor, "ada_l_ADA_" if why is None else "Ada_L", password)
    assert response.status_code == 400
    said = message(response).replace("&#34;", '"')
    assert PASSWORD_RULE in said and (why or "is your name") in said
    assert sign_in(visitor, "Ada_L").status_code == 400  # no account was made


def test_tries_for_one_name_are_limited_from_any_client(make_app: Callable[..., Flask]):
    app = make_app(SIGN_IN_TRIES_PER_NAME=3)
    sign_up(from_address(app, "192.0.2.1"))
    answers = [sign_in(from_address(app, f"198.51.100.{number}"), "ada_L", f"guess number {number}")
               for number in range(4)]
    assert [answer.status_code for answer in answers] == [400, 400, 400, 429]  # sign-ups count apart
    refused = answers[-1]
    assert refused.headers["Retry-After"] == "900"
    assert "This name has been tried 3 times in 15 minutes" in message(refused)
    assert sign_in(from_address(app, "203.0.113.9")).status_code == 429  # the right password too, for now
    assert sign_in(from_address(app, "203.0.113.9"), "Other").status_code == 400  # another name is not limited


def test_tries_from_one_client_are_limited_whatever_the_name(make_app: Callable[..., Flask]):
    app = make_app(SIGN_IN_TRIES_PER_CLIENT=3)
    visitor = from_address(app, "192.0.2.1")
    answers = [sign_in(visitor, f"name{number}", "guess guess guess") for number in range(4)]
    assert [answer.status_code for answer in answers] == [400, 400, 400, 429]
    assert answers[-1].headers["Retry-After"] == "900"
    assert "Your network has tried this 3 times in 15 minutes" in message(answers[-1])
    assert sign_in(from_address(app, "192.0.2.2"), "name9", "guess guess guess").status_code == 400
    signing_up = [sign_up(visitor, f"new{number}").status_code for number in range(4)]
    assert signing_up == [303, 303, 303, 429]  # sign-ups are counted apart from sign-ins


@pytest.fixture(params=["disk", pytest.param("redis", marks=pytest.mark.live)])
def either_store(request: pytest.FixtureRequest, make_app: Callable[..., Flask]) -> Flask:
    """The app on its default store, or every store of its in Redis."""
    if request.param == "disk":
        return make_app()
    url = request.getfixturevalue("redis_server").url.rsplit("/", 1)[0] + "/3"
    Redis.from_url(url).flushdb()
    return make_app(REDIS_URL=url)


def test_the_session_id_is_renewed_at_sign_in(either_store: Flask):
    visitor = Visitor(either_store.test_client())
    visitor.post("/coach", {"coach": "on"}, htmx=False)  # a session kept before the sign-in
    before = session_cookie(visitor)
    assert before
    sign_up(visitor)
    signed_up = session_cookie(visitor)
    assert signed_up not in (None, before)
    visitor.post("/signout", {}, htmx=False)
    signed_out = session_cookie(visitor)
    assert signed_out != signed_up
    sign_in(visitor)
    signed_in = session_cookie(visitor)
    assert signed_in not in (None, before, signed_up, signed_out)
    assert "Signed in as" in header(visitor)
    assert visitor.match().coach  # the browser's game, kept under the new id
    planted = Visitor(either_store.test_client())  # whoever held the id from before the sign-in
    planted.client.set_cookie("session", signed_up)
    assert "Signed in as" not in header(planted)


def test_the_players_page_shows_the_name_and_since_when_and_no_made_up_numbers(visitor: Visitor):
    sign_up(visitor)
    page = visitor.client.get("/@/Ada_L")
    assert page.status_code == 200 and 'Signed in as <a href="/@/Ada_L" aria-current="page">Ada_L</a>' in page.text
    assert "<h2 id=\"player-heading\">Ada_L</h2>" in page.text and "A member since " in page.text
    assert "No rated games yet" in page.text
    assert not re.search(r"\b1[0-9]{3}\b", page.text.split("A member since", 1)[1].split("</p>", 1)[1])
    elsewhere = Visitor(visitor.client.application.test_client())
    assert 'action="/@/Ada_L/delete"' in page.text and 'action="/@/Ada_L/delete"' not in \
        elsewhere.client.get("/@/Ada_L").text


def test_the_players_page_of_a_name_in_another_case_leads_to_it_and_of_no_one_is_404(visitor: Visitor):
    sign_up(visitor)
    moved = visitor.client.get("/@/ada_l")
    assert moved.status_code == 308 and moved.headers["Location"] == "/@/Ada_L"
    for unknown in ("/@/Nobody", "/@/no.such.name", "/@/ab"):
        missing = visitor.client.get(unknown)
        assert missing.status_code == 404 and "No player is called" in missing.text


def test_one_deletes_ones_own_account_only_and_with_its_password(app: Flask):
    ada, bob, stranger = from_address(app, "192.0.2.1"), from_address(app, "192.0.2.2"), from_address(app, "192.0.2.3")
    sign_up(ada)
    sign_up(bob, "Bob")
    assert bob.post("/@/Ada_L/delete", {"password": PASSWORD}, htmx=False).status_code == 403
    assert stranger.post("/@/Ada_L/delete", {"password": PASSWORD}, htmx=False).status_code == 403
    wrong = ada.post("/@/Ada_L/delete", {"password": "not the password"}, htmx=False)
    assert wrong.status_code == 400 and "it was not deleted" in message(wrong)
    assert ada.client.get("/@/Ada_L").status_code == 200
    deleted = ada.post("/@/Ada_L/delete", {"password": PASSWORD}, htmx=False)
    assert deleted.status_code == 303 and deleted.headers["Location"] == "/"
    assert "Signed in as" not in header(ada)
    assert sign_in(ada).status_code == 400 and bob.client.get("/@/Bob").status_code == 200
    assert ada.post("/@/Nobody/delete", {"password": PASSWORD}, htmx=False).status_code == 404
    assert ada.post("/@/Ada_L/delete", {"password": PASSWORD}, htmx=False).status_code == 404


def test_a_deleted_accounts_page_says_so_and_its_name_is_never_given_again(either_store: Flask):
    ada, stranger = from_address(either_store, "192.0.2.1"), from_address(either_store, "192.0.2.3")
    sign_up(ada)
    assert "the name is never given to anyone else" in " ".join(ada.client.get("/@/Ada_L").text.split())
    ada.post("/@/Ada_L/delete", {"password": PASSWORD}, htmx=False)
    for name in ("Ada_L", "ada_l"):
        gone = stranger.client.get(f"/@/{name}")
        words = " ".join(gone.text.split())
        assert gone.status_code == 410 and f"The account “{name}” was deleted." in words
        assert "a deleted player" in words and "never given to anyone else" in words
    for name in ("Ada_L", "ADA_L"):
        again = sign_up(stranger, name, "another long password")
        assert again.status_code == 409 and "was deleted, in some case, and is never given again" in message(again)
    assert sign_in(stranger, "Ada_L", "another long password").status_code == 400
    assert stranger.client.get("/@/Nobody").status_code == 404, "a name nobody had is still no one's"


def test_sign_ups_past_the_stores_bound_are_refused_and_make_nothing(make_app: Callable[..., Flask]):
    app = make_app(ACCOUNTS_MOST=2)
    first, second, third = (from_address(app, f"192.0.2.{number}") for number in (1, 2, 3))
    assert sign_up(first, "Ada_L").status_code == 303 and sign_up(second, "Grace_H").status_code == 303
    full = sign_up(third, "Alan_T")
    assert full.status_code == 503 and "as many accounts as it keeps" in message(full)
    assert "You can still play without an account" in message(full) and "Signed in as" not in header(third)
    assert third.client.get("/@/Alan_T").status_code == 404
    assert sign_up(third, "no spaces here").status_code == 400, "bad input is told as before"
    assert sign_up(third, "Ada_L").status_code == 409, "a taken name is told as taken"
    assert sign_in(first, "Ada_L").status_code == 303, "those who have accounts still sign in"


def test_a_form_from_another_site_is_refused(visitor: Visitor):
    response = visitor.client.post("/signup", data={"name": "Ada_L", "password": PASSWORD},
                                   headers={"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"})
    assert response.status_code == 403 and sign_in(visitor).status_code == 400
