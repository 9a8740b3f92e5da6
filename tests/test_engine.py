"""The engine, checked against the whole game: every board, every position, every line of play."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from webapp import engine
from tests.support import reachable_positions
from webapp.engine import EMPTY_BOARD, Outcome


REACHABLE = reachable_positions()
PLAYABLE = sorted(board for board in REACHABLE if not engine.is_over(board))


@cache
def brute_force(board: str, cell: int) -> Outcome:
    """The Outcome of playing cell, read straight from its definition: search
    every reply; the side that can win wins as fast as it can, a side that can
    only draw draws, and a side that must lose holds out as long as it can."""
    after = engine.play(board, cell)
    if engine.winner(after):
        return Outcome(1, 1)
    if "." not in after:
        return Outcome(0, 1)
    replies = [brute_force(after, reply) for reply in engine.legal_moves(after)]
    fastest_win = min((o.plies for o in replies if o.result == 1), default=None)
    if fastest_win is not None:
        return Outcome(-1, fastest_win + 1)
    draw = next((o for o in replies if o.result == 0), None)
    if draw is not None:
        return Outcome(0, draw.plies + 1)
    return Outcome(1, max(o.plies for o in replies) + 1)


def test_the_game_has_5478_positions_4520_with_a_move_to_make():
    assert len(REACHABLE) == 5478
    assert len(PLAYABLE) == 4520


def test_outcomes_agree_with_brute_force_at_every_reachable_position():
    for board in PLAYABLE:
        found = engine.outcomes(board)
        assert sorted(found) == [cell for cell, mark in enumerate(board) if mark == "."]
        for cell, outcome in found.items():
            assert outcome == brute_force(board, cell), (board, cell)
            if outcome.result == 0:
                assert outcome.plies == board.count("."), "a draw lasts to the full board"


def test_validate_accepts_exactly_the_reachable_boards():
    for cells in itertools.product("XO.", repeat=9):
        board = "".join(cells)
        if board in REACHABLE:
            engine.validate(board)
        else:
            with pytest.raises(ValueError):
                engine.validate(board)


def test_every_board_without_a_move_is_refused_by_outcomes_and_choose_move():
    for cells in itertools.product("XO.", repeat=9):
        board = "".join(cells)
        if board in PLAYABLE:
            continue
        with pytest.raises(ValueError):
            engine.outcomes(board)
        with pytest.raises(ValueError):
            engine.choose_move(board)


@pytest.mark.parametrize("board, message", [
    ("X" * 3, "A board has 9 cells, not 3."),
    ("." * 10, "A board has 9 cells, not 10."),
    ("x........", "not 'x'"),
    ("XX.......", "this board has 2 X and 0 O"),
    ("O........", "this board has 0 X and 1 O"),
    ("XXXOOO...", "Both X and O have a line"),
    ("XXXOO.O..", "X has a line, yet O moved after it"),
    ("OOOXX.XX.", "O has a line, yet X moved after it"),
    ("XXXOO....", "The game is over: X has won."),
    ("XOXXOOOXX", "The game is over: it is a draw."),
])
def test_a_bad_board_gets_a_message_a_person_can_read(board, message):
    with pytest.raises(ValueError, match=message.replace(".", r"\.")):
        engine.choose_move(board)


def test_preference_orders_wins_fastest_first_then_draws_then_losses_slowest_first():
    ranked = [Outcome(1, 1), Outcome(1, 3), Outcome(1, 9), Outcome(0, 4), Outcome(-1, 8), Outcome(-1, 2)]
    assert sorted(ranked, key=engine.preference, reverse=True) == ranked


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="Unknown level 'genius'"):
        engine.choose_move(EMPTY_BOARD, "genius")


def best_cells(board: str) -> set[int]:
    """The fastest wins, else the draws, else the slowest losses."""
    found = engine.outcomes(board)
    for result, fastest in ((1, min), (0, min), (-1, max)):
        plies = {cell: o.plies for cell, o in found.items() if o.result == result}
        if plies:
            return {cell for cell, p in plies.items() if p == fastest(plies.values())}
    raise AssertionError("a position with a move to make has outcomes")


def losing_replies(board: str, cell: int) -> int:
    """How many of the opponent's replies lose, once cell is played."""
    after = engine.play(board, cell)
    return 0 if engine.is_over(after) else sum(o.result == -1 for o in engine.outcomes(after).values())


def perfect_cells(board: str) -> set[int]:
    """Best cells, and of those the ones that leave the opponent the most losing replies."""
    best = best_cells(board)
    most = max(losing_replies(board, cell) for cell in best)
    return {cell for cell in best if losing_replies(board, cell) == most}


def choices(board: str, level: str, seeds: range = range(6)) -> set[int]:
    return {engine.choose_move(board, level, random.Random(seed)) for seed in seeds}


def test_perfect_plays_a_best_cell_that_sets_the_most_traps():
    for board in PLAYABLE:
        expected = perfect_cells(board)
        assert engine.choose_move(board) == min(expected)
        assert choices(board, "perfect") <= expected


def test_perfect_opens_in_a_corner_where_most_replies_lose():
    # After a corner only the centre holds the draw; after the centre, every corner does.
    assert losing_replies(EMPTY_BOARD, 0) == 7 and losing_replies(EMPTY_BOARD, 4) == 4
    assert choices(EMPTY_BOARD, "perfect", range(200)) == {0, 2, 6, 8}


def test_perfect_answers_the_centre_in_a_corner_and_punishes_an_edge():
    assert choices("....X....", "perfect", range(100)) == {0, 2, 6, 8}
    # X took a corner and O answered on an edge: perfect goes for the win.
    assert all(engine.outcomes("XO.......")[cell].result == 1 for cell in choices("XO.......", "perfect"))


def immediate_wins(board: str) -> set[int]:
    return {cell for cell, o in engine.outcomes(board).items() if o == Outcome(1, 1)}


def test_easy_takes_a_win_at_once_and_otherwise_plays_anywhere():
    for board in PLAYABLE:
        expected = immediate_wins(board) or set(engine.legal_moves(board))
        assert choices(board, "easy") <= expected
    # Without a win of its own it will leave yours open: that is what makes it easy.
    assert choices("XX..O....", "easy", range(100)) == {2, 3, 5, 6, 7, 8}


def test_medium_wins_else_blocks_else_plays_anywhere():
    for board in PLAYABLE:
        found = engine.outcomes(board)
        blocks = {cell for cell, o in found.items() if o != Outcome(-1, 2)}
        expected = immediate_wins(board) or blocks or set(found)
        assert choices(board, "medium") <= expected
    assert choices("XX..O....", "medium", range(20)) == {2}
    # No threat on the board, and the fork two moves away is beyond what it sees.
    assert choices("X...O...X", "medium", range(200)) == {1, 2, 3, 5, 6, 7}


def test_hard_plays_perfect_moves_or_medium_ones():
    for board in PLAYABLE[::5]:
        allowed = perfect_cells(board) | choices(board, "medium", range(40))
        assert choices(board, "hard", range(10)) <= allowed
        assert engine.choose_move(board, "hard") == engine.choose_move(board, "perfect")


def test_hard_slips_one_move_in_five():
    # After X takes the centre, perfect answers in a corner; medium sees no
    # difference between the 8 cells, so a slip lands on an edge half the time.
    rng = random.Random(5)
    edges = sum(engine.choose_move("....X....", "hard", rng) in (1, 3, 5, 7) for _ in range(4000))
    assert abs(edges / 4000 - engine.HARD_SLIP / 2) < 0.02


def test_perfect_takes_the_fastest_win():
    # X wins at once at cell 8, or in three plies after cell 4; it wins at once.
    board = "XOXO.X.O."
    found = engine.outcomes(board)
    assert found[4] == Outcome(1, 3) and found[8] == Outcome(1, 1)
    assert engine.choose_move(board) == 8


def test_perfect_holds_out_longest_when_lost():
    # O is lost whatever it plays; only cell 6 makes X take two more moves.
    board = "XOOX...X."
    found = engine.outcomes(board)
    assert all(outcome.result == -1 for outcome in found.values())
    assert found[6] == Outcome(-1, 4) and found[4] == Outcome(-1, 2)
    assert engine.choose_move(board, rng=random.Random(3)) == 6


def test_play_game_pits_two_players_to_the_end():
    board = engine.play_game(engine.level_player("perfect"), engine.level_player("perfect"), random.Random(4))
    assert engine.is_over(board) and engine.winner(board) is None
    first_empty = lambda board, rng: board.index(".")  # noqa: E731
    scripted = engine.play_game(first_empty, first_empty, random.Random())
    assert scripted == "XOXOXOX.." and engine.winner(scripted) == "X"


def test_level_player_refuses_an_unknown_level():
    with pytest.raises(ValueError, match="the levels are easy, medium, hard, perfect"):
        engine.level_player("impossible")


@pytest.mark.parametrize("computer", engine.MARKS)
def test_perfect_never_loses_to_any_sequence_of_moves(computer):
    """Every opponent move and every cell perfect might choose, to the end of every game."""
    games = 0
    frontier = [EMPTY_BOARD]
    while frontier:
        board = frontier.pop()
        if engine.is_over(board):
            assert engine.winner(board) != engine.opponent(computer), board
            games += 1
            continue
        mover_is_computer = engine.side_to_move(board) == computer
        cells = best_cells(board) if mover_is_computer else engine.legal_moves(board)
        frontier.extend(engine.play(board, cell) for cell in cells)
    assert games > 100


def test_threats_are_the_empty_cells_that_complete_a_line():
    assert engine.threats("XX..O....", "X") == (2,)
    assert engine.threats("XX.XO....", "X") == (2, 6)
    assert engine.threats("XX.XO....", "O") == ()
    assert engine.threats("XXO......", "X") == ()


def test_forks_are_the_cells_that_make_two_threats_at_once():
    assert engine.forks(".....OOXX", "X") == (4,)
    assert engine.forks("X...O...X", "X") == (2, 6)
    assert engine.forks(EMPTY_BOARD, "X") == ()
    for board in PLAYABLE[::11]:
        mark = engine.side_to_move(board)
        for cell in engine.legal_moves(board):
            two = len(engine.threats(engine.play(board, cell), mark)) >= 2
            assert (cell in engine.forks(board, mark)) == two


def test_losing_replies_agrees_with_the_outcomes_after_every_move():
    for board in PLAYABLE[::3]:
        for cell in engine.legal_moves(board):
            assert engine.losing_replies(board, cell) == losing_replies(board, cell), (board, cell)
