"""`make bench`: how fast the engine answers, measured in one run.

Prints choose_move's median and max over every position with a move to make, per level,
the cold start of a fresh process (import plus first reply), and the classic
full-tree minimax without memo on the empty board, with the ratio.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support import reachable_positions  # noqa: E402
from webapp import engine  # noqa: E402

CALLS = 200    # calls per timing, so the clock's resolution does not matter
REPEATS = 3    # timings per position; the fastest is the one least disturbed
COLD_RUNS = 7  # fresh processes for the cold start
COLD_START = (
    "import time; start = time.perf_counter(); "
    "from webapp import engine; engine.choose_move(engine.EMPTY_BOARD); "
    "print(time.perf_counter() - start)"
)


def reply_time(board: str, rng: random.Random, level: str = "perfect") -> float:
    """Seconds per choose_move call on board, best of REPEATS."""
    timer = timeit.Timer(lambda: engine.choose_move(board, level, rng))
    return min(timer.repeat(REPEATS, CALLS)) / CALLS


def cold_start() -> float:
    """Median seconds from a fresh interpreter to the first reply."""
    runs = [float(subprocess.run([sys.executable, "-c", COLD_START], cwd=ROOT, check=True,
                                 capture_output=True, text=True).stdout)
            for _ in range(COLD_RUNS)]
    return statistics.median(runs)


def naive_minimax(board: str) -> tuple[int, int]:
    """The textbook search: value for the side to move (+1, 0, -1) by visiting
    the whole game tree below board, remembering nothing; and the nodes seen."""
    if engine.winner(board):
        return -1, 1
    if engine.EMPTY not in board:
        return 0, 1
    best, nodes = -2, 1
    for cell in engine.legal_moves(board):
        value, seen = naive_minimax(engine.play(board, cell))
        best, nodes = max(best, -value), nodes + seen
    return best, nodes


def main() -> None:
    rng = random.Random(0)
    playable = sorted(b for b in reachable_positions() if not engine.is_over(b))
    times = {level: [reply_time(board, rng, level) for board in playable] for level in engine.LEVELS}
    cold = cold_start()
    empty_reply = reply_time(engine.EMPTY_BOARD, rng)
    start = timeit.default_timer()
    value, nodes = naive_minimax(engine.EMPTY_BOARD)
    naive = timeit.default_timer() - start
    assert value == 0, "tic-tac-toe is a draw"

    us, ms = 1e6, 1e3
    print(f"choose_move over {len(playable):,} positions "
          f"(each the mean of {CALLS} calls, best of {REPEATS}); targets: median <= 5 us, max <= 50 us")
    for level, level_times in times.items():
        print(f"  {level:<8} median {statistics.median(level_times) * us:6.2f} us   "
              f"max {max(level_times) * us:6.2f} us")
    print(f"cold start, import + first reply (median of {COLD_RUNS} fresh processes)")
    print(f"              {cold * ms:8.1f} ms   (target <= 100 ms)")
    print(f"naive full-tree minimax, no memo, empty board: {naive:.2f} s over {nodes:,} nodes")
    print(f"choose_move (perfect) on the empty board: {empty_reply * us:.2f} us, "
          f"{naive / empty_reply:,.0f}x faster (target >= 100,000x)")


if __name__ == "__main__":
    main()
