"""One browser's match: the current game, the score, and the checks on a move.

Game, Score and Match are immutable values. Every action (a person's move, a
computer's step, a take-back, a new game) returns a new value, which the caller
stores. A game's board is derived from its list of moves, so history and board
can never disagree. Nothing here knows about HTTP; the views turn the two
exception types into status codes.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, NamedTuple

from webapp import engine
from webapp.coach import SquareValue, describe_cell, reason, square_values

HUMAN = "human"
PLAYERS = (HUMAN, *engine.LEVELS)
PLAYER_NAMES = {HUMAN: "Human", **{level: f"Computer, {level}" for level in engine.LEVELS}}
DEFAULT_PLAYERS = {"X": HUMAN, "O": "perfect"}
FRIENDS = "friends"
"""The score's name for games between two people at one screen."""
_RNG = random.Random()
_CELL = re.compile("[0-8]")
_PLY = re.compile("[0-9]")


class InvalidInput(ValueError):
    """The request is malformed: a missing, non-numeric or out-of-range cell,
    or an unknown player. The message is fit to show a person."""


class Conflict(ValueError):
    """The request is well formed but does not fit the game as it stands: an
    occupied cell, a finished game, nothing to take back, or a board the person
    saw that is out of date. The message is fit to show a person."""


class Cell(NamedTuple):
    """One square as a page shows it."""

    number: int
    mark: str | None            # "X", "O", or None when empty
    in_winning_line: bool
    value: SquareValue | None   # the coach's value, when the coach is on
    label: str                  # the accessible name
    playable: bool              # a person may click it now
    is_new: bool                # marked by the last thing that happened (a move and its reply)


@dataclass(frozen=True)
class Game:
    """Who plays X and O (HUMAN or a computer level) and the cells played so far.

    A computer facing a person answers in the same step as the person's move;
    two computers move one step at a time, so a person can watch them.
    """

    x: str = DEFAULT_PLAYERS["X"]
    o: str = DEFAULT_PLAYERS["O"]
    moves: tuple[int, ...] = ()

    @classmethod
    def start(cls, x: str, o: str, rng: random.Random = _RNG, moves: tuple[int, ...] = ()) -> Game:
        """A new game, from the empty board or from the position after moves;
        a computer to move against a person moves at once."""
        game = cls(x, o, moves)
        if game.is_over:
            raise Conflict("That game is over; there is nothing left to play from there.")
        return game._reply_to_person(rng)

    @cached_property
    def board(self) -> str:
        return board_after(self.moves)

    @property
    def ply(self) -> int:
        """How many marks are on the board."""
        return len(self.moves)

    @property
    def to_move(self) -> str:
        return engine.side_to_move(self.board)

    @cached_property
    def winner(self) -> str | None:
        return engine.winner(self.board)

    @cached_property
    def winning_line(self) -> tuple[int, int, int] | None:
        return engine.winning_line(self.board)

    @cached_property
    def is_over(self) -> bool:
        return engine.is_over(self.board)

    def player(self, mark: str) -> str:
        return self.x if mark == "X" else self.o

    @property
    def humans(self) -> list[str]:
        """The marks people play."""
        return [mark for mark in engine.MARKS if self.player(mark) == HUMAN]

    @property
    def humans_turn(self) -> bool:
        return not self.is_over and self.player(self.to_move) == HUMAN

    @property
    def computers_to_step(self) -> bool:
        """Two computers are playing and the game goes on: the page steps it."""
        return not self.humans and not self.is_over

    @property
    def can_undo(self) -> bool:
        return self._last_human_move() is not None

    def can_play(self, cell: int) -> bool:
        """Whether a person may click this cell now."""
        return self.humans_turn and self.board[cell] == engine.EMPTY

    def play(self, cell: int, seen_ply: int, rng: random.Random = _RNG) -> Game:
        """A person's move at cell, then the computer's reply if it is to move.

        seen_ply is the number of marks on the board the person saw: a click
        made on an out-of-date board (a second tab, a double click) is refused
        rather than played onto a position the person never saw.
        """
        self._check_seen(seen_ply)
        self._check_not_over()
        if not self.humans_turn:
            raise Conflict("It is the computer's turn, not yours.")
        if self.board[cell] != engine.EMPTY:
            raise Conflict(f"{describe_cell(cell).capitalize()} is taken; choose an empty square.")
        return self._played(cell)._reply_to_person(rng)

    def step(self, seen_ply: int, rng: random.Random = _RNG) -> Game:
        """One move by the computer to move, in a game between two computers."""
        self._check_seen(seen_ply)
        self._check_not_over()
        if self.humans:
            raise Conflict("The computer only moves by itself when two computers play.")
        return self._played(engine.choose_move(self.board, self.player(self.to_move), rng))

    def undo(self, seen_ply: int) -> Game:
        """Take back the last move a person made, with the computer's reply to
        it; between two people, the last move."""
        self._check_seen(seen_ply)
        last = self._last_human_move()
        if last is None:
            raise Conflict("There is no move to take back.")
        return replace(self, moves=self.moves[:last])

    @property
    def result_key(self) -> str | None:
        """Where this game counts in the score once it is over: "<level>/win",
        "/draw" or "/loss" for the person against a level, "friends/X", "/O" or
        "/draw" between two people; None while it goes on, or between computers."""
        if not self.is_over or not self.humans:
            return None
        winner = self.winner
        if len(self.humans) == 2:
            return f"{FRIENDS}/{winner or 'draw'}"
        you = self.humans[0]
        result = "draw" if winner is None else "win" if winner == you else "loss"
        return f"{self.player(engine.opponent(you))}/{result}"

    @property
    def status(self) -> str:
        """One sentence for the status line: whose turn, or how the game ended."""
        winner = self.winner
        if len(self.humans) == 1:
            you = self.humans[0]
            if winner == you:
                return "You win!"
            if winner:
                return f"The computer wins with three {winner}s in a row."
            if self.is_over:
                return "A draw: nobody could win this one."
            return f"Your turn: you play {you}."
        if not self.humans:
            match = f"{self.x.capitalize()} (X) against {self.o} (O)"
            if winner:
                return f"{match}: {self.player(winner).capitalize()} ({winner}) wins."
            return f"{match}: a draw." if self.is_over else f"{match}: {self.to_move} to move."
        if winner:
            return f"{winner} wins!"
        return "A draw." if self.is_over else f"{self.to_move} to move."

    @property
    def move_list(self) -> list[str]:
        """The moves in words a person reads: "X: row 2, column 2"."""
        return [f"{mark_of(index)}: {describe_cell(cell)}" for index, cell in enumerate(self.moves)]

    @cached_property
    def square_values(self) -> dict[int, SquareValue]:
        """The coach's value of every empty square for the side to move."""
        return square_values(self.board)

    @cached_property
    def last_computer_reason(self) -> str | None:
        """Why the computer made the last move, if the last move was a computer's."""
        if not self.moves or self.player(mark_of(self.ply - 1)) == HUMAN:
            return None
        return explain_move(self.moves, self.ply, person=self.player(mark_of(self.ply)) == HUMAN)

    def cells(self, coach: bool = False) -> list[Cell]:
        """The nine squares as a page shows them, computed in one pass."""
        line = self.winning_line or ()
        values = self.square_values if coach else {}
        last_human = self._last_human_move()
        new = self.moves[last_human if last_human is not None else -1:]
        return [Cell(cell, None if mark == engine.EMPTY else mark, cell in line, values.get(cell),
                     self.cell_label(cell, coach), self.can_play(cell), cell in new)
                for cell, mark in enumerate(self.board)]

    def cell_label(self, cell: int, coach: bool = False) -> str:
        """The accessible name of a cell's button: 'Row 1, column 3, empty', and
        with the coach on, its value: 'Row 1, column 3, empty, win in 2'."""
        mark = self.board[cell]
        content = "empty" if mark == engine.EMPTY else mark
        value = self.square_values.get(cell) if coach else None
        return f"{describe_cell(cell).capitalize()}, {content}" + (f", {value.text}" if value else "")

    @property
    def digits(self) -> str:
        """The moves as the digits of a replay link, e.g. "408"."""
        return "".join(map(str, self.moves))

    def to_session(self) -> dict[str, Any]:
        """A small dict to keep in the session store."""
        return {"x": self.x, "o": self.o, "moves": self.digits}

    @classmethod
    def from_session(cls, data: Any) -> Game | None:
        """The stored game, or None if data is missing or not a legal game."""
        try:
            x, o, moves = data["x"], data["o"], parse_moves(data["moves"])
        except (TypeError, KeyError, ValueError):
            return None
        return cls(x, o, moves) if x in PLAYERS and o in PLAYERS else None

    def _played(self, cell: int) -> Game:
        return replace(self, moves=(*self.moves, cell))

    def _reply_to_person(self, rng: random.Random) -> Game:
        mover = self.player(self.to_move)
        if self.is_over or mover == HUMAN or not self.humans:
            return self
        return self._played(engine.choose_move(self.board, mover, rng))

    def _last_human_move(self) -> int | None:
        """The index in moves of the last move a person made."""
        for index in reversed(range(self.ply)):
            if self.player(mark_of(index)) == HUMAN:
                return index
        return None

    def _check_seen(self, seen_ply: int) -> None:
        if seen_ply != self.ply:
            raise Conflict(
                "That board was out of date (the game moved on, perhaps in another "
                "tab); here it is as it stands now."
            )

    def _check_not_over(self) -> None:
        if self.is_over:
            raise Conflict("This game is over; start a new game to play again.")


_LEVEL_TALLIES = (("win", "Wins"), ("draw", "Draws"), ("loss", "Losses"))
_FRIENDS_TALLIES = (("X", "X wins"), ("O", "O wins"), ("draw", "Draws"))


class ScoreLine(NamedTuple):
    """One line of the score as shown: who against whom, and the tallies."""

    label: str
    tallies: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Score:
    """Finished games per browser, counted by result_key: the person's wins,
    draws and losses against each level, and X/O/draw tallies between two people."""

    counts: Mapping[str, int] = field(default_factory=dict)

    def plus(self, key: str, amount: int = 1) -> Score:
        return Score({**self.counts, key: self.counts.get(key, 0) + amount})

    def lines(self) -> list[ScoreLine]:
        """The lines worth showing: every pairing with a finished game."""
        groups = [(f"You against {level}", level, _LEVEL_TALLIES) for level in engine.LEVELS]
        groups.append(("Two players", FRIENDS, _FRIENDS_TALLIES))
        lines = []
        for label, prefix, names in groups:
            tallies = tuple((name, self.counts.get(f"{prefix}/{key}", 0)) for key, name in names)
            if any(count for _, count in tallies):
                lines.append(ScoreLine(label, tallies))
        return lines

    @classmethod
    def from_session(cls, data: Any) -> Score:
        """The stored score, or an empty one if data is not a score."""
        if not isinstance(data, Mapping) or not all(
                isinstance(key, str) and type(count) is int and count >= 0 for key, count in data.items()):
            return cls()
        return cls(dict(data))


@dataclass(frozen=True)
class Match:
    """Everything one browser keeps: the current game, the score, and whether
    the current game's result is in the score (so a finished game counts once,
    and taking it back from its end takes it out of the score again)."""

    game: Game = field(default_factory=Game)
    score: Score = field(default_factory=Score)
    scored: bool = False
    coach: bool = False

    def play(self, cell: int, seen_ply: int, rng: random.Random = _RNG) -> Match:
        return self._after(self.game.play(cell, seen_ply, rng))

    def step(self, seen_ply: int, rng: random.Random = _RNG) -> Match:
        return self._after(self.game.step(seen_ply, rng))

    def undo(self, seen_ply: int) -> Match:
        game = self.game.undo(seen_ply)
        score = self.score.plus(self.game.result_key, -1) if self.scored else self.score
        return replace(self, game=game, score=score, scored=False)

    def new_game(self, x: str, o: str, rng: random.Random = _RNG, moves: tuple[int, ...] = ()) -> Match:
        return replace(self, game=Game.start(x, o, rng, moves), scored=False)

    def reset_score(self) -> Match:
        return replace(self, score=Score(), scored=False)

    def with_coach(self, on: bool) -> Match:
        return replace(self, coach=on)

    def _after(self, game: Game) -> Match:
        key = game.result_key
        if key is None:
            return replace(self, game=game)
        return replace(self, game=game, score=self.score.plus(key), scored=True)

    def to_session(self) -> dict[str, Any]:
        return {"game": self.game.to_session(), "score": dict(self.score.counts),
                "scored": self.scored, "coach": self.coach}

    @classmethod
    def from_session(cls, data: Mapping[str, Any]) -> Match:
        """The stored match; any part that is missing or unreadable starts afresh."""
        game = Game.from_session(data.get("game")) or Game()
        scored = data.get("scored") is True and game.result_key is not None
        return cls(game, Score.from_session(data.get("score")), scored, data.get("coach") is True)


@dataclass(frozen=True)
class Replay:
    """A game shown step by step, read-only, as a permanent link gives it."""

    moves: tuple[int, ...]
    step: int

    @classmethod
    def parse(cls, raw_moves: str, raw_step: str | None) -> Replay:
        """The replay of a link's moves at a step (the last if none is given),
        or InvalidInput saying what in the link is wrong."""
        moves = parse_moves(raw_moves)
        if raw_step is None:
            return cls(moves, len(moves))
        if not (raw_step.isascii() and raw_step.isdigit()) or int(raw_step) > len(moves):
            raise InvalidInput(f"There is no step {_quote(raw_step)} in this game; "
                               f"its steps are 0 to {len(moves)}.")
        return cls(moves, int(raw_step))

    @cached_property
    def position(self) -> Game:
        """The game as it stood at this step."""
        return Game(HUMAN, HUMAN, self.moves[:self.step])

    @cached_property
    def whole(self) -> Game:
        """The game as the link gives it."""
        return Game(HUMAN, HUMAN, self.moves)

    @property
    def result(self) -> str:
        """How the whole game ended, or that it had not."""
        return self.whole.status if self.whole.is_over else "Not finished."

    @property
    def explanation(self) -> str | None:
        """The move that led to this step and why it was good (or not). A link
        does not say who played, and whoever follows it played neither side, so
        the sides are named rather than called "you"."""
        return explain_move(self.moves, self.step, person=False) if self.step else None


def mark_of(index: int) -> str:
    """Who made the move at index (from 0) of a game: X moves first, then they alternate."""
    return engine.MARKS[index % 2]


def board_after(moves: tuple[int, ...]) -> str:
    board = engine.EMPTY_BOARD
    for cell in moves:
        board = engine.play(board, cell)
    return board


def explain_move(moves: tuple[int, ...], step: int, person: bool) -> str:
    """Move number step (from 1) of a game, and the coach's reason for it,
    said to "you" if person plays the other side, else naming that side."""
    cell = moves[step - 1]
    return (f"{mark_of(step - 1)} played {describe_cell(cell)}. "
            f"{reason(board_after(moves[:step - 1]), cell, person)}")


def parse_moves(raw: str) -> tuple[int, ...]:
    """The cells of a game written as digits ("40816"), or InvalidInput naming
    the first step that is wrong."""
    if len(raw) > 9:
        raise InvalidInput(f"A game has at most 9 moves; this one has {len(raw)}.")
    board, moves = engine.EMPTY_BOARD, []
    for step, char in enumerate(raw, start=1):
        if char not in "012345678":
            raise InvalidInput(f"Step {step} is {_quote(char)}, not a square number from 0 to 8.")
        if engine.is_over(board):
            raise InvalidInput(f"Step {step} comes after the game ended at step {step - 1}.")
        cell = int(char)
        if board[cell] != engine.EMPTY:
            raise InvalidInput(f"Step {step} plays square {cell}, which step {moves.index(cell) + 1} already took.")
        board = engine.play(board, cell)
        moves.append(cell)
    return tuple(moves)


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
        raise InvalidInput("The form is incomplete; reload the page and try again.")
    return int(raw)


def parse_switch(raw: str | None) -> bool:
    """An on/off form field, such as the coach's."""
    if raw not in ("on", "off"):
        raise InvalidInput("Say “on” or “off” to switch the coach.")
    return raw == "on"


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
