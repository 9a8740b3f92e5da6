"""The engine's evaluation of a position set up on the analysis board, and
its best line: not a verdict of the board's own, but the one every page
reads. On the solved boards (3×3, 4×4) the solved table's value, the line
its best moves make; on the others master's appraisal of the position
(engine.advise: the move a hint offers and a review judges by, worked out
once on the engine workers and kept by position), put into words.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from webapp.analysis import words
from webapp.engine import Position, Thought, losing_replies, opponent, outcomes, preference
from webapp.engine.game.values import WIN, is_decided
from webapp.engine.play.shapes import UNIT

LINE_LENGTH = 12
"""The most moves of a line drawn on the board (a solved draw's line fills it)."""


class Evaluation(NamedTuple):
    """What the engine says of the side to move's position, and the line it expects (cells, the mover's first)."""

    line: tuple[int, ...]
    words: str
    by: str  # who worked it out, in words


def from_table(position: Position) -> Evaluation:
    """The solved game's value and line: each side's best move in turn, as
    perfect and the hint choose it (best_in_table), until the game ends or LINE_LENGTH moves."""
    rules, mover = position.rules, position.to_move
    outcome = outcomes(position)[best_in_table(position)]
    line: list[int] = []
    step = position
    while not step.is_over and len(line) < LINE_LENGTH:
        line.append(best_in_table(step))
        step = step.play(line[-1])
    if outcome.result == 0:
        said = "A draw with best play from both sides."
    else:
        winner = mover if outcome.result > 0 else opponent(mover)
        said = (f"{words.side(rules, winner)} wins within {words.moves(_winners_moves(outcome.plies, winner == mover))}"
                f" with best play, whatever {words.side(rules, opponent(winner), start=False)} does.")
    return Evaluation(tuple(line), said, "the solved game (every position's value, looked up)")


def best_in_table(position: Position) -> int:
    """The solved table's best move: the fastest win, else a draw, else the
    longest defence; of those as good, the one that leaves the other side the
    most replies that lose (perfect's tie-break, and the hint's), then the lowest."""
    cells = position.rules.cells
    found = outcomes(position)
    top = max(preference(outcome, cells) for outcome in found.values())
    best = [cell for cell, outcome in found.items() if preference(outcome, cells) == top]
    return max(best, key=lambda cell: (losing_replies(position, cell), -cell))


def from_thought(position: Position, thought: Thought) -> Evaluation:
    """Master's appraisal of the position (engine.advise's Thought) in words, its line as it found it."""
    rules, mover = position.rules, position.to_move
    me, them = words.side(rules, mover, start=False), words.side(rules, opponent(mover), start=False)
    them_first = words.side(rules, opponent(mover))  # at a sentence's start
    square = rules.cell_name(thought.move)
    line = tuple(thought.line[:LINE_LENGTH]) or (thought.move,)
    if thought.kind == "win":
        said = f"A proven win in 1: {me} completes the line at {square}."
    elif thought.kind == "forced win":
        said = (f"A proven win for {me} in {words.moves(_winners_moves(len(thought.line), True))}, whatever "
                f"{them} does: the threat solver found it.")
    elif thought.kind == "block":
        said = f"{them_first} would complete the line at {square} next: {me} must block there."
    elif thought.kind == "lost":
        said = f"{them_first} can force a win whatever {me} plays, as far as the engine sees; {square} holds out."
    elif thought.kind == "defence":  # its score was the search's for a move that loses: it says nothing of this one
        said = (f"The search's first choice lets {them} force a win; {square} is the first move tried that does not, "
                "as far as the engine sees.")
    elif is_decided(thought.score):
        winner = words.side(rules, mover if thought.score > 0 else opponent(mover))
        said = f"{winner} wins within {words.moves(_winners_moves(WIN - abs(thought.score), thought.score > 0))}."
    else:
        chance = chance_of(thought.score)
        said = (f"No forced win found. The engine scores the position {thought.score:+,} for {me}: about "
                f"{chance} games in 100 for {me}, {words.moves(thought.depth)} deep.")
    return Evaluation(line, said, "master, on the engine workers (the move a hint offers here)")


def chance_of(score: int) -> int:
    """A search's score as the chance in 100 that the side it is for wins: the
    evaluation is fitted to games as log-odds (shapes.UNIT to one); within 1 to 99."""
    return min(99, max(1, round(100 / (1 + math.exp(-score / UNIT)))))


def _winners_moves(plies: int, mover_wins: bool) -> int:
    """The winner's moves in a line of plies (both sides' moves): the mover's
    are the odd plies, so a mover's win in 3 plies is 2 moves of its own."""
    return (plies + 1) // 2 if mover_wins else plies // 2
