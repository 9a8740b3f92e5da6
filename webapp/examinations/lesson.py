"""What the lesson "Write your own" (/lessons/write-your-own) shows: the
documented examples' source, read from their files, and what the
examination found of each, read from the report kept beside them
(docs/examples/examined.json: summed up by summary() from
examined_example(), written by `python -m tools.examples_examined`, and
held to a fresh examination by tests/examinations/test_lesson.py), so the
page states no figure nobody measured. No Flask here.

The examples are docs/examples/ in a checkout and webapp/examples/ in an
installed package (pyproject maps one onto the other).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from webapp.brains.examiner import examine
from webapp.engine.game.notation import write_moves
from webapp.engine.players.examination import THREE, Examination, all_positions, moves_to

HERE = Path(__file__).resolve().parent.parent
REPORT = "examined.json"
EXAMPLES = ("minimax", "ways_to_win")
KNOWN = ((0, 4, 8), (0, 2), (0, 8), (0, 1, 7))
"""The games whose last position the lesson shows the heuristic's mistake in: the fork, then the centre taken where a
corner wins (docs/your-own-ai.md)."""


def examples_folder() -> Path:
    """docs/examples: inside the installed package, or in the checkout."""
    installed = HERE / "examples"
    return installed if installed.is_dir() else HERE.parent / "docs" / "examples"


def example_source(name: str) -> str:
    """The example's Python source, as its file holds it (name: minimax, ways_to_win)."""
    return (examples_folder() / f"{name}.py").read_text(encoding="utf-8")


def examined_example(name: str) -> Examination:
    """The example examined now on every 3×3 position with a choice, run as
    pbrain-python runs it (this Python's module) and asked as `make examine` asks."""
    command = (sys.executable, "-m", "webapp.brains.python_brain", f"{examples_folder() / name}.py:choose")
    return examine(f"{name}.choose", command, THREE, all_positions(), sample="every position with a choice")


def summary(name: str, examination: Examination) -> dict[str, Any]:
    """What the lesson says of one example's examination, as the kept report
    holds it: its figures and its mistakes at KNOWN (no times: they vary with the machine)."""
    lost = Counter(mistake.verdict.value for mistake in examination.mistakes)
    known = [mistake.as_json() for mistake in examination.mistakes if moves_to(mistake.position) in KNOWN]
    known.sort(key=lambda mistake: KNOWN.index(tuple(mistake["moves"])))
    return {"command": f"pbrain-python docs/examples/{name}.py:choose", "board": THREE.name,
            "positions": examination.positions, "kept": examination.kept, "wrong": len(examination.mistakes),
            "share": round(examination.share, 6), "lost": dict(sorted(lost.items())), "known": known}


def report_path() -> Path:
    return examples_folder() / REPORT


@cache
def examined_examples() -> dict[str, dict[str, Any]]:
    """Each example's examination as the lesson tells it: its figures, and
    its mistakes at the positions the lesson shows, each with the squares named."""
    report = json.loads(report_path().read_text(encoding="utf-8"))
    return {name: {**figures, "known": [_named(mistake) for mistake in figures["known"]]}
            for name, figures in report.items()}


def _named(mistake: dict[str, Any]) -> dict[str, Any]:
    moves = tuple(mistake["moves"])
    return {**mistake, "rows": [mistake["position"][row * 3:row * 3 + 3] for row in range(3)],
            "played_name": THREE.cell_name(mistake["played"]),
            "best_names": ", ".join(map(THREE.cell_name, mistake["best"])),
            "game": ", ".join(f"{'XO'[ply % 2]} {THREE.cell_name(cell)}" for ply, cell in enumerate(moves)),
            "notation": write_moves(THREE, moves)}
