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
- my_threes and their_threes, the windows (by number, as bits) where each
  side has a three: k-2 stones and none of the other side's. Playing one of
  the two empty cells of such a window makes a four there, with the other
  empty cell to complete. A cell that does so in two windows at once, with
  two different cells to complete, makes an open four (or a double four):
  the other side cannot block both. Those cells are the side's threats
  (Evaluator.threats), and the cells that stop them its defences;
- my_twos and their_twos, the same for windows with k-3 stones: where a
  side might make a three, which the threat solver tries when it looks for a
  win by threes;
- near, the cells within two king's moves of a stone, where moves are sought;
- pull, for every cell, what playing there would gain the side to move plus
  what it would gain the other side (so a strong block ranks with a strong
  attack): the order in which moves are tried. It is kept up to date a window
  at a time, as the score is, because working it out afresh for every cell
  at every node took most of the search's time.

Every count here is of windows, not of shapes drawn from a catalogue: an open
three, a broken three and a three against the edge differ in how many windows
they fill and in whether they have a threat cell, and that is all the search
needs to tell them apart.
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
    my_wins: int       # empty cells where the side to move completes a line
    their_wins: int    # empty cells where the other side would
    near: int          # cells within two king's moves of a stone
    my_threes: int     # windows (bit i for window i) where the side to move has a three
    their_threes: int  # windows where the other side has one
    my_twos: int       # windows where the side to move has k-3 stones and the other side none
    their_twos: int    # windows where the other side has
    pull: list[int] | None  # for each cell, what a stone there gains either side (the move order);
                            # None where the caller said it would not ask for moves


class Evaluator:
    """The windows and weights of one board, and Nodes on it."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.k = rules.k
        self.windows = rules.windows
        self.through = rules.windows_through
        number = {window: index for index, window in enumerate(rules.windows)}
        # For each cell, (window number, window) of the windows through it, and those numbers as bits.
        self.numbered = tuple(tuple((number[window], window) for window in through) for through in self.through)
        self.through_bits = tuple(sum(1 << index for index, _ in numbered) for numbered in self.numbered)
        self.near_cell = rules.near
        worth = [[_worth(a, b) for b in range(self.k + 1)] for a in range(self.k + 1)]
        # How much a window gains for a side that adds a stone, given its stones (a) and the other's (b).
        self.gain = [[worth[a + 1][b] - worth[a][b] if a < self.k else 0 for b in range(self.k + 1)]
                     for a in range(self.k + 1)]
        # What a window adds to the pull of each of its empty cells: its gain for either side.
        self.window_pull = [[self.gain[a][b] + self.gain[b][a] for b in range(self.k + 1)] for a in range(self.k + 1)]
        self.window_cells = tuple(tuple(cells_of(window)) for window in rules.windows)

    def node(self, position: Position) -> Node:
        """The Node of a position, for its side to move."""
        mine, theirs = ((position.x, position.o) if position.to_move == "X" else (position.o, position.x))
        score = sum(_worth((w & mine).bit_count(), (w & theirs).bit_count()) for w in self.rules.windows)
        near = 0
        for cell in cells_of(mine | theirs):
            near |= self.near_cell[cell]
        mover = position.to_move
        other = "O" if mover == "X" else "X"
        return Node(mine, theirs, score, position.winning_cells(mover), position.winning_cells(other), near,
                    self._holding(mine, theirs, self.k - 2), self._holding(theirs, mine, self.k - 2),
                    self._holding(mine, theirs, self.k - 3), self._holding(theirs, mine, self.k - 3),
                    self._pull(mine, theirs))

    def _pull(self, mine: int, theirs: int) -> list[int]:
        """Every cell's pull, counted afresh."""
        pull = [0] * self.rules.cells
        for window, cells in zip(self.windows, self.window_cells):
            value = self.window_pull[(window & mine).bit_count()][(window & theirs).bit_count()]
            for cell in cells:
                pull[cell] += value
        return pull

    @staticmethod
    def turned(node: Node) -> Node:
        """The same stones with the other side to move (as if the side to move passed)."""
        return Node(node.theirs, node.mine, -node.score, node.their_wins, node.my_wins, node.near,
                    node.their_threes, node.my_threes, node.their_twos, node.my_twos, node.pull)

    def _holding(self, stones: int, other: int, held: int) -> int:
        """The windows, as bits, holding `held` of stones and none of other."""
        return sum(1 << index for index, window in enumerate(self.windows)
                   if not window & other and (window & stones).bit_count() == held)

    def play(self, node: Node, cell: int, ordered: bool = True) -> Node:
        """The Node after the side to move plays cell (empty, and not a win:
        the caller looks at my_wins first), from the other side's view.
        Unless ordered, without the pull: a search's last ply and the threat
        solver never ask the new Node for its moves in order, and keeping the
        pull up to date is most of the cost of a move."""
        mine, theirs = node.mine | 1 << cell, node.theirs
        gain, wins, threes, twos = 0, node.my_wins, node.my_threes, node.my_twos
        four, three, two = self.k - 1, self.k - 2, self.k - 3
        pull = (node.pull.copy() if node.pull is not None else self._pull(node.mine, theirs)) if ordered else None
        window_pull = self.window_pull
        for index, window in self.numbered[cell]:
            a, b = (window & node.mine).bit_count(), (window & theirs).bit_count()
            gain += self.gain[a][b]
            if pull is not None and (change := window_pull[a + 1][b] - window_pull[a][b]):
                for other in self.window_cells[index]:
                    pull[other] += change
            if not b:
                if a + 1 == four:
                    wins |= window & ~mine
                    threes &= ~(1 << index)
                elif a + 1 == three:
                    threes |= 1 << index
                    twos &= ~(1 << index)
                elif a + 1 == two:
                    twos |= 1 << index
        bit = ~(1 << cell)
        dead = ~self.through_bits[cell]  # the other side's windows through cell, now holding a stone of mine
        return Node(theirs, mine, -(node.score + gain), node.their_wins & bit, wins & bit,
                    node.near | self.near_cell[cell], node.their_threes & dead, threes, node.their_twos & dead, twos,
                    pull)

    def threats(self, stones: int, threes: int) -> dict[int, int]:
        """The cells where a side (its stones and its threes) makes an open or
        double four, each with the cells it would then have to complete a line."""
        completes = self._completes(stones, threes)
        return {cell: wins for cell, wins in completes.items() if wins & (wins - 1)}

    def _completes(self, stones: int, threes: int) -> dict[int, int]:
        """For each empty cell of a side's threes, the cells it would then have to complete a line."""
        completes: dict[int, int] = {}
        for index in cells_of(threes):
            first, second = cells_of(self.windows[index] & ~stones)
            completes[first] = completes.get(first, 0) | 1 << second
            completes[second] = completes.get(second, 0) | 1 << first
        return completes

    def three_cells(self, node: Node) -> list[int]:
        """The cells where the side to move makes a three with a threat (an
        open four to make next), without making a four. Such a cell turns
        windows with k-3 of its stones into threes; it makes a threat where
        one of those new threes' empty cells then has two cells to complete."""
        completes = self._completes(node.mine, node.my_threes)
        fours = self.four_cells(node)
        found = []
        for cell in cells_of(self.two_cells(node) & ~fours):
            added = self._completes(node.mine | 1 << cell, node.my_twos & self.through_bits[cell])
            if any((wins := cells | completes.get(empty, 0)) & (wins - 1) for empty, cells in added.items()):
                found.append(cell)
        return found

    def defences(self, stones: int, threes: int, threats: dict[int, int]) -> int:
        """Every cell that might stop the threats: the empty cells of the
        three-windows they come from (a defence must take a cell of one of the
        two windows that make each open four)."""
        found = 0
        for index in cells_of(threes):
            empty = self.windows[index] & ~stones
            if any(empty >> cell & 1 for cell in threats):
                found |= empty
        return found

    def four_cells(self, node: Node) -> int:
        """The empty cells where the side to move makes a four."""
        return self._empty_cells(node.my_threes, node)

    def two_cells(self, node: Node) -> int:
        """The empty cells where the side to move adds to a window with k-3 of its stones and none of the other's."""
        return self._empty_cells(node.my_twos, node)

    def _empty_cells(self, windows: int, node: Node) -> int:
        """The empty cells of the windows given (as bits)."""
        found = 0
        for index in cells_of(windows):
            found |= self.windows[index]
        return found & ~(node.mine | node.theirs)

    def moves(self, node: Node) -> list[int]:
        """The empty cells near a stone, best first by their pull (ties in
        the cells' order); the middle on an empty board."""
        empty = self.rules.full & ~(node.mine | node.theirs)
        candidates = node.near & empty
        if not candidates:
            return [self.rules.centre] if empty >> self.rules.centre & 1 else cells_of(empty)[:1]
        pull = node.pull if node.pull is not None else self._pull(node.mine, node.theirs)
        return sorted(cells_of(candidates), key=pull.__getitem__, reverse=True)


def _worth(mine: int, theirs: int) -> int:
    """A window's worth to the side holding `mine` of its cells, against one holding `theirs`."""
    if mine and theirs:
        return 0
    return (GROWTH ** (mine - 1) if mine else 0) - (GROWTH ** (theirs - 1) if theirs else 0)


@cache
def evaluator(rules: Rules) -> Evaluator:
    return Evaluator(rules)
