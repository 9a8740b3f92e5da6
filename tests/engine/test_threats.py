"""Wins by threes: every win the solver claims is checked here against every
reply the other side has, not only the defences the solver itself tries."""

from __future__ import annotations

import random
from functools import cache

import pytest

from harness.positions import random_positions, setup
from tests.reach import Reach
from webapp.engine import BOARDS, Position, think
from webapp.engine.game.rules import cells_of
from webapp.engine.play.evaluate import evaluator
from webapp.engine.play.threats import ThreatSolver, threat_to_answer, win_by_fours, winning_moves


def claimed_win(here: Position) -> list[int] | None:
    evaluation = evaluator(here.rules)
    return ThreatSolver(evaluation).win_by_threes(evaluation.node(here, shaped=False))


@cache
def wins_against_everything(here: Position, plies: int) -> bool:
    """Whether the side to move wins within plies, playing the solver's first
    move each time, whatever the other side replies (every empty cell)."""
    line = claimed_win(here)
    if line is None or plies <= 0:
        return False
    after = here.play(line[0])
    if after.winner:
        return True
    if after.is_over:
        return False
    return all(not (reply := after.play(cell)).is_over and wins_against_everything(reply, plies - 2)
               for cell in after.legal_moves())


@pytest.mark.parametrize("board, x, o", [
    ("5x5", "c3", "d3"),                              # four in a row: X wins after O's reply beside the centre
    ("7x7", "b4 c4 d5 d6", "a1 g1 a7 g7"),           # d4 makes two open threes
    ("15x15", "h8 i9 j10 h10 g11", "i8 g9 h9 j9 i10"),  # an open four at once
])
def test_known_wins_by_threes_hold_against_every_reply(board: str, x: str, o: str):
    here = setup(board, x=x, o=o)
    line = claimed_win(here)
    assert line is not None
    assert wins_against_everything(here, 25)
    assert think(here, 2000).kind == "forced win"


@pytest.mark.parametrize("board", ["5x5", "7x7"])
def test_every_win_by_threes_claimed_in_random_positions_holds(board: str, reach: Reach):
    claimed = 0
    for here in random_positions(board, reach.count(300, 60), random.Random(3), least=3, most=12):
        if here.winning_cells("X") or here.winning_cells("O") or claimed_win(here) is None:
            continue
        assert wins_against_everything(here, 30), here.text
        claimed += 1
    assert claimed >= reach.count(10, 2), "the random positions had wins by threes to check"


@pytest.mark.parametrize("board, count, most", [("5x5", 60, 16), ("7x7", 120, 24)])
def test_the_solver_proves_the_same_from_a_node_without_its_shapes(board: str, count: int, most: int):
    """The threat solver reads only the windows: the shapes, most of a fresh
    Node's cost, are left out of the Nodes it starts from."""
    evaluation = evaluator(BOARDS[board])
    proven = 0
    for here in random_positions(board, count, random.Random(11), least=4, most=most):
        whole, bare = evaluation.node(here), evaluation.node(here, shaped=False)
        assert bare[:9] == whole[:9] and bare.my_cells is None
        if whole.my_wins or whole.their_wins:
            continue
        line = ThreatSolver(evaluation).proven_win(whole)
        assert ThreatSolver(evaluation).proven_win(bare) == line, here.text
        proven += line is not None
    assert proven >= 5, "the random positions had wins to prove"


def test_no_win_by_threes_where_there_is_none():
    for board in ["5x5", "7x7", "15x15"]:
        rules = BOARDS[board]
        assert claimed_win(Position(rules).play(rules.centre)) is None


@pytest.mark.parametrize("board, most", [("5x5", 16), ("7x7", 30)])
def test_asking_only_for_short_wins_finds_every_short_win_the_whole_board_gives(board: str, most: int,
                                                                                reach: Reach):
    """winning_moves(within=n) skips the moves that cannot start a win that
    short (neither a four nor a completion); it misses none that can."""
    short_wins = 0
    for here in random_positions(board, reach.count(120, 30), random.Random(7), least=4, most=most):
        every = winning_moves(here)
        for within in (1, 3):
            expected = {cell: line for cell, line in every.items() if len(line) <= within}
            asked = {cell: line for cell, line in winning_moves(here, within).items() if len(line) <= within}
            assert asked == expected, here.text
            short_wins += len(expected)
    assert short_wins >= reach.count(20, 5), "the random positions had short wins to find"


@pytest.mark.parametrize("x, o, kind", [
    ("a1 a3 a5", "h8 h9 h10", "three"),                          # an open three
    ("h7 o1 m3 c13 e15", "h8 h9 h10 i11 j11", "fours"),          # a four-three at h11
])
def test_a_threat_to_answer_is_answered_exactly_by_its_answers(x: str, o: str, kind: str):
    """After each answer the other side wins by fours no more; after every
    other move near the stones that is not a four of its own, it does."""
    here = setup("15x15", x=x, o=o)
    threat = threat_to_answer(here)
    assert threat is not None and threat.kind == kind and threat.answers
    evaluation = evaluator(here.rules)
    node = evaluation.node(here, shaped=False)
    fours = evaluation.four_cells(node)
    for cell in cells_of(node.near & ~here.stones):
        if fours >> cell & 1:
            continue
        assert (win_by_fours(here.play(cell)) is None) == (cell in threat.answers), here.rules.cell_name(cell)


def test_no_threat_to_answer_where_there_is_none_or_a_line_comes_first():
    rules = BOARDS["15x15"]
    assert threat_to_answer(Position(rules).play(rules.centre)) is None
    assert threat_to_answer(setup("15x15", x="a1 a3 a5", o="h8 h9 o15")) is None  # a two is no threat
    assert threat_to_answer(setup("15x15", x="a1 a3 a5 a7", o="h8 h9 h10 h11")) is None  # a four: a block, first
