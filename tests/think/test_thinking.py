"""How the computer sees a position: the tree's values are the coach's, its
counts add up, the principal variation is best play to the end, alpha-beta's
skips are what it skipped, the searches agree, and a bad link says what is
wrong."""

from __future__ import annotations

import random

import pytest

from harness.positions import playable_positions, random_positions
from tests.reach import Reach
from webapp.brains.gomocup import Evaluation
from webapp.engine import BOARDS, Position
from webapp.engine.teaching.classic import Recorder, Tree, alphabeta
from webapp.shared.coach import square_values
from webapp.shared.errors import InvalidInput
from webapp.think.look import Look
from webapp.think.searches import evaluation_words, searches
from webapp.think.tree import STOP_LIMIT, Count, value_words

THREE, FOUR = BOARDS["3x3"], BOARDS["4x4"]
PLAYABLE = playable_positions(THREE)


def look_at(here: Position, **settings) -> Look:
    """The look at a position reached by any moves (the tree depends on the position alone)."""
    moves = tuple(cell for cell in range(here.rules.cells) if here.stones >> cell & 1)
    xs = [cell for cell in moves if here.x >> cell & 1]
    os = [cell for cell in moves if here.o >> cell & 1]
    order = tuple(cell for pair in zip(xs, os + [None]) for cell in pair if cell is not None)
    return Look(here.rules, order, **settings)


def in_coachs_words(value: str, mover: str) -> str:
    """The tree's 'O wins in 2', for X's square, as the coach says it: 'loss in 2'."""
    if value == "draw":
        return value
    winner, _, _, moves = value.split()
    return f"{'win' if winner == mover else 'loss'} in {moves}"


def test_the_trees_values_are_the_coachs_on_3x3_positions(reach: Reach):
    """On every playable position in make test, a sample in make check."""
    for here in reach.of(PLAYABLE, 500):
        coach = {cell: value.text for cell, value in square_values(here).items()}
        tree = {node.path[0]: in_coachs_words(node.value, node.mover) for node in look_at(here).branches()}
        assert tree == coach, here.text


def test_the_trees_values_are_the_coachs_on_4x4():
    for here in random_positions("4x4", 20, random.Random(16)):
        coach = {cell: value.text for cell, value in square_values(here).items()}
        tree = {node.path[0]: in_coachs_words(node.value, node.mover) for node in look_at(here).branches()}
        assert tree == coach, here.text


def test_the_empty_board_best_first_with_its_counts_adding_up():
    look = Look(THREE, ())
    assert look.root == ("draw", "draw", Count(549_945))
    nodes = look.branches()
    assert len(nodes) == 9 and all(node.value == "draw" and node.mover == "X" for node in nodes)
    assert sum(node.below.number + 1 for node in nodes) == 549_945
    assert [node.below.number for node in nodes if node.path == (4,)] == [55_504]


def test_a_node_opens_to_the_replies_below_it_down_to_the_end():
    look = Look.parse(THREE, "40", "8")  # X centre, O corner; X's reply 8 opened
    (opened,) = [node for node in look.branches() if node.children is not None]
    assert opened.path == (8,) and opened.square == "row 3, column 3" and opened.mover == "X"
    assert {child.mover for child in opened.children} == {"O"} and len(opened.children) == 6
    assert sum(child.below.number + 1 for child in opened.children) == opened.below.number
    finished = Look.parse(THREE, "0314", "")
    wins = [node for node in finished.branches() if node.over]
    assert [node.value for node in wins] == ["X wins in 1"] and wins[0].children is None


def test_the_principal_variation_is_best_play_to_the_end():
    for here in random.Random(3).sample(PLAYABLE, 40):
        look = look_at(here)
        line, position = look.principal_variation, here
        for cell in line:
            best = min(node.path[0] for node in look_at(position).branches() if node.best)
            assert cell == best
            position = position.play(cell)
        assert position.is_over
        top = look.branches()[0]
        assert top.best and top.value == look.root[0]


def test_alpha_beta_marks_exactly_what_it_never_examined():
    look = Look.parse(THREE, "4", "1", "on")
    recorder = Recorder(Tree(look.position))
    alphabeta(recorder)
    (opened,) = [node for node in look.branches() if node.children is not None]
    assert all(node.skipped is None for node in look.branches())  # the root looks at every move
    for child in opened.children:
        assert (child.skipped is None) == (child.path in recorder.paths)
    skipped = [child for child in opened.children if child.skipped]
    assert skipped and skipped[0].skipped == "O already has a better move elsewhere"
    assert all(node.skipped is None for node in Look.parse(THREE, "4", "1").branches()[0:1])


def test_the_searches_on_the_empty_board():
    rows = {row.key: row for row in searches(Position(THREE))}
    assert rows["minimax"].examined == Count(549_946) and rows["memo"].examined == Count(5_478)
    assert {row.value for row in rows.values()} == {"draw"}
    assert rows["alphabeta"].examined.number < rows["minimax"].examined.number
    assert rows["table"].examined.number < rows["memo"].examined.number
    assert rows["solved"].examined == Count(1)


def test_on_the_empty_4x4_board_what_is_too_long_is_bounded_or_stopped():
    rows = {row.key: row for row in searches(Position(FOUR))}
    assert rows["minimax"].seconds is None and rows["minimax"].examined == Count(56_874_039_553_217, exact=False)
    assert rows["memo"].seconds is None and not rows["memo"].examined.exact
    assert rows["alphabeta"].examined is None and f"{STOP_LIMIT:,}" in rows["alphabeta"].note
    assert rows["table"].value == rows["solved"].value == "draw"
    assert not Look(FOUR, ()).branches()[0].below.exact
    assert Count(10 ** 20, exact=False).parts() == ("at most about ", "1.0 × 10", 20)


def test_on_a_big_board_the_tree_goes_to_the_depth_chosen_with_estimates_at_its_frontier():
    look = Look.parse(BOARDS["7x7"], "d4-e5", "e4", None, "2")
    nodes = look.branches()
    assert 1 <= len(nodes) <= 10
    (opened,) = [node for node in nodes if node.children is not None]
    assert all(child.frontier and child.children is None for child in opened.children)
    assert any("(the evaluation's estimate)" in child.value for child in opened.children)
    values = {row.value for row in look.searches()}
    assert len(values) == 1
    assert look.asks_the_engine and not Look(FOUR, ()).asks_the_engine
    assert not Look.parse(BOARDS["7x7"], "d4-e4-d5-e5-d6-e6-d7-e7-d3").asks_the_engine  # the game is over


@pytest.mark.parametrize("board, moves, open_, alphabeta, depth, expected", [
    ("3x3", "44", None, None, None, "Step 2 plays square 4, which step 1 already took."),
    ("3x3", "4", "4", None, None, "“4” is not a line of play from this position: Step 2 plays square 4"),
    ("3x3", "4", None, "yes", None, "Say alphabeta=on"),
    ("3x3", "4", None, None, "2", "The 3x3 board is solved"),
    ("7x7", "d4", None, None, "9", "The depth is one of 1, 2, 3, not “9”."),
    ("7x7", "d4", "b6-f6-e5", None, "2", "goes deeper than the tree's 2 moves"),
    ("7x7", "d4", "a1", None, None, "a1 is not one of the moves the engine looks at there"),
])
def test_a_bad_link_says_what_is_wrong(board, moves, open_, alphabeta, depth, expected):
    with pytest.raises(InvalidInput, match=expected.replace("(", r"\(").replace(")", r"\)")):
        Look.parse(BOARDS[board], moves, open_, alphabeta, depth)


@pytest.mark.parametrize("board, value, words", [
    ("5x5", -1028, "estimate -1,028 for X (X wins about 26 in 100)"), ("5x5", 0, "draw"),
    ("5x5", 1, "estimate +1 for O (O wins about 50 in 100)"),
    ("5x5", 9000, "estimate +9,000 for O (O wins about 99 in 100)"),
    ("15x15", -1028, "estimate -1,028 for black (black wins about 26 in 100)"),
    ("15x15", 1, "estimate +1 for white (white wins about 50 in 100)")])
def test_an_estimate_is_told_as_a_chance_of_winning_too(board: str, value: int, words: str):
    """The evaluation is fitted as log-odds (shapes.UNIT to one): -1,028 is e^-1.028 to one, 26 in 100;
    the sides named as the board names them (X and O on 5×5, black and white on 15×15)."""
    mover = "X" if value < 0 else "O"
    assert value_words(BOARDS[board], value, mover)[0] == words



def test_the_think_page_says_an_engines_proof_as_the_site_counts_a_win():
    """Rapfi's +M3 is three moves of both sides: the side to move's own second, "wins in 2" as the coach says it."""
    gomoku = BOARDS["15x15"]
    assert evaluation_words(gomoku, Evaluation("+M3"), "X") == "It proves that black wins in 2."
    assert evaluation_words(gomoku, Evaluation("-M4"), "X") == "It proves that white wins in 2."
    assert evaluation_words(gomoku, Evaluation("+M"), "O") == "It proves that white wins."
