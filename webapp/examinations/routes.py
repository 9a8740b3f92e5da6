"""/examinations: the installed engines, each with its latest examinations;
/engines/<name>/examination: an installed engine's every 3×3 move judged
against perfect play (examining.py), or with ?board=4x4 its moves in a
seeded sample of 4×4 positions, started from its page, run on the engine
workers while the page shows its progress, kept, compared with the one
before, and downloadable as JSON and as a record of the wrong positions.
Only engines ENGINE_BRAINS names: any other name is a 404 that says so;
any other board a 400."""

from __future__ import annotations

import json
import time

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, url_for
from werkzeug.exceptions import BadRequest, TooManyRequests
from werkzeug.wrappers import Response as WerkzeugResponse

from webapp.brains.external import Brain
from webapp.engine.players.examination import SAMPLE_SIZE, record_lines
from webapp.examinations.examining import (
    PAGE_SAMPLE,
    SHOWN,
    Exam,
    described,
    entry_name,
    exam_named,
    examine_engine,
    new_run_id,
    positions_total,
    run_name,
)
from webapp.examinations.lesson import examined_examples, example_source
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
    """Every installed engine, a row each, with its latest examinations' shares and links to their pages."""
    never_cached()
    store = _store()
    rows = [(brain, {exam: store.entry(entry_name(brain.name, exam)).get("latest") for exam in Exam})
            for brain in roster().brains]
    return render_template("examinations/index.html", rows=rows, exams=Exam)


@bp.get("/lessons/write-your-own")
def lesson() -> str:
    """The path's last lesson: from the searches seen to an engine of one's
    own, the documented minimax read from its file, and what the examination
    says of it and of a flawed heuristic (lesson.py: the kept report)."""
    return render_template("examinations/lesson.html", minimax=example_source("minimax"),
                           ways_to_win=example_source("ways_to_win"),
                           examples=examined_examples(), brains=roster().brains, total=positions_total())


@bp.get("/engines/<name>/examination")
def page(name: str) -> str:
    """The engine's examination as it stands: under way (the fragment, for
    htmx, asks again every second; without JavaScript the page refreshes
    itself), or its latest report, with a button to examine it again."""
    never_cached()
    brain, exam = _brain(name), _exam(request.args.get("board"))
    view = described(_store().entry(entry_name(brain.name, exam)), time.time(), exam)
    template = "examinations/_examination.html" if is_htmx() else "examinations/examination.html"
    return render_template(template, brain=brain, view=view, shown=SHOWN, total=positions_total(exam), exam=exam,
                           exams=Exam, plays=brain.plays_on(exam.rules), full_sample=SAMPLE_SIZE)


@bp.post("/engines/<name>/examination")
def start(name: str) -> WerkzeugResponse:
    """Start an examination of the engine (the form's board: 3×3 or the 4×4
    sample) on the engine workers, and go to its page; 429 while AT_ONCE are
    under way on the site, one of the same finished less than RERUN_SECONDS
    ago, or past STARTS_A_MINUTE from this client."""
    brain, exam = _brain(name), _exam(request.form.get("board"))
    store, entry = _store(), entry_name(name, exam)
    now = time.time()
    others = [entry_name(other.name, kind) for other in roster().brains for kind in Exam]
    if sum(under_way(store.entry(other), now) for other in others if other != entry) >= AT_ONCE:
        raise TooManyRequests("Another examination is under way on the site now, the most at once: each holds an "
                              "engine worker. Please try again in a minute.", retry_after=60)
    limit_a_minute(f"examinations:{client()}", STARTS_A_MINUTE, f"Your network has started {STARTS_A_MINUTE} "
                   "examinations in the last minute, the most for one network. Please try again in a minute.")
    run_id = new_run_id()
    begun = store.begin(entry, run_id, positions_total(exam))
    if begun is Begun.TOO_SOON:
        raise TooManyRequests(f"{brain.title} was examined less than {RERUN_SECONDS // 60} minutes ago; its report "
                              "stands below. Please try again later.", retry_after=RERUN_SECONDS)
    if begun is Begun.STARTED:
        engine_pool().later(examine_engine, _where(), brain, run_id, exam, once=run_name(entry, run_id),
                            watched=True)
    return redirect(_page_url(brain.name, exam), 303)


@bp.get("/engines/<name>/examination.json")
def report_json(name: str) -> Response:
    """The latest report (?board=: 3×3 or the 4×4 sample), every figure, mistake and fault, as a JSON file."""
    exam = _exam(request.args.get("board"))
    report = _latest(name, exam)
    return Response(json.dumps(report, indent=1) + "\n", content_type="application/json",
                    headers={"Content-Disposition": _attachment(name, exam, "json")})


@bp.get("/engines/<name>/examination.positions")
def record(name: str) -> Response:
    """The latest report's wrong positions as a record, a line each (examination.record_lines)."""
    exam = _exam(request.args.get("board"))
    lines = record_lines(_latest(name, exam))
    return Response("".join(line + "\n" for line in lines), content_type="text/plain; charset=utf-8",
                    headers={"Content-Disposition": _attachment(name, exam, "positions")})


def _latest(name: str, exam: Exam) -> dict:
    brain = _brain(name)
    latest = _store().entry(entry_name(brain.name, exam)).get("latest")
    if not latest:
        abort(404, description=f"{brain.title} has not been examined on {exam.rules.name} yet: its page starts "
                               "an examination.")
    return latest


def _exam(board: str | None) -> Exam:
    """The examination a board names (3×3 when none is), or a 400 that says which there are."""
    exam = exam_named(board)
    if exam is None:
        raise BadRequest(f"No examination is made on “{(board or '')[:20]}”: on 3x3, every position; on 4x4, "
                         f"a sample of {PAGE_SAMPLE:,}.")
    return exam


def _page_url(name: str, exam: Exam) -> str:
    """The examination's page: the plain address for 3×3, ?board=4x4 for the sample."""
    return url_for(".page", name=name) if exam is Exam.THREE else url_for(".page", name=name, board=exam.value)


def _attachment(name: str, exam: Exam, suffix: str) -> str:
    """A download's Content-Disposition: <name>-examination.<suffix>, the 4×4 sample's with its board."""
    board = "" if exam is Exam.THREE else f"-{exam.value}"
    return f'attachment; filename="{name}{board}-examination.{suffix}"'


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
