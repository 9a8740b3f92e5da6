"""The page "How the computer sees this": /think/<board>/<moves>.

Read the link, ask thinking.Look, render. Without JavaScript every node of
the tree is a link to the page with that node open; htmx asks for the node
alone (?node=) and swaps it in place, and for the whole section when alpha-beta's
marks or the depth change. A link that is not a position or a node of its tree
is a 404 saying what is wrong, as for replays.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, url_for

from webapp.game import InvalidInput
from webapp.thinking import DEPTHS, STOP_LIMIT, Look
from webapp.views import board_or_404, current_match

bp = Blueprint("think", __name__)


@bp.get("/think")
def current() -> Response:
    """This browser's current game: the page links here, so that a move's
    answer need not carry a link that changes with every move."""
    game = current_match().game
    return redirect(url_for("think.look", board=game.rules.name, moves=game.notation), 303)


@bp.get("/think/<board>/", defaults={"moves": ""})
@bp.get("/think/<board>/<moves>")
def look(board: str, moves: str) -> str:
    """/think/3x3/40 on every board; /think/3x3/ is the empty board."""
    args = request.args
    try:
        shown = Look.parse(board_or_404(board), moves, args.get("open"), args.get("alphabeta"), args.get("depth"))
        node = shown.parse_path(args["node"]) if "node" in args else None
    except InvalidInput as error:
        abort(404, description=str(error))
    htmx = request.headers.get("HX-Request") == "true"
    if node and htmx:
        return render_template("_branch.html", look=shown, node=shown.branch(node), stop_limit=STOP_LIMIT)
    budget_ms = current_app.config["ENGINE_BUDGET_MS"]
    return render_template("_think.html" if htmx else "think.html", look=shown, engine=shown.engine(budget_ms),
                           budget_ms=budget_ms, depths=DEPTHS, stop_limit=STOP_LIMIT)


@bp.app_template_filter()
def duration(seconds: float) -> str:
    """A time as a person reads it: '0.34 s', '12 ms', '9 µs'."""
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 0.001:
        return f"{seconds * 1000:.3g} ms"
    return f"{seconds * 1e6:.3g} µs"
