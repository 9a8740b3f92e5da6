"""Renju's forbidden points, ours against independent referees.

    python -m tools.forbidden_check [--positions N] [--seed S] [--games] [--rapfi PATH]

Random positions (harness/renju_referee.py: stones crowded near the centre
so that forbidden shapes are common, black to move, no five to make), or
with --games the positions of whole renju games between the levels. Each
position's forbidden points, ours (webapp.engine.renju), are compared
with the Gomocup manager's judge (the `renju` package's check_forbid, a port
of Piskvork's) and, given --rapfi, with Rapfi's YXSHOWFORBID answer (Rapfi
built from its public source, outside this repository). Prints each
disagreement and the counts; `make forbidden-check` runs it.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from harness.renju_referee import RULES, crowded_positions, game_positions, judge
from webapp.engine.renju import forbidden_cells
from webapp.engine.position import Position
from webapp.engine.rules import cells_of


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", action="store_true", help="positions from the levels' games, not crowded ones")
    parser.add_argument("--rapfi", help="a Rapfi binary (pbrain-rapfi), to compare with too")
    args = parser.parse_args(argv)
    rapfi = Rapfi(args.rapfi) if args.rapfi else None
    counts = {"positions": 0, "forbidden points (ours)": 0, "agree with the judge": 0, "agree with Rapfi": 0}
    try:
        positions = game_positions if args.games else crowded_positions
        for position in positions(args.positions, args.seed):
            ours = forbidden_cells(RULES, position.x, position.o)
            counts["positions"] += 1
            counts["forbidden points (ours)"] += len(ours)
            theirs = judge(position)
            counts["agree with the judge"] += ours == theirs
            if ours != theirs:
                print("judge differs:", position.text, sorted(RULES.cell_name(c) for c in set(ours) ^ set(theirs)))
            if rapfi:
                rapfis = rapfi.forbidden(position)
                counts["agree with Rapfi"] += set(ours) == rapfis
                if set(ours) != rapfis:
                    print("Rapfi differs:", position.text, sorted(RULES.cell_name(c) for c in set(ours) ^ rapfis))
    finally:
        if rapfi:
            rapfi.close()
    if not rapfi:
        del counts["agree with Rapfi"]
    for name, value in counts.items():
        print(f"{name}: {value}")
    return 0 if counts["agree with the judge"] == counts["positions"] and \
        counts.get("agree with Rapfi", counts["positions"]) == counts["positions"] else 1


if __name__ == "__main__":
    sys.exit(main())
