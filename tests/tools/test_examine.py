"""make examine (tools/examine.py): the report printed and kept, compared
with the last one, and bad input refused with a message, never a traceback."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tests.engine.test_examination import engine
from tools import examine


def run(*argv: str) -> str:
    out = io.StringIO()
    assert examine.main(list(argv), out=out) == 0
    return out.getvalue()


def test_a_flawed_engine_is_reported_kept_and_compared_with_last_time(tmp_path: Path):
    command = " ".join(engine(tmp_path, "first"))
    said = run(command, "--out", str(tmp_path / "out"))
    assert "on 3x3: every position with a choice, 4,298 positions asked" in said
    assert "/think/3x3/" in said and "/steps/3x3/" in said and "since last time" not in said
    (report,) = (tmp_path / "out").glob("*.json")
    kept = json.loads(report.read_text())
    record = report.with_suffix(".positions").read_text().splitlines()
    assert kept["positions"] == 4298 and kept["wrong"] == len(kept["mistakes"]) == len(record) > 0
    kept["mistakes"] = kept["mistakes"][3:]
    report.write_text(json.dumps(kept))
    assert "since last time: 3 positions are new mistakes, 0 mended" in run(command, "--out", str(tmp_path / "out"))


def test_our_brain_at_a_level_is_examined_by_its_own_options(tmp_path: Path):
    said = run("pbrain-kinrow --level perfect", "--out", str(tmp_path), "--lanes", "1")
    assert "kept the value in 4,298 (100.0%" in said and "wrong in 0" in said


def test_on_4x4_a_seeded_sample_is_judged_by_the_tablebase(tmp_path: Path):
    said = run("pbrain-kinrow --level easy", "--board", "4x4", "--sample", "300", "--seed", "4", "--out", str(tmp_path))
    assert "on 4x4: a sample seeded 4, 300 positions asked" in said and "/think/4x4/" in said
    (report,) = tmp_path.glob("*-4x4.json")
    assert json.loads(report.read_text())["positions"] == 300


@pytest.mark.parametrize(("argv", "message"), [
    (["nobody-at-all"], "names no engine"),
    (["/no/such/pbrain"], "there is no such file"),
    ([str(Path(__file__))], "not an executable file"),
    (["pbrain-kinrow --level easy", "--board", "7x7"], "no arguments"),
    (["/no/such/pbrain", "--board", "7x7"], "there is no such file"),
    (["x", "--lanes", "0"], "--lanes is 1 to 8"),
    (["master"], "does not play the 3x3 board: it answered START 3 with “ERROR The 3x3 board has the levels"),
    (["pbrain-kinrow", "--board", "4x4", "--sample", "0"], "1 to 100,000"),
])
def test_bad_input_gets_a_clear_message(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as stopped:
        examine.main(argv)
    assert stopped.value.code == 2 and message in capsys.readouterr().err
