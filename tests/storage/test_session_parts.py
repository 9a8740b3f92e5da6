"""A session in parts (webapp.storage.session_parts): each feature reads and keeps only its own."""

from __future__ import annotations

from webapp.storage.session_parts import keep_part, part


def test_a_part_is_read_and_kept_under_its_name_and_no_other_part_is_touched():
    session = {"puzzles": {"streak": 3}, "my_menace": None}
    assert part(session, "play") == {}
    keep_part(session, "play", {"game": "g"})
    assert session == {"puzzles": {"streak": 3}, "my_menace": None, "play": {"game": "g"}}
    assert part(session, "play") == {"game": "g"} and part(session, "puzzles") == {"streak": 3}


def test_a_part_that_is_not_a_mapping_reads_as_empty_and_a_copy_is_what_is_read():
    assert part({"play": "junk"}, "play") == {}
    session = {"play": {"game": "g"}}
    part(session, "play")["game"] = "changed"
    assert session["play"] == {"game": "g"}
