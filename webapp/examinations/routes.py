"""/examinations: the installed engines, each with its latest examination;
/engines/<name>/examination: an installed engine's every 3×3 move judged
against perfect play (examining.py), started from its page, run on the
engine workers while the page shows its progress, kept, compared with the
one before, and downloadable as JSON and as a record of the wrong positions.
Only engines ENGINE_BRAINS names: any other name is a 404 that says so."""

from __future__ import annotations

import json
import time

from flask import Blueprint, Response, abort, current_app, redirect, render_template, url_for
from werkzeug.exceptions import TooManyRequests
from werkzeug.wrappers import Response as WerkzeugResponse

from webapp.brains.external import Brain
from webapp.engine.players.examination import record_lines
from webapp.examinations.examining import SHOWN, described, examine_engine, new_run_id, positions_total, run_name
from webapp.examinations.store import RERUN_SECONDS, Begun, Examinations, examinations_at, under_way
from webapp.shared.web import client, engine_pool, is_htmx, limit_a_minute, never_cached, roster
from webapp.storage.where import Where

bp = Blueprint("examinations", __name__)

AT_ONCE = 1
"""How many examinations the whole site may run at once: each holds one of the pages lane's workers (and two
of the engine's processes) for as long as the engine takes, so the other workers stay free for the pages."""
STARTS_A_MINUTE = 4
"""How many examinations one client may start a minute."""


@bp.get("/examinations")
def index() -> str:
    """Every installed engine, a row each, with its latest examination's share and a link to its page."""
    never_cached()
    store = _store()
    rows = [(brain, store.entry(brain.name).get("latest")) for brain in roster().brains]
    return render_template("examinations/index.html", rows=rows)


@bp.get("/engines/<name>/examination")
def page(name: str) -> str:
    """The engine's examination as it stands: under way (the fragment, for
    htmx, asks again every second; without JavaScript the page refreshes
    itself), or its latest report, with a button to examine it again."""
    never_cached()
    brain = _brain(name)
    view = described(_store().entry(brain.name), time.time())
    template = "examinations/_examination.html" if is_htmx() else "examinations/examination.html"
    return render_template(template, brain=brain, view=view, shown=SHOWN, total=positions_total())


@bp.post("/engines/<name>/examination")
def start(name: str) -> WerkzeugResponse:
    """Start an examination of the engine on the engine workers, and go to its
    page; 429 while AT_ONCE are under way on the site, one of this engine
    finished less than RERUN_SECONDS ago, or past STARTS_A_MINUTE from this client."""
    brain = _brain(name)
    store = _store()
    now = time.time()
    if sum(under_way(store.entry(other.name), now) for other in roster().brains if other.name != name) >= AT_ONCE:
        raise TooManyRequests("Another engine is being examined now, the most at once: each holds an engine "
                              "worker. Please try again in a minute.", retry_after=60)
    limit_a_minute(f"examinations:{client()}", STARTS_A_MINUTE, f"Your network has started {STARTS_A_MINUTE} "
                   "examinations in the last minute, the most for one network. Please try again in a minute.")
    run_id = new_run_id()
    begun = store.begin(brain.name, run_id, positions_total())
    if begun is Begun.TOO_SOON:
        raise TooManyRequests(f"{brain.title} was examined less than {RERUN_SECONDS // 60} minutes ago; its report "
                              "stands below. Please try again later.", retry_after=RERUN_SECONDS)
    if begun is Begun.STARTED:
        engine_pool().later(examine_engine, _where(), brain, run_id, once=run_name(brain.name, run_id),
                            watched=True)
    return redirect(url_for(".page", name=brain.name), 303)


@bp.get("/engines/<name>/examination.json")
def report_json(name: str) -> Response:
    """The latest report, every figure, mistake and fault, as a JSON file."""
    report = _latest(name)
    return Response(json.dumps(report, indent=1) + "\n", content_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}-examination.json"'})


@bp.get("/engines/<name>/examination.positions")
def record(name: str) -> Response:
    """The latest report's wrong positions as a record, a line each (examination.record_lines)."""
    lines = record_lines(_latest(name))
    return Response("".join(line + "\n" for line in lines), content_type="text/plain; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{name}-examination.positions"'})


def _latest(name: str) -> dict:
    brain = _brain(name)
    latest = _store().entry(brain.name).get("latest")
    if not latest:
        abort(404, description=f"{brain.title} has not been examined yet: its page starts an examination.")
    return latest


def _brain(name: str) -> Brain:
    """The installed engine of that name, or a 404 that says there is none."""
    brain = roster().brain(name)
    if brain is None:
        abort(404, description=f"No engine named “{name[:40]}” is installed here: only the engines the site's "
                               "operator configured (ENGINE_BRAINS) are examined.")
    return brain


def _where() -> Where:
    return Where(current_app.config["REDIS_URL"], current_app.instance_path)


def _store() -> Examinations:
    return examinations_at(_where())
