"""Routes: a game's review, its live progress, and the retry of a side's errors.

/review/<board>/<moves> takes the moves as a replay link writes them (with
the stones a game began from, set up by hand, in its query: x=, o=). On
the bigger boards the first visit queues the engine workers' jobs and answers
at once with what is known; while the rest comes in, the page follows a
stream (with JavaScript) or refreshes itself (without).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    stream_with_context,
    url_for,
)
from flask.typing import ResponseReturnValue

from webapp.engine import Position
from webapp.review.retry import Retry
from webapp.review.review import Review, judgements
from webapp.shared.errors import Conflict, InvalidInput, Refusal
from webapp.shared.forms import parse_cell
from webapp.shared.game_link import GameAt, Result, parse_opening
from webapp.shared.web import board_or_404, client, engine_pool, is_htmx, plain_error, rate_limits

bp = Blueprint("review", __name__)

POLL_SECONDS = 0.5
"""How often a review's stream looks for newly judged moves."""
STREAM_SECONDS = 300.0
"""A stream ends after this even if the review is not complete (its Refresh link is there)."""
STREAMS_PER_PROCESS = 16
"""Review streams one web process holds at once, each a thread while it lasts: past this, a page gets
the review as it stands and a Refresh link, so that reviews never crowd out the threads games need."""
_streams = threading.BoundedSemaphore(STREAMS_PER_PROCESS)


@bp.get("/review/<board>/", defaults={"moves": ""})
@bp.get("/review/<board>/<moves>")
def show(board: str, moves: str) -> str:
    """The review, at the step asked for (the last by default)."""
    review = _review(board, moves)
    return render_template("review/_review.html" if is_htmx() else "review/review.html", review=review)


@bp.get("/review/<board>/<moves>/progress")
def progress(board: str, moves: str) -> ResponseReturnValue:
    """The live stream of a review (server-sent events): the judged moves as
    they stand now, then again each time more are judged, until all are."""
    review = _review(board, moves, queue=False)
    if not is_htmx():
        query: dict[str, Any] = {"board": board, "moves": moves, "step": review.step, **review.query}
        return redirect(url_for(".show", **query), 303)
    engines, permit = engine_pool(), _permit()
    if not _streams.acquire(blocking=False):
        busy = render_template("review/_verdicts.html", review=review, busy=True)
        return Response(_message(busy), mimetype="text/event-stream", headers={"Cache-Control": "no-store"})

    def messages() -> Iterator[str]:
        seen, closes, current = -1, time.monotonic() + STREAM_SECONDS, review
        while True:
            if current.reviewed != seen:
                seen = current.reviewed
                yield _message(render_template("review/_verdicts.html", review=current))
            if current.complete or time.monotonic() > closes:
                return
            time.sleep(POLL_SECONDS)
            # queue=True: as the workers get further, the next of its moves are queued (those queued lately are not)
            current = replace(current, judgements=judgements(current.rules, current.moves, engines,
                                                             set_up=current.set_up, permit=permit))

    response = Response(stream_with_context(messages()), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-store"})
    response.call_on_close(_streams.release)  # however the stream ends, even before its first byte
    return response


def _message(html: str) -> str:
    """One server-sent event carrying html."""
    return "".join(f"data: {line}\n" for line in html.splitlines()) + "\n"


@bp.route("/review/<board>/<moves>/retry/<side>", methods=["GET", "POST"])
def retry(board: str, moves: str, side: str) -> str:
    """A side's errors, one position at a time: GET shows the one asked for,
    POST judges a try at it (the form's cell) and shows what follows."""
    retry = _retry(board, moves, side)
    if request.method == "GET":
        return render_template("review/_retry.html" if is_htmx() else "review/retry.html", retry=retry)
    if retry.finished:
        raise Conflict("Every error here has been tried; go back to the review, or retry them again.")
    if "skip" in request.form:  # show the answer and go on: this one is not found
        following, told = retry.skipped()
        return render_template("review/_retry.html" if is_htmx() else "review/retry.html", retry=following,
                               message=told, right=True)
    attempt = retry.attempt(parse_cell(request.form.get("cell"), retry.rules), engine_pool())
    return render_template("review/_retry.html" if is_htmx() else "review/retry.html", retry=retry.after(attempt),
                           message=retry.told(attempt), right=attempt.right)


def refused(message: str, status: int) -> ResponseReturnValue:
    """A refused try: the same position again, with the message; a retry
    that cannot be shown at all (its review is not finished): the message alone."""
    try:
        args = request.view_args or {}
        retry = _retry(args["board"], args["moves"], args["side"])
    except Refusal:
        return render_template("error.html", error=plain_error(status, message)), status
    template = "review/_retry.html" if is_htmx() else "review/retry.html"
    return render_template(template, retry=retry, message=message), status


def _review(board: str, moves: str, queue: bool = True) -> Review:
    """The review a link asks for, or 404 saying what is wrong with the link."""
    rules = board_or_404(board)
    try:
        shown = GameAt.of_link(rules, moves, request.args)
        opening = parse_opening(rules, request.args.get("opening"), shown.moves, shown.set_up)
        ending = Result.parse(request.args, Position.after(rules, shown.moves))
    except InvalidInput as error:
        abort(404, description=str(error))
    engines = engine_pool()
    found = judgements(rules, shown.moves, engines, queue, shown.set_up, _permit())
    return Review.of(rules, shown.moves, found, shown.step, engines.judge_name(rules), opening, ending, shown.set_up)


def _permit() -> Callable[[], bool]:
    """Asked before a review queues any new appraisal: whether this client
    may, within REVIEWS_PER_MINUTE (each look at a review queues its next
    APPRAISALS_QUEUED moves at most: a flood of links to long games nobody
    reviewed would otherwise queue hours of work)."""
    key, most = f"review:{client()}", current_app.config["REVIEWS_PER_MINUTE"]
    return lambda: rate_limits().allow(key, most, 60)


def _retry(board: str, moves: str, side: str) -> Retry:
    """The retry a link (and, for a try, its form) asks for."""
    review = _review(board, moves)
    if not review.complete:
        raise Conflict("The review of this game is not finished yet; retry its errors when it is.")
    fields = request.form if request.method == "POST" else request.args
    try:
        return Retry.of(review, side, fields.get("at"), fields.get("found"))
    except InvalidInput as error:
        abort(404, description=str(error))

