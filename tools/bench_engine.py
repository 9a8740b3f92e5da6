"""`make bench`: how fast the engine answers, on every board, measured in one run.

- 3×3: choose_move's median and max over every position with a move to make,
  per level; the classic full-tree minimax without memo on the empty board,
  and the ratio.
- 4×4: perfect's median and max reply over positions from random games.
- 5×5, 7×7, 15×15 (and 15×15 under the standard rule and renju, whose
  exact fives and forbidden points the search checks): master's reply
  (search.think within the default 500 ms budget) over the moves of games
  against hard: median and max, search speed in positions per second, depth
  reached.
- Start-up: a fresh process's import plus its first 3×3 reply, and the same
  with the 4×4 tablebase mapped and a first 4×4 reply, with the memory used:
  as a server starts, its modules' bytecode cached by an earlier run, and
  with our modules compiled afresh (as under PYTHONDONTWRITEBYTECODE).
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import timeit
from pathlib import Path

from harness.positions import playable_positions, random_positions
from webapp.engine import BOARDS, DEFAULT_BUDGET_MS, Position, board_named, choose_move, level_player, levels_of, think

ROOT = Path(__file__).resolve().parent.parent

CALLS = 200    # calls per timing, so the clock's resolution does not matter
REPEATS = 3    # timings per position; the fastest is the one least disturbed
COLD_RUNS = 7  # fresh processes for the cold start
MASTER_GAMES = 3  # games against hard per board, master's moves timed
COLD_START = """
import resource, time
start = time.perf_counter()
from webapp.engine import BOARDS, Position, choose_move
choose_move(Position(BOARDS["3x3"]), "perfect")
three = time.perf_counter() - start
choose_move(Position(BOARDS["4x4"]), "perfect")
four = time.perf_counter() - start
print(three, four, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def reply_time(position: Position, rng: random.Random, level: str = "perfect") -> float:
    """Seconds per choose_move call on position, best of REPEATS."""
    timer = timeit.Timer(lambda: choose_move(position, level, rng))
    return min(timer.repeat(REPEATS, CALLS)) / CALLS


def _timed_start(env: dict[str, str]) -> tuple[float, ...]:
    """One fresh interpreter's COLD_START figures."""
    return tuple(map(float, subprocess.run([sys.executable, "-c", COLD_START], cwd=ROOT, env=env, check=True,
                                           capture_output=True, text=True).stdout.split()))


def cold_start(bytecode: bool) -> tuple[float, float, float]:
    """Median seconds from a fresh interpreter to its first 3×3 reply, and to
    its first 4×4 reply (the tablebase mapped); and its peak memory in MB.
    bytecode: every module's bytecode cached (in a scratch folder) by a
    first run that is not timed, as any process after a server's first finds
    it; else our modules compiled from source (the standard library's
    bytecode is installed with Python)."""
    if bytecode:
        with tempfile.TemporaryDirectory() as cache:
            env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
            env["PYTHONPYCACHEPREFIX"] = cache
            _timed_start(env)  # its figures dropped: this first run writes the bytecode
            runs = [_timed_start(env) for _ in range(COLD_RUNS)]
    else:
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        runs = [_timed_start(env) for _ in range(COLD_RUNS)]
    three, four, kilobytes = zip(*runs)
    return statistics.median(three), statistics.median(four), statistics.median(kilobytes) / 1024


def naive_minimax(position: Position) -> tuple[int, int]:
    """The textbook search: value for the side to move (+1, 0, -1) by visiting
    the whole game tree below position, remembering nothing; and the nodes seen."""
    if position.winner:
        return -1, 1
    if not position.empty:
        return 0, 1
    best, nodes = -2, 1
    for cell in position.legal_moves():
        value, seen = naive_minimax(position.play(cell))
        best, nodes = max(best, -value), nodes + seen
    return best, nodes


def master_replies(board: str, rng: random.Random) -> list:
    """master's thoughts at its default budget, over games against hard."""
    hard, thoughts = level_player("hard"), []
    for game in range(MASTER_GAMES):
        here = Position(board_named(board))
        master_plays = "XO"[game % 2]
        while not here.is_over:
            if here.to_move == master_plays:
                thought = think(here, DEFAULT_BUDGET_MS)
                thoughts.append(thought)
                here = here.play(thought.move)
            else:
                here = here.play(hard(here, rng))
    return thoughts


def main() -> None:
    rng = random.Random(0)
    us, ms = 1e6, 1e3
    three = BOARDS["3x3"]
    playable = playable_positions(three)
    times = {level: [reply_time(here, rng, level) for here in playable] for level in levels_of(three)}
    empty_reply = reply_time(Position(three), rng)
    start = timeit.default_timer()
    value, nodes = naive_minimax(Position(three))
    naive = timeit.default_timer() - start
    assert value == 0, "tic-tac-toe is a draw"
    print(f"3x3: choose_move over {len(playable):,} positions "
          f"(each the mean of {CALLS} calls, best of {REPEATS}); targets: median <= 5 us, max <= 50 us")
    for level, level_times in times.items():
        print(f"  {level:<8} median {statistics.median(level_times) * us:6.2f} us   "
              f"max {max(level_times) * us:6.2f} us")
    print(f"  naive full-tree minimax, no memo, empty board: {naive:.2f} s over {nodes:,} nodes")
    print(f"  choose_move (perfect) on the empty board: {empty_reply * us:.2f} us, "
          f"{naive / empty_reply:,.0f}x faster (target >= 100,000x)")

    four = random_positions("4x4", 2000, rng)
    four_times = [reply_time(here, rng) for here in four]
    print(f"4x4: perfect over {len(four):,} positions from random games; target: median <= 20 us")
    print(f"  perfect  median {statistics.median(four_times) * us:6.2f} us   max {max(four_times) * us:6.2f} us")

    print(f"master, budget {DEFAULT_BUDGET_MS} ms, its moves in {MASTER_GAMES} games against hard per board; "
          f"target: max <= budget + 50 ms")
    for board in ("5x5", "7x7", "15x15", "15x15-standard", "15x15-renju"):
        thoughts = master_replies(board, rng)
        searched = [t for t in thoughts if t.kind == "search"]
        seconds = [t.seconds for t in thoughts]
        speed = sum(t.nodes for t in searched) / sum(t.seconds for t in searched)
        print(f"  {board:<14} {len(thoughts):3} moves ({len(searched)} searched)"
              f"   median {statistics.median(seconds) * ms:5.0f} ms"
              f"   max {max(seconds) * ms:5.0f} ms   {speed:8,.0f} positions/s   depth "
              f"{statistics.median(t.depth for t in searched):.0f} (median), {max(t.depth for t in searched)} (max)")

    print(f"start-up, median of {COLD_RUNS} fresh processes")
    for bytecode, how, note in ((True, "bytecode cached", "(target <= 100 ms)"),
                                (False, "compiled afresh", "(our modules, as under PYTHONDONTWRITEBYTECODE)")):
        cold_three, cold_four, megabytes = cold_start(bytecode)
        print(f"  {'import + first 3x3 reply, ' + how:<42} {cold_three * ms:6.1f} ms   {note}")
        print(f"  {'... + 4x4 tablebase + first reply':<42} {cold_four * ms:6.1f} ms   peak memory {megabytes:.0f} MB "
              f"(the tablebase is {(ROOT / 'webapp/engine/play/4x4.tablebase').stat().st_size / 1e6:.1f} MB, "
              "mapped: shared by every process)")


if __name__ == "__main__":
    main()
