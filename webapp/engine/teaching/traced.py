"""The classic searches written down a step at a time, for a person to step
through: minimax, alpha-beta, and alpha-beta with a transposition table, in
any order of moves.

Each search is a generator of Steps, one for every event a person would
want to see: arriving at a position with moves to try ("enter"), a finished
game examined ("leaf"), a position answered from the table ("remembered"),
and a position's value backed up once its moves are done ("back"), or once a
move made the rest pointless ("cut", naming the moves it never looked at).
The generator is deterministic, so step n of a search is found by replaying
it from the start (itertools.islice): nothing is kept between requests.

The searches are classic.py's, the same values and the same count of
positions examined (the tree's examine(), the root and finished games
included); only the order of moves is the caller's: an Ordering gives a
state's moves in the order to try them. Values are negamax, for the side to
move: WIN less the plies from the search's root for a won game, 0 for a draw.
No Flask here.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator
from functools import lru_cache
from typing import Any, NamedTuple

from webapp.engine.game.position import Position
from webapp.engine.game.rules import Rules, cells_of
from webapp.engine.game.values import WIN
from webapp.engine.play.solved import table
from webapp.engine.teaching.classic import INFINITY, GameTree, MemoTree, TooLong, Tree

Ordering = Callable[[Any], list[int]]
"""A state's moves in the order a search tries them."""


class Step(NamedTuple):
    """One event of a search. alpha and beta are the window for the side to
    move at path (None for minimax, which has none); value is a leaf's, a
    remembered one's, or the value backed up; moves are, on entering, the
    moves in the order they will be tried, and on a cut, those skipped."""

    number: int                # from 1, in the order the search goes
    kind: str                  # "enter", "leaf", "remembered", "back" or "cut"
    path: tuple[int, ...]      # the moves from the search's root to the position
    alpha: int | None
    beta: int | None
    value: int | None
    moves: tuple[int, ...]
    examined: int              # positions examined so far, this one included


Trace = Generator[Step, None, int]


class _Counter:
    """The steps a trace has made so far (a skipped subtree counts all of its own)."""

    def __init__(self) -> None:
        self.steps = 0

    def next(self) -> int:
        self.steps += 1
        return self.steps


def minimax(tree: Tree, order: Ordering, skip_before: int = 0) -> Trace:
    """Plain minimax: every move of every position, to the end. A subtree
    whose steps all come before step skip_before is not walked: it is one
    "back" step, numbered as its last, with its value and counts worked out
    (and kept) by _whole_subtree, so that seeking step 800,000 of the empty
    3×3 board's minimax costs a walk down one line, not 800,000 steps."""
    counter = _Counter()

    def visit(state: Any, path: tuple[int, ...], ply: int) -> Trace:
        if counter.steps + 1 < skip_before:
            steps, examined, value = _whole_subtree(tree.rules, *state, ply)
            if counter.steps + steps < skip_before:
                counter.steps += steps
                tree.examined += examined
                yield Step(counter.steps, "back", path, None, None, value, (), tree.examined)
                return value
        over = tree.examine(state, ply)
        if over is not None:
            yield Step(counter.next(), "leaf", path, None, None, over, (), tree.examined)
            return over
        moves = order(state)
        yield Step(counter.next(), "enter", path, None, None, None, tuple(moves), tree.examined)
        best = -INFINITY
        for move in moves:
            best = max(best, -(yield from visit(tree.play(state, move), (*path, move), ply + 1)))
        yield Step(counter.next(), "back", path, None, None, best, (), tree.examined)
        return best
    return visit(tree.root, (), 0)


@lru_cache(maxsize=1 << 17)
def _whole_subtree(rules: Rules, mine: int, theirs: int, last: int, ply: int) -> tuple[int, int, int]:
    """Plain minimax's steps, positions examined and value below a state
    (classic.Tree's), without the steps themselves: they never depend on
    the order of moves."""
    if last >= 0 and any(window & theirs == window for window in rules.windows_through[last]):
        return 1, 1, -(WIN - ply)
    if mine | theirs == rules.full:
        return 1, 1, 0
    steps, examined, best = 2, 1, -INFINITY
    for cell in cells_of(rules.full & ~(mine | theirs)):
        below = _whole_subtree(rules, theirs, mine | 1 << cell, cell, ply + 1)
        steps, examined, best = steps + below[0], examined + below[1], max(best, -below[2])
    return steps, examined, best


def alphabeta(tree: GameTree, order: Ordering) -> Trace:
    """Alpha-beta (classic.alphabeta): a position's moves are looked at until
    one reaches beta, the most the opponent would ever allow here."""
    counter = _Counter()

    def visit(state: Any, path: tuple[int, ...], ply: int, alpha: int, beta: int) -> Trace:
        over = tree.examine(state, ply)
        if over is not None:
            yield Step(counter.next(), "leaf", path, alpha, beta, over, (), tree.examined)
            return over
        moves = order(state)
        yield Step(counter.next(), "enter", path, alpha, beta, None, tuple(moves), tree.examined)
        for index, move in enumerate(moves):
            alpha = max(alpha, -(yield from visit(tree.play(state, move), (*path, move), ply + 1, -beta, -alpha)))
            if alpha >= beta:
                yield _ended(counter, path, alpha, beta, alpha, moves[index + 1:], tree.examined)
                return alpha
        yield Step(counter.next(), "back", path, alpha, beta, alpha, (), tree.examined)
        return alpha
    return visit(tree.root, (), 0, -INFINITY, INFINITY)


def alphabeta_with_table(tree: MemoTree, order: Ordering) -> Trace:
    """Alpha-beta with a transposition table (classic.alphabeta_with_table):
    the bounds found on each position and its best move; a position met again
    is answered from the table when its bounds suffice, else searched with
    its best move first, then in the caller's order."""
    found: dict[Any, tuple[int, int, int | None]] = {}
    counter = _Counter()

    def visit(state: Any, path: tuple[int, ...], ply: int, alpha: int, beta: int) -> Trace:
        key = tree.key(state)
        lower, upper, first = found.get(key, (-INFINITY, INFINITY, None))
        if lower >= beta or upper <= alpha or lower == upper:
            value = lower if lower >= beta or lower == upper else upper
            yield Step(counter.next(), "remembered", path, alpha, beta, value, (), tree.examined)
            return value
        over = tree.examine(state, ply)
        if over is not None:
            found[key] = (over, over, None)
            yield Step(counter.next(), "leaf", path, alpha, beta, over, (), tree.examined)
            return over
        moves = order(state)
        if first is not None:
            moves = [first, *(move for move in moves if move != first)]
        yield Step(counter.next(), "enter", path, alpha, beta, None, tuple(moves), tree.examined)
        best, best_move = -INFINITY, None
        skipped: tuple[int, ...] = ()
        for index, move in enumerate(moves):
            score = -(yield from visit(tree.play(state, move), (*path, move), ply + 1, -beta, -max(alpha, best)))
            if score > best:
                best, best_move = score, move
                if best >= beta:
                    skipped = tuple(moves[index + 1:])
                    break
        found[key] = (best if best > alpha else lower, best if best < beta else upper, best_move)
        yield _ended(counter, path, max(alpha, best), beta, best, skipped, tree.examined)
        return best
    return visit(tree.root, (), 0, -INFINITY, INFINITY)


def _ended(counter: _Counter, path: tuple[int, ...], alpha: int, beta: int, value: int, skipped: Iterable[int],
           examined: int) -> Step:
    """The step that backs a position's value up: a cut when moves were left unexamined."""
    skipped = tuple(skipped)
    return Step(counter.next(), "cut" if skipped else "back", path, alpha, beta, value, skipped, examined)


SEARCHES: dict[str, Callable[..., Trace]] = {
    "minimax": minimax,
    "alphabeta": alphabeta,
    "table": alphabeta_with_table,
}
"""The searches a person can step through, by the names links use."""


Order = str | tuple[int, ...]
"""An order of moves as links give it: a name in ORDERINGS, or a person's own priority of squares."""


def steps_up_to(search: str, position: Position, order: Order, last: int,
                limit: float = float("inf")) -> Iterator[Step]:
    """The steps of search from position up to step number last: found by
    running it again from the start, which costs about as much as the steps
    asked for (minimax skips the subtrees it finishes before last, each one
    step). classic.TooLong if it examines more than limit positions on the way."""
    tree = Tree(position, limit)
    arranged = ordering(tree, order)
    trace = minimax(tree, arranged, skip_before=last) if search == "minimax" else SEARCHES[search](tree, arranged)
    for step in trace:
        yield step
        if step.number >= last:
            return


class Totals(NamedTuple):
    """A whole search: its steps, the positions it examined, those it
    answered from its table, its cut-offs and the moves they skipped, and
    the value it found for the side to move."""

    steps: int
    examined: int
    remembered: int
    cuts: int
    skipped: int
    value: int


def run(search: str, position: Position, order: Order, limit: float = float("inf")) -> Totals:
    """search from position to its end; classic.TooLong past limit positions."""
    tree = Tree(position, limit)
    if search == "minimax":  # every position, whatever the order: counted without walking
        steps, examined, value = _whole_subtree(position.rules, *tree.root, 0)
        if examined > limit:
            raise TooLong
        return Totals(steps, examined, 0, 0, 0, value)
    trace = SEARCHES[search](tree, ordering(tree, order))
    steps = remembered = cuts = skipped = 0
    while True:
        try:
            step = next(trace)
        except StopIteration as finished:
            return Totals(steps, tree.examined, remembered, cuts, skipped, finished.value)
        steps = step.number
        remembered += step.kind == "remembered"
        if step.kind == "cut":
            cuts, skipped = cuts + 1, skipped + len(step.moves)


# Orderings of a Tree's states, (mine, theirs, last): see classic.Tree.

def listed(tree: Tree) -> Ordering:
    """The empty squares in square order, row by row: the textbook's."""
    return tree.moves


def engine_order(tree: Tree) -> Ordering:
    """The engine's own order: wins, then blocks, then the squares on the most lines."""
    return lambda state: tree.ordered(state, None)


def preferred(tree: Tree, priority: tuple[int, ...]) -> Ordering:
    """The squares in priority's order first, then any others in square order."""
    rank = {cell: index for index, cell in enumerate(priority)}
    return lambda state: sorted(tree.moves(state), key=lambda cell: (rank.get(cell, len(rank)), cell))


def by_solved_value(tree: Tree, worst_first: bool = False) -> Ordering:
    """Best first by the solved table's value (or worst first), ties by square:
    with the best move first at every position, alpha-beta's ordering is perfect."""
    sign = 1 if worst_first else -1
    return lambda state: sorted(tree.moves(state),
                                key=lambda cell: (sign * _scores(tree.rules, state[0], state[1])[cell], cell))


@lru_cache(maxsize=1 << 16)
def _scores(rules: Rules, mine: int, theirs: int) -> dict[int, int]:
    """The solved table's score of each move, for the side to move (mine)."""
    x_to_move = mine.bit_count() == theirs.bit_count()
    position = Position(rules, mine, theirs) if x_to_move else Position(rules, theirs, mine)
    return table(rules).scores(position)


ORDERINGS: dict[str, Callable[[Tree], Ordering]] = {
    "listed": listed,
    "best": by_solved_value,
    "worst": lambda tree: by_solved_value(tree, worst_first=True),
    "engine": engine_order,
}
"""The named orders of moves, by the names links use; a person's own order is preferred()."""


def ordering(tree: Tree, order: Order) -> Ordering:
    """The ordering a name or a list of squares (a person's own priority) stands for."""
    return preferred(tree, order) if isinstance(order, tuple) else ORDERINGS[order](tree)
