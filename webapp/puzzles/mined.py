"""The puzzles mined from games people finish here: found by the engine
workers, one job a finished game, and kept in the puzzles feature's own
store (store.py: SQLite in the instance folder, or Redis), which the job
opens itself from where it is (Where), since it runs in a worker's process.

Each puzzle is kept once, and each solution once (a puzzle a stone or two
elsewhere with the same solution is the same puzzle): the store sees to
that, so a game mined twice adds nothing. That the job is done once a game
is the workers' to keep (EnginePool.later's `once`, under mining_name, in
the queue's store beside whether the job is queued). No Flask here: when a
game ends, mine() is handed to the workers (the listener routes.init_app
registers with the app), and the routes read the store.

Before the feature had a store of its own, the workers kept the puzzles in
the queue's store (webapp.workers.pool.Kept). A site upgraded in place has
them carried over into the feature's store at its first start
(carry_over), oldest first, so that its list and its puzzles' links stay.
"""

from __future__ import annotations

from typing import Protocol

from webapp.engine import Rules
from webapp.engine.game.notation import game_digest
from webapp.puzzles.collection import new_puzzles_in
from webapp.puzzles.puzzle import Puzzle
from webapp.puzzles.store import MinedPuzzles, puzzles_at
from webapp.storage.where import Where

OLD_COUNT = "puzzles:mined"
"""In the workers' store, before: the count of the puzzles mined; the nth
one's name was kept under "puzzles:mined:n", and the puzzle under its name."""
CARRIED = "puzzles:carried-over"
"""In the workers' store, once carry_over has kept every puzzle kept there before in the puzzles' own store."""
OLD_CHUNK = 500
"""How many names carry_over reads from the workers' store at a time (SQLite's limit on parameters)."""


class Kept(Protocol):
    """The workers' store (webapp.workers.pool.Kept), as carry_over reads what it kept before."""

    def get(self, name: str) -> object | None: ...
    def put(self, name: str, value: object) -> None: ...
    def count(self, name: str, add: int = 1) -> int: ...
    def get_many(self, names: list[str]) -> dict[str, object]: ...


def mining_name(rules: Rules, moves: tuple[int, ...]) -> str:
    """The name of a finished game's mining job: it is done once a game."""
    return f"mined:{game_digest(rules, moves)}"


def mine(where: Where, rules: Rules, moves: tuple[int, ...]) -> None:
    """The job a worker runs for a finished game: keep each puzzle along it
    that is not shipped, in the store where says (each kept once, newest last)."""
    store = puzzles_at(where)
    for puzzle in new_puzzles_in(rules, moves):
        store.add(puzzle)


def carry_over(old: Kept, store: MinedPuzzles) -> int:
    """Keep in store the puzzles the workers' store kept before the feature
    had its own, oldest first; how many were new. A whole pass marks the
    workers' store (CARRIED), so a pass cut short (a store away mid-way) is
    taken up again at the next start, each puzzle kept once however often it
    is added; once marked, this is a single read, so it is asked at every start."""
    if old.get(CARRIED):
        return 0
    added = sum(store.add(puzzle) for puzzle in _kept_before(old))
    old.put(CARRIED, True)
    return added


def _kept_before(old: Kept) -> list[Puzzle]:
    """The puzzles the workers' store kept, oldest first."""
    count, found = old.count(OLD_COUNT, 0), []
    for first in range(1, count + 1, OLD_CHUNK):
        numbers = [f"{OLD_COUNT}:{number}" for number in range(first, min(count + 1, first + OLD_CHUNK))]
        indexed = old.get_many(numbers)
        names = [name for number in numbers if isinstance(name := indexed.get(number), str)]
        puzzles = old.get_many(names)
        found += [puzzle for name in names if isinstance(puzzle := puzzles.get(name), Puzzle)]
    return found
