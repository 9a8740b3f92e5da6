"""`make bench-think`: what the page "How the computer sees this" costs the server.

Every time is a whole GET through Flask's test client (no network): the
view, the searches, the template; on 5×5 and up the searches are the engine
workers' job (the app starts them, as a server's does), so their times
include the trip through the queue. A "first view" is the first
time that process is asked about a position (its searches run then and are
kept); a "later view" is any view after that.

- 3×3: the first view of the empty board in fresh processes (each having
  solved 3×3 first, as the server does before it forks its workers); the
  first and a later view of every position; a node alone, as htmx asks for it.
- 4×4: first and later views of positions from random games.
- 5×5, 7×7, 15×15: first views (the engine's move is the hint's: a choice
  within a count of positions, checked by the review's proof, then kept), then
  the tree at each other depth.
- The searches on the empty 3×3 and 4×4 boards, side by side.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from harness.positions import playable_positions, random_positions
from webapp.app import create_app
from webapp.engine import BOARDS, DEFAULT_BUDGET_MS, Position
from webapp.engine.game.notation import write_moves
from webapp.engine.play.solved import load_all
from webapp.think.look import DEFAULT_DEPTH, DEPTHS
from webapp.think.searches import searches

ROOT = Path(__file__).resolve().parent.parent

HTMX = {"HX-Request": "true"}
FRESH_RUNS = 5
FIRST_VIEW = """
import tempfile, time
from webapp.app import create_app
from webapp.engine.play.solved import load_all
load_all()
client = create_app({"SECRET_KEY": "bench"}, instance_path=tempfile.mkdtemp()).test_client()
start = time.perf_counter()
assert client.get("/think/3x3/").status_code == 200
print(time.perf_counter() - start)
"""


def moves_to(here: Position) -> str:
    """A link's moves for a position: X's and O's stones in turn, in order."""
    xs = [cell for cell in range(here.rules.cells) if here.x >> cell & 1]
    os = [cell for cell in range(here.rules.cells) if here.o >> cell & 1]
    order = [cell for pair in zip(xs, [*os, None]) for cell in pair if cell is not None]
    return write_moves(here.rules, tuple(order))


def timed_get(client, url: str, headers: dict[str, str] | None = None) -> tuple[float, int]:
    start = time.perf_counter()
    response = client.get(url, headers=headers or {})
    seconds = time.perf_counter() - start
    assert response.status_code == 200, url
    return seconds, len(response.data)


def figures(label: str, seconds: list[float], target: str = "") -> str:
    ordered = sorted(seconds)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (f"  {label:<34} median {statistics.median(seconds) * 1000:7.1f} ms   p90 {p90 * 1000:7.1f} ms   "
            f"max {max(seconds) * 1000:7.1f} ms{'   ' + target if target else ''}")


def main() -> None:
    fresh = [float(subprocess.run([sys.executable, "-c", FIRST_VIEW], cwd=ROOT, check=True,
                                  capture_output=True, text=True).stdout) for _ in range(FRESH_RUNS)]
    load_all()
    client = create_app({"SECRET_KEY": "bench"}, instance_path=tempfile.mkdtemp()).test_client()
    three = playable_positions(BOARDS["3x3"])
    urls = [f"/think/3x3/{moves_to(here)}" for here in three]
    first = [timed_get(client, url)[0] for url in urls]
    later = [timed_get(client, url) for url in urls]
    nodes = [timed_get(client, f"{url}?open={cell}&node={cell}", HTMX)
             for url, here in zip(urls[::10], three[::10]) for cell in here.legal_moves()[:2]]
    page_bytes = timed_get(client, "/think/3x3/")[1]
    print(f"3x3, every position with a move to make ({len(three):,})")
    print(f"  first view of the empty board, {FRESH_RUNS} fresh processes: median "
          f"{statistics.median(fresh) * 1000:.0f} ms, max {max(fresh) * 1000:.0f} ms   (target <= 1 s)")
    print(figures("first view", first))
    print(figures("later view", [seconds for seconds, _ in later], "(target: median <= 50 ms)"))
    print(figures("a node alone, for htmx", [seconds for seconds, _ in nodes]))
    print(f"  sizes: the empty board's page {page_bytes / 1024:.1f} KB; a node with its replies, for htmx, "
          f"median {statistics.median(size for _, size in nodes) / 1024:.1f} KB, "
          f"max {max(size for _, size in nodes) / 1024:.1f} KB")

    four = random_positions("4x4", 30, random.Random(4))
    four_urls = [f"/think/4x4/{moves_to(here)}" for here in four]
    print(f"4x4, {len(four)} positions from random games")
    print(figures("first view", [timed_get(client, url)[0] for url in four_urls]))
    print(figures("later view", [timed_get(client, url)[0] for url in four_urls]))

    print(f"5x5, 7x7, 15x15: 10 positions from random games each; engine budget {DEFAULT_BUDGET_MS} ms")
    for board in ("5x5", "7x7", "15x15"):
        positions = random_positions(board, 10, random.Random(board), least=2, most=12)
        urls = [f"/think/{board}/{moves_to(here)}" for here in positions]
        print(figures(f"{board} first view (depth {DEFAULT_DEPTH})", [timed_get(client, url)[0] for url in urls],
                      f"(target: budget {DEFAULT_BUDGET_MS} ms and a little)"))
        for depth in DEPTHS:
            if depth != DEFAULT_DEPTH:
                print(figures(f"{board} then depth {depth}",
                              [timed_get(client, f"{url}?depth={depth}")[0] for url in urls]))
    for board in ("3x3", "4x4"):
        print(f"the searches on the empty {board} board")
        for row in searches(Position(BOARDS[board])):
            examined = ("stopped" if row.examined is None
                        else f"{'<= ' if not row.examined.exact else ''}{row.examined.number:,}")
            seconds = "not run" if row.seconds is None else f"{row.seconds * 1000:.2f} ms"
            print(f"  {row.name:<56} {examined:>22}   {seconds:>10}   {row.value or '-'}")


if __name__ == "__main__":
    main()
