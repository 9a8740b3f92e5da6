"""The search for boards too big to solve: iterative deepening over an
alpha-beta (negamax) search with a transposition table, run within a budget.

Negamax scores every position from the side to move's point of view, so one
function serves both sides: a move's score is minus its reply's. Alpha-beta
skips a move's remaining replies as soon as one shows that the move is worse
than something already found. The transposition table remembers, for every
position searched, the bounds found on its score and its best move; the next,
deeper iteration tries that move first, which makes the cut-offs come early.

The threats in a Node keep the search honest at any depth: a side that can
complete a line has won, a single threat has one answer (the block, searched
even past the horizon), and two threats cannot both be blocked. A side with
an open four to make has won too, and one facing an open three looks only at
the few moves that might stop it, and at its fours. Elsewhere a node looks at
its BEAM best-looking moves only (see Evaluator.moves). (Answering open
threes past the horizon as well, as fours are, made master weaker in the
ladder: it halved the positions a move examines.)

think() is the engine's whole decision for a move: take a win, block a loss,
play a forced win the threat solver proves, else search until the budget is
spent (by the clock, until another depth would not finish in time or its
move has settled), and do not play into a forced win for the other side.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from webapp.engine.game.position import Position
from webapp.engine.game.rules import Rules, cells_of
from webapp.engine.game.values import WIN, is_decided
from webapp.engine.play.evaluate import Evaluator, evaluator
from webapp.engine.play.node import Node
from webapp.engine.play.shapes import Weights
from webapp.engine.play.solved import is_solved
from webapp.engine.play.threats import OutOfTime, Threat, ThreatSolver, forced_wins, threat_to_answer

BEAM = 10
"""How many of its best-looking moves a node searches."""
ANSWER_DEPTH, ANSWER_NODES = 4, 5_000
"""How deep, and within how many positions, best_of() searches each of a few
moves (the answers to a threat): short searches, beside a hint's own."""
MAX_DEPTH = 64
WIN_SHARE = 0.25
"""The share of the budget (time, or positions) the threat solver may spend
looking for a forced win of the mover's."""
SEARCH_SHARE = 0.75
"""How far into the budget the search may go (it has what the forced-win
look left of this share); the rest is kept for checking its move against the
other side's forced wins."""
NEXT_ITERATION = 2.0
"""About how many times the last iteration's time the next one takes (each
depth searches more than twice the positions of the one before; measured on
positions from games: docs/engine-research.md, "Time given back")."""
SETTLED_ITERATIONS = 3
SETTLED_SHARE = 0.4
"""By the clock, once the same move has come out best of SETTLED_ITERATIONS
iterations in a row, the search stops as soon as this share of its time is
spent: deeper iterations seldom change such a move."""


class Entry(NamedTuple):
    """What the table knows of a position: its score lies between lower and
    upper when searched depth plies deep, and move was the best found."""

    depth: int
    lower: int
    upper: int
    move: int


class Searcher:
    """One search: its transposition table and statistics, and the deadline it stops at."""

    def __init__(self, evaluator: Evaluator, deadline: float = float("inf"), beam: int = BEAM,
                 max_nodes: float = float("inf")):
        self.evaluator, self.deadline, self.beam, self.max_nodes = evaluator, deadline, beam, max_nodes
        self.table: dict[tuple[int, int], Entry] = {}
        self.nodes = self.hits = 0

    def search(self, node: Node, max_depth: int = MAX_DEPTH) -> Iterator[tuple[int, int, int]]:
        """Iterative deepening: after each depth, yield (depth, score, best
        move). The caller stops whenever it likes; past the deadline the search
        raises OutOfTime in the middle of an iteration, whose result is lost."""
        for depth in range(1, max_depth + 1):
            score = self.negamax(node, depth, -WIN, WIN, 0)
            yield depth, score, self.table[node.mine, node.theirs].move
            if is_decided(score):
                return

    def negamax(self, node: Node, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The score of node for its side to move, exact if it lies between
        alpha and beta, else a bound on the side it falls."""
        self.nodes += 1
        if node.my_wins:
            return WIN - ply - 1
        threats = node.their_wins
        if threats & (threats - 1):
            return -(WIN - ply - 2)
        if node.mine | node.theirs == self.evaluator.rules.full:
            return 0  # a full board without a line: a draw
        if not threats and node.my_threes and self.evaluator.open_fours(node):
            return WIN - ply - 3  # an open four now: the other side can block one cell of it, not both
        if depth <= 0 and not threats:
            return node.score
        if time.perf_counter() > self.deadline or self.nodes > self.max_nodes:
            raise OutOfTime
        key = node.mine, node.theirs
        entry = self.table.get(key)
        if entry is not None and entry.depth >= depth:
            self.hits += 1
            if entry.lower >= beta or entry.lower == entry.upper:
                return entry.lower
            if entry.upper <= alpha:
                return entry.upper
        moves = self.evaluator.playable(node, cells_of(threats)) if threats else self.moves(node, entry)
        if not moves:  # renju: black may not play the block (or, very rarely, anywhere near)
            return -(WIN - ply - 2) if threats else node.score
        best, best_move = -WIN, -1
        leaf = depth <= 1  # the children are past the horizon: scored, unless they must block a line
        for cell in moves:
            child = self.evaluator.play(node, cell, leaf=leaf)
            score = -self.negamax(child, depth - 1, -beta, -max(alpha, best), ply + 1)
            if score > best:
                best, best_move = score, cell
                if best >= beta:
                    break
        lower = best if best > alpha else -WIN
        upper = best if best < beta else WIN
        self.table[key] = Entry(depth, lower, upper, best_move)
        return best

    def root_scores(self, node: Node, depth: int) -> dict[int, int]:
        """The exact score of each move the root searches, depth plies deep."""
        return {cell: -self.negamax(self.evaluator.play(node, cell), depth - 1, -WIN, WIN, 1)
                for cell in self.moves(node, None)}

    def moves(self, node: Node, entry: Entry | None) -> list[int]:
        """The moves a node searches (see candidates), the table's best first."""
        ranked = candidates(self.evaluator, node, self.beam)
        if entry is not None and entry.move in ranked:
            ranked.remove(entry.move)
            ranked.insert(0, entry.move)
        return ranked

    def principal_variation(self, node: Node, length: int = 12) -> list[int]:
        """The line both sides would play, by the table's best moves."""
        line: list[int] = []
        while len(line) < length and (entry := self.table.get((node.mine, node.theirs))) and entry.move >= 0:
            line.append(entry.move)
            if node.my_wins >> entry.move & 1:
                break
            node = self.evaluator.play(node, entry.move)
        return line


def candidates(evaluation: Evaluator, node: Node, beam: int = BEAM) -> list[int]:
    """The moves the search looks at in a node (one it did not end: no line
    to complete, no double threat against it), best-looking first. Where the
    other side threatens to complete a line, the block. Where it threatens an
    open four, every move that might stop it, and every four (which must be
    answered first), and nothing else: any other move loses. Elsewhere the
    beam best-looking."""
    if node.their_wins:
        return evaluation.playable(node, cells_of(node.their_wins))
    threats = evaluation.open_fours(node, mover=False) if node.their_threes else None
    if threats:
        useful = evaluation.defences(node.theirs, node.their_threes, threats) | evaluation.four_cells(node)
        return [cell for cell in evaluation.moves(node) if useful >> cell & 1]
    return evaluation.moves(node)[:beam]


@dataclass(frozen=True)
class Evaluation:
    """A brain's evaluation of a position for its side to move, as it wrote
    it after "Eval" (Rapfi's way): a number, or +M<n> / -M<n> for a win or a
    loss it has proven n moves of both sides away."""

    written: str

    @property
    def proven(self) -> int:
        """+1 if the brain proves a win for the side to move, -1 a loss, 0 neither."""
        if "M" not in self.written:
            return 0
        return -1 if self.written.startswith("-") else 1

    @property
    def winners_moves(self) -> int | None:
        """A proof's distance counted as the site counts a win, in the winner's
        own moves, the winning one included ("wins in 1": the next move wins),
        from the moves of both sides it was written in; None for no proof, or
        one without a number."""
        plies = self.written.lstrip("+-M")
        if not self.proven or not plies.isdigit():
            return None
        return (int(plies) + 1) // 2 if self.proven > 0 else int(plies) // 2

    @property
    def score(self) -> int | None:
        """The number, where it is one (not a proof)."""
        return None if self.proven else int(self.written)

    def turned(self) -> Evaluation:
        """The same evaluation for the other side."""
        rest = self.written.lstrip("+-")
        if self.written.startswith("-"):
            return Evaluation(("+" if rest.startswith("M") else "") + rest)
        return Evaluation(rest if rest == "0" else "-" + rest)


class ThoughtKind(StrEnum):
    """How the engine came to its move (Thought.kind), a closed set: each
    compares equal to, and is kept and shown as, its word."""

    WIN = "win"                # it completes a line
    BLOCK = "block"            # it stops the other side's line
    FORCED_WIN = "forced win"  # the threat solver proved a win, and this is its first move
    SEARCH = "search"          # the search's choice
    DEFENCE = "defence"        # the search's move let the other side win by fours or threes: another was played
    LOST = "lost"              # every move lets the other side force a win
    ENGINE = "engine"          # an installed engine's answer


class Thought(NamedTuple):
    """An engine's answer: its move and what its search found, from the
    engine workers to the page. Master's (think), or an installed engine's
    (external.ask: kind "engine", with its evaluation and its best line as
    it said them, and nothing of its search's inside)."""

    move: int
    kind: ThoughtKind   # how it came to the move
    line: list[int]     # the forced win (both sides' moves), or the principal variation
    score: int          # for the side to move (see WIN); 0 for kinds other than search
    depth: int          # the deepest search completed
    nodes: int          # positions the search and the threat solver examined
    hits: int           # transposition-table hits
    seconds: float
    faced: Threat | None = None   # the threat the side to move faced, with the squares that answer it (explain)
    threat: Threat | None = None  # the threat the move makes, which the other side must answer (explain)
    evaluation: Evaluation | None = None  # an installed engine's own, for the side that moved, before its move


def explain(position: Position, thought: Thought) -> Thought:
    """The thought with the threats around its move (threats.threat_to_answer,
    the coach's own question): the one the side to move faced (which the
    move may answer), and the one the move makes.
    What a page says of the move is read from them, never searched for
    again: "I stop your three", "you must stop it at f10 or f7". A win, a
    block and a forced win say more than a threat, and are left as they are;
    so is a threat after which the other side can force a win itself (the
    coach's forced_wins): it need not stop that one."""
    if thought.kind not in (ThoughtKind.SEARCH, ThoughtKind.DEFENCE):
        return thought
    faced = threat_to_answer(position)
    after = position.play(thought.move)
    made = None if after.is_over or forced_wins(after) else threat_to_answer(after)
    return thought._replace(faced=faced, threat=made)


def best_of(position: Position, cells: tuple[int, ...], depth: int) -> int:
    """The one of cells the search scores best for the side to move, searched
    a little less deep than the move was (within ANSWER_NODES each; one where
    the search runs out scores as a loss): the answer to a threat a hint
    gives where master's own move was none of them (appraise.advise)."""
    evaluation = evaluator(position.rules)
    node = evaluation.node(position)
    scores = {}
    for cell in cells:
        searcher = Searcher(evaluation, max_nodes=ANSWER_NODES)
        try:
            scores[cell] = -searcher.negamax(evaluation.play(node, cell), max(1, min(depth, ANSWER_DEPTH) - 1),
                                             -WIN, WIN, 0)
        except OutOfTime:
            scores[cell] = -WIN
    return max(cells, key=lambda cell: scores[cell])


def prepare(rules: Rules) -> None:
    """Build now the tables a first search on this board builds (its
    Evaluator), so that they do not take part of a first move's budget
    (what they cost on 15×15: docs/measurements-log.md, "The engine workers'
    tables, built before they fork").
    A process that will think calls it first: the engine workers' consumer
    before it forks them, a brain told its board, the page that shows the
    engine's statistics.
    A solved board is looked up, not searched: nothing to build."""
    if not is_solved(rules):
        evaluator(rules)


def think(position: Position, budget_ms: float, max_depth: int = MAX_DEPTH,
          max_nodes: float = float("inf"), weights: Weights | None = None) -> Thought:
    """The move for the side to move, within budget_ms of thinking. With
    max_depth plies or max_nodes positions as the limit instead (and a
    generous budget), the move is the same on any machine, however fast.
    weights: the evaluation's, if not the shipped ones (see shapes.py).
    The position must have a move to make."""
    start = time.perf_counter()
    deadline = start + budget_ms / 1000
    evaluation = evaluator(position.rules, weights)
    node = evaluation.node(position)

    def thought(move: int, kind: ThoughtKind, line: list[int] | None = None, score: int = 0, depth: int = 0,
                nodes: int = 0, hits: int = 0) -> Thought:
        return Thought(move, kind, line or [move], score, depth, nodes, hits, time.perf_counter() - start)

    if node.my_wins:
        return thought(cells_of(node.my_wins)[0], ThoughtKind.WIN)
    if node.their_wins:
        threats = cells_of(node.their_wins)
        blocks = evaluation.playable(node, threats)
        if len(threats) == 1 and blocks:
            return thought(blocks[0], ThoughtKind.BLOCK)
        return thought((blocks or evaluation.moves(node) or position.legal_moves())[0], ThoughtKind.LOST)
    budget = deadline - start
    solver = ThreatSolver(evaluation, start + WIN_SHARE * budget, WIN_SHARE * max_nodes)
    try:
        line = solver.proven_win(node)
    except OutOfTime:
        line = None
    if line:
        return thought(line[0], ThoughtKind.FORCED_WIN, line, nodes=solver.nodes)
    searcher = Searcher(evaluation, start + SEARCH_SHARE * budget, max_nodes=SEARCH_SHARE * max_nodes - solver.nodes)
    by_clock = max_nodes == float("inf")
    depth, score, move = _deepen(searcher, node, max_depth, start, SEARCH_SHARE * budget if by_clock else None)
    guard = ThreatSolver(evaluation, deadline, (1 - SEARCH_SHARE) * max_nodes)
    safe = _safe(evaluation, node, searcher, move, guard)
    nodes = searcher.nodes + solver.nodes + guard.nodes
    if safe != move:
        return thought(safe, ThoughtKind.DEFENCE, depth=depth, nodes=nodes, hits=searcher.hits)
    return thought(move, ThoughtKind.SEARCH, searcher.principal_variation(node), score, depth, nodes, searcher.hits)


def _deepen(searcher: Searcher, node: Node, max_depth: int, start: float,
            share: float | None) -> tuple[int, int, int]:
    """The last finished iteration's (depth, score, move); before any, the
    best-looking move. The searcher stops at its own deadline or count; by
    the clock (share, its seconds from start), the search also stops where
    worth_deepening says another iteration is not worth beginning, and gives
    its time back: to the check of its move, and to the person waiting."""
    best = (0, 0, searcher.evaluator.moves(node)[0])
    chosen: list[int] = []
    began = time.perf_counter()
    try:
        for best in searcher.search(node, max_depth):
            now = time.perf_counter()
            chosen.append(best[2])
            if share is not None and not worth_deepening(chosen, now - start, now - began, share):
                break
            began = now
    except OutOfTime:
        pass
    return best


def worth_deepening(chosen: list[int], spent: float, last: float, share: float) -> bool:
    """Whether a search by the clock begins another iteration, after
    iterations that chose these moves, with spent seconds of its share gone,
    the last iteration's included. Not where it would likely not finish
    (NEXT_ITERATION), as an unfinished iteration's move is thrown away; not
    where its move has settled (SETTLED_ITERATIONS, SETTLED_SHARE). The first
    iterations, which take milliseconds, always go on.

    (By a count of positions the search spends its count, as before: a count
    is the work asked for where the same moves are wanted on any machine, as
    in the fit, the puzzles and the appraisals, and there the check of the
    move has a fixed share that time given back would not reach.)"""
    if len(chosen) < SETTLED_ITERATIONS:
        return True
    if spent + NEXT_ITERATION * last > share:
        return False
    settled = len(set(chosen[-SETTLED_ITERATIONS:])) == 1
    return not (settled and spent >= SETTLED_SHARE * share)


def _safe(evaluation: Evaluator, node: Node, searcher: Searcher, move: int, guard: ThreatSolver) -> int:
    """move, unless the threat solver (guard, with the budget kept for it)
    finds that it lets the other side force a win by fours or threes; then
    the first of the other candidates that does not, in the order of the
    bounds the table holds for them (for most, no better than the search's
    move order). If every one does, the first that at least stops a win by
    fours alone, which the other side then has to find the longer way. If
    time runs out, the candidate being checked: it is not yet known to lose,
    as move then is. A move that makes a four passes those checks whatever
    follows the forced block, so it only postpones a threat: such moves are
    tried last."""
    children = {cell: evaluation.play(node, cell) for cell in searcher.moves(node, None) if cell != move}

    def searched_score(cell: int) -> int:
        """At least this, by the table (the child's score is from the other side)."""
        entry = searcher.table.get((children[cell].mine, children[cell].theirs))
        return -entry.upper if entry else -WIN

    others = sorted(children, key=searched_score, reverse=True)
    quiet = [cell for cell in others if not children[cell].their_wins]  # their_wins, after our move: our four
    fours = [cell for cell in others if children[cell].their_wins]
    slower = None  # the first candidate that loses only to threes
    for cell in [move, *quiet, *fours]:
        if time.perf_counter() > guard.deadline:
            return cell
        child = children[cell] if cell in children else evaluation.play(node, cell)
        try:
            if guard.win(child) is None:
                if guard.win_by_threes(child) is None:
                    return cell
                slower = cell if slower is None else slower
        except OutOfTime:
            return cell
    return move if slower is None else slower
