"""Predict, then see: a question on a 3×3 position ("which move will minimax
choose?", "which of these replies will alpha-beta skip?"), the position made
from a seed (the same seed, the same question, so a link can be shared and
the next seed is always a new one), and what the answer shows once given.

A question's answer comes from the searches themselves: minimax keeps the
first best move it finds trying the squares in order (classic.minimax's
max), and alpha-beta's skips are the cut in its trace (engine.traced), shown
with the stepper's own frame of that position. Nothing here knows about HTTP.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from webapp.engine import DEFAULT_BOARD, Position
from webapp.engine.game.notation import write_moves
from webapp.engine.teaching.traced import steps_up_to
from webapp.shared.errors import InvalidInput
from webapp.shared.words import describe_cell
from webapp.think.stepping import Frame, Stepping, for_x, points, see_step
from webapp.think.tree import ranked

KINDS = {"choose": "Which move will minimax choose?", "skip": "Which of these replies will alpha-beta skip?"}
MOST_SEED = 10 ** 9


@dataclass(frozen=True)
class Prediction:
    """A question and, once given, the answer: as a link carries them."""

    kind: str
    seed: int
    answers: tuple[int, ...] = ()
    revealed: bool = False

    @classmethod
    def parse(cls, raw_kind: str | None, raw_seed: str | None, raw_answers: list[str],
              raw_reveal: str | None) -> Prediction:
        """The prediction a link asks for, or InvalidInput saying what is wrong."""
        kind = raw_kind or "choose"
        if kind not in KINDS:
            raise InvalidInput(f"The question is one of {', '.join(KINDS)}, not “{kind[:20]}”.")
        if raw_seed is None or not raw_seed.isdigit() or int(raw_seed) >= MOST_SEED:
            raise InvalidInput(f"The seed is a whole number below {MOST_SEED:,}, not “{(raw_seed or '')[:12]}”.")
        if any(not raw.isdigit() or int(raw) >= DEFAULT_BOARD.cells for raw in raw_answers):
            raise InvalidInput("An answer is a square of the 3×3 board, numbered 0 to 8.")
        return cls(kind, int(raw_seed), tuple(sorted({int(raw) for raw in raw_answers})), raw_reveal is not None)


class Option(NamedTuple):
    """A square to choose, and once revealed what it is."""

    cell: int
    square: str
    chosen: bool       # the person chose it
    right: bool        # it is (one of) the answer
    note: str          # once revealed: its value, or whether it was skipped


class Question(NamedTuple):
    """A question on a position."""

    kind: str
    moves: tuple[int, ...]      # the position asked about, from the empty board
    node: tuple[int, ...]       # for "skip": the move alpha-beta tries, after which the replies are asked about
    asks: str                   # the question in full
    cells: tuple[int, ...]      # the squares to choose from
    answer: frozenset[int]      # the right ones
    why: str                    # the reason, once revealed
    frame: Frame | None         # for "skip": the stepper's frame of the node at its cut


@lru_cache(maxsize=512)
def question(kind: str, seed: int) -> Question:
    """The question seed makes: random games are played from the empty board
    until one reaches a position that asks something worth asking."""
    rng = random.Random(f"{kind}-{seed}")
    while True:
        moves = _random_moves(rng)
        found = _choose(moves) if kind == "choose" else _skip(moves)
        if found:
            return found


def _random_moves(rng: random.Random) -> tuple[int, ...]:
    """Three to five random moves that leave the game open."""
    while True:
        position, moves = Position(DEFAULT_BOARD), list[int]()
        for _ in range(rng.randint(3, 5)):
            cell = rng.choice(position.legal_moves())
            position, moves = position.play(cell), [*moves, cell]
            if position.is_over:
                break
        if not position.is_over:
            return tuple(moves)


def _choose(moves: tuple[int, ...]) -> Question | None:
    """Which move minimax chooses: worth asking where some moves are worse than others."""
    position = Position.after(DEFAULT_BOARD, moves)
    values = dict(ranked(position))
    best = max(values.values())
    if all(value == best for value in values.values()):
        return None
    chosen = min(cell for cell, value in values.items() if value == best)
    mover = position.to_move
    others = sorted(cell for cell, value in values.items() if value == best and cell != chosen)
    why = (f"Minimax works out every move to the end of the game and keeps the best for {mover}, worth "
           f"{points(DEFAULT_BOARD, for_x(best, mover))} for X. ")
    if others:
        why += (f"{', '.join(describe_cell(DEFAULT_BOARD, cell) for cell in others)} "
                f"{'is' if len(others) == 1 else 'are'} just as good; trying the squares in order, minimax "
                "keeps the first best move it finds and only replaces it with a better one.")
    asks = (f"{mover} to move. Minimax tries the squares in order, row by row, and keeps the first best move it "
            f"finds. Which move will it choose for {mover}?")
    return Question("choose", moves, (), asks, tuple(sorted(values)), frozenset({chosen}), why, None)


def _skip(moves: tuple[int, ...]) -> Question | None:
    """Which replies alpha-beta skips: worth asking where it skips some, at
    the replies to the root's second move or later."""
    position = Position.after(DEFAULT_BOARD, moves)
    cut = next((step for step in steps_up_to("alphabeta", position, "listed", 10 ** 6)
                if step.kind == "cut" and len(step.path) == 1), None)
    if cut is None:
        return None
    view = see_step(Stepping(DEFAULT_BOARD, moves, "alphabeta", "listed", cut.number))
    frame = view.frames[-1]
    mover, reply = position.to_move, "O" if position.to_move == "X" else "X"
    node = cut.path
    asks = (f"{mover} to move. Alpha-beta tries {mover}'s moves square by square, row by row, and each reply in "
            f"the same order. When it comes to {mover} at {describe_cell(DEFAULT_BOARD, node[0])}, which of "
            f"{reply}'s replies will it never look at?")
    return Question("skip", moves, node, asks, tuple(chip.cell for chip in frame.chips),
                    frozenset(cut.moves), frame.cut or "", frame)


def options(prediction: Prediction, asked: Question) -> tuple[Option, ...]:
    """The squares to choose from, and once revealed, what each one is."""
    found = []
    chips = {chip.cell: chip for chip in asked.frame.chips} if asked.frame else {}
    values = dict(ranked(Position.after(DEFAULT_BOARD, asked.moves))) if asked.kind == "choose" else {}
    mover = Position.after(DEFAULT_BOARD, asked.moves).to_move
    for cell in asked.cells:
        note = ""
        if prediction.revealed and asked.kind == "choose":
            note = f"worth {points(DEFAULT_BOARD, for_x(values[cell], mover))} for X"
        elif prediction.revealed:
            chip = chips[cell]
            note = "skipped" if chip.state == "skipped" else f"looked at: worth {chip.points} for X"
        found.append(Option(cell, describe_cell(DEFAULT_BOARD, cell), cell in prediction.answers,
                            cell in asked.answer, note))
    return tuple(found)


def verdict(prediction: Prediction, asked: Question) -> str:
    """What the person got right, in a sentence."""
    chosen, answer = set(prediction.answers), set(asked.answer)
    if chosen == answer:
        return "Right." if asked.kind == "choose" or answer else "Right: it skips none of them."
    if asked.kind == "choose":
        chosen_cell = next(iter(answer))
        return f"Not that one: minimax chooses {describe_cell(DEFAULT_BOARD, chosen_cell)}."
    hits, missed, wrong = chosen & answer, answer - chosen, chosen - answer
    parts = [f"you found {len(hits)} of the {len(answer)} it skips"]
    if wrong:
        parts.append(f"{len(wrong)} you chose {'is' if len(wrong) == 1 else 'are'} looked at")
    if missed:
        parts.append(f"{len(missed)} you left {'is' if len(missed) == 1 else 'are'} skipped")
    return "Partly: " + "; ".join(parts) + "."


def notation(asked: Question) -> str:
    return write_moves(DEFAULT_BOARD, asked.moves)
