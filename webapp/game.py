"""One match: who plays each side, the moves so far, and the checks on a move.

A Game is an immutable value. Every change (a person's move, the computer's
reply, a new game) returns a new Game, which the caller stores. The board is
derived from the list of moves, so history and board can never disagree.
Nothing here knows about HTTP; the views turn the two exception types into
status codes.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from webapp import engine

HUMAN = "human"
PLAYERS = (HUMAN, *engine.LEVELS)
PLAYER_NAMES = {HUMAN: "Human", **{level: f"Computer, {level}" for level in engine.LEVELS}}
DEFAULT_PLAYERS = {"X": HUMAN, "O": "perfect"}
_RNG = random.Random()
_CELL = re.compile("[0-8]")
_PLY = re.compile("[0-9]")


class InvalidInput(ValueError):
    """The request is malformed: a missing, non-numeric or out-of-range cell,
    or an unknown player. The message is fit to show a person."""


class Conflict(ValueError):
    """The request is well formed but does not fit the game as it stands: an
    occupied cell, a finished game, or a board the person saw that is out of
    date. The message is fit to show a person."""


@dataclass(frozen=True)
class Game:
    """Who plays X and O (HUMAN or a computer level) and the cells played so far."""

    x: str = DEFAULT_PLAYERS["X"]
    o: str = DEFAULT_PLAYERS["O"]
    moves: tuple[int, ...] = ()

    @classmethod
    def start(cls, x: str, o: str, rng: random.Random = _RNG) -> Game:
        """A new game; a computer playing X opens at once."""
        return cls(x, o)._computer_replies(rng)

    @cached_property
    def board(self) -> str:
        board = engine.EMPTY_BOARD
        for cell in self.moves:
            board = engine.play(board, cell)
        return board

    @property
    def ply(self) -> int:
        """How many marks are on the board."""
        return len(self.moves)

    @property
    def to_move(self) -> str:
        return engine.side_to_move(self.board)

    @property
    def winner(self) -> str | None:
        return engine.winner(self.board)

    @property
    def winning_line(self) -> tuple[int, int, int] | None:
        return engine.winning_line(self.board)

    @property
    def is_over(self) -> bool:
        return engine.is_over(self.board)

    def player(self, mark: str) -> str:
        return self.x if mark == "X" else self.o

    @property
    def humans_turn(self) -> bool:
        return not self.is_over and self.player(self.to_move) == HUMAN

    def can_play(self, cell: int) -> bool:
        """Whether a person may click this cell now."""
        return self.humans_turn and self.board[cell] == engine.EMPTY

    def play(self, cell: int, seen_ply: int, rng: random.Random = _RNG) -> Game:
        """A person's move at cell, then the computer's reply if it is to move.

        seen_ply is the number of marks on the board the person saw: a click
        made on an out-of-date board (a second tab, a double click) is refused
        rather than played onto a position the person never saw.
        """
        if seen_ply != self.ply:
            raise Conflict(
                "That board was out of date (the game moved on, perhaps in another "
                "tab); here it is as it stands now."
            )
        if self.is_over:
            raise Conflict("This game is over; start a new game to play again.")
        if not self.humans_turn:
            raise Conflict("It is the computer's turn, not yours.")
        if self.board[cell] != engine.EMPTY:
            raise Conflict(f"{describe_cell(cell).capitalize()} is taken; choose an empty square.")
        return Game(self.x, self.o, (*self.moves, cell))._computer_replies(rng)

    def _computer_replies(self, rng: random.Random) -> Game:
        game = self
        while not game.is_over and game.player(game.to_move) != HUMAN:
            cell = engine.choose_move(game.board, game.player(game.to_move), rng)
            game = Game(game.x, game.o, (*game.moves, cell))
        return game

    @property
    def status(self) -> str:
        """One sentence for the status line: whose turn, or how the game ended."""
        humans = [mark for mark in engine.MARKS if self.player(mark) == HUMAN]
        winner = self.winner
        if len(humans) == 1:
            you = humans[0]
            if winner == you:
                return "You win!"
            if winner:
                return f"The computer wins with three {winner}s in a row."
            if self.is_over:
                return "A draw: nobody could win this one."
            return f"Your turn: you play {you}."
        if winner:
            return f"{winner} wins!"
        if self.is_over:
            return "A draw."
        return f"{self.to_move} to move."

    def cell_label(self, cell: int) -> str:
        """The accessible name of a cell's button, e.g. 'Row 1, column 3, empty'."""
        mark = self.board[cell]
        content = "empty" if mark == engine.EMPTY else mark
        return f"{describe_cell(cell).capitalize()}, {content}"

    def to_session(self) -> dict[str, Any]:
        """A small dict to keep in the session store."""
        return {"x": self.x, "o": self.o, "moves": "".join(map(str, self.moves))}

    @classmethod
    def from_session(cls, data: Any) -> Game | None:
        """The stored game, or None if data is missing or not a legal game."""
        try:
            x, o, moves = data["x"], data["o"], tuple(map(int, data["moves"]))
            if x not in PLAYERS or o not in PLAYERS:
                return None
            check_moves(moves)
        except (TypeError, KeyError, ValueError):
            return None
        return cls(x, o, moves)


def check_moves(moves: tuple[int, ...]) -> None:
    """Raise InvalidInput naming the first move of a sequence that is illegal."""
    board = engine.EMPTY_BOARD
    for step, cell in enumerate(moves, start=1):
        if engine.is_over(board):
            raise InvalidInput(f"Move {step} comes after the game ended.")
        if not 0 <= cell <= 8 or board[cell] != engine.EMPTY:
            raise InvalidInput(f"Move {step} is not an empty square.")
        board = engine.play(board, cell)


def describe_cell(cell: int) -> str:
    """'row 1, column 3' for cell 2: people count rows and columns from one."""
    row, column = divmod(cell, 3)
    return f"row {row + 1}, column {column + 1}"


def parse_cell(raw: str | None) -> int:
    """The cell number in a form field, or InvalidInput saying what is wrong."""
    if raw is None or raw == "":
        raise InvalidInput("Choose a square to play.")
    if not _CELL.fullmatch(raw):
        raise InvalidInput(f"A square is a number from 0 to 8, not {_quote(raw)}.")
    return int(raw)


def parse_ply(raw: str | None) -> int:
    """The number of marks on the board the person saw, from a form field."""
    if raw is None or not _PLY.fullmatch(raw):
        raise InvalidInput("The move form is incomplete; reload the page and try again.")
    return int(raw)


def parse_player(raw: str | None, mark: str) -> str:
    """The player named in a form field for mark; absent means the default."""
    if raw is None:
        return DEFAULT_PLAYERS[mark]
    if raw not in PLAYERS:
        raise InvalidInput(
            f"Unknown player {_quote(raw)} for {mark}; choose one of: {', '.join(PLAYERS)}."
        )
    return raw


def _quote(raw: str) -> str:
    """User input echoed in a message, cut short so a message stays a sentence."""
    return f"“{raw if len(raw) <= 20 else raw[:20] + '…'}”"
