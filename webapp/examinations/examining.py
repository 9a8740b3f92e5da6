"""An installed engine's examination as a job on the engine workers, and
its report as its page shows it. No Flask here.

Only the engines the operator configured (ENGINE_BRAINS) are examined: a
page names one, never a program. There are two (Exam): every 3×3 position
with a choice, and a seeded sample of 4×4 positions, PAGE_SAMPLE of them,
judged by the tablebase. The job (examine_engine, handed to
EnginePool.later) asks the engine on LANES warm processes
(webapp.brains.examiner), writes its progress into the feature's store
every PROGRESS_EVERY positions, and keeps the report there under the
engine's name and the exam's (entry_name), the one before it kept beside
it for the page to compare.
"""

from __future__ import annotations

import secrets
import time
from enum import StrEnum
from typing import Any

from webapp.brains.examiner import LANES, examine
from webapp.brains.external import Brain
from webapp.engine.game.notation import write_moves
from webapp.engine.game.position import Position
from webapp.engine.game.rules import Rules
from webapp.engine.players.examination import FOUR, SAMPLE_SEED, THREE, all_positions, new_mistakes, sampled_positions
from webapp.examinations.store import examinations_at, under_way
from webapp.storage.where import Where

PROGRESS_EVERY = 100
"""How many positions answered between two writes of an examination's progress..."""
PROGRESS_SECONDS = 10.0
"""... or how long, whichever comes first: a slow engine's examination still moves on well within
store.STALE_SECONDS, so that it is never taken for a lost one while it runs."""
SHOWN = 300
"""The most wrong positions the page lists; the downloads hold them all."""
PAGE_SAMPLE = 10_000
"""How many 4×4 positions the page's sample asks: the first 10,000 of `make examine`'s 50,000 (the same seed).
The workers count a job hung past two minutes (watch.LIMIT_SECONDS's "later"); the whole sample took 55 s of
a worker on a busy machine with an engine that answers in a millisecond (docs/measurements.md), too near it."""


class Exam(StrEnum):
    """Which positions an examination asks, by the board's name (the page's ?board=)."""

    THREE = "3x3"  # every position with a choice
    FOUR = "4x4"   # the seeded sample, PAGE_SAMPLE of it

    @property
    def rules(self) -> Rules:
        return THREE if self is Exam.THREE else FOUR

    @property
    def sample(self) -> str:
        """How the positions were chosen, as the report says it."""
        if self is Exam.THREE:
            return "every position with a choice"
        return f"a sample of {PAGE_SAMPLE:,} seeded {SAMPLE_SEED}"


def exam_named(text: str | None) -> Exam | None:
    """The exam a page's board names (3×3 when none is named), or None for any other board."""
    try:
        return Exam(text or Exam.THREE)
    except ValueError:
        return None


def entry_name(engine: str, exam: Exam) -> str:
    """The name the store keeps an engine's examinations of one kind under: its own for 3×3 (as it always was)."""
    return engine if exam is Exam.THREE else f"{engine}:{exam.value}"


def new_run_id() -> str:
    return secrets.token_urlsafe(9)


def run_name(engine: str, run_id: str) -> str:
    """The name the workers keep an examination's job done under (EnginePool.later's once)."""
    return f"examination:{engine}:{run_id}"


def positions_of(exam: Exam) -> tuple[Position, ...]:
    return all_positions() if exam is Exam.THREE else sampled_positions(FOUR, PAGE_SAMPLE)


def positions_total(exam: Exam = Exam.THREE) -> int:
    return len(all_positions()) if exam is Exam.THREE else PAGE_SAMPLE


def examine_engine(where: Where, brain: Brain, run_id: str, exam: Exam = Exam.THREE) -> None:
    """The job: the engine examined on the exam's positions, its progress and
    report kept under entry_name (nothing, if another examination of the same
    kind has started since). An engine that refuses the board gets a report that says so."""
    store, name = examinations_at(where), entry_name(brain.name, exam)
    written = [time.monotonic()]

    def progress(done: int, total: int) -> None:
        if done % PROGRESS_EVERY == 0 or done == total or time.monotonic() - written[0] > PROGRESS_SECONDS:
            store.progress(name, run_id, done)
            written[0] = time.monotonic()

    settings = [f"{key} {value}" for key, value in brain.settings if key != "timeout_turn"]
    try:
        report = examine(brain.title, brain.command, exam.rules, positions_of(exam), LANES, brain.turn_ms,
                         progress=progress, sample=exam.sample, settings=settings).as_json()
    except ValueError as error:
        report = {"engine": brain.title, "board": exam.rules.name, "error": str(error)}
    store.finish(name, run_id, {**report, "identity": brain.identity})


def described(entry: dict[str, Any], now: float, exam: Exam = Exam.THREE) -> dict[str, Any]:
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
    rules = exam.rules
    view["mistakes"] = [_row(rules, mistake, (mistake["position"], mistake["played"]) in fresh)
                        for mistake in latest["mistakes"][:SHOWN]]
    view["faults"] = [{**fault, "rows": _rows(rules, fault["position"]),
                       "notation": write_moves(rules, tuple(fault["moves"]))}
                      for fault in latest["fault_positions"][:SHOWN] if fault["fault"] != "not asked"]
    return view


def _rows(rules: Rules, text: str) -> list[str]:
    size = rules.size
    return [text[row * size:(row + 1) * size] for row in range(size)]


def _row(rules: Rules, mistake: dict[str, Any], new: bool) -> dict[str, Any]:
    return {**mistake, "rows": _rows(rules, mistake["position"]), "played_name": rules.cell_name(mistake["played"]),
            "best_names": ", ".join(map(rules.cell_name, mistake["best"])),
            "notation": write_moves(rules, tuple(mistake["moves"])), "new": new}
