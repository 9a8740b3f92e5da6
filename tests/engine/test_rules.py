"""The rules on every board: lines in all four directions, k or more in a row,
draws, validation, cell names, symmetries; checked against definitions
written out here, cell by cell."""

from __future__ import annotations

import itertools
import random

import pytest

from harness.positions import DIRECTIONS, has_line, line_through, position, setup
from webapp.engine import BOARDS, MARKS, Position, Rules, board_named, cells_of
from webapp.engine.game.rules import transform


def random_position(rules: Rules, rng: random.Random, stones: int) -> Position:
    here = Position(rules)
    for _ in range(stones):
        if here.is_over:
            break
        here = here.play(rng.choice(here.legal_moves()))
    return here


@pytest.mark.parametrize("name, windows", [("3x3", 8), ("4x4", 10), ("5x5", 28), ("7x7", 60), ("15x15", 572)])
def test_each_board_has_its_windows_of_k(name: str, windows: int):
    rules = BOARDS[name]
    assert len(rules.windows) == windows
    assert all(window.bit_count() == rules.k for window in rules.windows)


@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.parametrize("direction", DIRECTIONS)
def test_k_in_a_row_wins_in_every_direction_anywhere(name: str, direction: str):
    rules = BOARDS[name]
    n, k = rules.size, rules.k
    down, across = DIRECTIONS[direction]
    for row, column in itertools.product(range(n), repeat=2):
        cells = [(row + down * i, column + across * i) for i in range(k)]
        if not all(0 <= r < n and 0 <= c < n for r, c in cells):
            continue
        x = sum(1 << r * n + c for r, c in cells)
        line = Position(rules, x, 0)
        assert line.winner == "X" and line.is_over and line.legal_moves() == []
        assert line.winning_line() == tuple(sorted(r * n + c for r, c in cells))
        short = Position(rules, x & (x - 1), 0)
        assert short.winner is None


def test_more_than_k_in_a_row_wins_and_lights_the_whole_run():
    overline = setup("7x7", x="a4 b4 c4 e4 f4 g4", o="a1 b1 c1 d1 a2")
    assert overline.winner is None
    six = overline._replace(x=overline.x | 1 << BOARDS["7x7"].parse_cell_name("d4"))
    assert six.winner == "X"
    assert [BOARDS["7x7"].cell_name(cell) for cell in six.winning_line()] == ["a4", "b4", "c4", "d4", "e4", "f4", "g4"]


@pytest.mark.parametrize("name", BOARDS)
def test_winner_agrees_with_the_definition_on_random_positions(name: str):
    rules, rng = BOARDS[name], random.Random(name)
    for _ in range(300):
        text = "".join(rng.choice("XO.." if rules.cells > 16 else "XO.") for _ in range(rules.cells))
        here = Position.from_text(rules, text)
        for mark in MARKS:
            line = has_line(text, rules.size, rules.k, mark)
            assert bool(here.lines_of(mark)) == rules.has_line(here.stones_of(mark)) == line, text


@pytest.mark.parametrize("name", BOARDS)
def test_a_line_through_a_stone_is_a_line_of_the_definitions(name: str):
    """The test's brute force looks for a line through the move alone."""
    rules, rng = BOARDS[name], random.Random(name)
    for _ in range(300):
        text = "".join(rng.choice("XO.." if rules.cells > 16 else "XO.") for _ in range(rules.cells))
        for mark in MARKS:
            through = [line_through(text, rules.size, rules.k, cell)
                       for cell, here in enumerate(text) if here == mark]
            assert any(through) == has_line(text, rules.size, rules.k, mark), text


def test_a_full_board_without_a_line_is_a_draw():
    draw = position("XOXXOOOXX")
    assert draw.winner is None and draw.is_over and draw.legal_moves() == []
    draw4 = position("XXOO" "OOXX" "XXOO" "OOXX")
    assert draw4.winner is None and draw4.is_over


@pytest.mark.parametrize("name", BOARDS)
def test_winning_and_fork_cells_agree_with_playing_each_cell(name: str):
    rules, rng = BOARDS[name], random.Random(name)
    for _ in range(40 if rules.cells < 100 else 8):
        here = random_position(rules, rng, rng.randrange(rules.cells // 2))
        if here.is_over:
            continue
        for mark in MARKS:
            stones = here.stones_of(mark)
            def after(cell: int) -> Position:
                placed = stones | 1 << cell
                return here._replace(x=placed) if mark == "X" else here._replace(o=placed)
            wins = {cell for cell in cells_of(here.empty) if after(cell).winner == mark}
            assert set(cells_of(here.winning_cells(mark))) == wins
            forks = {cell for cell in cells_of(here.empty)
                     if after(cell).winning_cells(mark).bit_count() >= 2}
            assert set(cells_of(here.fork_cells(mark))) == forks


def test_playing_alternates_and_refuses_a_taken_cell():
    here = Position(BOARDS["3x3"]).play(4)
    assert here.text == "....X...." and here.to_move == "O" and here.ply == 1
    assert here.play(0).text == "O...X...." and here.play(0).to_move == "X"
    with pytest.raises(ValueError, match="Cell 4 is not an empty cell of the 3x3 board."):
        here.play(4)
    with pytest.raises(ValueError, match="Cell 9 is not"):
        here.play(9)


@pytest.mark.parametrize("text, message", [
    ("X" * 3, "A 3x3 board has 9 cells, not 3."),
    ("x........", "not 'x'"),
    ("XX.......", "this board has 2 X and 0 O"),
    ("O........", "this board has 0 X and 1 O"),
    ("XXXOOO...", "Both X and O have a line"),
    ("XXXOO.O..", "X has a line, yet O moved after it"),
    ("OOOXX.XX.", "O has a line, yet X moved after it"),
])
def test_validate_says_what_is_wrong(text: str, message: str):
    with pytest.raises(ValueError, match=message):
        Position.from_text(BOARDS["3x3"], text).validate()


def test_two_lines_with_no_stone_in_common_cannot_happen():
    here = setup("7x7", x="a7 b7 c7 d7 e7 a1 b1 c1 d1 e1", o="a6 b6 c6 d6 a5 b5 c5 d5 a4")
    with pytest.raises(ValueError, match="two lines with no stone in common"):
        here.validate()
    crossing = setup("7x7", x="a7 b7 c7 d7 e7 e6 e5 e4 e3", o="a6 b6 c6 d6 a5 b5 c5 d5")
    crossing.validate()


@pytest.mark.parametrize("name", BOARDS)
def test_cell_names_count_columns_from_a_and_rows_from_the_bottom(name: str):
    rules = BOARDS[name]
    n = rules.size
    assert rules.cell_name(0) == f"a{n}" and rules.cell_name(n * n - 1) == f"{'abcdefghijklmno'[n - 1]}1"
    for cell in range(rules.cells):
        assert rules.parse_cell_name(rules.cell_name(cell)) == cell
    assert BOARDS["15x15"].cell_name(BOARDS["15x15"].centre) == "h8"


@pytest.mark.parametrize("name", ["", "a", "8", "h", "h0", "h08", "h16", "p1", "H8", "h 8", "h8x", "h٨"])
def test_a_name_that_is_not_a_square_is_refused(name: str):
    with pytest.raises(ValueError, match="is not a square of the 15x15 board, whose squares run from a1 to o15"):
        BOARDS["15x15"].parse_cell_name(name)


@pytest.mark.parametrize("name, count", [("3x3", 8), ("4x4", 32), ("5x5", 8), ("7x7", 8), ("15x15", 8)])
def test_symmetries_map_every_line_onto_a_line(name: str, count: int):
    rules = BOARDS[name]
    assert len(rules.symmetries) == count and rules.symmetries[0] == tuple(range(rules.cells))
    assert len(set(rules.symmetries)) == count
    lines = set(rules.windows)
    for image in rules.symmetries:
        assert sorted(image) == list(range(rules.cells))
        assert {transform(window, image) for window in rules.windows} == lines


@pytest.mark.parametrize("size, k, message", [
    (2, 2, "A board is 3 to 26 cells a side, not 2."),
    (27, 5, "A board is 3 to 26 cells a side, not 27."),
    (5, 6, "On a 5×5 board a line is 3 to 5 in a row, not 6."),
    (5, 2, "On a 5×5 board a line is 3 to 5 in a row, not 2."),
    ("5", 4, "A board is 3 to 26 cells a side, not '5'."),
])
def test_a_bad_board_or_k_is_refused_with_a_message(size, k, message: str):
    with pytest.raises(ValueError, match=message):
        Rules(size, k)


def test_rules_work_for_any_n_and_k():
    rules = Rules(6, 3)
    assert len(rules.windows) == 4 * 6 + 4 * 6 + 2 * 16
    assert Position(rules, 0b111, 0).winner == "X"


def test_the_offered_boards_are_named_and_others_refused():
    assert [(r.size, r.k) for r in BOARDS.values()] == [(3, 3), (4, 4), (5, 4), (7, 5), (15, 5)]
    assert board_named("7x7") is BOARDS["7x7"]
    with pytest.raises(ValueError, match="There is no board “9x9”; the boards are 3x3, 4x4, 5x5, 7x7, 15x15."):
        board_named("9x9")


def test_after_a_pass_the_other_side_moves_and_the_sides_alternate_from_there():
    """A pass flips the side to move for good: each stone played after it
    keeps the counts' difference one away from a game's."""
    passed = Position(BOARDS["7x7"], x=1 << 24, o=1 << 23, passed=True)
    assert Position(BOARDS["7x7"], x=1 << 24, o=1 << 23).to_move == "X"
    movers = []
    for cell in (0, 1, 2, 3):
        movers.append(passed.to_move)
        passed = passed.play(cell)
        passed.validate()
    assert movers == ["O", "X", "O", "X"] and passed.passed
    assert passed.x.bit_count() == passed.o.bit_count() == 3 and passed.to_move == "O"


@pytest.mark.parametrize("text, passed, mover", [
    ("....X....", False, "O"), ("....X....", True, "X"),
    ("....XO...", False, "X"), ("....XO...", True, "O"),
    ("...XXO...", True, "X"), ("...OXO...", True, "X"), ("XX..XO...", True, "O"),
])
def test_the_side_to_move_is_the_counts_unless_a_side_passed(text: str, passed: bool, mover: str):
    here = Position.from_text(BOARDS["3x3"], text)._replace(passed=passed)
    assert here.to_move == mover and here.last_mover != mover
    here.validate()


@pytest.mark.parametrize("text, message", [
    ("XXX.OO...", "X has a line, yet O moved after it"),  # O passed after X's line: X to move
    ("OOOXX.X..", "O has a line, yet X moved after it"),
    ("XX.XX....", "after one pass X has from one mark fewer than O to two more; this board has 4 X and 0 O"),
])
def test_validate_after_a_pass_says_what_is_wrong(text: str, message: str):
    with pytest.raises(ValueError, match=message):
        Position.from_text(BOARDS["3x3"], text)._replace(passed=True).validate()
