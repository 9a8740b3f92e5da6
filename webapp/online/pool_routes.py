"""Routes for quick pairing: /pool (the pools, one press each), joining a
pool, the waiting page, cancelling, and the waiting page's live stream.

Thin, as every feature's routes are: the pools and who plays whom are
pools.py's, where they wait pool_store.py's, the game pairing.py's. Pairing
runs in the requests that ask: each press runs a round of its pool at once,
and each waiting page's tick (its stream, every POOL_TICK_SECONDS, or its
reload without JavaScript) runs one if none ran in the last second, on
whichever server it reaches. A round is atomic in the store, so two servers
(or two presses at once) pair each player once; no thread or timer runs per
process, which a second server would duplicate, and a pool nobody waits in
costs nothing. The round that makes a pair makes its game; both pages go
there (the presser's answer, the other's stream or reload) as an accepted
seek's do.

Forms: POST /pool with `pool` (a pool's id: "15x15-5+3") and `rated`
(rated or casual); POST /pool/cancel. Everything works with JavaScript off.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    redirect,
    render_template,
    request,
    stream_with_context,
    url_for,
)
from werkzeug.exceptions import ServiceUnavailable, TooManyRequests
from werkzeug.wrappers import Response as Redirect

from webapp.online.clock import TimeControl
from webapp.online.hub import Hub
from webapp.online.lobby import lobby_rating
from webapp.online.pairing import game_for_two
from webapp.online.pool_store import Joined, Paired, PoolStore, pools_store
from webapp.online.pools import (
    POOLS,
    Entry,
    Mode,
    colours,
    entry_made,
    pairings,
    parse_mode,
    parse_pool,
    waited_words,
)
from webapp.online.seek_store import LOBBY, SeekStore
from webapp.online.web import (
    PROCESS_STREAMS,
    STREAM_RETRY_SECONDS,
    games,
    limit,
    limit_address,
    schedule_abort,
    signed_in_name,
    stream_bounds,
    this_player,
)
from webapp.shared.errors import Conflict
from webapp.shared.web import client, is_htmx, never_cached, plain_error
from webapp.storage.errors import STORE_ERRORS

bp = Blueprint("pools", __name__)
POOL_TICK_SECONDS = 2.0
"""How often a waiting page's stream says the time waited, keeps the entry seen, and asks for a round."""
POOL_RELOAD_SECONDS = 5
"""How often the waiting page reloads itself without JavaScript (within pools.SEEN_SECONDS)."""
GAME_WAIT_SECONDS = 3.0
"""How long /pool/game waits for a paired game the other server is making (it is made just after the pairing)."""


def init_app(app: Flask) -> None:
    """The pools' store, beside the lobby's seeks (Redis when REDIS_URL is set, else the seeks' file)."""
    app.extensions["pools"] = pools_store(app.extensions["online_where"].redis(), app.extensions["lobby_seeks"])


def pools() -> PoolStore:
    return current_app.extensions["pools"]


def seeks() -> SeekStore:
    return current_app.extensions["lobby_seeks"]


@bp.get("/pool")
def index() -> Redirect | str:
    """The pools, one press each; a visitor waiting in one goes to its waiting page."""
    never_cached()
    player = this_player(make=False)
    if player is not None and pools().entry_of(player) is not None:
        return redirect(url_for("pools.wait"), 303)
    return render_template("online/pool.html", **_choices())


@bp.post("/pool")
def join() -> Redirect:
    """Join a pool (the form's pool and rated), and run its round at once: paired now, to the game; else, to wait."""
    pool = parse_pool(request.form.get("pool"))
    name = signed_in_name()
    mode = parse_mode(request.form.get("rated"), name)
    player = this_player()
    if player is None:
        raise RuntimeError("a player is made when none is found")
    _limit_joins(player, name)
    rating = lobby_rating(games().ratings, name, pool.rules, time.time())
    entry = entry_made(player, name, pool, mode, rating, client(), time.time())
    config = current_app.config
    joined = pools().join(entry, config["POOL_MOST"], config["POOL_ENTRIES_PER_ADDRESS"])
    _refuse_unless_joined(joined)
    return _to_game_or(_round(entry.pool, pressed=True), player, "pools.wait")


@bp.get("/pool/wait")
def wait() -> Redirect | str:
    """The waiting page: how long, in which pool, and the cancel button; paired, to the game."""
    never_cached()
    player = this_player(make=False)
    if player is not None and (game_id := seeks().match_of(player, forget=True)) is not None:
        return redirect(url_for("online.show", game_id=game_id), 303)
    entry = pools().entry_of(player) if player else None
    if entry is None or player is None:
        return redirect(url_for("pools.index"), 303)
    pools().seen(player)
    made = _round(entry.pool)
    if any(player in (paired.a.player, paired.b.player) for paired in made):
        return _to_game_or(made, player, "pools.wait")
    return render_template("online/pool_wait.html", **_waiting(entry), reload=POOL_RELOAD_SECONDS)


@bp.post("/pool/cancel")
def cancel() -> Redirect:
    """Leave the pool; if a pairing came first, to the game instead."""
    player = this_player(make=False)
    if player is not None and (game_id := seeks().match_of(player, forget=True)) is not None:
        return redirect(url_for("online.show", game_id=game_id), 303)
    if player is None or not pools().leave(player):
        raise Conflict("You are not waiting in a pool: choose one to play.")
    return redirect(url_for("pools.index"), 303)


@bp.get("/pool/game")
def to_game() -> Redirect:
    """Where a waiting page's stream sends it once paired: the game (made a moment after the pairing), or /pool."""
    player = this_player(make=False)
    game_id = seeks().match_of(player, forget=True) if player else None
    if game_id is None:
        return redirect(url_for("pools.index"), 303)
    waits_until = time.monotonic() + GAME_WAIT_SECONDS
    while games().get(game_id) is None and time.monotonic() < waits_until:
        time.sleep(0.05)
    return redirect(url_for("online.show", game_id=game_id), 303)


@bp.get("/pool/events")
def events() -> Response:
    """The waiting page's stream: the time waited every POOL_TICK_SECONDS
    (each tick keeps the entry seen and asks for a round), and a `paired`
    event with where to go. Counted as the lobby's streams are."""
    player = this_player(make=False)
    streams, bounds = current_app.extensions["online_streams"], stream_bounds(player)
    full = streams.take(bounds)
    if full == PROCESS_STREAMS:
        raise ServiceUnavailable("This server is holding all the live pages it can; the page will try again.",
                                 retry_after=5)
    if full is not None:
        raise TooManyRequests("This browser or network already has as many live pages open as it may; close one, "
                              "and the page will try again.", retry_after=STREAM_RETRY_SECONDS)
    response = Response(stream_with_context(_waiting_stream(player)), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    response.call_on_close(lambda: streams.give_back(bounds))
    return response


def _waiting_stream(player: str | None) -> Iterator[str]:
    """Until the stream's time is up or the player is paired or gone from the pool."""
    hub: Hub = current_app.extensions["lobby_hub"]
    closes = time.monotonic() + current_app.config["STREAM_SECONDS"]
    try:
        yield "retry: 1000\n\n"
        while player is not None and time.monotonic() < closes and not hub.stopping:
            if seeks().match_of(player) is not None:
                yield f"event: paired\ndata: {url_for('pools.to_game')}\n\n"
                return
            entry = pools().entry_of(player)
            if entry is None:
                yield "event: paired\ndata: " + url_for("pools.index") + "\n\n"  # cancelled elsewhere, or gone
                return
            pools().seen(player)
            _round(entry.pool)
            yield _message(render_template("online/_pool_waiting.html", **_waiting(entry)))
            hub.wait(LOBBY, seeks().version(), min(POOL_TICK_SECONDS, max(0.0, closes - time.monotonic())))
    except STORE_ERRORS:
        current_app.logger.warning("A store failed during a pool's stream; the page will reconnect", exc_info=True)


def _message(html: str) -> str:
    return "\n".join(f"data: {line}" for line in html.splitlines()) + "\n\n"


def _round(pool: str, pressed: bool = False) -> list[Paired]:
    """A round of pool's pairing (pool_store.PoolStore.pair), and the games of the pairs it made."""
    now = time.time()
    made = pools().pair(pool, lambda entries: pairings(entries, now, _blocks_among(entries)), pressed)
    for paired in made:
        _make_game(paired)
    return made


def _blocks_among(entries: list[Entry]) -> frozenset[frozenset[str]]:
    """The blocks between the accounts waiting (each a pair of lower-case names)."""
    names = {entry.name.lower() for entry in entries if entry.name}
    return frozenset(frozenset((name, blocked)) for name in names for blocked in seeks().blocked_by(name)
                     if blocked in names)


def _make_game(paired: Paired) -> None:
    """The game of a pair, under the id its matches name; the server's abort if it is rated; listed on /watch."""
    pool, mode = paired.a.game, paired.a.mode
    x, o = colours(paired.a, paired.b)
    game = game_for_two(games(), pool.rules, x, o, pool.opening, TimeControl.parse(pool.clock),
                        mode == Mode.RATED, game_id=paired.game_id)
    schedule_abort(game)
    ratings = [entry.rating.value if entry.rating else 0 for entry in (paired.a, paired.b)]
    seeks().playing(game.id, sum(ratings) / 2)
    for entry in (paired.a, paired.b):  # one game at a time: a seek of either player's ends
        if (seek := seeks().of_owner(entry.player)) is not None:
            seeks().take(seek.id)


def _to_game_or(made: list[Paired], player: str, waiting: str) -> Redirect:
    """To the game if player was paired in made (forgetting the match: this answer takes them there), else waiting."""
    for paired in made:
        if player in (paired.a.player, paired.b.player):
            seeks().match_of(player, forget=True)
            return redirect(url_for("online.show", game_id=paired.game_id), 303)
    return redirect(url_for(waiting), 303)


def _refuse_unless_joined(joined: Joined) -> None:
    if joined == Joined.PLAYER_HAS_ONE:
        raise Conflict("You are waiting in a pool already: cancel that to choose another.")
    if joined == Joined.ACCOUNT_HAS_ONE:
        raise Conflict("Your account is waiting in a pool already (in another browser): cancel that first.")
    if joined == Joined.ADDRESS_FULL:
        raise TooManyRequests("Your network has as many players waiting in the pools as it may; try again soon.",
                              retry_after=30)
    if joined == Joined.FULL:
        raise ServiceUnavailable("That pool is full just now; try again in a minute, or seek a game in the lobby.",
                                 retry_after=60)


def _limit_joins(player: str, name: str | None) -> None:
    """Refuse (429) past POOL_JOINS_PER_MINUTE presses by this browser or account, and past the address's bound."""
    most = current_app.config["POOL_JOINS_PER_MINUTE"]
    words = f"{most} games were asked for in the pools from this browser in the last minute"
    limit(f"pool-joins:player:{player}", most, words)
    if name is not None:
        limit(f"pool-joins:account:{name.lower()}", most, words.replace("browser", "account"))
    limit_address("Many games were asked for from your network")


def _choices() -> dict[str, object]:
    """What the pools' buttons need: the pools, and whether this visitor may play rated."""
    return {"pools": POOLS.values(), "name": signed_in_name()}


def _waiting(entry: Entry) -> dict[str, object]:
    """What the waiting page says of entry now."""
    return {"entry": entry, "pool": entry.game, "mode": entry.mode,
            "waited": waited_words(entry.waited(time.time())), "others": max(0, pools().waiting(entry.pool) - 1)}


def refused(message: str, status: int) -> tuple[str, int]:
    """The pools unchanged, with a message saying why (a plain error page for the stream)."""
    if request.endpoint == "pools.events" or is_htmx():
        return render_template("error.html", error=plain_error(status, message)), status
    return render_template("online/pool.html", **_choices(), message=message), status
