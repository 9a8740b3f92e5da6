"""`make voices`: do the site's voices agree on the big boards? Seeded games
against master in which the person takes every hint, each turn's words
read as claims against one another, and the finished game reviewed.

For each game (15×15 by default, every rule): the person (X) asks for a hint
at each turn and plays it; master answers. What is counted:

- status and hint: the computer's words name squares the person must play
  ("you must stop it at f10 or f7", "you must block h9") and the hint is
  another square, or the hint says "nothing is forced" right after them;
- nothing forced: the hint says "nothing is forced" where the coach marks a
  square the person must play (a win, a block, a stop, a forced win), or the
  computer says it of a move after which the coach marks a block or a stop
  (the move made a threat its words did not name);
- a count that grows: "within N moves" said of a forced win, and on the
  side's next move of it a larger count (along a win, the count drops by one
  a move, or the win is gone);
- the review: the hinted moves the review of the same game (master judging)
  calls Mistake, Blunder or Missed win, and those it gives no word.

Master's moves and the hints are the engine workers' jobs, run in this
process (the inline pool) with the site's move budget (500 ms); the review's
appraisals are counted in positions, as on the site.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections import Counter
from tempfile import TemporaryDirectory
from typing import NamedTuple

from webapp.engine import BOARDS, Position, appraise, rules_offered, under_rule
from webapp.play.computer import Computer
from webapp.play.game import Game
from webapp.review.judgement import ERRORS, hindsights, judge
from webapp.shared.coach import square_values
from webapp.workers.pool import EnginePool, EnginesBusy

MUST = re.compile(r"must (?:stop it at|block) ([a-o]\d{1,2}(?:(?:, | or )[a-o]\d{1,2})*)")
WITHIN = re.compile(r"within (\d+) moves?")
NOTHING = "othing is forced"
FORCED_MARKS = ("block", "stop", "lost", "win", "forced")


class Tally(NamedTuple):
    """What one game's words and review showed."""

    hints: int
    must_not_hinted: int       # the computer named the squares to play; the hint was another
    nothing_after_must: int    # the hint said nothing is forced right after "you must ..."
    nothing_but_forced: int    # "nothing is forced" where the coach marks a square that must be played
    growing_counts: int        # a forced win's count that grew from one move of it to the next
    judged_errors: int         # hinted moves the review calls Mistake, Blunder or Missed win
    unjudged: int              # hinted moves the review gives no word
    slow_hints: int            # a hint not given within the page's wait (the game ends there)
    examples: tuple[str, ...]


def squares(rules, words: str) -> set[int]:
    found = MUST.search(words)
    return {rules.parse_cell_name(name) for name in re.findall(r"[a-o]\d{1,2}", found.group(1))} if found else set()


def forced_on_board(position: Position, kinds: tuple[str, ...] = ("win", "block", "forced")) -> bool:
    """Whether the coach marks a square the side to move must play: a win, a
    block or a stop, a forced win (kinds: those asked about)."""
    return any(value.kind in kinds for value in square_values(position).values())


def grew(last_count: dict[str, int], side: str, words: str) -> bool:
    """Whether words say "within N moves" of side's forced win with an N no
    smaller than side said last time (kept in last_count, and forgotten once
    a sentence of side's says no count)."""
    count = WITHIN.search(words)
    if not count:
        last_count.pop(side, None)
        return False
    grown = side in last_count and int(count.group(1)) >= last_count[side]
    last_count[side] = int(count.group(1))
    return grown


def play_game(rules, seed: int, plies: int, budget_ms: float) -> Tally:
    with TemporaryDirectory() as instance:  # the site's own path: master's moves and hints from the workers' jobs
        return _played(rules, seed, plies, Computer(random.Random(seed), budget_ms,
                                                    engines=EnginePool("inline", instance)))


def _played(rules, seed: int, plies: int, computer: Computer) -> Tally:
    game = Game.start("human", "master", computer, rules=rules)
    rng = random.Random(seed)
    hinted: list[int] = []
    counts = Counter()
    examples: list[str] = []
    last_count: dict[str, int] = {}
    first = True
    while not game.is_over and game.ply < plies:
        said = game.computer_says or ""
        position = game.position
        if first and seed:  # a different opening each game: the person's first stone is a seeded one near the centre
            centre = rules.size // 2
            cell = (centre + rng.randint(-2, 2)) * rules.size + centre + rng.randint(-2, 2)
            if position.stones >> cell & 1 or position.why_not(cell):
                cell = game.hint(game.ply, computer).cell
            first = False
        else:
            try:
                hint = game.hint(game.ply, computer)
            except EnginesBusy:  # the hint took longer than a page waits (WAIT_SECONDS)
                counts["slow_hints"] += 1
                examples.append(f"{rules.name} seed {seed} ply {game.ply}: no hint within the page's wait")
                break
            cell = hint.cell
            hinted.append(game.ply)
            must = squares(rules, said)
            if must and cell not in must:
                counts["must_not_hinted"] += 1
                examples.append(f"{rules.name} seed {seed} ply {game.ply}: status {said!r}; hint {hint.words!r}")
            if must and NOTHING in hint.why:
                counts["nothing_after_must"] += 1
                examples.append(f"{rules.name} seed {seed} ply {game.ply}: status {said!r}; hint {hint.words!r}")
            if NOTHING in hint.why and forced_on_board(position):
                counts["nothing_but_forced"] += 1
                examples.append(f"{rules.name} seed {seed} ply {game.ply}: hint {hint.words!r}, coach "
                                f"{sorted(value.text for value in square_values(position).values())}")
            if grew(last_count, "X", hint.why if "win" in hint.why else ""):
                counts["growing_counts"] += 1
                examples.append(f"{rules.name} seed {seed} ply {game.ply}: hint {hint.words!r}")
        game = game.play(cell, game.ply, computer)
        said = game.computer_says or ""
        if not game.is_over:
            before = game.position
            if NOTHING in said and forced_on_board(before, ("block",)):  # the move made a threat it did not name
                counts["nothing_but_forced"] += 1
                examples.append(f"{rules.name} seed {seed} ply {game.ply}: computer {said!r}, coach "
                                f"{sorted(value.text for value in square_values(before).values())}")
        if grew(last_count, "O", said if "I have a forced win" in said else ""):
            counts["growing_counts"] += 1
            examples.append(f"{rules.name} seed {seed} ply {game.ply}: computer {said!r}")
    moves = game.moves
    appraisals = [appraise(Position.after(rules, moves[:index]), cell) for index, cell in enumerate(moves)]
    position = Position(rules)
    for index, (cell, appraisal, hindsight) in enumerate(zip(moves, appraisals, hindsights(moves, appraisals))):
        judgement = judge(position, cell, appraisal, hindsight)
        if index in hinted:
            if judgement is None or judgement.word is None:
                counts["unjudged"] += 1
            elif judgement.word in ERRORS:
                counts["judged_errors"] += 1
                examples.append(f"{rules.name} seed {seed} move {index + 1} {rules.cell_name(cell)} (hinted): "
                                f"{judgement.word}: {judgement.why} {judgement.better}")
        position = position.play(cell)
    return Tally(len(hinted), counts["must_not_hinted"], counts["nothing_after_must"], counts["nothing_but_forced"],
                 counts["growing_counts"], counts["judged_errors"], counts["unjudged"], counts["slow_hints"],
                 tuple(examples))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="15x15")
    parser.add_argument("--games", type=int, default=3, help="games under each rule")
    parser.add_argument("--plies", type=int, default=40, help="the most plies of a game")
    parser.add_argument("--budget-ms", type=float, default=500)
    parser.add_argument("--first-seed", type=int, default=0)
    arguments = parser.parse_args(argv)
    board = BOARDS[arguments.board]
    total, start = Counter(), time.perf_counter()
    for rules in (under_rule(board, rule) for rule in rules_offered(board)):
        for seed in range(arguments.first_seed, arguments.first_seed + arguments.games):
            tally = play_game(rules, seed, arguments.plies, arguments.budget_ms)
            print(f"{rules.name} seed {seed}: {tally._replace(examples=len(tally.examples))}", flush=True)
            for example in tally.examples:
                print(f"    {example}", flush=True)
            total.update(tally._asdict() | {"examples": 0, "games": 1})
    del total["examples"]
    print(f"in all ({time.perf_counter() - start:.0f} s): {dict(total)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
