"""The depth-limited search: a plain depth-limited minimax written here on
Positions (every empty square at the root, below it the moves the engine
looks at, the evaluation at the depth) finds the same value for every move
and examines the same number of positions as the engine's; alpha-beta finds
the same value from no more; the pick is the best move, ties to the lowest
square, and its line ends at the leaf whose evaluation the value is."""

from __future__ import annotations

import pytest

from webapp.engine import BOARDS, Position, cells_of
from webapp.engine.game.values import WIN
from webapp.engine.play.evaluate import evaluator
from webapp.engine.play.search import candidates
from webapp.engine.teaching.classic import alphabeta, minimax
from webapp.engine.teaching.limited import Wide, limited, root_lines
from webapp.shared.game_link import parse_moves

pytestmark = pytest.mark.timeout(60)

POSITIONS = [("4x4", "c4-a4-b4-a2-b1-c3-c1-d2"), ("4x4", "b2"), ("5x5", "c3-b2"), ("7x7", "d4")]


def plain(position: Position, depth: int, ply: int, counter: list[int]) -> int:
    """Negamax to depth with no pruning, from the rules: a line completed is
    lost for the side to move there (WIN less the plies, from the root), a
    full board a draw, at the depth the evaluation of the side to move; the
    moves are every empty square at the root, else a line to complete, else
    the engine's candidates."""
    counter[0] += 1
    if position.winner:
        return -(WIN - ply)
    if not position.empty:
        return 0
    ev = evaluator(position.rules)
    node = ev.node(position)
    if ply >= depth:
        return node.score
    if ply == 0:
        moves = cells_of(position.empty)
    else:
        moves = cells_of(node.my_wins) if node.my_wins else candidates(ev, node)
    return max(-plain(position.play(move), depth, ply + 1, counter) for move in moves)


@pytest.mark.parametrize("board, moves, depth", [
    (board, moves, depth) for board, moves in POSITIONS for depth in (1, 2, 3)
    if board != "7x7" or depth < 3])  # 7×7 at depth 3: seconds of plain minimax, for nothing depth 2 does not show
def test_a_plain_depth_limited_minimax_examines_as_many_and_finds_the_same(board: str, moves: str, depth: int):
    rules = BOARDS[board]
    position = Position.after(rules, parse_moves(rules, moves))
    counter = [0]
    value = plain(position, depth, 0, counter)
    searched = minimax(Wide(position, depth))
    assert (searched.value, searched.examined) == (value, counter[0])
    pruned = alphabeta(Wide(position, depth))
    assert pruned.value == value and pruned.examined <= counter[0]


@pytest.mark.parametrize("board, moves", POSITIONS[:3])
def test_each_move_is_valued_as_plain_minimax_values_it(board: str, moves: str):
    rules = BOARDS[board]
    position = Position.after(rules, parse_moves(rules, moves))
    lines = root_lines(position, 2)
    assert sorted(line.move for line in lines) == cells_of(position.empty)
    for line in lines:
        assert line.value == -plain(position.play(line.move), 2, 1, [0]), rules.cell_name(line.move)
    assert [line.value for line in lines] == sorted((line.value for line in lines), reverse=True)


def test_the_line_leads_to_the_leaf_whose_evaluation_the_value_is():
    rules = BOARDS["5x5"]
    position = Position.after(rules, parse_moves(rules, "c3-b2"))
    for line in root_lines(position, 3)[:4]:
        leaf = Position.after(rules, (*parse_moves(rules, "c3-b2"), *line.line))
        assert len(line.line) == 3 and line.leaf_score == evaluator(rules).node(leaf).score
        assert line.value == -line.leaf_score  # three plies on: the leaf's side to move is the other side


def test_the_counts_come_from_running_and_minimax_stops_at_its_limit():
    position = Position.after(BOARDS["4x4"], (5,))
    found = limited(position, 3, limit=500)
    assert found.minimax.examined is None and found.alphabeta.examined is not None
    assert found.picked == found.lines[0].move


def test_a_finished_game_and_a_depth_of_nothing_are_refused():
    with pytest.raises(ValueError, match="over"):
        limited(Position.after(BOARDS["4x4"], (0, 4, 1, 5, 2, 6, 3)), 2)
    with pytest.raises(ValueError, match="at least one"):
        limited(Position(BOARDS["4x4"]), 0)
