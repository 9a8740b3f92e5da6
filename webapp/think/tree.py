"""The game tree a page shows: each move's value and the positions below it,
best first, and what plain alpha-beta examines of it. Worked out once per
position and kept; bounded by counts of positions, never a clock."""



from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from webapp.engine import Position, Rules, opponent
from webapp.engine.game.values import WIN, from_outcome, is_decided, one_ply_back
from webapp.engine.play.shapes import UNIT
from webapp.engine.play.solved import is_solved, outcome_of, table
from webapp.engine.teaching.classic import (
    Horizon,
    Recorder,
    TooLong,
    Tree,
    alphabeta,
    minimax,
    most_orders,
    most_positions,
    tree_size,
)
from webapp.shared.words import side_name

STOP_LIMIT = 100_000
"""Alpha-beta's need is known only by running it: it is stopped after this
many positions (early in a 4×4 game; on 3×3 it never needs 21,000)."""
COUNT_LIMIT = 20_000
"""A tree's size is counted exactly when it can hold at most this many
distinct positions (most_positions says so before counting: on 4×4, ten
empty cells or fewer); otherwise it is bounded."""


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


def value_words(rules: Rules, value: int, mover: str) -> tuple[str, str]:
    """A search's value for mover, in words (the sides named as the board
    names them, inside a sentence: words.side_name), and its kind. 'X wins
    in 3' counts the winner's moves, the next one (or this one) included, as
    the coach does. An estimate is the evaluation's, fitted to games as the
    log-odds that the side to move wins (shapes.UNIT to one): so it is told
    as a chance too, 'estimate -1,028 for black (black wins about 26 in 100)'."""
    if is_decided(value):
        winner = mover if value > 0 else opponent(mover)
        return f"{side_name(rules, winner, start=False)} wins in {(WIN - abs(value) + 1) // 2}", f"win-{winner.lower()}"
    if value == 0:
        return "draw", "draw"
    name = side_name(rules, mover, start=False)
    return f"estimate {value:+,} for {name} ({name} wins about {winning_chance(value)} in 100)", "estimate"


def winning_chance(value: int) -> int:
    """An estimate as the chance, in 100, that the side it is for wins: the
    logistic of the log-odds it stands for, kept within 1 to 99 (an estimate is never sure)."""
    return min(99, max(1, round(100 / (1 + math.exp(-value / UNIT)))))


def table_value(position: Position, score: int) -> int:
    """A score from the solved table (see solved.preference) as a search's value."""
    outcome = outcome_of(score, position.empty.bit_count(), position.rules.cells)
    return from_outcome(outcome.result, outcome.plies)


@lru_cache(maxsize=1 << 14)
def below_child(child: Position) -> Count:
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
        return {cell: (table_value(position, score), None)
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
    return counted if counted is not None else below_child(position.play(cell))


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
