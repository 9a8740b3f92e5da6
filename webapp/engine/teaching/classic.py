"""The classic game-tree searches, side by side, each counting the positions it
examines; and the size of a game tree, found without searching it.

- minimax: the textbook algorithm. A position's value is the best of its
  moves' values for the side to move; it visits every position of the game
  tree and remembers nothing, so a position reached in two orders is worked
  out twice.
- minimax_with_memo: the same, remembering every position it has solved (the
  memo), so each distinct position is worked out once.
- alphabeta: minimax that stops looking at a position's moves as soon as one
  shows the side who moved there would never have let it happen: that side
  already had a better move elsewhere.
- alphabeta_with_table: alpha-beta with a transposition table (the bounds
  found on each position's value, and its best move) and good move ordering
  (the table's best move, then wins, then blocks, then the squares on the
  most lines; on a Horizon, the engine's own order), so that the cut-offs
  come early.

Every search is negamax: a value is for the side to move, and a move's value
is minus its reply's. A game won `plies` moves from the search's root is worth
WIN - plies to the winner (a faster win is worth more, a slower loss less),
a draw 0; at the horizon of a depth-limited tree, the evaluation's estimate.

They walk a tree: Tree is the whole game to the end, every empty square a
move; Horizon is the game to a fixed depth, over the moves the engine's own
search considers, with its evaluation at the frontier (for boards too big to
search to the end). A tree counts the positions examined (each search asks
it to examine a position once it has decided to work it out) and stops a
search that goes past its limit with TooLong.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache
from typing import Any, NamedTuple, Protocol

from webapp.engine.game.position import Position
from webapp.engine.game.rules import Rules, cells_of
from webapp.engine.game.values import WIN
from webapp.engine.play.evaluate import Evaluator, evaluator
from webapp.engine.play.node import Node
from webapp.engine.play.search import candidates

INFINITY = WIN + 1


class TooLong(Exception):
    """A search examined more positions than its tree's limit."""


class Searched(NamedTuple):
    """What a search found: the root's value for its side to move, how many
    positions it examined (worked out), and how many it answered from memory."""

    value: int
    examined: int
    remembered: int = 0


class GameTree(Protocol):
    """What the classic searches walk: a root state, the positions examined so
    far, and for a state its value if the search stops there, its moves, and
    the state after a move. Tree (to the end of the game) and Horizon (to a
    depth) are game trees; so is Recorder, which writes down what is examined."""

    root: Any

    @property
    def examined(self) -> int:
        """How many positions the search has examined so far."""

    def examine(self, state: Any, ply: int) -> int | None:
        """Count state as examined; its value if the search stops there (the game is over, or the horizon), else
        None."""

    def moves(self, state: Any) -> list[int]:
        """The moves from state, in the order a plain search tries them."""

    def play(self, state: Any, move: int) -> Any:
        """The state after move."""


class MemoTree(GameTree, Protocol):
    """A game tree whose states a search with memory can recognise and order."""

    def key(self, state: Any) -> tuple[int, int]:
        """What identifies the position, however it was reached."""

    def ordered(self, state: Any, first: int | None) -> list[int]:
        """The moves, most promising first, first (the table's best move) before all."""


class Tree:
    """The game tree below a position, to the end of the game. A state is
    (mine, theirs, last): the side to move's stones, the other side's, and
    the cell just played (-1 at the root)."""

    def __init__(self, root: Position, limit: float = math.inf):
        if root.is_over:
            raise ValueError("The game is over; there is no tree below it.")
        self.rules, self.limit, self.examined = root.rules, limit, 0
        mine, theirs = (root.x, root.o) if root.to_move == "X" else (root.o, root.x)
        self.root: Any = (mine, theirs, -1)
        self._through, self._full = root.rules.windows_through, root.rules.full

    def examine(self, state: tuple[int, int, int], ply: int) -> int | None:
        """Count state as examined; its value if the game is over there, else None."""
        self.examined += 1
        if self.examined > self.limit:
            raise TooLong
        mine, theirs, last = state
        if last >= 0:
            for window in self._through[last]:
                if window & theirs == window:  # the side that just moved completed a line
                    return -(WIN - ply)
        if mine | theirs == self._full:
            return 0
        return None

    def moves(self, state: tuple[int, int, int]) -> list[int]:
        """The empty squares, in order: the textbook's order, no cleverness."""
        return cells_of(self._full & ~(state[0] | state[1]))

    def play(self, state: tuple[int, int, int], move: int) -> tuple[int, int, int]:
        mine, theirs, _ = state
        return theirs, mine | 1 << move, move

    def key(self, state: tuple[int, int, int]) -> tuple[int, int]:
        """What identifies the position, however it was reached."""
        return state[0], state[1]

    def ordered(self, state: tuple[int, int, int], first: int | None) -> list[int]:
        """The moves, most promising first: first (the table's best move), then
        the squares that complete a line, then those that block one, then the
        squares on the most lines (the centre, then the corners, on 3×3)."""
        mine, theirs, _ = state
        wins, blocks = self._completing(mine, theirs), self._completing(theirs, mine)
        return sorted(self.moves(state), key=lambda cell: (cell != first, not wins >> cell & 1,
                                                           not blocks >> cell & 1, -len(self._through[cell])))

    def _completing(self, stones: int, other: int) -> int:
        """The cells where stones would complete a line."""
        return self.rules.open_cells(stones, other, self.rules.k - 1)


class Horizon:
    """The game tree below a position to depth plies, for the boards too big
    to search to the end: a position's moves are the ones the engine's search
    looks at (see search.candidates: the block where a line is threatened,
    the defences where an open four is, else its ten best-looking squares
    near the stones; a side with a line to complete completes it), and a position
    at the horizon is worth the engine's evaluation of it, an estimate. A
    state is (node, lost): the search's Node, and whether the side to move
    has lost (the other side just completed a line)."""

    def __init__(self, root: Position, depth: int, limit: float = math.inf):
        if root.is_over:
            raise ValueError("The game is over; there is no tree below it.")
        self.rules, self.depth, self.limit, self.examined = root.rules, depth, limit, 0
        self._evaluator: Evaluator = evaluator(root.rules)
        self.root: Any = (self._evaluator.node(root), False)

    def examine(self, state: tuple[Node, bool], ply: int) -> int | None:
        """Count state as examined; its value if the game is over there or it
        lies at the horizon, else None."""
        self.examined += 1
        if self.examined > self.limit:
            raise TooLong
        node, lost = state
        if lost:
            return -(WIN - ply)
        if node.mine | node.theirs == self.rules.full:
            return 0
        if ply >= self.depth:
            return node.score
        return None

    def moves(self, state: tuple[Node, bool]) -> list[int]:
        node = state[0]
        return cells_of(node.my_wins) if node.my_wins else candidates(self._evaluator, node)

    def play(self, state: tuple[Node, bool], move: int) -> tuple[Node, bool]:
        node = state[0]
        if node.my_wins >> move & 1:  # a line completed: the other side has lost
            return node._replace(mine=node.theirs, theirs=node.mine | 1 << move), True
        return self._evaluator.play(node, move), False

    def key(self, state: tuple[Node, bool]) -> tuple[int, int]:
        return state[0].mine, state[0].theirs

    def ordered(self, state: tuple[Node, bool], first: int | None) -> list[int]:
        """The moves, the table's best first, then as the evaluation ranks them."""
        moves = self.moves(state)
        return sorted(moves, key=lambda cell: cell != first)


def minimax(tree: GameTree) -> Searched:
    """The textbook: the value of every position is worked out from all of its
    moves, all the way down, remembering nothing."""
    def value(state: Any, ply: int) -> int:
        over = tree.examine(state, ply)
        if over is not None:
            return over
        return max(-value(tree.play(state, move), ply + 1) for move in tree.moves(state))
    return Searched(value(tree.root, 0), tree.examined)


def minimax_with_memo(tree: MemoTree) -> Searched:
    """Minimax that remembers each position's value once worked out: a
    position reached again, in another order of the same moves, is looked up."""
    memo: dict[Any, int] = {}
    remembered = 0

    def value(state: Any, ply: int) -> int:
        nonlocal remembered
        key = tree.key(state)
        if key in memo:
            remembered += 1
            return memo[key]
        over = tree.examine(state, ply)
        if over is None:
            over = max(-value(tree.play(state, move), ply + 1) for move in tree.moves(state))
        memo[key] = over
        return over
    return Searched(value(tree.root, 0), tree.examined, remembered)


def alphabeta(tree: GameTree) -> Searched:
    """Minimax with alpha-beta pruning. alpha is the value the side to move is
    already sure of elsewhere, beta the value its opponent is sure of: once a
    move reaches beta, the opponent would never let this position happen, so
    the remaining moves need not be looked at."""
    def value(state: Any, ply: int, alpha: int, beta: int) -> int:
        over = tree.examine(state, ply)
        if over is not None:
            return over
        for move in tree.moves(state):
            alpha = max(alpha, -value(tree.play(state, move), ply + 1, -beta, -alpha))
            if alpha >= beta:
                break  # the opponent already has a better move elsewhere
        return alpha
    return Searched(value(tree.root, 0, -INFINITY, INFINITY), tree.examined)


def alphabeta_with_table(tree: MemoTree) -> Searched:
    """Alpha-beta with a transposition table and good move ordering. The
    table keeps, for each position searched, the bounds found on its value
    (a search cut short proves only a bound) and its best move; a position met
    again is answered from the table when the bounds suffice, and otherwise
    searched with its best move first."""
    table: dict[Any, tuple[int, int, int | None]] = {}  # key -> (lower bound, upper bound, best move)
    remembered = 0

    def value(state: Any, ply: int, alpha: int, beta: int) -> int:
        nonlocal remembered
        key = tree.key(state)
        lower, upper, first = table.get(key, (-INFINITY, INFINITY, None))
        if lower >= beta or upper <= alpha or lower == upper:
            remembered += 1
            return lower if lower >= beta or lower == upper else upper
        over = tree.examine(state, ply)
        if over is not None:
            table[key] = (over, over, None)
            return over
        best, best_move = -INFINITY, None
        for move in tree.ordered(state, first):
            score = -value(tree.play(state, move), ply + 1, -beta, -max(alpha, best))
            if score > best:
                best, best_move = score, move
                if best >= beta:
                    break
        table[key] = (best if best > alpha else lower, best if best < beta else upper, best_move)
        return best
    return Searched(value(tree.root, 0, -INFINITY, INFINITY), tree.examined, remembered)


ALGORITHMS = {
    "minimax": minimax,
    "memo": minimax_with_memo,
    "alphabeta": alphabeta,
    "table": alphabeta_with_table,
}
"""The classic searches by the short names pages and tests use, in the order they improve."""


class Recorder:
    """A tree that writes down the path (the moves from the root) of every
    position a search examines in it: what a search without memory looked
    at, and so also what it never had to look at."""

    def __init__(self, tree: GameTree):
        self.tree = tree
        self.root = (tree.root, ())
        self.paths: set[tuple[int, ...]] = set()

    @property
    def examined(self) -> int:
        return self.tree.examined

    def examine(self, state: tuple[Any, tuple[int, ...]], ply: int) -> int | None:
        self.paths.add(state[1])
        return self.tree.examine(state[0], ply)

    def moves(self, state: tuple[Any, tuple[int, ...]]) -> list[int]:
        return self.tree.moves(state[0])

    def play(self, state: tuple[Any, tuple[int, ...]], move: int) -> tuple[Any, tuple[int, ...]]:
        return self.tree.play(state[0], move), (*state[1], move)


def tree_size(position: Position) -> int:
    """How many positions the game tree below position holds, position itself
    and finished games included: what plain minimax examines there. Counted
    over the distinct positions, each once: a position's tree is itself plus
    its children's trees, and positions already counted are remembered (in
    _subtree's cache, shared by every call). Fast where most_positions(empty)
    is small; on 4×4 up to eleven empty cells or so."""
    mine, theirs = (position.x, position.o) if position.to_move == "X" else (position.o, position.x)
    return 1 if position.is_over else _subtree(position.rules, mine, theirs)


@lru_cache(maxsize=1 << 16)
def _subtree(rules: Rules, mine: int, theirs: int) -> int:
    """The size of the tree below a position with a move to make."""
    total, full = 1, rules.full
    for cell in cells_of(full & ~(mine | theirs)):
        stones = mine | 1 << cell
        if stones | theirs == full or any(w & stones == w for w in rules.windows_through[cell]):
            total += 1
        else:
            total += _subtree(rules, theirs, stones)
    return total


@cache
def most_orders(empty: int, depth: int | None = None) -> int:
    """A bound on a game tree's size that needs no search: the number of ways
    to fill, one after another, up to depth (default: all) of empty cells,
    as if no game ended early. The root counts as one."""
    depth = empty if depth is None else min(depth, empty)
    return sum(math.perm(empty, moves) for moves in range(depth + 1))


@cache
def most_positions(empty: int) -> int:
    """A bound on the distinct positions below one with `empty` empty cells:
    for each number of moves played, the ways to choose the cells filled and
    which of them are the side to move's. The root counts as one."""
    return sum(math.comb(empty, moves) * math.comb(moves, (moves + 1) // 2) for moves in range(empty + 1))
