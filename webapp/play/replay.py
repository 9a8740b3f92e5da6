"""A game shown step by step, read-only, as a permanent link gives it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from webapp.engine import Position, Rules, cells_of
from webapp.play.coach import move_and_reason, square_values
from webapp.shared.board import BoardView, Move, board_view, move_list, plain_status
from webapp.shared.record import GameAt, mark_of, position_after, write_moves


@dataclass(frozen=True)
class Replay:
    """A link's game (rules and moves) at one of its steps."""

    rules: Rules
    moves: tuple[int, ...]
    step: int

    @classmethod
    def parse(cls, rules: Rules, raw_moves: str, raw_step: str | None) -> Replay:
        """The replay of a link's moves at a step (the last if none is given),
        or InvalidInput saying what in the link is wrong."""
        return cls(rules, *GameAt.parse(rules, raw_moves, raw_step))

    @cached_property
    def position(self) -> Position:
        """The position at this step."""
        return position_after(self.rules, self.moves[:self.step])

    @cached_property
    def board(self) -> BoardView:
        """The board at this step, with the coach's values: a replay is for learning."""
        return board_view(self.rules, self.moves[:self.step], values=square_values(self.position))

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
        if not position_after(self.rules, self.moves).is_over:
            return "Not finished."
        return plain_status(self.rules, self.moves)

    @property
    def stones_written(self) -> dict[str, str]:
        """Each side's stones at this step as the analysis board's link writes them ({"x": "h8-i9", "o": "j10"})."""
        position = self.position
        return {mark: "-".join(self.rules.cell_name(cell) for cell in cells_of(position.stones_of(mark.upper())))
                for mark in ("x", "o") if position.stones_of(mark.upper())}

    @property
    def explanation(self) -> str | None:
        """The move that led to this step and why it was good (or not). A link
        does not say who played, and whoever follows it played neither side, so
        the sides are named rather than called "you", and the reason, in the
        mover's own words ("I complete a line"), says whose they are."""
        if not self.step:
            return None
        played, why = move_and_reason(self.rules, self.moves, self.step, person=False)
        return f"{played}. {mark_of(self.step - 1)}'s reason: {why}"
