"""The learners the app ships, made by `make train` (tools/training.py): where
their files are, and each file's record (the seed, the games, the learning
curve and the learner). Reading a record needs neither numpy nor the trainer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FILES = {"menace": Path(__file__).with_name("menace.json"), "network": Path(__file__).with_name("network.json")}


def record(learner: str) -> dict[str, Any]:
    """The record of a shipped learner ('menace' or 'network')."""
    if learner not in FILES:
        raise ValueError(f"There is no shipped learner “{str(learner)[:20]}”; there are {' and '.join(FILES)}.")
    kept: dict[str, Any] = json.loads(FILES[learner].read_text())
    return kept


def learning_curve(learner: str) -> list[dict[str, Any]]:
    """The shipped learner's learning curve, for a chart: its points in order of games played."""
    curve: list[dict[str, Any]] = record(learner)["curve"]
    return curve
