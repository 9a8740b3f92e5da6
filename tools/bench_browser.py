"""`make bench-browser`: how long from a click on a square to the new board on
screen, per board, in Chromium, against the server as `make serve` runs it on
localhost.

The time is taken in the page: from the click to just after the first frame
painted once htmx has settled the swap (an animation frame, then a task: the
task runs once that frame has been painted). The server says in its
Server-Timing header how long the game's work took (the move and the
computer's reply, mostly its thinking on the big boards); that is reported
apart, and so is the rest (the request, rendering, the swap and the paint).
"""

from __future__ import annotations

import statistics
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from harness.browsing import CHROMIUM, CHROMIUM_ARGS
from harness.servers import AppServer, scratch_folder

MOVES = 60
"""Clicks timed per board."""
OPPONENTS = {"3x3": "perfect", "4x4": "perfect", "5x5": "master", "7x7": "master", "15x15": "master"}
CLICK_TO_PAINT = """async cell => {
    const painted = new Promise(resolve => document.addEventListener('htmx:after:settle',
        () => requestAnimationFrame(() => setTimeout(resolve)), {once: true}));
    performance.clearResourceTimings();
    const start = performance.now();
    document.querySelector(`.grid button[value="${cell}"]`).click();
    await painted;
    const total = performance.now() - start;
    const answer = performance.getEntriesByType('resource').find(entry => entry.name.endsWith('/move'));
    const game = answer?.serverTiming.find(timing => timing.name === 'game')?.duration ?? 0;
    return [total, game];
}"""
NEXT_SQUARE = """() => {  // an open square near the middle: games on the big boards last a while
    const open = [...document.querySelectorAll('.grid button:enabled')];
    const size = Number(document.querySelector('.grid').dataset.size), middle = (size - 1) / 2;
    const distance = b => Math.hypot(Math.floor(b.value / size) - middle, b.value % size - middle) + Math.random();
    return open.length ? open.reduce((a, b) => distance(a) <= distance(b) ? a : b).value : null;
}"""


def timings(page: Page, board: str) -> list[tuple[float, float]]:
    """MOVES clicks on board against its strongest level: (click to paint, the game's work) in ms."""
    page.goto("/")
    found: list[tuple[float, float]] = []
    while len(found) < MOVES:
        page.locator("#board").select_option(board)
        page.locator("#player-x").select_option("human")
        page.locator("#player-o").select_option(OPPONENTS[board])
        page.get_by_role("button", name="New game", exact=True).click()
        page.locator(".grid button:enabled").first.wait_for()
        while len(found) < MOVES and (cell := page.evaluate(NEXT_SQUARE)) is not None:
            found.append(tuple(page.evaluate(CLICK_TO_PAINT, int(cell))))
    return found


def main() -> None:
    with scratch_folder() as instance, sync_playwright() as playwright:
        server = AppServer(Path(instance), workers=None).start()
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(base_url=f"http://127.0.0.1:{server.port}")
            results = {board: timings(page, board) for board in OPPONENTS}
        finally:
            browser.close()
            server.stop()
    print(f"click to swapped board painted, {MOVES} moves a board against its strongest level, "
          "Chromium on localhost (ms)")
    print("board   opponent   total median   p90     max   | game's work (median)   the rest (median)")
    for board, found in results.items():
        totals = sorted(total for total, _ in found)
        work = statistics.median(game for _, game in found)
        rest = statistics.median(total - game for total, game in found)
        print(f"{board:<7} {OPPONENTS[board]:<10} {statistics.median(totals):8.1f}   "
              f"{totals[int(len(totals) * 0.9)]:6.1f}  {totals[-1]:6.1f}   | {work:10.1f}            {rest:10.1f}")


if __name__ == "__main__":
    main()
