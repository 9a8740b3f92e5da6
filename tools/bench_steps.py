"""`make bench-steps` (and the end of `make bench-think`): what stepping
through a search costs, the work a step's request does wherever it runs (in
the web thread for small trees, on an engine worker for big ones: the app
here runs it inline, so the time is the work, without the queue's trip).

Every time is a whole GET through Flask's test client. The "first step" of
a position is its first request in this process: every search's totals in
the order asked (minimax, alpha-beta, alpha-beta with a table) and perfect
ordering's are worked out then, and kept; every later step of it replays
its search from the start up to that step (minimax skipping the subtrees it
has finished), so a step's cost grows with its number for alpha-beta.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time

from harness.positions import random_positions
from tools.bench_think import moves_to
from webapp.app import create_app
from webapp.engine.play.solved import load_all
from webapp.think.stepping import MOST_EMPTY, totals


def timed(client, url: str) -> float:
    start = time.perf_counter()
    response = client.get(url)
    assert response.status_code == 200, url
    return time.perf_counter() - start


def line(label: str, seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (f"  {label:<46} median {statistics.median(seconds) * 1000:8.1f} ms   p90 {p90 * 1000:8.1f} ms   "
            f"max {max(seconds) * 1000:8.1f} ms   ({len(seconds)})")


def bench(board: str, positions: list, rng: random.Random) -> None:
    client = create_app({"SECRET_KEY": "bench", "ENGINE_WORKERS": "inline"},
                        instance_path=tempfile.mkdtemp()).test_client()
    for search in ("minimax", "alphabeta", "table"):
        first, later, last = [], [], []
        for here in positions:
            url = f"/steps/{board}/{moves_to(here)}?search={search}"
            first.append(timed(client, url))
            whole = totals(search, here, "listed")  # kept by the first step's request
            if whole is None:
                continue
            total = whole.steps
            later += [timed(client, f"{url}&step={rng.randint(1, total)}") for _ in range(5)]
            last.append(timed(client, f"{url}&step={total}"))
        print(line(f"{search}: first step (totals worked out)", first))
        if later:
            print(line(f"{search}: a later step, at random", later))
            print(line(f"{search}: the last step", last))


def main() -> None:
    load_all()
    rng = random.Random(56)
    print("3x3, the empty board (fresh app: nothing kept yet)")
    bench("3x3", random_positions("3x3", 1, rng, most=0), rng)
    print("3x3, 20 positions from random games")
    bench("3x3", random_positions("3x3", 20, rng, least=1), rng)
    print(f"4x4, 5 positions from random games with {MOST_EMPTY} empty squares (the most a stepper takes)")
    bench("4x4", random_positions("4x4", 5, rng, least=16 - MOST_EMPTY, most=16 - MOST_EMPTY), rng)


if __name__ == "__main__":
    main()
