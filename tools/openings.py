"""The ladder's openings: the first stones of each game, fixed so that two
runs play the same games, and each played with both colours so that
neither brain gets the better side of one.

On 15×15: two or three stones around the middle (black at h8, white next
to it or a knight's move away, sometimes black's second stone), none a
known win in freestyle at this level of play, chosen by hand. On the
smaller boards: X's first move, one from each group the board's
symmetries make alike (a corner stands for all four corners).

A second set for freestyle and standard gomoku (`--openings swap2`, the
default under the standard rule): the SWAP2_OPENINGS placements of swap2's
three stones (black, white, black round the middle) that the evaluation
finds most nearly even, as an opener under swap2 aims to leave them.

Sets for pro and long pro (`--openings pro`, `--openings long-pro`, freestyle
or standard, where the board has room for the zone): black at the centre,
white's first at each of PRO_WHITES (beside it, diagonally, a knight's move
and two away), black's second where the computer puts it under the rule
(engine/play/opening_play.py: master's choice in the zone). Swap1's opener puts
down the same three stones as swap2's, and the ladder plays each opening
with both colours, so swap1 is the swap2 set.

A third, larger set on 15×15 (`--openings renju`): the 26 openings renju
players name (Kagetsu, Ukigetsu, …), black's two stones and white's one.
Each gives black the better game, and so the side that moves next (white)
a hard defence; played with both colours they are even all the same, and
twice as many games tell smaller differences apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from webapp.engine import Opening, Position, Rules
from webapp.engine.game.opening_rules import LONG_PRO, PRO
from webapp.engine.play import opening_play, swap2

FIFTEEN = (
    "h8 i8", "h8 i9", "h8 j8", "h8 j9", "h8 j10",
    "h8 i8 g9", "h8 i8 i9", "h8 i9 g9", "h8 i9 j8", "h8 j8 i9", "h8 j9 g7", "h8 j10 i9",
)


OPENING_SETS = ("ladder", "swap2", PRO, LONG_PRO, "renju")
"""The sets of openings: the ladder's own (every board), swap2's (where swap2
is played; swap1's too), pro's and long pro's (where they are played), and
renju's (15×15 only)."""
PRO_WHITES = ((0, 1), (1, 1), (0, 2), (1, 2), (2, 2), (-1, 2))
"""White's first stone in the pro sets: (up, right) of black's centre stone."""
SWAP2_OPENINGS = 12
"""How many of swap2's most nearly even placements the swap2 set plays."""


def renju_openings(rules: Rules) -> tuple[str, ...]:
    """The 26 named openings of renju: black in the middle; white beside it
    (direct, h9) or diagonally (indirect, i9); black's second stone on any
    other square within two of the middle, one for each pair of squares that
    the mirror keeping the first two stones in place makes alike."""
    middle = rules.centre
    found = []
    for white in (middle - rules.size, middle - rules.size + 1):  # h9 and i9, on the row above h8
        mirrors = [image for image in rules.symmetries if image[middle] == middle and image[white] == white]
        near = [middle + row * rules.size + column for row in range(-2, 3) for column in range(-2, 3)]
        for third in one_of_each([cell for cell in near if cell not in (middle, white)], mirrors):
            found.append(" ".join(rules.cell_name(cell) for cell in (middle, white, third)))
    return tuple(found)


def swap2_openings(rules: Rules) -> tuple[str, ...]:
    """The SWAP2_OPENINGS most nearly even placements of swap2's three
    stones, as swap2's opener chooses from them (engine/play/swap2.py)."""
    return tuple(" ".join(rules.cell_name(cell) for cell in stones)
                 for stones in swap2.balanced_openings(rules)[:SWAP2_OPENINGS])


def pro_openings(rules: Rules, rule: str) -> tuple[str, ...]:
    """Pro's (or long pro's) three stones: black at the centre, white at each
    of PRO_WHITES, black's second where the computer puts it (master's
    choice among the zone's squares nearest the stones)."""
    zone = Opening(rule).now(2).zone
    found = []
    for up, right in PRO_WHITES:
        stones = (rules.centre, rules.centre - up * rules.size + right)
        third = opening_play.best_in_zone(Position.after(rules, stones), zone)
        found.append(" ".join(rules.cell_name(cell) for cell in (*stones, third)))
    return tuple(found)


def first_moves(rules: Rules) -> tuple[str, ...]:
    """X's first move, one for each group of squares the symmetries make alike."""
    return tuple(rules.cell_name(cell) for cell in one_of_each(range(rules.cells), rules.symmetries))


def one_of_each(cells: Iterable[int], images: Sequence[tuple[int, ...]]) -> list[int]:
    """The cells in order, less each that one of the images (symmetries, as
    permutations) makes alike a cell before it."""
    seen: set[int] = set()
    found = []
    for cell in cells:
        if cell not in seen:
            found.append(cell)
            seen.update(image[cell] for image in images)
    return found


def openings(rules: Rules, kind: str = "ladder") -> tuple[str, ...]:
    """The openings of a board (of the set named kind, see OPENING_SETS),
    each its moves in the board's notation, space-separated."""
    if kind == "renju":
        if rules.board_name != "15x15":
            raise ValueError("renju's openings are for the 15x15 board")
        return renju_openings(rules)
    if kind == "swap2":
        if not swap2.offered(rules):
            raise ValueError("swap2's openings are for five in a row, freestyle or standard")
        return swap2_openings(rules)
    if kind in (PRO, LONG_PRO):
        if not Opening(kind).offered_on(rules):
            raise ValueError(f"{kind}'s openings are for five in a row, freestyle or standard, with room for its zone")
        return pro_openings(rules, kind)
    return FIFTEEN if rules.board_name == "15x15" else first_moves(rules)


def position_of(rules: Rules, opening: str) -> tuple[Position, list[int]]:
    """The position an opening leaves, and its cells in the order played."""
    cells = [rules.parse_cell_name(name) for name in opening.split()]
    position = Position(rules)
    for cell in cells:
        position = position.play(cell)
    return position, cells
