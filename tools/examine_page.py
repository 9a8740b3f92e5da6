"""What an examination started from its page costs the engine workers: `python -m tools.examine_page`.

An app of this checkout (a fresh instance folder, ENGINE_WORKERS=local, two
workers) with the documented examples installed (docs/your-own-ai.md), each
examined in turn through its page: POST /engines/<name>/examination, then
the page read every quarter of a second until the report stands. For each,
the time from the POST to the report, the examination's own wall time (the
report's), and the CPU seconds the workers' processes spent meanwhile, the
engine's processes included (/proc: every process under the consumer, and
what each collected of its ended children). The first examination starts
the workers; the figures of the second are those of workers already running.
docs/measurements.md keeps the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

from flask.testing import FlaskClient

from webapp.app import create_app
from webapp.shared.web import ENGINE_POOL

EXAMPLES = Path(__file__).parent.parent / "docs" / "examples"
ENGINES = {"minimax": f"pbrain-python {EXAMPLES / 'minimax.py'}:choose",
           "ways": f"pbrain-python {EXAMPLES / 'ways_to_win.py'}:choose"}
POLL_SECONDS = 0.25
TICKS = os.sysconf("SC_CLK_TCK")
STARTED = " (counted from their start: this POST started them)"


def cpu_seconds(root: int) -> float:
    """CPU seconds of the process root and every process under it, with what each collected of its ended children."""
    total, pending, seen = 0.0, [root], set()
    while pending:
        pid = pending.pop()
        if pid in seen:
            continue
        seen.add(pid)
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except OSError:
            continue  # it ended meanwhile: its parent collects its time
        total += sum(int(value) for value in fields[11:15]) / TICKS  # utime, stime, cutime, cstime
        pending.extend(int(child) for child in children)
    return total


def examined(visitor: FlaskClient, name: str, consumer: int | None, board: str) -> dict[str, float]:
    """One examination through the page, timed: until the report stands."""
    before = cpu_seconds(consumer) if consumer else 0.0
    started = time.monotonic()
    answer = visitor.post(f"/engines/{name}/examination", data={"board": board})
    if answer.status_code != 303:
        raise SystemExit(f"{name}: the start answered {answer.status_code}: {answer.text[:200]}")
    while (report := visitor.get(f"/engines/{name}/examination.json?board={board}")).status_code != 200:
        visitor.get(f"/engines/{name}/examination?board={board}")  # the page, as a person's browser asks it
        time.sleep(POLL_SECONDS)
    latest = json.loads(report.text)
    if "error" in latest:
        raise LookupError(latest["error"])
    return {"to_report": time.monotonic() - started, "examination": latest["wall_seconds"],
            "positions": latest["positions"], "wrong": latest["wrong"], "before": before}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.examine_page", description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="3x3", choices=["3x3", "4x4"])
    parser.add_argument("--workers", type=int, default=2)
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as instance:
        app = create_app({"SECRET_KEY": "examine-page", "ENGINE_WORKERS": "local",
                          "ENGINE_WORKER_COUNT": options.workers,
                          "ENGINE_BRAINS": ",".join(f"{name}={command}" for name, command in ENGINES.items())},
                         instance_path=instance)
        pool = app.extensions[ENGINE_POOL]
        visitor = app.test_client()
        try:
            for name in ENGINES:
                consumer = getattr(pool, "_consumer", None)
                try:
                    figures = examined(visitor, name, consumer.pid if consumer else None, options.board)
                except LookupError as refused:
                    print(f"{name} on {options.board}: not examined: {refused}")
                    continue
                consumer = getattr(pool, "_consumer", None)
                spent = cpu_seconds(consumer.pid) - figures["before"] if consumer else float("nan")
                print(f"{name} on {options.board}: {figures['positions']:,} positions, {figures['wrong']:,} wrong; "
                      f"the report {figures['to_report']:.2f} s after the POST, the examination "
                      f"{figures['examination']:.2f} s on {options.workers} workers; the workers' CPU "
                      f"{spent:.2f} s{STARTED if not figures['before'] else ''}")
        finally:
            pool.stop()


if __name__ == "__main__":
    main()
