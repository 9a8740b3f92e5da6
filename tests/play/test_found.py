"""What master's search found, kept with a game: its kind a closed set (ThoughtKind), read back from a session as
the word it was kept as, and a kind that is none of them refused."""

from __future__ import annotations

import json

from webapp.engine import BOARDS, Position, ThoughtKind, think
from webapp.play.found import FOUND_KINDS, Found


def test_a_found_kept_in_a_session_reads_back_with_its_kind():
    thought = think(Position(BOARDS["7x7"]).play(24), 200, max_nodes=500)
    found = Found.of(thought)
    kept = json.loads(json.dumps(found.to_data()))  # as the session store keeps it: the kind as its word
    assert isinstance(kept[0], str) and kept[0] == thought.kind
    again = Found.from_data(kept)
    assert again == found and isinstance(again.kind, ThoughtKind)


def test_a_kind_that_is_no_thoughts_is_refused_and_an_engines_is_not_masters():
    assert Found.from_data(["guess", 1, 0, 1, "", [], "", []]) is None
    assert Found.from_data(["forced win", 5, 0, 1, "", [], "", []]).kind is ThoughtKind.FORCED_WIN
    assert ThoughtKind.ENGINE not in FOUND_KINDS and set(FOUND_KINDS) | {ThoughtKind.ENGINE} == set(ThoughtKind)
