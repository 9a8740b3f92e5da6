"""Routes for playing a friend on another device: invite, join, watch, move,
the live stream of changes, and the rematch.

Thin, as every feature's routes are: read the request, ask the shared game
(shared_game.py) and where it is kept (webapp.online.store), render.

A browser's player id is a cookie of its own (random, HttpOnly, kept a
year), not part of its session: a seat must outlive a session that expires
or is pruned from a full store, or the game could never finish. It is set
the first time the browser opens a game's page (a cookie, not a write to
any store), so that a double click on "Take the free seat" is one player's.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

from flask import (Blueprint, Flask, Response, abort, after_this_request, current_app, g, redirect, render_template,
                   request, stream_with_context, url_for)
from werkzeug.exceptions import ServiceUnavailable, TooManyRequests

from webapp.engine import BOARDS, DEFAULT_BOARD
from webapp.online.hub import Hub, StreamCount
from webapp.online.limits import RateLimits, rate_limits
from webapp.online.shared_game import (SharedGame, is_player_id, new_code, new_game_id, new_player_id,
                                       normalise_code)
from webapp.online.store import Event, GameStore, Logged, games_store
from webapp.shared.errors import InvalidInput
from webapp.shared.forms import parse_board, parse_cell, parse_opening, parse_ply, parse_rule
from webapp.shared.web import game_finished, is_htmx, never_cached, plain_error
from webapp.storage.errors import STORE_ERRORS
from webapp.storage.redis import redis_client

bp = Blueprint("online", __name__)
SPECTATORS_PER_GAME = 14
"""The most spectators' pages one game may have open; its players' own pages always may."""
PLAYER_COOKIE = "player"
PLAYER_SECONDS = 365 * 24 * 3600
KEEP_ALIVE_SECONDS = 15.0
"""How often a quiet stream sends a comment, which keeps proxies from closing
it and refreshes the seat's presence."""


def init_app(app: Flask) -> None:
    """This feature's state: the games' store and the rate limits (in Redis
    when REDIS_URL is set, sharing one client), the Hub, and the count of streams."""
    client = redis_client(app.config["REDIS_URL"]) if app.config["REDIS_URL"] else None
    store = games_store(client, app.instance_path, app.config["SESSION_IDLE_SECONDS"], SharedGame.from_data)
    app.extensions.update(online_games=store, online_hub=Hub(store), online_streams=StreamCount(),
                          rate_limits=rate_limits(client, app.instance_path))


def games() -> GameStore:
    return current_app.extensions["online_games"]


def hub() -> Hub:
    return current_app.extensions["online_hub"]


def limits() -> RateLimits:
    return current_app.extensions["rate_limits"]


@bp.post("/online")
def create() -> Response:
    rules = parse_rule(request.form.get("rule"), parse_board(request.form.get("board"), DEFAULT_BOARD))
    opening = parse_opening(request.form.get("opening"), rules)
    side = parse_side(request.form.get("side"))
    player = _player()
    per_browser = current_app.config["GAMES_PER_MINUTE"]
    _limit(f"create:{player}", per_browser, f"You have started {per_browser} games in the last minute")
    _limit_address("Many games were started from your network")
    while not games().create(game := SharedGame.create(rules, side, player, new_game_id(), new_code(), opening)):
        pass  # its code was in use: draw another
    return redirect(url_for("online.show", game_id=game.id), 303)


@bp.get("/join")
def join_by_code() -> Response:
    """A code leads to its game while a seat is free: it is for inviting a
    player, so once both have sat down it leads nowhere (the link still does)."""
    game = _waiting_for(request.args.get("code"), None)
    return redirect(url_for("online.show", game_id=game.id), 303)


@bp.post("/join")
def join_with_code() -> Response:
    """The code a friend typed, in one step: they take the free seat and land
    on the game as its player (a browser already seated there just goes to it)."""
    player = _player()
    game = _waiting_for(request.form.get("code"), player)
    if game.seat_of(player) is None:
        game, _ = _change(game.id, lambda game: (*game.join(player), []))
    return redirect(url_for("online.show", game_id=game.id), 303)


def _waiting_for(raw_code: str | None, player: str | None) -> SharedGame:
    """The game a code names while it waits for a player (or has player
    seated already), or a 404 saying so."""
    code = normalise_code(raw_code)
    _limit_address("Many codes were tried from your network")
    game_id = games().by_code(code)
    game = games().get(game_id) if game_id else None
    if game is None or (game.free_seat is None and game.seat_of(player) is None):
        abort(404, description=f"No game is waiting for a player with the code {code}: check it, or ask "
                               "your friend for the game's link.")
    return game


@bp.get("/g/<game_id>")
def show(game_id: str) -> str:
    """The game as this browser sees it. The number of the last event is read
    before the game, so that the page's stream, which starts after it, can
    only repeat a change the page shows, never miss one."""
    never_cached()
    latest = games().latest([game_id]).get(game_id, 0)
    game = _game_or_404(game_id)
    _player()
    template = "online/_online.html" if is_htmx() else "online/online.html"
    return render_template(template, **_context(game), latest=latest)


@bp.post("/g/<game_id>/join")
def join(game_id: str) -> Response | str:
    player = _player()
    return _changed(game_id, lambda game: (*game.join(player), []))


@bp.post("/g/<game_id>/move")
def move(game_id: str) -> Response | str:
    game = _game_or_404(game_id)
    cell = parse_cell(request.form.get("cell"), game.rules)
    seen = parse_ply(request.form.get("ply"), game.rules)
    player = _player(make=False)
    return _changed(game_id, lambda game: (*game.play(player, cell, seen), []))


@bp.post("/g/<game_id>/swap2")
def choose(game_id: str) -> Response | str:
    """A player's swap2 choice: black, white, or two more stones."""
    game = _game_or_404(game_id)
    seen = parse_ply(request.form.get("ply"), game.rules)
    player, choice = _player(make=False), request.form.get("choice", "")
    return _changed(game_id, lambda game: (*game.choose(player, choice, seen), []))


@bp.post("/g/<game_id>/resign")
def resign(game_id: str) -> Response | str:
    game = _game_or_404(game_id)
    seen = parse_ply(request.form.get("ply"), game.rules)
    player = _player(make=False)
    return _changed(game_id, lambda game: (*game.resign(player, seen), []))


@bp.post("/g/<game_id>/rematch")
def rematch(game_id: str) -> Response | str:
    player = _player(make=False)
    following, code = new_game_id(), new_code()
    game, _ = _change(game_id, lambda game: _rematched(game.start_rematch(player, following, code)))
    return redirect(url_for("online.show", game_id=game.rematch), 303)


@bp.get("/g/<game_id>/events")
def events(game_id: str) -> Response:
    """The game's changes as server-sent events, each with its number as id,
    from the one after Last-Event-ID (or ?after=, the number the page showed)."""
    game = _game_or_404(game_id)
    player = _player(make=False)
    seat = game.seat_of(player)
    if seat is None and games().stream_count(game_id, spectators=True) >= SPECTATORS_PER_GAME:
        raise TooManyRequests(f"This game already has {SPECTATORS_PER_GAME} spectators; try again later.")
    streams = current_app.extensions["online_streams"]
    if not streams.take(current_app.config["STREAMS_PER_PROCESS"]):
        raise ServiceUnavailable("This server is holding all the live games it can; the page will try again.",
                                 retry_after=5)
    # A client cannot be ahead of the game's log: a number past it would make every wait return at once.
    after = min(_last_event(request.headers.get("Last-Event-ID") or request.args.get("after")),
                games().latest([game_id])[game_id])
    response = Response(stream_with_context(_stream(game_id, player, seat, after)), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    response.call_on_close(streams.give_back)  # however the stream ends, even before its first byte
    return response


def _stream(game_id: str, player: str | None, seat: str | None, after: int) -> Iterator[str]:
    """Yield every event after `after`, each with the page as this browser
    sees it then; a keep-alive comment when quiet; until the stream's time is up
    (the page then reconnects, as after any drop)."""
    store = games()
    try:
        stream = store.open_stream(game_id, seat)
    except STORE_ERRORS:  # the page reconnects, as after any drop
        current_app.logger.warning("Game store failed opening a stream; the page will reconnect", exc_info=True)
        return
    client_left = False
    try:
        if seat:
            _change_if(game_id, lambda game: game.arrive(seat) if seat in game.away else None)
        yield "retry: 1000\n\n"
        closes = time.monotonic() + current_app.config["STREAM_SECONDS"]
        refreshed = time.monotonic()
        while time.monotonic() < closes and not hub().stopping:
            missed = store.events_after(game_id, after)  # at once: those the page has not seen yet
            if missed:
                yield _messages(game_id, player, missed)
                after = missed[-1].number
            elif not hub().wait(game_id, after, min(KEEP_ALIVE_SECONDS, closes - time.monotonic())):
                yield ": keep-alive\n\n"
            if time.monotonic() - refreshed >= KEEP_ALIVE_SECONDS:  # a busy stream is here too
                store.refresh_stream(stream)
                refreshed = time.monotonic()
    except GeneratorExit:  # the page went away (closed, reloaded, lost its network)
        client_left = True
        raise
    except STORE_ERRORS:
        current_app.logger.warning("Game store failed during a stream; the page will reconnect", exc_info=True)
    finally:
        _close(game_id, stream, seat, client_left)


def _close(game_id: str, stream: str, seat: str | None, client_left: bool) -> None:
    """Forget a stream; if its page went away and it was its seat's last,
    that player has left. (A stream the server ends, at its time or on a
    restart, is reopened by the page at once: nobody left.)"""
    store = games()
    try:
        store.close_stream(stream)
        if client_left and seat and seat not in store.seats_here(game_id):
            _change_if(game_id, lambda game: game.leave(seat) if seat not in game.away else None)
    except STORE_ERRORS:
        pass  # the store is away: the stream's row fades by itself (PRESENCE_SECONDS)


def _messages(game_id: str, player: str | None, logged: list[Logged]) -> str:
    """Server-sent events, one per change, each with its number as id. The
    last carries the page as this browser now sees it (the game as it stands
    after them all) and what happened, for its live region; those before it
    carry their number alone, so that a page that missed many is sent the
    page once. A rematch also sends the event that takes the page along."""
    game = games().get(game_id)
    if game is None:
        return ""  # the game expired meanwhile: nothing to show
    *before, last = logged
    html = render_template("online/_online.html", **_context(game, last.event, player, live=True))
    lines = [f"id: {number}\n" for number, _ in before]
    lines.append("\n".join([f"id: {last.number}", *(f"data: {line}" for line in html.splitlines())]) + "\n")
    if game.rematch and any(event.kind == "rematch" for _, event in logged):
        lines.append(f"id: {last.number}\nevent: rematch\ndata: {url_for('online.show', game_id=game.rematch)}\n")
    return "\n".join(lines) + "\n"


class _Unchanged(Exception):
    """Raised inside a change to leave the game as it is."""


def _change_if(game_id: str, change) -> None:
    """Apply change(game), a (game, event) pair or None for no change: a
    player's presence, which only the first stream to open or the last to
    close changes."""
    def apply(game: SharedGame):
        result = change(game)
        if result is None:
            raise _Unchanged
        return (*result, [])
    try:
        games().change(game_id, apply)
    except (_Unchanged, KeyError):  # nothing to say, or the game expired meanwhile
        pass


def _rematched(result: tuple[SharedGame, SharedGame, Event]) -> tuple[SharedGame, Event, list[SharedGame]]:
    before, following, event = result
    return before, event, [following]


def _changed(game_id: str, change) -> Response | str:
    """Apply a change; answer with the page as this browser sees it."""
    game, _ = _change(game_id, change)
    if game.played_out:  # to be mined for puzzles, once (as the page's foot says)
        game_finished(game.rules, game.moves)
    if is_htmx():
        return render_template("online/_online.html", **_context(game))
    return redirect(url_for("online.show", game_id=game_id), 303)


def _change(game_id: str, change) -> tuple[SharedGame, int]:
    try:
        return games().change(game_id, change)
    except KeyError:
        _missing()


def _game_or_404(game_id: str) -> SharedGame:
    game = games().get(game_id) if len(game_id) < 64 else None
    if game is None:
        _missing()
    return game


def _missing() -> None:
    abort(404, description="There is no game at this link: it is mistyped, or the game was "
                           "left unplayed for a long time and removed. Start a new one to play a friend.")


def _player(make: bool = True) -> str | None:
    """This browser's player id, from its cookie; unless make is false, one
    is made if it has none, and the answer sets the cookie."""
    found = request.cookies.get(PLAYER_COOKIE, "")
    if is_player_id(found):
        return found
    if not make:
        return None
    if "new_player" not in g:
        g.new_player = new_player_id()

        @after_this_request
        def remember(response: Response) -> Response:
            response.set_cookie(PLAYER_COOKIE, g.new_player, max_age=PLAYER_SECONDS, httponly=True, samesite="Lax",
                                secure=current_app.config["SESSION_COOKIE_SECURE"])
            return response
    return g.new_player


def _limit(key: str, most: int, done: str) -> None:
    """Refuse (429) past most requests a minute under key."""
    if not limits().allow(key, most, 60):
        raise TooManyRequests(f"{done}; please wait a minute before trying again.")


def _limit_address(done: str) -> None:
    """Refuse (429) past ADDRESS_PER_MINUTE games or codes a minute from one
    network address: a household or an office shares one, so it is looser
    than a browser's own limit."""
    _limit(f"address:{request.remote_addr}", current_app.config["ADDRESS_PER_MINUTE"], done)


def _last_event(raw: str | None) -> int:
    if raw is None or raw == "":
        return 0
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 9:
        raise InvalidInput("An event id is a number.")
    return int(raw)


def parse_side(raw: str | None) -> str:
    """The inviter's side, "x" or "o" (default x)."""
    if raw is None:
        return "X"
    if raw not in ("x", "o"):
        raise InvalidInput(f"Choose the side you play, x or o, not “{raw[:20]}”.")
    return raw.upper()


def _context(game: SharedGame, event: Event | None = None, player: str | None = None,
             live: bool = False) -> dict[str, object]:
    """What the online templates show, for this browser (or for player, on a stream)."""
    player = player if player is not None else _player(make=False)
    mine, view = game.seat_of(player), game.view(player)
    link = url_for("online.show", game_id=game.id, _external=True)
    return {"game": game, "view": view, "player": player, "mine": mine, "status": view.status,
            "event": event, "link": link, "local_host": _loopback_host(link),
            "boards": BOARDS, "htmx": is_htmx(), "live": live}


def _loopback_host(link: str) -> str | None:
    """The link's host if it is a loopback address (127.0.0.1, localhost, ::1),
    as under `make run`'s default host, where no other device reaches it; else None."""
    parts = urlsplit(link)
    try:
        loopback = parts.hostname == "localhost" or ipaddress.ip_address(parts.hostname or "").is_loopback
    except ValueError:
        loopback = False
    return parts.netloc if loopback else None


def refused(message: str, status: int) -> tuple[str, int]:
    """The game unchanged, with a message saying why; a plain error page if there is no game."""
    game_id = (request.view_args or {}).get("game_id")
    game = games().get(game_id) if game_id else None
    if game is None:
        return render_template("error.html", error=plain_error(status, message)), status
    template = "online/_online.html" if is_htmx() else "online/online.html"
    return render_template(template, **_context(game), message=message), status
