"""Learners learning a few games at a time, so that a long run can stop
after any game, be written down, and go on in another process exactly as
one unbroken run would (the learning page's runs, on the engine workers).

- OPPONENTS, whom a learner learns against, and their moves.
- MenaceLearning: a fresh MENACE part-way through its games.
- The network's counterpart, NetworkLearning, is in network_learning.py,
  with numpy.

Everything random comes from one generator seeded once, whose state is
written down with the learner, so the seed alone decides the run.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from webapp.engine.game.boards import BOARDS
from webapp.engine.game.position import Position
from webapp.engine.players.levels import choose_move
from webapp.engine.players.menace import Menace

THREE = BOARDS["3x3"]
OPPONENTS = ("perfect", "random", "itself")
"""Whom a learner learns against: the perfect player (solved.py: it never
loses), a player who moves at random, or itself (its own moves on both sides)."""
LEARNERS = ("menace", "network")


def opponent_move(opponent: str, position: Position, rng: random.Random) -> int:
    """The move of the perfect player (at random among its best squares) or of the random player."""
    if opponent == "perfect":
        return choose_move(position, "perfect", rng)
    if opponent == "random":
        return rng.choice(position.legal_moves())
    raise ValueError(f"An opponent is the perfect player or random, not {str(opponent)[:20]!r}.")


def check_opponent(opponent: str) -> None:
    if opponent not in OPPONENTS:
        raise ValueError(f"A learner learns against {', '.join(OPPONENTS)}, not {str(opponent)[:20]!r}.")


@dataclass(frozen=True)
class MenaceLearning:
    """A MENACE part-way through `games` games against opponent, and the
    generator's state for the next game. It plays X in the even games and O
    in the odd ones; against itself it plays both sides, drawing from the
    same boxes, and learns from each game twice, as X and as O (so its
    results have two letters a game)."""

    machine: Menace
    rng_state: tuple[Any, ...]
    games: int
    opponent: str
    played: int = 0

    @classmethod
    def start(cls, games: int, seed: int, opponent: str) -> MenaceLearning:
        check_opponent(opponent)
        return cls(Menace.fresh(), random.Random(seed).getstate(), games, opponent)

    def play(self, games: int) -> MenaceLearning:
        """This MENACE after the next games (at most those left of the run's)."""
        rng, machine = random.Random(), self.machine
        rng.setstate(self.rng_state)
        last = min(self.games, self.played + games)
        for game in range(self.played, last):
            moves, position = [], Position(THREE)
            side = "XO"[game % 2]
            while not position.is_over:
                if self.opponent == "itself" or position.to_move == side:
                    cell = machine.move(position, rng).cell
                else:
                    cell = opponent_move(self.opponent, position, rng)
                moves.append(cell)
                position = position.play(cell)
            for learner_side in ("XO" if self.opponent == "itself" else side):
                machine = machine.learn(moves, learner_side)
        return MenaceLearning(machine, rng.getstate(), self.games, self.opponent, last)

    def to_data(self) -> dict[str, Any]:
        version, internal, gauss_next = self.rng_state
        return {"games": self.games, "opponent": self.opponent, "played": self.played,
                "menace": self.machine.to_data(), "rng": [version, list(internal), gauss_next]}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> MenaceLearning:
        version, internal, gauss_next = data["rng"]
        return cls(Menace.from_data(data["menace"]), (version, tuple(internal), gauss_next),
                   data["games"], data["opponent"], data["played"])
