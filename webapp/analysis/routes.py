"""Routes: the analysis board. Its stones travel in its link
(/analysis/15x15?x=h8-i9&o=j10&tool=o), so it needs no session: each square
is a link to the setup a click there makes, and a position ready to study
links to its replay (the moves that reach it) and its think page.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for

from webapp.analysis.setup import TOOLS, Setup, squares
from webapp.engine import BOARDS, rules_offered
from webapp.shared.board import star_points
from webapp.shared.errors import InvalidInput
from webapp.shared.game_link import write_moves
from webapp.shared.web import board_or_404

bp = Blueprint("analysis", __name__)


@bp.get("/analysis/")
def start() -> Response:
    """The analysis board of gomoku's own board, empty."""
    return redirect(url_for(".board", board="15x15"), 303)


@bp.get("/analysis/<board>")
def board(board: str) -> str:
    rules = board_or_404(board)
    tool = request.args.get("tool", "x")
    if tool not in TOOLS:
        abort(404, description=f"The tool is one of {', '.join(TOOLS)}, not “{tool[:12]}”.")
    try:
        setup = Setup.parse(rules, request.args.get("x"), request.args.get("o"))
    except InvalidInput as error:
        abort(404, description=str(error))
    moves = None if setup.problem else write_moves(rules, setup.moves)
    return render_template("analysis/analysis.html", setup=setup, tool=tool, tools=TOOLS, boards=BOARDS,
                           squares=squares(setup, tool), stars=star_points(rules), moves=moves,
                           rules_offered=rules_offered)
