"""An installed engine's 3×3 examination as a job on the engine workers,
and its report as its page shows it. No Flask here.

Only the engines the operator configured (ENGINE_BRAINS) are examined: a
page names one, never a program. The job (examine_engine, handed to
EnginePool.later) asks the engine in every 3×3 position with a choice on
LANES warm processes (webapp.brains.examiner), writes its progress into the
feature's store every PROGRESS_EVERY positions, and keeps the report
there, the one before it kept beside it for the page to compare.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from webapp.brains.examiner import LANES, examine
from webapp.brains.external import Brain
from webapp.engine.game.notation import write_moves
from webapp.engine.players.examination import THREE, all_positions, new_mistakes
from webapp.examinations.store import examinations_at, under_way
from webapp.storage.where import Where

PROGRESS_EVERY = 100
"""How many positions answered between two writes of an examination's progress..."""
PROGRESS_SECONDS = 10.0
"""... or how long, whichever comes first: a slow engine's examination still moves on well within
store.STALE_SECONDS, so that it is never taken for a lost one while it runs."""
SHOWN = 300
"""The most wrong positions the page lists; the downloads hold them all."""


def new_run_id() -> str:
    return secrets.token_urlsafe(9)


def run_name(engine: str, run_id: str) -> str:
    """The name the workers keep an examination's job done under (EnginePool.later's once)."""
    return f"examination:{engine}:{run_id}"


def positions_total() -> int:
    return len(all_positions())


def examine_engine(where: Where, brain: Brain, run_id: str) -> None:
    """The job: the engine examined on every 3×3 position with a choice, its
    progress and report kept under its name (nothing, if another examination
    of it has started since). An engine that refuses 3×3 gets a report that says so."""
    store = examinations_at(where)
    written = [time.monotonic()]

    def progress(done: int, total: int) -> None:
        if done % PROGRESS_EVERY == 0 or done == total or time.monotonic() - written[0] > PROGRESS_SECONDS:
            store.progress(brain.name, run_id, done)
            written[0] = time.monotonic()

    settings = [f"{key} {value}" for key, value in brain.settings if key != "timeout_turn"]
    try:
        report = examine(brain.title, brain.command, THREE, all_positions(), LANES, brain.turn_ms, progress=progress,
                         sample="every position with a choice", settings=settings).as_json()
    except ValueError as error:
        report = {"engine": brain.title, "board": THREE.name, "error": str(error)}
    store.finish(brain.name, run_id, {**report, "identity": brain.identity})


def cell_name(cell: int) -> str:
    return THREE.cell_name(cell)


def described(entry: dict[str, Any], now: float) -> dict[str, Any]:
    """The page's view of an engine's entry: what is under way, the latest
    report with each wrong position's rows and links, and which are new since the one before."""
    running = entry.get("running")
    latest, previous = entry.get("latest"), entry.get("previous")
    view: dict[str, Any] = {"running": running if under_way(entry, now) else None,
                            "stalled": bool(running) and not under_way(entry, now), "latest": latest,
                            "previous": previous, "mistakes": [], "new": None}
    if not latest or "error" in latest:
        return view
    comparable = previous is not None and "error" not in previous
    newly = new_mistakes(previous, latest) if previous is not None and comparable else []
    fresh = {(mistake["position"], mistake["played"]) for mistake in newly}
    view["new"] = len(fresh) if comparable else None
    view["mistakes"] = [_row(mistake, (mistake["position"], mistake["played"]) in fresh)
                        for mistake in latest["mistakes"][:SHOWN]]
    view["faults"] = [{**fault, "rows": _rows(fault["position"]), "notation": write_moves(THREE, tuple(fault["moves"]))}
                      for fault in latest["fault_positions"][:SHOWN] if fault["fault"] != "not asked"]
    return view


def _rows(text: str) -> list[str]:
    return [text[row * 3:row * 3 + 3] for row in range(3)]


def _row(mistake: dict[str, Any], new: bool) -> dict[str, Any]:
    return {**mistake, "rows": _rows(mistake["position"]), "played_name": cell_name(mistake["played"]),
            "best_names": ", ".join(map(cell_name, mistake["best"])),
            "notation": write_moves(THREE, tuple(mistake["moves"])), "new": new}
