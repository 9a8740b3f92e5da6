"""pbrain-python: a Python function as a Gomocup brain, so that anyone's
own AI plays here (and in any Gomocup manager) without a line of protocol.

    pbrain-python my_ai.py:choose        # the function choose in my_ai.py
    pbrain-python my_ai.py               # the same: choose is the default name

The function is called with three values and returns a square:

    choose(board, side, k) -> (row, column)

- board: a tuple of rows, top row first, each a string of "X", "O" and "."
  (empty): ("X.O", ".X.", "...") is a 3×3 board after three moves.
- side: "X" or "O", the side to move (X moves first).
- k: how many in a row win (3 on 3×3, 4 on 4×4 and 5×5, 5 on 7×7 and 15×15).
- the answer: (row, column), each counted from 0 at the top left.

The module may name the board sizes it plays, `BOARD_SIZES = (3,)`; by
default it plays every board the site has. The game is freestyle (k or more
in a row win): INFO rule other than 0 gets ERROR, so the site offers it
under freestyle only. What the function prints goes out as MESSAGE lines
(stdout is the protocol's); an exception, or an answer that is not an empty
square, is answered "ERROR …" (the traceback's last lines as MESSAGE lines
before it), and the brain goes on reading. The conversation is Gomocup's
(START, RESTART, BEGIN, TURN, BOARD … DONE, TAKEBACK, INFO, ABOUT, END):
docs/your-own-ai.md.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import sys
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from webapp.engine.game.boards import BOARDS

Choose = Callable[[tuple[str, ...], str, int], Any]
K_BY_SIZE = {rules.size: rules.k for rules in BOARDS.values()}
"""Every board the site has, by size, and its k: a board is told by its size alone (START n)."""
EMPTY = "."
PRINTED_LINES = 20
"""The most lines of what the function printed (or of a traceback) sent as MESSAGE lines, one answer."""
LINE_CHARACTERS = 300
"""The longest MESSAGE line sent: a manager may kill a brain that writes a very long line."""
VERSION = "1.0"


@dataclass
class Game:
    """A board in play: its size, k, and each square's mark, row by row."""

    size: int
    k: int
    cells: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.cells = self.cells or [EMPTY] * (self.size * self.size)

    @property
    def to_move(self) -> str:
        """X when both sides have as many stones, else O."""
        return "X" if self.cells.count("X") == self.cells.count("O") else "O"

    def rows(self) -> tuple[str, ...]:
        return tuple("".join(self.cells[row * self.size:(row + 1) * self.size]) for row in range(self.size))

    def cell_of(self, written: str) -> int:
        """The cell of a square the protocol writes "x,y" (the column, then the
        row); ValueError saying why it is not an empty square on this board."""
        parts = written.strip().split(",")
        if len(parts) != 2 or not all(part.strip().isdigit() for part in parts):
            raise ValueError(f"a square is written x,y, not “{written[:20]}”")
        column, row = (int(part) for part in parts)
        return self.empty_cell(row, column)

    def empty_cell(self, row: int, column: int) -> int:
        if not (0 <= row < self.size and 0 <= column < self.size):
            raise ValueError(f"row {row}, column {column} is off the {self.size}×{self.size} board "
                             f"(0 to {self.size - 1} each way)")
        cell = row * self.size + column
        if self.cells[cell] != EMPTY:
            raise ValueError(f"row {row}, column {column} is taken (by {self.cells[cell]})")
        return cell


class PythonBrain:
    """The brain's side of the conversation, kept apart from the streams so
    that a test can hold it: `reply(line)` takes one line from the manager
    and returns the lines to answer (often none); done once told END."""

    def __init__(self, choose: Choose | None, title: str, sizes: Sequence[int] = tuple(K_BY_SIZE),
                 broken: str = "") -> None:
        self.choose, self.title, self.sizes, self.broken = choose, title, tuple(sizes), broken
        self.game: Game | None = None
        self.done = False
        self._board_lines: list[str] | None = None  # between BOARD and DONE

    def reply(self, line: str) -> list[str]:
        """The answer to one line from the manager."""
        line = line.strip()
        if self._board_lines is not None:
            return self._board_entry(self._board_lines, line)
        command, _, rest = line.partition(" ")
        handler = self._COMMANDS.get(command.upper())
        if handler is None:
            return [f"UNKNOWN command “{line[:40]}”"] if line else []
        try:
            return handler(self, rest.strip())
        except ValueError as error:
            return [f"ERROR {error}"]

    def _start(self, argument: str) -> list[str]:
        if self.broken:
            raise ValueError(self.broken)
        if not argument.isdigit() or int(argument) not in self.sizes:
            sizes = ", ".join(str(size) for size in self.sizes)
            raise ValueError(f"unsupported board size “{argument[:20]}”; {self.title} plays sizes {sizes}")
        self.game = Game(int(argument), K_BY_SIZE[int(argument)])
        return ["OK"]

    def _restart(self, argument: str) -> list[str]:
        game = self._game()
        self.game = Game(game.size, game.k)
        return ["OK"]

    def _begin(self, argument: str) -> list[str]:
        if any(mark != EMPTY for mark in self._game().cells):
            raise ValueError("BEGIN comes only at the start of a game; use BOARD to give a position")
        return self._move()

    def _turn(self, argument: str) -> list[str]:
        game = self._game()
        game.cells[game.cell_of(argument)] = game.to_move
        return self._move()

    def _board(self, argument: str) -> list[str]:
        self._game()
        self._board_lines = []
        return []

    def _board_entry(self, lines: list[str], line: str) -> list[str]:
        """A line between BOARD and DONE, the lines so far: a stone "x,y,who" (1 the
        brain's, 2 the other side's), or DONE, which sets the position and answers a move."""
        if line.upper() != "DONE":
            lines.append(line)
            return []
        self._board_lines = None
        try:
            self.game = self._position_from(lines)
        except ValueError as error:
            return [f"ERROR {error}"]
        return self._move()

    def _position_from(self, lines: list[str]) -> Game:
        """The game BOARD gave, the brain to move: X if both sides have as many stones, else O."""
        old = self._game()
        game = Game(old.size, old.k)
        placed: dict[str, list[int]] = {"1": [], "2": []}
        for line in lines:
            square, _, who = line.rpartition(",")
            if who not in placed:
                raise ValueError(f"a BOARD line is x,y,1 or x,y,2, not “{line[:20]}”")
            cell = game.cell_of(square)
            placed[who].append(cell)
            game.cells[cell] = who
        mine, theirs = len(placed["1"]), len(placed["2"])
        if theirs not in (mine, mine + 1):
            raise ValueError(f"the brain is to move, so it has as many stones as the other side or one fewer; "
                             f"this board has {mine} and {theirs}")
        own = "X" if mine == theirs else "O"
        other = "O" if own == "X" else "X"
        game.cells = [{"1": own, "2": other}.get(mark, mark) for mark in game.cells]
        return game

    def _takeback(self, argument: str) -> list[str]:
        game = self._game()
        parts = argument.split(",")
        if len(parts) != 2 or not all(part.strip().isdigit() for part in parts):
            raise ValueError(f"a square is written x,y, not “{argument[:20]}”")
        column, row = (int(part) for part in parts)
        last_mover = "O" if game.to_move == "X" else "X"
        if not (0 <= row < game.size and 0 <= column < game.size) or \
                game.cells[row * game.size + column] != last_mover:
            raise ValueError(f"{argument} is not a stone of the side that moved last")
        game.cells[row * game.size + column] = EMPTY
        return ["OK"]

    def _info(self, argument: str) -> list[str]:
        key, _, value = argument.partition(" ")
        if key.lower() == "rule" and value.strip() != "0":
            raise ValueError(f"unsupported rule {value.strip()[:10]}; {self.title} plays freestyle only (rule 0): "
                             "the function is told k, not the rule")
        return []  # the time and memory settings are the function's own business

    def _about(self, argument: str) -> list[str]:
        return [f'name="{self.title}", version="{VERSION}", author="", country="", www="", '
                'note="a Python function played by pbrain-python"']

    def _end(self, argument: str) -> list[str]:
        self.done = True
        return []

    _COMMANDS = {"START": _start, "RESTART": _restart, "BEGIN": _begin, "TURN": _turn, "BOARD": _board,
                 "TAKEBACK": _takeback, "INFO": _info, "ABOUT": _about, "END": _end}

    def _game(self) -> Game:
        if self.game is None:
            raise ValueError("no game yet: send START with the board's size first")
        return self.game

    def _move(self) -> list[str]:
        """The function's move in the game, played and answered "x,y"; what it
        printed as MESSAGE lines; ERROR if it raised or chose no empty square."""
        game, choose = self._game(), self.choose
        if choose is None:
            raise ValueError(self.broken)
        if EMPTY not in game.cells:
            raise ValueError("the board is full: there is no move to make")
        printed = io.StringIO()
        try:
            with contextlib.redirect_stdout(printed):
                chosen = choose(game.rows(), game.to_move, game.k)
        except Exception as error:  # anyone's function: say what it did, and go on
            told = traceback.format_exception(error)
            return [*_messages(printed.getvalue()), *_messages("".join(told)),
                    f"ERROR {self.title} raised {type(error).__name__}: {str(error)[:200]}"]
        messages = _messages(printed.getvalue())
        try:
            cell = game.empty_cell(*_row_and_column(chosen))
        except ValueError as error:
            return [*messages, f"ERROR {self.title} chose {repr(chosen)[:60]}: {error}"]
        game.cells[cell] = game.to_move
        row, column = divmod(cell, game.size)
        return [*messages, f"{column},{row}"]


def _row_and_column(chosen: object) -> tuple[int, int]:
    """The (row, column) a function returned; ValueError unless it is two whole numbers."""
    if not (isinstance(chosen, (tuple, list)) and len(chosen) == 2
            and all(isinstance(part, int) and not isinstance(part, bool) for part in chosen)):
        raise ValueError("a move is (row, column), two whole numbers from 0 at the top left")
    return chosen[0], chosen[1]


def _messages(text: str) -> list[str]:
    """Text as MESSAGE lines: its last PRINTED_LINES lines, each cut to LINE_CHARACTERS."""
    lines = [line.rstrip() for line in text.splitlines() if line.strip()][-PRINTED_LINES:]
    return [f"MESSAGE {line[:LINE_CHARACTERS]}" for line in lines]


def loaded(target: str) -> PythonBrain:
    """The brain for "path.py:function" (function choose if not named). A file
    that cannot be loaded, or has no such function, gives a brain that answers
    every START with ERROR saying why (and says it on stderr at once), so that
    a manager, or the site's log, tells the operator."""
    path, colon, name = target.rpartition(":") if ":" in target else (target, "", "choose")
    title = f"{Path(path).stem}.{name or 'choose'}"
    try:
        module = _module(Path(path))
        choose = getattr(module, name or "choose", None)
        if not callable(choose):
            raise ValueError(f"{path} has no function {name or 'choose'}")
        sizes = tuple(getattr(module, "BOARD_SIZES", K_BY_SIZE))
        if not sizes or not all(size in K_BY_SIZE for size in sizes):
            raise ValueError(f"{path}'s BOARD_SIZES is a tuple of the site's board sizes "
                             f"({', '.join(map(str, K_BY_SIZE))}), such as (3,), not {sizes!r:.40}")
    except Exception as error:  # a beginner's file: any error at all is what they need to read
        broken = f"cannot load {target[:80]}: {type(error).__name__}: {str(error)[:200]}"
        print(f"pbrain-python: {broken}", file=sys.stderr)
        return PythonBrain(None, title, broken=broken)
    return PythonBrain(choose, title, sizes)


def _module(path: Path) -> Any:
    """The module in a file, run as a script's would be (its folder first on
    the path, for its own imports), with what it prints kept off stdout."""
    if not path.is_file():
        raise ValueError(f"there is no file {path}")
    spec = importlib.util.spec_from_file_location(f"pbrain_python_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise ValueError(f"{path} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.resolve().parent))
    with contextlib.redirect_stdout(sys.stderr):
        spec.loader.exec_module(module)
    return module


def main(argv: Sequence[str] | None = None, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(prog="pbrain-python", description=__doc__.split("\n\n")[0])
    parser.add_argument("target", help="the function to play: path/to/file.py:function (function: choose)")
    brain = loaded(parser.parse_args(argv).target)
    for line in stdin:
        try:
            answer = brain.reply(line)
        except Exception as error:  # a bug of ours must not end a game: say so, and go on
            answer = [f"ERROR pbrain-python failed: {type(error).__name__}: {error}"]
        for reply in answer:
            print(reply, file=stdout, flush=True)
        if brain.done:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
