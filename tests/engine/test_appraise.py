"""The engine's appraisal of a move already played (for a review), and the
threat solver's proof that a given move starts a forced win."""

from __future__ import annotations

import importlib
import random

import pytest

from harness.positions import random_positions, setup
from tests.engine.test_threats import wins_against_everything
from tests.reach import Reach
from webapp.engine import BOARDS, Forgetful, Position, advise, appraise, think, threat_to_answer
from webapp.engine.play import evaluate
from webapp.engine.play.evaluate import evaluator
from webapp.engine.play.threats import ThreatSolver

appraise_module = importlib.import_module("webapp.engine.play.appraise")  # the package's appraise is the function


def wins_with(here: Position, cell: int) -> list[int] | None:
    evaluation = evaluator(here.rules)
    return ThreatSolver(evaluation).wins_with(evaluation.node(here, shaped=False), cell)


def proven_winning_moves(here: Position) -> list[int]:
    """The legal moves the solver proves win, each asked of a fresh solver
    as wins_with does; the position's Node is built once, not once a move
    (which took about a fifth of the tests' time)."""
    evaluation = evaluator(here.rules)
    node = evaluation.node(here, shaped=False)
    return [cell for cell in here.legal_moves() if ThreatSolver(evaluation).wins_with(node, cell) is not None]


@pytest.mark.parametrize("board", ["5x5", "7x7"])
def test_every_move_the_solver_says_wins_wins_against_every_reply(board: str, reach: Reach):
    checked = 0
    for here in random_positions(board, reach.count(150, 30), random.Random(5), least=3, most=12):
        if here.winning_cells(here.to_move) or here.winning_cells("X" if here.to_move == "O" else "O"):
            continue
        for cell in proven_winning_moves(here):
            after = here.play(cell)
            assert all(not (reply := after.play(answer)).is_over and wins_against_everything(reply, 30)
                       for answer in after.legal_moves()), (here.text, cell)
            checked += 1
    assert checked >= reach.count(10, 2), "the random positions had winning moves to check"


def test_a_move_that_completes_a_line_wins_and_one_that_ignores_a_four_does_not():
    here = setup("7x7", x="a1 b1 c1 d1", o="a7 b7 c7 d7")  # X to move: both have four in a row
    assert wins_with(here, here.rules.parse_cell_name("e1")) == [here.rules.parse_cell_name("e1")]
    assert wins_with(here, here.rules.parse_cell_name("e5")) is None


def test_the_solver_does_not_claim_a_move_that_lets_the_other_side_complete_a_line():
    x = "h8 i9 j10 h10 g11 n1 n3 n15"
    free = setup("15x15", x=x, o="i8 g9 h9 j9 a1 a2 a3 a6")
    threatened = setup("15x15", x=x, o="i8 g9 h9 j9 a1 a2 a3 a4")  # O completes five at a5
    assert proven_winning_moves(free)
    block = threatened.rules.parse_cell_name("a5")
    assert all(cell == block for cell in proven_winning_moves(threatened))


def test_a_missed_win_is_appraised_as_one():
    here = setup("15x15", x="h8 h9 h10 h11", o="h7 a3 a5 a7")  # X completes five at h12 only
    appraisal = appraise(here, here.rules.parse_cell_name("c3"))
    assert appraisal.win == (here.rules.parse_cell_name("h12"),) and not appraisal.kept_win
    winning = appraise(here, here.rules.parse_cell_name("h12"))
    assert winning.kept_win == winning.win and not winning.refutation


def test_a_slower_move_that_keeps_an_open_four_keeps_the_win():
    here = setup("15x15", x="h8 h9 h10 h11", o="a1 a3 a5 a7")  # X completes five at h7 or h12
    slower = appraise(here, here.rules.parse_cell_name("c3"))
    assert len(slower.win) == 1 and len(slower.kept_win) == 3


def test_a_move_that_leaves_a_four_unblocked_is_refuted_unless_every_move_was():
    rules = BOARDS["15x15"]
    here = setup("15x15", x="h8 i9 j10 k11 a1", o="g7 b1 b3 b5")  # O to move: X's four wants l12
    assert here.to_move == "O"
    appraisal = appraise(here, rules.parse_cell_name("e5"))
    assert appraisal.refutation == (rules.parse_cell_name("l12"),)
    assert not appraisal.choice_refuted and appraisal.choice == rules.parse_cell_name("l12")
    lost = setup("15x15", x="h8 h9 h10 h11 a1 j8 j9 j10 j11", o="g7 h7 b1 b3 b5 c1 c3 c5")  # two fours
    appraisal = appraise(lost, rules.parse_cell_name("h12"))
    assert appraisal.refutation and appraisal.choice_refuted


@pytest.mark.parametrize("board", [pytest.param("7x7", marks=pytest.mark.thorough), "15x15"])  # 15×15 in make check
def test_an_appraisal_is_the_same_every_time_and_scores_the_engines_choice_as_its_best(board: str):
    here = next(position for position in random_positions(board, 50, random.Random(8), least=6, most=10)
                if think(position, 10_000, max_nodes=2000).kind == "search")
    choice = appraise(here, think(here, 3_600_000, max_nodes=12_000).move)
    assert choice.score == choice.best_score and choice.shortfall == 0
    other = next(cell for cell in here.legal_moves() if cell != choice.cell)
    assert appraise(here, other) == appraise(here, other)
    assert appraise(here, other).choice == choice.cell


@pytest.mark.parametrize("x, o", [
    ("h8 i8 j8", "h9 i10"),                      # an open three to stop
    ("h8 i8 j8", "a1 a2 a3 h10"),                # and O has a four to make first, which only puts it off
    ("g7 h8 i9 h7", "g8 f9 k5"),                 # a three on the diagonal, among other stones
])
def test_a_hint_facing_a_threat_is_one_of_the_squares_that_stop_it(x: str, o: str):
    here = setup("15x15", x=x, o=o)
    faced = threat_to_answer(here)
    assert faced is not None and faced.answers
    thought = advise(here)
    assert thought.move in faced.answers and thought.faced == faced


def test_what_an_appraisal_works_out_about_a_position_is_kept_and_read_again(monkeypatch):
    """The engine's choice and the deep proof are kept by position: a hint's
    work is the review's, and nothing is searched twice."""
    here = setup("15x15", x="h8 i8 j8", o="h9 i10")
    memory = Forgetful()
    hinted = advise(here, memory)
    kept = dict(memory)
    assert any(name.startswith("choice:") for name in kept) and any(name.startswith("win:") for name in kept)
    monkeypatch.setattr(appraise_module, "think", lambda *_, **__: pytest.fail("searched again"))
    monkeypatch.setattr(appraise_module.ThreatSolver, "proven_win", lambda *_: pytest.fail("proved again"))
    appraisal = appraise(here, hinted.move, memory=memory)
    assert appraisal.choice == hinted.move and not appraisal.refutation and dict(memory) == kept


def test_the_engines_statistics_are_of_its_thinking_alone_not_of_building_its_tables(monkeypatch):
    """A process's first look at a big board builds the board's tables (about
    100 ms on 15×15) before the engine's thinking starts, not inside it: the
    seconds kept with its choice, which the think page shows, are its own."""
    built_before_thinking = []

    def thinking(position, budget_ms, max_nodes):
        built_before_thinking.append(evaluate._evaluator.cache_info().currsize)
        return think(position, budget_ms, max_nodes=300)

    monkeypatch.setattr(appraise_module, "think", thinking)
    evaluate._evaluator.cache_clear()
    rules = BOARDS["15x15"]
    appraise_module.choice(Position(rules).play(rules.centre), Forgetful())
    assert built_before_thinking == [1]


def colours_swapped(here: Position) -> Position:
    """The same stones with the colours swapped and the other colour to move:
    under a rule that treats both sides alike, the same position."""
    swapped = Position(here.rules, here.o, here.x)
    return swapped if swapped.to_move != here.to_move else swapped._replace(passed=True)


@pytest.mark.parametrize("board, rule", [("7x7", "freestyle"), ("15x15", "freestyle"), ("15x15", "standard")])
def test_after_a_pass_the_engine_sees_what_it_sees_with_the_colours_swapped(board: str, rule: str, reach: Reach):
    """A referee the pass cannot share: with as many stones each and white
    to move after black's pass, the position with the colours swapped is
    one a game reaches with black to move (with black one stone up and
    black to move after white's pass, the swapped one has white one stone
    up and white to move, which no game reaches without a pass either).
    Under a rule that treats both sides alike, the search and the hint must
    choose the same in both."""
    rules = BOARDS[board].with_rule(rule)
    checked = 0
    for here in random_positions(board, reach.count(12, 3), random.Random(11), least=4, most=16):
        passed = Position(rules, here.x, here.o, passed=True)
        if passed.is_over:
            continue
        searched, referee = (think(passed, 10**6, max_nodes=2_000),
                             think(colours_swapped(passed), 10**6, max_nodes=2_000))
        assert (searched.move, searched.score, searched.kind, searched.line) == (
            referee.move, referee.score, referee.kind, referee.line), passed.text
        checked, studied = checked + 1, passed
    assert checked and advise(studied).move == advise(colours_swapped(studied)).move


def test_a_position_after_a_pass_is_kept_apart_from_the_same_stones_without_one():
    here = setup("15x15", x="h8 i9", o="j10")
    names = {appraise_module.position_name(here), appraise_module.position_name(here._replace(passed=True))}
    assert len(names) == 2 and appraise_module.position_name(here) == appraise_module.position_name(setup(
        "15x15", x="i9 h8", o="j10"))


def test_after_whites_pass_under_renju_black_is_to_move_and_is_never_advised_a_forbidden_point():
    rules = BOARDS["15x15"].with_rule("renju")
    black, white = (sum(1 << rules.parse_cell_name(name) for name in names.split())
                    for names in ("h8 g8 i9 i10", "a1 a3 a5"))
    here = Position(rules, black, white, passed=True)  # i8 makes two open threes: forbidden to black
    assert here.to_move == "X" and rules.parse_cell_name("i8") in here.forbidden_cells()
    thought = advise(here)
    assert thought.move in here.legal_moves() and thought.move not in here.forbidden_cells()
