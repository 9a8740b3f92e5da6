"""Routes: sign up, sign in and out, a player's page (with its ratings), deleting one's account, the leaderboards.

The ratings are webapp.ratings' (written by the live games' store as rated games end): read here, never from
the request.

Every form is a plain HTML form (a page of its own, which works with
JavaScript off): the answer to a form that worked is a redirect (303),
and to one that did not, the form again with what was wrong and the status
that says so. Forms from another site never get here (the app refuses any
cross-site POST: docs/http.md).

Signing in (or up) keeps the account in the session (webapp.shared.identity:
its id and name, which every feature may read) and gives the session a new
id first (Flask-Session's regenerate), so that an id someone
planted or saw before the sign-in is worth nothing after it; signing out
drops the part and renews the id again.

A session signed in by signing up is marked so (identity's signed_up): the
play feature then carries this browser's finished games, score and MENACE
into the new account on its next request, once (webapp.play.kept); signing
in to an account made before carries nothing. Signed in, those are the
account's on every browser; signed out, the browser's own again. Deleting
an account forgets what the features kept for it (webapp.storage.account_parts:
its score, My games and MENACE); its rated games stay, anonymised (the ratings').

Tries are bounded (docs/deploying.md, "Security"): sign-up and sign-in each
SIGN_IN_TRIES_PER_CLIENT tries from one client, and SIGN_IN_TRIES_PER_NAME
for one name, in TRIES_SECONDS; past either, 429 with Retry-After and the
form saying so. A wrong password and an unknown name get the same words
and status, so that the answer never says which names exist. The accounts
are bounded too: past ACCOUNTS_MOST names (closed ones included), a sign-up
is refused with 503 and words that say so.

A deleted account's name is never given again (lichess's way): its page
answers 410 Gone saying so, and a sign-up with it 409; its games stay, with
the deleted player's mark, unlinked, in the opponents' recent games.
"""

from __future__ import annotations

import datetime
import time
from typing import cast

from flask import Blueprint, Flask, abort, current_app, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_session.base import ServerSideSession, ServerSideSessionInterface

from webapp.accounts.rules import NAME_RULE, is_name, name_key, password_problem
from webapp.accounts.store import Account, Accounts, NameClosed, NameTaken, StoreFull, accounts_at
from webapp.ratings.chart import rating_chart
from webapp.ratings.kinds import RatingKind
from webapp.ratings.standing import DELETED_PLAYER
from webapp.ratings.store import (
    LEADERBOARD_DAYS,
    LEADERBOARD_DEVIATION,
    LEADERBOARD_GAMES,
    LEADERBOARD_LENGTH,
    Ratings,
    ratings_at,
)
from webapp.shared import identity
from webapp.shared.web import account_parts, client, never_cached, rate_limits
from webapp.storage.where import Where

bp = Blueprint("accounts", __name__)

TRIES_SECONDS = 15 * 60
"""The window the sign-up and sign-in limits count tries in."""
WRONG = "That name and password do not match an account. Check both and try again."
"""What a wrong password and an unknown name both get: never which of the two it was."""


def init_app(app: Flask) -> None:
    """The accounts' store, where the app's other stores are (Where: Redis at REDIS_URL, or the instance folder)."""
    where = Where(app.config["REDIS_URL"], app.instance_path)
    app.extensions["accounts"] = accounts_at(where)
    app.extensions["ratings"] = ratings_at(where)  # read here; written by the live games' store as games end
    app.add_template_global(signed_in)


def _accounts() -> Accounts:
    return current_app.extensions["accounts"]


def _ratings() -> Ratings:
    return current_app.extensions["ratings"]


def signed_in() -> str | None:
    """The name this browser is signed in as (None: anonymous), for the header."""
    account = identity.signed_in(session)
    return account.name if account else None


def _signed_in_id() -> int | None:
    account = identity.signed_in(session)
    return account.id if account else None


@bp.get("/signup")
def sign_up_form() -> str:
    never_cached()
    return render_template("accounts/sign_up.html", name="", message=None)


@bp.post("/signup")
def sign_up() -> ResponseReturnValue:
    """Make an account and sign this browser in as it; or the form again, saying what was wrong."""
    name, password = request.form.get("name", "").strip(), request.form.get("password", "")
    page = "accounts/sign_up.html"
    if (limited := _over_limits("signup", name)) is not None:
        return render_template(page, name=name, message=limited), 429, {"Retry-After": str(TRIES_SECONDS)}
    if not is_name(name):
        return render_template(page, name=name, message=f"That name will not do. {NAME_RULE}"), 400
    if (problem := password_problem(name, password)) is not None:
        return render_template(page, name=name, message=problem), 400
    try:
        account = _accounts().create(name, password, current_app.config["ACCOUNTS_MOST"])
    except NameClosed:
        return render_template(page, name=name, message=f"The name “{name}” belonged to an account that was "
                               "deleted, in some case, and is never given again. Please choose another."), 409
    except NameTaken:
        return render_template(page, name=name, message=f"The name “{name}” is taken, in some case. "
                               "Please choose another."), 409
    except StoreFull:
        return render_template(page, name=name, message="This site has as many accounts as it keeps, so it "
                               "makes no new one for now. You can still play without an account."), 503
    return _signed_in_as(account, signed_up=True)


@bp.get("/signin")
def sign_in_form() -> str:
    never_cached()
    return render_template("accounts/sign_in.html", name="", message=None)


@bp.post("/signin")
def sign_in() -> ResponseReturnValue:
    """Sign this browser in; a wrong name or password gets the form again, with WRONG."""
    name, password = request.form.get("name", "").strip(), request.form.get("password", "")
    page = "accounts/sign_in.html"
    if (limited := _over_limits("signin", name)) is not None:
        return render_template(page, name=name, message=limited), 429, {"Retry-After": str(TRIES_SECONDS)}
    account = _accounts().verify(name, password) if is_name(name) and password else None
    if account is None:
        return render_template(page, name=name, message=WRONG), 400
    return _signed_in_as(account)


@bp.post("/signout")
def sign_out() -> ResponseReturnValue:
    """Sign this browser out: its score, My games and MENACE are its own again (webapp.play.kept); the
    session's id is renewed."""
    _sign_out()
    return redirect(url_for("play.index"), 303)


@bp.get("/@/<name>")
def player(name: str) -> ResponseReturnValue:
    """A player's page: their name and since when; /@/<name> in another case leads to the name as made."""
    never_cached()
    account = _accounts().find(name) if is_name(name) else None
    if account is None and is_name(name) and _accounts().is_closed(name):
        abort(410, description=f"The account “{name}” was deleted. Its games stay, with “{DELETED_PLAYER}” in "
                               "its place, and its name is never given to anyone else.")
    if account is None:
        abort(404, description=f"No player is called “{name}”.")
    if account.name != name:
        return redirect(url_for(".player", name=account.name), 308)
    return _player_page(account, message=None)


@bp.post("/@/<name>/delete")
def delete(name: str) -> ResponseReturnValue:
    """Delete one's own account, its password given again; then this browser is signed out. Its games stay:
    in every other player's recent games the deleted player's mark stands for it, and its name stays closed."""
    account = _accounts().find(name) if is_name(name) else None
    if account is None:
        abort(404, description=f"No player is called “{name}”.")
    if _signed_in_id() != account.id:
        abort(403, description="Only the player signed in as this account can delete it.")
    if (limited := _over_limits("delete", name)) is not None:
        return _player_page(account, message=limited), 429, {"Retry-After": str(TRIES_SECONDS)}
    if _accounts().verify(account.name, request.form.get("password", "")) is None:
        return _player_page(account, message="That is not this account's password, so it was not deleted."), 400
    _ratings().anonymise(account.name)  # the account last: were a step to fail, deleting again finishes them all
    account_parts().forget(account.id)  # its score, My games and MENACE (play's, my_menace's)
    _accounts().delete(account)  # the name stays closed: no later account has it
    _sign_out()
    return redirect(url_for("play.index"), 303)


@bp.get("/leaderboards")
def leaderboards() -> str:
    """The top players of each rating: enough games, a small deviation, a rated game lately (ratings.store)."""
    now = time.time()
    boards = [(kind, _ratings().leaderboard(kind, now)) for kind in RatingKind]
    return render_template("accounts/leaderboards.html", boards=boards, now=now, most=LEADERBOARD_LENGTH,
                           games=LEADERBOARD_GAMES, deviation=round(LEADERBOARD_DEVIATION), days=LEADERBOARD_DAYS)


def _player_page(account: Account, message: str | None) -> str:
    since = datetime.datetime.fromtimestamp(account.since, datetime.UTC)
    standings = _ratings().standings_of(account.name)
    return render_template("accounts/player.html", account=account, since=f"{since:%B} {since.day}, {since.year}",
                           own=_signed_in_id() == account.id, message=message, now=time.time(),
                           deleted_player=DELETED_PLAYER,
                           standings=[(standing, rating_chart(standing)) for standing in standings])


def _signed_in_as(account: Account, signed_up: bool = False) -> ResponseReturnValue:
    """Keep account in this session (and whether this session made it: signed_up), under a new session id;
    on to the player's page."""
    _renew_session_id()
    identity.keep_signed_in(session, account.id, account.name, signed_up)
    return redirect(url_for(".player", name=account.name), 303)


def _sign_out() -> None:
    identity.forget_signed_in(session)
    _renew_session_id()


def _renew_session_id() -> None:
    """The session, kept under a new id, the old one deleted (Flask-Session 0.8's regenerate;
    a session not yet kept has a new id already)."""
    interface = cast(ServerSideSessionInterface, current_app.session_interface)
    interface.regenerate(cast(ServerSideSession, session))


def _over_limits(action: str, name: str) -> str | None:
    """Count one more try at action from this client, and for this name; past either limit, the words to say so."""
    config, limits = current_app.config, rate_limits()
    minutes = TRIES_SECONDS // 60
    most = config["SIGN_IN_TRIES_PER_CLIENT"]
    if not limits.allow(f"{action}:client:{client()}", most, TRIES_SECONDS):
        return (f"Your network has tried this {most} times in {minutes} minutes, the most we allow, so that "
                f"nobody can guess passwords by the thousand. Please try again in {minutes} minutes.")
    most = config["SIGN_IN_TRIES_PER_NAME"]
    if is_name(name) and not limits.allow(f"{action}:name:{name_key(name)}", most, TRIES_SECONDS):
        return (f"This name has been tried {most} times in {minutes} minutes, the most we allow for one name, "
                f"so that nobody can guess its password. Please try again in {minutes} minutes.")
    return None
