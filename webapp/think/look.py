"""How the computer sees a position: the game tree below it, in words, and
the classic searches run on it side by side.

A Look is one page's question: a position (a board and the moves that led
to it), the node of its tree that is open, whether alpha-beta's skipped
branches are shown, and on the boards too big to solve, how deep the tree
goes. From it come the branches to show (best first, the principal
variation marked), the table of searches, and on the big boards the engine's
own statistics for its move.

The work is done once per position and kept (functools caches, in each
process): a position's searches never change, so a later view of it is a
lookup. What a first view may cost is bounded by counts of positions, not by
a clock (RUN_LIMIT, COUNT_LIMIT), so that a page says the same on any
machine; only the engine's own thinking on the big boards runs to its clock.
Nothing here knows about HTTP.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import NamedTuple

from webapp.engine import DEFAULT_BOARD, Position, Rules, opponent, think
from webapp.engine.classic import (ALGORITHMS, Horizon, MemoTree, Recorder, Searched, TooLong, Tree, alphabeta,
                                   minimax, minimax_with_memo, most_orders, most_positions, tree_size)
from webapp.engine.solved import is_solved, outcome_of, table
from webapp.engine.values import WIN, from_outcome, is_decided, one_ply_back
from webapp.shared.board import BoardView, board_view
from webapp.shared.errors import InvalidInput
from webapp.shared.notation import (describe_cell, in_a_row_minus_one, parse_moves, position_after,
                                    write_moves)

RUN_LIMIT = 600_000
"""The most positions a search run for a page may examine: enough for plain
minimax on the empty 3×3 board (549,946). A search known to need more is not run."""
STOP_LIMIT = 100_000
"""Alpha-beta's need is known only by running it: it is stopped after this
many positions (early in a 4×4 game; on 3×3 it never needs 21,000)."""
COUNT_LIMIT = 20_000
"""A tree's size is counted exactly when it can hold at most this many
distinct positions (most_positions says so before counting: on 4×4, ten
empty cells or fewer); otherwise it is bounded."""
DEPTHS = (1, 2, 3)
"""The depths a person may choose for the tree on the boards too big to solve
(a fourth move on 15×15 would take the page past a second)."""
DEFAULT_DEPTH = 2
NAMES = {
    "minimax": "Minimax",
    "memo": "Minimax with a memo",
    "alphabeta": "Alpha-beta",
    "table": "Alpha-beta with a transposition table and move ordering",
    "solved": "Look-up in the solved table",
}


class Count(NamedTuple):
    """A number of positions: exact, or a bound (at most)."""

    number: int
    exact: bool = True

    def parts(self) -> tuple[str, str, int | None]:
        """How a page writes it: "at most " for a bound, then the number with
        its thousands marked, or for a number of more than fifteen digits its
        first figures and the power of ten ("5.7 × 10", 13)."""
        prefix = "" if self.exact else "at most "
        if self.number < 10 ** 15:
            return prefix, f"{self.number:,}", None
        digits = str(self.number)
        return prefix + "about ", f"{digits[0]}.{digits[1]} × 10", len(digits) - 1


class Branch(NamedTuple):
    """One node of the tree as a page shows it: a move and where it leads."""

    path: tuple[int, ...]      # the moves from the page's position to here, this one last
    notation: str              # path as a link writes it
    mover: str                 # "X" or "O"
    square: str                # "row 2, column 2", or "h8"
    value: str                 # "X wins in 3", "draw", "estimate +24 for X"
    kind: str                  # "win-x", "win-o", "draw" or "estimate", for colour
    below: Count               # positions below it, to the end (or to the depth chosen)
    over: bool                 # the game ends with this move
    frontier: bool             # at the depth chosen on a big board: its value is an estimate
    best: bool                 # on the principal variation
    skipped: str | None        # why alpha-beta never looked at it, when that is shown
    searched: int | None       # the positions below it alpha-beta examined, when that is shown
    children: list[Branch] | None  # None while closed


class Row(NamedTuple):
    """One search in the table of searches."""

    key: str
    name: str
    examined: Count | None     # None when stopped before it finished
    remembered: int | None     # answered from memory, for the searches that remember
    seconds: float | None      # None when not run
    value: str | None          # in words; None when not run
    note: str                  # how the count was found, or why it was not run


class EngineView(NamedTuple):
    """The engine's own decision on a big board, and what it cost."""

    move: str
    how: str                   # what decided it, in words
    depth: int
    nodes: int
    per_second: float
    hits: int
    seconds: float
    line: list[str]            # the forced win or principal variation, as square names


def value_words(value: int, mover: str) -> tuple[str, str]:
    """A search's value for mover, in words, and its kind. 'X wins in 3'
    counts the winner's moves, the next one (or this one) included, as the
    coach does."""
    if is_decided(value):
        winner = mover if value > 0 else opponent(mover)
        return f"{winner} wins in {(WIN - abs(value) + 1) // 2}", f"win-{winner.lower()}"
    if value == 0:
        return "draw", "draw"
    return f"estimate {value:+,} for {mover}", "estimate"


def _table_value(position: Position, score: int) -> int:
    """A score from the solved table (see solved.preference) as a search's value."""
    outcome = outcome_of(score, position.empty.bit_count(), position.rules.cells)
    return from_outcome(outcome.result, outcome.plies)


@lru_cache(maxsize=1 << 14)
def _below(child: Position) -> Count:
    """The positions below child, itself not counted: counted where that is
    quick, else bounded by the orders in which its empty cells can fill."""
    if child.is_over:
        return Count(0)
    empty = child.empty.bit_count()
    if most_positions(empty) <= COUNT_LIMIT:
        return Count(tree_size(child) - 1)
    return Count(most_orders(empty) - 1, exact=False)


@lru_cache(maxsize=1 << 14)
def move_values(position: Position, depth: int = 0) -> dict[int, tuple[int, Count | None]]:
    """For each move the tree shows at position: its value for the side to
    move there (a search's value, see values.WIN) and, on the big boards,
    the positions below it. On a solved board, every empty square, valued by
    the table (below() counts its tree, when asked); on a bigger one, the
    moves the engine's search looks at, each valued by plain minimax to depth
    plies from position (the frontier valued by the evaluation's estimate),
    its count what that search examined."""
    if is_solved(position.rules):
        return {cell: (_table_value(position, score), None)
                for cell, score in table(position.rules).scores(position).items()}
    horizon = Horizon(position, depth)
    found: dict[int, tuple[int, Count | None]] = {}
    for cell in horizon.moves(horizon.root):
        child = position.play(cell)
        if child.is_over:
            found[cell] = (WIN - 1 if child.winner else 0, Count(0))
        else:
            searched = minimax(Horizon(child, depth - 1))
            found[cell] = (one_ply_back(searched.value), Count(searched.examined - 1))
    return found


def ranked(position: Position, depth: int = 0) -> list[tuple[int, int]]:
    """The tree's moves at position with their values, best first for the side to move (ties by square)."""
    return sorted(((cell, value) for cell, (value, _) in move_values(position, depth).items()),
                  key=lambda move: (-move[1], move[0]))


def below(position: Position, cell: int, depth: int = 0) -> Count:
    """The positions below the move cell at position, to the end of the game
    (to depth on a big board)."""
    counted = move_values(position, depth)[cell][1]
    return counted if counted is not None else _below(position.play(cell))


def search_order(position: Position, depth: int = 0) -> list[int]:
    """The moves at position in the order plain alpha-beta tries them: square
    by square, row by row, on a solved board; best-looking first on a bigger one."""
    tree = Tree(position) if is_solved(position.rules) else Horizon(position, depth)
    return tree.moves(tree.root)


@lru_cache(maxsize=256)
def alphabeta_paths(position: Position, depth: int = 0) -> frozenset[tuple[int, ...]] | None:
    """The paths of every position plain alpha-beta examines from position
    (to the end of the game, or to depth plies on a big board), or None if it
    would examine more than STOP_LIMIT."""
    tree = Tree(position, STOP_LIMIT) if is_solved(position.rules) else Horizon(position, depth, STOP_LIMIT)
    recorder = Recorder(tree)
    try:
        alphabeta(recorder)
    except TooLong:
        return None
    return frozenset(recorder.paths)


def _timed(search: Callable[[MemoTree], Searched], tree: MemoTree) -> tuple[Searched, float]:
    start = time.perf_counter()
    searched = search(tree)
    return searched, time.perf_counter() - start


def _ran(key: str, searched: Searched, seconds: float, mover: str, note: str = "") -> Row:
    remembered = searched.remembered if key in ("memo", "table") else None
    return Row(key, NAMES[key], Count(searched.examined), remembered, seconds, value_words(searched.value, mover)[0],
               note)


@lru_cache(maxsize=1 << 13)  # every 3×3 position (5,478) and then some
def searches(position: Position, depth: int = 0) -> tuple[Row, ...]:
    """The classic searches on position, side by side: each run (or, where it
    would take too long, its count or a bound found without running it, or
    it is stopped). On
    a solved board they search to the end of the game, and the look-up in the
    solved table joins them; on a bigger one they search to depth plies."""
    mover, rules = position.to_move, position.rules
    if not is_solved(rules):
        return tuple(_ran(key, *_timed(search, Horizon(position, depth)), mover)
                     for key, search in ALGORITHMS.items())
    rows = []
    empty = position.empty.bit_count()
    countable = most_positions(empty) <= COUNT_LIMIT
    size = tree_size(position) if countable else None
    if size is not None and size <= RUN_LIMIT:
        rows.append(_ran("minimax", *_timed(minimax, Tree(position)), mover))
    elif size is not None:
        rows.append(Row("minimax", NAMES["minimax"], Count(size), None, None, None,
                        "Not run: too many positions for a page. Counted without running it."))
    else:
        rows.append(Row("minimax", NAMES["minimax"], Count(most_orders(empty), exact=False), None, None, None,
                        "Not run: too many positions for a page. The bound is every order in which "
                        "the empty squares could fill, as if no game ended early."))
    if countable:
        rows.append(_ran("memo", *_timed(minimax_with_memo, Tree(position)), mover))
    else:
        rows.append(Row("memo", NAMES["memo"], Count(most_positions(empty), exact=False), None, None, None,
                        "Not run: too many positions for a page. The bound is every way to fill "
                        "some of the empty squares, half of them for each side."))
    for key in ("alphabeta", "table"):
        start = time.perf_counter()
        try:
            rows.append(_ran(key, *_timed(ALGORITHMS[key], Tree(position, STOP_LIMIT)), mover))
        except TooLong:
            rows.append(Row(key, NAMES[key], None, None, time.perf_counter() - start, None,
                            f"Stopped after {STOP_LIMIT:,} positions without an answer."))
    start = time.perf_counter()
    score = table(rules).record(position)[0]
    rows.append(Row("solved", NAMES["solved"], Count(1), None, time.perf_counter() - start,
                    value_words(_table_value(position, score), mover)[0],
                    "The whole game was solved once, before anyone asked: "
                    + ("when the server started." if rules.size == 3 else "by make tablebase, into a file.")))
    return tuple(rows)


@lru_cache(maxsize=256)
def engine_view(position: Position, budget_ms: float) -> EngineView:
    """What the engine itself does here, within its time budget (boards too big to solve)."""
    thought = think(position, budget_ms)
    rules = position.rules
    fours = f"{in_a_row_minus_one(rules)}s"  # the threats: fours where five win, threes where four do
    hows = {
        "win": "It completes a line at once: nothing to search.",
        "block": "The other side would complete a line next move, so it must block: nothing to search.",
        "lost": "The other side has two ways to complete a line; only one can be blocked.",
        "forced win": f"The threat solver proved a win by {fours}, so the search was not needed.",
        "search": f"The threat solver found no win by {fours} for it, so it searched, deeper and deeper "
                  f"until its time was up, and checked its move against the other side's wins by {fours}.",
        "defence": f"The threat solver found no win by {fours} for it, so it searched; but the move the search "
                   f"liked best let the other side win by {fours}, so it played the best searched move that "
                   "does not.",
    }
    return EngineView(rules.cell_name(thought.move), hows[thought.kind], thought.depth, thought.nodes,
                      thought.nodes / thought.seconds if thought.seconds else 0.0, thought.hits, thought.seconds,
                      [rules.cell_name(cell) for cell in thought.line])


@dataclass(frozen=True)
class Look:
    """One page's question: a position, the node open in its tree, whether
    alpha-beta's skipped branches are shown, and (big boards) the depth."""

    rules: Rules
    moves: tuple[int, ...]
    open: tuple[tuple[int, ...], ...] = ()  # the open nodes' paths (with htmx, several may be open)
    alphabeta: bool = False
    depth: int = DEFAULT_DEPTH

    @classmethod
    def parse(cls, rules: Rules, raw_moves: str, raw_open: str | list[str] | None = None,
              raw_alphabeta: str | None = None, raw_depth: str | None = None) -> Look:
        """The look a link asks for, or InvalidInput saying what in it is wrong."""
        moves = parse_moves(rules, raw_moves)
        depth = DEFAULT_DEPTH
        if raw_depth is not None:
            if is_solved(rules):
                raise InvalidInput(f"The {rules.name} board is solved: its tree goes to the end of every "
                                   "game, with no depth to choose.")
            if raw_depth not in tuple(map(str, DEPTHS)):
                raise InvalidInput(f"The depth is one of {', '.join(map(str, DEPTHS))}, not “{raw_depth[:12]}”.")
            depth = int(raw_depth)
        if raw_alphabeta not in (None, "on"):
            raise InvalidInput(f"Say alphabeta=on to show what alpha-beta skips, not “{raw_alphabeta[:12]}”.")
        look = cls(rules, moves, (), raw_alphabeta == "on", depth)
        raws = [raw_open] if isinstance(raw_open, str) else raw_open or []
        opened = tuple(look.parse_path(raw) for raw in raws if raw)
        return cls(rules, moves, opened, look.alphabeta, depth) if opened else look

    def parse_path(self, raw: str) -> tuple[int, ...]:
        """The moves from this position to a node of its tree, written as a
        link writes moves, or InvalidInput saying why they are not a node."""
        notation = write_moves(self.rules, self.moves)
        separator = "" if self.rules == DEFAULT_BOARD else "-"
        try:
            whole = parse_moves(self.rules, separator.join(filter(None, (notation, raw))))
        except InvalidInput as error:
            raise InvalidInput(f"“{raw[:40]}” is not a line of play from this position: {error}") from None
        path = whole[len(self.moves):]
        position = self.position
        for ply, cell in enumerate(path):
            if not self.solved and ply >= self.depth:
                raise InvalidInput(f"“{raw[:40]}” goes deeper than the tree's {self.depth} moves.")
            if cell not in move_values(position, self._depth(ply)):
                raise InvalidInput(f"{self.rules.cell_name(cell)} is not one of the moves the engine looks at "
                                   "there, so it is not in the tree.")
            position = position.play(cell)
        return path

    @cached_property
    def view(self) -> BoardView:
        """The board and its status, as between two people: nobody in particular plays it."""
        return board_view(self.rules, self.moves)

    @cached_property
    def position(self) -> Position:
        return position_after(self.rules, self.moves)

    @property
    def notation(self) -> str:
        return write_moves(self.rules, self.moves)

    @property
    def solved(self) -> bool:
        return is_solved(self.rules)

    def path_notation(self, path: tuple[int, ...]) -> str:
        return write_moves(self.rules, path)

    def open_notation(self, path: tuple[int, ...], opened: bool) -> str:
        """The open path a node's link asks for: the node itself to open it, its parent to close it."""
        return self.path_notation(path[:-1] if opened else path)

    def open_notations(self) -> list[str]:
        """The open nodes' paths as links write them, for a link that keeps them open."""
        return [self.path_notation(path) for path in self.open]

    def _depth(self, ply: int = 0) -> int:
        """How many plies the tree goes below a node ply moves down (0, to the end, on a solved board)."""
        return 0 if self.solved else self.depth - ply

    @cached_property
    def root(self) -> tuple[str, str, Count]:
        """The position's value for its side to move, in words, its kind, and the positions below it."""
        if self.position.is_over:
            return "", "", Count(0)
        best = ranked(self.position, self._depth())[0][1]
        words, kind = value_words(best, self.position.to_move)
        if self.solved:
            return words, kind, _below(self.position)
        return words, kind, Count(sum(below(self.position, cell, self.depth).number + 1
                                      for cell in move_values(self.position, self.depth)))

    @cached_property
    def principal_variation(self) -> tuple[int, ...]:
        """The line both sides play with best play, as the tree ranks the moves."""
        line, position = [], self.position
        while not position.is_over and (self.solved or len(line) < self.depth):
            cell = ranked(position, self._depth(len(line)))[0][0]
            line.append(cell)
            position = position.play(cell)
        return tuple(line)

    @cached_property
    def skipped_paths(self) -> frozenset[tuple[int, ...]] | None:
        """What alpha-beta examined, when it is shown and it could be run."""
        if not self.alphabeta or self.position.is_over:
            return None
        return alphabeta_paths(self.position, self._depth())

    def branches(self) -> list[Branch]:
        """The moves at the page's position, each open along the open path."""
        return self._children(self.position, ())

    def branch(self, path: tuple[int, ...]) -> Branch:
        """One node, open if it lies on the open path (what htmx swaps in)."""
        position = self.position
        for cell in path[:-1]:
            position = position.play(cell)
        value = move_values(position, self._depth(len(path) - 1))[path[-1]][0]
        return self._branch(position, path, value)

    def _children(self, position: Position, path: tuple[int, ...]) -> list[Branch]:
        return [self._branch(position, (*path, cell), value) for cell, value in self._ordered(position, len(path))]

    def _ordered(self, position: Position, ply: int) -> list[tuple[int, int]]:
        """The moves at position (ply moves below the page's) with their values:
        best first; with alpha-beta's marks shown, in the order alpha-beta tries
        them, so that what it skipped comes after what made it stop."""
        moves = ranked(position, self._depth(ply))
        if not self.alphabeta:
            return moves
        order = {cell: index for index, cell in enumerate(search_order(position, self._depth(ply)))}
        return sorted(moves, key=lambda move: order[move[0]])

    @cached_property
    def _searched_below(self) -> Counter[tuple[int, ...]]:
        """For each path alpha-beta examined, how many positions it examined below it."""
        counts: Counter[tuple[int, ...]] = Counter()
        for path in self.skipped_paths or ():
            for length in range(1, len(path)):
                counts[path[:length]] += 1
        return counts

    def _branch(self, parent: Position, path: tuple[int, ...], value: int) -> Branch:
        cell, mover = path[-1], parent.to_move
        child = parent.play(cell)
        frontier = not self.solved and len(path) >= self.depth
        words, kind = value_words(value, mover)
        if frontier and kind == "estimate":
            words = f"{words} (the evaluation's estimate)"
        on_open_path = any(opened[:len(path)] == path for opened in self.open)
        is_open = on_open_path and not child.is_over and not frontier
        return Branch(path, self.path_notation(path), mover, describe_cell(self.rules, cell), words, kind,
                      below(parent, cell, self._depth(len(path) - 1)),
                      child.is_over, frontier, self.principal_variation[:len(path)] == path, self._skipped(path),
                      self._searched(path, child.is_over or frontier), self._children(child, path) if is_open else None)

    def _searched(self, path: tuple[int, ...], leaf: bool) -> int | None:
        """How many positions below this node alpha-beta examined, if it examined the node and that is shown."""
        if self.skipped_paths is None or leaf or path not in self.skipped_paths:
            return None
        return self._searched_below[path]

    def _skipped(self, path: tuple[int, ...]) -> str | None:
        """Why alpha-beta never looked at this node, if it did not and that is shown."""
        seen = self.skipped_paths
        if seen is None or path in seen:
            return None
        if path[:-1] in seen:
            mover = self.position.to_move if len(path) % 2 else opponent(self.position.to_move)
            return f"{opponent(mover)} already has a better move elsewhere"
        return "it lies below a move alpha-beta skipped"

    def searches(self) -> tuple[Row, ...]:
        return () if self.position.is_over else searches(self.position, self._depth())

    def alphabeta_ran(self) -> bool:
        """Whether alpha-beta's skipped branches can be shown (it finished)."""
        return self.skipped_paths is not None

    def engine(self, budget_ms: float) -> EngineView | None:
        """The engine's own move and statistics, on the boards too big to solve."""
        if self.solved or self.position.is_over:
            return None
        return engine_view(self.position, budget_ms)

    def whole_game_bound(self) -> Count:
        """At most how many positions plain minimax would examine to the end of the game."""
        return Count(most_orders(self.position.empty.bit_count()), exact=False)


def warm() -> None:
    """Work out the empty 3×3 board's page now: for a server to do before it
    forks its workers, so that none of them pays that first view (about half
    a second, plain minimax over all 549,946 positions)."""
    look = Look(DEFAULT_BOARD, ())
    look.branches()
    look.searches()
