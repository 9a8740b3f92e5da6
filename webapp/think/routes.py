"""The page "How the computer sees this": /think/<board>/<moves>.

Read the link, have look.see() work it out (on the engine workers, for the
boards too big to solve) and the engine workers give the engine's own move
there (the hint's, kept by position), render. Without JavaScript every node of the
tree is a link to the page with that node open; htmx asks for the node alone
(?node=) and swaps it in place, and for the whole section when alpha-beta's
marks or the depth change. A link that is not a position or a node of its tree
is a 404 saying what is wrong, as for replays.
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, render_template, request

from webapp.shared.errors import InvalidInput
from webapp.shared.web import board_or_404, is_htmx, roster
from webapp.think.look import DEPTHS, Look, see
from webapp.think.searches import engine_view
from webapp.think.tree import STOP_LIMIT

bp = Blueprint("think", __name__)


@bp.get("/think/<board>/", defaults={"moves": ""})
@bp.get("/think/<board>/<moves>")
def look(board: str, moves: str) -> str:
    """/think/3x3/40 on every board; /think/3x3/ is the empty board."""
    args = request.args
    try:
        shown = Look.parse(board_or_404(board), moves, args.getlist("open"), args.get("alphabeta"),
                           args.get("depth"))
        node = shown.parse_path(args["node"]) if "node" in args else None
    except InvalidInput as error:
        abort(404, description=str(error))
    alone, engines = node is not None and is_htmx(), current_app.extensions["engines"]
    brains = () if alone else roster().engines_on(shown.rules)
    seen = engines.ask(see, shown, node if alone else None, brains, here=not shown.needs_the_engines)
    if alone:
        return render_template("think/_branch.html", look=shown, seen=seen, node=seen.branches[0],
                               stop_limit=STOP_LIMIT)
    engine = engine_view(shown.rules, engines.advise(shown.position).thought) if shown.asks_the_engine else None
    return render_template("think/_think.html" if is_htmx() else "think/think.html", look=shown, seen=seen,
                           engine=engine, depths=DEPTHS, stop_limit=STOP_LIMIT)
