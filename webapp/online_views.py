"""Routes for playing a friend on another device: invite, join, watch, move,
the live stream of changes, and the rematch.

Thin, as views.py is: read the request, ask the shared game (online.py) and
where it is kept (online_store.py), render. A browser's player id lives in
its own session, and is made the first time it invites or takes a seat.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from flask import (Blueprint, Response, abort, current_app, redirect, render_template, request, session,
                   stream_with_context, url_for)
from werkzeug.exceptions import HTTPException, TooManyRequests

from webapp.engine import BOARDS, DEFAULT_BOARD
from webapp.game import Conflict, InvalidInput, parse_board, parse_cell, parse_ply
from webapp.online import Event, Forbidden, SharedGame, new_code, new_game_id, new_player_id, normalise_code
from webapp.online_store import GameStore, Hub, Logged

bp = Blueprint("online", __name__)
GAMES_PER_MINUTE = 10
"""The most games one browser may create in a minute."""
STREAMS_PER_GAME = 16
"""The most live pages one game may have open: two players and their tabs, and spectators."""
KEEP_ALIVE_SECONDS = 15.0
"""How often a quiet stream sends a comment, which keeps proxies from closing
it and refreshes the seat's presence."""


def games() -> GameStore:
    return current_app.extensions["online_games"]


def hub() -> Hub:
    return current_app.extensions["online_hub"]


@bp.post("/online")
def create() -> Response:
    rules = parse_board(request.form.get("board"), DEFAULT_BOARD)
    side = parse_side(request.form.get("side"))
    _count_a_new_game()
    player = _player(make=True)
    while not games().create(game := SharedGame.create(rules, side, player, new_game_id(), new_code())):
        pass  # its code was in use: draw another
    return redirect(url_for("online.show", game_id=game.id), 303)


@bp.get("/join")
def join_by_code() -> Response:
    code = normalise_code(request.args.get("code"))
    game_id = games().by_code(code)
    if game_id is None:
        abort(404, description=f"No game has the code {code}: check it, or ask your friend for a new one.")
    return redirect(url_for("online.show", game_id=game_id), 303)


@bp.get("/g/<game_id>")
def show(game_id: str) -> str:
    """The game as this browser sees it. The number of the last event is read
    before the game, so that the page's stream, which starts after it, can
    only repeat a change the page shows, never miss one."""
    latest = games().latest([game_id]).get(game_id, 0)
    game = _game_or_404(game_id)
    template = "_online.html" if _is_htmx() else "online.html"
    return render_template(template, **_context(game), latest=latest)


@bp.post("/g/<game_id>/join")
def join(game_id: str) -> Response | str:
    player = _player(make=True)
    return _changed(game_id, lambda game: (*game.join(player), []))


@bp.post("/g/<game_id>/move")
def move(game_id: str) -> Response | str:
    game = _game_or_404(game_id)
    cell = parse_cell(request.form.get("cell"), game.rules)
    seen = parse_ply(request.form.get("ply"), game.rules)
    player = session.get("player")
    return _changed(game_id, lambda game: (*game.play(player, cell, seen), []))


@bp.post("/g/<game_id>/rematch")
def rematch(game_id: str) -> Response | str:
    player = session.get("player")
    following, code = new_game_id(), new_code()
    game, _ = _change(game_id, lambda game: _rematched(game.start_rematch(player, following, code)))
    return redirect(url_for("online.show", game_id=game.rematch), 303)


@bp.get("/g/<game_id>/events")
def events(game_id: str) -> Response:
    """The game's changes as server-sent events, each with its number as id,
    from the one after Last-Event-ID (or ?after=, the number the page showed)."""
    game = _game_or_404(game_id)
    if games().stream_count(game_id) >= STREAMS_PER_GAME:
        raise TooManyRequests(f"This game already has {STREAMS_PER_GAME} pages watching it; try again later.")
    after = _last_event(request.headers.get("Last-Event-ID") or request.args.get("after"))
    player = session.get("player")
    stream = stream_with_context(_stream(game_id, player, game.seat_of(player), after))
    return Response(stream, mimetype="text/event-stream", headers={"Cache-Control": "no-cache",
                                                                  "X-Accel-Buffering": "no"})


def _stream(game_id: str, player: str | None, seat: str | None, after: int) -> Iterator[str]:
    """Yield every event after `after`, each with the page as this browser
    sees it then; a keep-alive comment when quiet; until the stream's time is up
    (the page then reconnects, as after any drop)."""
    store = games()
    stream = store.open_stream(game_id, seat)
    try:
        if seat:
            _change_if(game_id, lambda game: game.arrive(seat) if seat in game.away else None)
        yield "retry: 1000\n\n"
        closes = time.monotonic() + current_app.config["STREAM_SECONDS"]
        while time.monotonic() < closes and not hub().stopping:
            missed = store.events_after(game_id, after)  # at once: those the page has not seen yet
            for logged in missed:
                yield _message(game_id, player, logged)
                after = logged.number
            if not missed and not hub().wait(game_id, after, min(KEEP_ALIVE_SECONDS, closes - time.monotonic())):
                store.refresh_stream(stream)
                yield ": keep-alive\n\n"
    finally:
        store.close_stream(stream)
        if seat and seat not in store.seats_here(game_id):
            _change_if(game_id, lambda game: game.leave(seat) if seat not in game.away else None)


def _message(game_id: str, player: str | None, logged: Logged) -> str:
    """One server-sent event: the page as this browser now sees it, and what
    happened for its live region; for a rematch, also the event that takes
    the page to the new game."""
    game = games().get(game_id)
    html = render_template("_online.html", **_context(game, logged.event, player, live=True))
    lines = [f"id: {logged.number}", *(f"data: {line}" for line in html.splitlines())]
    if logged.event.kind == "rematch" and game.rematch:
        lines += ["", f"id: {logged.number}", "event: rematch",
                  f"data: {url_for('online.show', game_id=game.rematch)}"]
    return "\n".join(lines) + "\n\n"


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
    if _is_htmx():
        return render_template("_online.html", **_context(game))
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


def _player(make: bool = False) -> str | None:
    """This browser's player id; made (and kept in its session) when asked for."""
    if make and "player" not in session:
        session["player"] = new_player_id()
    return session.get("player")


def _count_a_new_game() -> None:
    """Refuse a browser's eleventh new game within a minute (429)."""
    now = time.time()
    recent = [when for when in session.get("online_created", []) if isinstance(when, (int, float)) and now - when < 60]
    if len(recent) >= GAMES_PER_MINUTE:
        raise TooManyRequests(f"You have started {GAMES_PER_MINUTE} games in the last minute; "
                              "please wait a moment before starting another.")
    session["online_created"] = [*recent, now]


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
    player = player if player is not None else session.get("player")
    mine = game.seat_of(player)
    return {"game": game, "player": player, "mine": mine, "status": game.status_for(player),
            "event": event, "link": url_for("online.show", game_id=game.id, _external=True),
            "boards": BOARDS, "htmx": _is_htmx(), "live": live}


def _is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


@bp.errorhandler(InvalidInput)
def invalid_input(error: InvalidInput) -> tuple[str, int]:
    return refused(str(error), 400)


@bp.errorhandler(Forbidden)
def forbidden(error: Forbidden) -> tuple[str, int]:
    return refused(str(error), 403)


@bp.errorhandler(Conflict)
def conflict(error: Conflict) -> tuple[str, int]:
    return refused(str(error), 409)


def refused(message: str, status: int) -> tuple[str, int]:
    """The game unchanged, with a message saying why; a plain error page if there is no game."""
    game_id = (request.view_args or {}).get("game_id")
    game = games().get(game_id) if game_id else None
    if game is None:
        return render_template("error.html", error=_plain(status, message)), status
    template = "_online.html" if _is_htmx() else "online.html"
    return render_template(template, **_context(game), message=message), status


def _plain(status: int, description: str) -> HTTPException:
    error = HTTPException(description=description)
    error.code = status
    return error
