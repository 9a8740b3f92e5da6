"""What each side's shapes are worth: the weights of the evaluation.

A cell's worth to a side is the weight of its Combo (what a stone there
would make in its four lines together, patterns.py) plus the weights of its
four Lines. The side to move and the side waiting have weights of their
own: an open three to move is about to become an open four, an open three
waiting is about to be blocked. The evaluation of a position is the worth of
the side to move's empty cells to it, less the worth of the other side's to
that side, waiting.

The weights are fitted to games by `make shapes` (tools/shapes.py) into
shapes.json; STARTING, set by hand, is where the fitting starts from: the
first games it learns from are played with them.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import NamedTuple

from webapp.engine.play.patterns import Combo, Line, combos, digits

WEIGHTS_FILE = Path(__file__).with_name("shapes.json")
UNIT = 1000
"""The fitted weights' unit: one unit of the log-odds that the side to move
wins (a position worth UNIT more is e^1 times likelier to be won)."""


class Weights(NamedTuple):
    """(to move, waiting) for each Combo, and for each Line, in their order."""

    combo: tuple[tuple[int, int], ...]
    line: tuple[tuple[int, int], ...]

    @classmethod
    def from_json(cls, text: str) -> Weights:
        """Weights as tools/shapes.py writes them; a kind it does not fit is worth 0."""
        roles = json.loads(text)
        by_role = [roles["to move"], roles["waiting"]]
        return cls(tuple(tuple(role.get(f"combo {combo.name}", 0) for role in by_role) for combo in Combo),
                   tuple(tuple(role.get(f"line {line.name}", 0) for role in by_role) for line in Line))


    def to_json(self) -> str:
        """The weights as from_json reads them, every kind named (tools/shapes.py writes this)."""
        roles = {role: {**{f"combo {combo.name}": self.combo[combo][index] for combo in Combo},
                        **{f"line {line.name}": self.line[line][index] for line in Line}}
                 for index, role in enumerate(("to move", "waiting"))}
        return json.dumps(roles, indent=1) + "\n"


STARTING = Weights(
    combo=((0, 0), (8, 6), (10, 8), (25, 15), (30, 20), (60, 30), (120, 50), (400, 100), (30, 20), (100, 40),
           (800, 150), (1500, 200), (3000, 1000)),
    line=((0, 0), (0, 0), (1, 1), (1, 1), (3, 3), (3, 3), (6, 6), (6, 6), (10, 10), (10, 10)),
)


@cache
def shipped() -> Weights:
    """The fitted weights, or STARTING where none have been fitted."""
    return Weights.from_json(WEIGHTS_FILE.read_text()) if WEIGHTS_FILE.exists() else STARTING


@cache
def worth_tables(weights: Weights) -> tuple[list[int], list[int]]:
    """For every packed cell (patterns.pack), its worth to the side to move and to the side waiting."""
    cells, line = list(zip(combos(), *digits())), weights.line
    return tuple([weights.combo[kind][role] + line[a][role] + line[b][role] + line[c][role] + line[d][role]
                  for kind, a, b, c, d in cells] for role in (0, 1))  # type: ignore[return-value]
