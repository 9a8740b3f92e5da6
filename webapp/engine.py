"""The rules of tic-tac-toe and a solver that knows the value of every position.

A board is a 9-character string, row-major from the top left, each cell 'X', 'O'
or '.' (empty). X always moves first, so the side to move follows from the counts.

The game has only 5,478 reachable positions, so this module solves all of them
once, when it is imported, and keeps the answers. Choosing a perfect move is
then a dictionary lookup rather than a search. The module knows nothing of the web.

The computer's levels, weakest first:

- easy: sees one move ahead. It takes a win that is there for the taking;
  otherwise it plays any empty square at random.
- medium: sees two moves ahead. It takes a win if it can and blocks yours if
  it must; otherwise it plays at random.
- hard: plays like perfect, except that one move in five it slips and plays
  like medium. A careful player who sets a trap can catch it.
- perfect: never loses. It plays the fastest win, else a draw, else the
  slowest loss; among equally good moves it prefers the one that leaves you
  the most ways to go wrong, then chooses at random.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache, lru_cache
from typing import NamedTuple

EMPTY = "."
EMPTY_BOARD = EMPTY * 9
MARKS = ("X", "O")
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),             # diagonals
)
LEVELS = ("easy", "medium", "hard", "perfect")
HORIZONS = {"easy": 1, "medium": 2}
"""How many plies ahead the weaker levels see the outcome of a move."""
HARD_SLIP = 0.2
"""The share of its moves on which hard plays like medium."""
_CACHED_POSITIONS = 2 * 5478  # every reachable position, for each mark: bounded, whatever callers pass
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
    """The cell the computer plays at this level (see the module's docstring).

    Each level names the cells it considers equally good; rng picks among them.
    Without rng nothing is left to chance: the lowest-numbered cell is played
    and hard never slips, which makes games reproducible.
    Raises ValueError for an unknown level, an impossible board or a finished game.
    """
    _check_level(level)
    if board not in _SCORES:
        _raise_unplayable(board)
    cells = _candidates(board, level, rng)
    return cells[0] if rng is None else rng.choice(cells)


Player = Callable[[str, random.Random], int]
"""Anything that picks a cell for the side to move: a level, a person, a test's script."""


def level_player(level: str) -> Player:
    """The computer at a level, as a Player."""
    _check_level(level)
    return lambda board, rng: choose_move(board, level, rng)


def play_game(x: Player, o: Player, rng: random.Random) -> str:
    """Play a whole game between two players; the final board."""
    board = EMPTY_BOARD
    while not is_over(board):
        player = x if side_to_move(board) == "X" else o
        board = play(board, player(board, rng))
    return board


@lru_cache(maxsize=_CACHED_POSITIONS)
def threats(board: str, mark: str) -> tuple[int, ...]:
    """The empty cells that would complete a line for mark, in order."""
    found = set()
    for line in LINES:
        marks = [board[cell] for cell in line]
        if marks.count(mark) == 2 and EMPTY in marks:
            found.add(line[marks.index(EMPTY)])
    return tuple(sorted(found))


@lru_cache(maxsize=_CACHED_POSITIONS)
def forks(board: str, mark: str) -> tuple[int, ...]:
    """The empty cells where mark would make a fork: two threats at once, so
    that the opponent can block only one of them."""
    return tuple(cell for cell, here in enumerate(board) if here == EMPTY
                 and len(threats(board[:cell] + mark + board[cell + 1:], mark)) >= 2)


def _candidates(board: str, level: str, rng: random.Random | None) -> tuple[int, ...]:
    """The cells that look equally best to a level; without rng, hard never slips."""
    if level == "hard":
        level = "medium" if rng is not None and rng.random() < HARD_SLIP else "perfect"
    if level == "perfect":
        return _BEST_CELLS[board]
    return _within_horizon(board, HORIZONS[level])


@cache
def _within_horizon(board: str, horizon: int) -> tuple[int, ...]:
    """The best cells by the solver's scores, with every outcome further than
    horizon plies away seen as a draw. Cached: after the first time, a lookup."""
    # A score's magnitude is 10 - plies (see preference), so this keeps the
    # wins and losses that come within the horizon.
    seen = {cell: score if abs(score) >= 10 - horizon else 0
            for cell, score in _SCORES[board].items()}
    top = max(seen.values())
    return tuple(cell for cell, score in seen.items() if score == top)


def _check_level(level: str) -> None:
    if level not in LEVELS:
        raise ValueError(f"Unknown level {level!r}; the levels are {', '.join(LEVELS)}.")


def losing_replies(board: str, cell: int) -> int:
    """How many of the opponent's replies lose once the side to move plays
    cell: the traps a move sets, which perfect uses to break its ties."""
    return _losing(_SCORES.get(play(board, cell)))


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
            scores, children = {}, {}
            for cell, mark in enumerate(board):
                if mark == EMPTY:
                    child = children[cell] = board[:cell] + mover + board[cell + 1:]
                    reply = value.get(child)
                    if reply is None:
                        reply = position_value(child, following, cell)
                    # The reply's score, turned to the mover's side and one ply longer.
                    scores[cell] = -reply + (reply > 0) - (reply < 0)
            best = max(scores.values())
            table[board] = scores
            best_cells[board] = _most_traps(
                [cell for cell, score in scores.items() if score == best], children, table)
        value[board] = best
        return best

    position_value(EMPTY_BOARD, "X", -1)
    return table, best_cells


def _most_traps(cells: list[int], children: dict[int, str],
                table: dict[str, dict[int, int]]) -> tuple[int, ...]:
    """Of equally good cells, those that leave the opponent the most losing replies."""
    if len(cells) == 1:
        return tuple(cells)
    traps = {cell: _losing(table.get(children[cell])) for cell in cells}
    most = max(traps.values())
    return tuple(cell for cell in cells if traps[cell] == most)


def _losing(scores: dict[int, int] | None) -> int:
    """How many of a position's moves lose (none when the game is over)."""
    return sum(score < 0 for score in scores.values()) if scores else 0


_SCORES, _BEST_CELLS = _solve()
