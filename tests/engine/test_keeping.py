"""The share of positions where a player's move keeps the position's value
(webapp/engine/players/keeping.py), checked against a plain negamax over 3×3 written
here, which knows nothing of the solved table: the positions, and the
shares of the random player, of MENACEs fresh, part-trained and shipped, and
of networks untrained and shipped."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from webapp.engine.players import keeping
from webapp.engine.players.learning import MenaceLearning
from webapp.engine.players.menace import Menace, trained
from webapp.engine.players.network import Network
from webapp.engine.players.network import trained as trained_network
from webapp.learn.runs import BASELINES, CHOICES

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def has_line(stones: int) -> bool:
    return any(all(stones >> cell & 1 for cell in line) for line in LINES)


@cache
def negamax(mover: int, other: int) -> int:
    """The value for the side to move, holding mover, against other: +1 a win, 0 a draw, -1 a loss."""
    if has_line(other):
        return -1
    empty = [cell for cell in range(9) if not (mover | other) >> cell & 1]
    if not empty:
        return 0
    return max(-negamax(other, mover | 1 << cell) for cell in empty)


def keeps(mover: int, other: int) -> set[int]:
    empty = [cell for cell in range(9) if not (mover | other) >> cell & 1]
    return {cell for cell in empty if -negamax(other, mover | 1 << cell) == negamax(mover, other)}


def choice_positions() -> list[tuple[int, int]]:
    """(mover's stones, other's stones) of every position reached with a choice to make: no line, two or more empty."""
    found, frontier = set(), [(0, 0)]
    while frontier:
        mover, other = frontier.pop()
        empty = [cell for cell in range(9) if not (mover | other) >> cell & 1]
        if (mover, other) in found or has_line(other) or len(empty) < 2:
            continue
        found.add((mover, other))
        frontier.extend((other, mover | 1 << cell) for cell in empty)
    return sorted(found)


def sides(position) -> tuple[int, int]:
    return (position.x, position.o) if position.to_move == "X" else (position.o, position.x)


def test_the_positions_are_every_one_with_a_choice_each_once():
    mine = keeping.choice_positions()
    assert sorted(sides(position) for position in mine) == choice_positions()
    assert len(mine) == len(set(mine)) == CHOICES == 4298


def test_the_moves_that_keep_the_value_are_the_negamax_ones():
    for position in keeping.choice_positions()[::7]:
        assert keeping.keeping_moves(position) == keeps(*sides(position)), position.text


def share_here(chances) -> float:
    """The mean over the positions of the chance that the move keeps the value, by this file's negamax."""
    positions = keeping.choice_positions()
    return sum(sum(chance for cell, chance in chances(position).items() if cell in keeps(*sides(position)))
               for position in positions) / len(positions)


def test_the_random_players_share_and_the_baselines_the_lesson_quotes():
    random_here = share_here(lambda position: {cell: 1 / len(position.legal_moves())
                                               for cell in position.legal_moves()})
    assert keeping.random_share() == pytest.approx(random_here, abs=1e-12)
    assert round(keeping.random_share(), 3) == BASELINES["random"]
    assert round(keeping.wins_then_random_share(), 3) == BASELINES["wins then random"]
    assert round(keeping.menace_share(Menace.fresh()), 3) == BASELINES["fresh menace"]


def menace_chances(machine: Menace):
    def chances(position):
        beads = machine.box(position)
        return {cell: count / sum(beads.values()) for cell, count in beads.items()}
    return chances


@pytest.mark.parametrize("machine", [Menace.fresh(), MenaceLearning.start(300, 4, "random").play(300).machine,
                                     trained()], ids=["fresh", "300 games against random", "shipped"])
def test_menaces_share_counts_each_colour_by_its_beads(machine: Menace):
    assert keeping.menace_share(machine) == pytest.approx(share_here(menace_chances(machine)), abs=1e-12)


def test_the_networks_share_counts_its_best_moves_alike():
    net = Network.initial(np.random.default_rng(1))

    def chances(position):
        best = net.best(position)
        return {cell: 1 / len(best) for cell in best}
    assert keeping.network_share(net) == pytest.approx(share_here(chances), abs=1e-9)


def test_the_shipped_networks_moves_in_one_batch_are_its_best_one_by_one():
    net, sample = trained_network(), keeping.choice_positions()[::9]
    assert [sorted(chances) for chances in net.policies(sample)] == [net.best(position) for position in sample]
