"""The traced searches against plain ones written here, independently: the
counts the stepper's pages show, the order they visit positions in, and
Knuth and Moore's count on uniform trees with perfect ordering.

The count convention (classic.py's, the think page's): a search examines a
position when it works it out, the root and every finished game included; a
position answered from a transposition table is remembered, not examined."""

from __future__ import annotations

import random

import pytest

from webapp.engine import BOARDS, DEFAULT_BOARD, Position
from webapp.engine.game.values import WIN
from webapp.engine.play.solved import table
from webapp.engine.teaching.classic import INFINITY, Tree, alphabeta_with_table
from webapp.engine.teaching.traced import SEARCHES, ordering, run, steps_up_to
from webapp.think.stepping import uniform_perfect_leaves

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class Board:
    """A 3×3 board as a list, for the plain searches: nothing shared with the engine."""

    def __init__(self, moves=()):
        self.cells = [""] * 9
        for ply, cell in enumerate(moves):
            self.cells[cell] = "XO"[ply % 2]

    def mover(self) -> str:
        return "X" if self.cells.count("X") == self.cells.count("O") else "O"

    def won(self, mark: str) -> bool:
        return any(all(self.cells[cell] == mark for cell in line) for line in LINES)


@pytest.mark.parametrize("moves", [(4, 0), (0, 1, 2)])
def test_minimax_visits_as_a_plain_minimax(moves):
    visits: list = []
    value = plain_minimax(Board(moves), 0, visits)
    position = Position.after(DEFAULT_BOARD, moves)
    tree = Tree(position)
    traced = [len(step.path) for step in SEARCHES["minimax"](tree, ordering(tree, "listed"))
              if step.kind in ("enter", "leaf")]
    assert traced == visits and run("minimax", position, "listed").value == value


def plain_minimax(board: Board, ply: int, visits: list) -> int:
    """Textbook negamax: every position visited, its path recorded."""
    visits.append(ply)
    mover, other = board.mover(), "O" if board.mover() == "X" else "X"
    if board.won(other):
        return -(WIN - ply)
    empty = [cell for cell in range(9) if not board.cells[cell]]
    if not empty:
        return 0
    best = -INFINITY
    for cell in empty:
        board.cells[cell] = mover
        best = max(best, -plain_minimax(board, ply + 1, visits))
        board.cells[cell] = ""
    return best


def plain_alphabeta(board: Board, path: tuple, alpha: int, beta: int, order, visits: list) -> int:
    """Textbook negamax alpha-beta, trying moves in order(board, empty squares)."""
    visits.append(path)
    mover, other = board.mover(), "O" if board.mover() == "X" else "X"
    if board.won(other):
        return -(WIN - len(path))
    empty = [cell for cell in range(9) if not board.cells[cell]]
    if not empty:
        return 0
    for cell in order(board, empty):
        board.cells[cell] = mover
        alpha = max(alpha, -plain_alphabeta(board, (*path, cell), -beta, -alpha, order, visits))
        board.cells[cell] = ""
        if alpha >= beta:
            break
    return alpha


def square_order(board, empty):
    return empty


def solved_best_first(board, empty):
    position = Position(DEFAULT_BOARD, sum(1 << c for c in range(9) if board.cells[c] == "X"),
                        sum(1 << c for c in range(9) if board.cells[c] == "O"))
    scores = table(DEFAULT_BOARD).scores(position)
    return sorted(empty, key=lambda cell: (-scores[cell], cell))


MASKS = [sum(1 << cell for cell in line) for line in LINES]


def plain_minimax_count(mine: int, theirs: int) -> int:
    """Textbook minimax's count of positions examined, on bitmasks for speed (the
    side that just moved is theirs): this one, and every one below it."""
    if any(mask & theirs == mask for mask in MASKS) or mine | theirs == 511:
        return 1
    return 1 + sum(plain_minimax_count(theirs, mine | 1 << cell)
                   for cell in range(9) if not (mine | theirs) >> cell & 1)


def test_minimax_examines_every_position_of_the_tree_549946_from_the_empty_board():
    assert plain_minimax_count(0, 0) == 549_946
    assert run("minimax", Position(DEFAULT_BOARD), "listed").examined == 549_946
    assert run("minimax", Position(DEFAULT_BOARD), "worst").examined == 549_946, "no order changes minimax"


@pytest.mark.parametrize("moves", [(), (4,), (0, 4), (4, 0, 8)])
@pytest.mark.parametrize("order, plain", [("listed", square_order), ("best", solved_best_first),
                                          ((4, 0, 8, 2, 6), lambda board, empty: sorted(
                                              empty, key=lambda cell: ((4, 0, 8, 2, 6) + (cell,)).index(cell)))])
def test_alphabeta_counts_and_visits_as_a_plain_alphabeta_in_every_order(moves, order, plain):
    visits: list = []
    value = plain_alphabeta(Board(moves), (), -INFINITY, INFINITY, plain, visits)
    position = Position.after(DEFAULT_BOARD, moves)
    totals = run("alphabeta", position, order)
    assert (totals.examined, totals.value) == (len(visits), value)
    tree = Tree(position)
    traced = [step.path for step in SEARCHES["alphabeta"](tree, ordering(tree, order))
              if step.kind in ("enter", "leaf")]
    assert traced == visits, "the trace replayed is the plain search's visit order"


def test_the_order_changes_alphabetas_count_as_the_plain_one_says():
    counts = {}
    for name, plain in (("listed", square_order), ("best", solved_best_first)):
        visits: list = []
        plain_alphabeta(Board(), (), -INFINITY, INFINITY, plain, visits)
        counts[name] = len(visits)
        assert run("alphabeta", Position(DEFAULT_BOARD), name).examined == len(visits)
    assert counts == {"listed": 20_866, "best": 1_892}


def plain_alphabeta_with_table(moves, order) -> tuple[int, int]:
    """Alpha-beta with a table of bounds and best moves, written out again: (examined, value)."""
    found: dict = {}
    examined = 0

    def value(board: Board, ply: int, alpha: int, beta: int) -> int:
        nonlocal examined
        key = tuple(board.cells)
        lower, upper, first = found.get(key, (-INFINITY, INFINITY, None))
        if lower >= beta or upper <= alpha or lower == upper:
            return lower if lower >= beta or lower == upper else upper
        examined += 1
        mover, other = board.mover(), "O" if board.mover() == "X" else "X"
        empty = [cell for cell in range(9) if not board.cells[cell]]
        if board.won(other) or not empty:
            over = -(WIN - ply) if board.won(other) else 0
            found[key] = (over, over, None)
            return over
        tried = order(board, empty)
        if first is not None:
            tried = [first] + [cell for cell in tried if cell != first]
        best, best_move = -INFINITY, None
        for cell in tried:
            board.cells[cell] = mover
            score = -value(board, ply + 1, -beta, -max(alpha, best))
            board.cells[cell] = ""
            if score > best:
                best, best_move = score, cell
                if best >= beta:
                    break
        found[key] = (best if best > alpha else lower, best if best < beta else upper, best_move)
        return best
    result = value(Board(moves), 0, -INFINITY, INFINITY)
    return examined, result


@pytest.mark.parametrize("moves", [(), (4,), (0, 4, 8)])
@pytest.mark.parametrize("order, plain", [("listed", square_order), ("best", solved_best_first)])
def test_alphabeta_with_a_table_counts_as_a_plain_one(moves, order, plain):
    position = Position.after(DEFAULT_BOARD, moves)
    totals = run("table", position, order)
    assert (totals.examined, totals.value) == plain_alphabeta_with_table(moves, plain)


def test_in_the_engines_order_the_table_search_is_the_think_pages():
    position = Position(DEFAULT_BOARD)
    searched = alphabeta_with_table(Tree(position))
    totals = run("table", position, "engine")
    assert (totals.examined, totals.remembered) == (searched.examined, searched.remembered) == (700, 216)


class UniformTree:
    """b moves at every position, d deep, distinct leaf values, the moves
    ordered best first for the side to move: perfect ordering."""

    def __init__(self, branching: int, depth: int, seed: int):
        rng = random.Random(seed)
        self.depth, self.examined, self.leaves = depth, 0, 0
        self.leaf_value = {}
        self._all(rng, (), branching)
        self.best_first = {}
        self._rank((), branching)
        self.root = ()

    def _all(self, rng, path, branching):
        if len(path) == self.depth:
            self.leaf_value[path] = rng.randrange(10 ** 9)  # negamax value for the side to move there
            return
        for move in range(branching):
            self._all(rng, (*path, move), branching)

    def _rank(self, path, branching) -> int:
        if len(path) == self.depth:
            return self.leaf_value[path]
        values = {move: -self._rank((*path, move), branching) for move in range(branching)}
        self.best_first[path] = sorted(values, key=lambda move: -values[move])
        return max(values.values())

    def examine(self, state, ply):
        self.examined += 1
        if len(state) == self.depth:
            self.leaves += 1
            return self.leaf_value[state]
        return None

    def moves(self, state):
        return self.best_first[state]

    def play(self, state, move):
        return (*state, move)


def plain_leaves(tree: UniformTree, path=(), alpha=-INFINITY, beta=INFINITY, counter=None) -> int:
    """Textbook alpha-beta over the uniform tree; counter[0] counts leaves."""
    if len(path) == tree.depth:
        counter[0] += 1
        return tree.leaf_value[path]
    for move in tree.best_first[path]:
        alpha = max(alpha, -plain_leaves(tree, (*path, move), -beta, -alpha, counter))
        if alpha >= beta:
            break
    return alpha


@pytest.mark.parametrize("branching, depth", [(2, 3), (3, 4), (4, 3), (5, 4), (3, 5), (9, 2)])
def test_on_uniform_trees_perfect_ordering_examines_knuth_and_moores_count_of_leaves(branching, depth):
    tree = UniformTree(branching, depth, seed=branching * 10 + depth)
    counter = [0]
    plain_leaves(tree, counter=counter)
    trace = SEARCHES["alphabeta"](tree, tree.moves)
    leaves = sum(step.kind == "leaf" for step in trace)
    assert counter[0] == leaves == tree.leaves == uniform_perfect_leaves(branching, depth)
    assert uniform_perfect_leaves(branching, depth) == branching ** -(-depth // 2) + branching ** (depth // 2) - 1


@pytest.mark.parametrize("search", ["minimax", "alphabeta", "table"])
def test_a_step_replayed_alone_is_that_step_of_the_whole_trace(search):
    position = Position.after(DEFAULT_BOARD, (4, 0))
    tree = Tree(position)
    whole = list(SEARCHES[search](tree, ordering(tree, "listed")))
    assert [step.number for step in whole] == list(range(1, len(whole) + 1))
    for number in (1, 2, 7, len(whole) // 3, len(whole) // 2, len(whole)):
        assert list(steps_up_to(search, position, "listed", number))[-1] == whole[number - 1]
    assert run(search, position, "listed").steps == len(whole)


def test_on_4x4_the_searches_count_as_classic_ones_do():
    from webapp.engine.teaching.classic import alphabeta, minimax
    position = Position.after(BOARDS["4x4"], (5, 10, 6, 9, 0, 15, 3, 12))
    assert run("alphabeta", position, "listed").examined == alphabeta(Tree(position)).examined
    assert run("minimax", position, "listed").examined == minimax(Tree(position)).examined
