"""How well a 3×3 player plays, measured against the perfect player: the
share of positions where its move keeps the position's value.

A position's value is what perfect play from both sides gives the side to
move (a win, a draw or a loss: solved.py). A move keeps it when the game
is still worth that after it: a move that turns a draw into a loss, or a
win into a draw, drops it. The perfect player keeps it everywhere (a share
of 1); a player who moves at random keeps it on RANDOM_SHARE of them.

- The positions: every position a game can reach where the side to move
  has a choice (two or more empty squares; a single empty square is no
  choice), X's and O's alike, each counted once: CHOICES of them. Positions
  good play never reaches count as much as those it does, since a learner
  meets them whenever its opponent errs.
- A player's move is taken as it really plays: a share is the mean, over
  the positions, of the chance that its move keeps the value (a policy
  gives each square's chance). MENACE draws a bead, so a square's chance is
  its colour's beads over the box's; the network plays its highest value,
  at random among squares that tie; random plays each square alike.
  Nothing is drawn, so a share is the same every time it is measured.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING

from webapp.engine.game.boards import BOARDS
from webapp.engine.game.position import Position
from webapp.engine.game.rules import cells_of
from webapp.engine.play.solved import outcomes
from webapp.engine.players.menace import Fold, Menace, fold_position, inverse

if TYPE_CHECKING:  # numpy is imported only where the network is used
    from webapp.engine.players.network import Network

THREE = BOARDS["3x3"]

Policy = Callable[[Position], Mapping[int, float]]
"""A player's chance of playing each empty square of a position (summing to 1)."""


@cache
def choice_positions() -> tuple[Position, ...]:
    """Every position a game of 3×3 reaches where the side to move has two
    or more empty squares to choose from, in the order a walk from the empty
    board first meets them."""
    found: dict[Position, None] = {}
    frontier = [Position(THREE)]
    while frontier:
        here = frontier.pop()
        if here in found or here.is_over or here.empty.bit_count() < 2:
            continue
        found[here] = None
        frontier.extend(here.play(cell) for cell in reversed(cells_of(here.empty)))
    return tuple(found)


@cache
def keeping_moves(position: Position) -> frozenset[int]:
    """The squares after which the position is worth what it was worth before, for the side to move."""
    found = outcomes(position)
    value = max(outcome.result for outcome in found.values())
    return frozenset(cell for cell, outcome in found.items() if outcome.result == value)


def share_keeping(policy: Policy) -> float:
    """The mean, over choice_positions(), of the chance that the policy's move keeps the value."""
    positions = choice_positions()
    return sum(sum(chance for cell, chance in policy(position).items() if cell in keeping_moves(position))
               for position in positions) / len(positions)


def random_policy(position: Position) -> dict[int, float]:
    """The player who plays any empty square, each as likely."""
    cells = cells_of(position.empty)
    return {cell: 1 / len(cells) for cell in cells}


def menace_policy(machine: Menace) -> Policy:
    """MENACE as it plays: each square as likely as its colour's beads make it.
    A colour is shown on one of its squares (Menace.box); the squares it
    stands for are the same move by symmetry, so they keep the value alike."""
    def policy(position: Position) -> dict[int, float]:
        beads = machine.box(position)
        total = sum(beads.values())
        return {cell: count / total for cell, count in beads.items()}
    return policy


@cache
def _menace_boxes() -> tuple[tuple[Fold, tuple[int, ...]], ...]:
    """For each of choice_positions(), its box and the box's colours that keep the value."""
    found = []
    for position in choice_positions():
        fold = fold_position(position)
        assert fold is not None, "a position with a choice has a box"
        keeping = keeping_moves(position)
        found.append((fold, tuple(index for index, cell in enumerate(fold.colours)
                                  if inverse(fold.image)[cell] in keeping)))
    return tuple(found)


def wins_then_random_policy(position: Position) -> dict[int, float]:
    """The player who takes a win when one is there (any of them alike), and
    otherwise plays any empty square: what the untrained network does,
    since the rules value a move that wins, whatever its weights say."""
    mover = position.stones_of(position.to_move)
    wins = [cell for cell in cells_of(position.empty) if THREE.has_line(mover | 1 << cell)]
    return {cell: 1 / len(wins) for cell in wins} if wins else random_policy(position)


@cache
def wins_then_random_share() -> float:
    return share_keeping(wins_then_random_policy)


@cache
def random_share() -> float:
    """The share of the player who moves at random: the floor every learner starts near."""
    return share_keeping(random_policy)


def menace_share(machine: Menace) -> float:
    """MENACE's share: share_keeping(menace_policy(machine)), from the boxes
    laid out once (a position at a time took five times as long)."""
    total = 0.0
    for fold, keeping in _menace_boxes():
        beads = machine.beads(fold)
        total += sum(beads[index] for index in keeping) / sum(beads)
    return total / len(_menace_boxes())


def network_share(net: Network) -> float:
    """The network's share, its values for every position worked out in one
    batch (a position at a time took ten times as long)."""
    positions = choice_positions()
    policies = dict(zip(positions, net.policies(positions)))
    return share_keeping(policies.__getitem__)

