"""The examination's page (/engines/<name>/examination): an installed
engine examined on the engine workers (inline here: the job runs in the
request that starts it), its report shown with each wrong position linked
to the think page and the stepper, kept, downloadable, compared with the
one before; any name but an installed engine's a 404 that says so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.engine.test_examination import engine
from webapp.app import create_app
from webapp.brains.external import stop_all
from webapp.examinations import examining
from webapp.examinations.examining import described
from webapp.examinations.store import examinations_at
from webapp.storage.where import Where


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    engines = {name: engine(tmp_path, chooser)[0] for name, chooser in
               (("flawless", "perfect"), ("first", "first"), ("crashes", "crash"))}
    app = create_app({"TESTING": True, "SECRET_KEY": "examinations",
                      "ENGINE_BRAINS": ",".join(f"{name}={path}" for name, path in engines.items())},
                     instance_path=str(tmp_path / "instance"))
    yield app
    stop_all()


@pytest.fixture
def visitor(app: Flask) -> FlaskClient:
    return app.test_client()


def test_an_engine_not_installed_is_a_404_that_says_so(visitor: FlaskClient):
    for answer in (visitor.get("/engines/nobody/examination"), visitor.post("/engines/nobody/examination"),
                   visitor.get("/engines/nobody/examination.json"), visitor.get("/engines/../examination")):
        assert answer.status_code == 404
    assert "No engine named “nobody” is installed here" in visitor.get("/engines/nobody/examination").text


def test_a_flawed_engine_is_examined_and_its_mistakes_linked(visitor: FlaskClient):
    page = visitor.get("/engines/first/examination")
    assert page.status_code == 200 and "has not been examined yet" in page.text
    assert visitor.get("/engines/first/examination.json").status_code == 404
    started = visitor.post("/engines/first/examination")
    assert started.status_code == 303 and started.location.endswith("/engines/first/examination")
    page = visitor.get("/engines/first/examination").text
    report = json.loads(visitor.get("/engines/first/examination.json").text)
    assert report["positions"] == 4298 and report["wrong"] > 100 and report["identity"].startswith("first-")
    assert f"got\n    <strong>{report['wrong']:,}</strong> wrong" in page
    assert 'href="/think/3x3/0"' in page and 'href="/steps/3x3/0"' in page  # X in the corner, O on the edge
    assert "Examine it again" in page and "hx-trigger" not in page
    record = visitor.get("/engines/first/examination.positions")
    assert record.status_code == 200 and len(record.text.splitlines()) == report["wrong"]
    assert visitor.post("/engines/first/examination").status_code == 429  # too soon: the report stands


def test_a_perfect_engine_has_nothing_wrong_and_a_crashing_one_says_so(visitor: FlaskClient):
    visitor.post("/engines/flawless/examination")
    assert "<strong>100.0%</strong>" in visitor.get("/engines/flawless/examination").text
    visitor.post("/engines/crashes/examination")
    page = visitor.get("/engines/crashes/examination").text
    assert "<strong>0</strong> of 4,298" in page and "it stopped (exit status 3)" in page


def test_while_one_engine_is_examined_another_waits(app: Flask, visitor: FlaskClient):
    examinations_at(Where(None, app.instance_path)).begin("first", "under-way", 4298)
    refused = visitor.post("/engines/flawless/examination")
    assert refused.status_code == 429 and "Another examination is under way on the site now" in refused.text
    assert visitor.post("/engines/first/examination").status_code == 303  # its own: the one under way stands
    assert examinations_at(Where(None, app.instance_path)).entry("first")["running"]["id"] == "under-way"


def test_while_an_engines_4x4_sample_is_examined_its_3x3_examination_waits(app: Flask, visitor: FlaskClient):
    """AT_ONCE counts every examination under way, of any kind: each holds a worker."""
    examinations_at(Where(None, app.instance_path)).begin("first:4x4", "under-way", 10_000)
    refused = visitor.post("/engines/first/examination")
    assert refused.status_code == 429 and "Another examination is under way on the site now" in refused.text
    again = visitor.post("/engines/first/examination", data={"board": "4x4"})
    assert again.status_code == 303 and again.location.endswith("?board=4x4")  # the one under way stands
    page = visitor.get("/engines/first/examination?board=4x4").text
    assert "0 of 10,000 positions answered" in page and 'hx-get="/engines/first/examination?board=4x4"' in page


def test_the_index_lists_every_installed_engine_with_its_latest_share(visitor: FlaskClient):
    visitor.post("/engines/flawless/examination")
    page = visitor.get("/examinations").text
    assert 'href="/engines/flawless/examination">test-engine</a>' in page and "100.0%" in page
    assert page.count("not examined yet") == 2 and page.count("does not play 4x4") == 3  # the test engines: 3×3 only


def test_the_page_marks_the_mistakes_new_since_the_examination_before(app: Flask):
    store = examinations_at(Where(None, app.instance_path))
    mistake = {"position": "X........", "to_move": "O", "moves": [0], "played": 1, "best": [4],
               "lost": "turns a draw into a loss"}
    other = {**mistake, "position": "XO.......", "to_move": "X", "moves": [0, 1], "played": 2, "best": [4]}
    report = {"positions": 2, "kept": 0, "share": 0.0, "wrong": 2, "mistakes": [mistake, other],
              "fault_positions": []}
    view = described({"running": None, "latest": report, "previous": {**report, "mistakes": [mistake]}}, 0)
    assert view["new"] == 1 and [row["new"] for row in view["mistakes"]] == [False, True]
    assert view["mistakes"][1]["notation"] == "01" and view["mistakes"][0]["best_names"] == "b2"
    assert described({"running": None, "latest": report, "previous": None}, 0)["new"] is None
    assert store.entry("first")["latest"] is None


FIRST_EMPTY = """\
def choose(board, side, k):
    return next((row, column) for row, line in enumerate(board) for column, mark in enumerate(line) if mark == ".")
"""


def test_the_4x4_sample_is_examined_on_its_own_page_kept_apart_from_3x3(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch):
    """A function of the test's, through pbrain-python (every board): its 4×4
    sample (made small here) has a page, a report and downloads of its own,
    and its 3×3 examination is untouched; any other board is a 400."""
    monkeypatch.setattr(examining, "PAGE_SAMPLE", 200)
    (tmp_path / "first.py").write_text(FIRST_EMPTY)
    app = create_app({"TESTING": True, "SECRET_KEY": "examinations",
                      "ENGINE_BRAINS": f"first=pbrain-python {tmp_path / 'first.py'}:choose"},
                     instance_path=str(tmp_path / "instance"))
    visitor = app.test_client()
    try:
        page = visitor.get("/engines/first/examination?board=4x4")
        assert page.status_code == 200 and "200 4×4 positions" in page.text and 'name="board" value="4x4"' in page.text
        started = visitor.post("/engines/first/examination", data={"board": "4x4"})
        assert started.status_code == 303 and started.location.endswith("/engines/first/examination?board=4x4")
        report = json.loads(visitor.get("/engines/first/examination.json?board=4x4").text)
        assert report["board"] == "4x4" and report["positions"] == 200 and report["wrong"] > 0
        page = visitor.get("/engines/first/examination?board=4x4").text
        assert f"<strong>{report['wrong']:,}</strong> wrong" in page and 'href="/think/4x4/' in page
        record = visitor.get("/engines/first/examination.positions?board=4x4")
        assert len(record.text.splitlines()) == report["wrong"] and "first-4x4-examination" in record.headers[
            "Content-Disposition"]
        assert "has not been examined yet" in visitor.get("/engines/first/examination").text
        assert visitor.get("/engines/first/examination.json").status_code == 404
        for bad in (visitor.get("/engines/first/examination?board=15x15"),
                    visitor.post("/engines/first/examination", data={"board": "9x9"})):
            assert bad.status_code == 400 and "No examination is made on" in bad.text
    finally:
        stop_all()
