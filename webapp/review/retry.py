"""The retry of a side's errors in a reviewed game: the position before each,
a try at it judged as the review judges a move, and what it is told.
Values, like the review; no Flask here."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from webapp.engine import MARKS, Position, Rules, is_solved
from webapp.review.judgement import ERRORS, Judgement, judge, judge_solved
from webapp.review.review import Appraiser, Review
from webapp.shared.board import BoardView, board_view
from webapp.shared.errors import Conflict, InvalidInput
from webapp.shared.forms import whole_number
from webapp.shared.game_link import Result, game_query
from webapp.shared.game_state import GameState
from webapp.shared.words import describe_cell, quoted, sentence_start


@dataclass(frozen=True)
class Attempt:
    """A try at a retry's position, judged: right when it is no error."""

    cell: int
    judgement: Judgement

    @property
    def right(self) -> bool:
        return self.judgement.word not in ERRORS


@dataclass(frozen=True)
class Retry:
    """One side's errors in a reviewed game, to be put right in turn: the
    one at index `at`, with `found` put right before it."""

    game: GameState  # the review's: the rules, the stones set up (its errors' steps count after them), the moves
    side: str
    errors: tuple[int, ...]
    at: int
    found: int
    answers: tuple[str, ...] = ()  # for each error, what the review says was better ("Best was b2: X wins in 2.")
    opening: str | None = None  # the review's, kept in the links back to it

    @classmethod
    def of(cls, review: Review, side: str, raw_at: str | None, raw_found: str | None) -> Retry:
        """The retry of side's errors in review (complete), or InvalidInput."""
        if side not in MARKS:
            raise InvalidInput(f"The side to retry is X or O, not {quoted(side)}.")
        errors = review.errors(side)
        at = _count(raw_at, len(errors), "number of an error")
        found = _count(raw_found, at, "count of errors found")
        judged = [review.judgements[step - 1] for step in errors]  # each judged: an error is a judgement's word
        answers = tuple(judgement.better for judgement in judged if judgement is not None)
        return cls(review.game, side, errors, at, found, answers, review.opening)

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
    def notation(self) -> str:
        """The moves played, as the links back to the review write them."""
        return self.game.notation

    @property
    def query(self) -> dict[str, str]:
        """What the links back to the review carry besides the moves."""
        return game_query(self.opening, self.ending, self.game.set_up_query)

    @property
    def finished(self) -> bool:
        return self.at >= len(self.errors)

    @property
    def position_moves(self) -> tuple[int, ...]:
        """The game's moves before the error being retried (any stones set up first)."""
        return self.moves[:self.set_up + self.errors[self.at] - 1]

    @cached_property
    def position(self) -> Position:
        """The position before the error being retried."""
        return Position.after(self.rules, self.position_moves)

    @property
    def board(self) -> BoardView:
        return board_view(self.rules, self.position_moves, playable=True, set_up=self.set_up)

    @property
    def game_board(self) -> BoardView:
        """The whole game, as it was played to its end: shown once every error
        has been tried. No stone on it is new (none fades in, as a move just
        made would): its last may stand on the square a try has just found."""
        return board_view(self.rules, self.moves, new=(), set_up=self.set_up)

    def skipped(self) -> tuple[Retry, str]:
        """The next error, this one not found, and what the review says was better here."""
        answer = self.answers[self.at] if self.at < len(self.answers) else ""
        told = f"The answer here: {answer}" if answer else "The review names no better move here."
        return replace(self, at=self.at + 1), told

    @property
    def played(self) -> str:
        """The move the game had here, in words."""
        return describe_cell(self.rules, self.moves[self.set_up + self.errors[self.at] - 1])

    def attempt(self, cell: int, engines: Appraiser) -> Attempt:
        """Judge a try at this position: at once on a solved board, else
        waiting for the workers' appraisal; Conflict for a taken square."""
        if self.position.stones >> cell & 1:
            raise Conflict(f"{sentence_start(describe_cell(self.rules, cell))} is taken; choose an empty square.")
        if is_solved(self.rules):
            return Attempt(cell, judge_solved(self.position, cell))
        return Attempt(cell, judge(self.position, cell, engines.appraisal(self.rules, (*self.position_moves, cell))))

    def after(self, attempt: Attempt) -> Retry:
        """Where a try leads: the next error if it was right, else this one again."""
        if not attempt.right:
            return self
        return replace(self, at=self.at + 1, found=self.found + 1)

    def told(self, attempt: Attempt) -> str:
        """What a try is told: 'Row 1, column 3 is right: X wins in 2.', or why it is not."""
        square = sentence_start(describe_cell(self.rules, attempt.cell))
        if attempt.right:
            return f"{square} is right. {attempt.judgement.why}".strip()
        return f"{square} is not it: {attempt.judgement.why} Try again."


def _count(raw: str | None, most: int, what: str) -> int:
    """A whole number from 0 to most in a link, 0 if absent, or InvalidInput."""
    if raw is None:
        return 0
    number = whole_number(raw, most)
    if number is None:
        raise InvalidInput(f"{quoted(raw)} is not the {what} here; that is from 0 to {most}.")
    return number
