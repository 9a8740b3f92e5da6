"""The documented examples examined, for the lesson "Write your own": `python -m tools.examples_examined`.

Each example of docs/your-own-ai.md (docs/examples/*.py) is run as
pbrain-python runs it and examined on every 3×3 position with a choice, as
`make examine` examines it (webapp.brains.examiner), and what the lesson
says of it is written into docs/examples/examined.json: the positions
judged, kept and wrong, what was lost, and the mistakes at a few positions
the lesson shows (KNOWN). The lesson reads the file; its test examines the
examples again and holds the file to what it finds, so the page states no
figure nobody measured. Run it again when an example changes.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from webapp.brains.examiner import examine
from webapp.engine.players.examination import THREE, Examination, all_positions, moves_to

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
FILE = EXAMPLES / "examined.json"
NAMES = ("minimax", "ways_to_win")
KNOWN = ((0, 4, 8), (0, 2), (0, 8), (0, 1, 7))
"""The games whose last position the lesson shows the heuristic's mistake in: the fork, then the centre taken where a
corner wins (docs/your-own-ai.md)."""


def command(name: str) -> tuple[str, ...]:
    """pbrain-python on the example's choose, as this checkout's module (the brain inherits its folder)."""
    return (sys.executable, "-m", "webapp.brains.python_brain", f"{EXAMPLES / name}.py:choose")


def examined(name: str) -> Examination:
    return examine(f"{name}.choose", command(name), THREE, all_positions(), sample="every position with a choice")


def summary(name: str, examination: Examination) -> dict[str, Any]:
    """What the lesson says of one example's examination (no times: they vary with the machine)."""
    lost = Counter(mistake.verdict.value for mistake in examination.mistakes)
    known = [mistake.as_json() for mistake in examination.mistakes if moves_to(mistake.position) in KNOWN]
    known.sort(key=lambda mistake: KNOWN.index(tuple(mistake["moves"])))
    return {"command": f"pbrain-python docs/examples/{name}.py:choose", "board": THREE.name,
            "positions": examination.positions, "kept": examination.kept, "wrong": len(examination.mistakes),
            "share": round(examination.share, 6), "lost": dict(sorted(lost.items())), "known": known}


def main() -> None:
    found = {name: summary(name, examined(name)) for name in NAMES}
    FILE.write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n")
    for name, figures in found.items():
        share = 100 * figures["share"]
        print(f"{name}: {figures['positions']:,} judged, {figures['wrong']:,} wrong, {share:.1f}% kept")
    print(f"written: {FILE}")


if __name__ == "__main__":
    main()
