"""pbrain-python (webapp.brains.python_brain): a Python function as a
Gomocup brain, driven over its pipes as a manager would, its faults said on
the protocol; and the two examples of docs/your-own-ai.md, each what it
claims: the minimax never loses on 3×3 (every reply tried), the counting of
ways to win loses a known position."""

from __future__ import annotations

import importlib.util
import logging
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from tests.brains import EXAMPLES, probed, python_brain
from webapp.brains.connection import Connection
from webapp.brains.python_brain import PythonBrain
from webapp.engine import BOARDS, Position, outcomes

TIC_TAC_TOE = BOARDS["3x3"]


@pytest.fixture
def pbrain_python(tmp_path: Path) -> str:
    return python_brain(tmp_path)


@pytest.fixture
def talk(pbrain_python: str) -> Iterator:
    """Start pbrain-python on a target; every process started ends with the test."""
    started: list[Connection] = []

    def start(target: str) -> Connection:
        started.append(connection := Connection([pbrain_python, target]))
        return connection

    yield start
    for connection in started:
        connection.kill()


def ask(connection: Connection, *lines: str) -> str:
    connection.tell(*lines)
    return connection.answer(10)


def example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rows(position: Position) -> tuple[str, ...]:
    """A position as a function is given it: rows of X, O and '.'."""
    size = position.rules.size
    marks = [position.mark_at(cell) or "." for cell in range(size * size)]
    return tuple("".join(marks[row * size:(row + 1) * size]) for row in range(size))


# The protocol, over pipes

def test_the_adapter_speaks_the_protocol_over_its_pipes(talk):
    brain = talk(f"{EXAMPLES}/minimax.py:choose")
    assert ask(brain, "START 3") == "OK"
    assert ask(brain, "ABOUT").startswith('name="minimax.choose", version="1.0"')
    assert ask(brain, "INFO timeout_turn 1000", "INFO rule 0", "BEGIN") == "0,0"  # a corner: it wins no faster
    assert ask(brain, "TURN 1,1") == "1,0"  # x,y: the column, then the row
    assert ask(brain, "TAKEBACK 1,0") == "OK"
    assert ask(brain, "RESTART") == "OK"
    assert ask(brain, "BOARD", "1,1,2", "0,0,1", "2,0,2", "DONE") == "0,2"  # O blocks the diagonal
    assert ask(brain, "INFO rule 1").startswith("ERROR unsupported rule 1; minimax.choose plays freestyle only")
    assert ask(brain, "START 4") == "ERROR unsupported board size “4”; minimax.choose plays sizes 3"
    assert ask(brain, "TURN 9,9").startswith("ERROR row 9, column 9 is off the 3×3 board")
    assert ask(brain, "HELLO") == "UNKNOWN command “HELLO”"
    brain.tell("END")
    assert brain.process.wait(timeout=10) == 0


def test_an_exception_in_the_function_is_an_error_on_the_protocol_and_the_brain_goes_on(talk, tmp_path):
    faulty = tmp_path / "faulty.py"
    faulty.write_text("def choose(board, side, k):\n"
                      "    print('thinking about', side)\n"
                      "    if board[1][1] == '.':\n"
                      "        return 1 / 0\n"
                      "    return 'b2'\n")
    brain = talk(f"{faulty}:choose")
    assert ask(brain, "START 3") == "OK"
    assert ask(brain, "BEGIN") == "ERROR faulty.choose raised ZeroDivisionError: division by zero"
    assert "MESSAGE thinking about X" in brain.messages
    assert any("return 1 / 0" in line for line in brain.messages)  # the traceback, where it failed
    said = ask(brain, "TURN 1,1")
    assert said == "ERROR faulty.choose chose 'b2': a move is (row, column), two whole numbers from 0 at the top left"
    assert ask(brain, "ABOUT").startswith('name="faulty.choose"')  # still listening


def test_a_file_that_cannot_be_loaded_answers_start_saying_why(talk, tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("def choose(board, side, k)\n    return 0, 0\n")
    assert ask(talk(f"{broken}:choose"), "START 3").startswith("ERROR cannot load")
    assert "SyntaxError" in ask(talk(f"{broken}:choose"), "START 3")
    assert ask(talk(f"{EXAMPLES}/minimax.py:play"), "START 3").endswith("minimax.py has no function play")
    odd = tmp_path / "odd.py"
    odd.write_text("BOARD_SIZES = (6,)\ndef choose(board, side, k):\n    return 0, 0\n")
    assert "odd.py's BOARD_SIZES is a tuple of the site's board sizes (3, 4, 5, 7, 15), such as (3,), not (6,)" \
        in ask(talk(f"{odd}:choose"), "START 3")


@pytest.mark.parametrize("answer, error", [
    ((0, 0), "chose (0, 0): row 0, column 0 is taken (by X)"),
    ((3, 0), "chose (3, 0): row 3, column 0 is off the 3×3 board (0 to 2 each way)"),
    ((True, 1), "chose (True, 1): a move is (row, column)"),
    (None, "chose None: a move is (row, column)"),
])
def test_an_answer_that_is_no_empty_square_is_an_error(answer, error):
    brain = PythonBrain(lambda board, side, k: answer, "fixed")
    brain.reply("START 3")
    said = brain.reply("BOARD")
    said = brain.reply("0,0,2")
    said = brain.reply("DONE")
    assert said[-1].startswith(f"ERROR fixed {error}")


def test_the_function_is_given_rows_the_side_to_move_and_k():
    seen = []
    brain = PythonBrain(lambda board, side, k: seen.append((board, side, k)) or (0, 0), "spy")
    brain.reply("START 5")
    assert brain.reply("BOARD") == [] and brain.reply("2,2,1") == [] and brain.reply("1,2,2") == []
    assert brain.reply("3,0,2") == [] and brain.reply("DONE") == ["0,0"]
    assert seen == [(("...X.", ".....", ".XO..", ".....", "....."), "O", 4)]  # 5×5 is four in a row here


# The examples are what they claim

def minimax_results(choose, position: Position, side: str) -> Iterator[str | None]:
    """The winner (None: a draw) of every game choose plays as side from
    position, the other side trying every reply."""
    if position.is_over:
        yield position.winner
        return
    if position.to_move == side:
        row, column = choose(rows(position), side, position.rules.k)
        yield from minimax_results(choose, position.play(row * 3 + column), side)
        return
    for cell in position.legal_moves():
        yield from minimax_results(choose, position.play(cell), side)


@pytest.mark.parametrize("side", ["X", "O"])
def test_the_minimax_never_loses_on_three_by_three_against_every_reply(side):
    choose = example("minimax").choose
    results = list(minimax_results(choose, Position(TIC_TAC_TOE), side))
    other = "O" if side == "X" else "X"
    assert other not in results
    assert len(results) > 50  # every reply was tried: 73 games as X, more as O


def test_the_ways_to_win_heuristic_loses_a_known_position():
    choose = example("ways_to_win").choose
    position = Position.after(TIC_TAC_TOE, (0, 4, 8))  # X a corner, O the centre, X the opposite corner
    row, column = choose(rows(position), "O", 3)
    assert (row, column) in ((0, 2), (2, 0))  # a corner: most lines still open
    assert outcomes(position)[row * 3 + column].result == -1  # and X wins by force: an edge holds the draw
    assert outcomes(position)[1].result == 0


def test_the_ways_to_win_heuristic_wins_and_blocks_when_it_must():
    choose = example("ways_to_win").choose
    assert choose(("XX.", "OO.", "..."), "X", 3) == (0, 2)
    assert choose(("XX.", "O..", "O.."), "O", 3) == (0, 2)


# What the site makes of them (webapp.brains.external.probe)

def test_the_examples_are_offered_on_the_boards_they_play(pbrain_python):
    assert probed("minimax", f"{pbrain_python} {EXAMPLES}/minimax.py:choose").plays == {"3x3"}
    heuristic = probed("ways", f"{pbrain_python} {EXAMPLES}/ways_to_win.py")
    assert heuristic.plays == {"3x3", "4x4", "5x5", "7x7", "15x15"}  # freestyle only
    assert heuristic.title == "ways_to_win.choose"


def test_a_function_that_cannot_be_loaded_is_offered_nowhere(pbrain_python, tmp_path, caplog):
    with caplog.at_level(logging.INFO, logger="webapp.brains.external"):
        assert probed("gone", f"{pbrain_python} {tmp_path}/gone.py").plays == frozenset()
    assert "Engine gone does not play 3x3: it answered START 3 with “ERROR cannot load" in caplog.text
