"""A game shown step by step, read-only, as a permanent link gives it: from
the empty board, or from stones set up by hand (the analysis board's, in
the link's x= and o=), which are shown as set up and are no steps."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from webapp.engine import Position, Rules, cells_of
from webapp.engine.game.notation import write_moves
from webapp.shared.board import BoardView, Move, SquareValue, board_view, move_list
from webapp.shared.coach import explain_move, square_values
from webapp.shared.game_link import GameAt, Result, game_query, parse_opening, stones_query
from webapp.shared.game_state import GameState, linked_opening
from webapp.shared.opening_words import game_opening_words, opening_stone_words
from webapp.shared.set_up import begun_words


@dataclass(frozen=True)
class Replay:
    """A link's game (a GameState: its moves hold the stones set up by hand
    first) at one of its steps: a step counts only the moves played after
    the stones set up (see GameAt)."""

    game: GameState  # the rules, the stones set up, the opening, the moves and how it ended (who played too)
    step: int
    opening: str | None = None  # as a link writes it (opening_rules.WRITTEN): the stones it put down

    @classmethod
    def parse(cls, rules: Rules, raw_moves: str, query: Mapping[str, str]) -> Replay:
        """The replay of a link's moves (played after the stones its x= and o=
        set up, if it has them) at the step its query asks for (the last if
        none), with its opening and result, or InvalidInput saying what in
        the link is wrong."""
        moves, step, set_up = GameAt.of_link(rules, raw_moves, query)
        opening = parse_opening(rules, query.get("opening"), moves, set_up)
        game = GameState(rules=rules, moves=moves, set_up=set_up, opening=linked_opening(opening),
                         ending=Result.parse(query, Position.after(rules, moves)))
        return cls(game, step, opening)

    # What the templates read of the game, forwarded to the state it holds

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def moves(self) -> tuple[int, ...]:
        return self.game.moves

    @property
    def set_up(self) -> int:
        return self.game.set_up

    @property
    def ending(self) -> Result:
        return self.game.ending

    @property
    def last_step(self) -> int:
        return self.game.last_step

    @property
    def ply(self) -> int:
        """How many stones are on the board at this step, those set up among them."""
        return self.set_up + self.step

    @property
    def opening_stones(self) -> int:
        """How many of the first stones the opening put down (0 without one)."""
        return self.game.opening_stones

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
        return Position.after(self.rules, self.moves[:self.ply])

    def board(self, coach_values: Mapping[int, SquareValue]) -> BoardView:
        """The board at this step, with the coach's values (the caller's: see
        Seen): a replay is for learning. Stones set up are neither numbered nor listed."""
        ended = self.step == self.last_step and self.ending.last_words(self.rules)  # not whose turn it was
        return board_view(self.rules, self.moves[:self.ply], ended or None, values=coach_values, set_up=self.set_up)

    @property
    def notation(self) -> str:
        """The whole game's moves played as a link writes them (its query carries any stones set up)."""
        return self.game.notation

    @property
    def notation_to_step(self) -> str:
        """The moves played up to this step as a link writes them: where "Play from here" goes on from."""
        return write_moves(self.rules, self.moves[self.set_up:self.ply])

    @property
    def set_up_query(self) -> dict[str, str]:
        """The stones set up by hand, as the link carries them (x=, o=); none for a game from the empty board."""
        return self.game.set_up_query

    @property
    def set_up_words(self) -> str:
        """What the replay says of a game begun from stones set up by hand (see Replay)."""
        return begun_words(self.set_up, "the steps and the move numbers count")

    @property
    def moves_in_words(self) -> list[Move]:
        """The whole game's moves played, each in words and with its square (the stones set up are no moves)."""
        return move_list(self.rules, self.moves, self.set_up)

    @property
    def result(self) -> str:
        """How the whole game ended, or that it had not."""
        return self.game.ending_words

    @property
    def query(self) -> dict[str, str]:
        """What a link to this game carries besides its moves: its stones set up, its opening and its result."""
        return game_query(self.opening, self.ending, self.set_up_query)

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


def see_step(rules: Rules, moves: tuple[int, ...], ply: int, set_up: int = 0) -> Seen:
    """The coach's values after the first ply of moves, and the move that
    led there with its reason, if it was played (not one of the first set_up,
    stones set up by hand, which nobody played and no reason explains). A
    link does not say who played, and whoever follows it played neither
    side, so the sides are named rather than called "you", and the reason,
    in the mover's own words ("I complete a line"), says whose they are."""
    explanation = explain_move(rules, moves, ply, person=False) if ply > set_up else None
    return Seen(square_values(Position.after(rules, moves[:ply])), explanation)
