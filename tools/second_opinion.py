"""A second opinion on a game: where a stronger brain says it was lost.

A judge (any brain that speaks the protocol and reports its evaluation as
Rapfi does, in a line `MESSAGE … Eval <score>`: a number for the side to
move, or +M<n> / -M<n> for a win or loss it has proven n moves of both
sides away) is shown the position before each of one side's moves, and the
position after it. A move after which the judge proves a win for the other
side, where before it proved none, is where the game was lost; a move after
which a win the judge had proven for the mover is gone let that win go.

    python -m tools.second_opinion /opt/pbrain-rapfi h8-i8-i9-j10-h10 --side O --turn-ms 60000 --info "MAX_NODE 200000"

The game is written as a replay link writes it (the `/replay/15x15/` in
front may stay); `--info` lines are passed to the judge as `INFO …`, here
Rapfi's limit of positions a move, which with a generous turn is its only
limit, so that its opinion is the same on any machine, however busy.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from tools.ladder import started
from webapp.brains.external import answered_cell
from webapp.brains.gomocup import Evaluation, asking, evaluation_of
from webapp.engine import BOARDS, Position, Rules
from webapp.shared.errors import InvalidInput
from webapp.shared.game_link import parse_moves


@dataclass(frozen=True)
class Verdict:
    """What the judge said of one move: ply counts from 1, before and after are for the mover."""

    ply: int
    move: int
    judges_move: int
    before: Evaluation | None
    after: Evaluation | None  # None when the move ended the game, or the judge gave no evaluation (a win in one)

    @property
    def lost_here(self) -> bool:
        return bool(self.after and self.after.proven < 0 and not (self.before and self.before.proven < 0))

    @property
    def win_let_go(self) -> bool:
        return bool(self.before and self.before.proven > 0 and self.after and self.after.proven <= 0)


class Judge:
    """A judge brain, asked about one position at a time."""

    def __init__(self, rules: Rules, command: list[str], turn_ms: float, infos: Sequence[str]):
        self.rules, self.limit = rules, 2 * turn_ms / 1000 + 10
        self.process = started(command, rules, turn_ms, "rule 0", *infos)

    def ask(self, moves: Sequence[int]) -> tuple[Evaluation | None, int]:
        """The judge's evaluation of the position after moves, and the move it would play there."""
        mark = "X" if len(moves) % 2 == 0 else "O"
        self.process.messages.clear()
        self.process.tell(*asking(self.rules, list(moves), mark, asked_before=False))
        move = answered_cell(self.rules, self.process.answer(self.limit))
        return evaluation_of(self.process.messages), move

    def close(self) -> None:
        self.process.close()


def verdicts(judge: Judge, moves: Sequence[int], side: str) -> list[Verdict]:
    """The judge's view of each of side's moves in the game."""
    found = []
    for ply in range(0 if side == "X" else 1, len(moves), 2):
        before, judges_move = judge.ask(moves[:ply])
        ended = ply + 1 == len(moves) and Position.after(judge.rules, tuple(moves)).is_over
        after = None if ended else judge.ask(moves[:ply + 1])[0]
        found.append(Verdict(ply + 1, moves[ply], judges_move, before, after and after.turned()))
    return found


def report(rules: Rules, found: Sequence[Verdict], out: TextIO | None = None) -> None:
    """A line a move, then where the game was lost and how many wins were let go."""
    out = out or sys.stdout
    for verdict in found:
        note = "lost here" if verdict.lost_here else "a win let go" if verdict.win_let_go else ""
        before, after = (opinion.written if opinion else "–" for opinion in (verdict.before, verdict.after))
        print(f"  {verdict.ply:3}  {rules.cell_name(verdict.move):<4} judge: {rules.cell_name(verdict.judges_move):<4}"
              f" before {before:>6}  after {after:>6}  {note}".rstrip(), file=out)
    lost = [verdict.ply for verdict in found if verdict.lost_here]
    let_go = sum(verdict.win_let_go for verdict in found)
    print(f"  lost at ply {lost[0]}" if lost else "  never proven lost", end="", file=out)
    print(f"; wins let go: {let_go}", file=out)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.second_opinion", description=__doc__.split("\n\n")[0])
    parser.add_argument("judge", help="the path of a brain that reports `MESSAGE … Eval <score>`")
    parser.add_argument("game", help="the moves, as a replay link writes them")
    parser.add_argument("--side", choices=("X", "O"), required=True, help="whose moves to judge")
    parser.add_argument("--board", default="15x15", choices=[name for name in BOARDS if name != "3x3"])
    parser.add_argument("--turn-ms", type=float, default=1000, help="the judge's time a position")
    parser.add_argument("--info", action="append", default=[],
                        help="an INFO line for the judge, e.g. 'MAX_NODE 200000'")
    options = parser.parse_args(argv)
    rules = BOARDS[options.board]
    try:
        moves = parse_moves(rules, options.game.rpartition("/")[2])
    except InvalidInput as error:
        parser.error(str(error))
    judge = Judge(rules, [options.judge], options.turn_ms, options.info)
    try:
        report(rules, verdicts(judge, moves, options.side))
    finally:
        judge.close()


if __name__ == "__main__":
    main()
