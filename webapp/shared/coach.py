"""The coach: what every square is worth, and why a move was played, in words.

On the solved boards (3×3 and 4×4) it knows the exact value of every square:
win in N, draw or loss in N, with perfect play after. On the bigger boards it
says only what the engine knows for sure, and otherwise nothing rather than a
guess: the squares that win at once, the square that must be blocked, the
squares that start a forced win by fours (threes, where four win), with its
length, and the squares that answer a threat which must be answered as a
four must be blocked: an open three, a four-three.

It reads the engine's facts, through the engine's public API (webapp.engine),
and says them as a person would. It speaks of a position alone, and knows
nothing of a match or the web: a game at one screen and a replay both ask it.
What master's search found, kept with a game, is put into words by play (play.found).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from webapp.engine import (
    Position,
    Rules,
    Threat,
    cells_of,
    forced_wins,
    hard_choices,
    is_solved,
    losing_replies,
    opponent,
    outcomes,
    preference,
    threat_to_answer,
)
from webapp.engine.game.notation import mark_of
from webapp.shared.board import SquareValue
from webapp.shared.words import (
    describe_cell,
    in_a_row,
    in_a_row_minus_one,
    in_a_row_minus_two,
    listed,
    side_name,
    squares_that,
)


@lru_cache(maxsize=1 << 12)  # a pure function of the position: after the first time, a lookup
def square_values(position: Position) -> dict[int, SquareValue]:
    """The value of the squares the coach knows for the side to move; none
    once the game is over. N in "win in N" and "loss in N" counts the
    mover's own moves, this one included."""
    if position.is_over:
        return {}
    if is_solved(position.rules):
        return {cell: _solved_value(outcome.result, (outcome.plies + 1) // 2)
                for cell, outcome in outcomes(position).items()}
    return _known_values(position)


def _solved_value(result: int, own_moves: int) -> SquareValue:
    if result > 0:
        return SquareValue("win", f"win in {own_moves}", f"win in {own_moves}")
    if result < 0:
        return SquareValue("loss", f"loss in {own_moves}", f"loss in {own_moves}")
    return SquareValue("draw", "draw", "draw")


def _known_values(position: Position) -> dict[int, SquareValue]:
    """What is sure on a board too big to solve: wins at once, else the one
    block, else the starts of forced wins by threats, else the answers to
    the other side's threat (an open three, a four-three), which must be
    answered just as a four must be blocked."""
    mover = position.to_move
    wins = position.winning_cells(mover)
    if wins:
        return {cell: SquareValue("win", "win in 1", "win") for cell in cells_of(wins)}
    threats = cells_of(position.winning_cells(opponent(mover)))
    if threats:
        return {cell: SquareValue("block", "must block", "block") for cell in threats}
    if forced := forced_wins(position):
        return {cell: SquareValue("forced", f"forced win in {(len(line) + 1) // 2}", f"win {(len(line) + 1) // 2}")
                for cell, line in forced.items()}
    return _answers(position)


def _answers(position: Position) -> dict[int, SquareValue]:
    """The squares that answer the other side's threat, each marked as a
    block: the side to move must take one. Where no single square stops it,
    the square the threat goes on from, marked as lost all the same, so that
    the coach never says nothing is forced while something is."""
    threat = threat_to_answer(position)
    if threat is None:
        return {}
    name = threat_name(position.rules, threat)
    what = f"the win by {name}" if threat.kind == "fours" else f"the {name}"
    if not threat.answers:
        winner = side_name(position.rules, opponent(position.to_move), start=False)
        return {threat.line[0]: SquareValue("block", f"{winner} wins: no square stops {what}", "lost")}
    return {cell: SquareValue("block", f"must stop {what}", "stop") for cell in threat.answers}


def threat_name(rules: Rules, threat: Threat) -> str:
    """A threat as players name it: 'three' (an open three, in five in a
    row; 'two' in four), or 'fours' (a four-three, or a longer win by fours)."""
    if threat.kind == "fours":
        return f"{in_a_row_minus_one(rules)}s"
    return in_a_row_minus_two(rules)


class Addressee(NamedTuple):
    """How a reason names the side it answers, inside a sentence: "you" where
    a person plays that side, else the side's name (words.side_name: "X",
    "white"), since nobody there is listening."""

    name: str        # "you", "X" or "white"
    possessive: str  # "your", "X's" or "white's"
    does: str        # "you do", "X does" or "white does"

    @classmethod
    def of(cls, rules: Rules, mark: str, person: bool) -> Addressee:
        if person:
            return cls("you", "your", "you do")
        name = side_name(rules, mark, start=False)
        return cls(name, f"{name}'s", f"{name} does")


@lru_cache(maxsize=1 << 14)  # a pure function of its arguments: after the first time, a lookup
def reason(position: Position, cell: int, person: bool = True, level: str | None = None) -> str:
    """Why the side to move plays cell, in its own words to its opponent:
    "you" if person plays the opponent, else the opponent's mark. level, if
    known, is the computer's level that chose the move.

    The first that applies: it completes a line and wins; it blocks the
    opponent's line; it makes a fork; it blocks the opponent's fork;
    otherwise, on a solved board, what the solver says of the move (blunders
    included), and on a bigger one what the threat solver proves."""
    me, them = position.to_move, opponent(position.to_move)
    you = Addressee.of(position.rules, them, person)
    my_wins, their_threats = position.winning_cells(me), position.winning_cells(them)
    if my_wins >> cell & 1:
        return "I complete a line and win."
    if their_threats >> cell & 1 and not my_wins:
        return f"I block {you.possessive} line: {you.name} would have completed it here."
    after = position.play(cell)
    quiet = not my_wins and not their_threats  # else the move is a slip, which the solvers name
    if quiet and after.winning_cells(me).bit_count() >= 2:
        return f"I make a fork: two ways to win next move, and {you.name} can block only one."
    if quiet and position.fork_cells(them) and not after.fork_cells(them):
        return f"I block {you.possessive} fork: {you.name} could have made two threats at once."
    if is_solved(position.rules):
        return _solver_says(position, cell, you)
    return _threats_say(position, cell, you, level)


def _solver_says(position: Position, cell: int, you: Addressee) -> str:
    """The plain truth about cell from the solved game, compared with the best move."""
    rules = position.rules
    found = outcomes(position)
    mine = found[cell]
    best_cell = max(found, key=lambda other: preference(found[other], rules.cells))
    best = found[best_cell]
    if mine.result < best.result:
        better = "wins" if best.result > 0 else "holds the draw"
        loses = f"lets {you.name} win" if mine.result < 0 else "only draws"
        return f"A slip: this {loses}, where {describe_cell(rules, best_cell)} {better}."
    if mine.result > 0:
        return f"I have a forced win: I win within {(mine.plies + 1) // 2} moves, whatever {you.does}."
    if mine.result < 0:
        if mine.plies == best.plies:
            return "This position is lost for me; I hold out as long as I can."
        return "This position is lost for me."
    equally_good = [other for other, outcome in found.items() if outcome.result == 0]
    traps = {other: losing_replies(position, other) for other in equally_good}
    opening = ("Every move here draws" if len(equally_good) == len(found)
               else f"This holds the draw, where {others_that_lose(position, cell)}")
    if traps[cell] and traps[cell] == max(traps.values()):
        return f"{opening}; this one leaves {you.name} the most ways to go wrong."
    return f"{opening}."


def others_that_lose(position: Position, cell: int) -> str:
    """The squares other than cell that lose, on a solved board, exactly:
    "other squares lose" only where every one of them does ("the edges
    lose" where the corners draw too)."""
    found = outcomes(position)
    losing = {other for other, outcome in found.items() if outcome.result < 0}
    return squares_that(position.rules, losing, set(found) - {cell}, cell, "lose")


def _threats_say(position: Position, cell: int, you: Addressee, level: str | None) -> str:
    """What is sure about cell on a board too big to solve (the move neither
    wins nor blocks): a win at once it misses, a line it leaves open, a
    forced win by threats it starts, misses or allows, a threat it makes."""
    rules, me = position.rules, position.to_move
    if missed_wins := cells_of(position.winning_cells(me)):
        return f"A slip: {describe_cell(rules, missed_wins[0])} completed {in_a_row(rules)} at once."
    if open_lines := cells_of(position.winning_cells(opponent(me))):
        return f"A slip: this lets {you.name} complete {in_a_row(rules)} at {describe_cell(rules, open_lines[0])}."
    wins, by_threats = forced_wins(position), f"by {in_a_row_minus_one(rules)}s"
    if cell in wins:
        return (f"I have a forced win {by_threats}: I win within {(len(wins[cell]) + 1) // 2} moves, "
                f"whatever {you.does}.")
    if wins:
        missed = min(wins, key=lambda other: (len(wins[other]), other))
        return f"A slip: {describe_cell(rules, missed)} started a forced win {by_threats}."
    after = position.play(cell)
    threats = cells_of(after.winning_cells(me))
    if forced_wins(after):
        return f"A slip: this lets {you.name} force a win {by_threats}."
    if threats:
        return (f"I make a {in_a_row_minus_one(rules)}: {you.name} must block "
                f"{describe_cell(rules, threats[0])}, or I complete {in_a_row(rules)} there.")
    if made := threat_to_answer(after):
        return threat_says(rules, made, you)
    if level in ("easy", "medium"):
        return "Nothing is forced here; I play at random near the stones."
    if level == "hard":
        if cell in hard_choices(position):
            return "Nothing is forced here; this is the move my short search liked best."
        return "Nothing is forced here; this is one of my slips, a move at random near the stones."
    if level == "master":
        return "Nothing is forced here; this is the move my search liked best."
    return "Nothing is forced here."



def threat_says(rules: Rules, threat: Threat, you: Addressee) -> str:
    """The threat a move makes, which the other side must answer, and where."""
    name = threat_name(rules, threat)
    made = f"I threaten a win by {name}" if threat.kind == "fours" else f"I make a {name}"
    if not threat.answers:
        return f"{made} that no square stops: I win by force."
    where = listed([describe_cell(rules, cell) for cell in threat.answers], "or")
    if threat.kind == "fours":
        return f"{made}: {you.name} must stop it at {where}."
    return f"{made}: {you.name} must stop it at {where}, or I make an open {in_a_row_minus_one(rules)}."


def explain_move(rules: Rules, moves: tuple[int, ...], step: int, person: bool, level: str | None = None) -> str:
    """Move number step (from 1) of a game, and the coach's reason for it
    (reason(); level, if known, is the computer's that chose the move), in
    one voice (move_and_reason)."""
    cell = moves[step - 1]
    why = reason(Position.after(rules, moves[:step - 1]), cell, person, level)
    return move_and_reason(rules, step, cell, person, why)


def move_and_reason(rules: Rules, step: int, cell: int, person: bool, why: str) -> str:
    """Move number step, played at cell, and why, in one voice, whoever
    worked the reason out (the coach here, or master's search: play.found).
    The reason is the mover's own ("I block your line: …"): to a person
    playing the other side the computer says it all ("I played h8. I
    block…"); where nobody is spoken to (the computer against itself, a
    replay) the page tells the move and says whose reason it is ("White
    played h8. White's reason: I block black's line…")."""
    if person:
        return f"I played {describe_cell(rules, cell)}. {why}"
    mover = side_name(rules, mark_of(step - 1))
    return f"{mover} played {describe_cell(rules, cell)}. {mover}'s reason: {why}"
