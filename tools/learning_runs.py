"""The learning page's figures (docs/learners.md, docs/measurements.md):

    python -m tools.learning_runs            # everything below
    python -m tools.learning_runs baselines  # the baselines only (a few seconds)

- Why the untrained network scores so well against a random player as X:
  the scores against random (FIGURE_GAMES games a side) of the random
  player, of the player who takes any win and otherwise moves at random, and
  of the untrained network from several seeds, with the first move each
  network prefers.
- The shares against the perfect player (webapp/engine/players/keeping.py) of those
  players, of a fresh MENACE and of the shipped learners.
- Learning runs as the page runs them (webapp/learn/runs.train_chunk, a
  chunk at a time through a store in a scratch folder, as on a worker): the
  curve of each, and the seconds each chunk took (its games and its measure).
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time

import numpy as np

from harness import judge
from webapp.engine import BOARDS, Position
from webapp.engine.players import keeping, menace, network
from webapp.engine.players.network import Network
from webapp.learn.runs import Settings, new_run, train_chunk
from webapp.learn.store import runs_at
from webapp.storage.where import Where

FIGURE_GAMES = 2000
NETWORK_SEEDS = (2026, 1, 2, 3, 4, 5)
RUNS = [Settings("menace", opponent, seed, 2000) for opponent in ("perfect", "random", "itself") for seed in (1, 2, 3)]
RUNS += [Settings("network", opponent, seed, 500) for opponent in ("itself", "perfect") for seed in (1, 2, 3)]


def wins_then_random(position: Position, rng: random.Random) -> int:
    policy = keeping.wins_then_random_policy(position)
    return rng.choice(sorted(policy))


def print_baselines() -> None:
    players = {"random": judge.random_player, "takes any win, else random": wins_then_random}
    nets = {seed: Network.initial(np.random.default_rng(seed)) for seed in NETWORK_SEEDS}
    players.update({f"untrained network, seed {seed}": (lambda net: lambda position, rng: net.move(position, rng))(net)  # noqa: B023
                    for seed, net in nets.items()})
    print(f"Against a random player, {FIGURE_GAMES:,} games a side (score = (wins + draws/2) / games)\n")
    print("| player | first move | as X | as O |\n| --- | --- | ---: | ---: |")
    empty = Position(BOARDS["3x3"])
    for name, player in players.items():
        seed = int(name.rsplit(" ", 1)[1]) if "seed" in name else None
        first = _first_move(nets[seed].best(empty)) if seed is not None else "any"
        scores = [judge.match(player, judge.random_player, side, FIGURE_GAMES, random.Random(FIGURE_GAMES)).score
                  for side in "XO"]
        print(f"| {name} | {first} | {scores[0]:.2f} | {scores[1]:.2f} |")
    print(f"\nShare of the {len(keeping.choice_positions()):,} positions with a choice"
          f" where the move keeps the value\n")
    print("| player | share |\n| --- | ---: |")
    shares = {"random": keeping.random_share(), "takes any win, else random": keeping.wins_then_random_share(),
              "a fresh MENACE": keeping.menace_share(menace.Menace.fresh())}
    shares.update({f"untrained network, seed {seed}": keeping.network_share(net) for seed, net in nets.items()})
    shares.update({"the shipped MENACE": keeping.menace_share(menace.trained()),
                   "the shipped network": keeping.network_share(network.trained())})
    for name, share in shares.items():
        print(f"| {name} | {share:.3f} |")


def _first_move(cells: list[int]) -> str:
    kinds = {4: "centre", 0: "corner", 2: "corner", 6: "corner", 8: "corner"}
    return ", ".join(sorted({kinds.get(cell, "edge") for cell in cells}))


def print_runs() -> None:
    print("\nLearning runs, as the page runs them: the share at game 0 and after each of the 20 chunks\n")
    print("| run | curve (every 4th point) | last | seconds a chunk: median, most |\n| --- | --- | ---: | --- |")
    with tempfile.TemporaryDirectory() as folder:
        where = Where(None, folder)
        for number, settings in enumerate(RUNS):
            run_id = f"figures-{number}"
            record, state = new_run(settings)
            runs_at(where).start(run_id, record, state, most_at_once=1)
            started = time.perf_counter()
            while train_chunk(where, run_id) is not None:
                pass
            done = runs_at(where).record(run_id)
            points = done["points"]
            shown = " ".join(f"{games:,}: {share:.2f}" for games, share in points[::4])
            print(f"| {settings.title} | {shown} | {points[-1][1]:.3f} | {statistics.median(done['seconds']):.2f}, "
                  f"{max(done['seconds']):.2f} (run {time.perf_counter() - started:.0f} s) |", flush=True)


def main(arguments: list[str]) -> None:
    print_baselines()
    if arguments != ["baselines"]:
        print_runs()


if __name__ == "__main__":
    main(sys.argv[1:])
