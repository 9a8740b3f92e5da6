"""Each move of a game judged for the side that played it, in a word.

On the solved boards (3×3, 4×4) the judgement is exact: the value of the
position for the mover before the move, against the value of the move.

- Best: the outcome is kept, and the move is among the fastest wins, the
  draws, or the slowest losses;
- Good: the outcome is kept, but a win takes longer or a loss comes sooner;
- Mistake: a won position becomes a draw, or a drawn one a loss;
- Blunder: a won position becomes a loss.

On the bigger boards it says what the engine knows (webapp.engine.appraise),
the proofs first:

- Missed win: the threat solver proved a forced win for the mover, and the
  move played neither completes a line nor starts a forced win it can prove;
- Blunder: the move lets the other side force a win the solver proves, where
  the engine's own move would not have;
- Best: the engine's choice, or a move that starts a proven forced win as
  short as the engine's, or one the search scores as high as its choice;
- Good: a move that starts a proven forced win, but a longer one;
- Good, Inaccuracy: otherwise, the search scores the move below its choice, at the same
  depth, by less than INACCURACY in the log-odds of winning (Good) or by at
  least that (Inaccuracy);
- no word at all where nothing is sure: the engine ran out of its count, or
  the position was lost whatever the mover did.
"""

from __future__ import annotations

from typing import NamedTuple

from webapp.engine import Appraisal, Outcome, Position, Rules, is_solved, opponent, outcomes, preference
from webapp.shared.words import capitalised, describe_cell

WORDS = ("Best", "Good", "Inaccuracy", "Mistake", "Blunder", "Missed win")
MARKS = {"Inaccuracy": "?!", "Mistake": "?", "Blunder": "??", "Missed win": "?"}
"""The marks annotators put beside a move; Best and Good have none."""
ERRORS = ("Mistake", "Blunder", "Missed win")
"""The words a retry asks the player to put right."""
KEPT = ("Best", "Good")
"""The words of a move that kept what the position was worth: the accuracy counts them."""
INACCURACY = 0.5
"""How far below the engine's choice (in the log-odds of winning, the
evaluation's unit: see shapes.py) the search must score a move to call it an
inaccuracy: from even chances, about twelve points of the chance to win."""


class Judgement(NamedTuple):
    """A move in a word (one of WORDS; None where nothing is sure), why, and
    the better move, in words; after a losing move, the line that punishes it
    (both sides' cells, the punisher's first)."""

    word: str | None
    why: str = ""           # "X wins in 2.", "O wins in 3.", "A draw."
    better: str = ""        # "Best was b2: X wins in 2."
    punishment: tuple[int, ...] = ()

    @property
    def mark(self) -> str:
        return MARKS.get(self.word, "")


def judge_solved(position: Position, cell: int) -> Judgement:
    """The exact judgement of the side to move playing cell, from the solved game."""
    rules, mover = position.rules, position.to_move
    found = outcomes(position)
    best_cell = max(found, key=lambda other: preference(found[other], rules.cells))
    best, mine = found[best_cell], found[cell]
    drop = best.result - mine.result
    if drop == 0:
        word = "Best" if preference(mine, rules.cells) == preference(best, rules.cells) else "Good"
    else:
        word = "Blunder" if drop == 2 else "Mistake"
    better = "" if word == "Best" else f"Best was {describe_cell(rules, best_cell)}: {_outcome_words(best, mover)}."
    punishment = _perfect_line(position.play(cell)) if mine.result < 0 and drop else ()
    return Judgement(word, f"{capitalised(_outcome_words(mine, mover))}.", better, punishment)


def _outcome_words(outcome: Outcome, mover: str) -> str:
    """'X wins in 2' (counting the winner's moves), or 'a draw'."""
    if outcome.result == 0:
        return "a draw"
    winner = mover if outcome.result > 0 else opponent(mover)
    return f"{winner} wins in {_winners_moves(outcome.plies, outcome.result > 0)}"


def _winners_moves(plies: int, mover_wins: bool) -> int:
    """The winner's moves in a line of plies that starts with the mover's move."""
    return (plies + 1) // 2 if mover_wins else plies // 2


def _perfect_line(position: Position) -> tuple[int, ...]:
    """Perfect play from position to the end: the winner as fast as it can,
    the loser holding out as long as it can."""
    line = []
    while not position.is_over:
        found = outcomes(position)
        cell = max(found, key=lambda other: preference(found[other], position.rules.cells))
        line.append(cell)
        position = position.play(cell)
    return tuple(line)


def judge_appraisal(rules: Rules, mover: str, appraisal: Appraisal) -> Judgement:
    """What the engine's appraisal of a move on a board too big to solve says for sure."""
    other = opponent(mover)
    choice = describe_cell(rules, appraisal.choice)
    if appraisal.win and not appraisal.kept_win:
        wins_in = _winners_moves(len(appraisal.win), True)
        return Judgement("Missed win", f"{mover} had a forced win and let it go.",
                         f"Best was {describe_cell(rules, appraisal.win[0])}: {mover} wins in {wins_in}.")
    if appraisal.refutation:
        wins_in = f"{other} wins in {_winners_moves(len(appraisal.refutation), True)}."
        if appraisal.choice_refuted:
            return Judgement(None, f"{wins_in} The game was lost already, whatever {mover} played.")
        return Judgement("Blunder", wins_in, f"Best was {choice}, which holds.", appraisal.refutation)
    if appraisal.kept_win:
        kept, fastest = (_winners_moves(len(line), True) for line in (appraisal.kept_win, appraisal.win))
        if kept > fastest:
            return Judgement("Good", f"{mover} still wins, in {kept}.",
                             f"Best was {describe_cell(rules, appraisal.win[0])}: {mover} wins in {fastest}.")
        return Judgement("Best", f"{mover} wins." if kept == 1 else f"{mover} has a forced win in {kept}.")
    if appraisal.cell == appraisal.choice:
        return Judgement("Best", "The engine's choice.")
    shortfall = appraisal.shortfall
    if shortfall is None:
        return Judgement(None)
    if shortfall <= 0:
        return Judgement("Best", "As good as the engine's choice, by its search.")
    if shortfall < INACCURACY:
        return Judgement("Good", "Close to the engine's choice, by its search.", f"The engine preferred {choice}.")
    return Judgement("Inaccuracy", "The engine's search scores it well below its own choice.",
                     f"The engine preferred {choice}.")


def judge(position: Position, cell: int, appraisal: Appraisal | None = None) -> Judgement | None:
    """The judgement of the side to move playing cell: exact where the game is
    solved, else from the engine's appraisal (None until there is one)."""
    if is_solved(position.rules):
        return judge_solved(position, cell)
    return None if appraisal is None else judge_appraisal(position.rules, position.to_move, appraisal)
