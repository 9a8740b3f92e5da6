"""What the lesson "Write your own" (/lessons/write-your-own) shows: the
documented examples' source, read from their files, and what the
examination found of each, read from the report kept beside them
(docs/examples/examined.json, written by `python -m tools.examples_examined`
and held to a fresh examination by tests/examinations/test_lesson.py), so
the page states no figure nobody measured. No Flask here.

The examples are docs/examples/ in a checkout and webapp/examples/ in an
installed package (pyproject maps one onto the other).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from webapp.engine.game.notation import write_moves
from webapp.engine.players.examination import THREE

HERE = Path(__file__).resolve().parent.parent
REPORT = "examined.json"


def examples_folder() -> Path:
    """docs/examples: inside the installed package, or in the checkout."""
    installed = HERE / "examples"
    return installed if installed.is_dir() else HERE.parent / "docs" / "examples"


def example_source(name: str) -> str:
    """The example's Python source, as its file holds it (name: minimax, ways_to_win)."""
    return (examples_folder() / f"{name}.py").read_text(encoding="utf-8")


@cache
def examined_examples() -> dict[str, dict[str, Any]]:
    """Each example's examination as the lesson tells it: its figures, and
    its mistakes at the positions the lesson shows, each with the squares named."""
    report = json.loads((examples_folder() / REPORT).read_text(encoding="utf-8"))
    return {name: {**figures, "known": [_named(mistake) for mistake in figures["known"]]}
            for name, figures in report.items()}


def _named(mistake: dict[str, Any]) -> dict[str, Any]:
    moves = tuple(mistake["moves"])
    return {**mistake, "rows": [mistake["position"][row * 3:row * 3 + 3] for row in range(3)],
            "played_name": THREE.cell_name(mistake["played"]),
            "best_names": ", ".join(map(THREE.cell_name, mistake["best"])),
            "game": ", ".join(f"{'XO'[ply % 2]} {THREE.cell_name(cell)}" for ply, cell in enumerate(moves)),
            "notation": write_moves(THREE, moves)}
