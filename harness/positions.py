"""Positions for the tests and the benchmarks: written by hand ("X.O......",
or by cell names on a named board), from random games, or every position
that can arise from one; and the definition of a line, walked cell by cell,
independent of the engine's windows."""

from __future__ import annotations

import itertools
import random
from functools import cache

from webapp.engine import BOARDS, Position, Rules

BOARD_BY_CELLS = {rules.cells: rules for rules in BOARDS.values()}
DIRECTIONS = {"across": (0, 1), "down": (1, 0), "diagonal": (1, 1), "anti-diagonal": (1, -1)}


def has_line(text: str, n: int, k: int, mark: str) -> bool:
    """k or more of mark in a row, straight from the definition: walk from
    every cell in every direction (independent of the engine's windows)."""
    for row, column in itertools.product(range(n), repeat=2):
        for down, across in DIRECTIONS.values():
            run, r, c = 0, row, column
            while 0 <= r < n and 0 <= c < n and text[r * n + c] == mark:
                run, r, c = run + 1, r + down, c + across
            if run >= k:
                return True
    return False


def line_through(text: str, n: int, k: int, cell: int) -> bool:
    """Whether the stone on cell is one of k or more of its mark in a row:
    walk both ways from it along each direction. The only new line a move
    can make passes through it, so a search from a position without a line
    needs no more (has_line walks the whole board)."""
    mark, row, column = text[cell], *divmod(cell, n)
    for down, across in DIRECTIONS.values():
        run = 1
        for step in (1, -1):
            r, c = row + step * down, column + step * across
            while 0 <= r < n and 0 <= c < n and text[r * n + c] == mark:
                run, r, c = run + 1, r + step * down, c + step * across
        if run >= k:
            return True
    return False


def position(text: str) -> Position:
    """The position a string of 'X', 'O' and '.' shows; its length says the board."""
    return Position.from_text(BOARD_BY_CELLS[len(text)], text)


def setup(board: str, x: str = "", o: str = "") -> Position:
    """A position on a named board from the cells each side holds, by name ("h8 i9")."""
    rules = BOARDS[board]
    bits = [sum(1 << rules.parse_cell_name(name) for name in names.split()) for names in (x, o)]
    return Position(rules, *bits)


def random_positions(board: str, count: int, rng: random.Random, least: int = 0,
                     most: int | None = None) -> list[Position]:
    """count positions with a move to make, from random games of least to most moves."""
    rules, found = BOARDS[board], []
    while len(found) < count:
        here = Position(rules)
        for _ in range(rng.randint(least, rules.cells - 1 if most is None else most)):
            if here.is_over:
                break
            here = here.play(rng.choice(here.legal_moves()))
        if not here.is_over:
            found.append(here)
    return found


@cache
def reachable_positions(start: Position) -> frozenset[Position]:
    """Every position that can arise from start, start and finished ones included
    (worked out once a process: several test modules walk 3×3's at import)."""
    seen, frontier = {start}, [start]
    while frontier:
        here = frontier.pop()
        for cell in here.legal_moves():
            child = here.play(cell)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return frozenset(seen)


def playable_positions(rules: Rules) -> list[Position]:
    """Every position of rules' board that can arise with a move still to make,
    in one order (by their text) whatever the process's hash seed."""
    return sorted((here for here in reachable_positions(Position(rules)) if not here.is_over),
                  key=lambda here: here.text)
