"""/lessons: the path of lessons on how a computer plays (webapp/shared/lessons.py);
/learn: how the learners learned, and what this browser's own MENACE has learned so far."""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, session, url_for

from webapp.learn.charts import my_menace_chart, tally, training_chart
from webapp.shared import my_menace
from webapp.shared.web import never_cached

bp = Blueprint("learn", __name__)


@bp.get("/learn")
def page() -> str:
    never_cached()
    machine = my_menace.read(session)
    return render_template("learn/learn.html", menace=training_chart("menace"), network=training_chart("network"),
                           mine=my_menace_chart(machine), tally=tally(machine))


@bp.get("/lessons")
def lessons() -> str:
    """The path's lessons in order, each with the question it answers."""
    return render_template("learn/lessons.html")


@bp.post("/learn/menace/reset")
def reset_my_menace() -> Response:
    """Empty this browser's MENACE's boxes, and show what it knows now: nothing."""
    my_menace.keep(session, my_menace.emptied(my_menace.read(session)))
    return redirect(url_for(".page"), 303)
