"""A browser's session, in parts: each feature keeps its values under its
own name (play's game and score under "play", the puzzles' streak under
"puzzles"), and reads and writes no other part. This browser's own MENACE,
which play teaches and /learn shows, is a part of its own, kept by
webapp.shared.my_menace for both.

(A session written before the parts had names is rewritten into them once,
when the store is installed: session_migration.) The session is any
mapping: Flask's in a request, a test client's in session_transaction.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any


def part(session: Mapping[str, Any], name: str) -> dict[str, Any]:
    """The part of session that one feature owns, a copy; empty where it has none that is a mapping."""
    own = session.get(name)
    return dict(own) if isinstance(own, Mapping) else {}


def keep_part(session: MutableMapping[str, Any], name: str, values: Mapping[str, Any]) -> None:
    """Keep a feature's part of session, in place of the one it had."""
    session[name] = dict(values)
