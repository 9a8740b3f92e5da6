"""The four lessons of the path (webapp/shared/lessons.py) whose board is a
search stepped through: for each, the position it starts on, the search and
order it shows, the positions it offers to try instead, and its question."""

from __future__ import annotations

from typing import NamedTuple


class LessonBoard(NamedTuple):
    """A lesson's working board."""

    moves: str                    # the position it starts on, as a link writes it
    search: str                   # the search it steps through
    order: str                    # the order of moves it starts with
    fixed: bool                   # whether the lesson keeps to its search (no chooser)
    others: tuple[tuple[str, str], ...]   # other positions to try: (moves, in words)
    kind: str | None              # its predict-then-see question, if any


LESSON_BOARDS = {
    "game-tree": LessonBoard("40812", "minimax", "listed", True,
                             (("4081", "one move earlier"), ("408", "two moves earlier"), ("40", "after two moves")),
                             None),
    "minimax": LessonBoard("40812", "minimax", "listed", True,
                           (("0438", "X in two corners"), ("4015", "a fight for the centre"),
                            ("012", "after three moves")),
                           "choose"),
    "alpha-beta": LessonBoard("4018", "alphabeta", "listed", False,
                              (("40", "after two moves"), ("04", "X in a corner"), ("4012", "X about to win")),
                              "skip"),
    "ordering": LessonBoard("40", "alphabeta", "listed", False,
                            (("4", "after one move"), ("04", "X in a corner"), ("4018", "four moves in")),
                            None),
}
"""The lessons' boards, by slug. Their positions are small enough to step in
the web thread (seven empty squares or fewer), but for the ordering
lesson's empty-ish board, whose counts differ most between orders."""
