"""The puzzles mined from games people finish here: found by the engine
workers, one job a finished game, and kept where the workers keep what they
find (the engine queue's store: SQLite, or Redis), so that every web process
and machine lists the same ones.

Each is kept once under its starting position, and each solution once (a
puzzle a stone or two elsewhere with the same solution is the same puzzle);
they are numbered as they come, so that /puzzles lists the newest first. No
Flask here: when a game ends, mine() is handed to the workers (the
listener routes.init_app registers with the app), and the routes read what
is kept.
"""

from __future__ import annotations

from typing import Protocol

from webapp.engine import Rules
from webapp.puzzles.collection import new_puzzles_in
from webapp.puzzles.puzzle import Puzzle
from webapp.shared.game_link import game_digest, write_moves

COUNT = "puzzles:mined"
"""The count of the puzzles mined; the nth is kept under "puzzles:mined:n"."""


class Kept(Protocol):
    """Where the workers keep what they find, by name (webapp.workers.pool.Kept)."""

    def get(self, name: str) -> object | None: ...
    def put(self, name: str, value: object) -> None: ...
    def put_if_empty(self, name: str, value: object) -> bool: ...
    def count(self, name: str, add: int = 1) -> int: ...
    def get_many(self, names: list[str]) -> dict[str, object]: ...


def mining_name(rules: Rules, moves: tuple[int, ...]) -> str:
    """The name of a finished game's mining job: it is done once a game."""
    return f"mined:{game_digest(rules, moves)}"


def mine(kept: Kept, rules: Rules, moves: tuple[int, ...]) -> None:
    """The job a worker runs for a finished game: keep each puzzle along it
    that is neither shipped nor kept before (its solution is new), and number it."""
    for puzzle in new_puzzles_in(rules, moves):
        name = _name(puzzle.rules, puzzle.moves)
        if kept.put_if_empty(f"puzzle-solution:{rules.name}:{write_moves(rules, puzzle.solution)}", name):
            kept.put(name, puzzle)
            kept.put(f"{COUNT}:{kept.count(COUNT)}", name)


def newest(kept: Kept, most: int) -> list[Puzzle]:
    """The newest puzzles mined here, newest first."""
    count = kept.count(COUNT, 0)
    numbers = [f"{COUNT}:{number}" for number in range(count, max(0, count - most), -1)]
    indexed = kept.get_many(numbers)
    names = [indexed[number] for number in numbers if number in indexed]
    found = kept.get_many(names)
    return [found[name] for name in names if name in found]


def find(kept: Kept, rules: Rules, moves: tuple[int, ...]) -> Puzzle | None:
    """The puzzle mined here that starts after these moves, if there is one."""
    return kept.get(_name(rules, moves))


def _name(rules: Rules, moves: tuple[int, ...]) -> str:
    """The name a mined puzzle is kept under: its board and starting position, as its link writes them."""
    return f"puzzle:{rules.name}:{write_moves(rules, moves)}"
