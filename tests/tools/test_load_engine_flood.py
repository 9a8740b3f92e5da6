"""make load-engine-flood: each kind of work its flood asks for is a page the
app serves (never a 404 that costs nothing), and a short real run under
gunicorn whose every answer is read."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from harness.servers import AppServer, run
from tools import load_engine_flood
from webapp.app import create_app


def test_the_flood_asks_for_engine_work_the_app_does(tmp_path: Path):
    """Each kind is refused by its bound before any work (a 429 is engine work asked for), or, for the review,
    shown with nothing queued: never a 404, which would cost the server nothing."""
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "ENGINE_WORKERS": "inline", "ENGINE_PAGES_PER_MINUTE": 0,
                      "REVIEWS_PER_MINUTE": 0}, instance_path=tmp_path)
    rng, seen = random.Random(3), set()
    while seen != set(load_engine_flood.KINDS):
        kind, path = load_engine_flood.flood_path(rng)
        if kind in seen:
            continue  # each kind once
        seen.add(kind)
        expected = 200 if kind == "review" else 429
        assert app.test_client().get(path).status_code == expected, path


@pytest.mark.live
def test_a_short_engine_flood_under_gunicorn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(load_engine_flood, "MOVES", 2)
    with AppServer(tmp_path, workers=2, ENGINE_BUDGET_MS="50", TRUSTED_PROXIES="1", ENGINE_PAGES_AT_ONCE="1",
                   ENGINE_PAGES_PER_MINUTE="2") as app:
        phase = run(load_engine_flood.run(app.port, 3))
    assert phase.unsound == 0 and len(phase.replies_ms) == 2
    statuses = {status for _, status in phase.flood}
    assert 429 in statuses and statuses <= {200, 429}, phase.flood
    report = load_engine_flood.report(phase, phase, "1 client")
    assert "p90 1.00x" in report[1] and "429 ×" in report[1]
