"""Puzzles: every shipped one checked for its claim and its unique solution
(3×3 by a search written here, 4×4 by the tablebase, the bigger boards by
the forced replies of a win by fours; tests/tools/test_puzzles_mined.py
proves the bigger boards' again with the solver, and mines the set again)."""

from __future__ import annotations

import datetime
import json
import random

import pytest

from tests.review.test_review import perfect
from webapp.engine import BOARDS, Position, outcomes, preference
from webapp.puzzles.collection import PUZZLES_FILE, collection, daily, following, new_puzzles_in
from webapp.puzzles.puzzle import Puzzle, answer, puzzle_at, puzzles_in
from webapp.shared.game_link import parse_moves

SHIPPED = json.loads(PUZZLES_FILE.read_text())["puzzles"]


def shipped(board: str) -> list[Puzzle]:
    return [puzzle for puzzle in collection() if puzzle.rules == BOARDS[board]]


def test_every_shipped_puzzle_is_offered():
    assert len(collection()) == sum(map(len, SHIPPED.values()))
    assert all(shipped(board) for board in ("3x3", "4x4", "5x5", "7x7", "15x15"))


def fastest(moves: dict[int, tuple[int, int]]) -> list[int]:
    """The cells that win soonest (3×3, by perfect())."""
    wins = {cell: plies for cell, (result, plies) in moves.items() if result > 0}
    return [cell for cell, plies in wins.items() if plies == min(wins.values())] if wins else []


def test_every_3x3_puzzle_has_one_fastest_win_at_each_turn_and_holds_out_longest():
    for puzzle in shipped("3x3"):
        check_3x3(puzzle)


def check_3x3(puzzle: Puzzle) -> None:
    """A 3×3 puzzle's claim and its unique solution, by perfect() (the test's own search)."""
    here, line = puzzle.position, list(puzzle.solution)
    first = perfect(here.text.replace("\n", ""), here.to_move)
    assert (first[line[0]][1] + 1) // 2 == puzzle.wins_in
    while line:
        moves = perfect(here.text.replace("\n", ""), here.to_move)
        assert fastest(moves) == [line[0]], (puzzle.moves, here.text)
        here = here.play(line.pop(0))
        if line:
            replies = perfect(here.text.replace("\n", ""), here.to_move)
            longest = max(plies for result, plies in replies.values())
            assert replies[line[0]][1] == longest and replies[line[0]][0] < 0
            here = here.play(line.pop(0))
    assert here.winner == puzzle.winner


def is_a_3x3_puzzle(here: Position) -> bool:
    """By perfect() alone: the side to move wins in two moves or more, and at
    each of its turns one move alone wins fastest, the other side defending
    with the reply that holds out longest (the first such square)."""
    moves = perfect(here.text.replace("\n", ""), here.to_move)
    only = fastest(moves)
    if len(only) != 1 or (moves[only[0]][1] + 1) // 2 < 2:
        return False
    while not (here := here.play(only[0])).is_over:
        replies = perfect(here.text.replace("\n", ""), here.to_move)
        longest = max(plies for result, plies in replies.values())
        here = here.play(min(cell for cell, (result, plies) in replies.items() if plies == longest))
        only = fastest(perfect(here.text.replace("\n", ""), here.to_move))
        if len(only) != 1:
            return False
    return True


def every_3x3_game_prefix() -> dict[Position, tuple[int, ...]]:
    """Every reachable 3×3 position with a move to make, and the first moves found to reach it."""
    found: dict[Position, tuple[int, ...]] = {}
    waiting = [(Position(BOARDS["3x3"]), ())]
    while waiting:
        here, moves = waiting.pop()
        if here in found or here.is_over:
            continue
        found[here] = moves
        waiting += [(here.play(cell), (*moves, cell)) for cell in here.legal_moves()]
    return found


def test_every_3x3_position_is_a_puzzle_exactly_when_the_tests_own_search_says_so():
    """So every puzzle the workers can mine from a 3×3 game is checked, not only the shipped."""
    puzzles = 0
    for here, moves in every_3x3_game_prefix().items():
        puzzle = puzzle_at(BOARDS["3x3"], moves)
        assert (puzzle is not None) == is_a_3x3_puzzle(here), here.text
        if puzzle is not None:
            check_3x3(puzzle)
            puzzles += 1
    assert puzzles >= len(shipped("3x3"))


def test_every_4x4_puzzle_is_proven_by_the_tablebase():
    for puzzle in shipped("4x4"):
        check_4x4(puzzle)


def test_the_puzzles_along_random_4x4_games_are_proven_by_the_tablebase():
    """A sample of what the workers can mine from a 4×4 game, checked as the shipped are."""
    rng, rules, puzzles = random.Random(4), BOARDS["4x4"], 0
    for _ in range(300):
        here, moves = Position(rules), ()
        while not here.is_over:
            moves += (rng.choice(here.legal_moves()),)
            here = here.play(moves[-1])
        for puzzle in puzzles_in(rules, moves):
            check_4x4(puzzle)
            puzzles += 1
    assert puzzles >= 20, "the random games had puzzles to check"


def check_4x4(puzzle: Puzzle) -> None:
    """At each of the winner's turns, the tablebase's one fastest win is the solution's move."""
    here = puzzle.position
    for index, cell in enumerate(puzzle.solution):
        found = outcomes(here)
        if index % 2 == 0:
            best = max(preference(outcome, 16) for outcome in found.values())
            assert [each for each, outcome in found.items() if preference(outcome, 16) == best] == [cell]
            assert found[cell].result > 0
        here = here.play(cell)
    assert here.winner == puzzle.winner and puzzle.wins_in >= 2


@pytest.mark.parametrize("board", ["5x5", "7x7", "15x15"])
def test_every_big_board_puzzle_is_a_win_by_fours_whose_every_reply_is_forced(board: str):
    for puzzle in shipped(board):
        here, winner = puzzle.position, puzzle.winner
        for index, cell in enumerate(puzzle.solution):
            if index % 2:  # the defence: the cell the winner would complete next (of two, after a double four)
                assert here.winning_cells(winner) >> cell & 1 and not here.winning_cells(here.to_move)
            here = here.play(cell)
        assert here.winner == winner and puzzle.wins_in >= 2


@pytest.mark.parametrize("board", ["3x3", "4x4"])
def test_the_solved_boards_puzzles_are_puzzles_by_the_apps_own_rule(board: str):
    assert all(puzzle_at(puzzle.rules, puzzle.moves) == puzzle for puzzle in shipped(board))


def test_a_wrong_move_is_told_why():
    puzzle = shipped("3x3")[0]
    assert answer(puzzle, 0, puzzle.solution[0]) == (True, "")
    told = {answer(puzzle, 0, cell)[1] for cell in puzzle.position.legal_moves() if cell != puzzle.solution[0]}
    assert told and all(text.startswith(("This loses", "This only draws", "This wins, but in")) for text in told)


def test_a_position_without_a_unique_win_is_no_puzzle():
    rules = BOARDS["3x3"]
    assert puzzle_at(rules, ()) is None  # a draw
    assert puzzle_at(rules, (0, 3, 1, 4)) is None  # X wins in one: too short for a puzzle
    assert puzzle_at(rules, (0, 3, 1, 4, 2)) is None  # over


def test_the_next_puzzle_and_the_days_go_round_the_collection():
    puzzles = collection()
    assert following(puzzles[0]) == puzzles[1] and following(puzzles[-1]) == puzzles[0]
    day = datetime.date(2026, 11, 24)
    assert daily(day) == puzzles[day.toordinal() % len(puzzles)] and daily(day + datetime.timedelta(1)) != daily(day)


PLAYED_7X7 = "b6-b5-c6-e6-e5-b3-d5-f6-c5-g5-d4-e4-d2-e3-d3-f5-d1"
"""A game hard and easy played on 7×7 (tools/puzzles.py, seed 28), with two puzzles along it."""


def test_a_games_puzzles_are_the_positions_along_it_that_make_one():
    rules = BOARDS["7x7"]
    game = parse_moves(rules, PLAYED_7X7)
    found = puzzles_in(rules, game)
    assert [puzzle.moves for puzzle in found] == [game[:12], game[:14]]
    assert found == [puzzle_at(rules, game[:ply]) for ply in (12, 14)]
    assert all(puzzle.winner == "X" and puzzle.wins_in == 2 for puzzle in found)  # hard, the winner


def test_a_puzzle_seen_earlier_in_the_game_is_not_offered_again_a_stone_or_two_later():
    rules = BOARDS["7x7"]
    game = parse_moves(rules, "d4-d3-c6-c4-a2-e4-d2-e2-a1-e6-g7-b5-e1-a6")  # medium and hard, seed 0
    # O played e6 and X g7 between: beside the point
    earlier, later = puzzle_at(rules, game[:9]), puzzle_at(rules, game[:11])
    assert earlier and later and earlier.solution == later.solution
    assert puzzles_in(rules, game) == [earlier]


def test_a_game_through_a_shipped_puzzle_brings_no_new_one_there():
    puzzle = shipped("7x7")[0]
    game = (*puzzle.moves, *puzzle.solution)
    assert puzzle in puzzles_in(puzzle.rules, game)
    assert puzzle not in new_puzzles_in(puzzle.rules, game)


def test_after_a_puzzle_from_a_game_played_here_comes_the_first_shipped_on_its_board():
    rules = BOARDS["7x7"]
    mined = puzzles_in(rules, parse_moves(rules, PLAYED_7X7))[0]
    assert following(mined) == shipped("7x7")[0]
