"""The solved games: 3×3 checked at every position against a brute force
written straight from the definition; the 4×4 tablebase checked by its
checksum and against an independent search on a large sample of positions."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from harness.positions import line_through, position, random_positions, reachable_positions
from tests.reach import Reach
from webapp.engine import BOARDS, Outcome, Position, outcomes, preference
from webapp.engine.play.solved import TABLEBASE, FileTable, losing_replies, solve, table

THREE = BOARDS["3x3"]
FOUR = BOARDS["4x4"]
REACHABLE = reachable_positions(Position(THREE))
PLAYABLE = sorted((here for here in REACHABLE if not here.is_over), key=lambda here: here.text)
PLAYABLE_SET = set(PLAYABLE)
TABLEBASE_SHA256 = "5d41f31e4055d8f9a15fcc9dd460851f1d1da7af4e42d58d79c2e0f11c4ba3c9"
"""The checksum of webapp/engine/play/4x4.tablebase as `make tablebase` writes it (docs/engine.md gives it too)."""


@cache
def brute_force(text: str, n: int, cell: int) -> Outcome:
    """The Outcome of playing cell on a board given as text, read straight from
    its definition: search every reply; the side that can win wins as fast as
    it can, a side that can only draw draws, and a side that must lose holds
    out as long as it can. Lines are found by harness.positions.line_through,
    not by the engine: text has a move to make, so a line can only be new,
    through cell."""
    mover = "X" if text.count("X") == text.count("O") else "O"
    after = text[:cell] + mover + text[cell + 1:]
    if line_through(after, n, n, cell):
        return Outcome(1, 1)
    if "." not in after:
        return Outcome(0, 1)
    replies = [brute_force(after, n, reply) for reply, here in enumerate(after) if here == "."]
    fastest_win = min((o.plies for o in replies if o.result == 1), default=None)
    if fastest_win is not None:
        return Outcome(-1, fastest_win + 1)
    draw = next((o for o in replies if o.result == 0), None)
    if draw is not None:
        return Outcome(0, draw.plies + 1)
    return Outcome(1, max(o.plies for o in replies) + 1)


# 3×3, everywhere

def test_3x3_has_5478_positions_4520_with_a_move_to_make():
    assert len(REACHABLE) == 5478 == table(THREE).reachable
    assert len(PLAYABLE) == 4520


def test_3x3_outcomes_agree_with_brute_force_at_every_reachable_position():
    for here in PLAYABLE:
        found = outcomes(here)
        assert sorted(found) == [cell for cell, mark in enumerate(here.text) if mark == "."]
        for cell, outcome in found.items():
            assert outcome == brute_force(here.text, 3, cell), (here.text, cell)
            if outcome.result == 0:
                assert outcome.plies == here.text.count("."), "a draw lasts to the full board"


def test_validate_accepts_exactly_the_reachable_3x3_boards():
    for cells in itertools.product("XO.", repeat=9):
        here = Position.from_text(THREE, "".join(cells))
        if here in REACHABLE:
            here.validate()
        else:
            with pytest.raises(ValueError):
                here.validate()


def test_every_3x3_board_without_a_move_is_refused_by_outcomes():
    for cells in itertools.product("XO.", repeat=9):
        here = Position.from_text(THREE, "".join(cells))
        if here not in PLAYABLE_SET:
            with pytest.raises(ValueError):
                outcomes(here)


@pytest.mark.parametrize("text, message", [
    ("XXXOO....", "The game is over; no move is left to judge."),
    ("XOXXOOOXX", "The game is over; no move is left to judge."),
    ("XXXOOO...", "Both X and O have a line"),
])
def test_outcomes_of_a_finished_or_impossible_board_say_why_not(text: str, message: str):
    with pytest.raises(ValueError, match=message):
        outcomes(position(text))


def test_preference_orders_wins_fastest_first_then_draws_then_losses_slowest_first():
    ranked = [Outcome(1, 1), Outcome(1, 3), Outcome(1, 9), Outcome(0, 4), Outcome(-1, 8), Outcome(-1, 2)]
    assert sorted(ranked, key=preference, reverse=True) == ranked
    assert [preference(o, 16) for o in ranked] == [16, 14, 8, 0, -9, -15]


def test_losing_replies_counts_the_opponents_losing_moves():
    for here in PLAYABLE[::3]:
        for cell in here.legal_moves():
            after = here.play(cell)
            expected = 0 if after.is_over else sum(o.result == -1 for o in outcomes(after).values())
            assert losing_replies(here, cell) == expected


# 4×4, from the tablebase

def test_the_tablebase_in_use_is_the_one_make_tablebase_writes():
    solved = table(FOUR)
    assert isinstance(solved, FileTable) and solved.checksum() == TABLEBASE_SHA256
    assert solved.count == 286_602 and TABLEBASE.stat().st_size == 2_268_382


def test_the_4x4_empty_board_is_a_draw_whatever_x_plays():
    assert set(outcomes(Position(FOUR)).values()) == {Outcome(0, 16)}


@pytest.mark.parametrize("least, most", [(8, 10), (11, 15)])
def test_the_tablebase_agrees_with_an_independent_search(least: int, most: int, reach: Reach):
    """Every cell of sampled positions, and every symmetric image of them."""
    rng = random.Random(least)
    for here in random_positions("4x4", reach.count(150, 30), rng, least, most):
        found = outcomes(here)
        for cell, outcome in found.items():
            assert outcome == brute_force(here.text, 4, cell), (here.text, cell)
        image = FOUR.symmetries[rng.randrange(32)]
        moved = Position.from_text(FOUR, "".join(here.text[image.index(c)] for c in range(16)))
        assert {image[cell]: outcome for cell, outcome in found.items()} == outcomes(moved)


def test_solve_builds_the_same_table_as_the_file_holds_on_sampled_positions():
    """The builder's answer for 3×3 is checked everywhere above; here the file's
    best cells on 4×4 are the best by its own outcomes, ties broken by traps."""
    for here in random_positions("4x4", 150, random.Random(2), 4, 12):
        found = outcomes(here)
        top = max(preference(o, 16) for o in found.values())
        best = [cell for cell, o in found.items() if preference(o, 16) == top]
        most = max(losing_replies(here, cell) for cell in best)
        expected = sum(1 << cell for cell in best if losing_replies(here, cell) == most)
        assert table(FOUR).record(here) == (top, expected)


def test_solve_counts_what_it_finds():
    records, reachable = solve(THREE)
    assert len(records) == 4520 and reachable == 5478
    assert records[0] == (0, 0b101000101), "the corners set the most traps"


def test_boards_too_big_to_solve_say_so():
    with pytest.raises(ValueError, match="The 7x7 board is not solved here; its top level is master."):
        table(BOARDS["7x7"])


def test_the_solved_table_answers_no_position_after_a_pass():
    for board in ("3x3", "4x4"):
        passed = Position(BOARDS[board], x=1 << 4, passed=True)
        with pytest.raises(ValueError, match="games never pass"):
            outcomes(passed)
        with pytest.raises(KeyError):
            table(BOARDS[board]).scores(passed)
        with pytest.raises(KeyError):
            table(BOARDS[board]).record(passed)
