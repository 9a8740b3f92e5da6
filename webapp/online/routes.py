"""Routes for playing a friend on another device: invite, join, watch, move,
offers (a draw, a take-back), an abort and a claim (endings.py), the live
stream of changes, and the rematch.

Thin, as every feature's routes are: read the request, ask the shared game
(shared_game.py) and where it is kept (webapp.online.store), render.

A browser's player id is a cookie of its own (random, signed by the server:
player_cookie.py; HttpOnly, kept a year), not part of its session: a seat must outlive a session that expires
or is pruned from a full store, or the game could never finish. It is set
the first time the browser opens a game's page (a cookie, not a write to
any store), so that a double click on "Take the free seat" is one player's.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable
from typing import NoReturn
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    stream_with_context,
    url_for,
)
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import ServiceUnavailable, TooManyRequests

from webapp.engine import BOARDS, DEFAULT_BOARD, MARKS
from webapp.online import endings, flags, offers, rated
from webapp.online.clock import parse_time_control, time_controls
from webapp.online.hub import Hub, StreamCount
from webapp.online.shared_game import SharedGame, new_code, new_game_id, normalise_code
from webapp.online.status import Told
from webapp.online.store import Change, Event, games_store
from webapp.online.streams import stream
from webapp.online.web import (
    PROCESS_STREAMS,
    STREAM_RETRY_SECONDS,
    games,
    limit,
    limit_address,
    schedule_abort,
    seat_words,
    still_named,
    stream_bounds,
    this_player,
)
from webapp.ratings.glicko2 import UNRATED_DEVIATION, UNRATED_RATING
from webapp.ratings.standing import DELETED_PLAYER, shown
from webapp.shared.errors import Conflict, InvalidInput
from webapp.shared.forms import parse_board, parse_cell, parse_opening, parse_ply, parse_rule
from webapp.shared.web import client, engine_pool, game_finished, is_htmx, never_cached, plain_error
from webapp.storage.errors import STORE_ERRORS

bp = Blueprint("online", __name__)
SPECTATORS_PER_GAME = 14
"""The most spectators' pages one game may have open; its players' own pages always may."""


def init_app(app: Flask) -> None:
    """This feature's state: the games' store (in Redis when REDIS_URL is set), the Hub, the count of streams,
    the clocks offered (CLOCKS) and where the flags' jobs find the games."""
    where = flags.Where(app.config["REDIS_URL"], app.instance_path, app.config["SESSION_IDLE_SECONDS"])
    connection = where.redis()
    store = games_store(connection, app.instance_path, where.idle_seconds, SharedGame.from_data)
    app.extensions.update(online_games=store, online_hub=Hub(store), online_streams=StreamCount(),
                          time_controls=time_controls(app.config["CLOCKS"]), online_where=where)
    app.jinja_env.globals["time_controls"] = app.extensions["time_controls"]  # the invitation, on the play page too
    app.jinja_env.globals.update(seat_words=seat_words, deleted_player=DELETED_PLAYER)


def hub() -> Hub:
    return current_app.extensions["online_hub"]


@bp.post("/online")
def create() -> ResponseReturnValue:
    rules = parse_rule(request.form.get("rule"), parse_board(request.form.get("board"), DEFAULT_BOARD))
    opening = parse_opening(request.form.get("opening"), rules)
    side = parse_side(request.form.get("side"))
    control = parse_time_control(request.form.get("clock"), current_app.extensions["time_controls"])
    player = this_player()
    per_client = current_app.config["GAMES_PER_MINUTE"]
    limit(f"create:{client()}", per_client, f"{per_client} games were started from your network in the last minute")
    limit_address("Many games were started from your network")
    while not games().create(game := SharedGame.create(rules, side, player, new_game_id(), new_code(), opening,
                                                             control)):
        pass  # its code was in use: draw another
    return redirect(url_for("online.show", game_id=game.id), 303)


@bp.get("/join")
def join_by_code() -> ResponseReturnValue:
    """A code leads to its game while a seat is free: it is for inviting a
    player, so once both have sat down it leads nowhere (the link still does)."""
    game = _waiting_for(request.args.get("code"), None)
    return redirect(url_for("online.show", game_id=game.id), 303)


@bp.post("/join")
def join_with_code() -> ResponseReturnValue:
    """The code a friend typed, in one step: they take the free seat and land
    on the game as its player (a browser already seated there just goes to it)."""
    player = this_player()
    game = _waiting_for(request.form.get("code"), player)
    if game.seat_of(player) is None:
        game, _ = _change(game.id, lambda game: (*game.join(player), []))
    return redirect(url_for("online.show", game_id=game.id), 303)


def _waiting_for(raw_code: str | None, player: str | None) -> SharedGame:
    """The game a code names while it waits for a player (or has player
    seated already), or a 404 saying so."""
    code = normalise_code(raw_code)
    limit_address("Many codes were tried from your network")
    game_id = games().by_code(code)
    game = games().get(game_id) if game_id else None
    if game is None or (game.free_seat is None and game.seat_of(player) is None):
        abort(_no_game(f"No game is waiting for the code {code}",
                       f"No game is waiting for a player with the code {code}: check it, or ask your opponent "
                       "for the game's link.", 404))
    return game


CODE_LOOK_UPS = ("online.join_by_code", "online.join_with_code")
"""The routes that look a code up: a code that leads nowhere is answered with the code box again (_no_game)."""


def _no_game(heading: str, description: str, status: int) -> Response:
    """A code that leads to no game waiting, or is no code: the heading says
    what happened in words and the code box comes again with what was typed
    in it, to try again; with htmx, that part alone."""
    typed = (request.values.get("code") or "")[:12]
    template = "online/_no_game.html" if is_htmx() else "online/no_game.html"
    page = render_template(template, heading=heading, description=description, typed=typed)
    return Response(page, status, content_type="text/html; charset=utf-8")


@bp.get("/g/<game_id>")
def show(game_id: str) -> str:
    """The game as this browser sees it. The number of the last event is read
    before the game, so that the page's stream, which starts after it, can
    only repeat a change the page shows, never miss one."""
    never_cached()
    latest = games().latest([game_id]).get(game_id, 0)
    game = _game_or_404(game_id)
    this_player()
    template = "online/_online.html" if is_htmx() else "online/online.html"
    return render_template(template, **_context(game, fifths=_fifths_asked(game, request.args.get("offering"))),
                           latest=latest)


def _fifths_asked(game: SharedGame, offering: str | None) -> tuple[int, ...]:
    """The fifth moves this browser's player has chosen so far for an offer,
    where the address carries them (without JavaScript, /fifth sends the
    browser there); none without, or where the offer is not theirs now."""
    player = this_player(make=False)
    return game.read_offer(offering) if offering and game.offering and game.may_choose(player) else ()


@bp.post("/g/<game_id>/join")
def join(game_id: str) -> ResponseReturnValue:
    player = this_player()
    return _changed(game_id, lambda game: (*game.join(player), []))


@bp.post("/g/<game_id>/move")
def move(game_id: str) -> ResponseReturnValue:
    cell = request.form.get("cell")
    return _players_change(game_id, lambda game, player, seen: game.play(player, parse_cell(cell, game.rules), seen))


@bp.post("/g/<game_id>/fifth")
def fifth(game_id: str) -> ResponseReturnValue:
    """A point chosen for the player's offer of black's fifth moves, or
    chosen no more: the points chosen so far travel in the page (offering),
    and the game is unchanged (and the friend told nothing) until they are
    offered (/choose, as every opening's choice)."""
    game = _game_or_404(game_id)
    cell, seen = parse_cell(request.form.get("cell"), game.rules), parse_ply(request.form.get("ply"), game.rules)
    chosen = game.fifth_toggled(this_player(make=False), request.form.get("offering"), cell, seen)
    if is_htmx():
        return render_template("online/_online.html", **_context(game, fifths=chosen))
    offering = " ".join(map(game.rules.cell_name, chosen)) or None
    return redirect(url_for("online.show", game_id=game_id, offering=offering), 303)


@bp.post("/g/<game_id>/choose")
def choose(game_id: str) -> ResponseReturnValue:
    """A player's choice in the opening (swap2's black, white or two more;
    renju's swap or stay, a number declared) or fifth moves offered, under
    every rule."""
    choice = request.form.get("choice", "")
    return _players_change(game_id, lambda game, player, seen: game.choose(player, choice, seen))


@bp.post("/g/<game_id>/resign")
def resign(game_id: str) -> ResponseReturnValue:
    return _players_change(game_id, lambda game, player, seen: game.resign(player, seen))


@bp.post("/g/<game_id>/abort")
def abort_game(game_id: str) -> ResponseReturnValue:
    """A player calls the game off before both have made their first move."""
    return _players_change(game_id, lambda game, player, seen: endings.abort(game, player, seen))


@bp.post("/g/<game_id>/claim")
def claim(game_id: str) -> ResponseReturnValue:
    """In a rated game, a player claims the win or a draw (claim: win or draw) when the friend to move has left."""
    claimed = request.form.get("claim")
    return _players_change(game_id, lambda game, player, seen: endings.claim(game, player, claimed, seen))


@bp.post("/g/<game_id>/offer")
def offer(game_id: str) -> ResponseReturnValue:
    """A player offers a draw, or asks to take back their last move (kind)."""
    kind = request.form.get("kind", "")
    return _players_change(game_id, lambda game, player, seen: offers.make_offer(game, player, kind, seen))


@bp.post("/g/<game_id>/answer")
def answer(game_id: str) -> ResponseReturnValue:
    """The friend accepts or declines the pending offer (answer: accept or decline)."""
    accept = parse_answer(request.form.get("answer"))
    return _players_change(game_id, lambda game, player, seen: offers.answer_offer(game, player, accept, seen))


@bp.post("/g/<game_id>/withdraw")
def withdraw(game_id: str) -> ResponseReturnValue:
    """The offerer takes the pending offer back."""
    return _players_change(game_id, lambda game, player, seen: offers.withdraw_offer(game, player, seen))


@bp.post("/g/<game_id>/rematch")
def rematch(game_id: str) -> ResponseReturnValue:
    player = this_player(make=False)
    following, code = new_game_id(), new_code()
    game, _ = _change(game_id, lambda game: _rematched(game.start_rematch(player, following, code)))
    schedule_abort(games().get(game.rematch) if game.rematch else None)
    return redirect(url_for("online.show", game_id=game.rematch), 303)


@bp.get("/g/<game_id>/events")
def events(game_id: str) -> Response:
    """The game's changes as server-sent events, each with its number as id,
    from the one after Last-Event-ID (or ?after=, the number the page showed)."""
    game = _game_or_404(game_id)
    player = this_player(make=False)
    seat = game.seat_of(player)
    if seat is None and games().stream_count(game_id, spectators=True) >= SPECTATORS_PER_GAME:
        raise TooManyRequests(f"This game already has {SPECTATORS_PER_GAME} spectators; try again later.")
    # A client cannot be ahead of the game's log: a number past it would make every wait return at once.
    # (Read before a stream is taken: a refusal after it would keep its count.)
    after = min(_last_event(request.headers.get("Last-Event-ID") or request.args.get("after")),
                games().latest([game_id])[game_id])
    streams, bounds = current_app.extensions["online_streams"], stream_bounds(player)
    full = streams.take(bounds)
    if full == PROCESS_STREAMS:
        raise ServiceUnavailable("This server is holding all the live games it can; the page will try again.",
                                 retry_after=5)
    if full is not None:
        raise TooManyRequests(("This browser" if full.startswith("player:") else "Your network")
                              + " already has as many live games open as it may; close one, and the page will"
                              " try again.", retry_after=STREAM_RETRY_SECONDS)
    live = stream(games(), hub(), game_id, player, seat, after, _live_page)
    response = Response(stream_with_context(live), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    response.call_on_close(lambda: streams.give_back(bounds))  # however the stream ends, even before its first byte
    return response


def _live_page(game: SharedGame, event: Event, player: str | None) -> str:
    """The game's section as player's page shows it after event, for a stream's message."""
    return render_template("online/_online.html", **_context(game, event, player, live=True))


def _rematched(result: tuple[SharedGame, SharedGame, Event]) -> tuple[SharedGame, Event, list[SharedGame]]:
    before, following, event = result
    return before, event, [following]


def _players_change(game_id: str, change: Callable[[SharedGame, str | None, int], tuple[SharedGame, Event]]
                    ) -> ResponseReturnValue:
    """A player's change to the game on the board they saw (the form's ply):
    change(game, player, seen_ply) as the game stands when it is applied."""
    seen = parse_ply(request.form.get("ply"), _game_or_404(game_id).rules)
    player = this_player(make=False)
    return _changed(game_id, lambda game: (*change(game, player, seen), []))


def _changed(game_id: str, change: Change[SharedGame]) -> ResponseReturnValue:
    """Apply a change; answer with the page as this browser sees it. A
    change that starts a clock has the flag's job scheduled for when it runs out
    (one that leaves the clock as it was, none: its job is scheduled already)."""
    found: list[SharedGame] = []  # the game as the change found it (the last try's, if the store tried again)

    def remembered(before: SharedGame):
        found.append(before)
        return change(before)

    game, _ = _change(game_id, remembered)
    try:
        flags.schedule(engine_pool(), current_app.extensions["online_where"], game, found[-1])
    except STORE_ERRORS:  # the change is made; whoever reads the game sees the flag fall all the same (as_of)
        current_app.logger.warning("Could not schedule a clock's flag for game %s", game_id, exc_info=True)
    schedule_abort(game, found[-1])
    if game.played_out:  # to be mined for puzzles, once (as the page's foot says)
        game_finished(game.rules, game.moves)
    if is_htmx():
        return render_template("online/_online.html", **_context(game))
    return redirect(url_for("online.show", game_id=game_id), 303)


def _change(game_id: str, change: Change[SharedGame]) -> tuple[SharedGame, int]:
    """Apply change to the game as it stands now: lost on time, if its
    running clock has run out, though the flag's job has not written it yet
    (so that a rematch, say, follows the game the page showed)."""
    try:
        return games().change(game_id, lambda game: change(game.as_of(time.time())))
    except KeyError:
        _missing()


def _game_or_404(game_id: str) -> SharedGame:
    game = games().get(game_id) if len(game_id) < 64 else None
    if game is None:
        _missing()
    return game


def _missing() -> NoReturn:
    abort(404, description="There is no game at this link: it is mistyped, or the game was "
                           "left unplayed for a long time and removed. Start a new one to play a friend.")


def _last_event(raw: str | None) -> int:
    if raw is None or raw == "":
        return 0
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 9:
        raise InvalidInput("An event id is a number.")
    return int(raw)


def parse_answer(raw: str | None) -> bool:
    """An answer to an offer: accept (True) or decline (False)."""
    if raw not in ("accept", "decline"):
        raise InvalidInput(f"Answer an offer with accept or decline, not “{(raw or '')[:20]}”.")
    return raw == "accept"


def parse_side(raw: str | None) -> str:
    """The inviter's side, "x" or "o" (default x)."""
    if raw is None:
        return "X"
    if raw not in ("x", "o"):
        raise InvalidInput(f"Choose the side you play, x or o, not “{raw[:20]}”.")
    return raw.upper()


def _context(game: SharedGame, event: Event | None = None, player: str | None = None,
             live: bool = False, fifths: tuple[int, ...] = ()) -> dict[str, object]:
    """What the online templates show, for this browser (or for player, on a
    stream), as the game stands now (over, if a clock has run out)."""
    now = time.time()
    game = game.as_of(now)
    player = player if player is not None else this_player(make=False)
    told = Told(game, player)
    mine, view = told.mine, told.view(fifths)
    link = url_for("online.show", game_id=game.id, _external=True)
    return {"game": game, "told": told, "view": view, "player": player, "mine": mine, "status": view.status,
            "event": event, "link": link, "local_host": _loopback_host(link),
            "boards": BOARDS, "htmx": is_htmx(), "live": live, "clocks": told.clock_faces(now),
            "offer_words": told.offer_words, "claim_words": endings.claim_words(game, player, now),
            "may_claim": endings.may_claim(game, player, now), "claim_in": endings.claim_in(game, player, now),
            "fifths": [game.rules.cell_name(cell) for cell in fifths],
            "seated_names": _seated_names(game, now), "my_rating_change": told.rating_change_of(mine)}


def _seated_names(game: SharedGame, now: float) -> list[tuple[str, str | None, str | None]]:
    """Each seat's mark, account name and rating as shown ("1500?"; None in an unrated game), where a name sits
    (None, and no rating, where its account was deleted); the ratings are read from the store, never the request."""
    kind = rated.rating_kind_of(game)
    found: list[tuple[str, str | None, str | None]] = []
    for mark, name in zip(MARKS, game.names):
        if name is None:
            continue
        if still_named(name) is None:  # the account was deleted: no name, no link, no rating
            found.append((mark, None, None))
            continue
        standing = games().ratings.standing(name, kind) if kind else None
        found.append((mark, name, standing.shown(now) if standing else shown(UNRATED_RATING, UNRATED_DEVIATION)
                      if kind else None))
    return found


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
    if request.endpoint in CODE_LOOK_UPS and status == InvalidInput.status:  # the code typed is no code
        return _no_game("That is not a game's code", message, status).get_data(as_text=True), status
    game_id = (request.view_args or {}).get("game_id")
    game = games().get(game_id) if game_id else None
    if game is None:
        return render_template("error.html", error=plain_error(status, message)), status
    template = "online/_online.html" if is_htmx() else "online/online.html"
    try:  # the points chosen so far for an offer, kept under a refusal of one more
        fifths = _fifths_asked(game, request.values.get("offering"))
    except (InvalidInput, Conflict):
        fifths = ()
    return render_template(template, **_context(game, fifths=fifths), message=message), status
