"""`make bench-browser`: how long from a click on a square to the new board on
screen, in Chromium, against the server as `make serve` runs it on localhost.

The time is taken in the page: from the click to just after the first frame
painted once htmx has settled the swap (an animation frame, then a task: the
task runs once that frame has been painted).
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.browsing import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.live import AppServer, scratch_folder  # noqa: E402

GAMES = 20
CLICK_TO_PAINT = """async cell => {
    const painted = new Promise(resolve => document.addEventListener('htmx:after:settle',
        () => requestAnimationFrame(() => setTimeout(resolve)), {once: true}));
    const start = performance.now();
    document.querySelector(`.grid button[value="${cell}"]`).click();
    await painted;
    return performance.now() - start;
}"""


def main() -> None:
    with scratch_folder() as instance, sync_playwright() as playwright:
        server = AppServer(Path(instance), workers=None).start()
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(base_url=f"http://127.0.0.1:{server.port}")
            page.goto("/")
            timings = []
            for _ in range(GAMES):
                while (cell := page.evaluate("document.querySelector('.grid button:enabled')?.value")) is not None:
                    timings.append(page.evaluate(CLICK_TO_PAINT, int(cell)))
                page.get_by_role("button", name="New game").click()
                page.locator(".grid button:enabled").first.wait_for()
        finally:
            browser.close()
            server.stop()
    timings.sort()
    print(f"click to swapped board painted, {len(timings)} moves in {GAMES} games, Chromium on localhost")
    print(f"  median {statistics.median(timings):6.1f} ms   (target <= 50 ms)")
    print(f"  p90    {timings[int(len(timings) * 0.9)]:6.1f} ms   max {timings[-1]:.1f} ms")


if __name__ == "__main__":
    main()
