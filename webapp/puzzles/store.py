"""Where the puzzles mined from games finished here are kept: the puzzles
feature's own store, an SQLite file in the instance folder
(instance/puzzles.sqlite3) by default and Redis when REDIS_URL is set, so
that every web process and machine lists the same ones, and a restart
loses none. The engine workers' job (mined.py) writes here, opening the
store from where it is (Where); the routes read it.

- Each puzzle is kept once under its starting position, and each solution
  once: a puzzle a stone or two elsewhere with the same solution is the
  same puzzle, and is not kept again. A second mining of the same game
  adds nothing.
- They are numbered as they come, so that /puzzles lists the newest first,
  and the newest KEPT are kept: keeping one more drops the oldest.
- Keeping one is one atomic step (an INSERT that a taken start or solution
  leaves undone; in Redis, one script), so two workers mining games
  through the same puzzle keep it once, and never half of it.
"""

from __future__ import annotations

import json
from functools import lru_cache

from redis import Redis

from webapp.engine import Rules, board_named
from webapp.engine.game.notation import write_moves
from webapp.puzzles.puzzle import Puzzle
from webapp.storage.sqlite import ThreadConnections
from webapp.storage.where import Where

FILE = "puzzles.sqlite3"
"""The store's file in the instance folder, when it is not in Redis."""
KEPT = 10_000
"""The most mined puzzles kept: every finished game may give one, so they
grow with traffic. /puzzles lists 24; a link to an older one stays good
while 10,000 newer ones have not come (years of a small site's games, a
few MB on either store); past that its link answers 404, as any link to
no puzzle does.
"""
WAIT_SECONDS = 10
"""How long a write waits for another process's to finish (SQLite's busy wait)."""


class MinedPuzzles:
    """What both stores do; each keeps the puzzles its own way."""

    def add(self, puzzle: Puzzle) -> bool:
        """Keep puzzle as the newest, unless its start or its solution is kept already; whether it was kept."""
        raise NotImplementedError

    def newest(self, most: int) -> list[Puzzle]:
        """The newest `most` puzzles kept, newest first."""
        raise NotImplementedError

    def find(self, rules: Rules, moves: tuple[int, ...]) -> Puzzle | None:
        """The puzzle kept that starts after these moves, if there is one."""
        raise NotImplementedError


class SQLiteMined(MinedPuzzles):
    """The puzzles in an SQLite file (WAL), shared by every process of one machine."""

    SCHEMA = ("CREATE TABLE IF NOT EXISTS mined (number INTEGER PRIMARY KEY, start TEXT NOT NULL UNIQUE, "
              "solution TEXT NOT NULL UNIQUE, data TEXT NOT NULL)")

    def __init__(self, path: str, kept: int = KEPT):
        self.kept = kept
        self._db = ThreadConnections(path, WAIT_SECONDS)
        self._db().execute(self.SCHEMA)

    def add(self, puzzle: Puzzle) -> bool:
        with self._db.transaction() as db:
            added = db.execute("INSERT OR IGNORE INTO mined (start, solution, data) VALUES (?, ?, ?)",
                               (start_key(puzzle.rules, puzzle.moves), solution_key(puzzle), written(puzzle)))
            if added.rowcount != 1 or added.lastrowid is None:
                return False
            db.execute("DELETE FROM mined WHERE number <= ?", (added.lastrowid - self.kept,))
        return True

    def newest(self, most: int) -> list[Puzzle]:
        rows = self._db().execute("SELECT data FROM mined ORDER BY number DESC LIMIT ?", (max(0, most),)).fetchall()
        return [read(data) for (data,) in rows]

    def find(self, rules: Rules, moves: tuple[int, ...]) -> Puzzle | None:
        row = self._db().execute("SELECT data FROM mined WHERE start = ?", (start_key(rules, moves),)).fetchone()
        return read(row[0]) if row else None


class RedisMined(MinedPuzzles):
    """The puzzles in Redis, shared by every process and machine that uses
    it. Keys: `puzzles:by-start` (a hash: each puzzle by its start),
    `puzzles:by-solution` (a hash: each solution's start),
    `puzzles:newest` (a list of the starts, newest first) and
    `puzzles:solution-of` (a hash: each start's solution, to drop the
    oldest from by-solution; puzzles kept before it was, have none, and
    leave their solution's field when dropped: a one-time few)."""

    KEYS = ("puzzles:by-start", "puzzles:by-solution", "puzzles:newest", "puzzles:solution-of")
    ADD = """
        if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 or redis.call('HSETNX', KEYS[2], ARGV[2], ARGV[1]) == 0 then
            return 0
        end
        redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
        redis.call('HSET', KEYS[4], ARGV[1], ARGV[2])
        redis.call('LPUSH', KEYS[3], ARGV[1])
        while redis.call('LLEN', KEYS[3]) > tonumber(ARGV[4]) do
            local oldest = redis.call('RPOP', KEYS[3])
            local solution = redis.call('HGET', KEYS[4], oldest)
            if solution then
                redis.call('HDEL', KEYS[2], solution)
            end
            redis.call('HDEL', KEYS[1], oldest)
            redis.call('HDEL', KEYS[4], oldest)
        end
        return 1"""

    def __init__(self, client: Redis, kept: int = KEPT):
        self.client, self.kept = client, kept
        self._add = client.register_script(self.ADD)

    def add(self, puzzle: Puzzle) -> bool:
        start = start_key(puzzle.rules, puzzle.moves)
        return bool(self._add(keys=self.KEYS, args=[start, solution_key(puzzle), written(puzzle), self.kept]))

    def newest(self, most: int) -> list[Puzzle]:
        by_start, _, newest, _ = self.KEYS
        starts = self.client.lrange(newest, 0, most - 1) if most > 0 else []
        found = self.client.hmget(by_start, starts) if starts else []  # Redis refuses to read no fields
        return [read(data) for data in found if data is not None]

    def find(self, rules: Rules, moves: tuple[int, ...]) -> Puzzle | None:
        data = self.client.hget(self.KEYS[0], start_key(rules, moves))
        return read(data) if data is not None else None


def start_key(rules: Rules, moves: tuple[int, ...]) -> str:
    """A puzzle's name by its start: its board and the moves that lead to it, as its link writes them."""
    return f"{rules.name}:{write_moves(rules, moves)}"


def solution_key(puzzle: Puzzle) -> str:
    """A puzzle's name by its solution: its board and the solution's moves."""
    return f"{puzzle.rules.name}:{write_moves(puzzle.rules, puzzle.solution)}"


def written(puzzle: Puzzle) -> str:
    """A puzzle as the store keeps it: its board's name, and its moves and solution as cells."""
    return json.dumps({"board": puzzle.rules.name, "moves": puzzle.moves, "solution": puzzle.solution})


def read(data: str | bytes) -> Puzzle:
    """A kept puzzle, read back."""
    fields = json.loads(data)
    return Puzzle(board_named(fields["board"]), tuple(fields["moves"]), tuple(fields["solution"]))


def puzzles_store(where: Where, kept: int = KEPT) -> MinedPuzzles:
    """The store where says: Redis, or the instance folder's file; keeping the newest `kept`."""
    client = where.redis()
    return RedisMined(client, kept) if client is not None else SQLiteMined(where.file(FILE), kept)


@lru_cache(maxsize=4)
def puzzles_at(where: Where) -> MinedPuzzles:
    """The store where says, opened once a process (the web's, or a worker's that runs the mining job)."""
    return puzzles_store(where)
