"""A small neural network that taught itself tic-tac-toe by playing itself.

This module is the network as it plays: its weights, its values, its move.
How it learns is network_learning.py's (`make train`, and the learning
page's runs, on the engine workers). It knows the rules and nothing else: no move, value or label
from the solved game is used while it learns (the solver judges it
afterwards, in harness/judge.py). The design, and why:

- It values afterstates: the position just after a move, seen by the side
  that made it. A move's value is then one number, the one a panel shows as
  "its value for each square", and choosing a move is taking the highest.
  A move that ends the game needs no network: the rules say it won (+1) or
  drew (0).
- Input: 18 numbers, the mover's stones and the other side's, one a square.
  One hidden layer of HIDDEN tanh units and a linear output, clipped to
  [-1, 1] when read: the result it expects, +1 a win, 0 a draw, -1 a loss.
  (A tanh output saturated on the exact ±1 targets and stopped learning.)
- Symmetry: it values each position in the board's 8 orientations and takes
  the mean, so squares that are the same move get the same value, and what
  it learns in one corner holds in all four.
- Target: negamax temporal differences. An afterstate is worth minus the
  opponent's best reply, so its target is minus the highest value, by the
  network's own judgement now, among the opponent's replies (a reply that
  ends the game counts exactly). The fixed point of this is the game's
  minimax value, whatever the moves that found the position; a target of
  final results would learn the mistakes of its own exploration.
- Self-play: both sides play by the network, one move in EXPLORE_ONE_IN a
  random square, so positions that good play avoids turn up too. Every
  afterstate a game meets is remembered (Memory), and after each game
  STEPS_PER_GAME Adam steps are taken on BATCH afterstates drawn from all
  it has met, targets worked out afresh. Learning from only the latest
  games kept the rarely met positions wrong; drawing from the memory values
  them all as often, as a sweep of value iteration would.
- The rate of learning falls linearly to 0 over the games, so the last
  steps settle instead of jittering. Everything random comes from the one
  seed, so `make train` gives the same weights each time.

The weights are numpy arrays, rounded to 6 decimals in network.json.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache
from typing import Any, NamedTuple

import numpy as np

from webapp.engine.game.boards import BOARDS
from webapp.engine.game.position import Position
from webapp.engine.game.rules import cells_of, opponent, transform
from webapp.engine.players import shipped

THREE = BOARDS["3x3"]
HIDDEN = 128
TIE = 1e-9
"""Values closer than this are equal: squares the same by symmetry differ only by rounding."""
DECIMALS = 6

SQUARES = np.array([[bits >> cell & 1 for cell in range(9)] for bits in range(512)], dtype=float)
"""Row b: the nine squares of bitboard b, as 0.0 and 1.0."""
ORIENTATIONS = np.array([list(image) + [9 + cell for cell in image] for image in THREE.symmetries])
"""For each of the 8 symmetries, the order of the 18 inputs that turns the board so."""


class Network(NamedTuple):
    """The weights: from the inputs to the hidden units, and from those to the output."""

    hidden_weights: np.ndarray  # (18, HIDDEN)
    hidden_bias: np.ndarray     # (HIDDEN,)
    output_weights: np.ndarray  # (HIDDEN,)
    output_bias: float

    @classmethod
    def initial(cls, rng: np.random.Generator) -> Network:
        """Small random weights, so that every value starts near 0, a draw."""
        return cls(rng.normal(0, 18 ** -0.5, (18, HIDDEN)), np.zeros(HIDDEN),
                   rng.normal(0, 0.1 * HIDDEN ** -0.5, HIDDEN), 0.0)

    def forward(self, inputs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The hidden units and the raw output for each row of inputs (n, 18)."""
        hidden = np.tanh(inputs @ self.hidden_weights + self.hidden_bias)
        return hidden, hidden @ self.output_weights + self.output_bias

    def judge(self, afterstates: np.ndarray) -> np.ndarray:
        """The value of each afterstate (rows of 18 inputs): the mean over the
        8 orientations, clipped to [-1, 1]."""
        turned = afterstates[:, ORIENTATIONS].reshape(-1, 18)
        judged: np.ndarray = np.clip(self.forward(turned)[1].reshape(-1, len(ORIENTATIONS)).mean(axis=1), -1, 1)
        return judged

    def values(self, position: Position) -> dict[int, float]:
        """Its value for each empty square: the result it expects for the
        side to move after playing there, from -1 (a loss) to +1 (a win)."""
        check(position)
        cells = cells_of(position.empty)
        return dict(zip(cells, self.values_of(position, cells)))

    def best(self, position: Position) -> list[int]:
        """The squares of highest value, lowest first: its likeliest moves."""
        found = self.values(position)
        return highest(list(found), list(found.values()))

    def move(self, position: Position, rng: random.Random | None = None) -> int:
        """Its move: the square of highest value; between squares of equal
        value (the same move by symmetry) it chooses at random, or the
        lowest without a generator."""
        best = self.best(position)
        return best[0] if rng is None else rng.choice(best)

    def policies(self, positions: tuple[Position, ...]) -> list[dict[int, float]]:
        """For each position, its chance of playing each empty square: its
        highest values share it alike (move's random choice between ties).
        Worked out in one batch, for the thousands of positions a measure
        asks about (keeping.py), on inputs laid out once for them."""
        cells, ended, inputs, row_of = _laid_out(positions)
        judged = iter(self.judge(inputs)[row_of].tolist() if len(inputs) else [])
        values = [[next(judged) if over is None else over for over in row] for row in ended]
        return [{cell: 1 / len(best) for cell in best}
                for best in (highest(row, found) for row, found in zip(cells, values))]

    def values_of(self, position: Position, cells: list[int]) -> list[float]:
        mine, theirs = position.stones_of(position.to_move), position.stones_of(opponent(position.to_move))
        ended = [result(mine | 1 << cell, position.empty & ~(1 << cell)) for cell in cells]
        going_on = [cell for cell, result in zip(cells, ended) if result is None]
        judged = iter(self.judge(afterstates(mine, theirs, going_on)) if going_on else [])
        return [float(next(judged)) if result is None else result for result in ended]

    def to_data(self) -> dict[str, list[Any] | float]:
        return {name: np.round(weights, DECIMALS).tolist() for name, weights in self._asdict().items()}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Network:
        hidden_weights, hidden_bias, output_weights = (np.array(data[name], dtype=float) for name in cls._fields[:3])
        return cls(hidden_weights, hidden_bias, output_weights, float(data["output_bias"]))


@lru_cache(maxsize=2)
def _laid_out(
    positions: tuple[Position, ...]
) -> tuple[list[list[int]], list[list[float | None]], np.ndarray, np.ndarray]:
    """For many positions: each one's empty squares, what the rules make of
    playing each (result: None where the game goes on), and for each
    afterstate where it goes on, one row of inputs per symmetry class, and
    which row each afterstate is (the network's value is the mean over the
    8 orientations, so symmetric afterstates have one value: a few hundred
    rows to judge instead of some sixteen thousand)."""
    cells: list[list[int]] = []
    ended: list[list[float | None]] = []
    rows: dict[tuple[int, int], int] = {}
    row_of: list[int] = []
    for position in positions:
        check(position)
        mine, theirs = position.stones_of(position.to_move), position.stones_of(opponent(position.to_move))
        cells.append(cells_of(position.empty))
        ended.append([result(mine | 1 << cell, position.empty & ~(1 << cell)) for cell in cells[-1]])
        for cell, over in zip(cells[-1], ended[-1]):
            if over is None:
                key = min((transform(mine | 1 << cell, image), transform(theirs, image)) for image in THREE.symmetries)
                row_of.append(rows.setdefault(key, len(rows)))
    inputs = np.array([np.concatenate([SQUARES[mine], SQUARES[theirs]]) for mine, theirs in rows]).reshape(-1, 18)
    return cells, ended, inputs, np.array(row_of, dtype=int)


def afterstates(mine: int, theirs: int, cells: list[int]) -> np.ndarray:
    """The inputs (len(cells), 18) after the side with stones mine plays each of cells."""
    moved = [mine | 1 << cell for cell in cells]
    return np.hstack([SQUARES[moved], np.tile(SQUARES[theirs], (len(cells), 1))])


def result(mine: int, empty: int) -> float | None:
    """+1 if the stones mine hold a line, 0 if no square is empty, else None: the game goes on."""
    if THREE.has_line(mine):
        return 1.0
    return None if empty else 0.0


def highest(cells: list[int], values: list[float]) -> list[int]:
    """The cells of highest value (equal within TIE), in the order given."""
    top = max(values)
    return [cell for cell, value in zip(cells, values) if value >= top - TIE]


def check(position: Position) -> None:
    """ValueError unless position is a 3×3 game with a move to make."""
    if position.rules != THREE:
        raise ValueError(f"The network plays on the 3x3 board, not on {position.rules.name}.")
    position.validate()
    if position.is_over:
        raise ValueError("The game is over; the network has no move to make.")


@cache
def trained() -> Network:
    """The network shipped in network.json, trained by `make train` (network_learning.py)."""
    return Network.from_data(shipped.record("network")["network"])
