"""`make examine ENGINE=…`: an engine examined, every move it makes judged
against perfect play (webapp.engine.players.examination, through the
Gomocup protocol: webapp.brains.examiner).

    python -m tools.examine "pbrain-kinrow --level easy"      # our brain at a level (its options as it takes them)
    python -m tools.examine menace                             # a level or learner: pbrain-kinrow --level menace
    python -m tools.examine /opt/brains/pbrain-x --board 4x4   # any program; 4×4: a seeded sample, by the tablebase
    python -m tools.examine "pbrain-python my_ai.py:choose"    # a program on PATH or beside Python, its arguments
    python -m tools.examine rapfi --board 7x7 --games 20       # an engine ENGINE_BRAINS names, against our levels
    python -m tools.examine ./pbrain-x --board 15x15 --against master --sprt 0 30

On 3×3 it is asked in every position with a choice (4,298, X's and O's), on
4×4 in a seeded sample (--sample, --seed) judged by the tablebase: the
share of positions where its move keeps the value (the learners' measure),
every position it gets wrong with its move, the moves that keep the value
and what was lost, and what it did wrong in the protocol (time a move,
moves past the limit, illegal moves, crashes, hangs), each with the
position. The report is written as JSON and the wrong positions as a
record (a line each) into --out, and compared with the report already there:
the positions that are new mistakes since last time, and those mended.

On 5×5, 7×7 and 15×15, where nothing is solved, it plays our levels
through tools.ladder: each opening with both colours, the score, an Elo
difference with its 95% interval, and SPRT with --sprt.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

import webapp.brains.ours.console as kinrow_console
from tools import ladder
from tools.elo import elo, sprt
from tools.openings import openings
from webapp.brains.examiner import LANES, examine, program_checked
from webapp.brains.external import TURN_MS, program_found
from webapp.engine import BOARDS, LEARNERS, LEVELS, Rules
from webapp.engine.game.notation import write_moves
from webapp.engine.game.position import Position
from webapp.engine.players.examination import (
    SAMPLE_SEED,
    SAMPLE_SIZE,
    Examination,
    FaultKind,
    Verdict,
    all_positions,
    mended,
    moves_to,
    new_mistakes,
    record_lines,
    sampled_positions,
)
from webapp.engine.players.levels import levels_of

OUT = Path("examinations")
"""Where reports are written unless --out says otherwise (kept out of git)."""
KINROW = "pbrain-kinrow"
SHOWN = 20
"""How many wrong positions the printed report shows; the JSON and the record hold them all."""
GAMES_BOARDS = ("5x5", "7x7", "15x15")


def command_of(engine: str) -> tuple[str, ...]:
    """The command an ENGINE names: pbrain-kinrow (with its options), a
    level or learner of ours (pbrain-kinrow at it), an engine ENGINE_BRAINS
    names, or a program (a path, or a name on PATH or beside this Python:
    pbrain-python) with its arguments; ValueError saying why not."""
    words = shlex.split(engine)
    if not words:
        raise ValueError("ENGINE is empty: name a program, pbrain-kinrow with its options, or a level.")
    if words[0] == KINROW:
        return (sys.executable, "-m", kinrow_console.__name__, *words[1:])
    if len(words) == 1 and words[0] in LEVELS + LEARNERS:
        return (sys.executable, "-m", kinrow_console.__name__, "--level", words[0])
    if len(words) == 1 and (installed := ladder.installed_engine(words[0])) is not None:
        return installed.command
    program = words[0] if os.sep in words[0] else program_found(words[0])
    if os.sep not in program:
        raise ValueError(f"“{engine[:60]}” names no engine: give a program's path (./pbrain-x) or one on PATH, "
                         f"{KINROW} with its options, one of our levels ({', '.join(LEVELS + LEARNERS)}), or an "
                         f"engine ENGINE_BRAINS names ({os.environ.get('ENGINE_BRAINS') or 'it names none'}).")
    return program_checked([program, *words[1:]])


def turn_of(engine: str, given: int | None) -> int:
    """The time a move the engine is given: --turn-ms, else its ENGINE_BRAINS settings', else the protocol's default."""
    if given is not None:
        return given
    installed = ladder.installed_engine(engine) if os.sep not in engine and " " not in engine else None
    return installed.turn_ms if installed else TURN_MS


def slug(engine: str, rules: Rules) -> str:
    """The report's file name (no suffix): the engine, as a name a file can have, and the board."""
    words = shlex.split(engine)
    name = re.sub(r"[^a-z0-9]+", "-", " ".join([Path(words[0]).name, *words[1:]]).lower()).strip("-")
    return f"{name[:60]}-{rules.name}"


def board_rows(position: Position) -> str:
    """The board in a line: its rows, top first, joined by slashes."""
    size = position.rules.size
    return "/".join(position.text[row * size:(row + 1) * size] for row in range(size))


def links(position: Position) -> str:
    """The think page's and the stepper's paths on the position (for the app at any address)."""
    moves = write_moves(position.rules, moves_to(position))
    return f"/think/{position.rules.name}/{moves}  /steps/{position.rules.name}/{moves}"


def printed(examined: Examination, out: TextIO) -> None:
    """The report in a few lines, and the first SHOWN wrong positions with their links."""
    rules = examined.rules
    lost = Counter(mistake.verdict for mistake in examined.mistakes)
    print(f"Examination of {examined.engine} on {rules.name}: {examined.sample}, {examined.positions:,} positions "
          f"asked, as X and as O", file=out)
    print(f"  kept the value in {examined.kept:,} ({100 * examined.share:.1f}%, the learners' measure); "
          f"wrong in {len(examined.mistakes):,}: "
          + ", ".join(f"{lost[verdict]:,} turned {verdict.value.removeprefix('turns ')}" for verdict in Verdict
                      if verdict is not Verdict.KEEPS), file=out)
    counts = {kind: len(examined.faults_of(kind)) for kind in FaultKind}
    print(f"  time a move: median {1000 * examined.median_seconds:.2f} ms, worst {1000 * examined.worst_seconds:.1f} "
          f"ms; past the {examined.turn_ms} ms limit: {counts[FaultKind.PAST_LIMIT]}; illegal moves: "
          f"{counts[FaultKind.ILLEGAL]}; crashes: {counts[FaultKind.CRASH]}; hangs: {counts[FaultKind.HANG]}; "
          f"not asked: {counts[FaultKind.NOT_ASKED]}; its process killed or found dead {examined.killed} times",
          file=out)
    print(f"  took {examined.wall_seconds:.1f} s on {examined.lanes} lanes", file=out)
    for mistake in examined.mistakes[:SHOWN]:
        best = ", ".join(rules.cell_name(cell) for cell in mistake.best)
        print(f"  {board_rows(mistake.position)}  {mistake.position.to_move} played "
              f"{rules.cell_name(mistake.cell)}: {mistake.verdict.value}; keeps it: {best}   "
              f"{links(mistake.position)}", file=out)
    if len(examined.mistakes) > SHOWN:
        print(f"  … and {len(examined.mistakes) - SHOWN:,} more wrong positions in the record", file=out)
    for fault in [fault for fault in examined.faults if fault.kind is not FaultKind.NOT_ASKED][:SHOWN]:
        print(f"  {board_rows(fault.position)}  {fault.position.to_move} to move: {fault.kind.value}: {fault.said}",
              file=out)


def kept(report: dict[str, Any], folder: Path, name: str, out: TextIO) -> None:
    """Write the report (JSON) and its wrong positions (a record, a line
    each) into folder, saying first what changed since the report there."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    if path.exists():
        earlier = json.loads(path.read_text())
        new, fixed = new_mistakes(earlier, report), mended(earlier, report)
        print(f"  since last time: {len(new)} positions are new mistakes, {len(fixed)} mended", file=out)
        for mistake in new[:SHOWN]:
            print(f"    new: {mistake['position']} {mistake['to_move']} played {mistake['played']}: "
                  f"{mistake['lost']}", file=out)
    path.write_text(json.dumps(report, indent=1) + "\n")
    (folder / f"{name}.positions").write_text("".join(line + "\n" for line in record_lines(report)))
    print(f"  written: {path} and {folder / (name + '.positions')}", file=out)


def games(engine: str, rules: Rules, options: argparse.Namespace, out: TextIO) -> dict[str, Any]:
    """On a board nothing solves: games against our levels (or --against),
    openings and colours balanced; each match's score and Elo, as the report keeps them."""
    if len(shlex.split(engine)) != 1:
        raise ValueError("On 5x5, 7x7 and 15x15 the engine plays through tools.ladder: name a program's path "
                         "(no arguments), a level of ours (master, hard:seed=3), or an engine ENGINE_BRAINS names.")
    spec = engine if os.sep not in engine else program_checked([engine])[0]
    opponents = [options.against] if options.against else [level for level in levels_of(rules) if level != spec]
    for named in (spec, *opponents):
        ladder.command_of(named, 0)  # ValueError unless it names a brain
    test = (*options.sprt, options.alpha, options.beta) if options.sprt else None
    count = options.games or 2 * len(openings(rules, "ladder")) * (10 if test else 1)
    matches = {}
    for opponent in opponents:
        tally = ladder.run(rules, spec, opponent, count, options.turn_ms or 500, test, out=out,
                           links=options.links).tally
        estimate = elo(*tally)
        matches[opponent] = {"wins": tally.wins, "draws": tally.draws, "losses": tally.losses,
                             "score": round(tally.score, 4), "elo": round(estimate.elo, 1),
                             "elo_low": round(estimate.low, 1), "elo_high": round(estimate.high, 1),
                             **({"sprt": sprt(*tally, *test).verdict} if test else {})}
    return {"engine": engine, "board": rules.name, "games": matches}


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.examine", description=__doc__.split("\n\n")[0])
    parser.add_argument("engine", help="a program's path (with its arguments), pbrain-kinrow with its options, "
                                       "a level of ours, or an engine ENGINE_BRAINS names")
    parser.add_argument("--board", default="3x3", choices=["3x3", "4x4", *GAMES_BOARDS])
    parser.add_argument("--sample", type=int, default=SAMPLE_SIZE, help="4x4: how many positions")
    parser.add_argument("--seed", type=int, default=SAMPLE_SEED, help="4x4: the sample's seed")
    parser.add_argument("--lanes", type=int, default=LANES, help="how many of its processes answer at once")
    parser.add_argument("--turn-ms", type=int, help=f"each move's time limit (default: its settings', or {TURN_MS})")
    parser.add_argument("--out", type=Path, default=OUT, help="where the JSON report and the record go")
    parser.add_argument("--games", type=int, help="5x5, 7x7, 15x15: games against each level")
    parser.add_argument("--against", help="5x5, 7x7, 15x15: one opponent instead of each of our levels")
    parser.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"))
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--links", action="store_true", help="5x5, 7x7, 15x15: each game's replay link")
    options = parser.parse_args(argv)
    rules = BOARDS[options.board]
    if not 1 <= options.lanes <= 8:
        parser.error("--lanes is 1 to 8")
    try:
        if options.board in GAMES_BOARDS:
            report = games(options.engine, rules, options, out)
            path = options.out / f"{slug(options.engine, rules)}.json"
            options.out.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(report, indent=1) + "\n")
            print(f"  written: {path}", file=out)
            return 0
        command = command_of(options.engine)
        positions = all_positions() if rules.name == "3x3" else sampled_positions(rules, options.sample, options.seed)
    except ValueError as error:
        parser.error(str(error))
    sample = "every position with a choice" if rules.name == "3x3" else f"a sample seeded {options.seed}"
    turn_ms = turn_of(options.engine, options.turn_ms)
    try:
        examined = examine(options.engine, command, rules, positions, options.lanes, turn_ms, sample=sample,
                           progress=_progress if sys.stderr.isatty() else None,
                           settings=ladder.settings_of(options.engine) if " " not in options.engine else ())
    except ValueError as error:
        parser.error(str(error))
    printed(examined, out)
    kept(examined.as_json(), options.out, slug(options.engine, rules), out)
    return 0


def _progress(done: int, total: int) -> None:
    if done % 500 == 0 or done == total:
        print(f"\r  {done:,} of {total:,} positions", end="\n" if done == total else "", file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
