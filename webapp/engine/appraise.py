"""What the engine can say of a move already played, on a board too big to
solve: the facts a review of the game is made of.

It thinks about the position before the move as master would (think(), the
forced wins first), but within a count of positions rather than a clock, so
that the same move always gets the same appraisal, on any machine. Then it
looks at the move played: whether it kept a forced win the mover had, whether
it lets the other side force a win (and whether the engine's own move would
have too: then the position was lost already), and what the search scores it
at the depth the engine's choice was searched to. Proofs are the threat
solver's (wins by fours, then by threes); scores are the search's estimates.

The questions about the move played are asked with a far larger count than
a move's (REVIEW_PROOF_NODES, REVIEW_THREES_DEPTH): an appraisal runs in the
background, and the wins that decide a game on a big board are long. With a
move's 3,000 positions and four threes, the review of a lost game saw the win
only a few moves before the end, and called the move that lost it Best (see
docs/measurements.md, the review against Rapfi).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from webapp.engine.evaluate import Evaluator, Node, evaluator
from webapp.engine.external import Answer, Brain, Evaluation, ask
from webapp.engine.rules import Position, Rules
from webapp.engine.search import Searcher, Thought, think
from webapp.engine.shapes import UNIT
from webapp.engine.threats import OutOfTime, ThreatSolver
from webapp.engine.values import WIN

APPRAISAL_NODES = 12_000
"""The positions the engine's choice may examine in an appraisal (as
think()'s max_nodes): a count, so that an appraisal is the same everywhere."""
UNHURRIED_MS = 3_600_000.0
"""The clock an appraisal is given: far beyond what its counts take."""
REVIEW_PROOF_NODES = 100_000
"""The positions the threat solver may examine for each question an
appraisal asks of the move played (its win kept, the other side's win after
it, and after the engine's choice): a count, as PROOF_NODES. Most questions
end long before it (no win is found within a few thousand positions); on
this machine one that reaches it takes about 3 s."""
JUDGES_UNIT = 200
"""One unit of the log-odds of winning in an external judge's evaluation:
Rapfi's scale (its win rate is sigmoid(eval / 200), its config.cpp's
ScalingFactor), in which strong engines report."""
REVIEW_THREES_DEPTH = 8
"""The most threes and fours of the attacker's in a win by threes an appraisal
looks for (a move's search looks for 4): on the ladder's lost games, 8 found
the decisive win in one more game than 6, at the same count."""


class Appraisal(NamedTuple):
    """A move played, as the engine sees it. Lines are both sides' moves,
    the winner's first; an empty line means no such win was proven."""

    cell: int
    choice: int                    # the engine's own move in the position before
    win: tuple[int, ...]           # a forced win the mover had before the move
    kept_win: tuple[int, ...]      # a forced win the move played starts (itself first)
    refutation: tuple[int, ...]    # a forced win the move lets the other side have
    choice_refuted: bool           # the engine's move lets the other side force a win too
    score: int | None              # the search's score of the move played, for the mover ...
    best_score: int | None         # ... and of the engine's choice, at one depth (None: not searched)
    depth: int                     # that depth, in plies
    nodes: int                     # positions examined in all
    unit: int                      # one unit of the log-odds of winning, in those scores (shapes.UNIT)

    @property
    def shortfall(self) -> float | None:
        """How far below the engine's choice the search scores the move
        played, in the log-odds of winning (None if either was not scored)."""
        if self.score is None or self.best_score is None:
            return None
        return (self.best_score - self.score) / self.unit


def appraise(position: Position, cell: int, max_nodes: int = APPRAISAL_NODES, choice: int | None = None) -> Appraisal:
    """The engine's appraisal of the side to move playing cell (an empty
    cell of a game not over); choice, if given, is the move the mover should
    have played (an external judge's) in place of the engine's own."""
    evaluation = evaluator(position.rules)
    node = evaluation.node(position)
    thought = think(position, UNHURRIED_MS, max_nodes=max_nodes)
    if choice is not None and choice != thought.move and thought.kind == "search":  # a proof says more than a choice
        thought = _with_choice(evaluation, node, thought, choice, max_nodes)
    after = evaluation.play(node, cell)
    solvers: list[ThreatSolver] = []

    def proof(question: str, *args) -> list[int] | None:
        """The solver's answer, each question within its own REVIEW_PROOF_NODES; None if it runs out first."""
        solvers.append(solver := ThreatSolver(evaluation, max_nodes=REVIEW_PROOF_NODES))
        try:
            return getattr(solver, question)(*args)
        except OutOfTime:
            return None

    win = tuple(thought.line) if thought.kind in ("win", "forced win") else ()
    kept_win = win if win and cell == thought.move else tuple(
        win and proof("wins_with", node, cell, REVIEW_THREES_DEPTH) or ())
    completes = bool(node.my_wins >> cell & 1)
    refutation = () if completes else tuple(proof("proven_win", after, REVIEW_THREES_DEPTH) or ())
    choice_refuted = bool(refutation) and (cell == thought.move or proof(
        "proven_win", evaluation.play(node, thought.move), REVIEW_THREES_DEPTH) is not None)
    score = best_score = None
    searched = 0
    if thought.kind == "search" and not (win or refutation):  # else the proofs say more than a score
        best_score = thought.score
        if cell == thought.move:
            score = thought.score
        else:
            score, searched = _score(evaluation, after, thought.depth - 1, max_nodes)
    nodes = thought.nodes + searched + sum(solver.nodes for solver in solvers)
    return Appraisal(cell, thought.move, win, kept_win, refutation, choice_refuted, score, best_score,
                     thought.depth, nodes, UNIT)


def judged_by(judge: Brain, rules: Rules, moves: tuple[int, ...]) -> Appraisal:
    """An external judge's appraisal of the last of moves: what it says of
    the position before the move (its evaluation, its move and best line)
    and after it (from_opinions). A judge that gives no evaluation there (as
    Rapfi does, in `MESSAGE … Eval`) gives its move, and this engine's
    search and proofs the rest (appraise, the judge's move as the choice).
    BrainFault if the judge fails (the worker's job then has master appraise
    the move: webapp.workers.pool.appraise_job)."""
    position = Position.after(rules, moves[:-1])
    cell = moves[-1]
    before = ask(judge, rules, moves[:-1])
    if before.evaluation is None:
        return appraise(position, cell, choice=before.cell)
    after = None if position.play(cell).is_over else ask(judge, rules, moves)

    def choice_loses() -> bool:
        choice = (*moves[:-1], before.cell)
        if Position.after(rules, choice).is_over:
            return False
        evaluation = ask(judge, rules, choice).evaluation
        return bool(evaluation and evaluation.proven > 0)

    return from_opinions(position, cell, before, after, choice_loses)


def from_opinions(position: Position, cell: int, before: Answer, after: Answer | None,
                  choice_loses: Callable[[], bool]) -> Appraisal:
    """The appraisal of the side to move playing cell, from a judge's
    answers in the position before it (before: its evaluation is the
    mover's) and after it (after: the other side's; None when the move ended
    the game). Its proofs (+M, -M) are the review's proofs, its best lines
    their lines, and its evaluations the scores, in JUDGES_UNIT. choice_loses
    is asked only where the move played loses and the judge's own move is
    another: whether that one loses too (the position was lost already)."""
    after_position = position.play(cell)
    mine_after = after.evaluation.turned() if after and after.evaluation else None
    if after and mine_after is None and (threat := after_position.winning_cells(after_position.to_move)):
        mine_after = Evaluation("-M1")  # the judge answered at once, with a five, and said nothing
        after = after._replace(line=((threat & -threat).bit_length() - 1,))
    mine_before = before.evaluation or Evaluation("0")  # judged_by asks this engine where it gave none
    win = (before.line or (before.cell,)) if mine_before.proven > 0 else ()
    kept = after_position.winner is not None or bool(mine_after and mine_after.proven > 0)
    kept_win = ((cell, *after.line) if after else (cell,)) if win and kept else ()
    refutation = (after.line or (after.cell,)) if after and mine_after and mine_after.proven < 0 else ()
    choice_refuted = bool(refutation) and (mine_before.proven < 0 or cell != before.cell and choice_loses())
    scored = not (win or refutation) and mine_after is not None
    return Appraisal(cell, before.cell, win, kept_win, refutation, choice_refuted,
                     mine_after.score if scored else None, mine_before.score if scored else None,
                     0, 0, JUDGES_UNIT)


def _with_choice(evaluation: Evaluator, node: Node, thought: Thought, choice: int, max_nodes: int) -> Thought:
    """The engine's search with another move as its choice, scored by the
    search at the same depth (unless it runs out of its count: then the
    engine's own choice stays)."""
    score, searched = _score(evaluation, evaluation.play(node, choice), thought.depth - 1, max_nodes)
    if score is None:
        return thought
    return thought._replace(move=choice, line=[choice], score=score, nodes=thought.nodes + searched)


def _score(evaluation: Evaluator, after: Node, depth: int, max_nodes: int) -> tuple[int | None, int]:
    """The search's score, for the side that just moved, of the position
    after its move, searched depth plies deep (0: as it stands), and the
    positions that took; None if it took more than max_nodes."""
    if depth <= 0:
        return -after.score, 0
    searcher = Searcher(evaluation, max_nodes=max_nodes)
    try:
        for deeper in range(1, depth + 1):  # iterative deepening: each depth orders the next one's moves
            score = -searcher.negamax(after, deeper, -WIN, WIN, 0)
    except OutOfTime:
        return None, searcher.nodes
    return score, searcher.nodes
