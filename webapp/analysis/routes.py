"""Routes: the analysis board. Its stones, the side to move and the tool
travel in its link (/analysis/15x15?x=h8-i9&o=j10&turn=x&tool=o), so it
needs no session: each square is a link to the setup a click there makes.
With line=on the page asks for the engine's evaluation and best line
(/analysis/<board>/evaluation, the same query): htmx asks for it as the
page loads and swaps the board with the line drawn on it; without
JavaScript the page links to it. Only that route waits for the engine.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue

from webapp.analysis import words
from webapp.analysis.board import squares
from webapp.analysis.evaluation import Evaluation, from_table, from_thought
from webapp.analysis.setup import TOOLS, TURNS, Setup
from webapp.engine import BOARDS, FREESTYLE, Rules, is_solved, rules_offered, top_level, under_rule
from webapp.shared.board import star_points
from webapp.shared.errors import InvalidInput
from webapp.shared.forms import parse_board, rule_named
from webapp.shared.rules_played import rules_played
from webapp.shared.web import board_or_404, engine_pool, is_htmx, limit_engine_work, roster

bp = Blueprint("analysis", __name__)
SWITCH = ("on", "off")


@bp.get("/analysis/")
def start() -> ResponseReturnValue:
    """The analysis board, empty: of the board and rule a link names
    (/analysis/?board=15x15&rule=renju), else of this browser's current game
    (the header's link, from a renju game, opens renju's board), else gomoku's."""
    try:
        rules = _rules_named(request.args.get("board"), request.args.get("rule"), _current_rules() or BOARDS["15x15"])
    except InvalidInput as error:
        abort(404, description=str(error))
    return redirect(url_for(".board", board=rules.name), 303)


def _rules_named(board: str | None, rule: str | None, current: Rules) -> Rules:
    """The board and rule a link names (forms' parse_board and rule_named),
    each absent the current one's (its rule where the board is played under
    it); InvalidInput saying why where the board is not played under the rule named."""
    rules = parse_board(board, current.with_rule(FREESTYLE))
    if rule is None:
        return rules.with_rule(current.rule) if current.rule in rules_offered(rules) else rules
    try:
        return under_rule(rules, rule_named(rule))
    except ValueError as error:
        raise InvalidInput(str(error)) from error


def _current_rules() -> Rules | None:
    """The board and rule of the game this browser's session holds, if it holds one."""
    return rules_played(session)


@bp.get("/analysis/<board>")
def board(board: str) -> str:
    """The board as set up, with the engine's line to come where line=on."""
    rules = board_or_404(board)
    setup, tool, line = _read(rules)
    return _page(setup, tool, line, None)


@bp.get("/analysis/<board>/evaluation")
def evaluation(board: str) -> str:
    """The board with the engine's evaluation and best line drawn on it: the
    whole page, or for htmx the part that swaps in. A position that cannot
    arise, or whose game is over, has none (the page says why)."""
    rules = board_or_404(board)
    setup, tool, _ = _read(rules)
    return _page(setup, tool, True, _evaluate(setup) if _can_study(setup) else None)


def _read(rules: Rules) -> tuple[Setup, str, bool]:
    """The link's setup, tool and line switch, or a 404 saying what in it is wrong."""
    args = request.args
    tool, line = args.get("tool", "x"), args.get("line", "off")
    if tool not in TOOLS:
        abort(404, description=f"The tool is one of {', '.join(TOOLS)}, not “{tool[:12]}”.")
    if line not in SWITCH:
        abort(404, description=f"The engine's line is line=on or line=off, not “{line[:12]}”.")
    try:
        setup = Setup.parse(rules, args.get("x"), args.get("o"), args.get("turn"))
    except InvalidInput as error:
        abort(404, description=str(error))
    return setup, tool, line == "on"


def _can_study(setup: Setup) -> bool:
    return setup.problem is None and not setup.position.is_over


def _evaluate(setup: Setup) -> Evaluation:
    """The solved table's evaluation (look-ups, here), else master's appraisal from the engine workers."""
    position = setup.position
    if is_solved(setup.rules):
        return from_table(position)
    limit_engine_work()
    return from_thought(position, engine_pool().advise(position, for_a_page=True).thought)


def _page(setup: Setup, tool: str, line: bool, found: Evaluation | None) -> str:
    template = "analysis/_analysis.html" if is_htmx() else "analysis/analysis.html"
    rules = setup.rules
    return render_template(template, htmx=is_htmx(), setup=setup, tool=tool, tools=TOOLS, turns=TURNS, boards=BOARDS,
                           line=line, evaluation=found, study=_can_study(setup), words=words,
                           squares=squares(setup, tool, found.line if found else ()), stars=star_points(rules),
                           rules_offered=rules_offered, levels=roster().computers_of(rules), top=top_level(rules),
                           player_names=roster().player_names)
