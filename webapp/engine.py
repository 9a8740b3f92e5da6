"""The rules of tic-tac-toe and a solver that knows the value of every position.

A board is a 9-character string, row-major from the top left, each cell 'X', 'O'
or '.' (empty). X always moves first, so the side to move follows from the counts.

The game has only 5,478 reachable positions, so this module solves all of them
once, when it is imported, and keeps the answers. Choosing a move is then a
dictionary lookup rather than a search. The module knows nothing of the web.
"""

from __future__ import annotations

import random
from typing import NamedTuple

EMPTY = "."
EMPTY_BOARD = EMPTY * 9
MARKS = ("X", "O")
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),             # diagonals
)
LEVELS = ("perfect",)
_LINES_THROUGH = tuple(tuple(line for line in LINES if cell in line) for cell in range(9))


class Outcome(NamedTuple):
    """Where playing a cell leads, with perfect play from both sides afterwards.

    result is from the point of view of the side that plays the cell: +1 it
    wins, 0 a draw, -1 it loses. plies is how long the game then lasts, this
    move included, when the winner wins as fast as it can and the loser holds
    out as long as it can; a draw always lasts to the full board.
    """

    result: int
    plies: int


def side_to_move(board: str) -> str:
    """'X' when the counts of marks are equal, otherwise 'O'."""
    return "X" if board.count("X") == board.count("O") else "O"


def opponent(mark: str) -> str:
    return "O" if mark == "X" else "X"


def winning_line(board: str) -> tuple[int, int, int] | None:
    """The first completed line on the board, or None."""
    for line in LINES:
        if _completes(board, line):
            return line
    return None


def winner(board: str) -> str | None:
    """'X' or 'O' if that side has completed a line, else None."""
    line = winning_line(board)
    return board[line[0]] if line else None


def is_over(board: str) -> bool:
    """True when a side has won or no cell is left."""
    return winning_line(board) is not None or EMPTY not in board


def legal_moves(board: str) -> list[int]:
    """The empty cells, in order; none once the game is over."""
    if is_over(board):
        return []
    return [cell for cell, mark in enumerate(board) if mark == EMPTY]


def play(board: str, cell: int) -> str:
    """The board after the side to move marks cell (which must be legal)."""
    return board[:cell] + side_to_move(board) + board[cell + 1:]


def validate(board: str) -> None:
    """Raise ValueError, with a message fit to show a person, unless board is a
    position that can arise in a game (finished games included)."""
    if len(board) != 9:
        raise ValueError(f"A board has 9 cells, not {len(board)}.")
    stray = set(board) - {"X", "O", EMPTY}
    if stray:
        raise ValueError(f"A cell holds 'X', 'O' or '.', not {sorted(stray)[0]!r}.")
    xs, os = board.count("X"), board.count("O")
    if xs - os not in (0, 1):
        raise ValueError(
            f"X moves first and the sides alternate, so X has as many marks as O "
            f"or one more; this board has {xs} X and {os} O."
        )
    line_owners = {board[line[0]] for line in LINES if _completes(board, line)}
    if len(line_owners) == 2:
        raise ValueError("Both X and O have a line; a game stops at the first line.")
    if "X" in line_owners and xs == os:
        raise ValueError("X has a line, yet O moved after it; a game stops at the first line.")
    if "O" in line_owners and xs > os:
        raise ValueError("O has a line, yet X moved after it; a game stops at the first line.")


def outcomes(board: str) -> dict[int, Outcome]:
    """For every legal cell, the Outcome of playing it for the side to move.

    Raises ValueError for an impossible board or a game that is already over.
    """
    scores = _SCORES.get(board)
    if scores is None:
        _raise_unplayable(board)
    empty = board.count(EMPTY)
    return {cell: _outcome(score, empty) for cell, score in scores.items()}


def choose_move(board: str, level: str = "perfect", rng: random.Random | None = None) -> int:
    """The cell the computer plays at this level.

    perfect: a best outcome, that is the fastest win, else a draw, else the
    slowest loss; so it never loses. rng picks among equally good cells; without
    one the lowest-numbered of them is played, which makes games reproducible.
    """
    if level not in LEVELS:
        raise ValueError(f"Unknown level {level!r}; the levels are {', '.join(LEVELS)}.")
    best = _BEST_CELLS.get(board)
    if best is None:
        _raise_unplayable(board)
    return best[0] if rng is None else rng.choice(best)


def preference(outcome: Outcome) -> int:
    """Sort key, larger is better for the mover: wins beat draws beat losses,
    a faster win beats a slower one and a slower loss beats a faster one.
    It is 10 - plies for a win, 0 for a draw and plies - 10 for a loss."""
    return outcome.result * (10 - outcome.plies)


def _outcome(score: int, empty: int) -> Outcome:
    """The Outcome a preference score stands for; a draw fills the empty cells."""
    if score == 0:
        return Outcome(0, empty)
    return Outcome(1, 10 - score) if score > 0 else Outcome(-1, 10 + score)


def _completes(board: str, line: tuple[int, int, int]) -> bool:
    a, b, c = line
    return board[a] != EMPTY and board[a] == board[b] == board[c]


def _raise_unplayable(board: str) -> None:
    validate(board)
    found = winner(board)
    if found:
        raise ValueError(f"The game is over: {found} has won.")
    raise ValueError("The game is over: it is a draw.")


def _solve() -> tuple[dict[str, dict[int, int]], dict[str, tuple[int, ...]]]:
    """For every reachable position with a move to make: the preference score
    of each legal cell, and the cells with the best score.

    A memoised depth-first search from the empty board. It works in plain
    integers (see preference) because that makes importing this module fast;
    it carries the side to move and the cell just played down the search, so a
    finished game is spotted by checking only the lines through that cell.
    """
    table: dict[str, dict[int, int]] = {}
    best_cells: dict[str, tuple[int, ...]] = {}
    value: dict[str, int] = {}

    def position_value(board: str, mover: str, last: int) -> int:
        """The best score open to mover: -10 (lost, no ply to play) once the
        previous move completed a line, 0 on a full board."""
        if last >= 0 and any(board[a] == board[b] == board[c] for a, b, c in _LINES_THROUGH[last]):
            best = -10
        elif EMPTY not in board:
            best = 0
        else:
            following = opponent(mover)
            scores = {}
            for cell, mark in enumerate(board):
                if mark == EMPTY:
                    child = board[:cell] + mover + board[cell + 1:]
                    reply = value.get(child)
                    if reply is None:
                        reply = position_value(child, following, cell)
                    # The reply's score, turned to the mover's side and one ply longer.
                    scores[cell] = -reply + (reply > 0) - (reply < 0)
            best = max(scores.values())
            table[board] = scores
            best_cells[board] = tuple(cell for cell, score in scores.items() if score == best)
        value[board] = best
        return best

    position_value(EMPTY_BOARD, "X", -1)
    return table, best_cells


_SCORES, _BEST_CELLS = _solve()
