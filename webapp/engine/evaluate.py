"""What the search sees of a position: open lines, threats, and where to look.

A Node is a position from the side to move's point of view, as the search and
the threat solver walk it: "mine" are the stones of the side to move, "theirs"
the other side's. Playing a cell returns the next Node, turned to the other
side, and updates everything else by looking only at the windows (runs of k
cells) through that cell:

- score, the evaluation of open lines: every window that holds stones of one
  side only is worth GROWTH ** (stones - 1) to that side, so a window of k-1 (a
  threat to complete a line) is worth far more than one of k-2, and a window
  both sides have a stone in is worth nothing to either;
- my_wins and their_wins, the cells where each side would complete a line at
  once: the search never looks past them (a win is taken, a single threat
  blocked, a double threat lost), and the threat solver is built on them;
- near, the cells within two king's moves of a stone, where moves are sought.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from webapp.engine.rules import Position, Rules, cells_of

GROWTH = 8
"""A window holding stones of one side only is worth GROWTH ** (stones - 1)
to that side: each stone in it makes it worth eight times more."""


class Node(NamedTuple):
    """A position as the search sees it, from the side to move's point of view."""

    mine: int
    theirs: int
    score: int       # the evaluation for the side to move (see GROWTH)
    my_wins: int     # empty cells where the side to move completes a line
    their_wins: int  # empty cells where the other side would
    near: int        # cells within two king's moves of a stone


class Evaluator:
    """The windows and weights of one board, and Nodes on it."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.k = rules.k
        self.through = rules.windows_through
        self.near_cell = rules.near
        worth = [[_worth(a, b) for b in range(self.k + 1)] for a in range(self.k + 1)]
        # How much a window gains for a side that adds a stone, given its stones (a) and the other's (b).
        self.gain = [[worth[a + 1][b] - worth[a][b] if a < self.k else 0 for b in range(self.k + 1)]
                     for a in range(self.k + 1)]

    def node(self, position: Position) -> Node:
        """The Node of a position, for its side to move."""
        mine, theirs = ((position.x, position.o) if position.to_move == "X" else (position.o, position.x))
        score = sum(_worth((w & mine).bit_count(), (w & theirs).bit_count()) for w in self.rules.windows)
        near = 0
        for cell in cells_of(mine | theirs):
            near |= self.near_cell[cell]
        mover = position.to_move
        other = "O" if mover == "X" else "X"
        return Node(mine, theirs, score, position.winning_cells(mover), position.winning_cells(other), near)

    def play(self, node: Node, cell: int) -> Node:
        """The Node after the side to move plays cell (empty, and not a win:
        the caller looks at my_wins first), from the other side's view."""
        mine, theirs = node.mine | 1 << cell, node.theirs
        gain, wins = 0, node.my_wins
        last = self.k - 1
        for window in self.through[cell]:
            a, b = (window & node.mine).bit_count(), (window & theirs).bit_count()
            gain += self.gain[a][b]
            if a + 1 == last and not b:
                wins |= window & ~mine
        bit = ~(1 << cell)
        return Node(theirs, mine, -(node.score + gain), node.their_wins & bit, wins & bit,
                    node.near | self.near_cell[cell])

    def moves(self, node: Node) -> list[int]:
        """The empty cells near a stone, best first by what they gain for the
        side to move plus what they would gain for the other side (so a
        strong block ranks with a strong attack); the middle on an empty board."""
        empty = self.rules.full & ~(node.mine | node.theirs)
        candidates = node.near & empty
        if not candidates:
            return [self.rules.centre] if empty >> self.rules.centre & 1 else cells_of(empty)[:1]
        gain, mine, theirs = self.gain, node.mine, node.theirs
        ranked = []
        for cell in cells_of(candidates):
            value = 0
            for window in self.through[cell]:
                a, b = (window & mine).bit_count(), (window & theirs).bit_count()
                value += gain[a][b] + gain[b][a]
            ranked.append((-value, cell))
        ranked.sort()
        return [cell for _, cell in ranked]


def _worth(mine: int, theirs: int) -> int:
    """A window's worth to the side holding `mine` of its cells, against one holding `theirs`."""
    if mine and theirs:
        return 0
    return (GROWTH ** (mine - 1) if mine else 0) - (GROWTH ** (theirs - 1) if theirs else 0)


@cache
def evaluator(rules: Rules) -> Evaluator:
    return Evaluator(rules)
