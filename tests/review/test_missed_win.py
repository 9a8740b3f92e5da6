"""Issue 67: a move that lets a win in one pass (the mover had a line to
complete this move and played elsewhere) is never Best or Good, even where
the game is still won after it; it is a Missed win, and a side that keeps
stretching a won game shows it in its accuracy. Claimed over every reachable
3×3 position, 4×4 positions from seeded games, and seeded games on the big
boards, each move appraised by the engine as a review's workers do."""

from __future__ import annotations

import random

import pytest

from harness.positions import playable_positions, setup
from tests.reach import Reach
from webapp.engine import BOARDS, DEFAULT_BOARD, RENJU, STANDARD, Position, Rules, appraise, under_rule
from webapp.review.judgement import Judgement, judge
from webapp.review.review import Review, judgements
from webapp.shared.game_link import parse_moves

LET_PASS = ("Missed win", "Mistake", "Blunder")
"""The words of a move that let a win in one pass: a Missed win, or worse where it lost more."""


def winning_now(here: Position) -> set[int]:
    """The moves after which the side to move has won, by the engine's own game (play, winner)."""
    return {cell for cell in here.legal_moves() if here.play(cell).winner == here.to_move}


def assert_let_pass(here: Position, cell: int, judgement: Judgement | None) -> None:
    """The move on cell, where a win in one was there, is no Best or Good, and names a square that wins at once."""
    assert judgement is not None and judgement.word in LET_PASS, (here.text, cell, judgement)
    if judgement.word == "Missed win":
        assert judgement.better_cell in winning_now(here), (here.text, cell, judgement)


def test_on_3x3_a_move_that_lets_three_in_a_row_pass_is_never_best_or_good(reach: Reach):
    """Every reachable position with a line to complete, every other move (in make test)."""
    positions = judged = 0
    for here in reach.of(playable_positions(DEFAULT_BOARD), 500):
        wins = winning_now(here)
        if not wins:
            continue
        positions += 1
        for cell in set(here.legal_moves()) - wins:
            assert_let_pass(here, cell, judge(here, cell))
            judged += 1
        assert all(judge(here, cell).word == "Best" for cell in wins)
    print(f"3×3: {positions:,} positions with a line to complete, {judged:,} moves that let it pass")
    assert ((positions, judged) == (2_358, 4_756)) if reach.whole else (positions > 0)


def test_on_4x4_a_move_that_lets_four_in_a_row_pass_is_never_best_or_good(reach: Reach):
    """The positions along seeded random games where the side to move has a line to complete."""
    rules, rng, positions = BOARDS["4x4"], random.Random(67), 0
    for _ in range(reach.count(300, 40)):
        here = Position(rules)
        while not here.is_over:
            if wins := winning_now(here):
                positions += 1
                for cell in set(here.legal_moves()) - wins:
                    assert_let_pass(here, cell, judge(here, cell))
            here = here.play(rng.choice(here.legal_moves()))
    assert positions > 0


def near_the_centre(rules: Rules, reach: int = 4) -> set[int]:
    """The cells at most reach rows and columns from the centre, where random stones soon make lines."""
    middle = rules.size // 2
    return {row * rules.size + column for row in range(rules.size) for column in range(rules.size)
            if abs(row - middle) <= reach and abs(column - middle) <= reach}


def a_line_to_complete(rules: Rules, rng: random.Random) -> Position | None:
    """A random game near the centre, played until the side to move has a
    line to complete (None if it ended first)."""
    here, near = Position(rules), near_the_centre(rules)
    while not here.is_over:
        if winning_now(here):
            return here
        choices = [cell for cell in here.legal_moves() if cell in near]
        if not choices:
            return None
        here = here.play(rng.choice(choices))
    return None


@pytest.mark.parametrize("board, rule", [("15x15", None), ("15x15", STANDARD), ("15x15", RENJU), ("7x7", None),
                                         ("5x5", None)])
def test_on_the_big_boards_a_move_that_lets_a_line_pass_is_never_best_or_good(board: str, rule: str | None,
                                                                             reach: Reach):
    """Seeded games to a position with a line to complete, then moves that do
    not complete it, each appraised by the engine and judged as a review does."""
    rules = BOARDS[board] if rule is None else under_rule(BOARDS[board], rule)
    rng, games, judged, still_won = random.Random(f"{board} {rule}"), 0, 0, 0
    for _ in range(reach.count(20, 5)):
        here = a_line_to_complete(rules, rng)
        if here is None:
            continue
        games += 1
        others = sorted(set(here.legal_moves()) - winning_now(here))
        for cell in rng.sample(others, 3):
            judgement = judge(here, cell, appraise(here, cell))
            assert_let_pass(here, cell, judgement)
            judged += 1
            still_won += judgement.chance == 1.0  # the game still won after it: the case once called Good
    print(f"{rules.board_name} {rules.rule}: {games} games, {judged} moves judged, {still_won} still won")
    assert judged >= reach.count(50, 10) and still_won > 0, (judged, still_won)


def test_the_review_says_what_a_move_that_lets_a_five_pass_let_pass():
    """The move issue 67 met: black had a five at k11, played h7, and the review said 'Good'."""
    here = setup("15x15", x="k7 k8 k9 k10 h8", o="a1 a3 a5 a7 c15")
    h7, k11 = (here.rules.parse_cell_name(name) for name in ("h7", "k11"))
    assert judge(here, h7, appraise(here, h7)) == Judgement(
        "Missed win", "Black had a five at k11 and played elsewhere; black still wins, in 2.",
        "Best was k11: black wins in 1.", better_cell=k11, chance=1.0)


def test_on_3x3_the_review_says_what_a_move_that_lets_three_in_a_row_pass_let_pass():
    here = Position.after(DEFAULT_BOARD, (0, 1, 3, 2, 4, 6))  # X: 0, 3 and 4, with 5 and 8 to complete
    assert judge(here, 7) == Judgement(
        "Missed win", "X had three in a row to make at row 2, column 3 and played elsewhere; "
                      "X still wins, in 2.",
        "Best was row 2, column 3: X wins in 1.", better_cell=5, chance=1.0)


class Inline:
    """The workers, each move appraised here by the engine, as a worker would."""

    def appraisals(self, rules, moves, queue=True, start=0, permit=None):
        return [appraise(Position.after(rules, moves[:index]), moves[index]) for index in range(start, len(moves))]


def test_a_side_that_keeps_stretching_a_won_game_loses_accuracy_for_it():
    """Black makes an open four, then plays elsewhere three times while white
    never blocks, then makes the five: the three moves that let the five pass
    are Missed wins, and black's accuracy shows them (it read 100% before)."""
    rules = BOARDS["15x15"]
    moves = parse_moves(rules, "h8-a1-h9-a3-h10-a5-h11-a7-b15-a9-b13-a11-b11-a13-h12")
    review = Review.of(rules, moves, judgements(rules, moves, Inline()), len(moves))
    black = review.summaries[0]
    assert [review.judgements[step - 1].word for step in (9, 11, 13)] == ["Missed win"] * 3
    assert black.counts["Missed win"] == 3 and black.accuracy == round(100 * 5 / 8)
    assert {9, 11, 13} <= set(review.errors("X"))  # a retry asks black to find the five


def test_on_3x3_a_side_that_lets_three_in_a_row_pass_loses_accuracy_for_it():
    """X wins, but twice plays elsewhere with three in a row to make."""
    moves = parse_moves(DEFAULT_BOARD, "013246758")
    review = Review.of(DEFAULT_BOARD, moves, judgements(DEFAULT_BOARD, moves, Inline()), len(moves))
    x = review.summaries[0]
    assert [judgement.word for judgement in review.judgements[::2]] == [
        "Best", "Best", "Missed win", "Missed win", "Best"]
    assert x.accuracy == 60 and review.errors("X") == (5, 7)
