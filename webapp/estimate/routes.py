"""Routes: the searches that estimate. /monte-carlo/<board>/<moves>?seed=S&iterations=N,
/depth/<board>/<moves>?depth=d, and the path's two lessons on them,
/lessons/monte-carlo and /lessons/depth.

Read the link, have the feature work it out (on the engine workers, unless it
is a few milliseconds' work), render. Every step is a link to the page with
that many iterations, or that depth; htmx asks for the section alone and
swaps it in place, pushing the link. A link whose board or moves are not a
position the page shows is a 404 saying why; a query it cannot read
(a seed, iterations, a depth) is a 400 saying why.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request

from webapp.engine import BOARDS, Rules
from webapp.estimate import depth, monte_carlo
from webapp.shared.errors import InvalidInput
from webapp.shared.game_link import parse_moves
from webapp.shared.web import board_or_404, engine_pool, is_htmx, limit_engine_work

bp = Blueprint("estimate", __name__)

MONTE_CARLO_LESSON = ("3x3", "048")
"""The lesson's position: X in a corner, O in the centre, X in the opposite
corner. Every edge draws for O and both corners lose, which random games
alone misjudge at first (a corner looks as good as an edge after a few
iterations) and the search sorts out."""
DEPTH_LESSON = ("4x4", "c4-a4-b4-a2-b1-c3-c1-d2")
"""The lesson's position: X to move on 4×4, where depth 2 picks a move the
tablebase calls a loss and depths 3 and 4 pick a draw (tests/estimate)."""


def _moves(rules: Rules, raw: str) -> tuple[int, ...]:
    """The moves a link's path writes, or a 404 saying why they are not a game."""
    try:
        return parse_moves(rules, raw)
    except InvalidInput as error:
        abort(404, description=str(error))


def _asked(rules: Rules, raw_moves: str, feature: Any, *query: str | None) -> Any:
    """The question a link asks of feature (depth or monte_carlo): a 404 if
    its path is not a position the page shows, a 400 if its query is wrong."""
    moves = _moves(rules, raw_moves)
    try:
        feature.check_position(rules, moves)
    except InvalidInput as error:
        abort(404, description=str(error))
    try:
        return feature.Asked.parse(rules, moves, *query)
    except InvalidInput as error:
        abort(400, description=str(error))


def _monte_carlo(rules: Rules, raw_moves: str) -> monte_carlo.Asked:
    return _asked(rules, raw_moves, monte_carlo, request.args.get("seed"), request.args.get("iterations"),
                  request.args.get("node"))


def _depth(rules: Rules, raw_moves: str) -> depth.Asked:
    return _asked(rules, raw_moves, depth, request.args.get("depth"))


def _show_monte_carlo(asked: monte_carlo.Asked, here: str, page: str) -> str:
    """The search's section (alone, for htmx) or page; up to HERE_ITERATIONS run here, more on the workers."""
    engines = engine_pool()
    if asked.needs_the_engines:
        limit_engine_work()
    found = engines.ask(monte_carlo.found, asked, here=not asked.needs_the_engines)
    if found.missing:
        runs = f"{asked.iterations:,} iteration" + ("" if asked.iterations == 1 else "s")
        abort(400, description=f"After {runs} the tree has no node {asked.node_notation} with moves below it "
                               "to open: open one of the moves it has tried.")
    where = {"board": asked.rules.name, "moves": asked.notation} if here == "estimate.monte_carlo_page" else {}
    return render_template("estimate/_monte_carlo.html" if is_htmx() else page, asked=asked, found=found,
                           here=here, where=where, board_of=monte_carlo.board_of,
                           max_seed=monte_carlo.MAX_SEED, max_iterations=monte_carlo.MAX_ITERATIONS,
                           here_iterations=monte_carlo.HERE_ITERATIONS)


def _show_depth(asked: depth.Asked, here: str, page: str) -> str:
    """The search's section (alone, for htmx) or page, worked out on the engine workers."""
    limit_engine_work()
    seen = engine_pool().ask(depth.see, asked)
    where = {"board": asked.rules.name, "moves": asked.notation} if here == "estimate.depth_page" else {}
    return render_template("estimate/_depth.html" if is_htmx() else page, asked=asked, seen=seen, here=here,
                           where=where, depths=depth.DEPTHS, board_of=depth.board_of,
                           minimax_limit=depth.MINIMAX_LIMIT)


@bp.get("/monte-carlo/<board>/", defaults={"moves": ""})
@bp.get("/monte-carlo/<board>/<moves>")
def monte_carlo_page(board: str, moves: str) -> str:
    """/monte-carlo/3x3/048?seed=1&iterations=100; /monte-carlo/4x4/ is the empty board."""
    asked = _monte_carlo(board_or_404(board), moves)
    return _show_monte_carlo(asked, "estimate.monte_carlo_page", "estimate/monte_carlo.html")


@bp.get("/depth/<board>/", defaults={"moves": ""})
@bp.get("/depth/<board>/<moves>")
def depth_page(board: str, moves: str) -> str:
    """/depth/4x4/b2-c3?depth=3; /depth/7x7/ is the empty board."""
    asked = _depth(board_or_404(board), moves)
    return _show_depth(asked, "estimate.depth_page", "estimate/depth.html")


@bp.get("/lessons/monte-carlo")
def monte_carlo_lesson() -> str:
    """The lesson on Monte Carlo tree search, its stepper on one well-chosen 3×3 position."""
    board, moves = MONTE_CARLO_LESSON
    asked = _monte_carlo(BOARDS[board], moves)
    return _show_monte_carlo(asked, "estimate.monte_carlo_lesson", "estimate/lesson_monte_carlo.html")


@bp.get("/lessons/depth")
def depth_lesson() -> str:
    """The lesson on depth and evaluation, its search on a 4×4 position where depth 2 goes wrong."""
    board, moves = DEPTH_LESSON
    asked = _depth(BOARDS[board], moves)
    return _show_depth(asked, "estimate.depth_lesson", "estimate/lesson_depth.html")
