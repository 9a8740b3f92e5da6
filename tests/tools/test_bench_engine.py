"""make bench's start-up figures: a fresh interpreter timed to its first replies, both ways."""

from __future__ import annotations

import pytest

from tools import bench_engine


@pytest.mark.parametrize("bytecode", [True, False], ids=["bytecode-cached", "compiled-afresh"])
def test_a_fresh_start_is_timed_to_its_first_3x3_and_then_4x4_reply(monkeypatch, bytecode):
    monkeypatch.setattr(bench_engine, "COLD_RUNS", 1)
    three, four, megabytes = bench_engine.cold_start(bytecode)
    assert 0 < three < four and megabytes > 1
