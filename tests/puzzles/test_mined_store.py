"""The puzzles feature's own store of the puzzles mined here, on SQLite and
on Redis: a puzzle kept once by its start and once by its solution, found by
its start, listed newest first, kept across a restart, and kept once when
processes race to keep it."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from webapp.puzzles.collection import collection
from webapp.puzzles.puzzle import Puzzle
from webapp.puzzles.store import puzzles_at, puzzles_store
from webapp.storage.where import Where

SOME = collection()[::7]
"""Puzzles of every board (the shipped ones: the store does not ask where a puzzle comes from)."""


def test_a_kept_puzzle_is_found_by_its_start_and_listed_newest_first(where: Where):
    store = puzzles_at(where)
    assert store.newest(10) == [] and store.find(SOME[0].rules, SOME[0].moves) is None
    assert all(store.add(puzzle) for puzzle in SOME)
    assert store.newest(len(SOME)) == list(reversed(SOME))
    assert store.newest(2) == [SOME[-1], SOME[-2]] and store.newest(0) == []
    assert all(store.find(puzzle.rules, puzzle.moves) == puzzle for puzzle in SOME)
    assert store.find(SOME[0].rules, SOME[0].moves[:-1]) is None


def test_a_puzzle_is_kept_once_and_so_is_its_solution(where: Where):
    """The same puzzle again adds nothing, and so does the same solution a
    stone or two elsewhere (the same puzzle, later in its game)."""
    store, first = puzzles_at(where), SOME[-1]
    assert store.add(first) and not store.add(first)
    elsewhere = [cell for cell in first.position.legal_moves() if cell not in first.solution][:2]
    later = Puzzle(first.rules, (*first.moves, *elsewhere), first.solution)
    assert not store.add(later)
    assert store.newest(10) == [first] and store.find(later.rules, later.moves) is None


def test_the_puzzles_outlive_the_process_that_kept_them(where: Where):
    """A store opened afresh (another process, or the next start) lists the same puzzles."""
    for puzzle in SOME:
        puzzles_at(where).add(puzzle)
    again = puzzles_store(where)
    assert again is not puzzles_at(where) and again.newest(len(SOME)) == list(reversed(SOME))


def test_processes_racing_to_keep_the_same_puzzles_keep_each_once(where: Where):
    def keep_all(_: int) -> int:
        store = puzzles_store(where)  # its own connection, as another worker process has
        return sum(store.add(puzzle) for puzzle in SOME)

    with ThreadPoolExecutor(4) as threads:
        kept = list(threads.map(keep_all, range(4)))
    assert sum(kept) == len(SOME)
    assert sorted(map(repr, puzzles_at(where).newest(100))) == sorted(map(repr, SOME))


def test_the_newest_kept_are_kept_and_the_oldest_dropped(where: Where):
    """Every finished game may give a puzzle: past its bound, keeping one
    more drops the oldest, by its start and by its solution (so it may be
    kept again, as the newest)."""
    store = puzzles_store(where, kept=3)
    assert all(store.add(puzzle) for puzzle in SOME[:5])
    assert store.newest(10) == [SOME[4], SOME[3], SOME[2]]
    assert store.find(SOME[0].rules, SOME[0].moves) is None and store.find(SOME[1].rules, SOME[1].moves) is None
    assert store.add(SOME[0]) and store.newest(10) == [SOME[0], SOME[4], SOME[3]]
