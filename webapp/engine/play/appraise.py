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
docs/measurements-log.md, "Does the review find the move that lost?").
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any, NamedTuple, Protocol

from webapp.engine.game.position import Position
from webapp.engine.game.values import WIN
from webapp.engine.play.evaluate import Evaluator, evaluator
from webapp.engine.play.node import Node
from webapp.engine.play.search import Evaluation, Searcher, Thought, best_of, candidates, explain, prepare, think
from webapp.engine.play.search import ThoughtKind as Kind
from webapp.engine.play.shapes import UNIT
from webapp.engine.play.threats import OutOfTime, ThreatSolver, threat_to_answer

APPRAISAL_NODES = 12_000
"""The positions the engine's choice may examine in an appraisal (as
think()'s max_nodes): a count, so that an appraisal is the same everywhere."""
UNHURRIED_MS = 3_600_000.0
"""The clock an appraisal is given: far beyond what its counts take."""
REVIEW_PROOF_NODES = 100_000
"""The positions the threat solver may examine for each question an
appraisal asks of the move played (its win kept, the other side's win after
it, and after the engine's choice): a count, as PROOF_NODES. Most questions
end long before it (no win is found within a few thousand positions); one
that reaches it takes seconds (docs/measurements-log.md, "The review's time")."""
JUDGES_UNIT = 200
"""One unit of the log-odds of winning in an external judge's evaluation:
Rapfi's scale (its win rate is sigmoid(eval / 200), its config.cpp's
ScalingFactor), in which strong engines report."""
REVIEW_THREES_DEPTH = 8
"""The most threes and fours of the attacker's in a win by threes an appraisal
looks for (a move's search looks for 4): on the ladder's lost games, 8 found
the decisive win in more of them than 6, at the same count (docs/measurements-log.md,
"Does the review find the move that lost?")."""


VERSION = 3
"""The version of what the engine says of a position and a move, part of the
name each is kept under (Memory): an engine that appraises differently gets
a new number, and never reads an older one's verdicts."""
HINT_TRIES = 4
"""How many moves advise() checks against the other side's forced wins,
the engine's choice first: where all of them lose, the position is lost."""
HINT_PROOF_NODES = 2 * REVIEW_PROOF_NODES
"""The most positions advise()'s checks may examine in all (a person waits
for the hint): past them it gives the first move not yet shown to lose,
unchecked, and says no more of it than its search does (a person's wait:
docs/measurements.md, "a hint's wait")."""


class Memory(Protocol):
    """Where what the engine worked out about a position is kept, by name, so
    that it is worked out once (the engine workers' store: a hint's search
    is the review's, and a review's the next one's)."""

    def get(self, name: str) -> Any | None: ...

    def put(self, name: str, value: Any) -> None: ...


class Forgetful(dict[str, Any]):
    """A Memory that keeps what one caller works out, for as long as it lives."""

    def put(self, name: str, value: Any) -> None:
        self[name] = value


def position_name(position: Position) -> str:
    """A position's short name in a Memory: its rules, stones and any pass, however the moves came."""
    stones = f"{position.rules.name}:{position.x:x}:{position.o:x}{':passed' if position.passed else ''}".encode()
    return hashlib.blake2b(stones, digest_size=16).hexdigest()


def choice(position: Position, memory: Memory) -> Thought:
    """The engine's choice in a position, as an appraisal looks at it: think()
    within APPRAISAL_NODES positions, explained (the threats around it)."""
    name = f"choice:{VERSION}:{position_name(position)}"
    if (kept := memory.get(name)) is None:
        prepare(position.rules)  # the board's tables first: the seconds kept are the thinking's alone
        kept = explain(position, think(position, UNHURRIED_MS, max_nodes=APPRAISAL_NODES))
        memory.put(name, kept)
    return kept


def deep_win(position: Position, memory: Memory) -> tuple[tuple[int, ...], int]:
    """A forced win the threat solver proves for the side to move within
    REVIEW_PROOF_NODES and REVIEW_THREES_DEPTH (() where it proves none, or
    runs out first), and the positions that took."""
    name = f"win:{VERSION}:{position_name(position)}"
    if (kept := memory.get(name)) is None:
        solver = ThreatSolver(evaluator(position.rules), max_nodes=REVIEW_PROOF_NODES)
        try:
            line = solver.proven_win(evaluator(position.rules).node(position), REVIEW_THREES_DEPTH) or ()
        except OutOfTime:
            line = ()
        kept = (tuple(line), solver.nodes)
        memory.put(name, kept)
    return kept


def advise(position: Position, memory: Memory | None = None) -> Thought:
    """The move a hint suggests: the engine's choice, as a review would make
    it (choice), and one the review's own proof (deep_win) finds no win
    against, so that the review of the game never calls a hinted move a
    mistake it could have seen. Where the side to move faces a threat, one of
    the squares that stop it (the one the search scores best, if the choice
    was another: a four only puts a threat off). Where the choice loses, the
    next of hint_tries; where they all lose, the choice, said to be lost.
    The checks stop at HINT_PROOF_NODES: a person waits for the hint."""
    memory = Forgetful() if memory is None else memory
    thought = choice(position, memory)
    if thought.kind not in (Kind.SEARCH, Kind.DEFENCE):
        return thought
    tries, spent, safe = hint_tries(position, thought), 0, None
    for cell in tries:
        if spent >= HINT_PROOF_NODES:  # out of time for checks: the next move, not shown to lose
            safe = cell
            break
        line, nodes = ((), 0) if position.play(cell).is_over else deep_win(position.play(cell), memory)
        spent += nodes
        if not line:
            safe = cell
            break
    if safe is None:  # every move tried lets the other side force a win
        return explain(position, thought._replace(move=tries[0], kind=Kind.LOST, line=[tries[0]]))
    if safe == thought.move:
        return thought
    kind = Kind.SEARCH if safe == tries[0] else Kind.DEFENCE
    return explain(position, thought._replace(move=safe, kind=kind, line=[safe], faced=None, threat=None))


def hint_tries(position: Position, thought: Thought) -> list[int]:
    """The moves advise() checks, in turn: the engine's choice, or where the
    side to move faces a threat and the choice does not answer it, the answer
    the search scores best; then the other answers (else the search's next
    candidates), up to HINT_TRIES; then the choice, if not among them."""
    faced = threat_to_answer(position)
    first = thought.move
    if faced and faced.answers and first not in faced.answers:
        first = best_of(position, faced.answers, thought.depth)
    evaluation = evaluator(position.rules)
    others = faced.answers if faced and faced.answers else candidates(evaluation, evaluation.node(position))
    tries = [first, *(cell for cell in others if cell != first)][:HINT_TRIES]
    return tries if thought.move in tries else [*tries, thought.move]


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
    all_refuted: bool = False      # the move played is the engine's choice, refuted, and so is every other
                                   # move a hint would have tried (hint_tries): lost already, as far as it sees

    @property
    def shortfall(self) -> float | None:
        """How far below the engine's choice the search scores the move
        played, in the log-odds of winning (None if either was not scored)."""
        if self.score is None or self.best_score is None:
            return None
        return (self.best_score - self.score) / self.unit


def appraise(position: Position, cell: int, max_nodes: int = APPRAISAL_NODES, judges_choice: int | None = None,
             memory: Memory | None = None) -> Appraisal:
    """The engine's appraisal of the side to move playing cell (an empty
    cell of a game not over); judges_choice, if given, is the move the mover
    should have played (an external judge's) in place of the engine's own.
    What it works out about each position (the engine's choice, the other
    side's forced win after the move) is kept in memory by position, and
    read from it where a hint or another review worked it out already."""
    memory = Forgetful() if memory is None else memory
    evaluation = evaluator(position.rules)
    node = evaluation.node(position)
    thought = (choice(position, memory) if max_nodes == APPRAISAL_NODES
               else think(position, UNHURRIED_MS, max_nodes=max_nodes))
    if judges_choice is not None and judges_choice != thought.move and thought.kind == Kind.SEARCH:
        thought = _with_choice(evaluation, node, thought, judges_choice, max_nodes)  # a proof says more than a choice
    after = evaluation.play(node, cell)
    solvers: list[ThreatSolver] = []
    proved = 0

    def refuted(move: int) -> tuple[int, ...]:
        """The other side's forced win after move, by the deep proof (kept by position)."""
        nonlocal proved
        if position.play(move).is_over:
            return ()
        line, nodes = deep_win(position.play(move), memory)
        proved += nodes
        return line

    def proof(question: str, *args: object) -> list[int] | None:
        """The solver's answer, each question within its own REVIEW_PROOF_NODES; None if it runs out first."""
        solvers.append(solver := ThreatSolver(evaluation, max_nodes=REVIEW_PROOF_NODES))
        try:
            line: list[int] | None = getattr(solver, question)(*args)
            return line
        except OutOfTime:
            return None

    win = tuple(thought.line) if thought.kind in (Kind.WIN, Kind.FORCED_WIN) else ()
    kept_win = win if win and cell == thought.move else tuple(
        win and proof("wins_with", node, cell, REVIEW_THREES_DEPTH) or ())
    completes = bool(node.my_wins >> cell & 1)
    refutation = () if completes else refuted(cell)
    choice_refuted = bool(refutation) and (cell == thought.move or bool(refuted(thought.move)))
    all_refuted = (bool(refutation) and cell == thought.move and thought.kind in (Kind.SEARCH, Kind.DEFENCE)
                   and all(refuted(other) for other in hint_tries(position, thought) if other != cell))
    score = best_score = None
    searched = 0
    if thought.kind == Kind.SEARCH and not (win or refutation):  # else the proofs say more than a score
        best_score = thought.score
        if cell == thought.move:
            score = thought.score
        else:
            score, searched = _score(evaluation, after, thought.depth - 1, max_nodes)
    nodes = thought.nodes + searched + proved + sum(solver.nodes for solver in solvers)
    return Appraisal(cell, thought.move, win, kept_win, refutation, choice_refuted, score, best_score,
                     thought.depth, nodes, UNIT, all_refuted)


def from_opinions(position: Position, cell: int, before: Thought, after: Thought | None,
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
        after = after._replace(line=[(threat & -threat).bit_length() - 1])
    mine_before = before.evaluation or Evaluation("0")  # judged_by asks this engine where it gave none
    win = tuple(before.line or (before.move,)) if mine_before.proven > 0 else ()
    kept = after_position.winner is not None or bool(mine_after and mine_after.proven > 0)
    kept_win = ((cell, *after.line) if after else (cell,)) if win and kept else ()
    refutation = tuple(after.line or (after.move,)) if after and mine_after and mine_after.proven < 0 else ()
    choice_refuted = bool(refutation) and (mine_before.proven < 0 or cell != before.move and choice_loses())
    scored = mine_after if not (win or refutation) else None
    return Appraisal(cell, before.move, win, kept_win, refutation, choice_refuted,
                     scored.score if scored else None, mine_before.score if scored else None,
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
