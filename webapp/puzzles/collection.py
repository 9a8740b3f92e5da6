"""The puzzles offered: the starting set `make puzzles` mines and ships
(puzzles.json, beside this file: each puzzle's moves and its solution), in
order, and the new ones along a game that the engine workers mine from the
games people finish here (mined.py, kept by store.py). Proving a 15×15
puzzle can take the threat solver seconds, so the app reads the proofs rather
than making them again; the tests check every shipped one."""

from __future__ import annotations

import datetime
import json
from functools import cache
from pathlib import Path

from webapp.engine import BOARDS, Rules
from webapp.puzzles.puzzle import Puzzle, puzzles_in
from webapp.shared.game_link import parse_moves

PUZZLES_FILE = Path(__file__).with_name("puzzles.json")


@cache
def collection() -> tuple[Puzzle, ...]:
    """Every shipped puzzle, board by board."""
    shipped = json.loads(PUZZLES_FILE.read_text())["puzzles"]
    return tuple(Puzzle(BOARDS[board], parse_moves(BOARDS[board], each["moves"]),
                        _cells(BOARDS[board], each["solution"]))
                 for board, puzzles in shipped.items() for each in puzzles)


def find(rules: Rules, moves: tuple[int, ...]) -> Puzzle | None:
    """The shipped puzzle that starts after these moves, if any."""
    return next((puzzle for puzzle in collection() if puzzle.rules == rules and puzzle.moves == moves), None)


def new_puzzles_in(rules: Rules, moves: tuple[int, ...]) -> list[Puzzle]:
    """The puzzles along a game that the shipped set does not have (a shipped
    one with the same solution is the same puzzle, a stone or two elsewhere)."""
    shipped = {puzzle.solution for puzzle in collection() if puzzle.rules == rules}
    return [puzzle for puzzle in puzzles_in(rules, moves) if puzzle.solution not in shipped]


def _cells(rules: Rules, written: str) -> tuple[int, ...]:
    """A line of moves written as a link writes them, from any position."""
    return tuple(map(int, written)) if rules.size == 3 else tuple(map(rules.parse_cell_name, written.split("-")))


def following(puzzle: Puzzle) -> Puzzle:
    """The next shipped puzzle after this one (the first after the last; for
    a mined one, the first shipped on its board)."""
    puzzles = collection()
    if puzzle not in puzzles:
        return next((each for each in puzzles if each.rules == puzzle.rules), puzzles[0])
    return puzzles[(puzzles.index(puzzle) + 1) % len(puzzles)]


def daily(today: datetime.date) -> Puzzle:
    """The day's puzzle: the collection in turn, a new one each day."""
    puzzles = collection()
    return puzzles[today.toordinal() % len(puzzles)]
