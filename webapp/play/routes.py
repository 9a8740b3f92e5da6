"""Routes: read the request, ask the match, store it, render.

An htmx request (header HX-Request: true) gets the game fragment alone to swap
in; any other request gets the full page, or a 303 back to it after a change,
so the game plays the same with JavaScript off.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, date, datetime
from functools import lru_cache
from typing import Any, TypeVar

from flask import Blueprint, Response, current_app, g, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue

from webapp.engine import BOARDS, Position, cells_of, is_solved, levels_of, rules_offered
from webapp.play.computer import Computer
from webapp.play.game import Game, computer_words
from webapp.play.kept import keep_match, kept_match
from webapp.play.match import HISTORY_LENGTH, Match
from webapp.play.telling import SET_UP_SCORE_WORDS, SET_UP_WORDS
from webapp.shared.coach import square_values
from webapp.shared.errors import Conflict, InvalidInput
from webapp.shared.forms import parse_board, parse_cell, parse_opening, parse_ply, parse_rule, parse_switch
from webapp.shared.game_link import parse_moves, stones_query
from webapp.shared.identity import signed_in
from webapp.shared.players import MY_MENACE, top_levels
from webapp.shared.set_up import parse_set_up
from webapp.shared.web import (
    account_parts,
    engine_pool,
    game_finished,
    is_htmx,
    limit_engine_work,
    never_cached,
    roster,
)
from webapp.shared.words import quoted
from webapp.workers.pool import EnginesBusy

bp = Blueprint("play", __name__)
T = TypeVar("T")


@bp.get("/")
def index() -> str:
    """The page; at an offer of fifth moves of the person's, with the points
    chosen so far where the address carries them (offering=h10+j7: without
    JavaScript, /fifth sends the browser here)."""
    never_cached()
    match = current_match()
    return render_template("play/page.html", **_context(match, fifths=_fifths_asked(match.game, request.args)))


@bp.post("/move")
def move() -> ResponseReturnValue:
    match = current_match()
    cell = parse_cell(request.form.get("cell"), match.game.rules)
    with _timed():
        match = match.play(cell, _seen_ply(match), _computer(), finished_today())
    return _changed(match)


@bp.post("/step")
def step() -> ResponseReturnValue:
    match = current_match()
    with _timed():
        match = match.step(_seen_ply(match), _computer(), finished_today())
    return _changed(match)


@bp.post("/undo")
def undo() -> ResponseReturnValue:
    match = current_match()
    return _changed(match.undo(_seen_ply(match)))


@bp.post("/hint")
def hint() -> ResponseReturnValue:
    """One move for the person to play, with why: master's on the big boards,
    thought on the engine workers (counted as a page's engine work is, by
    client). The button stays, pressed, while the hint
    shows: pressed again (hint=off), it hides the hint."""
    match = current_match()
    if not parse_switch(request.form.get("hint", "on"), "the hint"):
        return _changed(match.without_hint(_seen_ply(match)))
    if not is_solved(match.game.rules):
        limit_engine_work()
    with _timed():
        match = match.with_hint(_seen_ply(match), _computer())
    return _changed(match)


@bp.post("/resign")
def resign() -> ResponseReturnValue:
    match = current_match()
    return _changed(match.resign(_seen_ply(match), finished_today()))


@bp.post("/new")
def new() -> ResponseReturnValue:
    match = current_match()
    rules = parse_rule(request.form.get("rule"), parse_board(request.form.get("board"), match.game.rules))
    opening = parse_opening(request.form.get("opening"), rules)
    roster = match.game.roster
    x = roster.parse_player(request.form.get("x"), "X", rules)
    o = roster.parse_player(request.form.get("o"), "O", rules)
    if request.form.get("swap") == "on":  # "New game, sides swapped": to play second in one step
        x, o = o, x
    set_up = parse_set_up(rules, request.form.get("set_x"), request.form.get("set_o"))
    moves = (*set_up, *parse_moves(rules, request.form.get("moves", ""), Position.after(rules, set_up)))
    with _timed():
        match = match.new_game(x, o, _computer(), moves, rules, opening, len(set_up))
    return _changed(match)


@bp.post("/fifth")
def fifth() -> ResponseReturnValue:
    """A point chosen for the person's offer of black's fifth moves, or
    chosen no more: the points chosen so far travel in the page (offering),
    not the session, and the game is unchanged until they are offered
    (/choose, as every opening's choice)."""
    match = current_match()
    rules = match.game.rules
    chosen = match.game.fifth_toggled(request.form.get("offering"), parse_cell(request.form.get("cell"), rules),
                                      parse_ply(request.form.get("ply"), rules))
    if is_htmx():
        return render_template("play/_game.html", **_context(match, fifths=chosen))
    return redirect(url_for("play.index", offering=" ".join(map(rules.cell_name, chosen)) or None), 303)


@bp.post("/choose")
def choose() -> ResponseReturnValue:
    """A choice of the person's in the opening (swap2's black, white or two
    more stones; renju's swap or stay, a number declared) or the fifth moves
    offered, under every rule."""
    match = current_match()
    seen = parse_ply(request.form.get("ply"), match.game.rules)
    with _timed():
        match = match.choose(request.form.get("choice", ""), seen, _computer(), finished_today())
    return _changed(match)


@bp.post("/again")
def again() -> ResponseReturnValue:
    """The game just played, afresh: the same board and players."""
    with _timed():
        match = current_match().play_again(_computer())
    return _changed(match)


@bp.post("/coach")
def coach() -> ResponseReturnValue:
    return _changed(current_match().with_coach(parse_switch(request.form.get("coach"))))


@bp.post("/numbers")
def numbers() -> ResponseReturnValue:
    """Move numbers on the stones of the big boards, on or off."""
    return _changed(current_match().with_numbers(parse_switch(request.form.get("numbers"), "move numbers")))


@bp.get("/games")
def my_games() -> str:
    """The games finished in this browser (signed in: the account's, on any browser), newest first, each with
    its replay and review."""
    never_cached()
    return render_template("play/games.html", games=current_match().history, kept=HISTORY_LENGTH,
                           account=signed_in(session))


@bp.get("/help")
def how_to_play() -> str:
    return render_template("play/help.html", boards=BOARDS, levels=levels_of, introductions=roster().introductions,
                           engines=roster().brains)


@bp.post("/score/reset")
def reset_score() -> ResponseReturnValue:
    """Reset the score, once asked whether to (the form's `sure`: yes, or no to keep it)."""
    match = current_match()
    sure = request.form.get("sure")
    if sure is None:
        return _shown(match, confirm_reset=True)
    if sure not in ("yes", "no"):
        raise InvalidInput(f"Say “yes” or “no” to resetting the score, not {quoted(sure)}.")
    return _changed(match.reset_score() if sure == "yes" else match)


@bp.post("/menace/reset")
def reset_my_menace() -> ResponseReturnValue:
    """Empty this browser's MENACE's boxes, from the game (/learn has its own route)."""
    return _changed(current_match().reset_my_menace())


@bp.get("/engines")
def engines() -> Response:
    """While a move waits for master, the page asks how many moves are
    queued for the engine workers, and says so (app.js) in place of "The
    computer is thinking…": a sentence short enough for that one line on a
    phone, or nothing when none waits."""
    waiting = engine_pool().waiting()
    words = "" if not waiting else f"Waiting for an engine: {waiting} {'move' if waiting == 1 else 'moves'} queued."
    return Response(words, content_type="text/plain; charset=utf-8", headers={"Cache-Control": "no-store"})


@bp.get("/think")
def think_about_game() -> ResponseReturnValue:
    """This browser's current game on the page "How the computer sees this":
    the page links here, so that a move's answer need not carry a link that
    changes with every move. A game begun from a position set up by hand
    has no moves before it for that page's link: the analysis board studies
    its position as it stands, with the engine's line."""
    game = current_match().game
    if game.set_up:
        position = game.position
        query: dict[str, Any] = {"board": game.rules.name,
                                 **stones_query(game.rules, cells_of(position.x), cells_of(position.o)), "line": "on"}
        return redirect(url_for("analysis.board", **query), 303)
    return redirect(url_for("think.look", board=game.rules.name, moves=game.notation), 303)


def finished_today() -> date:
    """The day a game that ends now is listed in My games as finished on, by
    UTC (the server's zone aside; a test puts its own day here)."""
    return datetime.now(UTC).date()


def current_match() -> Match:
    """This browser's match (signed in, with the account's score, My games and
    MENACE: webapp.play.kept); a new one if it has none (or it was unreadable).
    The match read is kept for the request, so that keeping the changed one
    keeps what the action changed (_keep)."""
    if "match_read" not in g:
        g.match_read = kept_match(session, account_parts(), roster())
    return g.match_read


def _keep(match: Match) -> None:
    """Keep the match the request changed (from the one current_match read)."""
    keep_match(current_match(), match, session, account_parts())


def _seen_ply(match: Match) -> int:
    return parse_ply(request.form.get("ply"), match.game.rules)


def _computer() -> Computer:
    """The computer, thinking for at most ENGINE_BUDGET_MS on the big boards,
    master on the engine workers; its replies are kept for Server-Timing."""
    g.engine_replies = []
    return Computer(budget_ms=current_app.config["ENGINE_BUDGET_MS"], engines=engine_pool(),
                    replies=g.engine_replies)


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
    reports it apart from the rest of a click's time) and, for each of
    master's moves, its wait for a worker and its thinking (make load reports them)."""
    timings = []
    if "game_ms" in g:
        timings.append(f'game;dur={g.game_ms:.1f};desc="the move and the reply"')
    for reply in g.get("engine_replies", ()):
        timings += [f'wait;dur={reply.waited_ms:.1f};desc="for an engine worker"',
                    f'engine;dur={reply.thought.seconds * 1000:.1f};desc="{reply.thought.nodes} positions"']
    if timings:
        response.headers["Server-Timing"] = ", ".join(timings)
    return response


def _changed(match: Match) -> ResponseReturnValue:
    _keep(match)
    if match.game.played_out and not match.game.set_up:  # to be mined for puzzles, once (as the page's foot says)
        game_finished(match.game.rules, match.game.moves)
    if is_htmx():
        return _game_fragment(match)
    return redirect(url_for("play.index"), 303)


def _game_fragment(match: Match) -> str:
    """The game fragment a change answers with. It is a pure function of the
    game, the coach switch, the score's lines and the address the page is
    served at, so it is rendered once per such state and kept: the same few
    openings come up again and again, and rendering is half a move's work.
    (A game with a learner's panel is rendered each time: the panel shows
    this browser's own MENACE. So is one with a hint shown, and one on a
    board past 4×4: its states seldom come again, and its answers are the
    largest to keep: docs/measurements-log.md, "Page and answer sizes".)"""
    if match.learner_panel is not None or match.hint or match.game.rules.size > MEMO_BOARD_SIZE:
        return render_template("play/_game.html", **_context(match))
    return _rendered_game(request.host_url, request.script_root, match.game, match.coach,
                          tuple(match.score_lines))


MEMO_BOARD_SIZE = 4
"""Answers are kept for boards up to this size: 4,096 of them at most, each the
size of a 3×3 or 4×4 move's answer (docs/measurements-log.md, "Page and answer sizes")."""


@lru_cache(maxsize=4096)
def _rendered_game(host_url: str, script_root: str, game: Game, coach: bool, score_lines: tuple) -> str:
    return render_template("play/_game.html", **{**_context(Match(game, coach=coach)), "score_lines": score_lines})


def _asked(function: Callable[..., T], *arguments: Any, here: bool) -> T | None:
    """function(*arguments) from the engine workers (or here, for look-ups); None if none answers in time."""
    try:
        return engine_pool().ask(function, *arguments, here=here)
    except EnginesBusy:
        return None


def refused(message: str, status: int) -> tuple[str, int]:
    """The unchanged match with a message saying why the request was refused."""
    # A refused new game keeps the choices made, so the form is not reset under the message.
    chosen = {name: request.form[name] for name in ("board", "rule", "opening", "x", "o")
              if request.endpoint == "play.new" and name in request.form}
    match = current_match()
    try:  # the points chosen so far for an offer, kept under a refusal of one more
        fifths = _fifths_asked(match.game, request.values)
    except (InvalidInput, Conflict):
        fifths = ()
    return _shown(match, message, chosen=chosen, fifths=fifths), status


def _fifths_asked(game: Game, fields: Mapping[str, str]) -> tuple[int, ...]:
    """The points chosen so far for the person's offer of fifth moves, where
    the address or the form carries them (offering); none without, or where
    the offer is not the person's now."""
    offering = fields.get("offering")
    return game.read_offer(offering) if offering and game.offering and game.humans_turn else ()


def _shown(match: Match, message: str | None = None, fifths: tuple[int, ...] = (), **shown: object) -> str:
    """The match as it stands, without a change: the game fragment for htmx, else the whole page."""
    template = "play/_game.html" if is_htmx() else "play/page.html"
    return render_template(template, **_context(match, message, fifths), **shown)


COACH_BUSY = "The coach could not look at this position just now: the engine workers are busy. Reload in a moment."
"""The coach's line when no worker answers for it: the game goes on without its marks."""


def _context(match: Match, message: str | None = None, fifths: tuple[int, ...] = ()) -> dict[str, object]:
    """What the play templates show. The coach's values and the computer's
    words that need the threat solver (on the big boards) are the engine
    workers' to work out, never the web thread's; if none answers, the game is
    shown without them (a move, which needs them, says the engines are busy)."""
    game = match.game
    values = coach_line = None
    if match.coach and not game.is_over:
        values = _asked(square_values, game.position, here=is_solved(game.rules))
        coach_line = game.coach_line(values) if values is not None else COACH_BUSY
    said = _asked(computer_words, game, here=not game.reason_searches)
    return {"game": game, "view": match.view(values, fifths), "score_lines": match.score_lines, "computer_says": said,
            "fifths": [game.rules.cell_name(cell) for cell in fifths],
            "coach_line": coach_line, "coach": match.coach, "hint": match.hint, "can_hint": match.can_hint,
            "hint_withheld": match.hint_withheld,
            "numbers": match.numbers, "message": message,
            "learner": match.learner_panel, "my_menace_playing": MY_MENACE in (match.game.x, match.game.o),
            "player_names": game.roster.player_names, "boards": BOARDS, "players_of": game.roster.players_of,
            "player_groups": game.roster.player_groups(),
            "rules_offered": rules_offered,
            "top_levels": top_levels(), "htmx": is_htmx(), "set_up_words": SET_UP_WORDS,
            "set_up_score_words": SET_UP_SCORE_WORDS}
