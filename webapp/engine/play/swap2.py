"""Swap2, the opening rule of gomoku's world championships since 2009, and
the computer's choices in it.

Freestyle and standard gomoku give the first player the better game, so
under swap2 the first player (the opener) does not choose a colour: the
opener puts down three stones, black, white, black; the other player then
either takes black, takes white, or puts down two more, a white and a
black, and hands the choice of colour back to the opener. Whoever ends up
with white moves next. The opener's interest is an opening so even that
either colour is as good, which is what the computer aims at when it
places stones; when it chooses, it takes the colour its search prefers.

The choices are words: "black", "white", and (the second player's first
choice only) "two". Everything here is a pure function of its arguments:
master's search by a count of positions, so that a choice is the same on
any machine.
"""

from __future__ import annotations

import random
from functools import cache

from webapp.engine.game import opening_rules
from webapp.engine.game.opening_rules import BLACK as BLACK  # swap2's words, which its callers read here
from webapp.engine.game.opening_rules import NO_OPENING as NO_OPENING
from webapp.engine.game.opening_rules import SWAP2, TABLES, Choose, Place
from webapp.engine.game.opening_rules import TWO as TWO
from webapp.engine.game.opening_rules import WHITE as WHITE
from webapp.engine.game.position import Position
from webapp.engine.game.rules import RENJU, Rules, transform
from webapp.engine.game.values import WIN
from webapp.engine.play.evaluate import evaluator
from webapp.engine.play.search import ThoughtKind, think

PLACE_THREE, CHOOSE, PLACE_TWO, CHOOSE_AGAIN = (step.name for step in TABLES[SWAP2])
"""swap2's steps, in order (PLACE_TWO and CHOOSE_AGAIN only after a choice of TWO): its table's (opening_rules)."""
FIRST_CHOICES, LAST_CHOICES = (step.options for step in TABLES[SWAP2] if isinstance(step, Choose))
"""The second player's choice after the opener's three stones; the opener's after the second player's two more."""
OPENING_STONES, MORE_STONES = (step.count for step in TABLES[SWAP2] if isinstance(step, Place))
EVEN = 400
"""How near even (in the evaluation's units: shapes.UNIT is one unit of
log-odds, 400 about 60 games in 100) a position must be for the second
player to place two more rather than take the better colour."""
CHOICE_NODES = 3000
"""The positions master's search examines to choose a colour."""
OPENINGS_KEPT = 4
"""The computer's opening is one of the openings this many most nearly even, at random."""


WRITTEN = {written: choices for written, (rule, choices) in opening_rules.WRITTEN.items() if rule == SWAP2}
"""How a link or a record writes a game's swap2 opening (its `opening`, SGF's
ON): "swap2" where the opener's three stones were answered with a colour,
"swap2-two" where the other player put down two more; and the choices that
say as much. Who then took which colour belongs to the players, whom a link
does not name. Every rule's are opening_rules.WRITTEN."""


def offered(rules: Rules) -> bool:
    """Whether swap2 is played on this board under its rule: gomoku's boards,
    freestyle or standard (renju begins at the centre instead)."""
    return rules.k == 5 and rules.rule != RENJU


def opening(rules: Rules, rng: random.Random | None = None) -> tuple[int, int, int]:
    """The opener's three stones (black, white, black): one of the
    OPENINGS_KEPT most nearly even placements (the first without rng)."""
    kept = balanced_openings(rules)[:OPENINGS_KEPT]
    return kept[0] if rng is None else rng.choice(kept)


@cache
def balanced_openings(rules: Rules) -> tuple[tuple[int, int, int], ...]:
    """Every placement of swap2's three stones (black in the middle, white
    and black's second stone within two squares of it), one of each kind the
    board's symmetries make alike, the most nearly even for white to move
    first by the evaluation: what an opener who wants either colour to be
    as good would choose from. Worked out once a board (some 300
    evaluations): the computer opens from it each game, the ladder each round."""
    middle = rules.centre
    near = _within_two(rules, middle)
    ranked = []
    seen: set[tuple[int, int]] = set()
    for white in near:
        for black in near:
            if black == white:
                continue
            position = Position(rules, 1 << middle | 1 << black, 1 << white)
            key = min((transform(position.x, image), transform(position.o, image)) for image in rules.symmetries)
            if key in seen:
                continue
            seen.add(key)
            ranked.append((abs(_evaluation(position)), white, black))
    ranked.sort()
    return tuple((middle, white, black) for _, white, black in ranked)


def choice(position: Position, may_place_two: bool) -> str:
    """The colour to play from this position (white to move: after three
    stones or five), by master's search: white if it finds white better off,
    else black; or, where may_place_two and the position is within EVEN of
    even, two more stones, to hand the choice back."""
    value = search_value(position)
    if may_place_two and abs(value) < EVEN:
        return TWO
    return WHITE if value >= 0 else BLACK


def two_more(position: Position) -> tuple[int, int]:
    """The second player's two more stones (a white, then a black), among
    the few best-looking for each, that leave the evaluation most nearly
    even for white to move: the opener then has a hard choice."""
    evaluation = evaluator(position.rules)
    best = None
    for white in evaluation.moves(evaluation.node(position))[:6]:
        after = position.play(white)
        for black in evaluation.moves(evaluation.node(after))[:6]:
            placed = after.play(black)
            if placed.winner or placed.winning_cells("X") or placed.winning_cells("O"):
                continue
            value = abs(_evaluation(placed))
            if best is None or value < best[0]:
                best = (value, white, black)
    if best is None:  # every pair leaves a line to complete: the first legal pair, as a last resort
        white = position.legal_moves()[0]
        return white, position.play(white).legal_moves()[0]
    return best[1], best[2]


def search_value(position: Position, nodes: int = CHOICE_NODES) -> int:
    """master's value of the position for the side to move, by a count of positions (nodes)."""
    thought = think(position, budget_ms=600_000, max_nodes=nodes)
    return {ThoughtKind.WIN: WIN, ThoughtKind.FORCED_WIN: WIN, ThoughtKind.LOST: -WIN}.get(thought.kind, thought.score)


def _evaluation(position: Position) -> int:
    """The static evaluation for the side to move."""
    return evaluator(position.rules).node(position).score


def _within_two(rules: Rules, cell: int) -> list[int]:
    row, column = divmod(cell, rules.size)
    return [(row + down) * rules.size + column + across for down in range(-2, 3) for across in range(-2, 3)
            if (down, across) != (0, 0)]
