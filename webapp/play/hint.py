"""A hint: one move for the person whose turn it is, with its reason in a few words.

On the solved boards (3×3, 4×4) it is the best move from the solved table:
the fastest win, else a draw (the one that sets the most traps), else the
longest defence. On the bigger boards
it is the engine's choice as the review of the game makes it, checked with
the review's own proof (engine.advise), thought on the engine workers as
master's moves are, and its reason is what that search found (Found): the
review never calls the hinted move a mistake it could have seen then. Where
the person faces a threat (the one the computer's words name: "you must stop
it at f10 or f7"), the hint is one of the squares that stop it, and says so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from webapp.engine import Position, is_solved, losing_replies, opponent, outcomes, preference
from webapp.play.found import Found, faced_name, looking_ahead, stopped
from webapp.shared.coach import others_that_lose
from webapp.shared.words import describe_cell, in_a_row, side_name

Think = Callable[[Position], tuple[int, Found | None]]
"""Master's move in a position, and what its search found (None where it does not say)."""


class Hint(NamedTuple):
    """The square to play, and why: "Hint: b2: it holds the draw." on the page."""

    cell: int
    square: str  # the square in words: "b2", "row 1, column 2"
    why: str     # "it holds the draw."

    @property
    def words(self) -> str:
        return f"{self.square}: {self.why}"


def hint_for(position: Position, think: Think) -> Hint:
    """The hint for the side to move (think is asked only on the boards too big to solve)."""
    if is_solved(position.rules):
        return _from_the_table(position)
    cell, found = think(position)
    return Hint(cell, describe_cell(position.rules, cell), _why(position, cell, found))


def _moves(count: int) -> str:
    return f"{count} move" if count == 1 else f"{count} moves"


def _from_the_table(position: Position) -> Hint:
    rules = position.rules
    them = side_name(rules, opponent(position.to_move), start=False)  # inside a sentence: "white", "O"
    found = outcomes(position)
    top = max(preference(outcome, rules.cells) for outcome in found.values())
    best_cells = [cell for cell, outcome in found.items() if preference(outcome, rules.cells) == top]
    traps = {cell: losing_replies(position, cell) for cell in best_cells}
    best = max(best_cells, key=lambda cell: (traps[cell], -cell))  # as perfect breaks its ties
    outcome, square = found[best], describe_cell(rules, best)
    if outcome.result > 0:
        return Hint(best, square, f"it wins within {_moves((outcome.plies + 1) // 2)}, whatever {them} does.")
    if outcome.result < 0:
        return Hint(best, square, "every square loses against best play; this one holds out longest.")
    opening = ("every square holds the draw here" if all(other.result == 0 for other in found.values())
               else f"it holds the draw, where {others_that_lose(position, best)}")
    return Hint(best, square, f"{opening}; this one leaves {them} the most ways to go wrong." if traps[best]
                else f"{opening}.")


def _why(position: Position, cell: int, found: Found | None) -> str:
    """What master's search found, from the side of the person it advises."""
    rules = position.rules
    them = side_name(rules, opponent(position.to_move), start=False)  # inside a sentence: "white", "O"
    if found is None:
        return "the engine's choice."
    if found.kind == "win":
        return f"it completes {in_a_row(rules)} and wins."
    if found.kind == "block":
        return f"it blocks {them}'s line, which would complete {in_a_row(rules)} there."
    if found.kind == "forced win":
        return f"it starts a forced win: you win within {_moves((found.line + 1) // 2)}, whatever {them} does."
    if found.kind == "lost":
        return f"{them} has a forced win whatever you play, as far as the engine sees; this is its choice."
    if found.stops(cell):
        return f"it stops {them}'s {stopped(rules, found, cell)}."
    if found.unstoppable():
        return (f"no square stops {them}'s {faced_name(rules, found)}: {them} can force a win; "
                "this is the engine's choice.")
    if found.faced:
        return (f"it leaves {them}'s {faced_name(rules, found)} unanswered; the engine likes it best, "
                f"{looking_ahead(found.depth)}.")
    if found.kind == "defence":
        return f"it stops a forced win that {them} has after the other moves the engine looked at."
    return f"nothing is forced here; the engine likes it best, {looking_ahead(found.depth)}."
