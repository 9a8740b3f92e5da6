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

import random
from collections.abc import Callable

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from webapp.engine import DEFAULT_BOARD, Rules
from webapp.shared.board import board_view
from webapp.shared.errors import InvalidInput
from webapp.shared.web import board_or_404, engine_pool, is_htmx, limit_engine_work, roster
from webapp.think.lessons import LESSON_BOARDS
from webapp.think.look import DEPTHS, Look, see
from webapp.think.predict import KINDS, MOST_SEED, Prediction, options, question, verdict
from webapp.think.searches import engine_view
from webapp.think.stepping import (
    MOST_EMPTY,
    ORDER_NAMES,
    SEARCH_NAMES,
    TRACE_LIMIT,
    Stepping,
    order_counts,
    see_step,
    uniform_perfect_leaves,
)
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
    if shown.needs_the_engines or shown.asks_the_engine:
        limit_engine_work()
    alone, engines = node is not None and is_htmx(), engine_pool()
    brains = () if alone else roster().engines_on(shown.rules)
    seen = engines.ask(see, shown, node if alone else None, brains, here=not shown.needs_the_engines)
    if alone:
        return render_template("think/_branch.html", look=shown, seen=seen, node=seen.branches[0],
                               stop_limit=STOP_LIMIT)
    engine = (engine_view(shown.rules, engines.advise(shown.position, for_a_page=True).thought)
              if shown.asks_the_engine else None)
    return render_template("think/_think.html" if is_htmx() else "think/think.html", look=shown, seen=seen,
                           engine=engine, depths=DEPTHS, stop_limit=STOP_LIMIT)


@bp.get("/steps/<board>/", defaults={"moves": ""})
@bp.get("/steps/<board>/<moves>")
def steps(board: str, moves: str) -> str:
    """/steps/3x3/40?search=alphabeta&order=best&step=37: one step of a search,
    the page or (htmx) the stepper alone; a step past the end is a 404."""
    stepping = _stepping(board_or_404(board), moves)
    link = lambda **changes: url_for("think.steps", board=stepping.rules.name, moves=stepping.notation,  # noqa: E731
                                     **stepping.query(**changes))
    context = _stepped(stepping, link)
    return render_template("think/_stepper.html" if is_htmx() else "think/steps.html", **context)


@bp.get("/predict")
def predict() -> ResponseReturnValue:
    """/predict?kind=skip&seed=7: a question on a position; with the answer
    (&answer=3&answer=5&reveal=1) what it shows. Without a seed, a new one."""
    args = request.args
    if "seed" not in args:
        return redirect(url_for("think.predict", kind=args.get("kind", "choose"), seed=random.randrange(MOST_SEED)))
    prediction = Prediction.parse(args.get("kind"), args["seed"], args.getlist("answer"), args.get("reveal"))
    return render_template("think/predict.html", **_predicted(prediction, lambda **query: url_for(
        "think.predict", **query)))


@bp.get("/lessons/<any('game-tree', minimax, 'alpha-beta', ordering):slug>")
def lesson(slug: str) -> str:
    """A lesson of the path (shared.lessons) whose board is a search stepped
    through: its position (or one the person chose, ?at=), and where it fits, a question."""
    args, board = request.args, LESSON_BOARDS[slug]
    stepping = _stepping(DEFAULT_BOARD, args.get("at", board.moves), board.search, board.order)
    link = lambda **changes: url_for("think.lesson", slug=slug, at=stepping.notation,  # noqa: E731
                                     **stepping.query(**changes))
    context = _stepped(stepping, link, fixed_search=board.search if board.fixed else None)
    if board.kind:
        seed = args.get("seed", "1")
        prediction = Prediction.parse(board.kind, seed, args.getlist("answer"), args.get("reveal"))
        context.update(_predicted(prediction, lambda **query: url_for("think.lesson", slug=slug, **query),
                                  anchor="#predict"))
    if slug == "ordering":
        context["orders"] = engine_pool().ask(order_counts, "alphabeta", stepping.position,
                                                                  here=stepping.light)
    if is_htmx() and args.get("part") != "page":
        return render_template("think/_stepper.html", **context)
    return render_template(f"think/lessons/{slug}.html", slug=slug, board=board, **context)


def _stepping(rules: Rules, moves: str, search: str | None = None, order: str | None = None) -> Stepping:
    """The step the request asks for (its search, order and step), or a 400 saying what is wrong."""
    args = request.args
    return Stepping.parse(rules, moves, args.get("search", search), args.get("order", order), args.get("step"))


def _stepped(stepping: Stepping, link: Callable[..., str], fixed_search: str | None = None) -> dict:
    """What the stepper's template needs: the step (worked out on the engine
    workers when the tree is big), or a 404 for a step past the search's end."""
    view = engine_pool().ask(see_step, stepping, here=stepping.light)
    if view.past_end:
        abort(404, description=f"{SEARCH_NAMES[stepping.search]} takes {view.last:,} steps here: "
                               f"there is no step {stepping.step:,}.")
    node = board_view(stepping.rules, stepping.moves + view.step.path) if view.step else None
    return {"stepping": stepping, "view": view, "node": node, "link": link, "search_names": SEARCH_NAMES,
            "order_names": ORDER_NAMES, "trace_limit": TRACE_LIMIT,
            "most_empty": MOST_EMPTY, "fixed_search": fixed_search,
            "knuth_moore": uniform_perfect_leaves, "root": board_view(stepping.rules, stepping.moves)}


def _predicted(prediction: Prediction, link: Callable[..., str], anchor: str = "") -> dict:
    asked = question(prediction.kind, prediction.seed)
    return {"prediction": prediction, "asked": asked, "options": options(prediction, asked),
            "verdict": verdict(prediction, asked) if prediction.revealed else "", "predict_link": link,
            "predict_anchor": anchor, "question_board": board_view(DEFAULT_BOARD, asked.moves),
            "kinds": KINDS}
