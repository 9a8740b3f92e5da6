"""Routes: read the request, ask the match, store it, render.

An htmx request (header HX-Request: true) gets the game fragment alone to swap
in; any other request gets the full page, or a 303 back to it after a change,
so the game plays the same with JavaScript off.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

from flask import Blueprint, Response, abort, current_app, g, redirect, render_template, request, session, url_for
from flask_sec_fetch_csrf import CSRFError
from werkzeug.exceptions import HTTPException, ServiceUnavailable

from webapp.engine import BOARDS, DEFAULT_BOARD, Rules, board_named, levels_of
from webapp import learning, online_views
from webapp.game import (MY_MENACE, PLAYER_NAMES, Computer, Conflict, Game, InvalidInput, Match, Replay,
                         parse_board, parse_cell, parse_moves, parse_player, parse_ply, parse_switch, players_of)
from webapp.store import StoreUnavailable

bp = Blueprint("game", __name__)
_PLAIN_TEXT = {"Content-Type": "text/plain; charset=utf-8"}


@bp.get("/")
def index() -> str:
    return render_template("page.html", **_context(current_match()))


@bp.post("/move")
def move() -> Response | str:
    match = current_match()
    cell = parse_cell(request.form.get("cell"), match.game.rules)
    with _timed():
        match = match.play(cell, _seen_ply(match), _computer())
    return _changed(match)


@bp.post("/step")
def step() -> Response | str:
    match = current_match()
    with _timed():
        match = match.step(_seen_ply(match), _computer())
    return _changed(match)


@bp.post("/undo")
def undo() -> Response | str:
    match = current_match()
    return _changed(match.undo(_seen_ply(match)))


@bp.post("/new")
def new() -> Response | str:
    match = current_match()
    rules = parse_board(request.form.get("board"), match.game.rules)
    x = parse_player(request.form.get("x"), "X", rules)
    o = parse_player(request.form.get("o"), "O", rules)
    moves = parse_moves(rules, request.form.get("moves", ""))
    with _timed():
        match = match.new_game(x, o, _computer(), moves, rules)
    return _changed(match)


@bp.post("/coach")
def coach() -> Response | str:
    return _changed(current_match().with_coach(parse_switch(request.form.get("coach"))))


@bp.get("/replay/", defaults={"moves": "", "board": DEFAULT_BOARD.name})
@bp.get("/replay/<moves>", defaults={"board": DEFAULT_BOARD.name})
@bp.get("/replay/<board>/", defaults={"moves": ""})
@bp.get("/replay/<board>/<moves>")
def replay(board: str, moves: str) -> Response | str:
    """A replay: /replay/408 on 3×3, /replay/7x7/d4-e5 on the others."""
    if request.url_rule.rule == "/replay/<moves>" and moves in BOARDS:  # /replay/7x7: that empty board
        query = request.query_string.decode()
        return redirect(url_for(".replay", board=moves, moves="") + (f"?{query}" if query else ""), 308)
    try:
        shown = Replay.parse(board_or_404(board), moves, request.args.get("step"))
    except InvalidInput as error:
        abort(404, description=str(error))
    template = "_replay.html" if _is_htmx() else "replay.html"
    return render_template(template, replay=shown, levels=levels_of(shown.rules), player_names=PLAYER_NAMES)


def board_or_404(name: str) -> Rules:
    """The board a link names, or a 404 saying which boards there are."""
    try:
        return board_named(name)
    except ValueError as error:
        abort(404, description=str(error))


@bp.post("/score/reset")
def reset_score() -> Response | str:
    return _changed(current_match().reset_score())


@bp.post("/menace/reset")
def reset_my_menace() -> Response | str:
    """Empty this browser's MENACE's boxes (from the game, or from /learn, which it returns to)."""
    match = current_match().reset_my_menace()
    if request.form.get("back") == "learn":
        session.update(match.to_session())
        return redirect(url_for("game.learn"), 303)
    return _changed(match)


@bp.get("/learn")
def learn() -> str:
    """How the learners learned: their curves, and this browser's MENACE's."""
    machine = current_match().my_menace
    return render_template("learn.html", menace=learning.training_chart("menace"),
                           network=learning.training_chart("network"), mine=learning.my_menace_chart(machine),
                           tally=learning.tally(machine))


@bp.get("/healthz")
def healthz() -> tuple[str, int, dict[str, str]]:
    """For load balancers: 200 when the app and its session store answer."""
    if current_app.session_interface.is_available():
        return "ok\n", 200, _PLAIN_TEXT
    return "session store unavailable\n", 503, _PLAIN_TEXT


@bp.errorhandler(InvalidInput)
def invalid_input(error: InvalidInput) -> tuple[str, int]:
    return _refused(str(error), 400)


@bp.errorhandler(Conflict)
def conflict(error: Conflict) -> tuple[str, int]:
    return _refused(str(error), 409)


@bp.app_errorhandler(CSRFError)
def cross_site(error: CSRFError) -> tuple[str, int]:
    """A POST that came from another site (its Sec-Fetch-Site or Origin says
    so): refused, the game unchanged, with the page saying why."""
    said = "This came from another site, so nothing was changed. Play from this page."
    if request.blueprint == "online":
        return online_views.refused(said, 403)
    return _refused(said, 403)


@bp.app_errorhandler(StoreUnavailable)
def store_unavailable(error: Exception) -> tuple[str, int, dict[str, str]]:
    current_app.logger.warning("Session store unavailable: %s", error)
    unavailable = ServiceUnavailable("The game store is unavailable just now, so your game cannot be "
                                     "loaded or saved. Nothing was changed; please try again in a moment.")
    template = "_unavailable.html" if _is_htmx() else "error.html"
    return render_template(template, error=unavailable), 503, {"Retry-After": "5"}


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException) -> tuple[str, int, list[tuple[str, str]]]:
    """Any other HTTP error gets a page in the game's own style, with the
    error's own headers (Retry-After, Allow) kept."""
    headers = [(name, value) for name, value in error.get_headers() if name.lower() != "content-type"]
    if not _is_htmx():
        return render_template("error.html", error=error), error.code or 500, headers
    fragment = render_template("_error.html", error=error, reload=_reload_address(),
                               in_list=request.headers.get("HX-Target", "").startswith("li#"))
    return fragment, error.code or 500, headers


def _reload_address() -> str:
    """Where the error fragment's Reload link goes: the page htmx asked from
    (HX-Current-URL, if it is on this site), else the address asked."""
    current = request.headers.get("HX-Current-URL", "")
    if current.startswith(request.host_url):
        return current
    return request.script_root + request.path if request.method == "GET" else path("game.index")


@bp.app_template_global()
def path(endpoint: str) -> str:
    """url_for(endpoint) for a route without arguments, looked up once per
    mount point: rendering a game asks for the same few paths every time."""
    return _path(endpoint, request.script_root)


@lru_cache(maxsize=64)
def _path(endpoint: str, script_root: str) -> str:
    return url_for(endpoint)


def current_match() -> Match:
    """This browser's match; a new one if it has none (or it was unreadable)."""
    return Match.from_session(session)


def _seen_ply(match: Match) -> int:
    return parse_ply(request.form.get("ply"), match.game.rules)


def _computer() -> Computer:
    """The computer, thinking for at most ENGINE_BUDGET_MS on the big boards."""
    return Computer(budget_ms=current_app.config["ENGINE_BUDGET_MS"])


@contextmanager
def _timed() -> Iterator[None]:
    """Time the game's work in this request (a move and the computer's reply,
    mostly the engine's thinking) for the Server-Timing header."""
    start = time.perf_counter()
    yield
    g.game_ms = (time.perf_counter() - start) * 1000


@bp.after_request
def _server_timing(response: Response) -> Response:
    """Tell the browser how long the game's work took (make bench-browser
    reports it apart from the rest of a click's time)."""
    if "game_ms" in g:
        response.headers["Server-Timing"] = f'game;dur={g.game_ms:.1f};desc="the move and the reply"'
    return response


def _changed(match: Match) -> Response | str:
    session.update(match.to_session())
    if _is_htmx():
        return _game_fragment(match)
    return redirect(url_for("game.index"), 303)


def _game_fragment(match: Match) -> str:
    """The game fragment a change answers with. It is a pure function of the
    game, the coach switch, the score's lines and the address the page is
    served at, so it is rendered once per such state and kept: the same few
    openings come up again and again, and rendering is half a move's work.
    (A game with a learner's panel is rendered each time: the panel shows
    this browser's own MENACE. So is one on a board past 4×4: its states
    seldom come again, and each answer is up to 25 KB to keep.)"""
    if match.learner_panel is not None or match.game.rules.size > MEMO_BOARD_SIZE:
        return render_template("_game.html", **_context(match))
    return _rendered_game(request.host_url, request.script_root, match.game, match.coach,
                          tuple(match.score.lines()))


MEMO_BOARD_SIZE = 4
"""Answers are kept for boards up to this size: 4,096 of them come to some 16 MB."""


@lru_cache(maxsize=4096)
def _rendered_game(host_url: str, script_root: str, game: Game, coach: bool, score_lines: tuple) -> str:
    return render_template("_game.html", **{**_context(Match(game, coach=coach)), "score_lines": score_lines})


def _refused(message: str, status: int) -> tuple[str, int]:
    """The unchanged match with a message saying why the request was refused."""
    template = "_game.html" if _is_htmx() else "page.html"
    # A refused new game keeps the choices made, so the form is not reset under the message.
    chosen = {name: request.form[name] for name in ("board", "x", "o")
              if request.endpoint == "game.new" and name in request.form}
    return render_template(template, **_context(current_match(), message), chosen=chosen), status


def _context(match: Match, message: str | None = None) -> dict[str, object]:
    return {"game": match.game, "score_lines": match.score.lines(), "coach": match.coach, "message": message,
            "learner": match.learner_panel, "my_menace_playing": MY_MENACE in (match.game.x, match.game.o),
            "player_names": PLAYER_NAMES, "boards": BOARDS, "players_of": players_of, "htmx": _is_htmx()}


def _is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"
