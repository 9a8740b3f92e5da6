"""tools/second_opinion: the move where a game was lost or a win let go
found, through a fake judge brain (tests/fake_brain.py) that says what the
test tells it to. (How evaluations are read and turned to the mover's side:
tests/engine/test_external.py.)"""

from __future__ import annotations

import io

import pytest

from tests.brains import judge_saying
from tools import second_opinion
from tools.second_opinion import Judge, report, verdicts
from webapp.brains.gomocup import Evaluation
from webapp.engine import BOARDS
from webapp.shared.game_link import parse_moves


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
        (2, Evaluation("+M7"), Evaluation("25")), (4, Evaluation("-40"), Evaluation("-M11"))]
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
