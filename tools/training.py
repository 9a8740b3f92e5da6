"""How the shipped learners were made, and their learning curves.

`make train` (python -m tools.training) makes both again from
nothing, writes menace.json and network.json, and prints their figures;
`make learners` prints the figures of the shipped files only.

- MENACE learns from MENACE_GAMES games, alternately X and O, against a
  teacher: the perfect player, who at each move plays a random square
  instead with chance SLIP (three moves in ten), and who probes: among
  its best squares it prefers one where MENACE's likeliest reply loses.
  Perfect play punishes every risky move, so only moves that never lose
  keep their beads; the slips lead it into positions a perfect opponent
  never allows and a person's mistakes will; the probing finds each reply
  MENACE has come to favour that loses, and keeps punishing it until
  another colour is fuller, where a teacher who ignores what MENACE would
  play finds such a reply only by chance. (Against a random opponent alone
  it learns moves that usually win and lose to the right reply.)
- The network teaches itself (webapp/engine/players/network_learning.teach_itself), NETWORK_GAMES games.
- The learning curve: every so many games (CURVE_POINTS points in all),
  the learner as it really plays meets a random player and the perfect
  player, CURVE_GAMES games as X and as many as O, with a generator of its
  own. It is measured, never fed back.

Each file holds the seed, the number of games, the curve and the learner,
and nothing that varies from run to run (no times), so `make train` writes
them byte for byte the same.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from harness import judge
from webapp.engine.game.position import Position
from webapp.engine.game.rules import MARKS
from webapp.engine.play.solved import outcomes
from webapp.engine.players import network_learning, shipped
from webapp.engine.players.levels import Player
from webapp.engine.players.menace import Menace
from webapp.engine.players.network import Network

MENACE_SEED = 1961
MENACE_GAMES = 100_000
SLIP = 0.3
"""The teacher's chance of playing a random square instead of a perfect one, at each move."""
NETWORK_SEED = 2026
NETWORK_GAMES = 20_000
CURVE_POINTS = 20
CURVE_GAMES = 100
FIGURE_GAMES = 1000
FRESH_RUNS = 20
FRESH_GAMES = 3000
FILES = shipped.FILES

CurvePoint = dict[str, Any]
"""{"games": n, "random": {"X": [wins, draws, losses], "O": [...]}, "perfect": {...}}"""


def teacher(machine: Menace) -> Player:
    """MENACE's teacher as it stands: the perfect player, with chance SLIP any
    square; otherwise, of the squares that keep its best outcome, one after
    which MENACE's likeliest reply (its fullest colour) loses, if any."""
    def play(position: Position, rng: random.Random) -> int:
        if rng.random() < SLIP:
            return judge.random_player(position, rng)
        found = outcomes(position)
        best = max(outcome.result for outcome in found.values())
        good = sorted(cell for cell, outcome in found.items() if outcome.result == best)
        return rng.choice([cell for cell in good if _likeliest_reply_loses(machine, position.play(cell))] or good)

    return play


def _likeliest_reply_loses(machine: Menace, position: Position) -> bool:
    if position.is_over:
        return False
    replies = outcomes(position)
    return any(replies[cell].result < 0 for cell in machine.fullest(position))


def menace_player(machine: Menace) -> Player:
    return lambda position, rng: machine.move(position, rng).cell


def network_player(net: Network) -> Player:
    return lambda position, rng: net.move(position, rng)


def train_menace(games: int, seed: int, opponent: Player | None = None, sides: str = "XO",
                 measure: Callable[[int, Menace], None] | None = None, every: int = 0) -> Menace:
    """A fresh MENACE after games against opponent (by default its teacher,
    who watches it learn), taking sides in turn (X, then O, then X...);
    measure(games so far, menace) as in network_learning.teach_itself."""
    rng, machine = random.Random(seed), Menace.fresh()
    for game in range(games):
        if measure and every and game % every == 0:
            measure(game, machine)
        side = sides[game % len(sides)]
        me, them = menace_player(machine), opponent or teacher(machine)
        moves, _ = judge.play(me, them, rng) if side == "X" else judge.play(them, me, rng)
        machine = machine.learn(moves, side)
    if measure:
        measure(games, machine)
    return machine


def curve_point(games: int, player: Player) -> CurvePoint:
    """The learner's results after games games, against each opponent, as X and as O."""
    rng = random.Random(games)
    return {"games": games, **{name: {side: list(judge.match(player, opponent, side, CURVE_GAMES, rng))
                                      for side in MARKS}
                               for name, opponent in judge.OPPONENTS.items()}}


class Curve:
    """A learning curve as it is measured, and the seconds spent measuring it."""

    def __init__(self, player_of: Callable[[Any], Player]):
        self.player_of, self.points, self.seconds = player_of, [], 0.0

    def __call__(self, games: int, learner: Any) -> None:
        start = time.perf_counter()
        self.points.append(curve_point(games, self.player_of(learner)))
        self.seconds += time.perf_counter() - start


def make_menace(curve: Curve) -> dict[str, Any]:
    trained = train_menace(MENACE_GAMES, MENACE_SEED, measure=curve, every=MENACE_GAMES // CURVE_POINTS)
    # Its own results are games against its teacher: the curve tells that story better.
    return {"learner": "menace", "seed": MENACE_SEED, "games": MENACE_GAMES, "curve": curve.points,
            "menace": Menace(trained.boxes).to_data()}


def make_network(curve: Curve) -> dict[str, Any]:
    trained = network_learning.teach_itself(NETWORK_GAMES, NETWORK_SEED, every=NETWORK_GAMES // CURVE_POINTS,
                                            measure=curve)
    return {"learner": "network", "seed": NETWORK_SEED, "games": NETWORK_GAMES, "curve": curve.points,
            "network": trained.to_data()}


def write(record: dict[str, Any], path: Path) -> None:
    path.write_text(json.dumps(record, separators=(",", ":")) + "\n")


@cache
# The figures

def games_until_no_loss(sides: str, runs: int = FRESH_RUNS, games: int = FRESH_GAMES) -> list[int]:
    """For each of runs fresh MENACEs playing perfect games times, taking the
    sides in turn: the game of its last loss (0 if it never lost)."""
    return [train_menace(games, run, judge.perfect_player, sides).results.rfind("L") + 1 for run in range(runs)]


def print_figures(records: dict[str, dict[str, Any]]) -> None:
    machine, net = Menace.from_data(records["menace"]["menace"]), Network.from_data(records["network"]["network"])
    players = {"menace": menace_player(machine), "network": network_player(net)}
    likeliest = {"menace": machine.fullest, "network": net.best}
    print("\nLearning curves (score = (wins + draws/2) / games; losses in brackets), "
          f"{CURVE_GAMES} games a side at each point:\n")
    for learner, record in records.items():
        print(f"| {learner}: games | random, X | random, O | perfect, X | perfect, O |\n"
              "| ---: | --- | --- | --- | --- |")
        for point in record["curve"]:
            cells = [f"{judge.Tally(*point[name][side]).score:.2f} ({point[name][side][2]})"
                     for name in judge.OPPONENTS for side in MARKS]
            print(f"| {point['games']:,} | " + " | ".join(cells) + " |")
        print()
    print("Judged by the solved game: every sequence of opponent moves against its likeliest moves\n")
    print("| learner | plays | games walked | games lost |\n| --- | --- | ---: | ---: |")
    for learner in records:
        for side in MARKS:
            lines = judge.losing_lines(likeliest[learner], side)
            print(f"| {learner} | {side} | {lines.games:,} | {lines.losses:,} |")
    print(f"\n{FIGURE_GAMES:,} games a pairing, moving as it really plays\n")
    print("| learner | against | plays | wins | draws | losses |\n| --- | --- | --- | ---: | ---: | ---: |")
    rng = random.Random(FIGURE_GAMES)
    for learner in records:
        for name, opponent in judge.OPPONENTS.items():
            for side in MARKS:
                tally = judge.match(players[learner], opponent, side, FIGURE_GAMES, rng)
                print(f"| {learner} | {name} | {side} | {tally.wins} | {tally.draws} | {tally.losses} |")
    print(f"\nA fresh MENACE against perfect: the game of its last loss in {FRESH_GAMES:,} games, "
          f"{FRESH_RUNS} runs (seeds 0 to {FRESH_RUNS - 1})\n")
    print("| MENACE plays | median | fewest | most | runs never losing after game 1,000 |\n"
          "| --- | ---: | ---: | ---: | ---: |")
    for sides, name in (("X", "X"), ("O", "O"), ("XO", "X and O in turn")):
        last = games_until_no_loss(sides)
        print(f"| {name} | {statistics.median(last):,.0f} | {min(last):,} | {max(last):,} | "
              f"{sum(game <= 1000 for game in last)} of {len(last)} |")


def main(arguments: list[str]) -> None:
    if arguments == ["figures"]:
        print_figures({learner: shipped.record(learner) for learner in FILES})
        return
    records = {}
    for learner, make, player_of in (("menace", make_menace, menace_player),
                                     ("network", make_network, network_player)):
        start, curve = time.perf_counter(), Curve(player_of)
        records[learner] = record = make(curve)
        write(record, FILES[learner])
        print(f"{learner}: {record['games']:,} games from seed {record['seed']} in "
              f"{time.perf_counter() - start - curve.seconds:.0f} s, and {curve.seconds:.0f} s measuring "
              f"its curve; written to {FILES[learner].name}", flush=True)
    print_figures(records)


if __name__ == "__main__":
    main(sys.argv[1:])
