"""This browser's own MENACE, kept in its session under a key of its own
(a part of the session no feature owns: webapp.storage.session_parts): the
match teaches it as it plays (webapp.play), and /learn shows what it has
learned and empties its boxes (webapp.learn). Both read and keep it here."""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any

from webapp.engine import Menace
from webapp.shared.errors import Conflict

KEY = "my_menace"


def read(session: Mapping[str, Any]) -> Menace:
    """The MENACE a session keeps, or a fresh one (empty boxes) if it keeps none."""
    return Menace.from_data(session[KEY]) if session.get(KEY) else Menace()


def keep(session: MutableMapping[str, Any], machine: Menace) -> None:
    """Keep machine in session: nothing until it has played."""
    session[KEY] = None if machine == Menace() else machine.to_data()


def emptied(machine: Menace) -> Menace:
    """A MENACE with empty boxes, knowing nothing, in machine's place; Conflict if machine has learned nothing yet."""
    if machine == Menace():
        raise Conflict("Your MENACE has not learned anything yet; there is nothing to reset.")
    return Menace()
