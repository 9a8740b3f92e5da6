"""The path of lessons: every lesson listed, in order, from the header's Learn."""

from __future__ import annotations

import re

from tests.support import Visitor
from webapp.shared.lessons import LESSONS, lesson_named, place_of


def test_the_path_lists_every_lesson_in_order_with_its_question(visitor: Visitor):
    page = visitor.client.get("/lessons")
    assert page.status_code == 200
    listed = re.findall(r'<li><a href="/lessons/([a-z-]+)">([^<]+)</a>', page.text)
    assert listed == [(lesson.slug, lesson.title) for lesson in LESSONS]
    assert all(lesson.question in page.text for lesson in LESSONS)


def test_each_lesson_knows_its_neighbours_and_the_ends_have_none():
    slugs = [lesson.slug for lesson in LESSONS]
    assert len(set(slugs)) == len(slugs) == 8
    for number, lesson in enumerate(LESSONS, start=1):
        place, before, after = place_of(lesson.slug)
        assert place == number and lesson_named(lesson.slug) is lesson
        assert before == (LESSONS[number - 2] if number > 1 else None)
        assert after == (LESSONS[number] if number < len(LESSONS) else None)


def test_every_lesson_of_the_path_is_served_in_its_frame(visitor: Visitor):
    """Each feature serves its own lessons; the path is whole only if every
    address it lists answers, framed: its place, its title, the way on."""
    for number, lesson in enumerate(LESSONS, start=1):
        page = visitor.client.get(f"/lessons/{lesson.slug}")
        assert page.status_code == 200, lesson.slug
        assert f"lesson {number} of {len(LESSONS)}" in page.text and lesson.title in page.text
        assert 'aria-label="The lessons before and after this one"' in page.text
        assert "lessons.css" in page.text, f"{lesson.slug} does not load the frame's stylesheet"
