"""`make screenshots`: every state of the pages at 360, 768 and 1280 pixels
wide, light and dark, as PNG files in screenshots/ (which git ignores).
`python -m tools.screenshots friend lobby` takes only the states whose names hold "friend" or "lobby",
`python -m tools.screenshots strangers` the strangers' (harness.states.STRANGERS);
`--widths 360 1280` only those widths; `--out /tmp/shots` another folder.
The server's instance is seeded with rated games first (harness.strangers.seed_ratings), for the leaderboards."""

from __future__ import annotations

import argparse
from pathlib import Path

from playwright.sync_api import sync_playwright

from harness.browsing import CHROMIUM, CHROMIUM_ARGS, HEADLESS_CHROMIUM
from harness.servers import AppServer, scratch_folder
from harness.states import STATES, STRANGERS
from harness.strangers import close_every_context, seed_ratings

ROOT = Path(__file__).resolve().parent.parent

WIDTHS = (360, 768, 1280)
SCHEMES = ("light", "dark")


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("words", nargs="*", help="take only the states whose names hold one of these")
    parser.add_argument("--widths", nargs="+", type=int, default=list(WIDTHS), help="window widths, in pixels")
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots", help="the folder for the pictures")
    return parser.parse_args()


def browser_found() -> str:
    """Debian's Chromium (make screenshots installs it), or else the headless shell the tests use: the same
    engine, which draws the same pictures."""
    return CHROMIUM if Path(CHROMIUM).exists() else HEADLESS_CHROMIUM


def main() -> None:
    asked = arguments()
    states = {state: reach for state, reach in {**STATES, **STRANGERS}.items()
              if not asked.words or any(word in state for word in asked.words)
              or "strangers" in asked.words and state in STRANGERS}
    asked.out.mkdir(parents=True, exist_ok=True)
    with scratch_folder() as instance, sync_playwright() as playwright:
        seed_ratings(Path(instance))
        server = AppServer(Path(instance), workers=2).start()
        browser = playwright.chromium.launch(executable_path=browser_found(), args=CHROMIUM_ARGS)
        try:
            for state, reach in states.items():
                for width in asked.widths:
                    for scheme in SCHEMES:
                        context = browser.new_context(base_url=f"http://127.0.0.1:{server.port}",
                                                      viewport={"width": width, "height": 900},
                                                      color_scheme=scheme, reduced_motion="reduce")
                        reach(context.new_page())
                        name = f"{state.replace(' ', '-')}-{width}-{scheme}.png"
                        context.pages[-1].screenshot(path=asked.out / name, full_page=True)
                        close_every_context(browser)  # the state's other players' too
        finally:
            browser.close()
            server.stop()
    print(f"{len(states) * len(asked.widths) * len(SCHEMES)} screenshots in {asked.out}")


if __name__ == "__main__":
    main()
