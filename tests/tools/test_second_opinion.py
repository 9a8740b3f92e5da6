"""tools/second_opinion: a judge's evaluations read, turned to the mover's side,
and the move where a game was lost or a win let go found, through a judge
brain written here that says what the test tells it to."""

from __future__ import annotations

import io
import stat
import sys

import pytest

from tools import second_opinion
from tools.second_opinion import Judge, Opinion, opinion_of, report, verdicts
from webapp.engine import BOARDS
from webapp.shared.record import parse_moves

FAKE_JUDGE = '''\
import sys
EVALS = {evals!r}  # the evaluation it reports, by the number of stones on the board
stones, size = None, 15
for line in sys.stdin:
    line = line.strip()
    if line.startswith("START"):
        size = int(line.split()[1])
        print("OK", flush=True)
    elif line == "BOARD" or line == "BEGIN":
        stones = []
        if line == "BEGIN":
            line = "DONE"
    elif stones is not None and line != "DONE" and not line.startswith("INFO"):
        x, y, _ = line.split(",")
        stones.append((int(x), int(y)))
    if line == "DONE":
        said = EVALS.get(len(stones))
        if said is not None:
            print(f"MESSAGE Speed 1K | Depth 3 | Eval {{said}} | Node 1K", flush=True)
        free = next((x, y) for y in range(size) for x in range(size) if (x, y) not in stones)
        print(f"{{free[0]}},{{free[1]}}", flush=True)
        stones = None
    elif line == "END":
        break
'''


def judge_saying(tmp_path, evals: dict[int, str]) -> str:
    path = tmp_path / "pbrain-judge"
    path.write_text(f"#!{sys.executable}\n" + FAKE_JUDGE.format(evals=evals))
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


@pytest.mark.parametrize("written, turned, proven", [
    ("135", "-135", 0), ("-42", "42", 0), ("0", "0", 0), ("+M13", "-M13", 1), ("-M12", "+M12", -1)])
def test_an_opinion_turns_to_the_other_side(written, turned, proven):
    assert Opinion(written).turned() == Opinion(turned)
    assert Opinion(written).proven == proven
    assert Opinion(written).turned().turned() == Opinion(written)


def test_the_last_evaluation_among_the_messages_counts():
    said = ["MESSAGE REALTIME BEST 7,6", "MESSAGE Speed 543K | Depth 15-38 | Eval -157 | Node 100K",
            "MESSAGE Speed 550K | Depth 16-40 | Eval +M27 | Node 200K", "MESSAGE Bestline G9"]
    assert opinion_of(said) == Opinion("+M27")
    assert opinion_of(["MESSAGE Evaluation pending"]) is None


def test_the_move_that_lost_and_the_win_let_go_are_found(tmp_path):
    rules = BOARDS["15x15"]
    moves = parse_moves(rules, "h8-i8-i9-j10-h10")
    # O's moves are plies 2 and 4. Before ply 2 (1 stone, O to move) the judge proves O wins; after it
    # (2 stones, X to move) it does not: a win let go. Before ply 4 it is even; after it X wins: lost there.
    judge = Judge(rules, [judge_saying(tmp_path, {1: "+M7", 2: "-25", 3: "-40", 4: "+M11"})], 1000, ["MAX_NODE 9"])
    try:
        found = verdicts(judge, moves, "O")
    finally:
        judge.close()
    assert [(verdict.ply, verdict.before, verdict.after) for verdict in found] == [
        (2, Opinion("+M7"), Opinion("25")), (4, Opinion("-40"), Opinion("-M11"))]
    assert [(verdict.win_let_go, verdict.lost_here) for verdict in found] == [(True, False), (False, True)]
    out = io.StringIO()
    report(rules, found, out)
    lines = out.getvalue().splitlines()
    assert lines[0].split()[:2] == ["2", "i8"] and lines[0].endswith("a win let go")
    assert lines[1].endswith("lost here")
    assert lines[-1] == "  lost at ply 4; wins let go: 1"


def test_a_move_that_ends_the_game_is_judged_only_before(tmp_path, capsys):
    second_opinion.main([judge_saying(tmp_path, {8: "+M1"}), "/replay/7x7/d3-a1-d4-a2-d5-a3-d6-a4-d7", "--side", "X",
                         "--board", "7x7"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[1] for line in lines[:-1]] == ["d3", "d4", "d5", "d6", "d7"]
    assert lines[-2].split()[-3:] == ["+M1", "after", "–"]
    assert lines[-1] == "  never proven lost; wins let go: 0"


def test_a_game_that_does_not_parse_is_refused(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit:
        second_opinion.main([judge_saying(tmp_path, {}), "h8-h8", "--side", "O"])
    assert exit.value.code == 2
    assert "already took" in capsys.readouterr().err
