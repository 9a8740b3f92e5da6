"""The opening rules clubs play on gomoku's boards, as tables of steps: one
machine (opening.Opening) walks any of them. A step is a placement (whose,
how many stones, each in its zone) or a choice (whose, among which words);
the stones' colours alternate from black, as every rule here puts them down.

The rules, as their published texts give them (renju.net, the Gomocup and
playok's rule pages):
- swap1: the opener puts down three stones anywhere (black, white, black);
  the other player chooses a colour, and white moves next.
- swap2 (gomoku's world championships since 2009): as swap1, but the other
  player may instead put down two more (white, black) and hand the choice of
  colour back to the opener.
- pro: black's first stone at the centre, white's first anywhere, black's
  second at least three intersections from the centre (two empty between:
  outside the central 5×5); then the game goes on in turn.
- long pro: the same, with black's second at least four from the centre
  (outside the central 7×7).

A colour choice settles the colours; TWO goes on to the next steps. The
opener (the player who begins, as black) and the second player are the
steps' actors: a choice that gives the opener white exchanges the seats.
"""

from __future__ import annotations

from dataclasses import dataclass

from webapp.engine.rules import RENJU, Rules

OPENER, SECOND = "opener", "second"
"""Who takes a step: the player who began (as black), or the other."""
BLACK, WHITE, TWO = "black", "white", "two"
COLOURS = (BLACK, WHITE)
"""The choices that settle the colours; TWO (two more stones) goes on."""

EVEN_THREE, EVEN_TWO, BEST_IN_ZONE, OWN_MOVE = "even three", "even two", "best in zone", "own move"
"""How the computer puts down a step's stones (opening_play.py): the most
nearly even three (swap's opener), two more that leave it most nearly even
(swap2's second player), the stone the evaluation likes best for its side
within the zone, or the level's own move (a stone with no zone)."""


@dataclass(frozen=True)
class Zone:
    """Where a stone may go: a ring of distances from the centre, counted in
    intersections along a row, a column or a diagonal (the Chebyshev
    distance: distance 2 is the edge of the central 5×5)."""

    nearest: int = 0
    farthest: int | None = None  # None: to the board's edge

    def allows(self, rules: Rules, cell: int) -> bool:
        distance = from_centre(rules, cell)
        return distance >= self.nearest and (self.farthest is None or distance <= self.farthest)

    @property
    def anywhere(self) -> bool:
        return self == ANYWHERE

    @property
    def words(self) -> str:
        """The zone in the words of the rules' texts: "at the centre", "at least 3 intersections from the centre"."""
        if self.farthest == 0:
            return "at the centre"
        if self.farthest is None:
            if not self.nearest:
                return "anywhere"
            side = 2 * self.nearest - 1
            return f"at least {self.nearest} intersections from the centre (outside the central {side}×{side})"
        side = 2 * self.farthest + 1
        return f"within the central {side}×{side}"

    def fits_on(self, rules: Rules) -> bool:
        """Whether the board has a square in this zone."""
        return self.nearest <= rules.size // 2


ANYWHERE, CENTRE = Zone(), Zone(0, 0)


def from_centre(rules: Rules, cell: int) -> int:
    """How many intersections cell is from the centre, along a line (Chebyshev)."""
    (row, column), (middle, _) = divmod(cell, rules.size), divmod(rules.centre, rules.size)
    return max(abs(row - middle), abs(column - middle))


@dataclass(frozen=True)
class Place:
    """A player's stones: one a zone, in order, colours alternating from the ply they start at."""

    name: str
    by: str
    zones: tuple[Zone, ...]
    plan: str  # how the computer puts them down (EVEN_THREE, EVEN_TWO, BEST_IN_ZONE, OWN_MOVE)

    @property
    def count(self) -> int:
        return len(self.zones)


@dataclass(frozen=True)
class Choose:
    """A player's choice among options: a colour settles the colours, TWO goes on."""

    name: str
    by: str
    options: tuple[str, ...]


Step = Place | Choose

SWAP1, SWAP2, PRO, LONG_PRO = "swap1", "swap2", "pro", "long-pro"
NO_OPENING = "none"
_THREE = Place("place three", OPENER, (ANYWHERE,) * 3, EVEN_THREE)
_CHOOSE_COLOUR = Choose("choose", SECOND, COLOURS)


def _pro(distance: int) -> tuple[Step, ...]:
    return (Place("black's first", OPENER, (CENTRE,), BEST_IN_ZONE),
            Place("white's first", SECOND, (ANYWHERE,), OWN_MOVE),
            Place("black's second", OPENER, (Zone(distance),), BEST_IN_ZONE))


TABLES: dict[str, tuple[Step, ...]] = {
    NO_OPENING: (),
    SWAP1: (_THREE, _CHOOSE_COLOUR),
    SWAP2: (_THREE, Choose("choose", SECOND, (BLACK, WHITE, TWO)),
            Place("place two", SECOND, (ANYWHERE,) * 2, EVEN_TWO), Choose("choose again", OPENER, COLOURS)),
    PRO: _pro(3),
    LONG_PRO: _pro(4),
}
"""Each rule's steps, in order (after a colour choice, none)."""
OPENINGS = tuple(TABLES)
NAMES = {NO_OPENING: "None", SWAP1: "Swap1", SWAP2: "Swap2", PRO: "Pro", LONG_PRO: "Long pro"}
"""Each rule as a page names it."""


def offered(rule: str, rules: Rules) -> bool:
    """Whether the rule opens a game on this board: no rule opens any board;
    the others open five in a row under freestyle or standard (renju's
    rules are its own), where the board has room for every zone (long pro's
    four intersections need 15×15)."""
    if rule == NO_OPENING:
        return True
    if rule not in TABLES or rules.k != 5 or rules.rule == RENJU:
        return False
    return all(zone.fits_on(rules) for step in TABLES[rule] if isinstance(step, Place) for zone in step.zones)


@dataclass(frozen=True)
class Now:
    """Where an opening stands: its step, and the stones of it already down (a placement's)."""

    step: Step
    done: int = 0

    @property
    def zone(self) -> Zone | None:
        """The zone of the next stone, at a placement."""
        return self.step.zones[self.done] if isinstance(self.step, Place) else None


def walk(rule: str, ply: int, choices: tuple[str, ...]) -> Now | None:
    """Where an opening of ply stones and these choices stands; None once it is over."""
    stones, made = 0, iter(choices)
    for step in TABLES[rule]:
        if isinstance(step, Place):
            if ply < stones + step.count:
                return Now(step, ply - stones)
            stones += step.count
            continue
        choice = next(made, None)
        if choice is None:
            return Now(step)
        if choice in COLOURS:
            return None
    return None


def reached(rule: str, choices: tuple[str, ...]) -> tuple[tuple[Step, int], ...]:
    """The placements these choices lead through, each with the ply it starts at."""
    stones, made, steps = 0, iter(choices), []
    for step in TABLES[rule]:
        if isinstance(step, Place):
            steps.append((step, stones))
            stones += step.count
            continue
        choice = next(made, None)
        if choice is None or choice in COLOURS:
            break
    return tuple(steps)


def fits(rule: str, ply: int, choices: tuple[str, ...]) -> bool:
    """Whether choices are ones a game of ply stones under rule can have come
    with: each choice among its step's, made once its stones were down, none
    past a colour or past the table's end."""
    stones, made = 0, list(choices)
    for step in TABLES[rule]:
        if isinstance(step, Place):
            stones += step.count
            continue
        if not made:
            return ply <= stones
        choice = made.pop(0)
        if choice not in step.options or ply < stones:
            return False
        if choice in COLOURS:
            return not made
    return not made


def opener_has_white(rule: str, choices: tuple[str, ...]) -> bool:
    """Whether the colour chosen gave the opener white: the second player took black, or the opener white."""
    chooser = [step.by for step in TABLES[rule] if isinstance(step, Choose)]
    for by, choice in zip(chooser, choices):
        if choice in COLOURS:
            return (choice == BLACK) == (by == SECOND)
    return False


def written(rule: str, choices: tuple[str, ...]) -> str:
    """How a link writes a settled opening: the rule, and the choices that
    went on (swap2-two); who took which colour belongs to the players."""
    return "-".join((rule, *(choice for choice in choices if choice not in COLOURS)))


WRITTEN: dict[str, tuple[str, tuple[str, ...]]] = {
    written(rule, going_on): (rule, going_on)
    for rule in OPENINGS if rule != NO_OPENING for going_on in ((), (TWO,)) if TWO not in going_on or
    any(isinstance(step, Choose) and TWO in step.options for step in TABLES[rule])}
"""Each opening a link writes, and the rule and choices it says: "swap2",
"swap2-two", "swap1", "pro", "long-pro"."""
