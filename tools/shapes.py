"""`make shapes`: fit the evaluation's weights (webapp/engine/play/shapes.py) to games.

Texel's method, as chess and gomoku engines tune their evaluations: master
plays itself on 15×15 from many short random openings; every position of
those games that its search would evaluate (no line to complete or to block,
no open four to make) becomes a row of counts, of the side to move's cells
and the other side's by what a stone there would make (each Combo and each
Line, patterns.py), labelled with how the game ended for the side to move.
A logistic regression of the labels on the counts gives each count a weight:
how much one more such cell changes the odds of winning. The side to move's
weights and the waiting side's are fitted apart, as the evaluation uses them.

Reproducible: each game's opening comes from random.Random(SEED + game), and
master moves by a count of positions, so the same code plays the same games
and fits the same weights, on any machine. The result is written to
webapp/engine/play/shapes.json.

The games are played in rounds: the first with STARTING, weights set by
hand, and each later one with the weights fitted so far, so that the
positions learnt from are those the fitted evaluation plays into.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import numpy as np

from tools.parallel import mapping
from webapp.engine import BOARDS, Position
from webapp.engine.game.rules import cells_of
from webapp.engine.play.evaluate import Evaluator, Node, evaluator
from webapp.engine.play.patterns import LINES, Combo, Line, combos, unpack
from webapp.engine.play.search import think
from webapp.engine.play.shapes import STARTING, UNIT, WEIGHTS_FILE, Weights

SEED = 0
ROUNDS = 2
GAMES = 400
NODES = 2000
"""master's positions a move in the games: enough to play sensibly, few enough for many games."""
OPENING_STONES = (2, 5)
"""An opening is the middle stone and 2 to 5 more, each within two cells of the middle."""
REGULARISATION = 1.0

COMBOS = [combo for combo in Combo if combo not in (Combo.NONE, Combo.FIVE)]
LINE_KINDS = [line for line in Line if line not in (Line.DEAD, Line.BLOCK1, Line.FLEX1, Line.FIVE)]
"""Every empty cell has lines of one stone (BLOCK1, FLEX1) wherever there is
room: they say how much room is left, which the fit mistook for a weakness,
preferring moves at the edge of small boards. So they are not counted."""
COLUMNS = [f"combo {combo.name}" for combo in COMBOS] + [f"line {line.name}" for line in LINE_KINDS]


def counts(cells: list[int], empty: list[int]) -> np.ndarray:
    """How many of a side's empty cells make each Combo, and how many lines of each Line, as COLUMNS."""
    kinds = combos()
    combo_count = np.zeros(len(Combo), dtype=np.int32)
    line_count = np.zeros(LINES, dtype=np.int32)
    for cell in empty:
        packed = cells[cell]
        combo_count[kinds[packed]] += 1
        for line in unpack(packed):
            line_count[line] += 1
    return np.concatenate([combo_count[[int(c) for c in COMBOS]], line_count[[int(line) for line in LINE_KINDS]]])


def row(evaluation: Evaluator, node: Node) -> np.ndarray | None:
    """A position's counts, the side to move's then the other's; None for a
    position the search does not evaluate."""
    if node.my_wins or node.their_wins or evaluation.threats(node.mine, node.my_threes):
        return None
    empty = cells_of(evaluation.rules.full & ~(node.mine | node.theirs))
    return np.concatenate([counts(node.my_cells, empty), counts(node.their_cells, empty)])


def opening(rng: random.Random) -> Position:
    """The middle stone and a few more near it, at random."""
    rules = BOARDS["15x15"]
    position = Position(rules).play(rules.centre)
    near = cells_of(rules.near[rules.centre])
    for _ in range(rng.randint(*OPENING_STONES)):
        position = position.play(rng.choice([cell for cell in near if position.empty >> cell & 1]))
    return position


def game(number: int, nodes: int = NODES, weights: Weights = STARTING) -> list[tuple[np.ndarray, float]]:
    """The rows of one self-play game, each with the game's result for its side to move (1, 0.5 or 0)."""
    position = opening(random.Random(SEED + number))
    evaluation = evaluator(position.rules, weights)
    rows: list[tuple[str, np.ndarray]] = []
    while not position.is_over:
        found = row(evaluation, evaluation.node(position))
        if found is not None:
            rows.append((position.to_move, found))
        position = position.play(think(position, 3_600_000, max_nodes=nodes, weights=weights).move)
    winner = position.winner
    return [(found, 0.5 if winner is None else float(winner == mover)) for mover, found in rows]


def play(numbers: range, nodes: int, weights: Weights, workers: int | None) -> tuple[np.ndarray, np.ndarray]:
    """The rows and labels of the self-play games of these numbers."""
    rows, labels = [], []
    with mapping(workers) as mapped:
        for found in mapped(game, numbers, [nodes] * len(numbers), [weights] * len(numbers)):
            for counted, label in found:
                rows.append(counted)
                labels.append(label)
    return np.array(rows, dtype=np.float64), np.array(labels)


def fit(rows: np.ndarray, labels: np.ndarray, regularisation: float = REGULARISATION) -> np.ndarray:
    """The weights w of P(the side to move wins) = sigmoid(mine · w_move - theirs · w_wait):
    a logistic regression by Newton's method, with a little L2 to keep rare counts sane."""
    half = rows.shape[1] // 2
    # The last column, all ones, is the worth of having the move: fitted, so
    # that it does not colour the others, and then dropped (every position a
    # search compares has the same side to move, or one ply more).
    design = np.concatenate([rows[:, :half], -rows[:, half:], np.ones((len(rows), 1))], axis=1)
    weights = np.zeros(design.shape[1])
    penalty = regularisation * np.eye(len(weights))
    penalty[-1, -1] = 0
    for _ in range(50):
        chance = 1 / (1 + np.exp(-design @ weights))
        gradient = design.T @ (chance - labels) + penalty @ weights
        hessian = (design * (chance * (1 - chance))[:, None]).T @ design + penalty
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.abs(step).max() < 1e-9:
            break
    return weights[:-1]


def as_weights(fitted: np.ndarray) -> Weights:
    """Fitted weights (fit's) in the evaluation's units; a kind not fitted is worth 0."""
    half = len(fitted) // 2
    by_name = {name: (round(move * UNIT), round(wait * UNIT))
               for name, move, wait in zip(COLUMNS, fitted[:half], fitted[half:])}
    return Weights(tuple(by_name.get(f"combo {combo.name}", (0, 0)) for combo in Combo),
                   tuple(by_name.get(f"line {line.name}", (0, 0)) for line in Line))


def rounds(count: int, games: int, nodes: int, workers: int | None) -> Weights:
    """Weights fitted in count rounds: the first round's games are played
    with STARTING, each later round's with the weights fitted so far, and
    each fit is to every round's positions so far."""
    weights, rows, labels = STARTING, [], []
    for round_ in range(count):
        played, won = play(range(round_ * games, (round_ + 1) * games), nodes, weights, workers)
        rows.append(played)
        labels.append(won)
        weights = as_weights(fit(np.vstack(rows), np.concatenate(labels)))
        print(f"round {round_ + 1}: {games} games, {len(played)} positions", flush=True)
    return weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--games", type=int, default=GAMES, help="a round")
    parser.add_argument("--nodes", type=int, default=NODES)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    arguments = parser.parse_args()
    weights = rounds(arguments.rounds, arguments.games, arguments.nodes, arguments.workers)
    arguments.out.write_text(weights.to_json())
    print(f"into {arguments.out}")


if __name__ == "__main__":
    main()
