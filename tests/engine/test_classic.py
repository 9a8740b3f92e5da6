"""The classic searches: on every 3×3 position they agree with each other and
with the solved table; their counts match a brute force written here from the
rules alone (549,946 positions below the empty board, itself included);
alpha-beta never examines more than plain minimax, and on every position
with five or more empty squares fewer; on 4×4 and on the big boards (to a
depth) they agree too; the bounds bound."""

from __future__ import annotations

import random
from functools import cache

import pytest

from harness.positions import has_line, playable_positions, random_positions
from tests.reach import Reach
from webapp.engine import BOARDS, Position
from webapp.engine.game.values import WIN, is_decided, one_ply_back
from webapp.engine.play.solved import outcome_of, table
from webapp.engine.teaching.classic import (
    ALGORITHMS,
    Horizon,
    Recorder,
    TooLong,
    Tree,
    alphabeta,
    minimax,
    most_orders,
    most_positions,
    tree_size,
)
from webapp.shared.game_link import parse_moves

THREE = BOARDS["3x3"]
PLAYABLE = playable_positions(THREE)
SAMPLE = random.Random(11).sample(PLAYABLE, 60)


def table_value(here: Position) -> int:
    """The solved table's value of a position, as the searches score it."""
    outcome = outcome_of(table(here.rules).record(here)[0], here.empty.bit_count(), here.rules.cells)
    return outcome.result * (WIN - outcome.plies)


@cache
def brute_count(text: str) -> int:
    """Positions in the game tree below a 3×3 board written as text, itself
    included, straight from the rules: a board with a line or no empty square
    ends the game; otherwise the side to move (X when the counts are equal)
    may play any empty square."""
    if has_line(text, 3, 3, "X") or has_line(text, 3, 3, "O") or "." not in text:
        return 1
    mark = "X" if text.count("X") == text.count("O") else "O"
    return 1 + sum(brute_count(text[:cell] + mark + text[cell + 1:]) for cell, here in enumerate(text)
                   if here == ".")


def brute_distinct(text: str) -> int:
    """Distinct positions in that tree, found the same way."""
    seen, frontier = {text}, [text]
    while frontier:
        board = frontier.pop()
        if has_line(board, 3, 3, "X") or has_line(board, 3, 3, "O"):
            continue
        mark = "X" if board.count("X") == board.count("O") else "O"
        for cell, here in enumerate(board):
            if here == ".":
                child = board[:cell] + mark + board[cell + 1:]
                if child not in seen:
                    seen.add(child)
                    frontier.append(child)
    return len(seen)


def test_plain_minimax_examines_549946_positions_from_the_empty_board():
    assert minimax(Tree(Position(THREE))) == (0, 549_946, 0)
    assert brute_count("." * 9) == 549_946
    assert tree_size(Position(THREE)) == 549_946


def test_on_3x3_positions_every_search_finds_the_solved_value_and_alpha_beta_prunes(reach: Reach):
    """Every search agrees with the solved table; alpha-beta never examines
    more than plain minimax, and fewer with five or more empty squares. One
    test, so that each position's plain minimax, the slowest of the 3×3 work,
    runs once: on every playable position in make test, a sample in make check."""
    for here in reach.of(PLAYABLE, 300):
        expected = table_value(here)
        found = {name: search(Tree(here)) for name, search in ALGORITHMS.items()}
        values = {name: searched.value for name, searched in found.items()}
        assert values == dict.fromkeys(ALGORITHMS, expected), here.text
        plain, pruned = found["minimax"].examined, found["alphabeta"].examined
        assert pruned <= plain, here.text
        if here.empty.bit_count() >= 5:
            assert pruned < plain, here.text


@pytest.mark.parametrize("here", SAMPLE, ids=lambda here: here.text)
def test_counts_match_a_brute_force(here: Position):
    assert minimax(Tree(here)).examined == brute_count(here.text) == tree_size(here)
    assert ALGORITHMS["memo"](Tree(here)).examined == brute_distinct(here.text)


def test_each_improvement_examines_fewer_positions_on_the_empty_board():
    counts = [search(Tree(Position(THREE))).examined for search in ALGORITHMS.values()]
    assert counts[0] == 549_946 and counts[1] == 5_478  # every reachable position, once
    assert counts[0] > counts[2] > counts[3] and counts[1] > counts[3]


def test_a_value_is_won_in_plies_and_turns_round_one_ply_back():
    assert is_decided(WIN - 3) and is_decided(-(WIN - 4)) and not is_decided(0) and not is_decided(5000)
    assert one_ply_back(-(WIN - 2)) == WIN - 3    # lost in 2 for the other side: a win in 3 for the mover
    assert one_ply_back(WIN - 1) == -(WIN - 2)
    assert one_ply_back(12) == -12 and one_ply_back(0) == 0


def test_a_tree_stops_a_search_past_its_limit():
    with pytest.raises(TooLong):
        minimax(Tree(Position(THREE), limit=1000))
    with pytest.raises(ValueError, match="over"):
        Tree(Position.from_text(THREE, "XXXOO...."))


def test_the_recorder_writes_down_every_position_alpha_beta_examines():
    recorder = Recorder(Tree(Position(THREE)))
    searched = alphabeta(recorder)
    assert searched.value == 0 and len(recorder.paths) == searched.examined
    assert () in recorder.paths and all(path[:-1] in recorder.paths for path in recorder.paths if path)
    assert len([path for path in recorder.paths if len(path) == 1]) == 9  # the root looks at every move


def test_the_bounds_bound():
    assert most_orders(9) == 986_410 >= 549_946 and most_positions(9) >= 5_478
    assert most_orders(16) == 56_874_039_553_217
    assert most_orders(225, 2) == 1 + 225 + 225 * 224
    for here in SAMPLE:
        empty = here.empty.bit_count()
        assert tree_size(here) <= most_orders(empty) and brute_distinct(here.text) <= most_positions(empty)


def test_on_4x4_the_searches_that_finish_agree_with_the_tablebase():
    for here in random_positions("4x4", 12, random.Random(4), least=7, most=9):
        expected = table_value(here)
        assert alphabeta(Tree(here)).value == expected, here.text
        assert ALGORITHMS["table"](Tree(here)).value == expected, here.text
    empty = ALGORITHMS["table"](Tree(Position(BOARDS["4x4"])))
    assert empty.value == 0 and empty.examined < 100_000


@pytest.mark.parametrize("board", ["5x5", "7x7", "15x15"])
def test_on_the_big_boards_the_searches_agree_to_each_depth(board: str):
    for here in random_positions(board, 4, random.Random(board), least=2, most=8):
        for depth in (1, 2, 3):
            found = {name: search(Horizon(here, depth)) for name, search in ALGORITHMS.items()}
            assert len({searched.value for searched in found.values()}) == 1, (here.text, depth)
            assert found["alphabeta"].examined <= found["minimax"].examined
            assert found["minimax"].examined <= most_orders(here.empty.bit_count(), depth)



@pytest.mark.parametrize("moves, shown", [
    ("h8-a1-i8-a2-j8", {"f8", "g8", "k8", "l8"}),  # facing an open three: the cells that stop the open four
    ("h8-g8-i8-a1-j8-a2-k8", {"l8"}),               # facing a four: the block
    ("h8-a1-i8-a2-j8-a3-k8-n1", {"g8", "l8"}),      # a line to complete: the completions
    ("h8-g8-i8-a1-j8-a2-k8-l8-h9", 10),             # nothing to answer: the ten best-looking
])
def test_the_tree_below_a_big_board_has_the_moves_the_engines_search_looks_at(moves, shown):
    rules = BOARDS["15x15"]
    horizon = Horizon(Position.after(rules, parse_moves(rules, moves)), 2)
    names = {rules.cell_name(cell) for cell in horizon.moves(horizon.root)}
    assert names == shown if isinstance(shown, set) else len(names) == shown
