"""Shapes: the line table against a plain reading of its definition, for
every line of every k the boards use; the combinations; and the shape
fields a Node keeps up to date move by move against the same counted afresh."""

from __future__ import annotations

import itertools
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from webapp.engine.play.patterns import LINES, Combo, Line, code, combo, line_pairs, line_table, pack, unpack

ROOT = Path(__file__).resolve().parents[2]


def reading(line: str, k: int) -> Line:
    """What a stone on the middle of line ('x' the side's stones, '.' empty,
    '#' blocked) makes, by the definition read plainly: count runs of x along
    the text itself, and try every next stone."""
    middle = k - 1
    placed = line[:middle] + "x" + line[middle + 1:]
    return _made(placed, k)


@cache
def _made(line: str, k: int) -> Line:
    middle = k - 1
    runs = [line[start:start + k] for start in range(middle - k + 1, middle + 1)]  # the runs of k through the middle
    open_runs = [(start, run) for start, run in zip(range(k), runs) if "#" not in run]
    if not open_runs:
        return Line.DEAD
    if any(run == "x" * k for _, run in open_runs):
        return Line.FIVE
    completing = {start + run.index(".") for start, run in open_runs if run.count(".") == 1}
    if completing:
        return Line.FLEX4 if len(completing) > 1 else Line.BLOCK4
    best = max(_made(line[:cell] + "x" + line[cell + 1:], k)
               for cell in {start + i for start, run in open_runs for i, c in enumerate(run) if c == "."})
    return {Line.FLEX4: Line.FLEX3, Line.BLOCK4: Line.BLOCK3, Line.FLEX3: Line.FLEX2, Line.BLOCK3: Line.BLOCK2,
            Line.FLEX2: Line.FLEX1, Line.BLOCK2: Line.BLOCK1}.get(best, Line.DEAD)


def bits(line: str, mark: str) -> int:
    return sum(1 << i for i, c in enumerate(line) if c == mark)


def looked_up(line: str, k: int) -> Line:
    return Line(line_table(k)[code(bits(line, "x"), bits(line, "#"), 2 * k - 1)])


@pytest.mark.parametrize("k", [3, 4, 5])
def test_the_table_holds_the_definition_for_every_line(k: int):
    span, middle = 2 * k - 1, k - 1
    seen = set()
    for rest in itertools.product("x.#", repeat=span - 1):
        line = "".join(rest[:middle]) + "." + "".join(rest[middle:])
        assert looked_up(line, k) == reading(line, k), line
        seen.add(reading(line, k))
    assert seen == (set(Line) - ({Line.BLOCK1, Line.FLEX1} if k < 5 else set())
                    - ({Line.BLOCK2, Line.FLEX2} if k < 4 else set()))


@pytest.mark.parametrize("k", [3, 4, 5])
def test_the_table_of_pairs_is_the_table_by_digits_for_each_side(k: int):
    span = 2 * k - 1
    pairs, by_digits = line_pairs(k), line_table(k)
    for line, (first, second) in enumerate(pairs):
        held = [line >> 2 * cell & 3 for cell in range(span)]  # 0 empty, 1 and 2 the sides' stones, 3 off the board
        if held[k - 1]:
            assert (first, second) == (0, 0)
            continue
        for side, found in ((1, first), (2, second)):
            stones = sum(1 << cell for cell in range(span) if held[cell] == side)
            blocked = sum(1 << cell for cell in range(span) if held[cell] not in (0, side))
            assert found == by_digits[code(stones, blocked, span)], (line, side)


@pytest.mark.parametrize("line, made", [
    ("xxxx.....", Line.FIVE),      # the stone completes five
    (".xxx.....", Line.FLEX4),     # _xxx[x]_ : an open four
    ("#xxx.....", Line.BLOCK4),    # #xxx[x]_ : one end blocked
    ("..xx.x...", Line.FLEX4),     # _xx[x]x_ : the broken three closed up
    (".xx..x...", Line.BLOCK4),    # xx.[x]x : only the gap completes it
    ("...x.x...", Line.FLEX3),     # x[x]x with room: an open three
    ("..#x.x...", Line.BLOCK3),    # #x[x]x.. : one more stone makes a closed four only
    ("..x......", Line.FLEX2),
    ("#.......#", Line.FLEX1),     # room for exactly two runs of five
    ("###.....#", Line.BLOCK1),    # room for one run of five only
    ("###..#...", Line.DEAD),      # no run of five fits
])
def test_gomoku_shapes_by_name(line: str, made: Line):
    assert looked_up(line, 5) == made


@pytest.mark.parametrize("lines, made", [
    ((Line.FIVE, Line.DEAD, Line.DEAD, Line.DEAD), Combo.FIVE),
    ((Line.BLOCK4, Line.BLOCK4, Line.DEAD, Line.DEAD), Combo.FLEX4),
    ((Line.BLOCK4, Line.FLEX3, Line.DEAD, Line.DEAD), Combo.FOUR_THREE),
    ((Line.BLOCK4, Line.FLEX2, Line.DEAD, Line.DEAD), Combo.FOUR_PLUS),
    ((Line.BLOCK4, Line.FLEX1, Line.DEAD, Line.DEAD), Combo.FOUR),
    ((Line.FLEX3, Line.FLEX3, Line.DEAD, Line.DEAD), Combo.THREE_THREE),
    ((Line.FLEX3, Line.BLOCK3, Line.DEAD, Line.DEAD), Combo.THREE_PLUS),
    ((Line.FLEX3, Line.BLOCK2, Line.BLOCK2, Line.BLOCK2), Combo.THREE),
    ((Line.BLOCK3, Line.BLOCK3, Line.DEAD, Line.DEAD), Combo.BLOCK3_PLUS),
    ((Line.FLEX2, Line.FLEX2, Line.DEAD, Line.DEAD), Combo.TWO_TWO),
    ((Line.BLOCK3, Line.BLOCK2, Line.DEAD, Line.DEAD), Combo.BLOCK3),
    ((Line.FLEX2, Line.FLEX1, Line.FLEX1, Line.FLEX1), Combo.TWO),
    ((Line.BLOCK2, Line.FLEX1, Line.FLEX1, Line.FLEX1), Combo.NONE),
])
def test_combinations(lines: tuple[Line, ...], made: Combo):
    for order in itertools.permutations(lines):
        assert combo(order) == made


def test_a_cell_packs_and_unpacks_its_four_lines():
    for lines in itertools.product(Line, repeat=4):
        assert unpack(pack(lines)) == lines
    assert pack((Line.FIVE,) * 4) == LINES ** 4 - 1


def test_the_engine_and_a_big_board_search_start_without_numpy():
    """numpy's import costs more than make bench's start-up target (a fresh
    process's import and first 3×3 reply, 100 ms): the engine's tables are
    built without it, and only the learners' network uses it."""
    script = ("import sys; from webapp.engine import BOARDS, Position, choose_move; "
              "choose_move(Position(BOARDS['3x3']), 'perfect'); "
              "choose_move(Position(BOARDS['15x15']).play(112), 'master'); "
              "print('numpy' in sys.modules)")
    found = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "False"
