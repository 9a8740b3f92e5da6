"""How the network learns by playing: the memory of every afterstate met, a
game against itself (or an opponent), Adam's steps, the gradients. The
design and why are in network.py's docstring.

`make train` (tools/training.py) taught the shipped network with
teach_itself(); the learning page's runs (webapp/learn) learn a few games at
a time on the engine workers with NetworkLearning, which holds everything
the next game needs and can be written down between chunks and taken up
again in another process, learning exactly as one unbroken run would.
"""

from __future__ import annotations

import base64
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from webapp.engine.game.position import Position
from webapp.engine.game.rules import cells_of, opponent
from webapp.engine.players.learning import check_opponent, opponent_move
from webapp.engine.players.network import HIDDEN, ORIENTATIONS, SQUARES, THREE, Network, afterstates, highest, result

EXPLORE_ONE_IN = 4
"""One move in this many, in self-play, is a random square."""
BATCH = 64
STEPS_PER_GAME = 2
LEARNING_RATE = 0.003


class Memory:
    """Every afterstate self-play has met, with what its target needs: the
    inputs of the opponent's replies, or the target itself where a reply
    ends the game (-1 when the opponent can win at once; 0 when its one
    reply fills the board)."""

    def __init__(self) -> None:
        self.seen: set[tuple[int, int]] = set()
        self.order: list[tuple[int, int]] = []  # the afterstates in the order met: what the memory is, written down
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
        self.order.append((mine, theirs))
        replies = cells_of(THREE.full & ~(mine | theirs))
        self.inputs.append(np.concatenate([SQUARES[mine], SQUARES[theirs]]))
        if any(result(theirs | 1 << cell, 1) for cell in replies):
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


def self_play(network: Network, rng: random.Random, memory: Memory, against: str = "itself",
              side: str = "X") -> None:
    """One game of the network against itself, exploring: one move in
    EXPLORE_ONE_IN a random square. Against a player who moves at random or
    the perfect player (against), it plays side so, and the other side is
    theirs. memory keeps every afterstate the game goes on from, both sides'."""
    position = Position(THREE)
    while not position.is_over:
        cells = cells_of(position.empty)
        if against != "itself" and position.to_move != side:
            cell = opponent_move(against, position, rng)
        elif rng.randrange(EXPLORE_ONE_IN) == 0:
            cell = rng.choice(cells)
        else:
            cell = rng.choice(highest(cells, network.values_of(position, cells)))
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
            moved.append(np.asarray(weights) - share * self.rate * mean / (np.sqrt(square) + 1e-8))
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
    learning = NetworkLearning.start(games, seed)
    for game in range(games):
        if measure and every and game % every == 0:
            measure(game, learning.network)
        learning.play(1)
    if measure:
        measure(games, learning.network)
    return learning.network


@dataclass
class NetworkLearning:
    """A network part-way through `games` games of learning against opponent:
    its weights, Adam's running means, the memory of afterstates, the
    generator, and how many games it has played (played). Against an
    opponent it plays X in the even games and O in the odd ones, exploring
    as in self-play; the opponent's moves come from the same generator."""

    network: Network
    adam: Adam
    memory: Memory
    rng: random.Random
    games: int
    opponent: str = "itself"
    played: int = 0

    @classmethod
    def start(cls, games: int, seed: int, opponent: str = "itself") -> NetworkLearning:
        """Random weights and an empty memory, all from seed."""
        check_opponent(opponent)
        network = Network.initial(np.random.default_rng(seed))
        return cls(network, Adam(network), Memory(), random.Random(seed), games, opponent)

    def play(self, games: int) -> NetworkLearning:
        """Play and learn from the next games (at most those left of the run's);
        itself, moved on in place (its arrays are too big to copy a game)."""
        for game in range(self.played, min(self.games, self.played + games)):
            self_play(self.network, self.rng, self.memory, self.opponent, "XO"[game % 2])
            for _ in range(STEPS_PER_GAME):
                chosen = [self.rng.randrange(len(self.memory)) for _ in range(BATCH)]
                inputs = np.array([self.memory.inputs[index] for index in chosen])[:, ORIENTATIONS].reshape(-1, 18)
                targets = np.repeat(self.memory.targets(self.network, chosen), len(ORIENTATIONS))
                self.network = self.adam.step(self.network, gradients(self.network, inputs, targets),
                                              share=1 - game / self.games)
            self.played = game + 1
        return self

    def to_data(self) -> dict[str, Any]:
        """Everything play() needs, exactly (weights as raw float64, not rounded as network.json's are), as JSON
        values."""
        return {"games": self.games, "opponent": self.opponent, "played": self.played,
                "network": [_packed(weights) for weights in self.network],
                "adam": {"rate": self.adam.rate, "steps": self.adam.steps,
                         "mean": [_packed(weights) for weights in self.adam.mean],
                         "square": [_packed(weights) for weights in self.adam.square]},
                "memory": [list(pair) for pair in self.memory.order],
                "rng": _state_data(self.rng.getstate())}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> NetworkLearning:
        """The learning to_data wrote, to be taken up where it stopped."""
        network = _network(data["network"])
        adam = Adam(network, data["adam"]["rate"])
        adam.steps = data["adam"]["steps"]
        adam.mean = [np.asarray(weights) for weights in _network(data["adam"]["mean"])]
        adam.square = [np.asarray(weights) for weights in _network(data["adam"]["square"])]
        memory = Memory()
        for mine, theirs in data["memory"]:
            memory.add(mine, theirs)
        rng = random.Random()
        rng.setstate(_state_of(data["rng"]))
        return cls(network, adam, memory, rng, data["games"], data["opponent"], data["played"])


SHAPES = ((18, HIDDEN), (HIDDEN,), (HIDDEN,), ())
"""The shapes of a network's four arrays of weights, in Network's order."""


def _packed(weights: np.ndarray | float) -> str:
    """An array of weights as text, bit for bit (base64 of its float64 bytes)."""
    return base64.b64encode(np.asarray(weights, dtype="<f8").tobytes()).decode()


def _network(packed: list[str]) -> Network:
    arrays = [np.frombuffer(base64.b64decode(text), dtype="<f8").reshape(shape).copy()
              for text, shape in zip(packed, SHAPES)]
    return Network(arrays[0], arrays[1], arrays[2], float(arrays[3]))


def _state_data(state: tuple[Any, ...]) -> list[Any]:
    """random.Random's state as JSON values: (version, the 625 ints, gauss_next)."""
    version, internal, gauss_next = state
    return [version, list(internal), gauss_next]


def _state_of(data: list[Any]) -> tuple[Any, ...]:
    version, internal, gauss_next = data
    return version, tuple(internal), gauss_next
