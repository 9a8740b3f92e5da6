"""A small neural network that taught itself tic-tac-toe by playing itself.

It knows the rules and nothing else: no move, value or label from the solved
game is used while it learns (the solver judges it afterwards, in
judge.py). The design, and why:

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
from collections.abc import Callable
from functools import cache
from typing import NamedTuple

import numpy as np

from webapp.engine import shipped
from webapp.engine.rules import BOARDS, Position, cells_of, opponent

THREE = BOARDS["3x3"]
HIDDEN = 128
EXPLORE_ONE_IN = 4
BATCH = 64
STEPS_PER_GAME = 2
LEARNING_RATE = 0.003
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
        return np.clip(self.forward(turned)[1].reshape(-1, len(ORIENTATIONS)).mean(axis=1), -1, 1)

    def values(self, position: Position) -> dict[int, float]:
        """Its value for each empty square: the result it expects for the
        side to move after playing there, from -1 (a loss) to +1 (a win)."""
        check(position)
        cells = cells_of(position.empty)
        return dict(zip(cells, self._values(position, cells)))

    def best(self, position: Position) -> list[int]:
        """The squares of highest value, lowest first: its likeliest moves."""
        found = self.values(position)
        return _highest(list(found), list(found.values()))

    def move(self, position: Position, rng: random.Random | None = None) -> int:
        """Its move: the square of highest value; between squares of equal
        value (the same move by symmetry) it chooses at random, or the
        lowest without a generator."""
        best = self.best(position)
        return best[0] if rng is None else rng.choice(best)

    def _values(self, position: Position, cells: list[int]) -> list[float]:
        mine, theirs = position.stones_of(position.to_move), position.stones_of(opponent(position.to_move))
        ended = [_result(mine | 1 << cell, position.empty & ~(1 << cell)) for cell in cells]
        going_on = [cell for cell, result in zip(cells, ended) if result is None]
        judged = iter(self.judge(afterstates(mine, theirs, going_on)) if going_on else [])
        return [float(next(judged)) if result is None else result for result in ended]

    def to_data(self) -> dict[str, list | float]:
        return {name: np.round(weights, DECIMALS).tolist() for name, weights in self._asdict().items()}

    @classmethod
    def from_data(cls, data: dict[str, list | float]) -> Network:
        return cls(*(np.array(data[name], dtype=float) for name in cls._fields[:3]), float(data["output_bias"]))


def afterstates(mine: int, theirs: int, cells: list[int]) -> np.ndarray:
    """The inputs (len(cells), 18) after the side with stones mine plays each of cells."""
    moved = [mine | 1 << cell for cell in cells]
    return np.hstack([SQUARES[moved], np.tile(SQUARES[theirs], (len(cells), 1))])


def _result(mine: int, empty: int) -> float | None:
    """+1 if the stones mine hold a line, 0 if no square is empty, else None: the game goes on."""
    if any(window & mine == window for window in THREE.windows):
        return 1.0
    return None if empty else 0.0


def _highest(cells: list[int], values: list[float]) -> list[int]:
    top = max(values)
    return [cell for cell, value in zip(cells, values) if value >= top - TIE]


def check(position: Position) -> None:
    """ValueError unless position is a 3×3 game with a move to make."""
    if position.rules != THREE:
        raise ValueError(f"The network plays on the 3x3 board, not on {position.rules.name}.")
    position.validate()
    if position.is_over:
        raise ValueError("The game is over; the network has no move to make.")


# Learning by self-play

class Memory:
    """Every afterstate self-play has met, with what its target needs: the
    inputs of the opponent's replies, or the target itself where a reply
    ends the game (-1 when the opponent can win at once; 0 when its one
    reply fills the board)."""

    def __init__(self) -> None:
        self.seen: set[tuple[int, int]] = set()
        self.inputs: list[np.ndarray] = []
        self.fixed: list[float | None] = []
        self.replies: list[np.ndarray] = []

    def __len__(self) -> int:
        return len(self.inputs)

    def add(self, mine: int, theirs: int) -> None:
        """Remember the afterstate in which the side that just moved holds mine, the other theirs."""
        if (mine, theirs) in self.seen:
            return
        self.seen.add((mine, theirs))
        replies = cells_of(THREE.full & ~(mine | theirs))
        self.inputs.append(np.concatenate([SQUARES[mine], SQUARES[theirs]]))
        if any(_result(theirs | 1 << cell, 1) for cell in replies):
            self.fixed.append(-1.0)
        else:
            self.fixed.append(0.0 if len(replies) == 1 else None)
        self.replies.append(afterstates(theirs, mine, replies))

    def targets(self, network: Network, chosen: list[int]) -> np.ndarray:
        """For each chosen afterstate, minus the value of the opponent's best reply, as network judges now."""
        judged = [index for index in chosen if self.fixed[index] is None]
        found = {index: self.fixed[index] for index in chosen}
        if judged:
            values = network.judge(np.vstack([self.replies[index] for index in judged]))
            starts = np.cumsum([0] + [len(self.replies[index]) for index in judged[:-1]])
            found.update(zip(judged, -np.maximum.reduceat(values, starts)))
        return np.array([found[index] for index in chosen])


def self_play(network: Network, rng: random.Random, memory: Memory) -> None:
    """One game of the network against itself, exploring; memory keeps every
    afterstate the game goes on from."""
    position = Position(THREE)
    while not position.is_over:
        cells = cells_of(position.empty)
        if rng.randrange(EXPLORE_ONE_IN) == 0:
            cell = rng.choice(cells)
        else:
            cell = rng.choice(_highest(cells, network._values(position, cells)))
        mover = position.to_move
        position = position.play(cell)
        if not position.is_over:
            memory.add(position.stones_of(mover), position.stones_of(opponent(mover)))


class Adam:
    """Adam's step for each weight (Kingma and Ba, 2015): a steady pace of
    learning without a rate tuned for each layer."""

    def __init__(self, network: Network, rate: float = LEARNING_RATE):
        self.rate, self.steps = rate, 0
        self.mean = [np.zeros_like(weights) for weights in network]
        self.square = [np.zeros_like(weights) for weights in network]

    def step(self, network: Network, gradients: list[np.ndarray], share: float = 1.0) -> Network:
        """The network moved against its gradients, by share of the full rate."""
        self.steps += 1
        moved = []
        for index, (weights, gradient) in enumerate(zip(network, gradients)):
            self.mean[index] = 0.9 * self.mean[index] + 0.1 * gradient
            self.square[index] = 0.999 * self.square[index] + 0.001 * gradient ** 2
            mean = self.mean[index] / (1 - 0.9 ** self.steps)
            square = self.square[index] / (1 - 0.999 ** self.steps)
            moved.append(weights - share * self.rate * mean / (np.sqrt(square) + 1e-8))
        return Network(moved[0], moved[1], moved[2], float(moved[3]))


def gradients(network: Network, inputs: np.ndarray, targets: np.ndarray) -> list[np.ndarray]:
    """The gradient of the mean of ½(output - target)² over the rows, for each weight."""
    hidden, output = network.forward(inputs)
    output_error = (output - targets) / len(targets)
    hidden_error = np.outer(output_error, network.output_weights) * (1 - hidden ** 2)
    return [inputs.T @ hidden_error, hidden_error.sum(axis=0), hidden.T @ output_error, output_error.sum()]


def teach_itself(games: int, seed: int, every: int = 0,
                 measure: Callable[[int, Network], None] | None = None) -> Network:
    """A network trained from random weights by games of self-play, from
    seed alone. measure(games so far, network), if given, is called before
    the first game and every `every` games, and at the end; it is given no
    generator of the training's, so measuring never changes what is learned."""
    rng = random.Random(seed)
    network = Network.initial(np.random.default_rng(seed))
    adam, memory = Adam(network), Memory()
    for game in range(games):
        if measure and every and game % every == 0:
            measure(game, network)
        self_play(network, rng, memory)
        for _ in range(STEPS_PER_GAME):
            chosen = [rng.randrange(len(memory)) for _ in range(BATCH)]
            inputs = np.array([memory.inputs[index] for index in chosen])[:, ORIENTATIONS].reshape(-1, 18)
            targets = np.repeat(memory.targets(network, chosen), len(ORIENTATIONS))
            network = adam.step(network, gradients(network, inputs, targets), share=1 - game / games)
    if measure:
        measure(games, network)
    return network


@cache
def trained() -> Network:
    """The network shipped in network.json, trained by `make train` (see training.py)."""
    return Network.from_data(shipped.record("network")["network"])
