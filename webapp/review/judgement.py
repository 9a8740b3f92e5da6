"""Each move of a game judged for the side that played it, in a word.

On the solved boards (3×3, 4×4) the judgement is exact: the value of the
position for the mover before the move, against the value of the move.

- Best: the outcome is kept, and the move is among the fastest wins, the
  draws, or the slowest losses;
- Good: the outcome is kept, but a win takes longer or a loss comes sooner;
- Mistake: a won position becomes a draw, or a drawn one a loss;
- Blunder: a won position becomes a loss;
- Missed win: the mover had a line to complete this move and played
  elsewhere, though the game is still won (see Letting a line pass).

On the bigger boards it says what the engine knows (webapp.engine.play.appraise),
the proofs first:

- Missed win: the threat solver proved a forced win for the mover, and the
  move played neither completes a line nor starts a forced win it can prove;
- Blunder: the move lets the other side force a win the solver proves, where
  the engine's own move would not have;
- Mistake: the move lets the other side force a win the solver proves where
  it proved none before, but the engine has no move it knows to hold: the
  engine's own choice was the move played, or the win is proven only by the
  appraisals of the moves after it (see Hindsight);
- Best: the engine's choice, or a move that starts a proven forced win as
  short as the engine's, or one the search scores as high as its choice;
- Good: a move that starts a proven forced win, but a longer one;
- Good, Inaccuracy: otherwise, the search scores the move below its choice, at the same
  depth, by less than INACCURACY in the log-odds of winning (Good) or by at
  least that (Inaccuracy);
- no word at all where nothing is sure: the engine ran out of its count, or
  the position was lost whatever the mover did (its choice loses, and so
  does every other move a hint would have tried: appraise.hint_tries).

Letting a line pass: on every board, a move that leaves a line the mover
could complete at once (Position.winning_cells: a five on 7×7 and 15×15
under the board's rule, k in a row on the others) is never Best or Good,
even where the game is still won after it: it is a Missed win, unless it
lost more (a Mistake or a Blunder), so a player who keeps stretching a won
game shows it in the accuracy.

"X wins in N" counts the winner's moves along the line the solver found; along
a win the review has proven, it never grows from one move to the next.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple, overload

from webapp.engine import Appraisal, Outcome, Position, Rules, cells_of, is_solved, opponent, outcomes, preference
from webapp.engine.game.notation import mark_of
from webapp.shared.words import capitalised, describe_cell, in_a_row, side_name, stones_are_coloured


class Word(StrEnum):
    """A move's verdict in a word: the page shows the value, and counts by it."""

    BEST = "Best"
    GOOD = "Good"
    INACCURACY = "Inaccuracy"
    MISTAKE = "Mistake"
    BLUNDER = "Blunder"
    MISSED_WIN = "Missed win"


WORDS = tuple(Word)
"""Every word, in the order a side's summary counts them."""
MARKS = {Word.INACCURACY: "?!", Word.MISTAKE: "?", Word.BLUNDER: "??", Word.MISSED_WIN: "?"}
"""The marks annotators put beside a move; Best and Good have none."""
ERRORS = (Word.MISTAKE, Word.BLUNDER, Word.MISSED_WIN)
"""The words a retry asks the player to put right."""
KEPT = (Word.BEST, Word.GOOD)
"""The words of a move that kept what the position was worth: the accuracy counts them."""
INACCURACY = 0.5
"""How far below the engine's choice (in the log-odds of winning, the
evaluation's unit: see shapes.py) the search must score a move to call it an
inaccuracy: from even chances, about twelve points of the chance to win."""


class Judgement(NamedTuple):
    """A move in a word (one of WORDS; None where nothing is sure), why, and
    the better move, in words and as a square; after a losing move, the line
    that punishes it (both sides' cells, the punisher's first)."""

    word: Word | None
    why: str = ""           # "X wins in 2.", "White wins in 3.", "A draw."
    better: str = ""        # "Best was b2: X wins in 2.", "Best was h8: black wins in 3."
    punishment: tuple[int, ...] = ()
    better_cell: int | None = None  # the square that better names, which the review's board marks
    chance: float | None = None     # the mover's chances after the move, 0 to 1, as the judge sees them

    @property
    def mark(self) -> str:
        return MARKS.get(self.word, "") if self.word else ""


def judge_solved(position: Position, cell: int) -> Judgement:
    """The exact judgement of the side to move playing cell, from the solved game."""
    rules, mover = position.rules, position.to_move
    found = outcomes(position)
    best_cell = max(found, key=lambda other: preference(found[other], rules.cells))
    best, mine = found[best_cell], found[cell]
    drop = best.result - mine.result
    lines = completions(position)
    if drop == 0 and lines and cell not in lines:  # a win in one let pass, though the game is still won
        why = _let_pass_words(rules, mover, best_cell, _winners_moves(mine.plies, True))
        return Judgement(Word.MISSED_WIN, why, f"Best was {describe_cell(rules, best_cell)}: "
                         f"{_outcome_words(rules, best, mover)}.", (), best_cell, (mine.result + 1) / 2)
    if drop == 0:
        word = Word.BEST if preference(mine, rules.cells) == preference(best, rules.cells) else Word.GOOD
    else:
        word = Word.BLUNDER if drop == 2 else Word.MISTAKE
    better = ("" if word == Word.BEST
              else f"Best was {describe_cell(rules, best_cell)}: {_outcome_words(rules, best, mover)}.")
    punishment = _perfect_line(position.play(cell)) if mine.result < 0 and drop else ()
    return Judgement(word, f"{capitalised(_outcome_words(rules, mine, mover))}.", better, punishment,
                     best_cell if better else None, (mine.result + 1) / 2)


def completions(position: Position) -> tuple[int, ...]:
    """The cells where the side to move completes a line at once, in the
    board's order (the engine's Position.winning_cells, under the board's
    rule): a move elsewhere lets a win in one pass."""
    return tuple(cells_of(position.winning_cells(position.to_move)))


def _let_pass_words(rules: Rules, mover: str, cell: int, still_wins_in: int | None) -> str:
    """'Black had a five at k11 and played elsewhere; black still wins, in 2.',
    'X had three in a row to make at row 2, column 3 and played elsewhere; …'
    (still_wins_in None: the move's outcome is not known, and the sentence ends there)."""
    line = f"a {in_a_row(rules)}" if stones_are_coloured(rules) else f"{in_a_row(rules)} in a row to make"
    said = f"{side_name(rules, mover)} had {line} at {describe_cell(rules, cell)} and played elsewhere"
    if still_wins_in is None:
        return f"{said}."
    return f"{said}; {side_name(rules, mover, start=False)} still wins, in {still_wins_in}."


def _outcome_words(rules: Rules, outcome: Outcome, mover: str) -> str:
    """'X wins in 2' (counting the winner's moves), or 'a draw'."""
    if outcome.result == 0:
        return "a draw"
    winner = side_name(rules, mover if outcome.result > 0 else opponent(mover), start=False)
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


class Hindsight(NamedTuple):
    """What the appraisals of the other moves of the game add to one move's.

    Each appraisal looks at one move alone, and the solver proves a long win
    only once it has become shorter: so a win the engine proves after the
    other side's reply was, most often, there already after the move before
    it. The review sees the whole game, and reads the proofs of later moves
    back (see hindsights): the move after which the other side has a win the
    engine can prove, and before which it had none, is the move that lost."""

    lost_before: bool = False          # the mover's position was lost before the move: the engine's own
                                       # choice loses too, or the other side had a proven win before its
                                       # last move and is not shown to have let it go
    win: tuple[int, ...] = ()          # a win the mover had, proven by the appraisal of the move before
    kept_win: tuple[int, ...] = ()     # a win the move kept, as the appraisals after it prove
    lost_after: tuple[int, ...] = ()   # a win the other side has after the move, proven by the appraisals
                                       # after it (the other side's reply first)
    bound: tuple[str, int] | None = None  # (a side, the most of its moves it needs to win from here), by
                                          # the wins proven before: no "wins in N" along its line says more


def hindsights(moves: Sequence[int], appraisals: Sequence[Appraisal | None]) -> list[Hindsight]:
    """Each move's Hindsight, from the appraisals of the whole game (None:
    not appraised yet; a move's hindsight then knows less, and may change as
    they come in)."""
    count = len(moves)
    after: list[tuple[int, ...]] = [()] * count  # the other side's proven win after move i
    lost = [False] * count                       # the mover's position before move i is lost
    for i in reversed(range(count)):
        appraisal = appraisals[i]
        if appraisal is None:
            continue
        reply = appraisals[i + 1] if i + 1 < count else None
        after[i] = appraisal.refutation or (reply.win if reply else ()) or (
            (moves[i + 1], moves[i + 2], *after[i + 2]) if i + 2 < count and lost[i + 2] and after[i + 2] else ())
        before = appraisals[i - 1] if i else None
        lost[i] = _lost_whatever_played(appraisal) or bool(before and before.kept_win)
    for i in range(2, count):  # a win proven before the other side's last move, not shown to be let go
        previous = appraisals[i - 1]
        lost[i] = lost[i] or bool(after[i - 2]) and previous is not None and not (
            previous.win and not previous.kept_win)
    found, bound = [], None
    for i, appraisal in enumerate(appraisals):
        mover = mark_of(i)
        win = after[i - 1] if i else ()
        kept: tuple[int, ...] = ()
        if win and appraisal is not None:
            if win[0] == moves[i]:
                kept = win
            elif i + 1 < count and lost[i + 1] and after[i + 1]:
                kept = (moves[i], moves[i + 1], *after[i + 1])
        found.append(Hindsight(lost[i], win, kept, after[i], bound))
        bound = _bound_after(bound, mover, appraisal, found[-1])
    return found


def _lost_whatever_played(appraisal: Appraisal) -> bool:
    """The move played and the engine's own choice, two different moves, both
    let the other side force a win: the position was lost already. (Where
    the move played is the engine's choice, its refutation says only that
    the engine found nothing better: the same search chose the move.)"""
    return appraisal.choice_refuted and appraisal.cell != appraisal.choice


def _bound_after(bound: tuple[str, int] | None, mover: str, appraisal: Appraisal | None,
                 hindsight: Hindsight) -> tuple[str, int] | None:
    """The bound on a winner's moves after this move: a win the move keeps
    (its line shortened by the move), a win it lets the other side have, or,
    from a move that proves nothing new, the bound before (a proof holds
    against every defence)."""
    if appraisal is None:
        return bound
    kept = appraisal.kept_win or hindsight.kept_win
    if kept:
        return mover, _kept_moves(appraisal.win or hindsight.win, kept, bound, mover) - 1
    lost_after = appraisal.refutation or hindsight.lost_after
    if lost_after:
        other = opponent(mover)
        return other, _within(_winners_moves(len(lost_after), True), bound, other)
    return None if bound and bound[0] == mover else bound  # the winner's move, not shown to keep its win


def _kept_moves(win: tuple[int, ...], kept: tuple[int, ...], bound: tuple[str, int] | None, mover: str) -> int:
    """The mover's moves to win after a move that keeps its win, this one
    included: along the win proven before (the move is its first), no more
    than the bound; by another way, as long as the line the solver found."""
    if win and kept[0] == win[0]:
        return _within(_winners_moves(len(win), True), bound, mover)
    return _winners_moves(len(kept), True)


def _within(moves: int, bound: tuple[str, int] | None, winner: str) -> int:
    """A winner's count of moves, no more than the bound proven before it along the same win."""
    return min(moves, bound[1]) if bound and bound[0] == winner and bound[1] > 0 else moves


def judge_appraisal(rules: Rules, mover: str, appraisal: Appraisal, hindsight: Hindsight = Hindsight(),
                    lines: tuple[int, ...] = ()) -> Judgement:
    """What the engine's appraisal of a move on a board too big to solve
    says for sure, with what the appraisals of the game's other moves add;
    lines, the cells where the mover could complete a line (completions),
    make a move elsewhere a Missed win, unless it lost more."""
    judgement = _judge_appraisal(rules, mover, appraisal, hindsight)
    if not lines or appraisal.cell in lines or judgement.word in (Word.MISTAKE, Word.BLUNDER):
        return judgement
    cell = appraisal.win[0] if appraisal.win and appraisal.win[0] in lines else lines[0]
    kept = (_kept_moves(appraisal.win or hindsight.win, appraisal.kept_win or hindsight.kept_win, hindsight.bound,
                        mover) if appraisal.kept_win or hindsight.kept_win else None)
    return judgement._replace(word=Word.MISSED_WIN, why=_let_pass_words(rules, mover, cell, kept),
                              better=f"Best was {describe_cell(rules, cell)}: "
                                     f"{side_name(rules, mover, start=False)} wins in 1.", better_cell=cell)


def _judge_appraisal(rules: Rules, mover: str, appraisal: Appraisal, hindsight: Hindsight) -> Judgement:
    """judge_appraisal's words before a line let pass is looked at."""
    other = opponent(mover)
    # The sides as sentences name them (words.side_name): at a sentence's start, and inside one.
    mover_starts, other_starts = side_name(rules, mover), side_name(rules, other)
    mover_inside, other_inside = side_name(rules, mover, start=False), side_name(rules, other, start=False)
    choice = describe_cell(rules, appraisal.choice)
    win = appraisal.win or hindsight.win
    kept_win = appraisal.kept_win or hindsight.kept_win
    if appraisal.win and not kept_win:
        moves_to_win = _within(_winners_moves(len(appraisal.win), True), hindsight.bound, mover)
        return Judgement(Word.MISSED_WIN, f"{mover_starts} had a forced win and let it go.",
                         f"Best was {describe_cell(rules, appraisal.win[0])}: {mover_inside} wins in {moves_to_win}.",
                         better_cell=appraisal.win[0])
    if win and not kept_win:
        return Judgement(None, f"{mover_starts} had a forced win; the engine cannot tell whether this move keeps it.")
    lost_after = appraisal.refutation or hindsight.lost_after
    if lost_after:
        wins_in = f"{other_starts} wins in {_within(_winners_moves(len(lost_after), True), hindsight.bound, other)}."
        if _lost_whatever_played(appraisal) or hindsight.lost_before:
            return Judgement(None, f"{wins_in} The game was lost already, whatever {mover_inside} played.")
        if appraisal.all_refuted:
            return Judgement(None, f"{wins_in} The game was lost already, as far as the engine sees: its choice "
                                   f"here and every other move it tried let {other_inside} force a win.")
        if appraisal.refutation and appraisal.cell == appraisal.choice:
            return Judgement(Word.MISTAKE, f"{wins_in} This move lost the game; the engine found none here that holds.",
                             "", appraisal.refutation)
        if appraisal.refutation:
            return Judgement(Word.BLUNDER, wins_in, f"Best was {choice}, which holds.", appraisal.refutation,
                             appraisal.choice)
        preferred = appraisal.choice != appraisal.cell  # its own choice, lost in hindsight, names nothing better
        return Judgement(Word.MISTAKE, f"{wins_in} This move lost the game: the engine proves {other_inside}'s win "
                                       f"after {other_inside}'s reply, against {mover_inside}'s best move too.",
                         f"The engine preferred {choice}." if preferred else "", lost_after,
                         appraisal.choice if preferred else None)
    if hindsight.lost_before:
        return Judgement(None, f"The game was lost already, whatever {mover_inside} played.")
    if kept_win:
        fastest = _within(_winners_moves(len(win), True), hindsight.bound, mover)
        kept = _kept_moves(win, kept_win, hindsight.bound, mover)
        if kept > fastest:
            return Judgement(Word.GOOD, f"{mover_starts} still wins, in {kept}.",
                             f"Best was {describe_cell(rules, win[0])}: {mover_inside} wins in {fastest}.",
                             better_cell=win[0])
        return Judgement(Word.BEST, f"{mover_starts} wins." if kept == 1
                         else f"{mover_starts} has a forced win in {kept}.")
    if appraisal.cell == appraisal.choice:
        return Judgement(Word.BEST, "The engine's choice.")
    shortfall = appraisal.shortfall
    if shortfall is None:
        return Judgement(None)
    if shortfall <= 0:
        return Judgement(Word.BEST, "As good as the engine's choice, by its search.")
    if shortfall < INACCURACY:
        return Judgement(Word.GOOD, "Close to the engine's choice, by its search.", f"The engine preferred {choice}.",
                         better_cell=appraisal.choice)
    return Judgement(Word.INACCURACY, "The engine's search scores it well below its own choice.",
                     f"The engine preferred {choice}.", better_cell=appraisal.choice)


@overload
def judge(position: Position, cell: int, appraisal: Appraisal, hindsight: Hindsight = ...) -> Judgement: ...


@overload
def judge(position: Position, cell: int, appraisal: Appraisal | None = None,
          hindsight: Hindsight = ...) -> Judgement | None: ...


def judge(position: Position, cell: int, appraisal: Appraisal | None = None,
          hindsight: Hindsight = Hindsight()) -> Judgement | None:
    """The judgement of the side to move playing cell: exact where the game is
    solved, else from the engine's appraisal (None until there is one) and
    what the game's other appraisals add."""
    if is_solved(position.rules):
        return judge_solved(position, cell)
    if appraisal is None:
        return None
    judgement = judge_appraisal(position.rules, position.to_move, appraisal, hindsight, completions(position))
    return judgement._replace(chance=chance_after(appraisal, hindsight))


def chance_after(appraisal: Appraisal, hindsight: Hindsight = Hindsight()) -> float | None:
    """The mover's chances after the move, 0 to 1: 1 where a forced win it
    keeps is proven, 0 where the other side's is (then or by hindsight), else
    the search's score of the move as odds (its unit is one of the log-odds
    of winning); None where the search did not score it."""
    if appraisal.kept_win or hindsight.kept_win:
        return 1.0
    if appraisal.refutation or hindsight.lost_after or hindsight.lost_before:
        return 0.0
    if appraisal.score is None:
        return None
    log_odds = max(-30.0, min(30.0, appraisal.score / appraisal.unit))  # a won or lost score is no overflow
    return 1 / (1 + math.exp(-log_odds))
