"""/lessons: the path of lessons on how a computer plays (webapp/shared/lessons.py),
and its lesson, /lessons/learning; /learn: how the learners learned, and
what this browser's own MENACE has learned so far; /learn/runs: learning runs
a person starts and watches, trained on the engine workers (runs.py)."""

from __future__ import annotations

import re

from flask import Blueprint, abort, current_app, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import TooManyRequests

from webapp.learn.charts import my_menace_chart, run_chart, tally, training_chart
from webapp.learn.runs import (
    BASELINES,
    CHOICES,
    DEFAULTS,
    GAMES,
    Settings,
    described,
    new_run,
    new_run_id,
    step_name,
    train_chunk,
    under_way,
)
from webapp.learn.store import LearningRuns, Started, runs_at
from webapp.shared import my_menace
from webapp.shared.web import account_parts, client, engine_pool, is_htmx, never_cached
from webapp.storage.session_parts import keep_part, part
from webapp.storage.where import Where

bp = Blueprint("learn", __name__)

SESSION_PART = "learn"
"""The learn feature's part of a browser's session: the runs it started, newest last."""
RUNS_KEPT = 5
"""How many of its runs a browser lists."""
RUNS_PER_BROWSER = 1
"""How many runs one browser may have under way at once: its person watches one. A client
without cookies escapes it, so the client's own bound (LEARNING_RUNS_PER_CLIENT) holds too."""
RUNS_AT_ONCE = 4
"""How many runs the whole site may have under way at once: each holds a worker for a chunk at a time."""
RETRY_SECONDS = 30
"""When a refused start may try again: a run of the default size learns in about ten seconds."""
RUN_ID = re.compile(r"[A-Za-z0-9_-]{1,24}")


@bp.get("/learn")
def page() -> str:
    never_cached()
    machine = my_menace.read(session, account_parts())
    return render_template("learn/learn.html", menace=training_chart("menace"), network=training_chart("network"),
                           mine=my_menace_chart(machine), tally=tally(machine), runs=_my_runs(),
                           settings=DEFAULTS, most_games=GAMES)


@bp.get("/lessons")
def lessons() -> str:
    """The path's lessons in order, each with the question it answers."""
    return render_template("learn/lessons.html")


@bp.get("/lessons/learning")
def lesson() -> str:
    """The lesson on learning by playing, with a run to start and watch."""
    never_cached()
    latest = _my_runs()[:1]
    run = latest[0] if latest else None
    if run is not None:
        _keep_going(run["id"], run)
    return render_template("learn/lesson.html", run=run, chart=run_chart(run) if run else None,
                           settings=DEFAULTS, most_games=GAMES, choices=CHOICES, shares=BASELINES)


@bp.post("/learn/runs")
def start_run() -> ResponseReturnValue:
    """Start a learning run: its first chunk queued on the engine workers, and
    the browser sent to watch it (on the lesson, if it came from there).
    429 past the bounds: a run of this browser's still under way,
    LEARNING_RUNS_PER_CLIENT runs of this client's (its address), or
    RUNS_AT_ONCE runs under way on the site."""
    settings = Settings.parse(request.form)
    mine = _my_run_ids()
    store = _runs()
    if sum(under_way(store.record(run_id)) for run_id in mine) >= RUNS_PER_BROWSER:
        raise TooManyRequests("Your last run is still learning. Watch it finish, then start another.",
                              retry_after=RETRY_SECONDS)
    run_id = new_run_id()
    record, state = new_run(settings)
    most_for_client = current_app.config["LEARNING_RUNS_PER_CLIENT"]
    started = store.start(run_id, record, state, RUNS_AT_ONCE, client(), most_for_client)
    if started is Started.CLIENT_FULL:
        raise TooManyRequests(f"Your network has {most_for_client} runs learning now, the most for one network, "
                              "so that others get their turn. Please try again when one finishes, in a minute.",
                              retry_after=RETRY_SECONDS)
    if started is Started.SITE_FULL:
        raise TooManyRequests(f"{RUNS_AT_ONCE} runs are learning on this site now, the most at once. "
                              "Please try again in a minute.", retry_after=RETRY_SECONDS)
    keep_part(session, SESSION_PART, {"runs": [*mine, run_id][-RUNS_KEPT:]})
    _keep_going(run_id, record)
    if request.form.get("from") == "lesson":
        return redirect(url_for(".lesson", _anchor="run"), 303)
    return redirect(url_for(".run", run_id=run_id), 303)


@bp.get("/learn/runs/<run_id>")
def run(run_id: str) -> str:
    """A run as it stands: its curve so far, and while it learns, the page
    (or for htmx, the fragment alone, which asks again every second) shows each chunk as it lands."""
    never_cached()
    record = _runs().record(run_id) if RUN_ID.fullmatch(run_id) else None
    if record is None:
        abort(404, description="There is no such learning run: its link is wrong, or it was dropped "
                               "a month after it finished.")
    _keep_going(run_id, record)
    template = "learn/_run.html" if is_htmx() else "learn/run.html"
    return render_template(template, run=described(run_id, record), chart=run_chart(record), settings=DEFAULTS,
                           most_games=GAMES, choices=CHOICES)


@bp.post("/learn/menace/reset")
def reset_my_menace() -> ResponseReturnValue:
    """Empty this browser's MENACE's boxes, and show what it knows now: nothing."""
    parts = account_parts()  # signed in, the account's MENACE is emptied, on every browser of it
    my_menace.keep(session, my_menace.emptied(my_menace.read(session, parts)), parts)
    return redirect(url_for(".page"), 303)


def _keep_going(run_id: str, record: dict) -> None:
    """Queue the run's next chunk unless it is finished, queued lately or done
    (EnginePool.later's once): so a chunk lost with its worker is queued again
    when its page is next looked at."""
    if not record["finished"]:
        engine_pool().later(train_chunk, _where(), run_id,
                                                once=step_name(run_id, record["played"]), watched=True)


def _my_run_ids() -> list[str]:
    runs = part(session, SESSION_PART).get("runs")
    return [run_id for run_id in runs if isinstance(run_id, str)] if isinstance(runs, list) else []


def _my_runs() -> list[dict]:
    """This browser's runs that are still kept, newest first."""
    store = _runs()
    found = [(run_id, store.record(run_id)) for run_id in reversed(_my_run_ids())]
    return [described(run_id, record) for run_id, record in found if record is not None]


def _where() -> Where:
    return Where(current_app.config["REDIS_URL"], current_app.instance_path)


def _runs() -> LearningRuns:
    return runs_at(_where())
