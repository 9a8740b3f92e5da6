"""pbrain-kinrow: the engine as a Gomocup brain on stdin and stdout.

    pbrain-kinrow                        # the board's top level, 500 ms a move
    pbrain-kinrow --level hard --seed 7  # another level, its dice seeded
    pbrain-kinrow --nodes 7000           # master by a count of positions: the same moves anywhere

A game manager (piskvork, a tournament, `make ladder`) starts it and writes
commands; see webapp/brains/ours/protocol.py for the conversation.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from webapp.brains.ours.protocol import OurBrain, Said
from webapp.engine import DEFAULT_BUDGET_MS, LEARNERS, LEVELS


def main(argv: Sequence[str] | None = None, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    options = _parser().parse_args(argv)
    brain = OurBrain(level=options.level, budget_ms=options.budget_ms, max_nodes=options.nodes or float("inf"),
                  seed=options.seed)
    for line in stdin:
        try:
            answer = brain.reply(line)
        except Exception as error:  # a bug must not end a tournament game: say so, and go on
            answer = Said([f"ERROR the brain failed: {type(error).__name__}: {error}"])
        for reply in answer.lines:
            print(reply, file=stdout, flush=True)
        if answer.done:
            break
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pbrain-kinrow", description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", choices=LEVELS + LEARNERS,
                        help="the level to play (default: the board's top level, perfect or master)")
    parser.add_argument("--budget-ms", type=float, default=DEFAULT_BUDGET_MS,
                        help="the most a move may think when the manager sets no tighter limit "
                             f"(default {DEFAULT_BUDGET_MS})")
    parser.add_argument("--nodes", type=int, help="master examines this many positions a move, "
                                                   "whatever the clock: the same moves on any machine")
    parser.add_argument("--seed", type=int, help="let the weaker levels play at random, from this seed")
    return parser


if __name__ == "__main__":
    sys.exit(main())
