"""The levels on every board: what each sees, the best cells perfect plays on
3×3 (every position) and 4×4, hard's slips, and the levels each board has."""

from __future__ import annotations

import random

import pytest

from harness.positions import playable_positions, position, setup
from webapp.engine import (
    BOARDS,
    MARKS,
    Outcome,
    Position,
    check_level,
    choose_move,
    learners_of,
    level_player,
    levels_of,
    opponent,
    outcomes,
    play_game,
    preference,
)
from webapp.engine.play.solved import losing_replies
from webapp.engine.players.levels import HARD_SLIP, near_stones, within_horizon

THREE = BOARDS["3x3"]
PLAYABLE = playable_positions(THREE)
EMPTY = Position(THREE)


def best_cells(here: Position) -> set[int]:
    """The fastest wins, else the draws, else the slowest losses."""
    found = outcomes(here)
    for result, fastest in ((1, min), (0, min), (-1, max)):
        plies = {cell: o.plies for cell, o in found.items() if o.result == result}
        if plies:
            return {cell for cell, p in plies.items() if p == fastest(plies.values())}
    raise AssertionError("a position with a move to make has outcomes")


def perfect_cells(here: Position) -> set[int]:
    """Best cells, and of those the ones that leave the opponent the most losing replies."""
    best = best_cells(here)
    most = max(losing_replies(here, cell) for cell in best)
    return {cell for cell in best if losing_replies(here, cell) == most}


def choices(here: Position, level: str, seeds: range = range(6)) -> set[int]:
    return {choose_move(here, level, random.Random(seed)) for seed in seeds}


def immediate_wins(here: Position) -> set[int]:
    return {cell for cell, o in outcomes(here).items() if o == Outcome(1, 1)}


# Which levels each board has

@pytest.mark.parametrize("board, levels", [
    ("3x3", ("easy", "medium", "hard", "perfect")), ("4x4", ("easy", "medium", "hard", "perfect")),
    ("5x5", ("easy", "medium", "hard", "master")), ("7x7", ("easy", "medium", "hard", "master")),
    ("15x15", ("easy", "medium", "hard", "master")),
])
def test_each_board_has_four_levels_topped_by_perfect_where_it_is_solved(board: str, levels: tuple):
    assert levels_of(BOARDS[board]) == levels


@pytest.mark.parametrize("board, level, message", [
    ("5x5", "perfect", "The 5x5 board has the levels easy, medium, hard and master, not perfect."),
    ("3x3", "master", "The 3x3 board has the levels easy, medium, hard and perfect, not master."),
    ("3x3", "genius", "Unknown level “genius”; the 3x3 board has the levels easy, medium, hard and perfect."),
])
def test_a_level_the_board_does_not_have_is_refused_with_the_levels_it_has(board: str, level: str, message: str):
    with pytest.raises(ValueError, match=message):
        check_level(BOARDS[board], level)
    with pytest.raises(ValueError, match=message):
        choose_move(Position(BOARDS[board]), level)


def test_level_player_refuses_an_unknown_level():
    with pytest.raises(ValueError, match="Unknown level “impossible”"):
        level_player("impossible")


@pytest.mark.parametrize("text, message", [
    ("XXXOO....", "The game is over: X has won."),
    ("XOXXOOOXX", "The game is over: it is a draw."),
    ("XXXOOO...", "Both X and O have a line"),
    ("XX.......", "X has as many marks as O or one more"),  # unfinished, yet no game reaches it
])
def test_no_level_moves_in_a_finished_or_impossible_game(text: str, message: str):
    for level in levels_of(THREE) + learners_of(THREE):
        with pytest.raises(ValueError, match=message):
            choose_move(position(text), level)


# 3×3, every position

def test_perfect_plays_a_best_cell_that_sets_the_most_traps():
    for here in PLAYABLE:
        expected = perfect_cells(here)
        assert choose_move(here, "perfect") == min(expected)
        assert choices(here, "perfect") <= expected


def test_perfect_opens_in_a_corner_where_most_replies_lose():
    assert losing_replies(EMPTY, 0) == 7 and losing_replies(EMPTY, 4) == 4
    assert choices(EMPTY, "perfect", range(200)) == {0, 2, 6, 8}


def test_perfect_answers_the_centre_in_a_corner_and_punishes_an_edge():
    assert choices(position("....X...."), "perfect", range(100)) == {0, 2, 6, 8}
    edge = position("XO.......")
    assert all(outcomes(edge)[cell].result == 1 for cell in choices(edge, "perfect"))


def test_easy_takes_a_win_at_once_and_otherwise_plays_anywhere():
    for here in PLAYABLE:
        expected = immediate_wins(here) or set(here.legal_moves())
        assert choices(here, "easy") <= expected
    # Without a win of its own it will leave yours open: that is what makes it easy.
    assert choices(position("XX..O...."), "easy", range(100)) == {2, 3, 5, 6, 7, 8}


def test_medium_wins_else_blocks_else_plays_anywhere():
    for here in PLAYABLE:
        found = outcomes(here)
        blocks = {cell for cell, o in found.items() if o != Outcome(-1, 2)}
        expected = immediate_wins(here) or blocks or set(found)
        assert choices(here, "medium") <= expected
    assert choices(position("XX..O...."), "medium", range(20)) == {2}
    # No threat on the board, and the fork two moves away is beyond what it sees.
    assert choices(position("X...O...X"), "medium", range(200)) == {1, 2, 3, 5, 6, 7}


@pytest.mark.parametrize("horizon", [1, 2])
def test_the_horizon_is_the_solved_game_with_further_outcomes_taken_for_draws(horizon: int):
    """within_horizon works from the rules alone; on 3×3 it agrees with the
    solved scores, every outcome further than horizon plies seen as a draw."""
    for here in PLAYABLE:
        seen = {cell: preference(o) if o.plies <= horizon else 0 for cell, o in outcomes(here).items()}
        top = max(seen.values())
        assert list(within_horizon(here, horizon)) == sorted(cell for cell, s in seen.items() if s == top)


def test_hard_plays_perfect_moves_or_medium_ones():
    for here in PLAYABLE[::5]:
        allowed = perfect_cells(here) | choices(here, "medium", range(40))
        assert choices(here, "hard", range(10)) <= allowed
        assert choose_move(here, "hard") == choose_move(here, "perfect")


def test_hard_slips_one_move_in_five():
    # After X takes the centre, perfect answers in a corner; medium sees no
    # difference between the 8 cells, so a slip lands on an edge half the time.
    rng, centre = random.Random(5), position("....X....")
    edges = sum(choose_move(centre, "hard", rng) in (1, 3, 5, 7) for _ in range(4000))
    assert abs(edges / 4000 - HARD_SLIP / 2) < 0.02


def test_perfect_takes_the_fastest_win():
    here = position("XOXO.X.O.")
    found = outcomes(here)
    assert found[4] == Outcome(1, 3) and found[8] == Outcome(1, 1)
    assert choose_move(here, "perfect") == 8


def test_perfect_holds_out_longest_when_lost():
    here = position("XOOX...X.")
    found = outcomes(here)
    assert all(outcome.result == -1 for outcome in found.values())
    assert found[6] == Outcome(-1, 4) and found[4] == Outcome(-1, 2)
    assert choose_move(here, "perfect", random.Random(3)) == 6


def test_play_game_pits_two_players_to_the_end():
    final = play_game(THREE, level_player("perfect"), level_player("perfect"), random.Random(4))
    assert final.is_over and final.winner is None
    first_empty = lambda here, rng: here.legal_moves()[0]  # noqa: E731
    scripted = play_game(THREE, first_empty, first_empty, random.Random())
    assert scripted.text == "XOXOXOX.." and scripted.winner == "X"


@pytest.mark.parametrize("computer", MARKS)
def test_perfect_never_loses_to_any_sequence_of_moves_on_3x3(computer: str):
    """Every opponent move and every cell perfect might choose, to the end of every game."""
    games, frontier = 0, [EMPTY]
    while frontier:
        here = frontier.pop()
        if here.is_over:
            assert here.winner != opponent(computer), here.text
            games += 1
            continue
        cells = best_cells(here) if here.to_move == computer else here.legal_moves()
        frontier.extend(here.play(cell) for cell in cells)
    assert games > 100


# 4×4

def test_perfect_never_loses_on_4x4_against_random_or_hard():
    rng = random.Random(44)
    random_player = lambda here, rng: rng.choice(here.legal_moves())  # noqa: E731
    for game in range(60):
        opponent_player = random_player if game % 2 else level_player("hard")
        perfect = level_player("perfect")
        x, o = (perfect, opponent_player) if game % 4 < 2 else (opponent_player, perfect)
        final = play_game(BOARDS["4x4"], x, o, rng)
        assert final.winner != ("O" if x is perfect else "X"), final.text


def test_perfect_on_4x4_plays_the_best_cells_with_the_most_traps():
    rng = random.Random(16)
    for _ in range(60):
        here = Position(BOARDS["4x4"])
        for _ in range(rng.randrange(12)):
            if here.is_over:
                break
            here = here.play(rng.choice(here.legal_moves()))
        if not here.is_over:
            found = outcomes(here)
            top = max(preference(o, 16) for o in found.values())
            best = [cell for cell, o in found.items() if preference(o, 16) == top]
            most = max(losing_replies(here, cell) for cell in best)
            assert choose_move(here, "perfect", rng) in [c for c in best if losing_replies(here, c) == most]


# Every board

@pytest.mark.parametrize("board", BOARDS)
def test_every_level_takes_a_win_in_one_and_medium_and_up_block(board: str):
    rules = BOARDS[board]
    k = rules.k
    row = [rules.cell_name(cell) for cell in range(rules.size * (rules.size - 1), rules.size * rules.size)]
    above = [rules.cell_name(cell) for cell in range(rules.size * (rules.size - 2), rules.size * (rules.size - 1))]
    # X has k-1 in a row along the bottom and O as many stones just above it, one short of k-1.
    win = setup(board, x=" ".join(row[:k - 1]), o=" ".join(above[1:k - 1] + [rules.cell_name(0)]))
    assert win.to_move == "X"
    for level in levels_of(rules):
        assert choices(win, level, range(3)) == {rules.parse_cell_name(row[k - 1])}, level
    # Now O is to move and must block X's line.
    block = setup(board, x=" ".join(row[:k - 1]), o=" ".join(above[1:k - 1]))
    if block.to_move == "O" and not block.winning_cells("O"):
        for level in levels_of(rules)[1:]:
            assert choices(block, level, range(3)) == {rules.parse_cell_name(row[k - 1])}, level


@pytest.mark.parametrize("board", ["5x5", "7x7", "15x15"])
def test_easy_and_medium_play_near_the_stones_on_big_boards(board: str):
    rules = BOARDS[board]
    here = Position(rules).play(rules.centre)
    near = set(near_stones(here))
    assert len(near) == 24 and rules.centre not in near
    for level in ("easy", "medium"):
        assert choices(here, level, range(50)) <= near
    assert len(near_stones(Position(rules))) == rules.cells, "on an empty board, anywhere"


@pytest.mark.parametrize("board", ["5x5", "7x7", "15x15"])
def test_without_a_generator_the_levels_are_reproducible(board: str):
    rules = BOARDS[board]
    here = Position(rules).play(rules.centre)
    for level in levels_of(rules)[:3]:
        assert choose_move(here, level) == choose_move(here, level)
