"""make examine (tools/examine.py): the report printed and kept, compared
with the last one, and bad input refused with a message, never a traceback."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

from tests.engine.test_examination import engine
from tools import examine, examine_page


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


FIRST_EMPTY = """\
import sys
size, taken = 0, set()
def move():
    cell = next(cell for cell in range(size * size) if cell not in taken)
    taken.add(cell)
    print(f"{cell % size},{cell // size}", flush=True)
board = None
for line in sys.stdin:
    words = line.strip().upper().split()
    if board is not None:
        if words == ["DONE"]:
            taken, board = board, None
            move()
        else:
            x, y, _ = words[0].split(",")
            board.add(int(y) * size + int(x))
    elif words[:1] == ["START"]:
        size, taken = int(words[1]), set()
        print("OK", flush=True)
    elif words[:1] == ["RESTART"]:
        taken = set()
        print("OK", flush=True)
    elif words[:1] == ["BOARD"]:
        board = set()
    elif words[:1] == ["BEGIN"]:
        move()
    elif words[:1] == ["TURN"]:
        x, y = words[1].split(",")
        taken.add(int(y) * size + int(x))
        move()
    elif words[:1] == ["END"]:
        break
"""


def test_on_a_bigger_board_it_plays_games_with_colours_balanced_and_an_elo(tmp_path: Path):
    program = tmp_path / "pbrain-first"
    program.write_text(f"#!{sys.executable}\n{FIRST_EMPTY}")
    program.chmod(0o755)
    said = run(str(program), "--board", "5x5", "--against", str(program), "--games", "4", "--out", str(tmp_path))
    assert said.count("(X) –") == 4 and "4 games" in said and "Elo" in said
    (report,) = tmp_path.glob("*-5x5.json")
    match = json.loads(report.read_text())["games"][str(program)]
    assert match["wins"] + match["draws"] + match["losses"] == 4 and match["elo_low"] <= match["elo"]


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


def test_a_program_named_without_a_folder_is_found_beside_python_with_its_arguments():
    """`make examine ENGINE="pbrain-python docs/examples/minimax.py:choose"`, as docs/your-own-ai.md writes it."""
    command = examine.command_of("pbrain-python docs/examples/minimax.py:choose")
    assert Path(command[0]).name == "pbrain-python" and os.sep in command[0]
    assert command[1:] == ("docs/examples/minimax.py:choose",)


def test_the_pages_measure_counts_a_process_and_those_under_it():
    """tools.examine_page's CPU seconds: this process's own, at least, and nothing for one that is not there."""
    assert examine_page.cpu_seconds(os.getpid()) > 0
    assert examine_page.cpu_seconds(2 ** 22 + 1) == 0  # past the kernel's largest process id
