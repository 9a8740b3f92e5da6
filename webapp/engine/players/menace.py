"""MENACE, Donald Michie's Machine Educable Noughts And Crosses Engine (1961):
a matchbox for each position it can face, holding beads of one colour for
each square it may play. It learns by reward alone; it knows the rules of
tic-tac-toe and nothing else.

The rules chosen here are Michie's, so that the machine on screen is the one
in the story:

- Boxes. Positions that are the same up to the board's 8 symmetries share a
  box, so MENACE as X needs 304 boxes (its first, second, third and fourth
  moves: 1 + 12 + 108 + 183), as Michie's did, and as O 289 (3 + 38 + 153 +
  95). Its last move as X fills the one empty square: no box. In a
  symmetric position, squares that are the same move (the four corners of
  the empty board) share one colour, so the first box holds three colours:
  corner, edge and centre. A box is made when MENACE first uses it.
- Starting beads: 4 of each colour in the boxes of its first move, 3 of its
  second, 2 of its third, 1 of its fourth, so early moves, which matter
  most, change slowly.
- Moving: it draws a bead at random from the box of the position, so each
  colour is played in proportion to its beads.
- Rewards, after the game, for every bead it drew: a win adds 3 beads of
  that colour, a draw adds 1, a loss takes the drawn bead away.
- An empty box: when losses take a box's last bead, it is restocked with one
  bead of each colour at once, so MENACE always has a move. (Michie's
  machine resigned instead; a resignation would need a game that can end
  without a line or a full board.)

A Menace is a value: learn() returns a new one and nothing is changed in
place (its boxes mapping is never written to after it is made).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple

from webapp.engine.game.boards import BOARDS
from webapp.engine.game.position import Position
from webapp.engine.game.rules import MARKS, cells_of, transform
from webapp.engine.players import shipped

THREE = BOARDS["3x3"]
STARTING_BEADS = (4, 3, 2, 1)
"""Beads of each colour in a new box, by MENACE's move number: first, second, third, fourth."""
REWARDS = {"W": 3, "D": 1, "L": -1}
"""Beads added to each drawn colour after a win, a draw and a loss."""
DATA_VERSION = 1
MOST_BEADS = 1 << 30
"""More beads than any real box holds: stored data beyond it is taken for corrupt."""


class Fold(NamedTuple):
    """Where a position's box is, and how the position sits in it."""

    key: str
    """The box's own position, as text: the smallest of the position's symmetric images."""
    image: tuple[int, ...]
    """The symmetry taking the position's cells to the box's (cell -> box cell)."""
    colours: tuple[int, ...]
    """The box's squares that carry a colour, in order: one per class of equivalent moves."""
    colour_of: Mapping[int, int]
    """For each empty square of the box's position, the colour it plays as."""
    move_number: int
    """MENACE's first move in this game is 0, its second 1, and so on."""

    def colour(self, cell: int) -> int:
        """Which of the box's colours (an index into colours) a square of the position plays as."""
        return self.colours.index(self.colour_of[self.image[cell]])


class Draw(NamedTuple):
    """A move MENACE made, with what a panel needs to show it."""

    cell: int
    """The square played: the colour of the bead drawn."""
    box: dict[int, int]
    """The beads in the box it drew from, by square in the position's own
    orientation (one square for each colour); empty for the forced last move."""


@dataclass(frozen=True)
class Menace:
    """The boxes MENACE has used, and the results of the games it learned from.

    boxes maps a box's key (Fold.key) to its beads of each colour (in the
    order of Fold.colours); a box it never used holds the starting beads.
    results has one letter a game, oldest first: 'W', 'D' or 'L' from
    MENACE's side. Both are read-only.
    """

    boxes: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    results: str = ""

    @classmethod
    def fresh(cls) -> Menace:
        """MENACE before its first game: every box full of starting beads."""
        return cls()

    def box(self, position: Position) -> dict[int, int]:
        """The beads of each colour in the box of position, by square in the
        position's own orientation; empty when the move is forced (one square
        left). Squares that are the same move by symmetry share one colour,
        shown on one of them."""
        fold = fold_position(position)
        if fold is None:
            return {}
        back = inverse(fold.image)
        return {back[colour]: beads for colour, beads in zip(fold.colours, self.beads(fold))}

    def move(self, position: Position, rng: random.Random | None = None) -> Draw:
        """Draw a bead from the position's box and play its square. Without a
        generator nothing is left to chance: the fullest colour is played
        (the lowest square of the fullest, if several are as full)."""
        beads = self.box(position)
        if not beads:
            return Draw(cells_of(position.empty)[0], {})
        if rng is None:
            return Draw(self.fullest(position)[0], beads)
        cells = list(beads)
        return Draw(rng.choices(cells, weights=[beads[cell] for cell in cells])[0], beads)

    def fullest(self, position: Position) -> list[int]:
        """The squares of the colours with the most beads, lowest first: its likeliest moves."""
        beads = self.box(position) or {cells_of(position.empty)[0]: 1}
        most = max(beads.values())
        return sorted(cell for cell, count in beads.items() if count == most)

    def learn(self, moves: Sequence[int], mark: str) -> Menace:
        """MENACE after a finished game, given as the squares played from the
        empty board, in which it played mark: every bead it drew is rewarded
        (REWARDS), and the result is added to results."""
        if mark not in MARKS:
            raise ValueError(f"MENACE plays X or O, not {str(mark)[:12]!r}.")
        positions = replay(moves)
        final = positions[-1]
        if not final.is_over:
            raise ValueError(f"MENACE learns from finished games; this one is still going after "
                             f"{len(moves)} moves.")
        result = "D" if final.winner is None else "W" if final.winner == mark else "L"
        boxes = dict(self.boxes)
        for position, cell in zip(positions, moves):
            fold = fold_position(position) if position.to_move == mark else None
            if fold is not None:
                boxes[fold.key] = rewarded(self.beads(fold), fold.colour(cell), REWARDS[result])
        return Menace(boxes, self.results + result)

    def beads(self, fold: Fold) -> tuple[int, ...]:
        """The beads of each colour in the box fold names (its starting beads if never used), in fold.colours' order."""
        return self.boxes.get(fold.key) or (STARTING_BEADS[fold.move_number],) * len(fold.colours)

    def to_data(self) -> dict[str, Any]:
        """A compact form of plain dicts, lists, strings and ints, for JSON or a session."""
        return {"menace": DATA_VERSION, "boxes": {key: list(beads) for key, beads in self.boxes.items()},
                "results": self.results}

    @classmethod
    def from_data(cls, data: Any) -> Menace:
        """The Menace that to_data gave; a fresh one for anything else
        (corrupt, foreign or from another version), rather than an error."""
        try:
            boxes, results = data["boxes"], data["results"]
            if data["menace"] != DATA_VERSION or not isinstance(results, str) or set(results) - set(REWARDS):
                return cls.fresh()
            return cls({key: _checked_beads(key, beads) for key, beads in boxes.items()}, results)
        except (TypeError, KeyError, ValueError, AttributeError):
            return cls.fresh()


def rewarded(beads: tuple[int, ...], colour: int, reward: int) -> tuple[int, ...]:
    """A box's beads after one colour is rewarded; a box left empty is restocked with one of each."""
    changed = tuple(max(0, count + reward) if index == colour else count for index, count in enumerate(beads))
    return changed if any(changed) else (1,) * len(beads)


def replay(moves: Sequence[int]) -> list[Position]:
    """The positions of a game from the empty 3×3 board: before each move,
    then the last; ValueError for a move that is not legal where it is played."""
    positions = [Position(THREE)]
    for cell in moves:
        if positions[-1].is_over:
            raise ValueError(f"The game was over after {len(positions) - 1} moves, yet it goes on.")
        if type(cell) is not int:
            raise ValueError(f"A move is a square, 0 to 8, not {str(cell)[:12]!r}.")
        positions.append(positions[-1].play(cell))
    return positions


def _checked_beads(key: str, beads: Any) -> tuple[int, ...]:
    """A stored box's beads, or ValueError unless they fit the box's key."""
    if not isinstance(key, str):
        raise ValueError("a box's key is text")
    fold = fold_position(Position.from_text(THREE, key))
    if fold is None or fold.key != key or not isinstance(beads, list) or len(beads) != len(fold.colours):
        raise ValueError("not a box")
    if not all(type(count) is int and 0 <= count < MOST_BEADS for count in beads) or not any(beads):
        raise ValueError("not beads")
    return tuple(beads)


def fold_position(position: Position) -> Fold | None:
    """The box of a 3×3 position with a move to make; None when the move is
    forced (one empty square). ValueError for another board, a finished
    game or a position no game reaches."""
    if position.rules != THREE:
        raise ValueError(f"MENACE plays on the 3x3 board, not on {position.rules.name}.")
    if position.is_over:
        position.validate()
        raise ValueError("The game is over; MENACE has no move to make.")
    position.validate()
    return _fold(position.x, position.o)


@cache
def _fold(x: int, o: int) -> Fold | None:
    empty = THREE.full & ~(x | o)
    if empty.bit_count() < 2:
        return None
    box_x, box_o, image = min(((transform(x, image), transform(o, image), image) for image in THREE.symmetries),
                              key=lambda found: found[:2])
    keeps = [symmetry for symmetry in THREE.symmetries
             if transform(box_x, symmetry) == box_x and transform(box_o, symmetry) == box_o]
    box_empty = THREE.full & ~(box_x | box_o)
    colour_of = {cell: min(symmetry[cell] for symmetry in keeps) for cell in cells_of(box_empty)}
    stones = (x | o).bit_count()
    return Fold(Position(THREE, box_x, box_o).text, image, tuple(sorted(set(colour_of.values()))), colour_of,
                stones // 2)


def inverse(image: tuple[int, ...]) -> tuple[int, ...]:
    """The symmetry that undoes image."""
    back = [0] * len(image)
    for cell, moved in enumerate(image):
        back[moved] = cell
    return tuple(back)


@cache
def trained() -> Menace:
    """The MENACE shipped in menace.json, trained by `make train` (tools/training.py)."""
    return Menace.from_data(shipped.record("menace")["menace"])
