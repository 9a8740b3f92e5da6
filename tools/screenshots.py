"""`make screenshots`: every state of the pages at 360, 768 and 1280 pixels
wide, light and dark, as PNG files in screenshots/ (which git ignores).
`python -m tools.screenshots friend` takes only the states whose names hold "friend"."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from harness.browsing import CHROMIUM, CHROMIUM_ARGS
from harness.servers import AppServer, scratch_folder
from harness.states import STATES

ROOT = Path(__file__).resolve().parent.parent

WIDTHS = (360, 768, 1280)
SCHEMES = ("light", "dark")


def main() -> None:
    wanted = sys.argv[1] if len(sys.argv) > 1 else ""
    states = {state: reach for state, reach in STATES.items() if wanted in state}
    folder = ROOT / "screenshots"
    folder.mkdir(exist_ok=True)
    with scratch_folder() as instance, sync_playwright() as playwright:
        server = AppServer(Path(instance), workers=2).start()
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for state, reach in states.items():
                for width in WIDTHS:
                    for scheme in SCHEMES:
                        context = browser.new_context(base_url=f"http://127.0.0.1:{server.port}",
                                                      viewport={"width": width, "height": 900},
                                                      color_scheme=scheme, reduced_motion="reduce")
                        reach(context.new_page())
                        name = f"{state.replace(' ', '-')}-{width}-{scheme}.png"
                        context.pages[-1].screenshot(path=folder / name, full_page=True)
                        context.close()
        finally:
            browser.close()
            server.stop()
    print(f"{len(states) * len(WIDTHS) * len(SCHEMES)} screenshots in {folder}")


if __name__ == "__main__":
    main()
