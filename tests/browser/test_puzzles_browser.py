"""Puzzles in the browser: a person picks one, misses, then solves it by clicks; the streak counts it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from harness.accessibility import audit
from harness.browsing import (
    PUZZLE_FROM_7X7,
    first_shipped_puzzle,
    puzzles_from_a_game_played_here,
    solve_puzzle,
    square,
)
from webapp.puzzles.collection import collection

pytestmark = pytest.mark.browser


def test_a_wrong_move_then_the_solution_by_clicks(page: Page, axe_source: str):
    puzzle = collection()[0]
    first_shipped_puzzle(page)
    expect(page.locator("#puzzle-heading")).to_contain_text(puzzle.title)
    square(page, next(cell for cell in puzzle.position.legal_moves() if cell != puzzle.solution[0])).click()
    expect(page.get_by_role("alert")).to_contain_text("This ")
    audit(page, axe_source)
    solve_puzzle(page)
    expect(page.locator("#status")).to_have_text(f"{puzzle.winner} wins.")
    expect(page.locator("#puzzle")).to_contain_text("Solved in a row in this browser: 1")
    page.get_by_role("link", name="Next puzzle").click()
    expect(page.locator("#puzzle-heading")).to_contain_text(collection()[1].title)


def test_a_hint_then_the_answer_by_clicks_and_the_list_marks_what_was_solved(page: Page):
    puzzle = collection()[0]
    first_shipped_puzzle(page)
    page.get_by_role("button", name="Hint").click()
    expect(page.get_by_role("alert")).to_contain_text("Hint: ")
    expect(page.locator(".grid .coach-hint")).to_have_attribute("value", str(puzzle.solution[0]))
    page.get_by_role("button", name="Show the answer").click()
    expect(page.get_by_role("alert")).to_contain_text("The answer: ")
    expect(page.locator(".grid button:enabled")).to_have_count(0)
    page.goto("/puzzles")
    expect(page.locator(".solved")).to_have_count(0)  # shown the answer is not solved
    first_shipped_puzzle(page)
    solve_puzzle(page)
    page.goto("/puzzles")
    expect(page.locator(".puzzle-list:not(.mined) li").first.locator(".solved")).to_have_text("✓ solved")


def test_a_game_finished_by_clicks_comes_back_as_a_puzzle(page: Page):
    puzzles_from_a_game_played_here(page)
    link = page.locator(f'.puzzle-list.mined a[href="{PUZZLE_FROM_7X7}"]')
    expect(link).to_have_text(re.compile(r"^7×7, new \d+: Black to play and win in 2$"))  # numbered among the new
    link.click()
    expect(page.locator("#puzzle-heading")).to_contain_text("Black to play and win in 2")
    expect(page.locator("footer")).to_contain_text("Games finished here may become puzzles")


@pytest.mark.parametrize("path", ["/puzzles", "/puzzles/daily"])
def test_the_puzzles_need_no_sideways_scrolling_at_375_pixels(browser: Browser, live_server: str, path: str):
    context = browser.new_context(base_url=live_server, viewport={"width": 375, "height": 700})
    page = context.new_page()
    page.goto(path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    context.close()
