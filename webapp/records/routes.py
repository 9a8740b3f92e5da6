"""Routes: a game's replay, its record to download, and a record opened.

A replay is a game's permanent link, /replay/<board>/<moves>, stepped through
(?step=k), with the players, a resignation or a time-out and an opening rule
in its query; an htmx request for a step gets the replay fragment alone. A
game begun from stones set up by hand carries them as the analysis board's
link does (x=h8-i9&o=j10), and its moves are those played after them.

A download is named by the game's board and moves, as a replay link is, with
the players, a resignation or a time-out and an opening rule (which the moves
do not show) in its query: /record/sgf/15x15/h8-i9?black=You&white=master; a
game begun from stones set up, in SGF alone (PSQ and a list of moves cannot set stones up: a 404 says so). A
record opened, pasted or uploaded, becomes a replay link (303) with all of
that in its query; nothing of it is stored, and a record that is not one gets
the form back with what is wrong and where (400).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import RequestEntityTooLarge

from webapp.engine import BOARDS, DEFAULT_BOARD, FREESTYLE, RULES, Position, Rules, is_solved, top_level
from webapp.engine.game.notation import write_moves
from webapp.records.replay import Replay, see_step
from webapp.shared.errors import InvalidInput
from webapp.shared.forms import rule_named
from webapp.shared.game_link import GameAt, Result, parse_opening, set_up_query
from webapp.shared.record_files import FORMATS, MOST_CHARACTERS, Record, read_record, written
from webapp.shared.web import board_or_404, engine_pool, is_htmx, roster

bp = Blueprint("records", __name__)

MEDIA_TYPES = {"sgf": "application/x-go-sgf", "psq": "text/plain", "txt": "text/plain"}
"""What each format is served as (SGF's registered-by-use type; the others plain text), UTF-8."""


@bp.get("/replay/", defaults={"moves": "", "board": DEFAULT_BOARD.name})
@bp.get("/replay/<moves>", defaults={"board": DEFAULT_BOARD.name})
@bp.get("/replay/<board>/", defaults={"moves": ""})
@bp.get("/replay/<board>/<moves>")
def replay(board: str, moves: str) -> ResponseReturnValue:
    """A replay: /replay/408 on 3×3, /replay/7x7/d4-e5 on the others."""
    rule = request.url_rule
    if rule is not None and rule.rule == "/replay/<moves>" and moves in BOARDS:  # /replay/7x7: that empty board
        query = request.query_string.decode()
        return redirect(url_for(".replay", board=moves, moves="") + (f"?{query}" if query else ""), 308)
    try:
        shown = Replay.parse(board_or_404(board), moves, request.args)
    except InvalidInput as error:
        abort(404, description=str(error))
    seen = engine_pool().ask(see_step, shown.rules, shown.moves, shown.ply, shown.set_up,
                                                 here=is_solved(shown.rules))
    template = "records/_replay.html" if is_htmx() else "records/replay.html"
    return render_template(template, replay=shown, view=shown.board(seen.values),
                           explanation=shown.opening_stone_words or seen.explanation,
                           levels=roster().computers_of(shown.rules), top=top_level(shown.rules),
                           player_names=roster().player_names)


@bp.get("/record/<kind>/<board>/", defaults={"moves": ""})
@bp.get("/record/<kind>/<board>/<moves>")
def download(kind: str, board: str, moves: str) -> ResponseReturnValue:
    if kind not in FORMATS:
        abort(404, description=f"Records are written as {', '.join(FORMATS)}.")
    rules = board_or_404(board)
    try:
        record = _linked_record(rules, moves)
        text = written(record, kind)
    except InvalidInput as error:
        abort(404, description=str(error))
    name = f"{rules.name}-{'set-up-' if record.set_up else ''}{write_moves(rules, record.played) or 'empty'}"[:80]
    return Response(text, content_type=f"{MEDIA_TYPES[kind]}; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{name}.{kind}"'})


def _linked_record(rules: Rules, moves: str) -> Record:
    """The record a download's link names: its moves, played after the stones
    its x= and o= set up (if any), its opening and its result; InvalidInput if it names none."""
    linked = GameAt.of_link(rules, moves, request.args, stepped=False)
    opening = parse_opening(rules, request.args.get("opening"), linked.moves, linked.set_up)
    return Record(rules, linked.moves, Result.parse(request.args, Position.after(rules, linked.moves)), opening,
                  linked.set_up)


@bp.get("/open")
def open_form() -> str:
    return _form()


@bp.post("/open")
def open_record() -> ResponseReturnValue:
    """A record pasted or uploaded: its replay, or the form again saying what is wrong."""
    try:
        upload, text, board = request.files.get("file"), request.form.get("text", ""), request.form.get("board")
        rule = request.form.get("rule", FREESTYLE)
    except RequestEntityTooLarge:  # a body beyond MAX_CONTENT_LENGTH, or a field beyond MAX_FORM_MEMORY_SIZE
        body_limit = current_app.config["MAX_CONTENT_LENGTH"]
        if body_limit is not None and (request.content_length or 0) > body_limit:
            return _form(f"That is more than {body_limit:,} bytes, more than this site reads: a record of a game "
                         "here is far shorter."), 413
        return _form(f"That is more than {current_app.config['MAX_FORM_MEMORY_SIZE'] or 0:,} bytes: a record of a "
                     "game here is far shorter."), 400
    try:
        if upload and upload.filename:
            raw = upload.read(MOST_CHARACTERS * 4 + 1)
            if len(raw) > MOST_CHARACTERS * 4:
                raise InvalidInput(f"That file is more than {MOST_CHARACTERS * 4:,} bytes: a record of a game "
                                   "here is far shorter.")
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                text = raw.decode("latin-1")
        record = read_record(text, board, rule_named(rule))
    except InvalidInput as error:
        return _form(str(error), text[:MOST_CHARACTERS], board, rule), 400
    query: dict[str, Any] = {**set_up_query(record.rules, record.moves, record.set_up), "opening": record.opening,
                             **record.result.query}
    return redirect(url_for(".replay", board=record.rules.name, moves=write_moves(record.rules, record.played),
                            **query), 303)


def _form(message: str | None = None, text: str = "", board: str | None = None, rule: str = FREESTYLE) -> str:
    return render_template("records/open.html", message=message, text=text, boards=BOARDS, rules=RULES,
                           chosen=board if board in BOARDS else "15x15",
                           chosen_rule=rule if rule in RULES else FREESTYLE)
