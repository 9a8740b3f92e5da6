"""Renju's forbidden points, ours against independent referees.

    python -m tools.forbidden_check [KIND=COUNT ...] [--seed S] [--rapfi PATH]

KIND is one of crowded (random positions, harness/renju_referee.py: stones
crowded near the centre so that forbidden shapes are common), levels,
master, openings (the positions with black to move of whole games:
harness/renju_games.py) or grown (a game's position with stones added until
a three's straight four could only be made on a forbidden point). Each
position's every empty point, ours (webapp.engine.game.renju: forbidden or not,
and why) is compared with the Gomocup manager's judge (the `renju` package's
check, a port of Piskvork's) and, given --rapfi, with Rapfi's YXSHOWFORBID
answer (Rapfi built from its public source, outside this repository). Prints
each disagreement, then for each kind the counts: positions, points,
forbidden points by reason, disagreements, positions where the definition
of a three recursed and where that decided a point, and the time taken.
`make forbidden-check` runs it.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator

from harness.renju_games import POSITION_KINDS, positions
from harness.renju_referee import RULES, crowded_positions, judge, recursive_cells
from webapp.engine.game.position import Position
from webapp.engine.game.renju import forbidden_cells
from webapp.engine.game.rules import cells_of

KINDS = ("crowded", *POSITION_KINDS)
DEFAULT = ("crowded=2000", "levels=1500", "master=1000", "openings=1000", "grown=100")


class Rapfi:
    """A Rapfi process asked for forbidden points (Yixin's YXSHOWFORBID)."""

    def __init__(self, path: str):
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        bufsize=1)

    def forbidden(self, position: Position) -> set[int]:
        """The points Rapfi calls forbidden; the stones are given in turn
        (black, white, ...), as YXBOARD plays them in the order given."""
        blacks, whites = cells_of(position.x), cells_of(position.o)
        order = [cell for pair in zip(blacks, whites) for cell in pair] + blacks[len(whites):]
        lines = ["START 15", "INFO rule 4", "YXBOARD"]
        lines += [f"{cell % 15},{cell // 15},{1 if i % 2 == 0 else 2}" for i, cell in enumerate(order)]
        self.process.stdin.write("\n".join([*lines, "DONE", "YXSHOWFORBID"]) + "\n")
        while not (answer := self.process.stdout.readline()).startswith("FORBID"):
            if not answer:
                raise SystemExit("Rapfi ended without answering.")
        points = answer[len("FORBID"):].strip().rstrip(".")
        return {int(points[i + 2:i + 4]) * 15 + int(points[i:i + 2]) for i in range(0, len(points), 4)}

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


def kind_positions(kind: str, count: int, seed: int) -> Iterator[Position]:
    """count positions of the kind (KINDS), seeded."""
    return crowded_positions(count, seed) if kind == "crowded" else positions(kind, count, seed)


def differences(ours: dict[int, str], theirs: dict[int, str]) -> dict[str, tuple[str | None, str | None]]:
    """The points where two verdicts differ (forbidden or not, or why), by name: (ours, theirs)."""
    return {RULES.cell_name(cell): (ours.get(cell), theirs.get(cell))
            for cell in sorted(set(ours) | set(theirs)) if ours.get(cell) != theirs.get(cell)}


def check(kind: str, count: int, seed: int, rapfi: Rapfi | None) -> Counter:
    """Compare every point of count positions of the kind; the counts."""
    counts: Counter = Counter({"positions": 0, "points compared": 0, "disagree with the judge": 0})
    if rapfi:
        counts["disagree with Rapfi"] = 0
    started = time.monotonic()
    for position in kind_positions(kind, count, seed):
        ours = forbidden_cells(RULES, position.x, position.o)
        counts["positions"] += 1
        counts["points compared"] += position.empty.bit_count()
        counts.update(f"forbidden: {reason}" for reason in ours.values())
        if differ := differences(ours, judge(position)):
            counts["disagree with the judge"] += 1
            print(f"{kind}: the judge differs (ours, its):", position.text, differ, flush=True)
        if rapfi and (differ := differences({cell: "forbidden" for cell in ours},
                                            {cell: "forbidden" for cell in rapfi.forbidden(position)})):
            counts["disagree with Rapfi"] += 1
            print(f"{kind}: Rapfi differs (ours, its):", position.text, differ, flush=True)
        recursed = recursive_cells(position)
        counts["with a recursive case"] += bool(recursed)
        counts["where it decides a point"] += any(recursed.values())
    counts["seconds"] = round(time.monotonic() - started)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("counts", nargs="*", default=DEFAULT, metavar="KIND=COUNT",
                        help=f"kinds of position ({', '.join(KINDS)}) and how many of each; "
                             f"by default {' '.join(DEFAULT)}")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rapfi", help="a Rapfi binary (pbrain-rapfi), to compare with too")
    args = parser.parse_args(argv)
    wanted = [pair.split("=") for pair in args.counts]
    if any(len(pair) != 2 or pair[0] not in KINDS or not pair[1].isdigit() for pair in wanted):
        parser.error(f"each count is KIND=COUNT, KIND one of {', '.join(KINDS)}")
    rapfi = Rapfi(args.rapfi) if args.rapfi else None
    totals: Counter = Counter()
    try:
        for kind, count in wanted:
            counts = check(kind, int(count), args.seed, rapfi)
            print(f"{kind}: " + ", ".join(f"{name} {value}" for name, value in counts.items()), flush=True)
            totals.update(counts)
    finally:
        if rapfi:
            rapfi.close()
    print("all: " + ", ".join(f"{name} {value}" for name, value in totals.items()))
    return 1 if totals["disagree with the judge"] or totals["disagree with Rapfi"] else 0


if __name__ == "__main__":
    sys.exit(main())
