"""tests/reads.py: which files count as changed, and a cached function's
later callers counted as reading the file its first call read."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from tests.reads import RECORD, Recorder, changed_readers, digest


def test_a_changed_or_deleted_file_brings_its_readers_and_a_touched_one_does_not(tmp_path: Path) -> None:
    kept, edited, gone = (tmp_path / name for name in ("kept.html", "edited.css", "gone.json"))
    for path in (kept, edited, gone):
        path.write_text("before")
    record = {path.name: {"sha256": digest(path), "tests": [f"tests/test_x.py::reads_{path.stem}"]}
              for path in (kept, edited, gone)}
    (tmp_path / RECORD).write_text(json.dumps({"files": record}))
    kept.write_text("before")  # the same content, a new time
    edited.write_text("after")
    gone.unlink()
    assert changed_readers(tmp_path) == (["edited.css", "gone.json"],
                                         {"tests/test_x.py::reads_edited", "tests/test_x.py::reads_gone"})


DATA: Path | None = None


@cache
def loaded() -> str:
    """Stands for a shipped data file read once and kept."""
    assert DATA is not None
    with open(DATA) as file:
        return file.read()


def test_a_test_that_calls_a_cached_reader_reads_its_file(tmp_path: Path) -> None:
    global DATA
    DATA = tmp_path / "data.json"
    DATA.write_text("{}")
    recorder = Recorder(tmp_path)
    try:
        recorder.current = set()
        loaded()  # the first test: the file is opened
        assert recorder.current == {"data.json"}
        recorder.current = set()
        loaded()  # a later test: kept, not opened, still counted
        assert recorder.current == {"data.json"}
    finally:
        recorder.stop()
