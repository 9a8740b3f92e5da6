"""A game's review: every move judged, a summary for each side, and the
retry of a side's errors. Values, like the replay; no Flask here.

The judgements of a game on a solved board are looked up at once. On the
bigger boards each move is appraised by the engine workers (a job a move, see
webapp.workers.pool); a review shows those done so far, and is complete when
every move has its judgement.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import NamedTuple, Protocol

from webapp.engine import MARKS, Appraisal, Opening, Position, Rules, is_solved
from webapp.review.judgement import ERRORS, KEPT, WORDS, Judgement, hindsights, judge
from webapp.shared.board import BoardView, Move, SquareValue, board_view, move_list
from webapp.shared.errors import Conflict, InvalidInput
from webapp.shared.forms import whole_number
from webapp.shared.game_link import Result, game_query, mark_of, write_moves
from webapp.shared.opening_words import game_opening_words, opening_stone_words, picked_stone_words
from webapp.shared.words import describe_cell, quoted, sentence_start, side_name


class Appraiser(Protocol):
    """What a review needs of the engine workers (webapp.workers.pool.EnginePool)."""

    def appraisals(self, rules: Rules, moves: tuple[int, ...], queue: bool = True) -> list[Appraisal | None]: ...

    def appraisal(self, rules: Rules, moves: tuple[int, ...]) -> Appraisal: ...

    def judge_name(self, rules: Rules) -> str: ...


def judgements(rules: Rules, moves: tuple[int, ...], engines: Appraiser,
               queue: bool = True) -> tuple[Judgement | None, ...]:
    """Each move's judgement, None for those the workers have not appraised
    yet (for which jobs are queued, unless queue is false)."""
    appraisals = [None] * len(moves) if is_solved(rules) else engines.appraisals(rules, moves, queue)
    position, judged = Position(rules), []
    for cell, appraisal, hindsight in zip(moves, appraisals, hindsights(moves, appraisals)):
        judged.append(judge(position, cell, appraisal, hindsight))
        position = position.play(cell)
    return tuple(judged)


class SideSummary(NamedTuple):
    """One side's moves in words: how many got each word, and its accuracy,
    the share of its judged moves (those with a word) that were Best or Good."""

    side: str
    counts: dict[str, int]
    judged: int
    complete: bool = True  # every move of the game has its judgement

    @property
    def accuracy(self) -> int | None:
        """A percentage, or None when no move has a word, or while the review
        is still being worked out: a share of the first few moves judged
        (100% after one) says nothing of the game, and on the big boards a
        move's word can still change as the moves after it are appraised
        (the review reads their proofs back: judgement.hindsights)."""
        if not self.judged or not self.complete:
            return None
        return round(100 * sum(self.counts.get(word, 0) for word in KEPT) / self.judged)


class Verdict(NamedTuple):
    """One move of the list: its number, its words, and its judgement (None: not yet)."""

    step: int
    words: str
    judgement: Judgement | None


class CoursePoint(NamedTuple):
    """One move on the graph of the game's course: who played it, and X's
    (black's) chances after it as its judgement sees them (None: not judged
    yet, or not scored)."""

    rules: Rules
    step: int
    mover: str
    x_chance: float | None
    opening: bool = False  # a stone the opening put down, which no side played in turn: not judged

    @property
    def words(self) -> str:
        """The point as a person reads it: "Move 12, O: X's chances 62%",
        "Move 12, white: black's chances 62%"."""
        if self.opening:
            chance = "the opening's stone, not judged"
        elif self.x_chance is None:
            chance = "not judged yet"
        else:
            chance = f"{side_name(self.rules, 'X', start=False)}'s chances {round(self.x_chance * 100)}%"
        return f"Move {self.step}, {side_name(self.rules, self.mover, start=False)}: {chance}"


@dataclass(frozen=True)
class Review:
    """A game's moves with their judgements, looked at after one step."""

    rules: Rules
    moves: tuple[int, ...]
    judgements: tuple[Judgement | None, ...]
    step: int
    judge: str = "master"  # the engine that appraised the moves, on a board too big to solve
    opening: str | None = None  # as a link writes it (opening_rules.WRITTEN): the stones it put down
    ending: Result = field(default_factory=Result)  # who played, and a resignation or a time-out

    @property
    def query(self) -> dict[str, str]:
        """What a link to this review carries besides the moves: the opening and the result."""
        return game_query(self.opening, self.ending)

    @property
    def result(self) -> str:
        """How the game ended, in a sentence ("White won by resignation.")."""
        return self.ending.words(Position.after(self.rules, self.moves))

    @property
    def opening_words(self) -> str | None:
        """Which stones the opening rule put down, rather than the players in
        turn, and the opening's name where it is one of renju's 26 (None
        where there is neither)."""
        return game_opening_words(self.rules, self.moves, self.opening)

    @property
    def opening_stones(self) -> int:
        """How many of the first stones the opening put down: no side played
        them in turn, so no side's summary or errors count them."""
        return Opening.read(self.opening).stones_put_down if self.opening else 0

    @property
    def opening_stone_words(self) -> str | None:
        """What the stone looked at was, if the opening put it down (in its judgement's place)."""
        return opening_stone_words(self.rules, self.moves, self.step, self.opening)

    @property
    def picked_stone_words(self) -> str | None:
        """Who chose the stone looked at, if white's player picked it among black's offers (its word is black's)."""
        return picked_stone_words(self.rules, self.moves, self.step, self.opening)

    @property
    def judged_by(self) -> str:
        """Who judged the moves, in a sentence."""
        if is_solved(self.rules):
            return "Every move is judged exactly: this board is solved."
        if self.judge == "master":
            return "Moves judged by master, this site's own engine."
        return f"Moves judged by {self.judge}, an engine installed here."

    @property
    def notation(self) -> str:
        """The whole game's moves as a link writes them."""
        return write_moves(self.rules, self.moves)

    @cached_property
    def board(self) -> BoardView:
        """The board after the move looked at, without the coach: the judgement
        says it; after the last move of a game that ended off the board (a
        resignation), its status says so, not whose turn it was."""
        ended = self.step == len(self.moves) and self.ending.last_words(self.rules)
        return board_view(self.rules, self.moves[:self.step], ended or None, values=self._better_marked)

    @property
    def _better_marked(self) -> dict[int, SquareValue]:
        """The better move the judgement of the move looked at names, marked
        where it would have gone (still empty: the move went elsewhere)."""
        if self.step <= self.opening_stones:  # none before the first move, none for a stone the opening put down
            return {}
        judgement = self.judgements[self.step - 1]
        cell = judgement.better_cell if judgement else None
        if cell is None or cell in self.moves[:self.step]:
            return {}
        return {cell: SquareValue("hint", f"the better move: {judgement.better}", "better")}

    @cached_property
    def course(self) -> tuple[CoursePoint, ...]:
        """X's chances after each move, from the same judgements the words
        come from: exact on a solved board, the engine's appraisals else."""
        points = []
        for step, judgement in enumerate(self.judgements, start=1):
            mover, opening = mark_of(step - 1), step <= self.opening_stones
            chance = judgement.chance if judgement and not opening else None
            x_chance = None if chance is None else chance if mover == "X" else 1 - chance
            points.append(CoursePoint(self.rules, step, mover, x_chance, opening))
        return tuple(points)

    @property
    def course_words(self) -> str:
        """The graph in a sentence, for those who do not see it: where X's chances stood highest and lowest."""
        scored = [point for point in self.course if point.x_chance is not None]
        if not scored:
            return "No move is judged yet."
        high = max(scored, key=lambda point: point.x_chance)
        low = min(scored, key=lambda point: point.x_chance)
        return (f"{side_name(self.rules, 'X')}'s chances were highest after move {high.step} "
                f"({round(high.x_chance * 100)}%) and lowest "
                f"after move {low.step} ({round(low.x_chance * 100)}%).")

    @property
    def reviewed(self) -> int:
        return sum(judgement is not None for judgement in self.judgements)

    @property
    def complete(self) -> bool:
        return self.reviewed == len(self.moves)

    @property
    def moves_in_words(self) -> list[Move]:
        return move_list(self.rules, self.moves)

    @property
    def summaries(self) -> list[SideSummary]:
        """X's and O's, each counting only the words its moves got."""
        found = []
        for side in MARKS:
            words = Counter(judgement.word for index, judgement in enumerate(self.judgements)
                            if judgement is not None and judgement.word and mark_of(index) == side
                            and index >= self.opening_stones)
            found.append(SideSummary(side, {word: words[word] for word in WORDS if words[word]}, words.total(),
                                     self.complete))
        return found

    def errors(self, side: str) -> tuple[int, ...]:
        """The steps where side made a Mistake, a Blunder or missed a win (after the opening)."""
        return tuple(step for step, judgement in enumerate(self.judgements, start=1)
                     if judgement is not None and judgement.word in ERRORS and mark_of(step - 1) == side
                     and step > self.opening_stones)

    @property
    def current(self) -> Verdict | None:
        """The move looked at, if any."""
        if not self.step:
            return None
        return Verdict(self.step, self.moves_in_words[self.step - 1].words, self.judgements[self.step - 1])

    @property
    def deeper_look(self) -> str | None:
        """Why the review calls a move of the judge's own an error, where the
        link says the judge played it (records name it "Computer, master", or
        "Engine, <its name>"): the review looks further than a move's search,
        and says so rather than contradict the engine silently."""
        current = self.current
        if not current or not current.judgement or current.judgement.word not in ERRORS or is_solved(self.rules):
            return None
        player = self.ending.black if mark_of(self.step - 1) == "X" else self.ending.white
        if player not in (f"Computer, {self.judge}", f"Engine, {self.judge}"):
            return None
        return (f"{self.judge[:1].upper()}{self.judge[1:]} played this move in the game, within one move's search; "
                "the review looks further (its proofs examine many times the positions a move's search does), "
                "and finds what that search did not.")

    def line_in_words(self, line: tuple[int, ...]) -> str:
        """A line of play after the move looked at: 'O: h9; X: h10; O: h11', or 'White: h9; Black: h10'."""
        return "; ".join(f"{side_name(self.rules, mark_of(self.step + index))}: {describe_cell(self.rules, cell)}"
                         for index, cell in enumerate(line))


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

    rules: Rules
    moves: tuple[int, ...]
    side: str
    errors: tuple[int, ...]
    at: int
    found: int
    answers: tuple[str, ...] = ()  # for each error, what the review says was better ("Best was b2: X wins in 2.")
    opening: str | None = None  # the review's, kept in the links back to it
    ending: Result = field(default_factory=Result)  # the review's too

    @classmethod
    def of(cls, review: Review, side: str, raw_at: str | None, raw_found: str | None) -> Retry:
        """The retry of side's errors in review (complete), or InvalidInput."""
        if side not in MARKS:
            raise InvalidInput(f"The side to retry is X or O, not {quoted(side)}.")
        errors = review.errors(side)
        at = _count(raw_at, len(errors), "number of an error")
        found = _count(raw_found, at, "count of errors found")
        answers = tuple(review.judgements[step - 1].better for step in errors)
        return cls(review.rules, review.moves, side, errors, at, found, answers, review.opening, review.ending)

    @property
    def notation(self) -> str:
        return write_moves(self.rules, self.moves)

    @property
    def query(self) -> dict[str, str]:
        """What the links back to the review carry besides the moves."""
        return game_query(self.opening, self.ending)

    @property
    def finished(self) -> bool:
        return self.at >= len(self.errors)

    @property
    def position_moves(self) -> tuple[int, ...]:
        """The game's moves before the error being retried."""
        return self.moves[:self.errors[self.at] - 1]

    @cached_property
    def position(self) -> Position:
        """The position before the error being retried."""
        return Position.after(self.rules, self.position_moves)

    @property
    def board(self) -> BoardView:
        return board_view(self.rules, self.position_moves, playable=True)

    @property
    def game_board(self) -> BoardView:
        """The whole game, as it ended: shown once every error has been tried."""
        return board_view(self.rules, self.moves)

    def skipped(self) -> tuple[Retry, str]:
        """The next error, this one not found, and what the review says was better here."""
        answer = self.answers[self.at] if self.at < len(self.answers) else ""
        told = f"The answer here: {answer}" if answer else "The review names no better move here."
        return replace(self, at=self.at + 1), told

    @property
    def played(self) -> str:
        """The move the game had here, in words."""
        return describe_cell(self.rules, self.moves[self.errors[self.at] - 1])

    def attempt(self, cell: int, engines: Appraiser) -> Attempt:
        """Judge a try at this position: at once on a solved board, else
        waiting for the workers' appraisal; Conflict for a taken square."""
        if self.position.stones >> cell & 1:
            raise Conflict(f"{sentence_start(describe_cell(self.rules, cell))} is taken; choose an empty square.")
        appraisal = None if is_solved(self.rules) else engines.appraisal(self.rules, (*self.position_moves, cell))
        return Attempt(cell, judge(self.position, cell, appraisal))

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
