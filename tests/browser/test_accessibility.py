"""Everyone can play: an axe audit (WCAG 2.2 A and AA) of every state of every
page, a whole game with the keyboard alone, the focus after each swap, a
320-pixel phone, and reduced motion."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from harness.accessibility import audit_both_schemes, audit_without_scripts
from harness.browsing import COMPUTER_WINS, DRAW, NO_ANSWER_ERRORS, click, focus_settled, new_game, square
from harness.states import STATES

pytestmark = pytest.mark.browser


STATES_CONSOLE_ERRORS = {"a click with no answer": NO_ANSWER_ERRORS,
                         "a record refused": ("status of 400",)}  # the page that says why comes as a 400
"""The console errors a state makes by its own doing."""


@pytest.mark.parametrize("state", [
    pytest.param(state, marks=pytest.mark.expected_console_errors(*STATES_CONSOLE_ERRORS[state]))
    if state in STATES_CONSOLE_ERRORS else state for state in STATES])
def test_every_state_passes_the_audit_light_and_dark(page: Page, axe_source: str, state: str):
    """Each state is reached once and audited in both colour schemes: the
    page's colours follow prefers-color-scheme, which changes in place."""
    STATES[state](page)
    contexts = page.context.browser.contexts  # a state may end in a page of another browser context
    page = contexts[-1].pages[-1] if contexts[-1].pages else page.context.pages[-1]
    audit_both_schemes(page, axe_source)


def test_the_page_without_javascript_passes_the_audit(browser: Browser, live_server: str, axe_source: str):
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    page.goto("/")
    square(page, 4).click()
    expect(page.locator(".moves li")).to_have_count(2)
    html = page.content()
    context.close()
    audit_without_scripts(browser, live_server, axe_source, html)


def focused(page: Page) -> str:
    """What has the keyboard focus: 'square N', a button's text, or the element's tag."""
    return page.evaluate("""() => { const e = document.activeElement;
        return e.name === 'cell' ? 'square ' + e.value : (e.textContent.trim() || e.tagName); }""")


def test_tab_reaches_the_board_once_and_arrows_move_between_squares(page: Page):
    """The first Tab stop skips the header's links; from there the board is
    within six stops, and only its first square is one."""
    page.goto("/")
    page.keyboard.press("Tab")
    assert focused(page) == "Skip to the page"
    expect(page.locator(".skip")).to_be_in_viewport()
    page.keyboard.press("Enter")
    stops = []
    for _ in range(6):
        page.keyboard.press("Tab")
        stops.append(focused(page))
    assert stops.count("square 0") == 1 and not any(s.startswith("square ") and s != "square 0" for s in stops)
    page.goto("/")
    while focused(page) != "square 0":
        page.keyboard.press("Tab")
    for key, expected in (("ArrowRight", 1), ("ArrowRight", 2), ("ArrowRight", 2), ("ArrowDown", 5),
                          ("ArrowDown", 8), ("ArrowLeft", 7), ("ArrowUp", 4), ("ArrowUp", 1)):
        page.keyboard.press(key)
        assert focused(page) == f"square {expected}", key
    expect(page.locator(".grid button:focus-visible")).to_have_count(1)


def test_a_whole_game_with_the_keyboard_alone(page: Page):
    page.goto("/")
    while not focused(page).startswith("square "):
        page.keyboard.press("Tab")
    keys = ["Enter", "Space"]
    moves = 0
    while page.locator(".grid button:enabled").count():
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowRight")
        chosen = int(focused(page).split()[1])
        ply = page.locator('#game input[name="ply"]').input_value()
        page.keyboard.press(keys[moves % 2])
        expect(page.locator('#game input[name="ply"]')).not_to_have_value(ply)
        expect(square(page, chosen)).to_have_text("X")
        moves += 1
        if page.locator(".grid button:enabled").count():
            # the focus stays on the board after the swap
            expect(page.locator(".grid button:focus")).to_be_enabled()
    expect(page.locator("#status")).to_have_text(COMPUTER_WINS if "wins" in page.locator("#status").inner_text()
                                                 else DRAW)
    focus_settled(page)  # the focus is never lost to the top of the page
    expect(page.get_by_role("button", name="Play again")).to_be_focused()  # Enter plays again, never takes back
    page.keyboard.press("Enter")
    expect(page.locator(".grid button:enabled")).to_have_count(9)


def test_after_a_move_the_focus_goes_to_the_next_playable_square(page: Page):
    page.goto("/")
    while focused(page) != "square 0":
        page.keyboard.press("Tab")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    assert focused(page) == "square 5"
    page.keyboard.press("Enter")
    expect(square(page, 5)).to_have_text("X")
    taken = {cell for cell in range(9) if square(page, cell).is_disabled()}
    expected = next(cell for cell in (6, 7, 8, 0, 1, 2, 3, 4) if cell not in taken)
    expect(square(page, expected)).to_be_focused()


def test_take_back_by_keyboard_keeps_the_focus_on_the_page(page: Page):
    page.goto("/")
    click(page, 4)
    page.get_by_role("button", name="Take back").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".moves li")).to_have_count(0)
    focus_settled(page)


@pytest.mark.parametrize("path", ["/", "/replay/40816?step=2"])
def test_a_320_pixel_phone_needs_no_horizontal_scrolling(browser: Browser, live_server: str, path: str):
    context = browser.new_context(base_url=live_server, viewport={"width": 320, "height": 640})
    page = context.new_page()
    page.goto(path)
    if path == "/":
        page.get_by_role("button", name="Coach").click()
        expect(page.locator(".grid span")).to_have_count(9)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    board = page.locator(".grid").bounding_box()
    assert abs(board["width"] - board["height"]) < 1, "the board is square"
    for cell in page.locator(".grid [role=gridcell]").all():
        box = cell.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, "touch targets of at least 44 pixels"
    context.close()


@pytest.mark.parametrize("path", ["15x15", "/replay/15x15/h8-i9-h9"])
def test_15x15_at_320_pixels_is_in_view_whole_with_no_sideways_scrolling(browser: Browser, live_server: str,
                                                                       path: str):
    """The whole board on the smallest phone (its points are smaller than 24
    pixels there: docs/play.md, "Target sizes", says why that is allowed)."""
    context = browser.new_context(base_url=live_server, viewport={"width": 320, "height": 640})
    page = context.new_page()
    if path == "15x15":
        page.goto("/")
        new_game(page, "human", "human", "15x15")
    else:
        page.goto(path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320, "the page never scrolls sideways"
    board = page.locator(".board")
    assert not board.evaluate("board => board.scrollWidth > board.clientWidth"), "nor does the board"
    cells = page.locator(".grid [role=gridcell]")
    expect(cells).to_have_count(225)
    boxes = cells.evaluate_all("cells => cells.map(cell => [cell.getBoundingClientRect().left, "
                               "cell.getBoundingClientRect().right])")
    assert min(left for left, _ in boxes) >= 0 and max(right for _, right in boxes) <= 320
    context.close()


def test_the_arrow_keys_cross_a_7x7_board(page: Page):
    page.goto("/")
    new_game(page, "human", "human", "7x7")
    click(page, 24)  # black in the middle: the arrow keys skip over it
    page.locator("#undo").focus()
    for _ in range(40):  # Tab round to the board, past the header's links: it comes back
        # to the square after the one played
        page.keyboard.press("Tab")
        if focused(page).startswith("square "):
            break
    assert focused(page) == "square 25"
    for key, expected in (("ArrowUp", 18), ("ArrowLeft", 17), ("ArrowLeft", 16), ("ArrowDown", 23),
                          ("ArrowRight", 25), ("ArrowUp", 18), ("ArrowUp", 11), ("ArrowLeft", 10),
                          ("ArrowDown", 17), ("ArrowDown", 31), ("ArrowRight", 32)):
        page.keyboard.press(key)
        assert focused(page) == f"square {expected}", key
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="e3, white")).to_be_disabled()
    focus_settled(page)
    assert focused(page).startswith("square "), "the focus stays on the board after the move"


@pytest.mark.parametrize("motion, animation", [("reduce", "none"), ("no-preference", "place")])
def test_new_marks_animate_unless_reduced_motion_is_asked(browser: Browser, live_server: str,
                                                          motion: str, animation: str):
    context = browser.new_context(base_url=live_server, reduced_motion=motion)
    page = context.new_page()
    page.goto("/")
    click(page, 4)
    assert page.evaluate("getComputedStyle(document.querySelector('.grid .new')).animationName") == animation
    context.close()
