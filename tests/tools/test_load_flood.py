"""make load's flood run: the distinct positions its clients ask for, and a
short real run under gunicorn whose every answer is read."""

from __future__ import annotations

import random

import pytest

from harness.servers import AppServer, run
from tools import load_flood
from webapp.engine import BOARDS
from webapp.shared.game_link import parse_moves


def test_the_flood_asks_for_legal_distinct_positions():
    rng = random.Random(1)
    lines = [load_flood.random_line(rng) for _ in range(200)]
    assert all(3 <= len(parse_moves(BOARDS["15x15"], line)) <= 9 for line in lines)
    assert len(set(lines)) > 190


@pytest.mark.live
def test_a_short_flood_under_gunicorn(tmp_path, monkeypatch):
    monkeypatch.setattr(load_flood, "MASTER_MOVES", 2)
    with AppServer(tmp_path, workers=2, ENGINE_BUDGET_MS="50") as app:
        measured = run(load_flood.run(app.port, 3))
    assert measured.master.unsound == 0 and len(measured.master.positions) >= 2 and any(measured.master.positions)
    assert measured.small_ms and sum(measured.flood.values()) >= 3
    assert all(status < 500 or status == 503 for status in measured.flood), measured.flood
