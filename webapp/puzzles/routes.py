"""Routes: the puzzles offered, the day's puzzle, and a puzzle played.

The puzzles are the shipped set and those the engine workers mined from the
games people finished here (mined.py), kept in this feature's own store
(store.py), the newest MINED_SHOWN listed.

A puzzle's link is its starting position, written as a replay link writes
moves: /puzzle/7x7/d4-e5-c3. How far into the solution the person has got
(`played`, the solution's moves made) travels in the link and the form, so
a puzzle needs no session; only the streak, the puzzles solved in a row in
this browser, and the puzzles it solved are kept, in the puzzles' own part of it.
"""

from __future__ import annotations

import datetime

from flask import Blueprint, Flask, abort, current_app, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue

from webapp.engine import opponent
from webapp.engine.game.notation import mark_of, write_moves
from webapp.puzzles import mined
from webapp.puzzles.collection import collection, daily, find, following
from webapp.puzzles.puzzle import Puzzle, answer
from webapp.puzzles.store import MinedPuzzles, puzzles_at
from webapp.shared.errors import Conflict, InvalidInput
from webapp.shared.forms import parse_cell, whole_number
from webapp.shared.game_link import parse_moves
from webapp.shared.web import board_or_404, engine_pool, is_htmx, listen_for_finished_games, never_cached
from webapp.shared.words import describe_cell, quoted, side_name
from webapp.storage.errors import STORE_ERRORS
from webapp.storage.session_parts import keep_part, part
from webapp.storage.where import Where

bp = Blueprint("puzzles", __name__)


def init_app(app: Flask) -> None:
    """Every game finished here, on any board, is mined for puzzles by the
    engine workers, once, behind every other job; what they find is kept in
    this feature's own store, which the job opens from where it is (Where:
    Redis at REDIS_URL, or the instance folder). The puzzles the workers
    kept in their own store before are carried over into it (see mined.py)."""
    engines = engine_pool(app)
    where = Where(app.config["REDIS_URL"], app.instance_path)
    app.extensions["mined_puzzles"] = puzzles_at(where)
    _carry_over(app, engines.kept_before)
    listen_for_finished_games(
        app, lambda rules, moves: engines.later(mined.mine, where, rules, moves, once=mined.mining_name(rules, moves)))


def _carry_over(app: Flask, old: mined.Kept) -> None:
    """mined.carry_over, at the app's start. A store that does not answer
    now is left for the next start to try again: the app starts all the
    same, as it does when the other stores are away (they answer 503)."""
    try:
        mined.carry_over(old, app.extensions["mined_puzzles"])
    except STORE_ERRORS:
        app.logger.warning("Could not carry the mined puzzles over from the engine workers' store; "
                           "the next start tries again", exc_info=True)


def _mined() -> MinedPuzzles:
    return current_app.extensions["mined_puzzles"]


SESSION_PART = "puzzles"
"""The puzzles' part of a browser's session (webapp.storage.session_parts): the streak and the puzzles solved."""
STREAK = "puzzle_streak"
SOLVED = "puzzles_solved"
SOLVED_KEPT = 500
"""How many solved puzzles a browser's session remembers, to mark them solved in the list."""
MINED_SHOWN = 24


@bp.get("/puzzles")
def offered() -> str:
    never_cached()
    return render_template("puzzles/puzzles.html", puzzles=collection(), today=daily(datetime.date.today()),
                           mined=_mined().newest(MINED_SHOWN), solved=_solved(),
                           streak=_streak())


@bp.get("/puzzles/daily")
def today() -> ResponseReturnValue:
    puzzle = daily(datetime.date.today())
    return redirect(url_for(".play", board=puzzle.rules.name, moves=notation(puzzle)), 303)


@bp.route("/puzzle/<board>/<moves>", methods=["GET", "POST"])
def play(board: str, moves: str) -> str:
    """GET: the puzzle, `played` moves into its solution. POST: the person's
    move there (the form's cell): right, the engine's defence follows (or the
    puzzle is solved); wrong, the same position with why. Or help (the form's
    `show`): the winning move marked (a hint), or the whole answer; either
    ends the streak, as a wrong move does."""
    puzzle = _puzzle(board, moves)
    if request.method == "GET":
        try:
            return _page(puzzle, _played(puzzle, request.args.get("played")))
        except InvalidInput as error:
            abort(404, description=str(error))
    played = _played(puzzle, request.form.get("played"))
    if played >= len(puzzle.solution):
        raise Conflict("This puzzle is solved already; go on to the next one.")
    if "show" in request.form:
        return _helped(puzzle, played, request.form["show"])
    cell = parse_cell(request.form.get("cell"), puzzle.rules)
    if puzzle.position.stones >> cell & 1 or cell in puzzle.solution[:played]:
        raise Conflict("That square is taken; choose an empty one.")
    right, why = answer(puzzle, played, cell)
    if not right:
        _keep(streak=0)
        return _page(puzzle, played, message=why, right=False)
    played += 2
    if played >= len(puzzle.solution):
        _keep(streak=_streak() + 1,
              solved=[puzzle.key, *(key for key in _solved() if key != puzzle.key)][:SOLVED_KEPT])
        return _page(puzzle, len(puzzle.solution), message="Solved! That completes the line.", right=True)
    defence = describe_cell(puzzle.rules, puzzle.solution[played - 1])
    defender = side_name(puzzle.rules, opponent(puzzle.winner))
    return _page(puzzle, played, message=f"Right. {defender} answered {defence}.", right=True)


def _helped(puzzle: Puzzle, played: int, show: str) -> str:
    """The hint (the winning move marked) or the answer (every move of the solution, played out)."""
    if show not in ("hint", "answer"):
        raise InvalidInput(f"Ask for a “hint” or the “answer”, not {quoted(show)}.")
    _keep(streak=0)
    if show == "hint":
        square = describe_cell(puzzle.rules, puzzle.solution[played])
        winner = puzzle.winner_named(start=False)
        return _page(puzzle, played, message=f"Hint: {winner} wins by playing {square} now (marked).",
                     right=True, hinted=True)
    start = len(puzzle.moves) + played
    rules = puzzle.rules
    moves = ", ".join(f"{side_name(rules, mark_of(start + index), start=False)} {describe_cell(rules, cell)}"
                      for index, cell in enumerate(puzzle.solution[played:]))
    return _page(puzzle, len(puzzle.solution), message=f"The answer: {moves}.", right=True)


def _solved() -> list[str]:
    """The puzzles this browser solved, newest first (any that do not read as a list: none)."""
    kept = _part().get(SOLVED)
    return [key for key in kept if isinstance(key, str)] if isinstance(kept, list) else []


def _streak() -> int:
    """The puzzles this browser solved in a row (one that does not read as a count: none)."""
    kept = _part().get(STREAK)
    return kept if type(kept) is int and kept >= 0 else 0


def _part() -> dict[str, object]:
    """The puzzles' part of this browser's session."""
    return part(session, SESSION_PART)


def _keep(streak: int, solved: list[str] | None = None) -> None:
    """Keep the streak, and the puzzles solved if given, in the puzzles' part of the session."""
    keep_part(session, SESSION_PART, {STREAK: streak, SOLVED: _solved() if solved is None else solved})


def refused(message: str, status: int) -> tuple[str, int]:
    """A refused move: the same position (the start, if the form did not say
    which), with the message."""
    args = request.view_args or {}
    puzzle = _puzzle(args["board"], args["moves"])
    try:
        played = _played(puzzle, request.form.get("played"))
    except InvalidInput:
        played = 0
    return _page(puzzle, played, message=message, right=False), status


@bp.app_template_global("puzzle_notation")
def notation(puzzle: Puzzle) -> str:
    """The moves that lead to a puzzle, as its link writes them."""
    return write_moves(puzzle.rules, puzzle.moves)


def _page(puzzle: Puzzle, played: int, message: str | None = None, right: bool = False, hinted: bool = False) -> str:
    template = "puzzles/_puzzle.html" if is_htmx() else "puzzles/puzzle.html"
    return render_template(template, puzzle=puzzle, played=played, message=message, right=right, hinted=hinted,
                           notation=notation(puzzle), next_puzzle=following(puzzle), streak=_streak())


def _puzzle(board: str, moves: str) -> Puzzle:
    """The puzzle a link names, or 404 saying why there is none."""
    rules = board_or_404(board)
    try:
        start = parse_moves(rules, moves)
    except InvalidInput as error:
        abort(404, description=str(error))
    puzzle = find(rules, start) or _mined().find(rules, start)
    if puzzle is None:
        abort(404, description="There is no puzzle at this link: it is not one of the puzzles offered here.")
    return puzzle


def _played(puzzle: Puzzle, raw: str | None) -> int:
    """How many of the solution's moves are made: an even number up to its length."""
    if raw is None:
        return 0
    played = whole_number(raw, len(puzzle.solution) + 1)
    if played is None or played % 2:
        raise InvalidInput(f"{quoted(raw)} is not how far into this puzzle you are: its solution has "
                           f"{len(puzzle.solution)} moves, and you make every other one.")
    return min(played, len(puzzle.solution))

