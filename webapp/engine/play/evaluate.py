"""What the search sees of a position: shapes, threats, and where to look.

A Node is a position from the side to move's point of view, as the search and
the threat solver walk it: "mine" are the stones of the side to move, "theirs"
the other side's. Playing a cell returns the next Node, turned to the other
side, and updates everything else by looking only at the windows (runs of k
cells) through that cell and at the cells within k-1 of it along its lines:

- score, the evaluation: for every empty cell and each side, what a stone
  of that side there would make along each of its four lines and in all
  four together (patterns.py), each worth its fitted weight (shapes.py),
  the side to move's cells to it to move less the other side's to it
  waiting. A move changes only the cells within k-1 of it along its four
  lines, so each side's cells and their sums are kept up to date; and the
  same cells give the order in which moves are tried (Evaluator.moves);
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
- near, the cells within two king's moves of a stone, where moves are sought.

Under gomoku's standard rule and renju (rules.py), the windows are read as
before, and the answers that decide a game are then made exact: the wins
are only the cells that make exactly five for a side that needs exactly
five, the threats only those whose cells to complete do, and black's moves
under renju leave out its forbidden points (Evaluator.playable,
open_fours). The counts that only order the moves stay the freestyle ones.

The threats are counted by windows, not by shapes: an open three, a broken
three and a three against the edge differ in how many windows they fill and
in whether they have a threat cell, and that is all the threat solver needs
to tell them apart. The evaluation asks more of a shape (how far it is from
a line, how many ways it has to get there), and so looks at the lines.
"""

from __future__ import annotations

from functools import cache

from webapp.engine.game.position import Position
from webapp.engine.game.rules import DIRECTIONS, Rules, cells_of
from webapp.engine.play.node import Node
from webapp.engine.play.patterns import LINES, digits, line_pairs
from webapp.engine.play.shapes import Weights, shipped, worth_tables
from webapp.engine.play.threat_cells import ThreatCells

Shapes = tuple[tuple[int, ...] | None, tuple[int, ...] | None, list[int] | None, list[int] | None,
               tuple[int, int], tuple[int, int]]
"""A Node's shape fields, from my_lines to their_worth."""
MINE, THEIRS, OFF = 1, 2, 3
"""A cell of a line as my_lines holds it: the side to move's stone, the other side's, off the board."""
UNSHAPED: Shapes = (None, None, None, None, (0, 0), (0, 0))


class Evaluator(ThreatCells):
    """The windows and weights of one board, and Nodes on it."""

    def __init__(self, rules: Rules, weights: Weights | None = None):
        self.rules = rules
        self.k = rules.k
        self.windows = rules.windows
        self.through = rules.windows_through
        number = {window: index for index, window in enumerate(rules.windows)}
        # For each cell, (window number, window) of the windows through it, and those numbers as bits.
        self.numbered = tuple(tuple((number[window], window) for window in through) for through in self.through)
        self.through_bits = tuple(sum(1 << index for index, _ in numbered) for numbered in self.numbered)
        self.near_cell = rules.near
        self._lay_out_lines()
        self.worth_move, self.worth_wait = worth_tables(weights or shipped())

    def _lay_out_lines(self) -> None:
        """For each direction, a number of its own where every line of the
        board in that direction is a run of two-bit cells, with k-1 cells off
        the board (OFF) before and after each: so the 2k-1 cells centred on
        any cell, along that direction, are 2(2k-1) bits in a row, which
        patterns.line_pairs classes for both sides in one lookup."""
        n, k = self.rules.size, self.k
        self.span = 2 * k - 1
        self.line_bit: list[tuple[int, ...]] = []  # for each direction, each cell's place in the line
        self.walls: list[int] = []  # for each direction, OFF in every place that is not a cell
        for down, across in DIRECTIONS:
            bit, where, cells = 2 * (k - 1), [0] * self.rules.cells, 0  # room for a segment's start (below)
            for row in range(n):
                for column in range(n):
                    if 0 <= row - down < n and 0 <= column - across < n:
                        continue  # not the first cell of its line
                    r, c = row, column
                    while 0 <= r < n and 0 <= c < n:
                        where[r * n + c] = bit
                        cells |= 1 << bit
                        bit, r, c = bit + 1, r + down, c + across
                    bit += k - 1
            self.line_bit.append(tuple(where))
            self.walls.append(sum(OFF << 2 * wall for wall in range(bit) if not cells >> wall & 1))
        # For each cell and direction, its stone in that direction's line.
        self.stone = tuple(tuple(MINE << 2 * where[cell] for where in self.line_bit)
                           for cell in range(self.rules.cells))
        # A move reshapes the cells within k-1 of it along each direction, whose 2k-1 cells all lie in
        # the segment of 4k-3 cells centred on the move: cut out once, it is a small number to shift.
        # For each cell and direction, the shift of that segment; and the cells within k-1 of it that
        # way, each with its own 2k-1 cells' shift within the segment. And for each direction, its digit
        # in a packed cell, and a table of that digit for every packed cell.
        self.segment = tuple(tuple(2 * (where[cell] - 2 * (k - 1)) for where in self.line_bit)
                             for cell in range(self.rules.cells))
        self.segment_mask = (1 << 2 * (4 * k - 3)) - 1
        self.around = tuple(tuple(tuple((other, 2 * (step + k - 1)) for step in range(-(k - 1), k) if step
                                        for other in self._along(cell, down * step, across * step))
                                  for d, (down, across) in enumerate(DIRECTIONS))
                            for cell in range(self.rules.cells))
        self.pairs = line_pairs(k)  # a line's classes for (MINE, THEIRS), by its 2(2k-1) bits
        self.line_mask = (1 << 2 * self.span) - 1
        self.units = tuple(LINES ** d for d in range(4))
        self.digits = digits()

    def _along(self, cell: int, down: int, across: int) -> list[int]:
        """The cell so many rows down and columns across from cell, if on the board."""
        n = self.rules.size
        row, column = divmod(cell, n)
        return [(row + down) * n + column + across] if 0 <= row + down < n and 0 <= column + across < n else []

    def _shapes(self, mine: int, theirs: int) -> Shapes:
        """The shape fields of a Node, counted afresh."""
        lines_m = tuple(walls + sum(MINE << 2 * where[cell] for cell in cells_of(mine))
                        + sum(THEIRS << 2 * where[cell] for cell in cells_of(theirs))
                        for where, walls in zip(self.line_bit, self.walls))
        lines_t = tuple(walls + sum(THEIRS << 2 * where[cell] for cell in cells_of(mine))
                        + sum(MINE << 2 * where[cell] for cell in cells_of(theirs))
                        for where, walls in zip(self.line_bit, self.walls))
        cells_m, cells_t = [0] * self.rules.cells, [0] * self.rules.cells
        for cell in cells_of(self.rules.full & ~(mine | theirs)):
            for d, where in enumerate(self.line_bit):
                a, b = self.pairs[lines_m[d] >> 2 * (where[cell] - (self.k - 1)) & self.line_mask]
                cells_m[cell] += a * self.units[d]
                cells_t[cell] += b * self.units[d]
        move, wait = self.worth_move, self.worth_wait
        return (lines_m, lines_t, cells_m, cells_t, (sum(map(move.__getitem__, cells_m)),
                sum(map(wait.__getitem__, cells_m))), (sum(map(move.__getitem__, cells_t)),
                                                       sum(map(wait.__getitem__, cells_t))))

    def node(self, position: Position, shaped: bool = True) -> Node:
        """The Node of a position, for its side to move; unless shaped,
        without the shapes, which the threat solver does not use and which
        are most of the cost of counting a Node afresh."""
        mine, theirs = ((position.x, position.o) if position.to_move == "X" else (position.o, position.x))
        near = 0
        for cell in cells_of(mine | theirs):
            near |= self.near_cell[cell]
        mover = position.to_move
        other = "O" if mover == "X" else "X"
        (my_threes, my_twos), (their_threes, their_twos) = (self._threes_and_twos(mine, theirs),
                                                            self._threes_and_twos(theirs, mine))
        return Node(mine, theirs, position.winning_cells(mover), position.winning_cells(other), near,
                    my_threes, their_threes, my_twos, their_twos, mover == "X",
                    *(self._shapes(mine, theirs) if shaped else UNSHAPED))

    @staticmethod
    def turned(node: Node) -> Node:
        """The same stones with the other side to move (as if the side to move passed)."""
        return Node(node.theirs, node.mine, node.their_wins, node.my_wins, node.near,
                    node.their_threes, node.my_threes, node.their_twos, node.my_twos, not node.black_to_move,
                    node.their_lines, node.my_lines, node.their_cells, node.my_cells, node.their_worth, node.my_worth)

    def _threes_and_twos(self, stones: int, other: int) -> tuple[int, int]:
        """The windows, as bits, holding k − 2 of stones and none of other,
        and those holding k − 3: both in one pass over the windows."""
        three, two = self.k - 2, self.k - 3
        threes = twos = 0
        for index, window in enumerate(self.windows):
            if not window & other:
                count = (window & stones).bit_count()
                if count == three:
                    threes |= 1 << index
                elif count == two:
                    twos |= 1 << index
        return threes, twos

    def play(self, node: Node, cell: int, shaped: bool = True, leaf: bool = False) -> Node:
        """The Node after the side to move plays cell (empty, and not a win:
        the caller looks at my_wins first), from the other side's view.
        Unless shaped, without the shapes: the threat solver needs only the
        windows, and keeping the shapes up to date is most of a move's cost.
        A leaf is a Node the search only scores, unless it has a line to
        block: then, if it has none, only the halves of the worths its score
        needs are worked out, and no lines or cells are kept."""
        mine, theirs = node.mine | 1 << cell, node.theirs
        wins, threes, twos = node.my_wins, node.my_threes, node.my_twos
        four, three, two = self.k - 1, self.k - 2, self.k - 3
        for index, window in self.numbered[cell]:
            if not window & theirs:
                a = (window & node.mine).bit_count()
                if a + 1 == four:
                    wins |= window & ~mine
                    threes &= ~(1 << index)
                elif a + 1 == three:
                    threes |= 1 << index
                    twos &= ~(1 << index)
                elif a + 1 == two:
                    twos |= 1 << index
        bit = ~(1 << cell)
        if wins and self.rules.exact_for("X" if node.black_to_move else "O"):
            wins = self.rules.exact_completions(mine, wins & bit)  # a stone may have made a five a six
        dead = ~self.through_bits[cell]  # the other side's windows through cell, now holding a stone of mine
        if not shaped:
            shapes = UNSHAPED
        elif leaf and not wins & bit:
            shapes = self._scored(node, cell)
        else:
            shapes = self._reshaped(node, cell)
        return Node(theirs, mine, node.their_wins & bit, wins & bit, node.near | self.near_cell[cell],
                    node.their_threes & dead, threes, node.their_twos & dead, twos, not node.black_to_move, *shapes)

    def _reshaped(self, node: Node, cell: int) -> Shapes:
        """The shape fields after the side to move plays cell, from the other side's view."""
        assert node.my_lines and node.their_lines and node.my_cells and node.their_cells, "an inner node has shapes"
        stone = self.stone[cell]
        lines_m = tuple(line | mark for line, mark in zip(node.my_lines, stone))
        lines_t = tuple(line | mark << 1 for line, mark in zip(node.their_lines, stone))  # THEIRS there
        cells_m, cells_t = node.my_cells.copy(), node.their_cells.copy()
        move, wait = self.worth_move, self.worth_wait
        old_m, old_t = cells_m[cell], cells_t[cell]
        m_move, m_wait = node.my_worth[0] - move[old_m], node.my_worth[1] - wait[old_m]
        t_move, t_wait = node.their_worth[0] - move[old_t], node.their_worth[1] - wait[old_t]
        cells_m[cell] = cells_t[cell] = 0
        taken = node.mine | node.theirs
        pairs, mask, segment_mask = self.pairs, self.line_mask, self.segment_mask
        for around, line, start, digit, unit in zip(self.around[cell], lines_m, self.segment[cell], self.digits,
                                                    self.units):
            segment = line >> start & segment_mask
            for other, shift in around:
                if taken >> other & 1:
                    continue
                a, b = pairs[segment >> shift & mask]
                before = cells_m[other]
                if a != (was := digit[before]):
                    cells_m[other] = after = before + (a - was) * unit
                    m_move += move[after] - move[before]
                    m_wait += wait[after] - wait[before]
                before = cells_t[other]
                if b != (was := digit[before]):
                    cells_t[other] = after = before + (b - was) * unit
                    t_move += move[after] - move[before]
                    t_wait += wait[after] - wait[before]
        return lines_t, lines_m, cells_t, cells_m, (t_move, t_wait), (m_move, m_wait)

    def _scored(self, node: Node, cell: int) -> Shapes:
        """_reshaped for a leaf: only the other side's worth to move and the
        side to move's waiting, which make the score from the other side's
        view; the rest is 0 or None. (Its loop is _reshaped's, written out
        again rather than shared: they are the search's two hottest loops.)"""
        assert node.my_lines and node.my_cells and node.their_cells, "a leaf's parent keeps its shapes"
        cells_m, cells_t = node.my_cells, node.their_cells
        move, wait = self.worth_move, self.worth_wait
        m_wait = node.my_worth[1] - wait[cells_m[cell]]
        t_move = node.their_worth[0] - move[cells_t[cell]]
        taken = node.mine | node.theirs
        pairs, mask, segment_mask = self.pairs, self.line_mask, self.segment_mask
        for around, line, mark, start, digit, unit in zip(self.around[cell], node.my_lines, self.stone[cell],
                                                           self.segment[cell], self.digits, self.units):
            segment = (line | mark) >> start & segment_mask
            for other, shift in around:
                if taken >> other & 1:
                    continue
                a, b = pairs[segment >> shift & mask]
                before = cells_m[other]
                if a != (was := digit[before]):
                    m_wait += wait[before + (a - was) * unit] - wait[before]
                before = cells_t[other]
                if b != (was := digit[before]):
                    t_move += move[before + (b - was) * unit] - move[before]
        return None, None, None, None, (t_move, 0), (0, m_wait)

    def moves(self, node: Node) -> list[int]:
        """The empty cells near a stone, best first by what a stone there
        would make for either side (a strong block ranks with a strong
        attack; ties in the cells' order); the middle on an empty board.
        Under renju, never a point black may not play (see playable)."""
        empty = self.rules.full & ~(node.mine | node.theirs)
        candidates = node.near & empty
        if not candidates:
            return [self.rules.centre] if empty >> self.rules.centre & 1 else self.playable(node, cells_of(empty))[:1]
        mine, theirs, move = node.my_cells, node.their_cells, self.worth_move
        assert mine and theirs, "a node moves are asked of keeps its shapes"
        return sorted(self.playable(node, cells_of(candidates)),
                      key=lambda cell: move[mine[cell]] + move[theirs[cell]], reverse=True)


def evaluator(rules: Rules, weights: Weights | None = None) -> Evaluator:
    """The Evaluator of a board, with the shipped weights unless others are
    given: one for each board and weights, however they are asked for."""
    return _evaluator(rules, weights or shipped())


@cache
def _evaluator(rules: Rules, weights: Weights) -> Evaluator:
    return Evaluator(rules, weights)
