"""Depth-limited search with an evaluation: the search that stops after a
few moves and guesses, for boards too big to search to the end (the N×N
tutorial's subject).

The tree is classic.Horizon's, the engine's own view to a depth: below the
root, the moves the engine's search looks at (a win taken, a line blocked,
else its ten best-looking squares near the stones), and at the depth the
engine's evaluation of the position, an estimate for the side to move (the
shapes each side could make, fitted to games as log-odds; shapes.UNIT is a
factor e). At the root only, every empty square is a move (Wide), so that
the search's pick can be set beside the truth for every first move on 4×4,
whose every position the tablebase knows.

A root move's value is plain negamax to depth - 1 below it (alpha-beta with
a full window finds the same value; it is run so, and its principal line
followed down to the leaf whose evaluation the value is). The search picks
the move of highest value, ties to the lowest square.
"""

from __future__ import annotations

import math
import time
from typing import Any, NamedTuple

from webapp.engine.game.position import Position
from webapp.engine.game.rules import cells_of
from webapp.engine.game.values import WIN, one_ply_back
from webapp.engine.teaching.classic import INFINITY, Horizon, TooLong, alphabeta, minimax


class Wide(Horizon):
    """Horizon whose root offers every empty square, in ascending order; below
    it, the engine's moves as Horizon gives them."""

    def moves(self, state: Any) -> list[int]:
        if state is self.root:
            node = state[0]
            return cells_of(self.rules.full & ~(node.mine | node.theirs))
        return super().moves(state)


class Line(NamedTuple):
    """A root move's depth-limited value for the side to move at the root,
    the line that leads to the leaf it comes from (the move first), and that
    leaf's evaluation for its own side to move (None where the line ends in
    a finished game rather than at the depth)."""

    move: int
    value: int
    line: tuple[int, ...]
    leaf_score: int | None


class Counts(NamedTuple):
    """What a search of the whole tree examined, and how long it took; None
    where it was stopped at its limit."""

    examined: int | None
    seconds: float


class Limited(NamedTuple):
    """A depth-limited search of a position: each root move's value and line,
    the move picked, and what plain minimax and alpha-beta examine to that depth."""

    depth: int
    lines: tuple[Line, ...]
    picked: int
    minimax: Counts
    alphabeta: Counts


def principal(tree: Horizon, state: Any, ply: int, alpha: int, beta: int) -> tuple[int, tuple[int, ...], int | None]:
    """Alpha-beta (negamax) from state: its value for the side to move there,
    the principal line below it, and the evaluation at that line's leaf
    (None for a finished game). Within a full window the value is minimax's."""
    over = tree.examine(state, ply)
    if over is not None:
        node, lost = state
        finished = lost or node.mine | node.theirs == tree.rules.full
        return over, (), None if finished else over
    best, best_leaf = -INFINITY, None
    best_line: tuple[int, ...] = ()
    for move in tree.moves(state):
        value, line, leaf = principal(tree, tree.play(state, move), ply + 1, -beta, -max(alpha, best))
        if -value > best:
            best, best_line, best_leaf = -value, (move, *line), leaf
            if best >= beta:
                break
    return best, best_line, best_leaf


def root_lines(position: Position, depth: int) -> tuple[Line, ...]:
    """Every empty square of position with its value searched to depth plies
    (the square itself the first), best first, ties to the lowest square."""
    found = []
    for move in cells_of(position.empty):
        child = position.play(move)
        if child.is_over:
            found.append(Line(move, WIN - 1 if child.winner else 0, (move,), None))
            continue
        tree = Horizon(child, depth - 1)
        value, line, leaf = principal(tree, tree.root, 0, -INFINITY, INFINITY)
        found.append(Line(move, one_ply_back(value), (move, *line), leaf))
    return tuple(sorted(found, key=lambda line: (-line.value, line.move)))


def counted(search: Any, position: Position, depth: int, limit: float) -> Counts:
    """A classic search of the whole Wide tree to depth, timed; stopped past limit positions."""
    start = time.perf_counter()
    try:
        examined = search(Wide(position, depth, limit)).examined
    except TooLong:
        examined = None
    return Counts(examined, time.perf_counter() - start)


def limited(position: Position, depth: int, limit: float = math.inf) -> Limited:
    """The depth-limited search of position to depth plies: each move's
    value and line, the pick, and the counts of plain minimax (up to limit
    positions) and alpha-beta over the same tree."""
    if position.is_over:
        raise ValueError("The game is over; there is nothing to search.")
    if depth < 1:
        raise ValueError("A depth-limited search looks at least one move ahead.")
    lines = root_lines(position, depth)
    return Limited(depth, lines, lines[0].move, counted(minimax, position, depth, limit),
                   counted(alphabeta, position, depth, limit))
