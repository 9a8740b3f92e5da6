"""This browser's own MENACE, kept in its session under one key: the match
teaches it as it plays (webapp.play), and /learn shows what it has learned
(webapp.learn). Both read and write it here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from webapp.engine import Menace

KEY = "my_menace"


def read(data: Mapping[str, Any]) -> Menace:
    """The MENACE a session keeps, or a fresh one (empty boxes) if it keeps none."""
    return Menace.from_data(data[KEY]) if data.get(KEY) else Menace()


def written(machine: Menace) -> dict[str, Any] | None:
    """What a session keeps of a MENACE: nothing until it has played."""
    return None if machine == Menace() else machine.to_data()
