"""The coach: what every square is worth, and why a move was played, in words.

It reads the engine's facts (solved outcomes, threats, forks) and says them as
a person would. It knows nothing of the match or the web.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from webapp import engine


class SquareValue(NamedTuple):
    """What playing a square leads to for the side to move, with perfect play after."""

    kind: str  # "win", "draw" or "loss"
    text: str  # "win in 2", "draw", "loss in 1"


def describe_cell(cell: int) -> str:
    """'row 1, column 3' for cell 2: people count rows and columns from one."""
    row, column = divmod(cell, 3)
    return f"row {row + 1}, column {column + 1}"


def square_values(board: str) -> dict[int, SquareValue]:
    """The value of every empty square for the side to move; none once the game
    is over. N in "win in N" and "loss in N" counts the mover's own moves,
    this one included."""
    if engine.is_over(board):
        return {}
    values = {}
    for cell, outcome in engine.outcomes(board).items():
        own_moves = (outcome.plies + 1) // 2
        if outcome.result > 0:
            values[cell] = SquareValue("win", f"win in {own_moves}")
        elif outcome.result < 0:
            values[cell] = SquareValue("loss", f"loss in {own_moves}")
        else:
            values[cell] = SquareValue("draw", "draw")
    return values


class Addressee(NamedTuple):
    """How a reason names the side it answers: "you" where a person plays that
    side, else the side's mark, since nobody there is listening."""

    name: str        # "you", or "X"
    possessive: str  # "your", or "X's"
    does: str        # "you do", or "X does"

    @classmethod
    def of(cls, mark: str, person: bool) -> Addressee:
        return cls("you", "your", "you do") if person else cls(mark, f"{mark}'s", f"{mark} does")


@lru_cache(maxsize=1 << 14)  # a pure function of its arguments: after the first time, a lookup
def reason(board: str, cell: int, person: bool = True) -> str:
    """Why the side to move on board plays cell, in its own words to its
    opponent: "you" if person plays the opponent, else the opponent's mark.
    The first that applies: it completes a line and wins; it blocks the
    opponent's line; it makes a fork; it blocks the opponent's fork; otherwise
    what the solver says of the move, blunders included."""
    me, them = engine.side_to_move(board), engine.opponent(engine.side_to_move(board))
    you = Addressee.of(them, person)
    their_threats = engine.threats(board, them)
    if cell in engine.threats(board, me):
        return "I complete a line and win."
    if cell in their_threats:
        return f"I block {you.possessive} line: {you.name} would have completed it here."
    after = engine.play(board, cell)
    if not their_threats and len(engine.threats(after, me)) >= 2:
        return f"I make a fork: two ways to win next move, and {you.name} can block only one."
    if not their_threats and engine.forks(board, them) and not engine.forks(after, them):
        return f"I block {you.possessive} fork: {you.name} could have made two threats at once."
    return _solver_says(board, cell, you)


def _solver_says(board: str, cell: int, you: Addressee) -> str:
    """The plain truth about cell from the solved game, compared with the best move."""
    found = engine.outcomes(board)
    mine = found[cell]
    best_cell = max(found, key=lambda other: engine.preference(found[other]))
    best = found[best_cell]
    if mine.result < best.result:
        better = "wins" if best.result > 0 else "holds the draw"
        loses = f"lets {you.name} win" if mine.result < 0 else "only draws"
        return f"A slip: this {loses}, where {describe_cell(best_cell)} {better}."
    if mine.result > 0:
        return f"I have a forced win: I win within {(mine.plies + 1) // 2} moves, whatever {you.does}."
    if mine.result < 0:
        if mine.plies == best.plies:
            return "This position is lost for me; I hold out as long as I can."
        return "This position is lost for me."
    equally_good = [other for other, outcome in found.items() if outcome.result == 0]
    traps = {other: engine.losing_replies(board, other) for other in equally_good}
    opening = ("Every move here draws" if len(equally_good) == len(found)
               else "This holds the draw, where other squares lose")
    if traps[cell] and traps[cell] == max(traps.values()):
        return f"{opening}; this one leaves {you.name} the most ways to go wrong."
    return f"{opening}."
