"""How the network taught itself, by self-play (`make train`): the memory of
every afterstate met, a game against itself, Adam's steps, the gradients.
The design and why are in webapp/engine/network.py's docstring; the app
only ever loads the weights this wrote."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from webapp.engine.network import ORIENTATIONS, SQUARES, THREE, Network, afterstates, highest, result
from webapp.engine.position import Position
from webapp.engine.rules import cells_of, opponent

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


def self_play(network: Network, rng: random.Random, memory: Memory) -> None:
    """One game of the network against itself, exploring; memory keeps every
    afterstate the game goes on from."""
    position = Position(THREE)
    while not position.is_over:
        cells = cells_of(position.empty)
        if rng.randrange(EXPLORE_ONE_IN) == 0:
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
