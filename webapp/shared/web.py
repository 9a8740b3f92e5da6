"""What every route needs of the request, and the answers all features share.

An htmx request (header HX-Request: true) gets a fragment to swap in; any
other request gets a whole page. Refusals (webapp.shared.errors) are answered
by the feature whose route refused, with its page unchanged and the message;
the app registers each feature's way of doing so (see webapp.app).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from flask import Flask, Response, abort, after_this_request, current_app, g, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException, TooManyRequests

from webapp.engine import Rules, board_named
from webapp.shared.players import Roster
from webapp.storage.account_parts import AccountParts
from webapp.storage.clients import client_key
from webapp.storage.limits import RateLimits

if TYPE_CHECKING:  # the type only: the pool is made by the app (webapp.app), not by what asks for it
    from webapp.workers.pool import EnginePool

RefusalPage = Callable[[str, int], ResponseReturnValue]
"""How a feature shows a refusal: its page unchanged, with the message, at the status given."""


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def board_or_404(name: str) -> Rules:
    """The board a link names, or a 404 saying which boards there are."""
    try:
        return board_named(name)
    except ValueError as error:
        abort(404, description=str(error))


def roster() -> Roster:
    """Our players and the external engines this app installed when it started (app.py)."""
    return Roster(current_app.extensions["brains"])


def refused(message: str, status: int) -> ResponseReturnValue:
    """A refusal, answered by the feature whose route refused (REFUSAL_PAGES
    in the app's extensions), or as a plain error page.

    The feature's page is drawn from the request's own link, and a refusal
    can come before anything read that link: a form from another site, sent
    to a retry whose link names no game, is refused as cross-site first. The
    page then cannot be drawn (the feature answers 404), and the refusal is
    answered as a plain page with its own message and status: an error
    answer that raised would be a 500."""
    page: RefusalPage | None = current_app.extensions["refusal_pages"].get(request.blueprint)
    if page is not None:
        try:
            return page(message, status)
        except HTTPException:
            pass
    return render_template("error.html", error=plain_error(status, message)), status


def game_finished(rules: Rules, moves: tuple[int, ...]) -> None:
    """Tell the features that want the games finished here (the puzzles,
    which mine them) that one ended: each registered its listener with the
    app, so that the feature where a game ends need not know them."""
    for listener in current_app.extensions.get(_FINISHED_GAME_LISTENERS, ()):
        listener(rules, moves)


FinishedGameListener = Callable[[Rules, tuple[int, ...]], None]
"""What a feature runs for each game finished anywhere on the site: the board and its moves."""
_FINISHED_GAME_LISTENERS = "finished_game_listeners"


def listen_for_finished_games(app: Flask, listener: FinishedGameListener) -> None:
    """Have game_finished tell listener of every game that ends in app.

    Here, beside game_finished, rather than a string key the listening
    feature writes into the app's extensions: the two ends are one typed pair."""
    app.extensions.setdefault(_FINISHED_GAME_LISTENERS, []).append(listener)


def never_cached() -> None:
    """This page shows this browser's own state (its game, its streak), which
    htmx changes in place: the browser must not keep it, so that Back to it
    asks the server again and shows the game as it stands, not as it was."""
    after_this_request(_no_store)


def _no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response


def plain_error(status: int, description: str) -> HTTPException:
    """An HTTP error with a person's words, for the error page."""
    error = HTTPException(description=description)
    error.code = status
    return error


def reload_address() -> str:
    """Where an error fragment's Reload link goes: the page htmx asked from
    (HX-Current-URL, if it is on this site), else the address asked."""
    current = request.headers.get("HX-Current-URL", "")
    if current.startswith(request.host_url):
        return current
    return request.script_root + request.path if request.method == "GET" else path("play.index")


def path(endpoint: str) -> str:
    """url_for(endpoint) for a route without arguments, looked up once per
    mount point: rendering a game asks for the same few paths every time."""
    return _path(endpoint, request.script_root)


@lru_cache(maxsize=64)
def _path(endpoint: str, script_root: str) -> str:
    return url_for(endpoint)


def duration(seconds: float) -> str:
    """A time as a person reads it: '0.34 s', '12 ms', '9 µs'."""
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 0.001:
        return f"{seconds * 1000:.3g} ms"
    return f"{seconds * 1e6:.3g} µs"


def client() -> str:
    """The client this request comes from, as every limit counts it (webapp.storage.clients)."""
    return client_key(request.remote_addr)


def rate_limits() -> RateLimits:
    """The site's rate limits, counted where every process sees them (webapp.storage.limits; made by the app)."""
    limits: RateLimits = current_app.extensions["rate_limits"]
    return limits


def account_parts() -> AccountParts:
    """What signed-in accounts keep, each feature its part (webapp.storage.account_parts; opened by the app)."""
    parts: AccountParts = current_app.extensions["account_parts"]
    return parts


ENGINE_POOL = "engines"
"""Where the app keeps its engine pool among its extensions: set by webapp.app, read by engine_pool alone."""


def engine_pool(app: Flask | None = None) -> EnginePool:
    """The engine workers every feature hands its engine work to (current_app's, or app's; made by webapp.app).

    One typed accessor instead of a string key in each feature: what a
    feature depends on shows in its imports, and a type checker checks it."""
    pool: EnginePool = (current_app if app is None else app).extensions[ENGINE_POOL]
    return pool


ENGINE_HOLD_SECONDS = 60
"""The longest one request's hold on engine work lasts if its process dies before it lets go: well past
the longest a request waits for the workers (pool.WAIT_SECONDS), so a live one is never let go early."""
ENGINE_WAIT_RETRY_SECONDS = 5
"""When a client with ENGINE_PAGES_AT_ONCE pages already being worked out may try again: about one page's work."""


def limit_engine_work() -> None:
    """Refuse (429) a request that puts work on the engine workers past
    ENGINE_PAGES_PER_MINUTE a minute from this client, or while
    ENGINE_PAGES_AT_ONCE of its requests already wait for the workers: what
    one client asks of them waits in front of everyone else's. The hold is
    let go when the request ends (let_go_of_engine_work, which the app runs
    after every request), in whatever process and on whatever machine."""
    config, key = current_app.config, f"engine:{client()}"
    most = config["ENGINE_PAGES_PER_MINUTE"]
    limit_a_minute(key, most, f"Your network has asked the computer to work out {most} positions "
                   "in the last minute, the most for one network, so that everyone's games get their turn. "
                   "Please try again in a minute.")
    at_once = config["ENGINE_PAGES_AT_ONCE"]
    if not rate_limits().hold(key, at_once, ENGINE_HOLD_SECONDS):
        raise TooManyRequests(f"Your network already has {at_once} position{'' if at_once == 1 else 's'} being worked "
                              "out by the computer, "
                              "the most for one network at once, so that everyone's games get their turn. "
                              "Please try again when they are done.", retry_after=ENGINE_WAIT_RETRY_SECONDS)
    g.engine_hold = key


def let_go_of_engine_work(error: BaseException | None = None) -> None:
    """At the end of a request (the app's teardown): let go of its hold on engine work, if it took one."""
    key = g.pop("engine_hold", None)
    if key is not None:
        rate_limits().release(key)


def limit_a_minute(key: str, most: int, refusal: str) -> None:
    """Count one more under key; past most in a minute, refuse (429, Retry-After 60) with refusal's words."""
    if not rate_limits().allow(key, most, 60):
        raise TooManyRequests(refusal, retry_after=60)
