"""What a person does in the browser, for the Playwright tests: find a square,
read the board, click and wait for the new board, play a game out, start one;
and the steps that reach each state of the pages people look at (their list
is harness.states.STATES)."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Locator, Page, Route, expect

from harness.positions import position
from webapp.engine import board_named, outcomes, preference

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium, the browser a person opens: the screenshots and the
browser benchmark look through it (Playwright cannot fetch its own browser here)."""
HEADLESS_CHROMIUM = "/usr/bin/chromium-headless-shell"
"""The same Chromium built without a window, what Playwright itself runs
headless tests on: the browser tests run here, since a page costs it far less
CPU than the whole browser (docs/measurements-log.md, "The headless shell")."""
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
BROWSER_BUDGET_MS = 60
"""How long master thinks in the browser tests' server: long enough to play, short enough to finish quickly."""
COMPUTER_WINS = "The computer wins."
NEW_GAME_AS_X = "Your turn: you play X."
NEW_GAME_AS_O = "Your turn: you play O."
FACING_PERFECT = "Your opponent: the computer (perfect: it never loses)."
"""The line under the status, until the person's first move."""
DRAW = "A draw."
DESKTOP = {"width": 1280, "height": 800}
WIDE_DESKTOP = {"width": 1366, "height": 768}
"""The two desktop windows the look-and-feel issues tried, as Playwright's viewports."""
SMALL_PHONE = {"width": 360, "height": 740}


def in_viewport(page: Page, selector: str) -> bool:
    """Whether the element's box lies wholly inside the window."""
    return page.locator(selector).evaluate("""element => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
    }""")


def square(page: Page, cell: int) -> Locator:
    return page.locator(f'.grid button[value="{cell}"]')


def board_of(page: Page) -> str:
    """The board shown, read from the marks' classes (the coach may write in empty squares)."""
    return page.evaluate("""Array.from(document.querySelectorAll('.grid [role=gridcell]'), cell => {
        const square = cell.querySelector('button') || cell;  // a button in a game, the cell in a replay
        return square.classList.contains('mark-x') ? 'X' : square.classList.contains('mark-o') ? 'O' : '.';
    }).join('')""")


BOARD_TOP = "document.querySelector('.grid').getBoundingClientRect().top + scrollY"
"""Where the board starts on the page (not in the window, which may have scrolled), as a script."""


def board_comes_back_to(page: Page, top: float, what: str) -> None:
    """Wait until the board rests at top again: in the middle of a swap,
    between two of the page's tasks, a measurement can catch it elsewhere
    for a moment. Fails if it stays elsewhere (saying what was done)."""
    until(page, f"{BOARD_TOP} === {top}", f"the board back in its place after {what}", seconds=3)


def click(page: Page, cell: int) -> None:
    """Click a square and wait until the board shown has moved on and the
    request has settled: until then the computer's words stay hidden under
    the thinking notice (a busy machine's answer settles later)."""
    ply = page.locator('#game input[name="ply"]')
    seen = ply.input_value()
    square(page, cell).click()
    expect(ply).not_to_have_value(seen)
    expect(page.locator(".thinking.htmx-request")).to_have_count(0)


def replacing_the_game(page: Page, action: Callable[[], None]) -> None:
    """Do action, which replaces the game section (htmx swaps in a new one, or
    without JavaScript a new page comes), and wait until the new section is on
    screen. The section shown before is marked, so that the wait cannot be
    fooled by a new game that looks like the old one."""
    page.locator("#game").evaluate("section => section.setAttribute('data-replaced', '')")
    action()
    # 15 s: a new game may wait for the computer's opening stones from the engine workers, on a busy machine.
    expect(page.locator("#game:not([data-replaced])")).to_have_count(1, timeout=15_000)


def mark_page_as_not_reloaded(page: Page) -> None:
    """Mark the page, once it has loaded, so that assert_not_reloaded can tell
    whether what followed was swapped in by htmx or came as a new page. The
    wait matters: a link clicked while a page is still loading (htmx not yet
    looking at it) is followed by the browser, as if htmx were not there."""
    page.wait_for_load_state("load")
    page.evaluate("window.stillTheSamePage = true")


def assert_not_reloaded(page: Page) -> None:
    assert page.evaluate("window.stillTheSamePage === true"), "htmx should swap, not reload"


def until(page: Page, script: str, what: str, seconds: float = 10.0) -> None:
    """Wait until script, evaluated in the page, is true. (The page's CSP
    forbids the eval that page.wait_for_function needs, so this asks again
    every 50 ms, through the debugger protocol, which the CSP allows.)"""
    for _ in range(int(seconds / 0.05)):
        if page.evaluate(script):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{what} did not happen within {seconds} s ({script} is {page.evaluate(script)!r})")


def focus_settled(page: Page) -> None:
    """Wait until the keyboard focus is on an element again: during a swap it
    is on the body, until htmx settles the new content and app.js restores it."""
    until(page, "!!document.activeElement && !['BODY', 'HTML'].includes(document.activeElement.tagName)",
          "the focus coming back to the page")


def play_out(page: Page, pick: str) -> None:
    """Play the person's side to the end, each time the 'best' or 'worst' square."""
    choose = max if pick == "best" else min
    while page.locator(".grid button:enabled").count():
        found = outcomes(position(board_of(page)))
        click(page, choose(found, key=lambda cell: preference(found[cell])))


def new_game(page: Page, x: str | None = None, o: str | None = None, board: str | None = None) -> None:
    """Choose the board and players (if given), press New game, and wait for the new game on screen."""
    if board:
        page.locator("#board").select_option(board)
    if x:  # the field's label is the side's name on the board chosen: "X", or "Black"
        page.locator("#player-x").select_option(x)
    if o:
        page.locator("#player-o").select_option(o)
    replacing_the_game(page, page.get_by_role("button", name="New game", exact=True).click)
    # A gomoku board swapped in brings its stylesheet, which shows it once it has come.
    page.wait_for_function("""() => [...document.querySelectorAll('.board.stones')]
        .every(board => getComputedStyle(board).visibility === 'visible')""")


def won_against_easy(page: Page) -> None:
    """From a replay, play on as X one move from a win, and take it."""
    page.goto("/replay/0314?step=4")
    page.get_by_label("Play on from here as X, against").select_option("easy")
    page.get_by_role("button", name="Play from here").click()
    expect(page.locator("#status")).to_have_text("Your turn: you play X.")
    click(page, 2)
    expect(page.locator("#status")).to_have_text("You win!")


def error_message(page: Page) -> None:
    other_tab = page.context.new_page()
    other_tab.goto("/")
    page.goto("/")
    click(page, 4)
    square(other_tab, 0).click()
    expect(other_tab.get_by_role("alert")).to_contain_text("out of date")
    page.close()
    other_tab.bring_to_front()


def play_first_open_squares(page: Page) -> int:
    """Click the first open square until the game ends; the number of clicks."""
    clicks = 0
    while (open_square := page.locator(".grid button:enabled").first).count():
        click(page, int(open_square.get_attribute("value")))
        clicks += 1
    return clicks


def your_menace_has_played(page: Page) -> None:
    """A whole 3×3 game against this browser's own MENACE, then How it learned."""
    page.goto("/")
    new_game(page, "human", "my-menace", "3x3")
    play_first_open_squares(page)
    page.goto("/learn")


def inviting(page: Page, board: str = "7x7") -> None:
    """Invite a friend to a game on board: the inviter's page, waiting."""
    page.goto("/")
    page.locator("#invite-board").select_option(board)
    page.get_by_role("button", name="Invite a friend").click()
    expect(page.locator("#status")).to_have_text("Waiting for your friend to join.")


def watching(page: Page) -> None:
    """A game between two friends, as a third browser watching it sees it (its
    page is opened in a new context, the last of the browser's pages)."""
    inviting(page, "5x5")
    friend = page.context.browser.new_context().new_page()
    friend.goto(page.url)
    friend.get_by_role("button", name=re.compile("^Join the game")).click()  # the link alone seats nobody
    expect(friend.locator("#status")).to_have_text("Your opponent's turn (X).")
    page.locator('.grid button[value="12"]').click()
    expect(page.locator(".moves li")).to_have_count(1)
    spectator = page.context.browser.new_context().new_page()
    spectator.goto(page.url)
    expect(spectator.locator("#status")).to_have_text("O to move. You are watching.")


def ghost(page: Page, cell: int) -> None:
    """A first tap on a big board's empty point, as a touch screen makes it: its ghost stone."""
    square(page, cell).evaluate("""button => {
        button.dispatchEvent(new PointerEvent("pointerdown", {pointerType: "touch", bubbles: true}));
        button.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, detail: 1}));
    }""")
    expect(square(page, cell)).to_have_class(re.compile(r"\bghost\b"))


REVIEWED_15X15 = "h8-h9-i9-g7-j10-j9-k11-g9-l12"
"""A short 15×15 game with a blunder in it (O's g9 lets X win with m13)."""


def retrying_a_mistake(page: Page) -> None:
    """The retry of O's errors in a 3×3 game, after a wrong try."""
    page.goto("/review/3x3/0123")
    page.get_by_role("link", name="Retry O's errors").click()
    page.locator('.grid button[value="2"]').click()
    expect(page.get_by_role("alert")).to_contain_text("is not it")


FINISHED_7X7 = (8, 15, 9, 11, 18, 29, 17, 12, 16, 20, 24, 25, 38, 32, 31, 19, 45)
"""A 7×7 game (b6-b5-c6-e6-e5-b3-d5-f6-c5-g5-d4-e4-d2-e3-d3-f5-d1) with two puzzles along it."""


PUZZLE_FROM_7X7 = "/puzzle/7x7/b6-b5-c6-e6-e5-b3-d5-f6-c5-g5-d4-e4-d2-e3"
"""The link to one of the puzzles along FINISHED_7X7."""


def puzzles_from_a_game_played_here(page: Page) -> None:
    """The puzzles page once the workers have mined a 7×7 game two people
    finished here (not only some other game: the server is the test
    process's, and its other tests finish games too)."""
    on_board("7x7", "human", "human", *FINISHED_7X7)(page)
    expect(page.locator("#status")).to_contain_text("wins")
    for _ in range(600):  # the workers mine it in well under a second; a busy machine may take longer
        page.goto("/puzzles")
        if page.locator(f'.puzzle-list.mined a[href="{PUZZLE_FROM_7X7}"]').count():
            return
        page.wait_for_timeout(100)
    raise AssertionError("the finished game's puzzles never came")


QUEUED = "Waiting for an engine: 3 moves queued."


def engines_busy(page: Page) -> list[Route]:
    """From now on, hold every move on its way, as when every engine worker
    is busy, and have the server say that three moves are queued (its words
    from the real queue are the views' tests'). The held requests, for the
    caller to let go."""
    held: list[Route] = []
    page.route("**/engines", lambda route: route.fulfill(body=QUEUED, content_type="text/plain; charset=utf-8"))
    page.route("**/move", lambda route: held.append(route))
    return held


def waiting_for_a_free_engine(page: Page) -> None:
    """A 15×15 move for master waiting for a free engine, and what the page says meanwhile."""
    on_board("15x15", "human", "master")(page)
    engines_busy(page)
    square(page, 112).click()
    expect(page.locator("#thinking")).to_have_text(QUEUED)


def a_click_with_no_answer(page: Page) -> None:
    """A 15×15 move whose request fails on its way (the network, say): the
    page says so in place of an answer. The browser's console shows the
    failed request (NO_ANSWER_ERRORS)."""
    on_board("15x15", "human", "master", 112)(page)
    page.route("**/move", lambda route: route.abort("connectionfailed"))
    square(page, 97).click()
    expect(page.locator("#no-answer")).to_be_visible()


NO_ANSWER_ERRORS = ("ERR_CONNECTION_FAILED", "htmx:error")
"""What the console says when a request gets no answer: the page's own doing in that state."""


def first_shipped_puzzle(page: Page) -> None:
    """Open the first of the shipped puzzles from the list (the puzzles mined
    from games played here, if any, come before them)."""
    page.goto("/puzzles")
    page.locator(".puzzle-list:not(.mined) a").first.click()


def solve_puzzle(page: Page, moves: int = 99) -> None:
    """Play the puzzle on the page with its solution (up to `moves` of the winner's moves), by clicks."""
    from webapp.puzzles.collection import collection  # the tools' browsing needs the app only here
    heading = page.locator("#puzzle-heading").inner_text()
    form = page.locator("#puzzle form").get_attribute("action")
    puzzle = next(each for each in collection() if form.endswith("/" + each.rules.name + "/" + (
        "".join(map(str, each.moves)) if each.rules.size == 3 else "-".join(map(each.rules.cell_name, each.moves)))))
    assert puzzle.title in heading
    for played in range(0, min(len(puzzle.solution), 2 * moves), 2):
        square(page, puzzle.solution[played]).click()
        expect(page.get_by_role("alert")).to_contain_text("Solved!" if played + 1 >= len(puzzle.solution) else "Right.")
        expect(page.locator('input[name="played"]')).to_have_value(str(min(played + 2, len(puzzle.solution))))


RENJU = board_named("15x15-renju")
RENJU_DOUBLE_THREE_AT_J8 = ("h8", "a1", "i8", "a3", "j9", "a5", "j10", "a7")
"""Black's h8 i8 and j9 j10, white far away: j8 would make two open threes, forbidden to black."""


def renju_forbidden_point(page: Page) -> None:
    """A renju game between two people, black to move with a forbidden point (j8)."""
    on_board("15x15", "human", "human")(page)
    page.locator("#rule").select_option("renju")
    new_game(page)
    for name in RENJU_DOUBLE_THREE_AT_J8:
        click(page, RENJU.parse_cell_name(name))
    expect(page.locator(".grid .foul")).to_have_count(1)


def on_board(board: str, x: str, o: str, *cells: int, coach: bool = False) -> Callable[[Page], None]:
    """A state: a new game on board between x and o, then the person's clicks on cells."""
    def reach(page: Page) -> None:
        page.goto("/")
        new_game(page, x, o, board)
        if coach:
            replacing_the_game(page, page.get_by_role("button", name="Coach").click)
        for cell in cells:
            click(page, cell)
    return reach


def offered_a_draw(page: Page) -> None:
    """A 7×7 game between friends on a 5+3 clock, as the inviter sees it when
    the friend, after black's first stone and white's reply, offers a draw."""
    page.goto("/")
    page.locator("#invite-board").select_option("7x7")
    page.locator("#invite-clock").select_option("5+3")
    page.get_by_role("button", name="Invite a friend").click()
    expect(page.locator("#status")).to_have_text("Waiting for your friend to join.")
    friend = page.context.browser.new_context().new_page()
    friend.goto(page.url)
    friend.get_by_role("button", name=re.compile("^Join the game")).click()  # the link alone seats nobody
    expect(friend.locator("#status")).to_have_text("Your opponent's turn (black).")
    page.reload()
    page.locator('.grid button[value="24"]').click()
    expect(friend.locator(".moves li")).to_have_count(1)
    friend.locator('.grid button[value="25"]').click()
    expect(friend.locator(".moves li")).to_have_count(2)  # its answer, before the offer is asked for
    friend.get_by_role("button", name="Offer a draw").click()
    expect(friend.locator(".offer")).to_contain_text("You offered a draw")  # made, before the page is loaded again
    page.reload()
    expect(page.locator(".offer")).to_contain_text("Your opponent offers a draw.")


def start_learning_run(page: Page, learner: str, opponent: str, games: int, where: str = "/learn") -> None:
    """Fill the learning run's form on the page at where (the learners' page, or the lesson) and start it."""
    page.goto(where)
    form = page.locator("form.train")
    form.get_by_label("Learner").select_option(learner)
    form.get_by_label("Against").select_option(opponent)
    form.get_by_label("Games").fill(str(games))
    form.get_by_role("button", name="Start learning").click()


_LONG_RUN: dict[str, str] = {}
"""The address of the long run a_learning_run_under_way started, for the next time it is asked for
(another screen width): another start each time would soon meet the site's bound on runs at once."""


def a_learning_run_under_way(page: Page) -> None:
    """MENACE's longest run, watched once its first chunk has landed (its chart and its first rows)."""
    if "address" in _LONG_RUN:
        page.goto(_LONG_RUN["address"])
    else:
        start_learning_run(page, "menace", "perfect", 5_000)
        _LONG_RUN["address"] = page.url
    expect(page.locator(".run .figures tbody tr").nth(1)).to_be_attached(timeout=60_000)


def a_learning_run_finished(page: Page) -> None:
    start_learning_run(page, "menace", "random", 400)
    expect(page.locator(".run [role=status]")).to_contain_text("Finished", timeout=60_000)


def the_learning_lesson(page: Page) -> None:
    """The lesson, with the network's run started from it, finished."""
    start_learning_run(page, "network", "itself", 40, "/lessons/learning")
    expect(page.locator(".run [role=status]")).to_contain_text("Finished", timeout=60_000)
