"""Where the examinations are kept (webapp/examinations/store.py), on each
store: one under way an engine, its progress and report kept only under its
own id, the report before kept beside the latest, and a rerun too soon refused."""

from __future__ import annotations

import pytest

from webapp.examinations import store as kept
from webapp.examinations.store import Begun, examinations_store, under_way
from webapp.storage.where import Where


def test_an_examination_begins_moves_on_and_finishes(where: Where):
    store = examinations_store(where)
    assert store.entry("x") == {"running": None, "latest": None, "previous": None}
    assert store.begin("x", "run1", 10) is Begun.STARTED
    assert store.begin("x", "run2", 10) is Begun.RUNNING
    store.progress("x", "run1", 4)
    store.progress("x", "run2", 9)  # not the one under way: nothing
    assert store.entry("x")["running"]["done"] == 4
    assert store.finish("x", "run1", {"kept": 3}) and not store.finish("x", "run1", {"kept": 0})
    entry = store.entry("x")
    assert entry["running"] is None and entry["latest"]["kept"] == 3 and entry["latest"]["id"] == "run1"
    assert entry["previous"] is None and store.entry("y")["latest"] is None


def test_another_starts_only_after_a_while_and_the_latest_becomes_the_previous(where: Where,
                                                                               monkeypatch: pytest.MonkeyPatch):
    store = examinations_store(where)
    store.begin("x", "run1", 10)
    store.finish("x", "run1", {"kept": 3})
    assert store.begin("x", "run2", 10) is Begun.TOO_SOON
    monkeypatch.setattr(kept, "RERUN_SECONDS", 0)
    assert store.begin("x", "run2", 10) is Begun.STARTED
    store.finish("x", "run2", {"kept": 5})
    entry = store.entry("x")
    assert (entry["latest"]["kept"], entry["previous"]["kept"]) == (5, 3)


def test_one_that_stopped_moving_on_is_no_longer_under_way(where: Where, monkeypatch: pytest.MonkeyPatch):
    store = examinations_store(where)
    store.begin("x", "lost", 10)
    monkeypatch.setattr(kept, "STALE_SECONDS", 0)
    assert not under_way(store.entry("x"), 1e12)
    assert store.begin("x", "again", 10) is Begun.STARTED
    assert store.entry("x")["running"]["id"] == "again"
