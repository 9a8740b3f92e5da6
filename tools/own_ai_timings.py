"""What pbrain-python's examples cost: `python -m tools.own_ai_timings`.

Each example of docs/your-own-ai.md, and pbrain-kinrow for comparison, is
probed as the app probes it at start (every board, a process each: how long,
and what it plays), then asked its first two moves over the protocol on a
board it plays. docs/measurements.md keeps the figures.
"""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

from webapp.brains.connection import Connection
from webapp.brains.external import Brain, probe

EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"
PYTHON_BRAIN = (sys.executable, "-m", "webapp.brains.python_brain")
"""pbrain-python, as this checkout's module (run from the checkout's folder: the brain inherits it)."""


def timed_moves(command: tuple[str, ...], size: int, reply: str) -> str:
    """The first move from an empty board and the answer to reply, each with its time."""
    connection = Connection(command)
    try:
        connection.start(size)
        said = []
        for question in ("BEGIN", f"TURN {reply}"):
            started = time.perf_counter()
            connection.tell(question)
            answer = connection.answer(60)
            said.append(f"{question.split()[0]} {answer} in {1000 * (time.perf_counter() - started):.0f} ms")
        return ", ".join(said)
    finally:
        connection.close()


def main() -> None:
    kinrow = shutil.which("pbrain-kinrow") or str(Path(sys.executable).with_name("pbrain-kinrow"))
    engines = {"minimax": (*PYTHON_BRAIN, f"{EXAMPLES}/minimax.py:choose"),
               "ways": (*PYTHON_BRAIN, f"{EXAMPLES}/ways_to_win.py:choose"), "kinrow": (kinrow,)}
    for name, command in engines.items():
        started = time.perf_counter()
        brain = probe(Brain(name, command))
        print(f"{name}: probed in {time.perf_counter() - started:.2f} s, plays {', '.join(sorted(brain.plays))}")
    print("minimax 3x3:", timed_moves(engines["minimax"], 3, "1,1"))
    print("ways 15x15:", timed_moves(engines["ways"], 15, "7,7"))


if __name__ == "__main__":
    main()
