"""The learners judged on 3×3, after the fact, by the solved game and by
matches. Nothing here feeds back into learning.

- losing_lines: every sequence of opponent moves against a player's
  likeliest moves (all of them, where several are as likely), to the end of
  each game: how many games that makes, and in how many the player loses.
  Against every possible opponent at once, so 0 means it never loses while
  it plays its likeliest moves.
- match: games against an opponent, the player moving as it really plays
  (MENACE drawing beads, say): wins, draws and losses.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from webapp.engine.game.boards import BOARDS
from webapp.engine.game.position import Position
from webapp.engine.players.levels import Player, choose_move

THREE = BOARDS["3x3"]


class Lines(NamedTuple):
    """The games of a walk over every opponent move, and those the player loses."""

    games: int
    losses: int


class Tally(NamedTuple):
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """Wins and half the draws, over the games: 1 wins all, 0.5 draws all."""
        return (self.wins + self.draws / 2) / self.games


def losing_lines(likeliest: Callable[[Position], list[int]], side: str) -> Lines:
    """Walk every game in which the player plays side and one of its
    likeliest(position) moves, and the opponent any legal move."""
    games = losses = 0
    frontier = [Position(THREE)]
    while frontier:
        here = frontier.pop()
        if here.is_over:
            games += 1
            losses += here.winner not in (None, side)
            continue
        cells = likeliest(here) if here.to_move == side else here.legal_moves()
        frontier.extend(here.play(cell) for cell in cells)
    return Lines(games, losses)


def random_player(position: Position, rng: random.Random) -> int:
    """Any empty square, each as likely."""
    return rng.choice(position.legal_moves())


def perfect_player(position: Position, rng: random.Random) -> int:
    return choose_move(position, "perfect", rng)


OPPONENTS: dict[str, Player] = {"random": random_player, "perfect": perfect_player}


def play(x: Player, o: Player, rng: random.Random) -> tuple[list[int], Position]:
    """A whole game between two players: its moves and its final position."""
    position, moves = Position(THREE), []
    while not position.is_over:
        cell = (x if position.to_move == "X" else o)(position, rng)
        moves.append(cell)
        position = position.play(cell)
    return moves, position


def match(player: Player, opponent: Player, side: str, games: int, rng: random.Random) -> Tally:
    """games games of player, playing side, against opponent."""
    counts = {"win": 0, "draw": 0, "loss": 0}
    for _ in range(games):
        _, final = play(player, opponent, rng) if side == "X" else play(opponent, player, rng)
        counts["draw" if final.winner is None else "win" if final.winner == side else "loss"] += 1
    return Tally(counts["win"], counts["draw"], counts["loss"])
