"""An engine's examination on the solved boards: each move it made judged
against perfect play, and what it lost where it erred.

The positions asked are the learners' (keeping.py): on 3×3 every position
a game reaches where the side to move has a choice, X's and O's alike
(CHOICES of them), and on 4×4 a seeded sample of them (sampled_positions),
judged by the tablebase. A move keeps the value when the game is still
worth what it was worth before (a win, a draw or a loss for the side to
move, by solved.py); otherwise it turns a win into a draw, a draw into a
loss or a win into a loss (Verdict). The share kept is keeping's measure,
so an engine is examined as MENACE and the network are measured: a
position where the engine gave no move (it crashed, hung, or answered
an illegal move) keeps nothing.

What the engine answered and how long it took is the caller's to gather
(webapp.brains.examiner speaks to the program); here it is only judged, and
written as a value that a JSON file keeps (as_json, from_json) and that
compares with an earlier examination (new_mistakes). No I/O.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from webapp.engine.game.boards import BOARDS
from webapp.engine.game.position import Position
from webapp.engine.game.rules import Rules, cells_of
from webapp.engine.play.solved import is_solved, outcomes
from webapp.engine.players.keeping import choice_positions

THREE, FOUR = BOARDS["3x3"], BOARDS["4x4"]
SAMPLE_SEED = 2026
"""The 4×4 sample's seed unless one is given: the same positions every run, so that runs compare."""
SAMPLE_SIZE = 50_000
"""How many 4×4 positions a sample holds unless told otherwise: about one in 120 of the
board's positions with a choice, examined in about half a minute on two lanes (docs/measurements.md)."""
SAMPLE_MOST = 100_000
"""The most positions a 4×4 sample may ask for: bounds the work one examination can ask of the workers."""


class Verdict(StrEnum):
    """What a move did to the value of the position it was played in."""

    KEEPS = "keeps the value"
    WIN_TO_DRAW = "turns a win into a draw"
    DRAW_TO_LOSS = "turns a draw into a loss"
    WIN_TO_LOSS = "turns a win into a loss"


class FaultKind(StrEnum):
    """How an engine broke the protocol on one position."""

    PAST_LIMIT = "past the time limit"  # it answered, but later than its turn's limit: the move is still judged
    ILLEGAL = "an illegal move"         # a taken square, off the board, or not a square at all
    CRASH = "crashed"                   # its process ended: it was started again for the next position
    HANG = "hung"                       # no answer in time: its process was killed and started again
    NOT_ASKED = "not asked"             # it had failed too often, and was given up on


_LOSSES = {(1, 0): Verdict.WIN_TO_DRAW, (0, -1): Verdict.DRAW_TO_LOSS, (1, -1): Verdict.WIN_TO_LOSS}


def verdict(position: Position, cell: int) -> Verdict:
    """What playing cell (an empty square) does to the position's value, by the solved game."""
    found = outcomes(position)
    best = max(outcome.result for outcome in found.values())
    return _LOSSES.get((best, found[cell].result), Verdict.KEEPS)


def keeping_cells(position: Position) -> tuple[int, ...]:
    """The squares that keep the position's value: the best moves, as the examination counts them."""
    found = outcomes(position)
    best = max(outcome.result for outcome in found.values())
    return tuple(sorted(cell for cell, outcome in found.items() if outcome.result == best))


def all_positions() -> tuple[Position, ...]:
    """Every 3×3 position with a choice to make: keeping.choice_positions()."""
    return choice_positions()


def sampled_positions(rules: Rules = FOUR, count: int = SAMPLE_SIZE, seed: int = SAMPLE_SEED) -> tuple[Position, ...]:
    """count distinct positions with a choice to make, met along seeded
    random games on a solved board, in the order met: the same for the same
    seed. ValueError for a board not solved here or a count past SAMPLE_MOST."""
    if not is_solved(rules):
        raise ValueError(f"The {rules.name} board is not solved here: only 3×3 and 4×4 are judged position "
                         "by position.")
    if not 1 <= count <= SAMPLE_MOST:
        raise ValueError(f"A sample holds 1 to {SAMPLE_MOST:,} positions, not {count:,}.")
    rng = random.Random(seed)
    found: dict[Position, None] = {}
    while len(found) < count:
        position = Position(rules)
        while not position.is_over and position.empty.bit_count() >= 2 and len(found) < count:
            found.setdefault(position)
            position = position.play(rng.choice(cells_of(position.empty)))
    return tuple(found)


def moves_to(position: Position) -> tuple[int, ...]:
    """A game that reaches the position: X's stones and O's in turn, each
    side's in the board's order. No prefix is over, since the position is not
    (a prefix's stones are some of its own)."""
    xs, os = cells_of(position.x), cells_of(position.o)
    return tuple(cell for pair in zip(xs, [*os, None]) for cell in pair if cell is not None)


@dataclass(frozen=True)
class Answer:
    """What an engine did in one position: its move (None if it gave none),
    how long it took, and the protocol fault, if any, with what it said."""

    position: Position
    cell: int | None
    seconds: float = 0.0
    fault: FaultKind | None = None
    said: str = ""


@dataclass(frozen=True)
class Mistake:
    """A position the engine got wrong: its move, the moves that keep the value, and what was lost."""

    position: Position
    cell: int
    verdict: Verdict
    best: tuple[int, ...]

    def as_json(self) -> dict[str, Any]:
        return {"position": self.position.text, "to_move": self.position.to_move,
                "moves": list(moves_to(self.position)), "played": self.cell, "best": list(self.best),
                "lost": self.verdict.value}


@dataclass(frozen=True)
class Fault:
    """A position where the engine broke the protocol: how, and what it said or what became of it."""

    position: Position
    kind: FaultKind
    said: str

    def as_json(self) -> dict[str, Any]:
        return {"position": self.position.text, "to_move": self.position.to_move,
                "moves": list(moves_to(self.position)), "fault": self.kind.value, "said": self.said}


@dataclass(frozen=True)
class Examination:
    """An engine's moves over a set of positions, judged: the share kept
    (keeping's measure), every mistake, every protocol fault, its times."""

    engine: str
    rules: Rules
    positions: int
    kept: int
    mistakes: tuple[Mistake, ...]
    faults: tuple[Fault, ...]
    seconds: tuple[float, ...] = field(repr=False)  # each answered move's time, in the order asked
    turn_ms: int = 0
    wall_seconds: float = 0.0
    lanes: int = 1
    killed: int = 0  # how many times its process was killed (hung) or found dead (crashed)
    sample: str = ""  # how the positions were chosen: "every position" or the 4×4 sample's size and seed

    @property
    def share(self) -> float:
        """The share of the positions where its move kept the value (a position without a move kept nothing)."""
        return self.kept / self.positions if self.positions else 0.0

    @property
    def median_seconds(self) -> float:
        return statistics.median(self.seconds) if self.seconds else 0.0

    @property
    def worst_seconds(self) -> float:
        return max(self.seconds, default=0.0)

    def faults_of(self, kind: FaultKind) -> tuple[Fault, ...]:
        return tuple(fault for fault in self.faults if fault.kind == kind)

    def as_json(self) -> dict[str, Any]:
        """The examination as a JSON file keeps it: every figure, mistake and fault."""
        return {"engine": self.engine, "board": self.rules.name, "sample": self.sample,
                "positions": self.positions, "kept": self.kept, "share": round(self.share, 6),
                "wrong": len(self.mistakes), "turn_ms": self.turn_ms, "lanes": self.lanes,
                "wall_seconds": round(self.wall_seconds, 3), "killed": self.killed,
                "median_ms": round(1000 * self.median_seconds, 3), "worst_ms": round(1000 * self.worst_seconds, 3),
                "faults": {kind.value: len(self.faults_of(kind)) for kind in FaultKind},
                "mistakes": [mistake.as_json() for mistake in self.mistakes],
                "fault_positions": [fault.as_json() for fault in self.faults]}


def judged(engine: str, rules: Rules, answers: Iterable[Answer], turn_ms: int = 0, wall_seconds: float = 0.0,
           lanes: int = 1, killed: int = 0, sample: str = "") -> Examination:
    """The examination of the engine's answers, in the order the positions were asked."""
    answers = list(answers)
    mistakes, faults, kept = [], [], 0
    for answer in answers:
        if answer.fault is not None:
            faults.append(Fault(answer.position, answer.fault, answer.said))
        if answer.cell is None:
            continue
        found = verdict(answer.position, answer.cell)
        if found is Verdict.KEEPS:
            kept += 1
        else:
            mistakes.append(Mistake(answer.position, answer.cell, found, keeping_cells(answer.position)))
    seconds = tuple(answer.seconds for answer in answers if answer.cell is not None)
    return Examination(engine, rules, len(answers), kept, tuple(mistakes), tuple(faults), seconds, turn_ms,
                       wall_seconds, lanes, killed, sample)


def wrong_positions(report: dict[str, Any]) -> set[tuple[str, int]]:
    """The positions a kept report (as_json's) got wrong, each with the move it played there."""
    return {(mistake["position"], mistake["played"]) for mistake in report.get("mistakes", ())}


def new_mistakes(earlier: dict[str, Any], later: dict[str, Any]) -> list[dict[str, Any]]:
    """The later report's mistakes that the earlier did not make (a position
    it now gets wrong, or gets wrong another way), in the later's order."""
    before = wrong_positions(earlier)
    return [mistake for mistake in later.get("mistakes", ()) if (mistake["position"], mistake["played"]) not in before]


def mended(earlier: dict[str, Any], later: dict[str, Any]) -> list[dict[str, Any]]:
    """The earlier report's mistakes that the later no longer makes."""
    after = {position for position, _ in wrong_positions(later)}
    return [mistake for mistake in earlier.get("mistakes", ()) if mistake["position"] not in after]


def record_lines(report: dict[str, Any]) -> list[str]:
    """The wrong positions as a record, a line each: the board as text,
    the side to move, the move played, the moves that keep the value, what was lost."""
    return [f"{mistake['position']} {mistake['to_move']} played {mistake['played']} "
            f"best {','.join(map(str, mistake['best']))} {mistake['lost']}"
            for mistake in report.get("mistakes", ())]

