"""The evaluation's Node: what play() updates a move at a time must be what a
position, counted afresh, holds; and its threats and defences must be the
ones the rules imply, checked here by playing every cell."""

from __future__ import annotations

import random

import pytest

from harness.positions import setup
from webapp.engine import BOARDS, Position, Rules
from webapp.engine.game.rules import cells_of
from webapp.engine.play.evaluate import Evaluator, Node, evaluator

BIG = ["5x5", "7x7", "15x15"]
GOMOKU_RULES = [(board, rule) for board in ("7x7", "15x15") for rule in ("standard", "renju")]


def random_games(board: str, games: int, seed: int):
    """Every position of some random games (near the stones, so lines grow), with its Node reached by play()."""
    return random_games_under(BOARDS[board], games, seed)


def random_games_under(rules: Rules, games: int, seed: int):
    """random_games on rules' board, under its rule."""
    evaluation = evaluator(rules)
    rng = random.Random(seed)
    for _ in range(games):
        position = Position(rules)
        node = evaluation.node(position)
        while not position.is_over:
            yield position, node
            candidates = evaluation.moves(node)
            cell = rng.choice(candidates[:8])
            if node.my_wins >> cell & 1:
                break
            position, node = position.play(cell), evaluation.play(node, cell)


@pytest.mark.parametrize("board", ["3x3", "4x4", *BIG])
def test_a_node_played_to_is_the_node_counted_afresh(board: str):
    evaluation = evaluator(BOARDS[board])
    seen = 0
    for position, played in random_games(board, games=12, seed=7):
        assert played == evaluation.node(position), position.text
        seen += 1
    assert seen > 50


@pytest.mark.parametrize("board", BIG)
def test_a_leaf_has_the_score_of_the_node_in_full_and_one_with_a_line_to_block_is_in_full(board: str):
    evaluation = evaluator(BOARDS[board])
    leaves = 0
    for position, node in random_games(board, games=6, seed=3):
        if node.my_wins:
            continue
        for cell in evaluation.moves(node):
            full, leaf = evaluation.play(node, cell), evaluation.play(node, cell, leaf=True)
            assert leaf.score == full.score, (position.text, cell)
            if full.their_wins:  # a line to block: the search goes on past the horizon
                assert leaf == full
            else:
                assert leaf.my_cells is None and leaf[:9] == full[:9]
                leaves += 1
    assert leaves > 100


def completes_after(evaluation: Evaluator, node: Node, cell: int) -> int:
    """The cells where the side to move could complete a line once it has played cell."""
    return evaluation.play(node, cell).their_wins


@pytest.mark.parametrize("board, rule", [*((board, "freestyle") for board in BIG), *GOMOKU_RULES])
def test_a_moves_completions_and_a_foul_block_are_what_playing_it_finds(board: str, rule: str):
    """The threat solver's short cuts (completions_after, blocks_foul) say
    what play() and playable() would, for every move near the stones."""
    rules = BOARDS[board].with_rule(rule)
    evaluation = evaluator(rules)
    fours = fouls = 0
    for position, node in random_games_under(rules, games=6, seed=5):
        for cell in evaluation.moves(node):
            answer = evaluation.play(node, cell, shaped=False)
            assert evaluation.completions_after(node, cell) == answer.their_wins, (position.text, cell)
            for block in cells_of(answer.their_wins):
                assert evaluation.blocks_foul(node, cell, block) == (not evaluation.playable(answer, [block]))
                fours += 1
                fouls += evaluation.blocks_foul(node, cell, block)
    assert fours > 50
    assert fouls or (board, rule) != ("15x15", "renju"), "renju's refused blocks are among them"


@pytest.mark.parametrize("board", BIG)
def test_threats_are_the_cells_that_make_two_cells_to_complete(board: str):
    evaluation = evaluator(BOARDS[board])
    checked = 0
    for position, node in random_games(board, games=12, seed=11):
        if node.my_wins or node.their_wins:
            continue
        expected = {}
        for cell in cells_of(evaluation.rules.full & ~(node.mine | node.theirs)):
            after = completes_after(evaluation, node, cell)
            if after & (after - 1):
                expected[cell] = after
        assert evaluation.threats(node.mine, node.my_threes) == expected, position.text
        checked += bool(expected)
    assert checked > 5, "the random games made some open fours possible"


@pytest.mark.parametrize("board", BIG)
def test_every_cell_that_stops_the_threats_is_among_the_defences(board: str):
    """A defence (the other side's move after which the side no longer has a
    threat) is always in defences(), which is what lets the search look at
    nothing else when it faces an open three."""
    evaluation = evaluator(BOARDS[board])
    checked = 0
    for position, node in random_games(board, games=24, seed=5):
        if node.my_wins or node.their_wins:
            continue
        threats = evaluation.threats(node.mine, node.my_threes)
        if not threats:
            continue
        defender = evaluation.turned(node)
        defences = evaluation.defences(node.mine, node.my_threes, threats)
        for cell in cells_of(evaluation.rules.full & ~(node.mine | node.theirs)):
            after = evaluation.play(defender, cell)  # back to the attacker
            if not evaluation.threats(after.mine, after.my_threes):
                assert defences >> cell & 1, (position.text, cell)
        checked += 1
    assert checked > 5


def test_an_open_three_has_two_threats_and_a_three_against_a_stone_none():
    here = setup("15x15", x="g8 h8 i8 a1", o="a15 o15 o1")  # O to move; X's open three
    evaluation = evaluator(here.rules)
    x_view = evaluation.turned(evaluation.node(here))
    names = sorted(here.rules.cell_name(cell) for cell in evaluation.threats(x_view.mine, x_view.my_threes))
    assert names == ["f8", "j8"]
    closed = setup("15x15", x="g8 h8 i8 a1", o="f8 o15 o1")
    x_view = evaluation.turned(evaluation.node(closed))
    assert evaluation.threats(x_view.mine, x_view.my_threes) == {}
    assert {here.rules.cell_name(cell) for cell in cells_of(evaluation.four_cells(x_view))} == {"j8", "k8"}


@pytest.mark.parametrize("board", BIG)
def test_three_cells_are_the_quiet_moves_after_which_there_is_a_threat(board: str):
    evaluation = evaluator(BOARDS[board])
    checked = 0
    for position, node in random_games(board, games=8, seed=13):
        if node.my_wins or node.their_wins or evaluation.threats(node.mine, node.my_threes):
            continue  # (with a threat already, every move leaves one)
        fours = evaluation.four_cells(node)
        expected = []
        for cell in cells_of(evaluation.rules.full & ~(node.mine | node.theirs) & ~fours):
            after = evaluation.play(node, cell)
            expected += [cell] if evaluation.threats(after.theirs, after.their_threes) else []
        assert evaluation.three_cells(node) == expected, position.text
        checked += bool(expected)
    assert checked > 5
