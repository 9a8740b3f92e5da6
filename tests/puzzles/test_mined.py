"""The mining job and the puzzles it keeps in the feature's own store, on
SQLite and on Redis: a finished game's new puzzles kept where the job is
told (as a worker opens the store), a game mined again adding nothing, and
the puzzles the engine workers' store kept before carried over once, oldest
first, when an upgraded site starts."""

from __future__ import annotations

import sqlite3

import pytest

from tests.puzzles.test_puzzle_views import mined_links
from tests.puzzles.test_puzzles import PLAYED_7X7
from tests.support import Visitor
from webapp.app import create_app
from webapp.engine import BOARDS
from webapp.engine.game.notation import write_moves
from webapp.puzzles import mined
from webapp.puzzles.collection import collection, new_puzzles_in
from webapp.puzzles.puzzle import Puzzle
from webapp.puzzles.store import puzzles_at, puzzles_store
from webapp.shared.game_link import parse_moves
from webapp.storage.where import Where
from webapp.workers.pool import EnginePool

SEVENS = BOARDS["7x7"]
GAME = parse_moves(SEVENS, PLAYED_7X7)
BEFORE = collection()[::9]
"""Puzzles an upgraded site's workers kept in their own store (any will do: the store does not ask)."""


def test_mining_a_game_keeps_its_new_puzzles_and_mining_it_again_adds_nothing(where: Where):
    mined.mine(where, SEVENS, GAME)
    found = new_puzzles_in(SEVENS, GAME)
    assert len(found) == 2 and puzzles_store(where).newest(10) == found[::-1]  # opened afresh: it is kept there
    mined.mine(where, SEVENS, GAME)  # the same game again (its job queued again, its worker lost)
    mined.mine(where, SEVENS, GAME[:15])  # another game through the same positions
    assert puzzles_store(where).newest(10) == found[::-1]


def kept_as_before(kept: mined.Kept, puzzles: tuple[Puzzle, ...]) -> None:
    """Keep puzzles in the workers' store as mine() did before the feature had a store of its own."""
    for puzzle in puzzles:
        name = f"puzzle:{puzzle.rules.name}:{write_moves(puzzle.rules, puzzle.moves)}"
        if kept.put_if_empty(f"puzzle-solution:{puzzle.rules.name}:{write_moves(puzzle.rules, puzzle.solution)}",
                             name):
            kept.put(name, puzzle)
            kept.put(f"{mined.OLD_COUNT}:{kept.count(mined.OLD_COUNT)}", name)


def upgraded(where: Where) -> Visitor:
    """A visitor to the site where says, started again on this code, its workers' queue where they were."""
    config = {"TESTING": True, "SECRET_KEY": "k", "ENGINE_WORKERS": "external", "REDIS_URL": where.redis_url}
    return Visitor(create_app(config, instance_path=where.instance_path).test_client())


def test_an_upgraded_site_lists_and_plays_the_puzzles_its_workers_kept_before(where: Where):
    kept_as_before(EnginePool("external", where.instance_path, where.redis_url).kept_before, BEFORE)
    visitor = upgraded(where)
    links = [f"/puzzle/{puzzle.rules.name}/{write_moves(puzzle.rules, puzzle.moves)}" for puzzle in BEFORE[::-1]]
    assert mined_links(visitor) == links
    assert all(visitor.client.get(link).status_code == 200 for link in links)
    assert mined_links(upgraded(where)) == links  # carried over once: the next start adds nothing
    assert puzzles_at(where).newest(100) == list(BEFORE[::-1])


def test_puzzles_are_carried_over_oldest_first_and_once(where: Where, monkeypatch):
    old = EnginePool("inline", where.instance_path).kept_before
    kept_as_before(old, BEFORE)
    monkeypatch.setattr(mined, "OLD_CHUNK", 2)  # read a few at a time, as a site with thousands is
    store = puzzles_store(where)
    assert mined.carry_over(old, store) == len(BEFORE) and store.newest(100) == list(BEFORE[::-1])
    assert mined.carry_over(old, store) == 0 and store.newest(100) == list(BEFORE[::-1])


def test_a_carry_over_cut_short_is_taken_up_again_at_the_next_start(where: Where, monkeypatch):
    old = EnginePool("inline", where.instance_path).kept_before
    kept_as_before(old, BEFORE)
    store = puzzles_store(where)
    add, calls = store.add, []

    def away_at_the_third(puzzle: Puzzle) -> bool:
        calls.append(puzzle)
        if len(calls) == 3:
            raise sqlite3.OperationalError("database is locked")
        return add(puzzle)

    monkeypatch.setattr(store, "add", away_at_the_third)
    with pytest.raises(sqlite3.OperationalError):
        mined.carry_over(old, store)
    monkeypatch.setattr(store, "add", add)
    assert len(store.newest(100)) == 2
    assert mined.carry_over(old, store) == len(BEFORE) - 2 and store.newest(100) == list(BEFORE[::-1])
    store.add(collection()[1])  # mined here since: the old ones are not carried again
    assert mined.carry_over(old, store) == 0 and len(store.newest(100)) == len(BEFORE) + 1


def test_the_app_starts_while_the_store_it_carries_into_is_away(tmp_path, monkeypatch):
    def away(*arguments):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(mined, "carry_over", away)
    visitor = Visitor(create_app({"TESTING": True, "SECRET_KEY": "k"}, instance_path=tmp_path).test_client())
    assert visitor.client.get("/puzzles").status_code == 200
