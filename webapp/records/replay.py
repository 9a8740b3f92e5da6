"""A game shown step by step, read-only, as a permanent link gives it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from webapp.engine import Opening, Position, Rules, cells_of
from webapp.shared.coach import explain_move, square_values
from webapp.shared.board import BoardView, Move, SquareValue, board_view, move_list
from webapp.shared.game_link import GameAt, Result, game_query, parse_opening, stones_query, write_moves
from webapp.shared.opening_words import game_opening_words, opening_stone_words


@dataclass(frozen=True)
class Replay:
    """A link's game (rules and moves) at one of its steps."""

    rules: Rules
    moves: tuple[int, ...]
    step: int
    opening: str | None = None  # as a link writes it (opening_rules.WRITTEN): the stones it put down
    ending: Result = field(default_factory=Result)  # who played, and a resignation or a time-out

    @classmethod
    def parse(cls, rules: Rules, raw_moves: str, query: Mapping[str, str]) -> Replay:
        """The replay of a link's moves at the step its query asks for (the
        last if none), with its opening and result, or InvalidInput saying
        what in the link is wrong."""
        moves, step = GameAt.parse(rules, raw_moves, query.get("step"))
        return cls(rules, moves, step, parse_opening(rules, query.get("opening"), moves),
                   Result.parse(query, Position.after(rules, moves)))

    @property
    def opening_stones(self) -> int:
        """How many of the first stones the opening put down (0 without one)."""
        return Opening.read(self.opening).stones_put_down if self.opening else 0

    @property
    def opening_stone_words(self) -> str | None:
        """What the stone of this step was, if the opening put it down (in the coach's place)."""
        return opening_stone_words(self.rules, self.moves, self.step, self.opening)

    @property
    def opening_words(self) -> str | None:
        """Which stones the opening rule put down, rather than the players in
        turn, and the opening's name where it is one of renju's 26 (None
        where there is neither)."""
        return game_opening_words(self.rules, self.moves, self.opening)

    @cached_property
    def position(self) -> Position:
        """The position at this step."""
        return Position.after(self.rules, self.moves[:self.step])

    def board(self, coach_values: Mapping[int, SquareValue]) -> BoardView:
        """The board at this step, with the coach's values (the caller's: see
        Seen): a replay is for learning."""
        ended = self.step == len(self.moves) and self.ending.last_words(self.rules)  # not whose turn it was
        return board_view(self.rules, self.moves[:self.step], ended or None, values=coach_values)

    @property
    def notation(self) -> str:
        """The whole game's moves as a link writes them."""
        return write_moves(self.rules, self.moves)

    @property
    def moves_in_words(self) -> list[Move]:
        """The whole game's moves, each in words and with its square."""
        return move_list(self.rules, self.moves)

    @property
    def result(self) -> str:
        """How the whole game ended, or that it had not."""
        return self.ending.words(Position.after(self.rules, self.moves))

    @property
    def query(self) -> dict[str, str]:
        """What a link to this game carries besides its moves: its opening and its result."""
        return game_query(self.opening, self.ending)

    @property
    def stones_query(self) -> dict[str, str]:
        """The stones at this step as the analysis board's link writes them (record.stones_query)."""
        return stones_query(self.rules, cells_of(self.position.x), cells_of(self.position.o))



class Seen(NamedTuple):
    """What the coach makes of a replay's step: each square's value and why
    the last move was played. On the big boards the threat solver works it
    out, so a replay's route asks the engine workers for it (see_step)."""

    values: dict[int, SquareValue]
    explanation: str | None


def see_step(rules: Rules, moves: tuple[int, ...], step: int) -> Seen:
    """The coach's values at the step, and the move that led to it with its
    reason. A link does not say who played, and whoever follows it played
    neither side, so the sides are named rather than called "you", and the
    reason, in the mover's own words ("I complete a line"), says whose they are."""
    explanation = explain_move(rules, moves, step, person=False) if step else None
    return Seen(square_values(Position.after(rules, moves[:step])), explanation)
