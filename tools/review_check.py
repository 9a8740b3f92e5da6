"""Does a review find the move that lost a game? Measured against a
stronger brain, on lost games from the ladder.

For each lost game, a judge (a brain that reports its evaluation as Rapfi
does; tools/second_opinion.py) names the decisive move: the loser's first
move after which it proves a win for the other side, where before it
proved none. The review (webapp.review: every move appraised by the engine,
here in this process's own workers rather than the app's queue) is then
asked two things about the loser's moves:

- found: does it flag the decisive move, or one of the loser's three moves
  before it, as an error (Mistake, Blunder or Missed win)?
- kept: does it call the decisive move Best or Good?

The review's moves are appraised by master, as the app's default, or with
--review-engine by an external engine, as the app's REVIEW_ENGINE does
(brains.external.judged_by), with its own settings (--review-settings).

    python -m tools.review_check /path/to/pbrain-rapfi --info "MAX_NODE 200000" --turn-ms 60000
    python -m tools.review_check /path/to/pbrain-rapfi --info "MAX_NODE 200000" \
        --review-engine /path/to/pbrain-rapfi --review-settings "max_node=20000"

The games are tools/lost_games.txt's (a line a game: the board, the moves
as a replay link writes them, the loser's side and the opening's stones), unless --games names
another file. The judge's generous turn leaves its count of positions as its
only limit, so its opinions are the same on any machine; the review's
appraisals are counts too. So the figures are the same on every run.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TextIO

from tools.parallel import mapping
from tools.second_opinion import Judge, verdicts
from webapp.brains.external import Brain, configured, judged_by, stop_all
from webapp.engine import BOARDS, Appraisal, Position, Rules, appraise
from webapp.review.judgement import ERRORS, KEPT, Judgement
from webapp.review.review import judgements
from webapp.shared.errors import InvalidInput
from webapp.shared.game_link import parse_moves

GAMES = Path(__file__).with_name("lost_games.txt")
BEFORE = 3
"""How many of the loser's moves before the decisive one a flag may fall on and still count as found."""


@dataclass(frozen=True)
class LostGame:
    """A game one side lost, as lost_games.txt writes it."""

    rules: Rules
    moves: tuple[int, ...]
    loser: str
    opening: int  # the opening's stones, which were nobody's choice

    @property
    def loser_plies(self) -> list[int]:
        """The plies (from 1) of the loser's own moves, past the opening."""
        return [ply for ply in range(1 if self.loser == "X" else 2, len(self.moves) + 1, 2) if ply > self.opening]


def read_games(text: str) -> list[LostGame]:
    """The games of a file: `board moves loser opening` a line (the loser X
    or O, opening the number of stones the game started from); # begins a comment."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.partition("#")[0].strip()
        if not line:
            continue
        try:
            board, notation, loser, opening = line.split()
            rules = BOARDS[board]
            moves = parse_moves(rules, notation.rpartition("/")[2])
            stones = int(opening)
        except (ValueError, KeyError, InvalidInput) as error:
            raise ValueError(f"line {number}: “{line}” is not `board moves loser opening` ({error})") from None
        if loser not in ("X", "O"):
            raise ValueError(f"line {number}: the loser is X or O, not “{loser}”")
        found.append(LostGame(rules, moves, loser, stones))
    return found


class InProcess:
    """The review's Appraiser (webapp.review.review), appraising each move here and now."""

    def __init__(self, appraiser: Callable[[Rules, tuple[int, ...]], Appraisal]):
        self.appraiser = appraiser

    def appraisals(self, rules: Rules, moves: tuple[int, ...], queue: bool = True, start: int = 0,
                   permit: Callable[[], bool] | None = None) -> list[Appraisal | None]:
        return [self.appraiser(rules, moves[:step]) for step in range(start + 1, len(moves) + 1)]

    def appraisal(self, rules: Rules, moves: tuple[int, ...]) -> Appraisal:
        return self.appraiser(rules, moves)

    def judge_name(self, rules: Rules) -> str:
        return "master"


def appraisal_of(rules: Rules, moves: tuple[int, ...]) -> Appraisal:
    """The workers' job: the engine's appraisal of the last of moves."""
    return appraise(Position.after(rules, moves[:-1]), moves[-1])


def reviewed(game: LostGame, engine: Brain | None = None) -> tuple[Judgement | None, ...]:
    """Every move of game judged, as the review page judges it (one process),
    by master or by the external engine given."""
    appraiser = appraisal_of if engine is None else partial(judged_by, engine)
    return judgements(game.rules, game.moves, InProcess(appraiser))


@dataclass(frozen=True)
class Finding:
    """One game: where the judge says it was lost, and what the review said of the loser's moves."""

    game: LostGame
    decisive: int | None                # the ply of the decisive move, None if the judge proved no loss
    words: dict[int, str | None]        # the review's word for each of the loser's plies

    @property
    def flagged(self) -> list[int]:
        return [ply for ply, word in self.words.items() if word in ERRORS]

    @property
    def found(self) -> bool:
        """The review flags the decisive move or one of the loser's BEFORE moves before it."""
        if self.decisive is None:
            return False
        window = range(self.decisive - 2 * BEFORE, self.decisive + 1)
        return any(ply in window for ply in self.flagged)

    @property
    def kept(self) -> bool:
        """The review calls the decisive move Best or Good."""
        return self.decisive is not None and self.words.get(self.decisive) in KEPT


def decisive_ply(judge: Judge, game: LostGame) -> int | None:
    """The loser's first move after which the judge proves the other side wins."""
    lost = [verdict.ply for verdict in verdicts(judge, game.moves, game.loser)
            if verdict.lost_here and verdict.ply > game.opening]
    return lost[0] if lost else None


def report(findings: Sequence[Finding], out: TextIO) -> None:
    """A line a game, then the two counts."""
    for number, finding in enumerate(findings, 1):
        game, rules = finding.game, finding.game.rules
        decisive = "never proven lost" if finding.decisive is None else (
            f"decisive: ply {finding.decisive} {rules.cell_name(game.moves[finding.decisive - 1])}, "
            f"called {finding.words.get(finding.decisive) or 'nothing'}")
        flags = ", ".join(f"{ply} {finding.words[ply]}" for ply in finding.flagged) or "none"
        print(f"  {number:2}  {game.loser} lost in {len(game.moves)} moves; {decisive}; flagged: {flags}"
              f"{'  FOUND' if finding.found else ''}", file=out)
    total = len(findings)
    print(f"  found the decisive move (or one of the loser's {BEFORE} before it) in "
          f"{sum(finding.found for finding in findings)} of {total}; "
          f"called it Best or Good in {sum(finding.kept for finding in findings)} of {total}", file=out, flush=True)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> list[Finding]:
    parser = argparse.ArgumentParser(prog="python -m tools.review_check", description=__doc__.split("\n\n")[0])
    parser.add_argument("judge", help="the path of a brain that reports `MESSAGE … Eval <score>` (Rapfi)")
    parser.add_argument("--games", type=Path, default=GAMES, help="the lost games, `board moves loser opening` a line")
    parser.add_argument("--turn-ms", type=float, default=60_000, help="the judge's time a position")
    parser.add_argument("--info", action="append", default=[],
                        help="an INFO line for the judge, e.g. 'MAX_NODE 200000'")
    parser.add_argument("--workers", type=int, default=None,
                        help="processes that review the games (default: one a core)")
    parser.add_argument("--review-engine", help="the path of a brain that appraises the review's moves, "
                                                "as REVIEW_ENGINE does (default: master)")
    parser.add_argument("--review-settings", default="",
                        help="its settings, as ENGINE_BRAIN_<NAME> gives them: 'max_node=20000 thread_num=1'")
    options = parser.parse_args(argv)
    out = out or sys.stdout
    try:
        games = read_games(options.games.read_text())
        engine = None if options.review_engine is None else configured(
            f"review={options.review_engine}",
            {"review": options.review_settings} if options.review_settings else {})[0]
    except (OSError, ValueError) as error:
        parser.error(str(error))
    decisive = []
    for game in games:
        judge = Judge(game.rules, [options.judge], options.turn_ms, options.info)
        try:
            decisive.append(decisive_ply(judge, game))
        finally:
            judge.close()
    by = f"by {options.review_engine} ({options.review_settings or 'its defaults'})" if engine else "by master"
    print(f"{len(games)} lost games, judged by {options.judge}; each reviewed {by}", file=out, flush=True)
    try:
        with mapping(options.workers) as map_over:
            reviews = list(map_over(partial(reviewed, engine=engine), games))
    finally:
        stop_all()  # the reviewing engine's process, where the reviews ran in this one
    findings = [Finding(game, decisive_at, {ply: review[ply - 1] and review[ply - 1].word for ply in game.loser_plies})
                for game, decisive_at, review in zip(games, decisive, reviews)]
    report(findings, out)
    return findings


if __name__ == "__main__":
    main()
