"""The board and rule this browser last played on: play keeps it, the analysis board opens on it.

Each feature reads and writes only its own part of the session; a page that
wants to open on the board a person plays on (the analysis board, from the
header) reads this small part instead of play's game.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any

from webapp.engine import Rules, board_named

SESSION_PART = "rules_played"
"""The session's part that names the board and rule of this browser's game at one screen."""


def keep_rules_played(session: MutableMapping[str, Any], rules: Rules) -> None:
    """Say in session that this browser plays on rules (play's to call as it keeps its game)."""
    if session.get(SESSION_PART) != rules.name:
        session[SESSION_PART] = rules.name


def rules_played(session: Mapping[str, Any]) -> Rules | None:
    """The board and rule this browser last played on; None if it has not, or the name is not one."""
    name = session.get(SESSION_PART)
    try:
        return board_named(name) if isinstance(name, str) else None
    except ValueError:
        return None
