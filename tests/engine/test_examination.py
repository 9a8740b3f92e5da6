"""The 3×3 examination (webapp.engine.players.examination, driven by
webapp.brains.examiner): engines written here, each a program of its own
that speaks the Gomocup protocol, asked in every position with a choice,
and judged. The positions reported wrong are checked against a minimax
written here, apart from the solved table the examination judges by."""

from __future__ import annotations

import sys
import textwrap
from functools import cache
from pathlib import Path

import pytest

from webapp.brains.examiner import examine, program_checked
from webapp.engine.game.boards import BOARDS
from webapp.engine.game.position import Position
from webapp.engine.players.examination import (
    THREE,
    FaultKind,
    Verdict,
    all_positions,
    judged,
    moves_to,
    new_mistakes,
    record_lines,
    sampled_positions,
    verdict,
)
from webapp.engine.players.keeping import share_keeping

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

ENGINE = '''\
import sys, time
from functools import cache
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

@cache
def value(board, me):
    """Minimax: +1 if the side to move (me) wins, 0 a draw, -1 a loss."""
    other = "2" if me == "1" else "1"
    if any(all(board[i] == other for i in line) for line in LINES):
        return -1
    empty = [i for i, c in enumerate(board) if c == "."]
    if not empty:
        return 0
    return max(-value(board[:i] + me + board[i + 1:], other) for i in empty)

def perfect(board):
    empty = [i for i, c in enumerate(board) if c == "."]
    return max(empty, key=lambda i: -value(board[:i] + "1" + board[i + 1:], "2"))

{choose}

board, lines, asked = "." * 9, None, 0
for line in sys.stdin:
    words = line.strip().upper()
    if lines is not None:
        if words == "DONE":
            board = "".join(lines.get(i, ".") for i in range(9))
            lines = None
        else:
            x, y, who = line.strip().split(",")
            lines[int(y) * 3 + int(x)] = who
            continue
    elif words.startswith("START") and words != "START 3":
        print("ERROR this engine plays 3x3 only", flush=True)
        continue
    elif words == "ABOUT":
        print('name="test-engine", version="1"', flush=True)
        continue
    elif words.startswith("START") or words == "RESTART":
        print("OK", flush=True)
        board = "." * 9
        continue
    elif words == "BOARD":
        lines = {{}}
        continue
    elif words != "BEGIN":
        if words == "END":
            break
        continue
    asked += 1
    cell = choose(board)
    print(f"{{cell % 3}},{{cell // 3}}", flush=True)
'''

CHOOSERS = {
    "perfect": "choose = perfect",
    "first": "def choose(board):\n    return board.index('.')",
    "crash_on_empty": "def choose(board):\n    if board == '.' * 9:\n        sys.exit(3)\n    return perfect(board)",
    "crash": "def choose(board):\n    sys.exit(3)",
    "hang": "def choose(board):\n    time.sleep(60)",
    "centre": "def choose(board):\n    return 4",
    "slow": "def choose(board):\n    time.sleep(0.03)\n    return perfect(board)",
}


def engine(folder: Path, name: str) -> list[str]:
    """The command that runs the engine CHOOSERS[name], written into folder as a program of its own."""
    path = folder / f"pbrain-test-{name}"
    path.write_text(f"#!{sys.executable}\n" + ENGINE.format(choose=textwrap.dedent(CHOOSERS[name])))
    path.chmod(0o755)
    return [str(path)]


@cache
def value(position: Position) -> int:
    """The test's own minimax: +1 if the side to move wins, 0 a draw, -1 a loss."""
    if position.winner is not None:
        return -1
    if position.empty == 0:
        return 0
    return max(-value(position.play(cell)) for cell in position.legal_moves())


def expected_verdict(position: Position, cell: int) -> Verdict:
    before, after = value(position), -value(position.play(cell))
    return {(1, 0): Verdict.WIN_TO_DRAW, (0, -1): Verdict.DRAW_TO_LOSS,
            (1, -1): Verdict.WIN_TO_LOSS}.get((before, after), Verdict.KEEPS)


def test_the_positions_are_the_learners_and_each_reached_by_its_moves():
    positions = all_positions()
    assert len(positions) == 4298 == len(set(positions))
    assert all(Position.after(THREE, moves_to(position)) == position for position in positions)


def test_every_verdict_is_the_minimaxs_over_every_position_and_move():
    for position in all_positions():
        for cell in position.legal_moves():
            assert verdict(position, cell) == expected_verdict(position, cell), (position.text, cell)


def test_a_perfect_engine_gets_no_position_wrong(tmp_path: Path):
    examined = examine("perfect", engine(tmp_path, "perfect"), THREE, all_positions())
    assert (examined.positions, examined.kept, examined.mistakes, examined.faults) == (4298, 4298, (), ())
    assert examined.share == 1.0 and examined.killed == 0 and examined.lanes == 2
    assert len(examined.seconds) == 4298 and 0 < examined.median_seconds <= examined.worst_seconds


def test_a_flawed_engine_gets_exactly_the_positions_where_its_move_loses_value(tmp_path: Path):
    """It plays the first empty square: wrong wherever the minimax says that square loses value."""
    examined = examine("first", engine(tmp_path, "first"), THREE, all_positions())
    played = {position: min(position.legal_moves()) for position in all_positions()}
    expected = {(position.text, cell): expected_verdict(position, cell) for position, cell in played.items()
                if expected_verdict(position, cell) != Verdict.KEEPS}
    found = {(mistake.position.text, mistake.cell): mistake.verdict for mistake in examined.mistakes}
    assert found == expected and len(found) > 100
    assert {verdict for verdict in found.values()} == {Verdict.WIN_TO_DRAW, Verdict.DRAW_TO_LOSS, Verdict.WIN_TO_LOSS}
    assert examined.kept == 4298 - len(expected) and examined.faults == ()
    first_square = lambda position: {min(position.legal_moves()): 1.0}  # noqa: E731
    assert examined.share == pytest.approx(share_keeping(first_square))  # the learners' measure
    for mistake in examined.mistakes:
        assert all(value(mistake.position.play(cell)) == -value(mistake.position) for cell in mistake.best)


def test_an_engine_that_crashes_in_one_position_is_started_again_for_the_rest(tmp_path: Path):
    examined = examine("crashes", engine(tmp_path, "crash_on_empty"), THREE, all_positions())
    (fault,) = examined.faults
    assert fault.kind == FaultKind.CRASH and fault.position == Position(THREE) and "exit status 3" in fault.said
    assert examined.killed == 1 and examined.kept == 4297 and examined.mistakes == ()


def test_an_engine_that_always_crashes_is_given_up_on(tmp_path: Path):
    examined = examine("crash", engine(tmp_path, "crash"), THREE, all_positions()[:20])
    kinds = [fault.kind for fault in examined.faults]
    assert kinds.count(FaultKind.CRASH) == 6 and kinds.count(FaultKind.NOT_ASKED) == 14  # three a lane
    assert examined.kept == 0 and examined.share == 0 and examined.killed == 6


def test_an_engine_that_hangs_is_killed_and_the_report_says_so(tmp_path: Path):
    examined = examine("hang", engine(tmp_path, "hang"), THREE, all_positions()[:8], hang_seconds=0.3)
    kinds = [fault.kind for fault in examined.faults]
    assert kinds.count(FaultKind.HANG) == 6 and kinds.count(FaultKind.NOT_ASKED) == 2
    assert all("killed" in fault.said for fault in examined.faults if fault.kind == FaultKind.HANG)
    assert examined.killed == 6 and examined.kept == 0


def test_an_illegal_move_is_named_with_its_position_and_the_engine_goes_on(tmp_path: Path):
    """It always plays the centre: illegal wherever the centre is taken, judged everywhere else."""
    examined = examine("centre", engine(tmp_path, "centre"), THREE, all_positions())
    illegal = {fault.position for fault in examined.faults if fault.kind == FaultKind.ILLEGAL}
    assert illegal == {position for position in all_positions() if position.mark_at(4) is not None}
    assert all(fault.said == "it played b2, which is taken" for fault in examined.faults)
    assert examined.killed == 0 and examined.kept + len(examined.mistakes) == 4298 - len(illegal)


def test_a_move_past_its_limit_is_counted_and_still_judged(tmp_path: Path):
    examined = examine("slow", engine(tmp_path, "slow"), THREE, all_positions()[:6], turn_ms=10)
    assert [fault.kind for fault in examined.faults] == [FaultKind.PAST_LIMIT] * 6
    assert examined.kept == 6 and examined.worst_seconds >= 0.03


def test_a_program_that_cannot_be_started_is_a_crash_on_every_lane(tmp_path: Path):
    examined = examine("nothing", [str(tmp_path / "missing")], THREE, all_positions()[:4], lanes=1)
    assert [fault.kind for fault in examined.faults] == [FaultKind.CRASH] * 3 + [FaultKind.NOT_ASKED]


def test_a_command_that_is_not_a_program_is_refused_before_anything_runs(tmp_path: Path):
    (tmp_path / "notes.txt").write_text("not a program")
    with pytest.raises(ValueError, match="no such file"):
        program_checked([str(tmp_path / "missing")])
    with pytest.raises(ValueError, match="not an executable"):
        program_checked([str(tmp_path / "notes.txt")])
    with pytest.raises(ValueError, match="no such file"):
        program_checked(["pbrain-nowhere-to-be-found"])
    assert program_checked([sys.executable, "x.py"]) == (sys.executable, "x.py")


def test_the_report_as_json_compares_with_an_earlier_one(tmp_path: Path):
    positions = all_positions()
    first = judged("first", THREE, [])  # nothing asked: nothing wrong
    later = examine("first", engine(tmp_path, "first"), THREE, positions[:200])
    report = later.as_json()
    assert report["positions"] == 200 and report["wrong"] == len(later.mistakes) > 0
    assert new_mistakes(first.as_json(), report) == report["mistakes"]
    assert new_mistakes(report, report) == []
    line = record_lines(report)[0]
    assert line.startswith(later.mistakes[0].position.text) and later.mistakes[0].verdict.value in line


def test_the_4x4_sample_is_seeded_distinct_and_every_position_has_a_choice():
    sample = sampled_positions(count=300, seed=5)
    assert sample == sampled_positions(count=300, seed=5) != sampled_positions(count=300, seed=6)
    assert len(set(sample)) == 300
    assert all(not position.is_over and position.empty.bit_count() >= 2 for position in sample)
    with pytest.raises(ValueError, match="not solved here"):
        sampled_positions(BOARDS["5x5"], 10)
    with pytest.raises(ValueError, match="1 to"):
        sampled_positions(count=0)
