"""A game's review: every move judged, and a summary for each side (the
retry of a side's errors is retry.py's). Values, like the replay; no Flask here.

The judgements of a game on a solved board are looked up at once. On the
bigger boards each move is appraised by the engine workers (a job a move, see
webapp.workers.pool); a review shows those done so far, and is complete when
every move has its judgement.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple, Protocol

from webapp.engine import MARKS, Appraisal, Position, Rules, cells_of, is_solved
from webapp.engine.game.notation import mark_of
from webapp.review.judgement import ERRORS, KEPT, WORDS, Judgement, hindsights, judge
from webapp.shared.board import BoardView, Move, SquareValue, board_view, move_list
from webapp.shared.game_link import Result, game_query, stones_query
from webapp.shared.game_state import GameState, linked_opening
from webapp.shared.opening_words import game_opening_words, opening_stone_words, picked_stone_words
from webapp.shared.set_up import begun_words
from webapp.shared.words import describe_cell, side_name


class Appraiser(Protocol):
    """What a review needs of the engine workers (webapp.workers.pool.EnginePool)."""

    def appraisals(self, rules: Rules, moves: tuple[int, ...], queue: bool = True, start: int = 0,
                   permit: Callable[[], bool] | None = None) -> list[Appraisal | None]: ...

    def appraisal(self, rules: Rules, moves: tuple[int, ...]) -> Appraisal: ...

    def judge_name(self, rules: Rules) -> str: ...


def judgements(rules: Rules, moves: tuple[int, ...], engines: Appraiser, queue: bool = True,
               set_up: int = 0, permit: Callable[[], bool] | None = None) -> tuple[Judgement | None, ...]:
    """Each move's judgement after the first set_up (stones set up by hand:
    nobody played them, so nothing judges them), None for those the workers
    have not appraised yet (for which jobs are queued, unless queue is false,
    or permit, asked before the first new one, says no)."""
    played = moves[set_up:]
    appraisals = ([None] * len(played) if is_solved(rules)
                  else engines.appraisals(rules, moves, queue, set_up, permit))
    seen = hindsights(moves, [*[None] * set_up, *appraisals])[set_up:]  # the stones set up: appraised by nobody
    position, judged = Position.after(rules, moves[:set_up]), []
    for cell, appraisal, hindsight in zip(played, appraisals, seen):
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
    """A game's moves with their judgements, looked at after one step. A game
    begun from stones set up by hand holds them first in moves (set_up of
    them): they are no steps and have no judgements; step counts the moves
    played after them, and so do the judgements and the move numbers."""

    game: GameState  # the rules, the stones set up, the opening, the moves and how it ended (who played too)
    judgements: tuple[Judgement | None, ...]  # of the moves played, after any stones set up
    step: int
    judge: str = "master"  # the engine that appraised the moves, on a board too big to solve
    opening: str | None = None  # as a link writes it (opening_rules.WRITTEN): the stones it put down

    @classmethod
    def of(cls, rules: Rules, moves: tuple[int, ...], judged: tuple[Judgement | None, ...], step: int,
           judge: str = "master", opening: str | None = None, ending: Result = Result(), set_up: int = 0) -> Review:
        """The review of a link's game (its opening checked: game_link.parse_opening) at step, from its parts."""
        game = GameState(rules=rules, moves=moves, set_up=set_up, opening=linked_opening(opening), ending=ending)
        return cls(game, judged, step, judge, opening)

    def __post_init__(self) -> None:
        """Black's fifth stone, where white's player picked it among black's
        offers (picked_step), names no better move: black chose what to
        offer, not which offer was played, and the link does not say what
        the other offers were, so a better fifth named would be one black
        could not have played. Its word stays: it judges offering it."""
        step = self.picked_step
        if step is None or step > len(self.judgements) or (picked := self.judgements[step - 1]) is None:
            return
        judged = list(self.judgements)
        judged[step - 1] = picked._replace(better="", better_cell=None)
        object.__setattr__(self, "judgements", tuple(judged))  # frozen: set once, as the review is made

    @property
    def picked_step(self) -> int | None:
        """The step (from 1) of black's fifth stone where white's player always
        picks it among black's offers (RIF's, Soosõrv-8's); None under the other rules."""
        picked = self.game.opening.always_picked if self.opening else None
        return None if picked is None else picked + 1

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
    def notation(self) -> str:
        """The whole game's moves played as a link writes them (its query carries any stones set up)."""
        return self.game.notation

    @property
    def query(self) -> dict[str, str]:
        """What a link to this review carries besides the moves: the stones set up, the opening and the result."""
        return game_query(self.opening, self.ending, self.game.set_up_query)

    @property
    def ply(self) -> int:
        """How many stones are on the board at the step looked at, those set up among them."""
        return self.set_up + self.step

    @property
    def set_up_words(self) -> str | None:
        """What the review says of a game begun from stones set up by hand (None for any other)."""
        return begun_words(self.set_up, "the review numbers and judges") if self.set_up else None

    @property
    def stones_query(self) -> dict[str, str]:
        """The stones at the step looked at, as the analysis board's link writes them."""
        position = self.board_position
        return stones_query(self.rules, cells_of(position.x), cells_of(position.o))

    @property
    def board_position(self) -> Position:
        """The position after the move looked at."""
        return Position.after(self.rules, self.moves[:self.ply])

    @property
    def result(self) -> str:
        """How the game ended, in a sentence ("White won by resignation.")."""
        return self.game.ending_words

    @property
    def opening_words(self) -> str | None:
        """Which stones the opening rule put down, rather than the players in
        turn, and, under renju, the opening's name where it is one of renju's
        26 (None where there is neither): a freestyle or standard game does
        not open with renju's openings."""
        return game_opening_words(self.rules, self.moves, self.opening)

    @property
    def opening_stones(self) -> int:
        """How many of the first stones the opening put down: no side played
        them in turn, so no side's summary or errors count them."""
        return self.game.opening_stones

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

    @cached_property
    def board(self) -> BoardView:
        """The board after the move looked at, without the coach: the judgement
        says it; after the last move of a game that ended off the board (a
        resignation), its status says so, not whose turn it was; of a game
        that ended on the board, that it ended there, as the result above
        says who won (not twice). Stones set up are neither numbered nor listed."""
        ended = self.step == self.last_step and (self.ending.last_words(self.rules) or self._ended_here)
        return board_view(self.rules, self.moves[:self.ply], ended or None,
                          values=self._better_marked, set_up=self.set_up)

    @property
    def _ended_here(self) -> str | None:
        """The status after the move that ended the game on the board (a line
        completed, or the board full); None after any other move."""
        return "The game ended with this move." if self.board_position.is_over else None

    @property
    def _better_marked(self) -> dict[int, SquareValue]:
        """The better move the judgement of the move looked at names, marked
        where it would have gone (still empty: the move went elsewhere)."""
        if self.step <= self.opening_stones:  # none before the first move, none for a stone the opening put down
            return {}
        judgement = self.judgements[self.step - 1]
        cell = judgement.better_cell if judgement else None
        if judgement is None or cell is None or cell in self.moves[:self.ply]:
            return {}
        return {cell: SquareValue("hint", f"the better move: {judgement.better}", "better")}

    @cached_property
    def course(self) -> tuple[CoursePoint, ...]:
        """X's chances after each move, from the same judgements the words
        come from: exact on a solved board, the engine's appraisals else."""
        points = []
        for step, judgement in enumerate(self.judgements, start=1):
            mover, opening = self.mover(step), step <= self.opening_stones
            chance = judgement.chance if judgement and not opening else None
            x_chance = None if chance is None else chance if mover == "X" else 1 - chance
            points.append(CoursePoint(self.rules, step, mover, x_chance, opening))
        return tuple(points)

    @property
    def course_words(self) -> str:
        """The graph in a sentence, for those who do not see it: where X's chances stood highest and lowest."""
        scored = [(point.step, point.x_chance) for point in self.course if point.x_chance is not None]
        if not scored:
            return "No move is judged yet."
        high = max(scored, key=lambda scored_step: scored_step[1])
        low = min(scored, key=lambda scored_step: scored_step[1])
        return (f"{side_name(self.rules, 'X')}'s chances were highest after move {high[0]} "
                f"({round(high[1] * 100)}%) and lowest "
                f"after move {low[0]} ({round(low[1] * 100)}%).")

    @property
    def reviewed(self) -> int:
        return sum(judgement is not None for judgement in self.judgements)

    @property
    def complete(self) -> bool:
        return self.reviewed == self.last_step

    @property
    def moves_in_words(self) -> list[Move]:
        """The moves played, in words (the stones set up are no moves)."""
        return move_list(self.rules, self.moves, self.set_up)

    @property
    def summaries(self) -> list[SideSummary]:
        """X's and O's, each counting only the words its moves got."""
        found = []
        for side in MARKS:
            words = Counter(judgement.word for index, judgement in enumerate(self.judgements)
                            if judgement is not None and judgement.word and self.mover(index + 1) == side
                            and index >= self.opening_stones)
            found.append(SideSummary(side, {word: words[word] for word in WORDS if words[word]}, words.total(),
                                     self.complete))
        return found

    def errors(self, side: str) -> tuple[int, ...]:
        """The steps where side made a Mistake, a Blunder or missed a win (after
        the opening), but black's fifth where white's player picked it among
        black's offers (picked_step): no move of black's alone could put it right."""
        return tuple(step for step, judgement in enumerate(self.judgements, start=1)
                     if judgement is not None and judgement.word in ERRORS and self.mover(step) == side
                     and step > self.opening_stones and step != self.picked_step)

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
        player = self.ending.black if self.mover(self.step) == "X" else self.ending.white
        if player not in (f"Computer, {self.judge}", f"Engine, {self.judge}"):
            return None
        return (f"{self.judge[:1].upper()}{self.judge[1:]} played this move in the game, within one move's search; "
                "the review looks further (its proofs examine many times the positions a move's search does), "
                "and finds what that search did not.")

    def line_in_words(self, line: tuple[int, ...]) -> str:
        """A line of play after the move looked at: 'O: h9; X: h10; O: h11', or 'White: h9; Black: h10'."""
        return "; ".join(f"{side_name(self.rules, self.mover(self.step + step))}: {describe_cell(self.rules, cell)}"
                         for step, cell in enumerate(line, start=1))

    def mover(self, step: int) -> str:
        """Who made the move of a step (from 1), after any stones set up."""
        return mark_of(self.set_up + step - 1)
