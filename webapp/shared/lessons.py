"""The path of lessons on how a computer plays, in order: each a page one
feature serves (the one that owns its board), all of them framed the same way
(templates/_lesson.html) with where it stands on the path and the way on.

The path is a list here, owned by no feature, so that a feature can show
"Lesson 3 of 7" and link its neighbours without importing the features that
serve them: every lesson lives at /lessons/<slug>, and the feature that owns
its board registers that address (tests/app/test_lessons.py asks each one).
"""

from __future__ import annotations

from typing import NamedTuple


class Lesson(NamedTuple):
    """One page of the path: its address's last part (/lessons/<slug>), its
    title, and the question it answers (the path's list shows it)."""

    slug: str
    title: str
    question: str


LESSONS: tuple[Lesson, ...] = (
    Lesson("game-tree", "The game tree",
           "Every game is a tree of positions: how big is it, and what does a leaf tell you?"),
    Lesson("minimax", "Minimax",
           "How does a computer choose a move by looking at every reply to the end?"),
    Lesson("alpha-beta", "Alpha-beta",
           "Which positions can a search skip without changing its answer?"),
    Lesson("ordering", "Move ordering",
           "Why does the order a search tries moves in change how much it skips?"),
    Lesson("depth", "Depth and evaluation",
           "When the tree is too big, how does a search stop early and guess, and when is the guess wrong?"),
    Lesson("monte-carlo", "Monte Carlo tree search",
           "How can random games, played many times, find a good move?"),
    Lesson("learning", "Learning by playing",
           "How do a box of beads and a small network learn from the games they play?"),
    Lesson("write-your-own", "Write your own",
           "How do you write a program that plays, and how do you find out how good it is?"),
)


def lesson_named(slug: str) -> Lesson:
    """The lesson whose address ends in slug (KeyError where none does)."""
    for lesson in LESSONS:
        if lesson.slug == slug:
            return lesson
    raise KeyError(slug)


def place_of(slug: str) -> tuple[int, Lesson | None, Lesson | None]:
    """Where a lesson stands on the path: its number (from 1), and the
    lessons before and after it (None at either end)."""
    index = LESSONS.index(lesson_named(slug))
    before = LESSONS[index - 1] if index else None
    after = LESSONS[index + 1] if index + 1 < len(LESSONS) else None
    return index + 1, before, after
