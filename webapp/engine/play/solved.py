"""Solved games: every position of 3×3 and of 4×4, with its value and best moves.

A table knows, for each position with a move to make, its score for the side
to move with perfect play from both sides, and the cells that reach it. A
score is an int whose order is the preference order (see preference): wins
beat draws beat losses, a faster win beats a slower one and a slower loss a
faster one. Among equally good cells the table keeps those that leave the
opponent the most losing replies: the traps perfect prefers to set.

3×3 (4,520 such positions) is solved when first asked for, in memory. 4×4
(9,722,011 reachable positions) takes minutes in Python, so `make tablebase`
solves it once and writes the positions that are their own canonical form
under the board's 32 symmetries to webapp/engine/play/4x4.tablebase; it is read
through mmap, so every worker process shares one copy in the page cache.
"""

from __future__ import annotations

import bisect
import hashlib
import mmap
import struct
import sys
from functools import cache
from pathlib import Path
from typing import Literal, NamedTuple

from webapp.engine.game.boards import BOARDS
from webapp.engine.game.position import Position
from webapp.engine.game.rules import Rules, cells_of

SOLVED_BOARDS = ("3x3", "4x4")
"""The boards whose every position is solved here; the others are searched."""


def is_solved(rules: Rules) -> bool:
    """Whether every position of this board is solved here."""
    return rules.name in SOLVED_BOARDS

TABLEBASE = Path(__file__).with_name("4x4.tablebase")
MAGIC = b"k-in-a-row table"
HEADER = struct.Struct("<16sHHI")  # magic, size, k, number of positions
Record = tuple[int, int]  # (score, bitboard of the best cells)


class Outcome(NamedTuple):
    """Where playing a cell leads, with perfect play from both sides afterwards.

    result is from the point of view of the side that plays the cell: +1 it
    wins, 0 a draw, -1 it loses. plies is how long the game then lasts, this
    move included, when the winner wins as fast as it can and the loser holds
    out as long as it can; a draw always lasts to the full board.
    """

    result: int
    plies: int


def preference(outcome: Outcome, cells: int = 9) -> int:
    """The score of an outcome on a board of `cells` cells, larger is better for
    the mover: cells + 1 - plies for a win, 0 for a draw, plies - cells - 1 for
    a loss (on 3×3: 10 - plies, 0, plies - 10)."""
    return outcome.result * (cells + 1 - outcome.plies)


def outcome_of(score: int, empty: int, cells: int) -> Outcome:
    """The Outcome a move's score stands for; a draw fills the empty cells."""
    if score == 0:
        return Outcome(0, empty)
    return Outcome(1, cells + 1 - score) if score > 0 else Outcome(-1, cells + 1 + score)


def reply_score(child: int) -> int:
    """A move's score from the score its opponent then has: turned to the
    mover's side, and one ply longer."""
    return -child + (child > 0) - (child < 0)


class Table:
    """The solved positions of one board, in a dict or a mapped file."""

    rules: Rules

    def record(self, position: Position) -> Record:
        """The score and best cells of a position with a move to make; KeyError
        if it is not in the table (finished, or unreachable: after a pass too)."""
        raise NotImplementedError

    def scores(self, position: Position) -> dict[int, int]:
        """The score of every empty cell for the side to move (the position
        must have a move to make): a cell that wins at once scores cells, a
        cell that fills the board without a line scores 0, any other the
        score its opponent then has, turned. KeyError after a pass, which no game makes."""
        if position.passed:
            raise KeyError(position.text)
        cells = self.rules.cells
        mover = position.to_move
        found = {}
        for cell in cells_of(position.empty):
            child = position.play(cell)
            if _completes(self.rules, child.stones_of(mover), cell):
                found[cell] = cells
            elif not child.empty:
                found[cell] = 0
            else:
                found[cell] = reply_score(self.record(child)[0])
        return found


class MemoryTable(Table):
    """A table solved in this process: for boards as small as 3×3."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self._records, self.reachable = solve(rules)

    def record(self, position: Position) -> Record:
        if position.passed:  # the same stones without the pass are another position
            raise KeyError(position.text)
        return self._records[position.x | position.o << self.rules.cells]


class FileTable(Table):
    """A table written by write_tablebase and mapped into memory: sorted keys
    of the canonical positions, their best cells and scores, looked up by
    bisection. Only the 16-cell board is stored this way (keys are 32 bits)."""

    def __init__(self, path: Path):
        with open(path, "rb") as file:
            self._map = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
        magic, size, k, count = HEADER.unpack_from(self._map)
        if magic != MAGIC or sys.byteorder != "little":
            raise ValueError(f"{path} is not a tablebase this machine can read")
        self.rules, self.count = Rules(size, k), count
        view = memoryview(self._map)[HEADER.size:]
        sections: dict[str, memoryview[int]] = {}
        layout: tuple[tuple[str, Literal["I", "H", "b"], int], ...] = (
            ("lowest", "I", 1 << 16), ("keys", "I", count), ("best", "H", count), ("scores", "b", count))
        for name, code, length in layout:
            width = struct.calcsize(code)
            sections[name], view = view[:width * length].cast(code), view[width * length:]
        self._lowest, self._keys, self._best, self._scores = sections.values()
        self._symmetries = _ByteImages(self.rules)

    def record(self, position: Position) -> Record:
        if position.passed:  # the same stones without the pass are another position
            raise KeyError(position.text)
        key, symmetry = self._symmetries.canonical(position.x, position.o, self._lowest[position.x])
        index = bisect.bisect_left(self._keys, key)
        if index == self.count or self._keys[index] != key:
            raise KeyError(position.text)
        return self._scores[index], self._symmetries.back(self._best[index], symmetry)

    def checksum(self) -> str:
        """The SHA-256 of the whole file, as tests and README give it."""
        return hashlib.sha256(self._map).hexdigest()


class _ByteImages:
    """The 4×4 board's symmetries as lookup tables of byte images, so that a
    16-cell bitboard moves in two lookups per symmetry."""

    def __init__(self, rules: Rules):
        images = rules.symmetries
        inverses = [tuple(image.index(cell) for cell in range(16)) for image in images]
        self._forward = [self._bytes(image) for image in images]
        self._backward = [self._bytes(inverse) for inverse in inverses]

    @staticmethod
    def _bytes(image: tuple[int, ...]) -> tuple[list[int], list[int]]:
        """The image of each value of the low byte, and of the high byte."""
        single = [1 << image[cell] for cell in range(16)]
        low, high = [0] * 256, [0] * 256
        for value in range(1, 256):
            bit = (value & -value).bit_length() - 1
            low[value] = low[value & (value - 1)] | single[bit]
            high[value] = high[value & (value - 1)] | single[bit + 8]
        return low, high

    def image(self, bits: int, symmetry: int) -> int:
        low, high = self._forward[symmetry]
        return low[bits & 255] | high[bits >> 8]

    def back(self, bits: int, symmetry: int) -> int:
        """A bitboard of the canonical position, moved back to the original."""
        low, high = self._backward[symmetry]
        return low[bits & 255] | high[bits >> 8]

    def lowest(self, x: int) -> int:
        """The symmetries that map X's stones x to their smallest image, as a
        bitmask: the canonical form is among them (the file keeps this for
        every x, so that a lookup tries one or two symmetries, not 32)."""
        images = [self.image(x, symmetry) for symmetry in range(len(self._forward))]
        smallest = min(images)
        return sum(1 << symmetry for symmetry, image in enumerate(images) if image == smallest)

    def canonical(self, x: int, o: int, lowest: int) -> tuple[int, int]:
        """The canonical key of a position (its smallest image, X's stones in
        the low 16 bits, O's above), and which symmetry gives it; lowest is
        the bitmask of the symmetries that minimise x."""
        found, which = -1, 0
        for symmetry in cells_of(lowest):
            key = self.image(x, symmetry) | self.image(o, symmetry) << 16
            if found < 0 or key < found:
                found, which = key, symmetry
        return found, which


def solve(rules: Rules) -> tuple[dict[int, Record], int]:
    """Every reachable position with a move to make, by key (X's stones, then
    O's shifted past the board), with its score and best cells; and how many
    positions are reachable in all, finished games included.

    The positions are found ply by ply from the empty board, then valued from
    the last ply back to the first, so each is valued once its children are.
    A finished game is spotted by checking only the lines through the cell
    just played. Fine for 3×3 at once; 4×4 needs minutes and gigabytes
    (`make tablebase`: docs/measurements.md)."""
    cells, full = rules.cells, rules.full
    layers, finished = [{0}], set()
    for ply in range(cells):
        following = set()
        for key in layers[-1]:
            x, o = key & full, key >> cells
            mine = x if ply % 2 == 0 else o
            for cell in cells_of(full & ~(x | o)):
                child = key | 1 << (cell if ply % 2 == 0 else cell + cells)
                if (x | o | 1 << cell) == full or _completes(rules, mine | 1 << cell, cell):
                    finished.add(child)
                else:
                    following.add(child)
        layers.append(following)
    records: dict[int, Record] = {}
    packed: dict[int, int] = {}  # the layer below's score and count of losing moves, in one int
    for ply in reversed(range(len(layers))):
        below, packed = packed, {}
        for key in layers[ply]:
            score, best, losing = _value(rules, key, ply, below)
            records[key] = (score, best)
            packed[key] = (score + 64) << 6 | losing
    return records, sum(map(len, layers)) + len(finished)


def _value(rules: Rules, key: int, ply: int, below: dict[int, int]) -> tuple[int, int, int]:
    """A position's score, best cells (ties broken toward the most losing
    replies) and number of losing moves, from its children's packed values.
    One pass and no containers: this runs once for each of 4×4's 9.7 million
    positions, and 3×3's solve is part of the server's start-up."""
    cells, full = rules.cells, rules.full
    x, o = key & full, key >> cells
    shift = 0 if ply % 2 == 0 else cells
    mine, taken = (o if shift else x), x | o
    top, most, best, losing = -cells - 1, -1, 0, 0
    for cell in cells_of(full & ~taken):
        if _completes(rules, mine | 1 << cell, cell):
            score, traps = cells, 0
        elif taken | 1 << cell == full:
            score, traps = 0, 0
        else:
            value = below[key | 1 << (cell + shift)]
            score, traps = reply_score((value >> 6) - 64), value & 63
        losing += score < 0
        if score > top or (score == top and traps > most):
            top, most, best = score, traps, 1 << cell
        elif score == top and traps == most:
            best |= 1 << cell
    return top, best, losing


def _completes(rules: Rules, stones: int, cell: int) -> bool:
    """Whether stones fill a window through cell."""
    for window in rules.windows_through[cell]:  # a loop, not any(): it runs for every move solved
        if window & stones == window:
            return True
    return False


def write_tablebase(rules: Rules, path: Path) -> tuple[int, int]:
    """Solve the 16-cell board and write, byte for byte the same every time:
    for each of the 65,536 ways X's stones can lie, the symmetries that
    minimise them (see _ByteImages.canonical); then the positions that are
    their own canonical form, sorted by key, with their best cells and scores.
    Returns the number of positions reachable, and of positions written."""
    if rules.cells != 16:
        raise ValueError("The tablebase format stores 16-cell boards (4×4) only.")
    records, reachable = solve(rules)
    symmetries = _ByteImages(rules)
    lowest = [symmetries.lowest(x) for x in range(1 << 16)]
    keys = sorted(key for key in records
                  if symmetries.canonical(key & 0xFFFF, key >> 16, lowest[key & 0xFFFF])[0] == key)
    with open(path, "wb") as file:
        file.write(HEADER.pack(MAGIC, rules.size, rules.k, len(keys)))
        file.write(struct.pack(f"<{len(lowest)}I", *lowest))
        file.write(struct.pack(f"<{len(keys)}I", *keys))
        file.write(struct.pack(f"<{len(keys)}H", *(records[key][1] for key in keys)))
        file.write(struct.pack(f"<{len(keys)}b", *(records[key][0] for key in keys)))
    return reachable, len(keys)


def outcomes(position: Position) -> dict[int, Outcome]:
    """For every empty cell of a solved board, the Outcome of playing it for
    the side to move. ValueError for a finished game, an impossible position,
    a position after a pass (which no game reaches), or a board too big to solve here."""
    solved = table(position.rules)
    if position.passed:
        raise ValueError("The solved table holds the positions games reach, and games never pass.")
    if position.is_over:
        position.validate()
        raise ValueError("The game is over; no move is left to judge.")
    try:
        solved.record(position)
        scores = solved.scores(position)
    except KeyError:
        position.validate()
        raise ValueError("No game reaches this position.") from None
    empty, cells = position.empty.bit_count(), position.rules.cells
    return {cell: outcome_of(score, empty, cells) for cell, score in scores.items()}


def losing_replies(position: Position, cell: int) -> int:
    """How many of the opponent's replies lose once the side to move plays
    cell: the traps a move sets, which perfect uses to break its ties."""
    after = position.play(cell)
    if after.is_over:
        return 0
    return sum(score < 0 for score in table(position.rules).scores(after).values())


@cache
def table(rules: Rules) -> Table:
    """The solved table of a board: 3×3 solved now, 4×4 mapped from the
    tablebase; ValueError for a board too big to solve here."""
    if rules == BOARDS["3x3"]:
        return MemoryTable(rules)
    if rules == BOARDS["4x4"]:
        if not TABLEBASE.exists():
            raise ValueError(f"The 4×4 tablebase is missing: `make tablebase` writes {TABLEBASE.name}.")
        return FileTable(TABLEBASE)
    raise ValueError(f"The {rules.name} board is not solved here; its top level is master.")


def load_all() -> list[Table]:
    """Every solved table, loaded now: for a server to do before it forks its workers."""
    return [table(BOARDS[name]) for name in SOLVED_BOARDS]


def main() -> None:
    """`python -m webapp.engine.play.solved PATH`: write the 4×4 tablebase to PATH."""
    import time
    start = time.perf_counter()
    reachable, written = write_tablebase(BOARDS["4x4"], Path(sys.argv[1]))
    print(f"4x4: {reachable:,} reachable positions; {written:,} with a move to make, one per symmetry class, "
          f"written in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
