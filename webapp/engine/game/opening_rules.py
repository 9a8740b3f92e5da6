"""The opening rules clubs play on the five-in-a-row boards, as tables of steps: one
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
Renju's, on 15×15 (RIF's texts; Soosõrv-N as RIF certified it in 2011):
- RIF: the first player puts down one of the 26 openings (black at the
  centre, white beside it, black within the central 5×5); white's player
  may swap; white's player puts down white's second stone anywhere; black's
  player offers two fifth moves, not alike in a mirror, and white's player
  picks one.
- Soosõrv-8: as RIF, but after white's second stone white's player declares
  1 to 8, black's player may swap again, and black offers as many.
- Taraguchi-10: each of the first four stones in a wider square (centre,
  3×3, 5×5, 7×7), a swap after each; black's player then puts down the fifth
  in the central 9×9 (and white's may swap), or offers ten.

A colour choice settles the colours; TWO goes on to the next steps. The
opener (the player who begins, as black) and the second player are the
steps' actors: a choice that gives the opener white exchanges the seats.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

from webapp.engine.game.boards import BOARDS
from webapp.engine.game.rules import RENJU, Rules


class Actor(StrEnum):
    """Who takes a step: the player who began (as black), or the other; under
    renju's rules, whoever holds that colour then (a swap exchanges them)."""

    OPENER = "opener"
    SECOND = "second"
    BLACK_HOLDER = "black's player"
    WHITE_HOLDER = "white's player"


class Option(StrEnum):
    """The words a choice offers, as sessions and links store them: a colour
    (which settles the colours), two more stones, renju's swap or stay, and
    Taraguchi's one fifth stone or ten offered (a number declared is a digit)."""

    BLACK = "black"
    WHITE = "white"
    TWO = "two"
    SWAP = "swap"
    STAY = "stay"
    ONE = "one"
    TEN = "ten"


class Plan(StrEnum):
    """How the computer puts down a step's stones (opening_play.py): the most
    nearly even three (swap's opener), two more that leave it most nearly even
    (swap2's second player), the stone the evaluation likes best for its side
    within the zone (where no swap follows), the level's own move (a stone with
    no zone), or, picking one of black's offered fifth moves, the one worst for
    black. Where the other player may swap colours after a stone, its placer
    wants no colour the better, as swap's opener does: renju's three stones are
    then one of the 26 openings nearly even (even_renju.py), and a later stone
    the one in its zone that leaves the position most nearly even."""

    EVEN_THREE = "even three"
    EVEN_TWO = "even two"
    BEST_IN_ZONE = "best in zone"
    OWN_MOVE = "own move"
    PICK = "pick"
    EVEN_OPENING = "even opening"
    EVEN_IN_ZONE = "even in zone"


class OpeningRule(StrEnum):
    """The opening rules, by the names links, forms and sessions write."""

    NONE = "none"
    SWAP1 = "swap1"
    SWAP2 = "swap2"
    PRO = "pro"
    LONG_PRO = "long-pro"
    RIF = "rif"
    SOOSORV_8 = "soosorv-8"
    TARAGUCHI_10 = "taraguchi-10"


OPENER, SECOND, BLACK_HOLDER, WHITE_HOLDER = Actor
BLACK, WHITE, TWO, SWAP, STAY, ONE, TEN = Option
COLOURS = (BLACK, WHITE)
"""The choices that settle the colours; TWO (two more stones) goes on."""
EVEN_THREE, EVEN_TWO, BEST_IN_ZONE, OWN_MOVE, PICK, EVEN_OPENING, EVEN_IN_ZONE = Plan
NO_OPENING, SWAP1, SWAP2, PRO, LONG_PRO, RIF, SOOSORV_8, TARAGUCHI_10 = OpeningRule
"""The members by the names the engine's other files import."""
FIFTH = "fifth"
"""Taraguchi-10's step where black's player chooses one fifth stone or ten offered."""


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
        if self == OFFERED:
            return "on one of the fifth moves black offered"
        if self.farthest == 0:
            return "at the centre"
        if self.farthest is None:
            if not self.nearest:
                return "anywhere"
            side = 2 * self.nearest - 1
            return f"at least {self.nearest} intersections from the centre (outside the central {side}×{side})"
        side = 2 * self.farthest + 1
        if self.farthest == self.nearest:
            return "beside the centre" if self.nearest == 1 else f"{self.nearest} intersections from the centre"
        return f"within the central {side}×{side}"

    def fits_on(self, rules: Rules) -> bool:
        """Whether the board has a square in this zone."""
        return self.nearest <= rules.size // 2


ANYWHERE, CENTRE = Zone(), Zone(0, 0)


def from_centre(rules: Rules, cell: int) -> int:
    """How many intersections cell is from the centre, along a line (Chebyshev)."""
    (row, column), (middle, _) = divmod(cell, rules.size), divmod(rules.centre, rules.size)
    return max(abs(row - middle), abs(column - middle))


OFFERED = Zone(-1)
"""The zone of a pick: the fifth moves black offered (the opening's last offer), not a ring."""


@dataclass(frozen=True)
class Place:
    """A player's stones: one a zone, in order, colours alternating from the ply they start at."""

    name: str
    by: Actor
    zones: tuple[Zone, ...]
    plan: Plan  # how the computer puts them down
    only_if: tuple[str, Option] | None = None  # (a choice's step name, the option): the step is taken only after it

    @property
    def count(self) -> int:
        return len(self.zones)


@dataclass(frozen=True)
class Choose:
    """A player's choice among options: a colour settles the colours; TWO, a
    swap, a number declared or a branch goes on."""

    name: str
    by: Actor
    options: tuple[str, ...]
    only_if: tuple[str, Option] | None = None


@dataclass(frozen=True)
class Offer:
    """Black's fifth moves offered (a choice written as their names, "h10
    j7"): count of them, or as many as a Choose step named declared said; no
    two alike by a symmetry of the position (offers.py checks them)."""

    name: str
    by: Actor
    count: int | None = None
    declared: str | None = None
    only_if: tuple[str, Option] | None = None


Step = Place | Choose | Offer

_THREE = Place("place three", OPENER, (ANYWHERE,) * 3, EVEN_THREE)
_CHOOSE_COLOUR = Choose("choose", SECOND, COLOURS)


def _pro(distance: int) -> tuple[Step, ...]:
    return (Place("black's first", OPENER, (CENTRE,), BEST_IN_ZONE),
            Place("white's first", SECOND, (ANYWHERE,), OWN_MOVE),
            Place("black's second", OPENER, (Zone(distance),), BEST_IN_ZONE))


_SWAPS = (SWAP, STAY)


def _renju_three(by: Actor) -> tuple[Step, ...]:
    """One of the 26 openings: black at the centre, white beside it
    (directly or diagonally), black's second within the central 5×5."""
    return (Place("black's first", by, (CENTRE,), EVEN_OPENING),
            Place("white's first", by, (Zone(1, 1),), EVEN_OPENING),
            Place("black's second", by, (Zone(0, 2),), EVEN_OPENING))


def _fifth_offered(declared: str | None, count: int | None = None,
                   only_if: tuple[str, Option] | None = None) -> tuple[Step, ...]:
    return (Offer("offer", BLACK_HOLDER, count, declared, only_if),
            Place("black's fifth", WHITE_HOLDER, (OFFERED,), PICK, only_if))


def _taraguchi() -> tuple[Step, ...]:
    """Each of the first four stones in a wider square, a swap after each;
    black's fifth either in the central 9×9 (then a swap) or ten offered.
    The first three stones are one of the 26 openings (white's first is
    beside the centre, in the 3×3); as a swap follows each stone, its placer
    wants it even, whichever colour it holds (EVEN_OPENING, EVEN_IN_ZONE)."""
    steps: list[Step] = []
    for number, (colour, zone, plan) in enumerate((("black's first", CENTRE, EVEN_OPENING),
                                                   ("white's first", Zone(0, 1), EVEN_OPENING),
                                                   ("black's second", Zone(0, 2), EVEN_OPENING),
                                                   ("white's second", Zone(0, 3), EVEN_IN_ZONE))):
        steps.append(Place(colour, WHITE_HOLDER if number % 2 else BLACK_HOLDER, (zone,), plan))
        steps.append(Choose(f"swap {number + 1}", BLACK_HOLDER if number % 2 else WHITE_HOLDER, _SWAPS))
    steps.append(Choose(FIFTH, BLACK_HOLDER, (ONE, TEN)))
    steps.append(Place("black's fifth", BLACK_HOLDER, (Zone(0, 4),), EVEN_IN_ZONE, (FIFTH, ONE)))
    steps.append(Choose("swap 5", WHITE_HOLDER, _SWAPS, (FIFTH, ONE)))
    return (*steps, *_fifth_offered(None, 10, (FIFTH, TEN)))


TABLES: dict[OpeningRule, tuple[Step, ...]] = {
    NO_OPENING: (),
    SWAP1: (_THREE, _CHOOSE_COLOUR),
    SWAP2: (_THREE, Choose("choose", SECOND, (BLACK, WHITE, TWO)),
            Place("place two", SECOND, (ANYWHERE,) * 2, EVEN_TWO), Choose("choose again", OPENER, COLOURS)),
    PRO: _pro(3),
    LONG_PRO: _pro(4),
    RIF: (*_renju_three(OPENER), Choose("swap", WHITE_HOLDER, _SWAPS),
          Place("white's second", WHITE_HOLDER, (ANYWHERE,), OWN_MOVE), *_fifth_offered(None, 2)),
    SOOSORV_8: (*_renju_three(OPENER), Choose("swap", WHITE_HOLDER, _SWAPS),
                Place("white's second", WHITE_HOLDER, (ANYWHERE,), OWN_MOVE),
                Choose("declare", WHITE_HOLDER, tuple(map(str, range(1, 9)))),
                Choose("swap again", BLACK_HOLDER, _SWAPS), *_fifth_offered("declare")),
    TARAGUCHI_10: _taraguchi(),
}
"""Each rule's steps, in order (after a colour choice, none; a step with
only_if only after that choice)."""
GOMOKU_RULES = (SWAP1, SWAP2, PRO, LONG_PRO)
"""Gomoku's opening rules, for freestyle and standard."""
RENJU_RULES = (RIF, SOOSORV_8, TARAGUCHI_10)
"""Renju's opening rules, for renju on 15×15 (renju_openings.RENJU_OPENINGS are the 26 openings they put down)."""
OPENINGS = tuple(OpeningRule)
"""The rules a game may open with on the pages (each on the boards and rule offered says)."""
NAMES: dict[OpeningRule, str] = {NO_OPENING: "None", SWAP1: "Swap1", SWAP2: "Swap2", PRO: "Pro", LONG_PRO: "Long pro",
         RIF: "RIF", SOOSORV_8: "Soosõrv-8", TARAGUCHI_10: "Taraguchi-10"}
"""Each rule as a page names it."""


def offered(rule: OpeningRule, rules: Rules) -> bool:
    """Whether the rule opens a game on this board: no rule opens any board;
    the others open five in a row under freestyle or standard (renju's
    rules are its own), where the board has room for every zone (long pro's
    four intersections need 15×15)."""
    if rule == NO_OPENING:
        return True
    if rule in RENJU_RULES:
        return rules.rule == RENJU and rules.size == 15
    if rule not in TABLES or rules.k != 5 or rules.rule == RENJU:
        return False
    return all(zone.fits_on(rules) for step in TABLES[rule] if isinstance(step, Place) for zone in step.zones)


@dataclass(frozen=True)
class Now:
    """Where an opening stands: its step, the stones of it already down (a
    placement's), whether the players have exchanged colours so far, and the
    choices made (for an offer's count and a pick's squares)."""

    step: Step
    done: int = 0
    swapped: bool = False
    made: tuple[tuple[str, str], ...] = ()  # (step name, choice), in order

    @property
    def zone(self) -> Zone | None:
        """The zone of the next stone, at a placement."""
        return self.step.zones[self.done] if isinstance(self.step, Place) else None

    @property
    def opener_acts(self) -> bool:
        """Whether the opener takes this step (for a colour holder's step: holds that colour now)."""
        by = self.step.by
        return by == OPENER or (by == BLACK_HOLDER) != self.swapped and by in (BLACK_HOLDER, WHITE_HOLDER)

    def choice_of(self, name: str) -> str | None:
        """The choice made at the step of this name, if made."""
        return next((choice for step, choice in self.made if step == name), None)

    @property
    def stones(self) -> int:
        """How many stones the step puts down: a placement's (none at a choice or an offer)."""
        return self.step.count if isinstance(self.step, Place) else 0

    @property
    def offer_count(self) -> int | None:
        """At an offer, how many fifth moves black must offer (a count, or the number declared)."""
        return self.count_of(self.step) if isinstance(self.step, Offer) else None

    def count_of(self, offer: Offer) -> int:
        """How many fifth moves the offer asks for: its count, or the number
        declared at the step it names (one of the choices made)."""
        if offer.declared is None:
            assert offer.count is not None, "a table's offer has a count or names the step that declares it"
            return offer.count
        declared = self.choice_of(offer.declared)
        assert declared is not None, "a table declares a count at a step before its offer"
        return int(declared)

    @property
    def offered(self) -> tuple[str, ...]:
        """The fifth moves black offered (their names), at a pick."""
        return tuple((self.choice_of("offer") or "").split())


def _steps(rule: OpeningRule, choices: tuple[str, ...]) -> Iterator[tuple[Now, int, str | None]]:
    """Each step these choices lead through, with the stones before it, the
    swap so far and the choices made before it; a step's choice, if made (or
    None); it stops after a colour choice and at the first choice not made."""
    stones, swapped, left = 0, False, list(choices)
    made: list[tuple[str, str]] = []
    for step in TABLES[rule]:
        if step.only_if is not None and step.only_if not in made:
            continue
        now = Now(step, 0, swapped, tuple(made))
        if isinstance(step, Place):
            yield now, stones, None
            stones += step.count
            continue
        if not left:
            yield now, stones, None
            return
        choice = left.pop(0)
        yield now, stones, choice
        made.append((step.name, choice))
        swapped ^= choice == SWAP
        if choice in COLOURS:
            return


def walk(rule: OpeningRule, ply: int, choices: tuple[str, ...]) -> Now | None:
    """Where an opening of ply stones and these choices stands; None once it is over."""
    for now, stones, choice in _steps(rule, choices):
        if isinstance(now.step, Place):
            if ply < stones + now.step.count:
                return Now(now.step, ply - stones, now.swapped, now.made)
        elif choice is None:
            return now
        elif choice in COLOURS:
            return None
    return None


def taken(rule: OpeningRule, choices: tuple[str, ...]) -> tuple[tuple[Now, int, str | None], ...]:
    """Each step these choices lead through, in order: where the opening
    stood at it, the stones down before it, and its choice (None for a
    placement, and for the choice to be made now)."""
    return tuple(_steps(rule, choices))


def offered_where(rule: OpeningRule) -> str:
    """Where a rule is played, in words for a refusal: "renju, on 15×15"."""
    if rule in RENJU_RULES:
        return "renju, on 15×15"
    return "five in a row, freestyle or standard" + ("" if offered(rule, BOARDS["7x7"]) else ", on 15×15")


def reached(rule: OpeningRule, choices: tuple[str, ...]) -> tuple[tuple[Now, int], ...]:
    """The placements these choices lead through, each with the ply it starts at."""
    return tuple((now, stones) for now, stones, _ in _steps(rule, choices) if isinstance(now.step, Place))


def fits(rule: OpeningRule, ply: int, choices: tuple[str, ...]) -> bool:
    """Whether choices are ones a game of ply stones under rule can have come
    with: each choice among its step's (an offer of as many names as it asks),
    made once its stones were down, none past a colour or past the table's end."""
    used = 0
    for now, stones, choice in _steps(rule, choices):
        if isinstance(now.step, Place):
            continue
        if choice is None:
            return ply <= stones
        used += 1
        if isinstance(now.step, Offer):
            if len(choice.split()) != now.offer_count:
                return False
        elif choice not in now.step.options:
            return False
        if ply < stones:
            return False
    return used == len(choices)


def opener_has_white(rule: OpeningRule, choices: tuple[str, ...]) -> bool:
    """Whether the choices gave the opener white: the second player took
    black, or the opener white; under renju's rules, an odd number of swaps."""
    swapped = False
    for now, _, choice in _steps(rule, choices):
        if choice in COLOURS:
            return (choice == BLACK) == (now.step.by == SECOND)
        swapped ^= choice == SWAP
    return swapped


def written(rule: OpeningRule, choices: tuple[str, ...]) -> str:
    """How a link writes a settled opening: the rule, and the choices that
    went on (swap2-two); who took which colour belongs to the players."""
    return "-".join((rule, *(choice for choice in choices if choice == TWO)))


WRITTEN: dict[str, tuple[OpeningRule, tuple[str, ...]]] = {
    written(rule, going_on): (rule, going_on)
    for rule in OPENINGS[1:] for going_on in ((), (TWO,)) if TWO not in going_on or
    any(isinstance(step, Choose) and TWO in step.options for step in TABLES[rule])}
"""Each opening a link writes, and the rule and choices it says: "swap2",
"swap2-two", "swap1", "pro", "long-pro", "rif", "soosorv-8",
"taraguchi-10" (renju's swaps and fifth moves are the players', like the
colours chosen: a link gives the stones its three first put down)."""
