"""Monte Carlo tree search (UCT with random playouts), an iteration at a
time, reproducible from a seed: the search that estimates a move's worth by
playing random games from it, rather than proving it.

One iteration has four parts:

1. Selection. From the root, while the node is not a finished game and has
   no untried move, go to the child with the highest
   `exploitation + exploration`, where, written exactly as computed here,
   `exploitation = (wins + draws / 2) / visits` (the child's value, for the
   side that moved there) and
   `exploration = c * math.sqrt(math.log(parent_visits) / visits)`, c being
   EXPLORATION (√2) unless another is given. Ties go to the lowest square.
2. Expansion. Unless the node reached is a finished game, add one child: its
   lowest untried square (squares are tried in ascending order, 0 first).
3. Playout. From that child (unless its game is over), play a random game to
   the end: at each turn the empty squares are listed in ascending order and
   the square played is `squares[rng.randrange(len(squares))]`.
4. Backup. Every node on the path, root to the new child, gets a visit; a
   node whose mover (the side that moved there) won the playout gets a win,
   and a drawn playout gives each a draw.

The only randomness is the playouts', drawn from `rng = random.Random(seed)`,
made once when the search starts and used by every iteration in turn; so one
seed and one number of iterations always give one tree. The move the search
prefers is its root's most visited child (ties to the lowest square): the
most visited, not the best valued, since a move visited few times may be
valued high by luck.

The state is bitboards, as in classic.Tree: a finished game is spotted by
looking only at the lines through the square just played.
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

from webapp.engine.game.position import Position
from webapp.engine.game.rules import Rules, cells_of

EXPLORATION = math.sqrt(2)
"""c in the selection formula: the classic √2 of UCT (Kocsis and Szepesvári) for values between 0 and 1."""


class Node:
    """A position of the tree: the square that led there and who played it,
    the stones after it, and what the playouts through it found."""

    __slots__ = ("move", "mover", "x", "o", "winner", "over", "visits", "wins", "draws", "children", "untried")

    def __init__(self, rules: Rules, move: int, mover: str, x: int, o: int):
        self.move, self.mover, self.x, self.o = move, mover, x, o
        self.winner = _winner(rules, x, o, move, mover)
        self.over = self.winner is not None or x | o == rules.full
        self.visits = self.wins = self.draws = 0
        self.children: list[Node] = []
        self.untried: list[int] = [] if self.over else cells_of(rules.full & ~(x | o))

    @property
    def to_move(self) -> str:
        return "O" if self.mover == "X" else "X"

    @property
    def value(self) -> float:
        """The share of its playouts the mover won, a draw counting half: between 0 and 1."""
        return (self.wins + self.draws / 2) / self.visits if self.visits else 0.0

    def terms(self, parent_visits: int, exploration: float) -> tuple[float, float]:
        """The selection formula's two terms for this node as its parent's
        child: its value, and the bonus of the few visits it had."""
        exploitation = (self.wins + self.draws / 2) / self.visits
        return exploitation, exploration * math.sqrt(math.log(parent_visits) / self.visits)

    def child(self, move: int) -> Node:
        """The child reached by move (KeyError if it has not been expanded)."""
        for child in self.children:
            if child.move == move:
                return child
        raise KeyError(move)


class Step(NamedTuple):
    """A choice made in selection: the square, and its terms when chosen."""

    move: int
    exploitation: float
    exploration: float


class Iteration(NamedTuple):
    """What one iteration did: the squares it selected (with the terms that
    chose each), the square it expanded (None where selection ended on a
    finished game), the random game it played from there, and who won it
    (None: a draw)."""

    selection: tuple[Step, ...]
    expansion: int | None
    playout: tuple[int, ...]
    winner: str | None

    @property
    def path(self) -> tuple[int, ...]:
        """The squares from the root to the node that got the result, as the backup walks them."""
        expanded = () if self.expansion is None else (self.expansion,)
        return (*(step.move for step in self.selection), *expanded)


class Search:
    """One Monte Carlo tree search from a position, run an iteration at a time."""

    def __init__(self, position: Position, seed: int, exploration: float = EXPLORATION):
        if position.is_over:
            raise ValueError("The game is over; there is nothing to search.")
        self.rules, self.exploration = position.rules, exploration
        self.rng = random.Random(seed)
        mover = "O" if position.to_move == "X" else "X"  # the side that moved last: the root's "mover"
        self.root = Node(position.rules, -1, mover, position.x, position.o)
        self.iterations = 0
        self.last: Iteration | None = None

    def run(self, count: int) -> Search:
        """count more iterations; the search itself, for chaining."""
        for _ in range(count):
            self.iterate()
        return self

    def iterate(self) -> Iteration:
        """One iteration: selection, expansion, playout, backup."""
        node, path, selection = self.root, [self.root], []
        while not node.over and not node.untried:
            node, step = self._select(node)
            path.append(node)
            selection.append(step)
        expansion = None
        if not node.over:
            move = node.untried.pop(0)
            x, o = (node.x | 1 << move, node.o) if node.to_move == "X" else (node.x, node.o | 1 << move)
            child = Node(self.rules, move, node.to_move, x, o)
            node.children.append(child)
            node, expansion = child, move
            path.append(node)
        playout, winner = self._playout(node)
        for visited in path:
            visited.visits += 1
            if winner is None:
                visited.draws += 1
            elif visited.mover == winner:
                visited.wins += 1
        self.iterations += 1
        self.last = Iteration(tuple(selection), expansion, playout, winner)
        return self.last

    def _select(self, node: Node) -> tuple[Node, Step]:
        """The child with the highest exploitation + exploration, ties to the lowest square."""
        best, best_terms, best_score = None, (0.0, 0.0), -math.inf
        for child in sorted(node.children, key=lambda each: each.move):
            terms = child.terms(node.visits, self.exploration)
            if terms[0] + terms[1] > best_score:
                best, best_terms, best_score = child, terms, terms[0] + terms[1]
        assert best is not None  # a node with no untried move and not over has children
        return best, Step(best.move, *best_terms)

    def _playout(self, node: Node) -> tuple[tuple[int, ...], str | None]:
        """A random game from node to the end (see the module's docstring): its squares and its winner."""
        if node.over:
            return (), node.winner
        rules, x, o, mover, played = self.rules, node.x, node.o, node.to_move, []
        while True:
            squares = cells_of(rules.full & ~(x | o))
            move = squares[self.rng.randrange(len(squares))]
            played.append(move)
            if mover == "X":
                x |= 1 << move
            else:
                o |= 1 << move
            winner = _winner(rules, x, o, move, mover)
            if winner is not None or x | o == rules.full:
                return tuple(played), winner
            mover = "O" if mover == "X" else "X"

    def preferred(self) -> int | None:
        """The root's most visited move, ties to the lowest square; None before any iteration."""
        if not self.root.children:
            return None
        return min(self.root.children, key=lambda child: (-child.visits, child.move)).move

    def node_at(self, path: tuple[int, ...]) -> Node:
        """The node the squares of path lead to from the root (KeyError if not in the tree)."""
        node = self.root
        for move in path:
            node = node.child(move)
        return node


def _winner(rules: Rules, x: int, o: int, move: int, mover: str) -> str | None:
    """mover, if its stone on move completed a line; else None (the root: move -1)."""
    if move < 0:
        return None
    stones = x if mover == "X" else o
    for window in rules.windows_through[move]:
        if window & stones == window:
            return mover
    return None


def search(position: Position, seed: int, iterations: int, exploration: float = EXPLORATION) -> Search:
    """A search from position after this many iterations."""
    return Search(position, seed, exploration).run(iterations)
