"""`make ladder`: any two brains play each other through the Gomocup
protocol, from fixed openings with both colours; wins, draws, losses, the
score, the Elo difference with its 95% interval and, on request, a
sequential probability ratio test (SPRT) that stops as soon as it decides.

A brain is one of our levels, played by pbrain-kinrow (`master`, `hard`,
…, with options after a colon: `master:nodes=7000`, `hard:seed=5`), an
engine installed as the app installs it (its name in ENGINE_BRAINS, its
settings from ENGINE_BRAIN_<NAME>), or the path of any program that speaks
the protocol (`/opt/brains/pbrain-x`).

    python -m tools.ladder                          # our levels, neighbours on each big board
    python -m tools.ladder master hard --board 7x7
    python -m tools.ladder master ./pbrain-other --board 15x15 --turn-ms 1000
    ENGINE_BRAINS=rapfi=/opt/rapfi/pbrain-rapfi ENGINE_BRAIN_RAPFI="max_node=10000" python -m tools.ladder master rapfi
    python -m tools.ladder master:nodes=20000 master:nodes=7000 --turn-ms 600000 --sprt 0 30
    python -m tools.ladder master ./pbrain-other --openings renju   # renju's 26 openings: 52 games
    python -m tools.ladder master hard --rule renju                 # under renju, from its 26 openings
    python -m tools.ladder master hard --rule standard              # exactly five wins, from swap2 openings
    python -m tools.ladder master hard --openings long-pro          # from long pro's openings (15x15)

Every game starts both brains afresh (START, INFO timeout_turn, INFO rule:
0 freestyle, 1 standard, 4 renju); the first move each brain makes is asked
with BOARD (the opening's stones) or BEGIN, the rest with TURN. A brain that
answers with an illegal square (taken, off the board, or under renju a
point forbidden to black), an error, nothing, or takes longer than twice its
turn plus two seconds loses that game, and the ladder says why. Unless
other openings are named, games start from renju's 26 openings under renju,
from the most nearly even of swap2's under the standard rule (as players
of that rule open), and from the ladder's own in freestyle.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.judge import Tally
from tools.elo import elo, sprt
from tools.openings import OPENING_SETS, openings, position_of
from webapp.brains.external import (
    SLACK_SECONDS,
    Brain,
    BrainFault,
    Connection,
    answered_cell,
    configured,
    names_in,
    settings_in,
)
from webapp.brains.external import started as started_on
from webapp.brains.gomocup import RULE_NUMBERS, asking
from webapp.engine import BOARDS, FREESTYLE, LEARNERS, LEVELS, RENJU, RULES, STANDARD, Rules, rules_offered, under_rule
from webapp.engine.game.notation import write_moves

PROGRAM = Path(sys.executable).with_name("pbrain-kinrow")
DEFAULT_LADDER = {"5x5": ("master", "hard", "medium", "easy"), "7x7": ("master", "hard", "medium", "easy"),
                  "15x15": ("master", "hard", "medium", "easy")}
"""make ladder with no brains named: each level against the one below it, on each big board."""
DEFAULT_OPENINGS = {FREESTYLE: "ladder", STANDARD: "swap2", RENJU: "renju"}
"""The openings a rule's games start from unless others are named: each as its players open."""


def command_of(spec: str, seed: int) -> list[str]:
    """The command that starts a brain: a path as it is, an engine ENGINE_BRAINS
    names by its path, or pbrain-kinrow at a level."""
    if os.sep in spec:
        return [spec]
    if (engine := installed_engine(spec)) is not None:
        return list(engine.command)
    level, _, options = spec.partition(":")
    if level not in LEVELS + LEARNERS:
        engines = os.environ.get("ENGINE_BRAINS") or "none"
        raise ValueError(f"“{spec}” is neither a path, nor one of our levels ({', '.join(LEVELS)}), nor an "
                         f"engine ENGINE_BRAINS names (it names: {engines}).")
    command = [str(PROGRAM), "--level", level, "--seed", str(seed)]
    for option in filter(None, options.split(",")):
        key, _, value = option.partition("=")
        if key not in ("nodes", "seed", "budget-ms"):
            raise ValueError(f"Unknown option “{key}” in “{spec}”: nodes, seed or budget-ms.")
        command += [f"--{key}", value]
    if "nodes" in options and "budget-ms" not in options:
        command += ["--budget-ms", "3600000"]  # by the count alone; the ladder's --turn-ms still applies
    return command


def installed_engine(name: str) -> Brain | None:
    """The engine ENGINE_BRAINS names so, with its settings (ENGINE_BRAIN_<NAME>), as the app reads them."""
    spec = os.environ.get("ENGINE_BRAINS", "")
    if name not in names_in(spec):
        return None
    return next(brain for brain in configured(spec, settings_in(os.environ, spec)) if brain.name == name)


def settings_of(spec: str) -> list[str]:
    """The INFO settings an engine ENGINE_BRAINS names is given (key and value), besides the ladder's own."""
    engine = installed_engine(spec) if os.sep not in spec else None
    return [f"{key} {value}" for key, value in engine.settings if key != "timeout_turn"] if engine else []


@dataclass(frozen=True)
class Game:
    """One finished game: the winner's mark (None for a draw), its moves, and why it ended."""

    opening: str
    x_spec: str  # the brain playing X
    o_spec: str  # the brain playing O
    winner: str | None
    history: tuple[int, ...]
    reason: str

    @property
    def moves(self) -> int:
        return len(self.history)


def play(rules: Rules, x_spec: str, o_spec: str, opening: str, turn_ms: float, seed: int) -> Game:
    """One game from opening, x_spec playing X (who moved first) and o_spec O."""
    position, history = position_of(rules, opening)
    specs = {"X": x_spec, "O": o_spec}
    brains: dict[str, Connection] = {}
    asked = {"X": False, "O": False}
    limit = 2 * turn_ms / 1000 + SLACK_SECONDS
    mark = position.to_move
    try:
        for side, spec in specs.items():
            mark = side
            brains[side] = started(command_of(spec, seed), rules, turn_ms, "timeout_match 0",
                                   f"rule {RULE_NUMBERS[rules.rule]}", *settings_of(spec))
        while not position.is_over:
            mark = position.to_move
            brains[mark].tell(*asking(rules, history, mark, asked[mark]))
            asked[mark] = True
            cell = answered_cell(rules, brains[mark].answer(limit))
            if position.mark_at(cell) is not None:
                raise BrainFault(f"it played {rules.cell_name(cell)}, which is taken")
            if refusal := position.why_not(cell):
                raise BrainFault(refusal)
            position, history = position.play(cell), [*history, cell]
    except BrainFault as failure:
        winner = "O" if mark == "X" else "X"
        return Game(opening, x_spec, o_spec, winner, tuple(history), f"{specs[mark]} ({mark}) forfeits: {failure}")
    finally:
        for brain in brains.values():
            brain.close()
    winner = position.winner
    return Game(opening, x_spec, o_spec, winner, tuple(history), "a line" if winner else "full board")


def fits(rules: Rules, kind: str) -> bool:
    """Whether the set of openings kind is one for this board and rule."""
    try:
        openings(rules, kind)
    except ValueError:
        return False
    return True


def started(command: list[str], rules: Rules, turn_ms: float, *infos: str) -> Connection:
    """A brain's process, started on the board and told its time a turn and
    the INFO lines given (key and value); BrainFault if it does not answer
    START with OK."""
    brain = started_on(command, rules.size)
    brain.tell(f"INFO timeout_turn {int(turn_ms)}", *(f"INFO {info}" for info in infos))
    return brain


def schedule(rules: Rules, games: int, kind: str = "ladder") -> Iterator[tuple[str, str]]:
    """(opening, the side the first brain plays) for each game: every opening
    (of the set kind) with both colours, then the openings again, until games
    games."""
    played = 0
    while True:
        for opening in openings(rules, kind):
            for side in ("X", "O"):
                if played == games:
                    return
                played += 1
                yield opening, side


@dataclass
class Match:
    """The games so far between first and second, counted from first's side."""

    first: str
    second: str
    wins: int = 0
    draws: int = 0
    losses: int = 0

    def add(self, game: Game, first_played: str) -> None:
        """Count game, in which the first brain played first_played (by its
        side, not its spec: a brain may play itself)."""
        if game.winner is None:
            self.draws += 1
        elif game.winner == first_played:
            self.wins += 1
        else:
            self.losses += 1

    @property
    def tally(self) -> Tally:
        return Tally(self.wins, self.draws, self.losses)


def run(rules: Rules, first: str, second: str, games: int, turn_ms: float,
        test: tuple[float, float, float, float] | None = None, out=sys.stdout, links: bool = False,
        kind: str = "ladder") -> Match:
    """Play the match from the openings of the set kind, printing each game
    and the summary; with test (elo0, elo1, alpha, beta), stop as soon as the
    SPRT decides; with links, each game's replay link too (the path, for the
    app at any address)."""
    match = Match(first, second)
    sets = "" if kind == "ladder" else f", {kind} openings"
    print(f"\n{first} against {second} on {rules.name}, {turn_ms:g} ms a move{sets}", file=out, flush=True)
    for number, (opening, first_plays) in enumerate(schedule(rules, games, kind), 1):
        x_spec, o_spec = (first, second) if first_plays == "X" else (second, first)
        game = play(rules, x_spec, o_spec, opening, turn_ms, seed=number)
        match.add(game, first_plays)
        result = {"X": "1-0", "O": "0-1", None: "½-½"}[game.winner]
        print(f"  {number:3}  {opening:<12} {game.x_spec} (X) – {game.o_spec} (O)  {result} in {game.moves} moves"
              f"  ({game.reason})", file=out, flush=True)
        if links:
            print(f"       /replay/{rules.name}/{write_moves(rules, game.history)}", file=out, flush=True)
        if test and sprt(*match.tally, *test).verdict != "continue":
            break
    print(summary(match, test), file=out, flush=True)
    return match


def summary(match: Match, test: tuple[float, float, float, float] | None = None) -> str:
    """The match's result in a few lines: tally, score, Elo and its interval, the test's verdict."""
    tally = match.tally
    estimate = elo(*tally)
    lines = [f"  {match.first} against {match.second}: {tally.games} games, {tally.wins} wins, "
             f"{tally.draws} draws, {tally.losses} losses; score {tally.score:.3f}; "
             f"Elo {estimate.elo:+.0f} (95%: {estimate.low:+.0f} to {estimate.high:+.0f})"]
    if test:
        elo0, elo1, alpha, beta = test
        verdict = sprt(*tally, *test)
        meaning = {"H1": f"stronger by {elo1:g} Elo (H1)", "H0": f"not stronger than {elo0:g} Elo (H0)",
                   "continue": "undecided: more games needed"}[verdict.verdict]
        lines.append(f"  SPRT elo0={elo0:g} elo1={elo1:g} alpha={alpha:g} beta={beta:g}: LLR {verdict.llr:.2f} "
                     f"(bounds {verdict.lower:.2f}, {verdict.upper:.2f}): {meaning}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.ladder", description=__doc__.split("\n\n")[0])
    parser.add_argument("brains", nargs="*", help="two brains: a level (master, hard:seed=3, master:nodes=7000) "
                                                  "or a path to a pbrain program")
    parser.add_argument("--board", default="15x15", choices=list(BOARDS))
    parser.add_argument("--games", type=int, help="how many games (default: each opening with both colours)")
    parser.add_argument("--turn-ms", type=float, default=500, help="each move's time, told to the brains")
    parser.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"),
                        help="stop as soon as a sequential test decides between these differences")
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--links", action="store_true", help="print each game's replay link")
    parser.add_argument("--rule", default=FREESTYLE, choices=RULES,
                        help="freestyle, standard (exactly five) or renju (on 15x15; 7x7 has standard too)")
    parser.add_argument("--openings", choices=OPENING_SETS,
                        help="the ladder's own openings (the default in freestyle), swap2's most nearly even "
                             "(the default under the standard rule; swap1's too), pro's or long pro's (black's "
                             "second where the computer puts it), or renju's 26 (15x15; the default under renju)")
    options = parser.parse_args(argv)
    if options.openings is None:
        options.openings = DEFAULT_OPENINGS[options.rule]
    test = (*options.sprt, options.alpha, options.beta) if options.sprt else None
    if not options.brains:
        ladder = [(BOARDS[board].with_rule(options.rule), levels) for board, levels in DEFAULT_LADDER.items()
                  if options.rule in rules_offered(BOARDS[board])]
        for rules, _ in ladder:
            if not fits(rules, options.openings):
                parser.error(f"the default ladder plays {rules.name} too, which has no {options.openings} openings; "
                             "name two brains and a board")
        for rules, levels in ladder:
            for upper, lower in zip(levels, levels[1:]):
                run(rules, upper, lower, options.games or 2 * len(openings(rules, options.openings)),
                    options.turn_ms, test, links=options.links, kind=options.openings)
        return
    if len(options.brains) != 2:
        parser.error("name two brains, or none for the default ladder")
    try:
        rules = under_rule(BOARDS[options.board], options.rule)
    except ValueError as error:
        parser.error(str(error))
    try:
        chosen = openings(rules, options.openings)
    except ValueError as error:
        parser.error(str(error))
    for spec in options.brains:
        try:
            command_of(spec, 0)
        except ValueError as error:
            parser.error(str(error))
    games = options.games or (2 * len(chosen) * (10 if test else 1))
    run(rules, *options.brains, games, options.turn_ms, test, links=options.links, kind=options.openings)


if __name__ == "__main__":
    main()
