"""What both of the online feature's route files ask of a request: the
browser's player id (its signed cookie: player_cookie.py), the account it is
signed in as (webapp.shared.identity), the rate limits on what it starts,
the bounds its live streams are counted under, and the server's abort job
of a game a change made (aborts.py). One home, so that the games' routes
(routes.py), the lobby's (lobby_routes.py) and quick pairing's ask the same
way, and none reaches into another's private helpers.
"""

from __future__ import annotations

from typing import Literal, overload

from flask import after_this_request, current_app, request, session
from werkzeug.wrappers import Response

from webapp.online import aborts
from webapp.online.player_cookie import bare_player, signed, signed_player
from webapp.online.shared_game import SharedGame, new_player_id
from webapp.online.store import GameStore
from webapp.ratings.standing import DELETED_PLAYER
from webapp.shared.identity import signed_in
from webapp.shared.web import client, engine_pool, limit_a_minute
from webapp.storage.errors import STORE_ERRORS

PROCESS_STREAMS = "process"
"""The key StreamCount counts all of this process's streams under."""
STREAM_RETRY_SECONDS = 30
"""How long a player or client past its streams' bound is asked to wait (Retry-After) before trying again."""
PLAYER_COOKIE = "player"
PLAYER_SECONDS = 365 * 24 * 3600
PLAYER_ASKED = "webapp.online.player"
"""Where a request keeps the player id this_player found or made (the request's own, never another's)."""


def games() -> GameStore[SharedGame]:
    """The games' store this app keeps (routes.init_app's)."""
    return current_app.extensions["online_games"]


def still_named(name: str | None) -> str | None:
    """An account's name at a game's seat, unless that account was deleted since (the ratings keep its name
    closed): then None, and pages say DELETED_PLAYER with no link. A game keeps the names it started with until
    it expires; it is never rated under a closed name (webapp.ratings.store)."""
    return None if name is None or games().ratings.is_closed(name) else name


def seat_words(name: str | None) -> str:
    """Who sits at a seat, in a list of games: the account's name, "Anonymous", or DELETED_PLAYER."""
    if name is None:
        return "Anonymous"
    return still_named(name) or DELETED_PLAYER


def stream_bounds(player: str | None) -> dict[str, int]:
    """The keys a stream is counted under, with their bounds: the process's
    (STREAMS_PER_PROCESS), the player's (STREAMS_PER_PLAYER: a few tabs and a
    phone), and the client's (STREAMS_PER_CLIENT: a household or an office
    shares an address), so that one browser or one address, however many
    streams it opens, leaves the process's threads to everyone else's games."""
    config = current_app.config
    bounds = {f"player:{player}": config["STREAMS_PER_PLAYER"]} if player else {}
    bounds[f"client:{client()}"] = config["STREAMS_PER_CLIENT"]
    bounds[PROCESS_STREAMS] = config["STREAMS_PER_PROCESS"]
    return bounds


def schedule_abort(game: SharedGame | None, before: SharedGame | None = None) -> None:
    """The server's abort of game, if it now waits for a first move (aborts.py); a store that
    cannot take the job is logged: whoever reads the game sees it aborted all the same (as_of)."""
    if game is None:
        return
    try:
        aborts.schedule(engine_pool(), current_app.extensions["online_where"], game, before)
    except STORE_ERRORS:
        current_app.logger.warning("Could not schedule the abort of game %s", game.id, exc_info=True)


@overload  # made if need be (the default): always an id
def this_player(make: Literal[True] = True) -> str: ...
@overload
def this_player(make: bool) -> str | None: ...
def this_player(make: bool = True) -> str | None:
    """This browser's player id, from its signed cookie (player_cookie); unless
    make is false, one is made if it has none, and the answer sets the cookie.
    A bare id from before the cookie was signed counts only at a game that
    seats it, and is signed afresh there."""
    if PLAYER_ASKED in request.environ:  # once a request: a new id is made and set once
        return request.environ[PLAYER_ASKED]
    found = request.cookies.get(player_cookie_name(), "")
    key = current_app.config["SECRET_KEY"]
    player = signed_player(found, key) or _seated_bare_player(found)
    if player is None and not make:
        return None
    if player is None or player == bare_player(found):
        player = player or new_player_id()
        after_this_request(lambda response: _remember(response, player))
    request.environ[PLAYER_ASKED] = player
    return player


def _seated_bare_player(value: str) -> str | None:
    """A bare id (issued before signing) where the game this request names seats it; else None."""
    player, game_id = bare_player(value), (request.view_args or {}).get("game_id")
    if player is None or not game_id or len(game_id) >= 64:
        return None
    game = games().get(game_id)
    return player if isinstance(game, SharedGame) and game.seat_of(player) is not None else None


def _remember(response: Response, player: str) -> Response:
    """Set the player cookie: HttpOnly, a year, and over HTTPS Secure under the __Host- prefix."""
    response.set_cookie(player_cookie_name(), signed(player, current_app.config["SECRET_KEY"]),
                        max_age=PLAYER_SECONDS, httponly=True, samesite="Lax", path="/",
                        secure=current_app.config["SESSION_COOKIE_SECURE"])  # HTTPS sets it (app.py)
    return response


def player_cookie_name() -> str:
    """The player cookie's name: `__Host-player` over HTTPS (Secure, this host only, path /), else `player`."""
    return f"__Host-{PLAYER_COOKIE}" if current_app.config["HTTPS"] else PLAYER_COOKIE


def limit(key: str, most: int, done: str) -> None:
    """Refuse (429) past most requests a minute under key."""
    limit_a_minute(key, most, f"{done}; please wait a minute before trying again.")


def limit_address(done: str) -> None:
    """Refuse (429) past ADDRESS_PER_MINUTE games started or codes tried, together, a
    minute from one client (its address, an IPv6 /64: webapp.storage.clients): the
    brake on guessing codes."""
    limit(f"address:{client()}", current_app.config["ADDRESS_PER_MINUTE"], done)


def signed_in_name() -> str | None:
    """The account this browser is signed in as (None: anonymous), as webapp.shared.identity reads it."""
    account = signed_in(session)
    return account.name if account is not None else None
