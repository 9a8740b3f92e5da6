"""A browser's session, in parts: each feature keeps its values under its
own name (play's game and score under "play", the puzzles' streak under
"puzzles"), and reads and writes no other part. This browser's own MENACE,
which play teaches and /learn shows, is a part of its own, kept by
webapp.shared.my_menace for both.

A session written before the parts had names kept a feature's values at the
top: they are read as its part (legacy: their keys) until the feature first
keeps it, which drops them. The session is any mapping: Flask's in a request,
a test client's in session_transaction.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, MutableMapping
from typing import Any


def part(session: Mapping[str, Any], name: str, legacy: Collection[str] = ()) -> dict[str, Any]:
    """The part of session that one feature owns, a copy; where it has none
    that is a mapping, its legacy keys' values (none: an empty part)."""
    own = session.get(name)
    if isinstance(own, Mapping):
        return dict(own)
    return {key: session[key] for key in legacy if key in session}


def keep_part(session: MutableMapping[str, Any], name: str, values: Mapping[str, Any],
              legacy: Collection[str] = ()) -> None:
    """Keep a feature's part of session, in place of the top-level keys it had before the parts (legacy)."""
    for key in legacy:
        session.pop(key, None)
    session[name] = dict(values)
