"""`make opening-games`: two levels play each other under renju's opening
rules (RIF, Soosõrv-8, Taraguchi-10), the computer taking every step of
the opening for both, as the web game does between two computers.

The Gomocup protocol has no command for a swap, a declaration or fifth
moves offered (docs/brain.md), so `make ladder` cannot play these rules:
these games are played in this process, through the play feature's Game,
each step taken by the level whose turn it is. The levels take turns as the
opener (the first player); a swap exchanges their seats, so a result is
counted for the level that held the winning colour at the end. Every
black move is put to the renju judge (the Gomocup manager's, as the
`renju` package ports it): a game with a move it forbids is reported, not
counted. master thinks within --turn-ms a move, so the games depend on the
machine's speed; its opening steps are searched within counts of positions.

    python -m tools.opening_games master hard --games 12 --turn-ms 200
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from typing import NamedTuple

from harness.renju_referee import judge
from tools.parallel import mapping
from webapp.engine import BOARDS, Opening, Position, levels_of
from webapp.engine.game.opening_rules import RENJU_RULES
from webapp.play.computer import Computer
from webapp.play.game import Game

RULES = BOARDS["15x15"].with_rule("renju")
SEED = 2026


class Played(NamedTuple):
    """One game: the rule, the first player's level and the second's, the
    winning colour (None: a draw), whether the first player won (by the
    seats at the end: a swap exchanges them), its moves, and any foul the judge found."""

    rule: str
    opener: str
    second: str
    colour: str | None
    opener_won: bool | None
    moves: tuple[int, ...]
    foul: str | None

    @property
    def winner(self) -> str | None:
        """The winner's level; None for a draw."""
        return None if self.opener_won is None else self.opener if self.opener_won else self.second


def play_one(rule: str, opener: str, second: str, seed: int, turn_ms: float) -> Played:
    """One game under rule, opener the first player, each level taking its own steps."""
    computer = Computer(rng=random.Random(seed), budget_ms=turn_ms)
    game = Game.start(opener, second, computer, rules=RULES, opening=Opening(rule))
    while not game.is_over:
        game = game.step(game.ply, computer)
    colour = game.position.winner
    opener_colour = "O" if game.opening.opener_has_white else "X"
    return Played(rule, opener, second, colour, None if colour is None else colour == opener_colour, game.moves,
                  foul_in(game.moves))


def foul_in(moves: tuple[int, ...]) -> str | None:
    """The first black move the renju judge forbids, in words; None if there is none."""
    position = Position(RULES)
    for index, cell in enumerate(moves):
        if position.to_move == "X" and index and (why := judge(position).get(cell)):
            return f"black's move {index + 1}, {RULES.cell_name(cell)}, is forbidden ({why})"
        position = position.play(cell)
    return None


def opening_games(first: str, second: str, rules: tuple[str, ...], games: int, turn_ms: float,
                  workers: int = 2, seed: int = SEED) -> list[Played]:
    """games games a rule, the levels taking turns as the opener, over `workers` processes."""
    jobs = [(rule, *((first, second) if game % 2 == 0 else (second, first)), seed + game)
            for rule in rules for game in range(games)]
    with mapping(workers) as mapped:
        return list(mapped(play_one, *zip(*jobs), [turn_ms] * len(jobs)))


def table(first: str, second: str, played: list[Played]) -> list[str]:
    """Each rule's line: first's wins, draws and losses against second (the
    first and the second player's, when a level plays itself), black's
    wins, and the games with a foul (not counted)."""
    mirror = first == second
    names = ("the first player", "the second player") if mirror else (first, second)
    lines = [f"| rule | games | {names[0]} wins | draws | {names[1]} wins | black wins | fouls | mean length |",
             "|---|---|---|---|---|---|---|---|"]
    for rule in dict.fromkeys(game.rule for game in played):
        fair = [game for game in played if game.rule == rule and game.foul is None]
        wins = Counter(game.opener_won if mirror else game.winner for game in fair)
        firsts, seconds = (wins[True], wins[False]) if mirror else (wins[first], wins[second])
        length = sum(len(game.moves) for game in fair) / max(1, len(fair))
        fouls = sum(game.rule == rule and game.foul is not None for game in played)
        lines.append(f"| {Opening(rule).name} | {len(fair)} | {firsts} | {wins[None]} | {seconds} | "
                     f"{sum(game.colour == 'X' for game in fair)} | {fouls} | {length:.0f} |")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    levels = levels_of(RULES)
    parser.add_argument("first", nargs="?", default="master", choices=levels)
    parser.add_argument("second", nargs="?", default="hard", choices=levels)
    parser.add_argument("--rules", nargs="+", default=list(RENJU_RULES), choices=RENJU_RULES)
    parser.add_argument("--games", type=int, default=12, help="games a rule, the levels taking turns as the opener")
    parser.add_argument("--turn-ms", type=float, default=200)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    played = opening_games(args.first, args.second, tuple(args.rules), args.games, args.turn_ms, args.workers)
    for game in played:
        if game.foul:
            print(f"{game.rule}, {game.opener} opening: {game.foul}", file=sys.stderr)
    print("\n".join(table(args.first, args.second, played)))
    print(f"{len(played)} games in {time.perf_counter() - start:.0f} s, {args.turn_ms:g} ms a move")


if __name__ == "__main__":
    main()
