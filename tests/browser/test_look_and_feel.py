"""What a person sees, tried as a new user would, in Chromium at 1280×800 and
on a phone, light and dark: each of the ten problems of the look-and-feel
issue, and how the big boards look and feel (drawn as gomoku is, a ghost
stone to confirm a tap, the whole 15×15 board on a 360-pixel screen).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from harness.accessibility import audit
from harness.browsing import (
    BOARD_TOP,
    DESKTOP,
    FACING_PERFECT,
    SMALL_PHONE,
    WIDE_DESKTOP,
    board_comes_back_to,
    click,
    in_viewport,
    new_game,
    play_first_open_squares,
    replacing_the_game,
    square,
    until,
)
from webapp.engine import BOARDS

pytestmark = pytest.mark.browser
PHONE = {"width": 375, "height": 667}


def page_width(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


# 1. The page does not jump after a move: the status, the reason and the thinking notice stay in view.

@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_after_a_move_the_page_stays_put_and_the_status_is_in_view(browser: Browser, live_server: str, viewport):
    context = browser.new_context(base_url=live_server, viewport=viewport)
    page = context.new_page()
    page.goto("/")
    click(page, 4)
    assert page.evaluate("scrollY") == 0
    for part in ("#status", ".reason", "#thinking"):
        assert in_viewport(page, part), f"{part} is out of view after a move"
    context.close()


@pytest.mark.parametrize("javascript", [True, False], ids=["with-javascript", "without"])
def test_after_a_move_on_15x15_on_a_phone_the_status_is_in_view(browser: Browser, live_server: str, javascript):
    context = browser.new_context(base_url=live_server, viewport=SMALL_PHONE, java_script_enabled=javascript)
    page = context.new_page()
    page.goto("/")
    page.locator("#board").select_option("15x15")
    page.locator("#player-o").select_option("master")  # labelled White with the script, O (3×3's) without
    page.get_by_role("button", name="New game", exact=True).click()
    expect(page.locator(".reason")).to_contain_text("Your opponent: the computer (master")
    page.locator('.grid button[value="112"]').click()
    expect(page.locator(".reason")).to_contain_text("I played")
    assert in_viewport(page, "#status") and in_viewport(page, ".reason")
    context.close()


@pytest.mark.parametrize("board, opponent, cells", [("15x15", "master", (112, 113, 96, 128)),
                                                    ("3x3", "perfect", (4, 0, 1, 2, 3, 5))])
@pytest.mark.parametrize("width", [360, 768, 1280])
def test_the_board_stays_put_from_the_new_game_to_the_computers_last_answer(page: Page, width: int, board: str,
                                                                            opponent: str, cells: tuple[int, ...]):
    """The line under the status introduces the computer, then gives its
    reason for each move, longer or shorter: the board below must not move,
    or the next tap lands on another square than the one under the finger;
    nor when the game ends, with the result in the status."""
    page.set_viewport_size({"width": width, "height": 900})
    page.goto("/")
    new_game(page, "human", opponent, board)

    first, said = page.evaluate(BOARD_TOP), [page.locator(".reason").inner_text()]
    for cell in cells:
        if square(page, cell).is_enabled():
            click(page, cell)
            said.append(page.locator(".reason").inner_text())
            board_comes_back_to(page, first, str(said + [page.locator("#status").inner_text()]))
    assert said[0].startswith("Your opponent: the computer") and said[-1].startswith("I played ")


def test_a_square_played_shows_its_mark_before_the_answer_comes(page: Page):
    page.goto("/")
    held: list[Route] = []
    page.route("**/move", lambda route: held.append(route))  # the answer waits until the test lets it go
    square(page, 4).click()
    expect(square(page, 4)).to_have_text("X")
    expect(page.locator(".reason")).to_have_text(FACING_PERFECT)  # the computer has not answered yet
    for _ in range(100):  # the mark shows at the click; the request reaches the route a moment later
        if held:
            break
        page.wait_for_timeout(50)
    held[0].continue_()
    expect(page.locator(".reason")).to_contain_text("I played")


def test_on_a_phone_a_new_game_from_the_form_below_brings_the_new_board_into_view(browser: Browser,
                                                                                   live_server: str):
    context = browser.new_context(base_url=live_server, viewport=SMALL_PHONE)
    page = context.new_page()
    page.goto("/")
    click(page, 4)
    page.get_by_role("button", name="New game", exact=True).scroll_into_view_if_needed()
    assert not in_viewport(page, "#status"), "the form is below the board, out of view together"
    replacing_the_game(page, page.get_by_role("button", name="New game", exact=True).click)
    expect(page.locator(".grid .mark-x")).to_have_count(0)
    until(page, "document.querySelector('#status').getBoundingClientRect().top >= 0", "the status in view")
    assert in_viewport(page, "#status") and in_viewport(page, '.grid button[value="0"]')
    context.close()


def test_while_the_computer_thinks_the_page_says_so_and_a_second_click_is_answered(page: Page):
    page.goto("/")
    click(page, 4)
    first_answer = int(page.locator(".grid .last").get_attribute("value"))
    held: list[Route] = []
    page.route("**/move", lambda route: held.append(route))
    mine = page.locator(".grid button:enabled").first
    played = int(mine.get_attribute("value"))
    mine.click()
    expect(page.locator("#status")).to_have_text("The computer is thinking…")
    expect(square(page, played)).to_have_class(re.compile(r"\blast\b"))  # the dot moves to the new stone
    expect(square(page, first_answer)).not_to_have_class(re.compile(r"\blast\b"))
    page.locator(".grid button:enabled").last.click()
    expect(page.locator("#status")).to_have_text("Wait for the answer to your move.")
    assert len(held) == 1, "the second click was not sent"
    held[0].continue_()
    expect(page.locator("#status")).to_have_text(re.compile("Your turn|won|draw", re.I))
    assert page.locator(".grid .mark-x").count() == 2  # one move of mine, and only one, was played


def test_the_thinking_notice_is_in_view_while_the_computer_thinks(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, viewport=PHONE)
    page = context.new_page()
    page.goto("/")
    click(page, 4)  # after a first move, as after every move
    held: list[Route] = []
    page.route("**/move", lambda route: held.append(route))
    page.locator(".grid button:enabled").first.click()
    expect(page.locator("#thinking")).to_be_visible()
    assert in_viewport(page, "#thinking")
    held[0].continue_()
    context.close()


# 2. The think page's 15×15 board: every stone inside its square, every column in view.

@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_think_page_shows_the_whole_15x15_board_with_its_marks_inside_their_squares(browser: Browser,
                                                                                      live_server: str, viewport):
    context = browser.new_context(base_url=live_server, viewport=viewport)
    page = context.new_page()
    page.goto("/think/15x15/h8-i9-h9-h10")
    overflowing = page.locator(".grid .cell").evaluate_all("""cells => cells.filter(
        cell => cell.scrollWidth > cell.clientWidth || cell.scrollHeight > cell.clientHeight).length""")
    assert overflowing == 0
    board = page.locator(".board").bounding_box()
    corners = [page.locator(f'.grid [data-cell="{cell}"]').bounding_box() for cell in (0, 14, 210, 224)]
    for corner in corners:
        assert board["x"] <= corner["x"] and corner["x"] + corner["width"] <= board["x"] + board["width"] + 0.5
        assert corner["x"] + corner["width"] <= viewport["width"]
    assert page_width(page) <= viewport["width"]
    context.close()


# 3. /learn fits a phone, and the charts' axis labels are whole.

def test_how_it_learned_needs_no_sideways_scrolling_on_a_phone(browser: Browser, live_server: str, axe_source: str):
    """The page does not scroll sideways; each chart keeps its labels readable
    (about 10 px) and scrolls within its own frame, which the keyboard can reach."""
    context = browser.new_context(base_url=live_server, viewport=PHONE)
    page = context.new_page()
    page.goto("/learn")
    assert page_width(page) <= PHONE["width"]
    label = page.locator(".chart .tick-label").first.evaluate("t => t.getBoundingClientRect().height")
    assert label >= 10, f"a chart's labels are {label:.1f} px high on a phone"
    audit(page, axe_source)  # a chart that scrolls can be scrolled by keyboard
    context.close()


def test_the_charts_last_axis_label_is_inside_the_chart(page: Page):
    page.goto("/learn")
    for chart in page.locator(".chart > svg").all():
        width = chart.evaluate("svg => svg.viewBox.baseVal.width")
        right = chart.evaluate("""svg => Math.max(...[...svg.querySelectorAll('.tick-label')]
                                    .map(label => label.getBBox().x + label.getBBox().width))""")
        assert right <= width, f"a tick label ends at {right}, past the chart's {width}"


# 4. The big boards: coordinates along the edges, stones on intersections, the last move marked.

@pytest.mark.parametrize("board", ["4x4", "5x5", "7x7", "15x15"])
def test_every_board_whose_squares_have_names_shows_them_along_its_edges(page: Page, board: str):
    """Its words name squares ("O played d1"), so its edges say where d1 is."""
    rules = BOARDS[board]
    page.goto("/")
    new_game(page, "human", "human", board)
    columns = page.locator(".coordinates.columns span")
    rows = page.locator(".coordinates.rows span")
    expect(columns).to_have_text(list("abcdefghijklmno"[:rules.size]))
    expect(rows).to_have_text([str(number) for number in range(rules.size, 0, -1)])
    for cell in (rules.cells // 2, rules.cells - 1):
        row, column = divmod(cell, rules.size)
        box = square(page, cell).bounding_box()
        letter, number = columns.nth(column).bounding_box(), rows.nth(row).bounding_box()
        name = rules.cell_name(cell)
        assert abs((letter["x"] + letter["width"] / 2) - (box["x"] + box["width"] / 2)) < 2, \
            f"{name[0]} stands under {name}"
        assert abs((number["y"] + number["height"] / 2) - (box["y"] + box["height"] / 2)) < 2, \
            f"{name[1:]} stands beside {name}"
        assert letter["y"] > box["y"] + box["height"] and number["x"] + number["width"] <= box["x"]


def test_the_big_boards_draw_stones_on_the_intersections(page: Page):
    page.goto("/")
    new_game(page, "human", "human", "7x7")
    click(page, 24)
    stone = square(page, 24)
    assert "radial-gradient" in stone.evaluate("button => getComputedStyle(button).backgroundImage")
    expect(stone).to_have_css("color", "rgba(0, 0, 0, 0)")  # the stone's glyph is for a page read without styles
    expect(stone).to_have_attribute("aria-label", "d4, black, last move")
    assert page.locator(".board.stones").count() == 1


def test_the_last_move_stays_marked_in_its_look_and_its_name(page: Page):
    page.goto("/")
    new_game(page, "human", "human", "15x15")
    click(page, 112)
    page.wait_for_timeout(400)  # longer than any animation
    expect(square(page, 112)).to_have_class(re.compile(r"\blast\b"))
    expect(square(page, 112)).to_have_attribute("aria-label", "h8, black, last move")
    click(page, 113)
    expect(square(page, 112)).to_have_attribute("aria-label", "h8, black")
    expect(page.locator(".grid .last")).to_have_count(1)
    expect(square(page, 113)).to_have_attribute("aria-label", "i8, white, last move")


def test_on_3x3_too_the_last_move_stays_marked(page: Page):
    page.goto("/")
    click(page, 4)
    last = page.locator(".grid .last")
    expect(last).to_have_count(1)
    assert last.get_attribute("aria-label").endswith(", last move")
    assert "radial-gradient" in last.evaluate("button => getComputedStyle(button).backgroundImage")


def test_pointing_at_a_move_in_the_list_marks_its_stone(page: Page):
    page.goto("/")
    new_game(page, "human", "human", "15x15")
    click(page, 112)
    click(page, 96)
    page.locator(".moves li").nth(0).hover()
    expect(square(page, 112)).to_have_class(re.compile(r"\bpointed\b"))
    page.locator(".moves li").nth(1).hover()
    expect(square(page, 96)).to_have_class(re.compile(r"\bpointed\b"))
    expect(page.locator(".grid .pointed")).to_have_count(1)


# 5. 15×15 on a phone: the whole board in view at 360 pixels, and a tap first shows a ghost stone.

def test_the_whole_15x15_board_is_in_view_on_a_360_pixel_phone(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, viewport=SMALL_PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto("/")
    new_game(page, "human", "master", "15x15")
    assert page_width(page) <= 360
    board = page.locator(".board").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= 360
    for cell in (0, 14, 210, 224):
        box = square(page, cell).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, WIDE_DESKTOP], ids=["1280x800", "1366x768"])
def test_on_a_desktop_the_whole_15x15_board_is_in_view_under_the_computers_words(browser: Browser, live_server: str,
                                                                                 viewport):
    context = browser.new_context(base_url=live_server, viewport=viewport)
    page = context.new_page()
    page.goto("/")
    new_game(page, "human", "master", "15x15")
    click(page, 112)
    assert page.evaluate("scrollY") == 0
    assert in_viewport(page, ".reason") and in_viewport(page, ".board"), page.locator(".board").bounding_box()
    assert page.locator(".board").bounding_box()["width"] >= 28 * 16  # as large as the column of the small boards
    context.close()


def test_a_tap_shows_a_ghost_stone_that_a_second_tap_plays(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, viewport=SMALL_PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto("/")
    new_game(page, "human", "human", "15x15")
    ply = page.locator('#game input[name="ply"]')
    square(page, 112).tap()
    expect(square(page, 112)).to_have_class(re.compile(r"\bghost\b"))
    expect(square(page, 112)).to_have_attribute("aria-label", "h8, empty, shown: tap again to play")
    square(page, 113).tap()  # a mis-tap costs nothing: the ghost moves
    expect(page.locator(".grid .ghost")).to_have_count(1)
    expect(square(page, 113)).to_have_class(re.compile(r"\bghost\b"))
    page.wait_for_timeout(300)
    expect(ply).to_have_value("0")
    square(page, 113).tap()
    expect(ply).to_have_value("1")
    expect(square(page, 113)).to_have_attribute("aria-label", "i8, black, last move")
    context.close()


def test_the_ghost_stone_can_be_switched_off_and_the_keyboard_plays_at_once(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, viewport=SMALL_PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto("/")
    new_game(page, "human", "human", "7x7")
    ply = page.locator('#game input[name="ply"]')
    square(page, 24).focus()
    page.keyboard.press("Enter")
    expect(ply).to_have_value("1")
    switch = page.get_by_label("On a touch screen, a first tap shows the stone and a second plays it")
    expect(switch).to_be_checked()
    switch.uncheck()
    square(page, 25).tap()
    expect(ply).to_have_value("2")
    page.reload()
    expect(page.get_by_label(
        "On a touch screen, a first tap shows the stone and a second plays it")).not_to_be_checked()
    context.close()


def test_a_screen_without_touch_is_not_offered_the_touch_switch(page: Page):
    page.goto("/")
    new_game(page, "human", "human", "7x7")
    expect(page.locator(".confirm-taps")).to_be_hidden()


# 6. The coach says what it knows on the big boards.

def test_the_coach_says_so_when_nothing_is_forced_on_a_big_board(page: Page):
    page.goto("/")
    new_game(page, "human", "human", "7x7")
    replacing_the_game(page, page.get_by_role("button", name="Coach").click)
    expect(page.locator(".coach-line")).to_have_text("Nothing is forced here: no square wins or must be blocked.")


def test_the_coach_names_its_marks_in_words_on_a_big_board(page: Page):
    page.goto("/")
    new_game(page, "human", "human", "7x7")
    for cell in (21, 28, 22, 29, 23, 30, 24):  # X: a4 b4 c4 d4, O above them: X has four, O must block
        click(page, cell)
    replacing_the_game(page, page.get_by_role("button", name="Coach").click)
    expect(page.locator(".coach-line")).to_contain_text("must block")
    assert page.locator(".grid .coach-block").count() >= 1


# 9. The first screen: another game or a friend above the fold; the opponent named; no empty link.

def test_the_first_screen_offers_another_game_and_a_friend_above_the_fold(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, viewport=DESKTOP)
    page = context.new_page()
    page.goto("/")
    for control in ("#board", "#player-x", "#player-o", "#invite-board"):
        assert in_viewport(page, control), f"{control} is below the fold"
    for name in ("New game", "Invite a friend"):
        button = page.get_by_role("button", name=name, exact=True).bounding_box()
        assert button["y"] + button["height"] <= DESKTOP["height"], f"{name} is below the fold"
    expect(page.locator(".reason")).to_have_text("Your opponent: the computer (perfect: it never loses).")
    expect(page.locator(".link")).to_have_count(0)  # no link to a game with no moves
    click(page, 4)
    expect(page.locator(".link a")).to_contain_text("/replay/4")
    context.close()


def test_without_javascript_choosing_15x15_plays_master_rather_than_an_error(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    page.goto("/")
    page.locator("#board").select_option("15x15")  # O stays "Computer, perfect": there is no script to change it
    page.get_by_role("button", name="New game", exact=True).click()
    expect(page.locator(".reason")).to_have_text(
        "Your opponent: the computer (master: it proves wins by force and searches ahead as far as its time allows).")
    expect(page.locator(".grid button")).to_have_count(225)
    context.close()


# 10. Dark mode and the small things.

def test_in_dark_mode_the_coachs_draw_squares_stand_out_from_the_frame(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, color_scheme="dark")
    page = context.new_page()
    page.goto("/")
    click(page, 4)
    replacing_the_game(page, page.get_by_role("button", name="Coach").click)
    draw = page.locator(".grid .coach-draw").first.evaluate("square => getComputedStyle(square).backgroundColor")
    frame = page.locator(".grid").evaluate("grid => getComputedStyle(grid).backgroundColor")
    assert draw != frame
    context.close()


def test_copy_link_stays_beside_the_link_or_starts_its_line(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, viewport=PHONE)
    page = context.new_page()
    page.goto("/")
    click(page, 4)
    line = page.locator(".link").bounding_box()
    button = page.get_by_role("button", name="Copy link").bounding_box()
    text = page.locator(".link a").bounding_box()
    beside = button["y"] < text["y"] + text["height"] and button["x"] >= text["x"] + text["width"]
    assert beside or abs(button["x"] - line["x"]) < 1, "Copy link is indented on a line of its own"
    context.close()


def test_your_menace_after_one_game_shows_a_point_on_its_chart(page: Page):
    page.goto("/")
    new_game(page, "human", "my-menace", "3x3")
    play_first_open_squares(page)
    page.goto("/learn")
    chart = page.locator("#mine-chart-title").locator("xpath=..")
    points = chart.locator("circle.point").count()
    lines = chart.locator("polyline").evaluate_all("lines => lines.map(line => line.points.numberOfItems)")
    assert points >= 1 or max(lines) >= 2, "a chart with one point and nothing drawn looks broken"
    headers = chart.locator("th").all_inner_texts()
    assert "Score, as X or O" in headers and not any("its score" in header for header in headers)


# 7. "Show what alpha-beta skips" shows something at the top level, keeps what is open, and says its order truly.

def test_alpha_beta_marks_show_at_the_top_level_in_alpha_betas_own_order(page: Page):
    page.goto("/think/3x3/4")
    page.locator("#alphabeta").click()
    expect(page.locator("#alphabeta")).to_have_text("Hide what alpha-beta skips")
    top = page.locator(".tree > li > a .move")
    expect(top).to_have_text([f"O plays row {cell // 3 + 1}, column {cell % 3 + 1}"
                              for cell in (0, 1, 2, 3, 5, 6, 7, 8)])
    expect(page.locator(".tree > li > a .tag.searched")).to_have_count(8)  # every move at the top was examined
    expect(page.locator(".alphabeta-switch")).to_contain_text("in the order alpha-beta tries them")


def test_alpha_beta_marks_keep_the_branches_that_were_open(page: Page):
    page.goto("/think/3x3/4")
    for node in ("0", "1"):
        page.locator(f"#toggle-{node}").click()
        expect(page.locator(f"#toggle-{node}")).to_have_attribute("aria-expanded", "true")
    page.locator("#alphabeta").click()
    expect(page.locator("#alphabeta")).to_have_text("Hide what alpha-beta skips")
    for node in ("0", "1"):
        expect(page.locator(f"#toggle-{node}")).to_have_attribute("aria-expanded", "true")
    expect(page.locator(".tree .tag.skip").first).to_be_visible()  # below an open move, what it skipped


# 8. Joining a friend is one step, and the invitation goes once both have sat down.

def test_a_friend_joins_with_the_code_in_one_step_and_the_invitation_goes(browser: Browser, live_server: str):
    inviting, joining = (browser.new_context(base_url=live_server) for _ in range(2))
    alice, bob = inviting.new_page(), joining.new_page()
    alice.goto("/")
    alice.get_by_role("button", name="Invite a friend").click()
    expect(alice.locator("#invite-heading")).to_be_visible()
    code = alice.locator(".code").inner_text()
    bob.goto("/")
    bob.get_by_label("Join a friend's game, code").fill(code)
    bob.get_by_role("button", name="Join", exact=True).click()
    expect(bob.locator("#status")).to_have_text("Your opponent's turn (X).")  # a player at once
    expect(bob.locator("#invite-heading")).to_have_count(0)
    alice.goto(alice.url)
    expect(alice.locator("#invite-heading")).to_have_count(0)
    alice.locator('.grid button[value="4"]').click()
    bob.goto(bob.url)
    bob.locator('.grid button[value="0"]').click()  # bob's click is a move, not a spectator's
    expect(bob.locator('.grid button[value="0"]')).to_have_attribute("aria-label", "Row 1, column 1, O, last move")
    inviting.close()
    joining.close()


@pytest.mark.parametrize("path", ["15x15", "/replay/15x15/h8-i9-h9?step=2", "/review/15x15/h8-i9-h9"])
def test_a_15x15_page_needs_no_sideways_scrolling_on_a_768_pixel_tablet(browser: Browser, live_server: str,
                                                                          path: str):
    context = browser.new_context(base_url=live_server, viewport={"width": 768, "height": 1024})
    page = context.new_page()
    if path == "15x15":
        page.goto("/")
        new_game(page, "human", "master", "15x15")
    else:
        page.goto(path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 768
    context.close()



@pytest.mark.parametrize("width", [768, 1280])
def test_beside_a_15x15_game_every_list_shows_its_choices_whole_inside_the_side_column(browser: Browser,
                                                                                       live_server: str, width: int):
    context = browser.new_context(base_url=live_server, viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto("/")
    new_game(page, "human", "master", "15x15")
    fields = page.locator(".match-side select, .match-side input").evaluate_all("""fields => fields.map(field => {
        const box = field.getBoundingClientRect();
        field.style.cssText = "min-width: max-content; max-width: none";  // as wide as its longest choice needs
        const needed = field.getBoundingClientRect().width;
        field.style.cssText = "";
        return {id: field.id, width: box.width, needed, right: box.right,
                column: field.closest(".match-side").getBoundingClientRect().right};
    })""")
    # Board, rule, opening, X and O; the invitation's board, rule, opening, clock and side; the code to join.
    assert [field["id"] for field in fields] == ["board", "rule", "opening", "player-x", "player-o", "invite-board",
                                                 "invite-rule", "invite-opening", "invite-clock", "invite-side",
                                                 "join-code"]
    for field in fields:
        assert field["width"] >= field["needed"] - 0.5, f"#{field['id']} cuts its choice short: {field}"
        assert field["right"] <= field["column"] + 0.5, f"#{field['id']} sticks out of the side column: {field}"
    context.close()


def test_the_end_of_a_15x15_game_stays_in_view_with_play_again_focused(browser: Browser, live_server: str):
    """At 1280×800 the winning move ends the game: the page does not scroll
    (the result and the winning line stay where they were), and the focus is
    on Play again, which starts the same game afresh."""
    context = browser.new_context(base_url=live_server, viewport=DESKTOP)
    page = context.new_page()
    page.goto("/replay/15x15/h8-a1-i8-a2-j8-a3-k8-a4")
    page.get_by_label("Play on from here as black, against").select_option("easy")
    page.get_by_role("button", name="Play from here").click()
    expect(page.locator("#status")).to_have_text("Your turn: you play black.")
    page.locator(".grid").scroll_into_view_if_needed()
    before = page.evaluate("scrollY")
    square(page, BOARDS["15x15"].parse_cell_name("g8")).click()
    expect(page.locator("#status")).to_have_text("You win!")
    expect(page.get_by_role("button", name="Play again")).to_be_focused()
    assert page.evaluate("scrollY") == before
    assert in_viewport(page, "#status")
    replacing_the_game(page, page.get_by_role("button", name="Play again").click)
    expect(page.locator(".grid .mark-x, .grid .mark-o")).to_have_count(0)
    context.close()


def test_a_person_resigns_a_big_game_in_two_steps_by_keyboard(page: Page):
    page.goto("/")
    new_game(page, "human", "master", "7x7")
    click(page, 24)
    resign = page.get_by_text("Resign", exact=True)
    resign.focus()
    page.keyboard.press("Enter")  # opens the question; nothing is given up yet
    expect(page.locator("#status")).to_contain_text("Your turn")
    replacing_the_game(page, lambda: page.get_by_role("button", name="Yes, give up this game").press("Enter"))
    expect(page.locator("#status")).to_have_text("You resigned.")
    expect(page.locator(".grid button:enabled")).to_have_count(0)
    expect(page.get_by_role("button", name="Play again")).to_be_focused()


def test_the_invitation_offers_the_board_chosen_for_the_next_game(page: Page):
    page.goto("/")
    page.locator("#board").select_option("15x15")
    expect(page.locator("#invite-board")).to_have_value("15x15")


def test_the_winning_five_is_marked_on_each_of_its_stones(browser: Browser, live_server: str):
    """Not only a thin halo: each stone of the winning line carries a ring
    in the winning colour, on a phone's small stones too; no other stone does."""
    context = browser.new_context(base_url=live_server, viewport=SMALL_PHONE,
                                  reduced_motion="reduce")  # the line as it stays, not as it lights up
    page = context.new_page()
    page.goto("/replay/15x15/h8-a1-i8-a2-j8-a3-k8-a4-g8")
    marked = page.locator(".grid .cell").evaluate_all(
        "cells => cells.filter(cell => getComputedStyle(cell).backgroundImage.split('radial-gradient').length > 3)"
        ".map(cell => cell.dataset.cell)")
    assert sorted(map(int, marked)) == sorted(BOARDS["15x15"].parse_cell_name(name)
                                              for name in ("g8", "h8", "i8", "j8", "k8"))
    context.close()


def test_one_click_starts_a_game_where_the_person_plays_second(page: Page):
    page.goto("/")
    replacing_the_game(page, page.get_by_role("button", name="New game, sides swapped").click)
    expect(page.locator("#status")).to_have_text("Your turn: you play O.")
    expect(page.locator(".grid .mark-x")).to_have_count(1)
    expect(page.get_by_label("X", exact=True)).to_have_value("perfect")


def test_a_hint_shows_one_square_and_why_and_the_keyboard_is_on_it(page: Page):
    page.goto("/")
    new_game(page, "human", "master", "7x7")
    click(page, 24)
    replacing_the_game(page, page.get_by_role("button", name="Hint").click)
    expect(page.locator(".coach-line")).to_have_text(re.compile(r"^Hint: [a-g][1-7]: "))
    hinted = page.locator(".grid .coach-hint")
    expect(hinted).to_have_count(1)
    expect(hinted).to_be_focused()  # its name says why: a screen reader hears the hint
    expect(hinted).to_have_attribute("aria-label", re.compile(r", empty, hint: "))
    played = hinted.get_attribute("value")
    page.keyboard.press("Enter")
    expect(square(page, int(played))).to_have_class(re.compile(r"\bmark-x\b"))
    expect(page.locator(".grid .coach-hint")).to_have_count(0)


def test_move_numbers_are_seen_on_a_phones_small_stones(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, viewport=SMALL_PHONE)
    page = context.new_page()
    page.goto("/")
    new_game(page, "human", "human", "15x15")
    for cell in (112, 113, 97):
        click(page, cell)
    replacing_the_game(page, page.get_by_role("button", name="Move numbers").click)
    numbers = page.locator(".grid .number")
    expect(numbers).to_have_text(["3", "1", "2"])  # in the board's order: h9, h8, i8
    for number in range(3):
        size, colour, stone = numbers.nth(number).evaluate(
            "n => [parseFloat(getComputedStyle(n).fontSize), getComputedStyle(n).color,"
            " n.closest('button').className]")
        assert size >= 7, f"a number {size} px high is not read on a phone"
        assert colour != "rgba(0, 0, 0, 0)", stone
    context.close()

