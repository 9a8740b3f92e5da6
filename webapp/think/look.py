"""How the computer sees a position: the game tree below it, in words, and
the classic searches run on it side by side.

A Look is one page's question: a position (a board and the moves that led
to it), the node of its tree that is open, whether alpha-beta's skipped
branches are shown, and on the boards too big to solve, how deep the tree
goes. From it come the branches to show (best first, the principal
variation marked), the table of searches, and on the big boards the engine's
own move and statistics: the tree's values and counts are tree.py's, the
searches' table and the engine's statistics searches.py's. The engine's move
is the hint's (engine.advise, asked of the engine workers by the route and
kept by position): the move the hint offers, this page shows and the review
judges by is one move, worked out once.

Reading a link (Look.parse) is the web's; the work a page shows is see()'s,
which returns it as Seen, a value: on the boards too big to solve the route
hands see() to the engine workers, with players' moves before it, and what
they found travels back whole. On the solved boards the work is look-ups in
the solved tables and the classic searches, done once per position and
kept (functools caches, in each process): a position's searches never
change, so a later view of it is a lookup. What a first view may cost is
bounded by counts of positions, not by a clock (searches.RUN_LIMIT,
tree.COUNT_LIMIT, appraise.APPRAISAL_NODES), so that a page says the same on
any machine. Nothing here knows about HTTP.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from webapp.brains.external import Brain
from webapp.engine import DEFAULT_BOARD, Position, Rules, is_solved, opponent
from webapp.engine.game.notation import write_moves
from webapp.engine.teaching.classic import most_orders
from webapp.shared.board import BoardView, board_view
from webapp.shared.errors import InvalidInput
from webapp.shared.game_link import LinkedPosition, parse_moves
from webapp.shared.words import describe_cell, side_name
from webapp.think.searches import OpinionView, Row, engine_opinion, searches
from webapp.think.tree import Count, alphabeta_paths, below, below_child, move_values, ranked, search_order, value_words

DEPTHS = (1, 2, 3)
"""The depths a person may choose for the tree on the boards too big to solve
(a fourth move on 15×15 would take the page past a second)."""
DEFAULT_DEPTH = 2


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


class Seen(NamedTuple):
    """What the engine work for one page found, for the page to show."""

    root: tuple[str, str, Count] | None  # the position's value, its kind, positions below (None for a node alone)
    branches: list[Branch]               # the tree's first moves; or, for a node asked alone, that node
    searches: tuple[Row, ...]            # the classic searches side by side (none for a node alone)
    alphabeta_ran: bool                  # whether alpha-beta's skips can be shown
    opinions: tuple[OpinionView, ...] = ()  # the installed external engines' moves, and what they say


@dataclass(frozen=True)
class Look(LinkedPosition):
    """One page's question: a position, the node open in its tree, whether
    alpha-beta's skipped branches are shown, and (big boards) the depth."""

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

    @property
    def solved(self) -> bool:
        return is_solved(self.rules)

    @property
    def needs_the_engines(self) -> bool:
        """Whether see() searches (the boards too big to solve), rather than looks up and counts."""
        return not self.solved

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
        words, kind = value_words(self.rules, best, self.position.to_move)
        if self.solved:
            return words, kind, below_child(self.position)
        return words, kind, Count(sum(below(self.position, cell, self.depth).number + 1
                                      for cell in move_values(self.position, self.depth)))

    @cached_property
    def principal_variation(self) -> tuple[int, ...]:
        """The line both sides play with best play, as the tree ranks the moves."""
        line: list[int] = []
        position = self.position
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
        words, kind = value_words(self.rules, value, mover)
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
            return f"{side_name(self.rules, opponent(mover), start=False)} already has a better move elsewhere"
        return "it lies below a move alpha-beta skipped"

    def searches(self) -> tuple[Row, ...]:
        return () if self.position.is_over else searches(self.position, self._depth())

    def alphabeta_ran(self) -> bool:
        """Whether alpha-beta's skipped branches can be shown (it finished)."""
        return self.skipped_paths is not None

    @property
    def asks_the_engine(self) -> bool:
        """Whether the page shows the engine's own move: on the boards too
        big to solve, in a game not over (the hint's move, engine.advise,
        which the route asks the engine workers for: engine_view shows it)."""
        return not self.solved and not self.position.is_over

    def whole_game_bound(self) -> Count:
        """At most how many positions plain minimax would examine to the end of the game."""
        return Count(most_orders(self.position.empty.bit_count()), exact=False)


def see(look: Look, node: tuple[int, ...] | None = None, brains: tuple[Brain, ...] = ()) -> Seen:
    """All that the page for look shows and takes engine work, but the
    engine's own move (asks_the_engine): the tree, the searches and each of
    brains' (installed external engines') moves; or, asked for one node of
    the tree, that node alone."""
    if node is not None:
        return Seen(None, [look.branch(node)], (), look.alphabeta_ran())
    branches = [] if look.position.is_over else look.branches()
    opinions = () if look.position.is_over else tuple(
        engine_opinion(brain, look.rules, look.moves, look.position.to_move) for brain in brains)
    return Seen(look.root, branches, look.searches(), look.alphabeta_ran(), opinions)


def warm() -> None:
    """Work out the empty 3×3 board's page now: for a server to do before it
    forks its workers, so that none of them pays that first view (about half
    a second, plain minimax over all 549,946 positions)."""
    look = Look(DEFAULT_BOARD, ())
    look.branches()
    look.searches()
