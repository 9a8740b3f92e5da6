"""How a game opens, as one value: the opening rule and the choices made in
it so far. A game (at one screen or between friends) holds an Opening and
asks it what happens next: whose step it is, whether a choice is to be
made, where the next stone may go, who put down a stone, how a link writes
it. The rules are tables of steps (opening_rules.TABLES); nothing outside
them asks which rule it is, so a new opening rule is a new table, not a
thread through the game.

NO_OPENING has no steps (black's first stone is the game's first move), and
every question has its plain answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from webapp.engine.game import offers, opening_rules
from webapp.engine.game.opening_rules import (
    COLOURS,
    NAMES,
    NO_OPENING,
    OFFERED,
    OPENINGS,
    RENJU_RULES,
    TABLES,
    WRITTEN,
    Choose,
    Now,
    Offer,
    OpeningRule,
    Place,
    Step,
    Zone,
)
from webapp.engine.game.position import Position
from webapp.engine.game.rules import Rules


@dataclass(frozen=True)
class Opening:
    """An opening rule (opening_rules.OPENINGS) and the choices made in it
    so far (each among its Choose step's options). False without a rule."""

    rule: OpeningRule = NO_OPENING
    choices: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return self.rule != NO_OPENING

    @classmethod
    def read(cls, written: str) -> Opening:
        """The opening a link writes (opening_rules.WRITTEN: "swap2-two"), as far as it says."""
        return cls(*WRITTEN[written])

    @property
    def name(self) -> str:
        """The rule as a page names it: "Swap2", "Long pro"."""
        return NAMES[self.rule]

    @property
    def named(self) -> str:
        """The rule as a sentence names it inside: "swap2", "long pro", but "RIF", "Soosõrv-8" (proper names)."""
        return self.name if self.rule in RENJU_RULES else self.name.lower()

    def offered_on(self, rules: Rules) -> bool:
        """Whether this rule opens a game on rules' board (every board opens without one)."""
        return opening_rules.offered(self.rule, rules)

    def now(self, ply: int) -> Now | None:
        """Where the opening stands after ply stones: its step and the stones of it down; None once over."""
        return opening_rules.walk(self.rule, ply, self.choices)

    def step(self, ply: int) -> str | None:
        """The name of the step after ply stones (swap2's: "place three",
        "choose", "place two", "choose again"); None once the opening is
        over, and without a rule."""
        now = self.now(ply)
        return now.step.name if now else None

    def offer_count(self, ply: int) -> int | None:
        """How many fifth moves black offers now, at an offer after ply stones; None at any other step."""
        now = self.now(ply)
        return now.offer_count if now else None

    def choices_now(self, ply: int) -> tuple[str, ...]:
        """The choices open after ply stones: none while stones are to be placed, or once settled."""
        now = self.now(ply)
        return now.step.options if now and isinstance(now.step, Choose) else ()

    def opener_acts(self, ply: int) -> bool:
        """Whether the opener (not the other player) takes the step after
        ply stones (there must be one: see step)."""
        now = self.now(ply)
        return now is not None and now.opener_acts

    @property
    def opener_has_white(self) -> bool:
        """Whether the choices gave the opener white: the players' seats are
        exchanged then, as the opener began as black."""
        return opening_rules.opener_has_white(self.rule, self.choices)

    def placed_by_opener(self, index: int) -> bool | None:
        """Whether the opener put down the stone at index (from 0): True or
        False for the opening's stones; None after them, and without a rule
        (the stone is its colour's)."""
        for now, start in opening_rules.reached(self.rule, self.choices):
            if start <= index < start + now.stones:
                return now.opener_acts
        return None

    @property
    def stones_put_down(self) -> int:
        """How many of the first stones the opening puts down, rather than
        the players in turn, with the choices made so far (0 without a rule)."""
        return sum(now.stones for now, _ in opening_rules.reached(self.rule, self.choices))

    def zone(self, rules: Rules, ply: int) -> frozenset[int] | None:
        """The squares the next stone may go on, where the opening limits them
        (a placement with a zone); None where any empty square will do."""
        now = self.now(ply)
        if now is None or now.zone is None or now.zone.anywhere:
            return None
        if now.zone == OFFERED:
            return frozenset(map(rules.parse_cell_name, now.offered))
        return frozenset(cell for cell in range(rules.cells) if now.zone.allows(rules, cell))

    def why_not(self, rules: Rules, ply: int, cell: int) -> str | None:
        """Why the opening refuses a stone on cell now (outside its zone), in
        words to show a person; None where it allows it."""
        now = self.now(ply)
        if now is None or now.zone is None or cell in (self.zone(rules, ply) or range(rules.cells)):
            return None
        if now.zone == OFFERED:
            return (f"Under {self.name}, white picks black's fifth stone among those black offered "
                    f"({', '.join(now.offered)}): {rules.cell_name(cell)} is not one.")
        return self._outside(rules, now.step.name, now.zone, cell)

    @property
    def sure_zones(self) -> tuple[tuple[str, Zone], ...]:
        """The first stones' steps and zones that hold whatever the players
        choose, in order, as far as they are sure: up to a choice that may
        end the opening (a colour), a step taken only after some choice, or
        a pick among offered fifth moves. A link writes the stones but not
        the choices (WRITTEN), so these are what it can be held to
        (Taraguchi-10's first four stones, whatever the swaps)."""
        found: list[tuple[str, Zone]] = []
        for step in self._sure_steps():
            if isinstance(step, Place):
                if OFFERED in step.zones:
                    break
                found.extend((step.name, zone) for zone in step.zones)
        return tuple(found)

    @property
    def always_picked(self) -> int | None:
        """The stone (its index) white's player picks among black's offered
        fifth moves in every game under this rule (RIF's and Soosõrv-8's
        fifth); None where no stone always is (Taraguchi-10's fifth is
        offered only if black chooses so; the other rules offer none)."""
        stones = 0
        for step in self._sure_steps():
            if isinstance(step, Place):
                if OFFERED in step.zones:
                    return stones
                stones += step.count
        return None

    def _sure_steps(self) -> list[Step]:
        """The rule's steps that every game under it takes: up to a choice
        that may end the opening (a colour), or a step taken only after some choice."""
        sure = []
        for step in TABLES[self.rule]:
            if step.only_if or (isinstance(step, Choose) and set(step.options) & set(COLOURS)):
                break
            sure.append(step)
        return sure

    def surely_not(self, rules: Rules, index: int, cell: int) -> str | None:
        """Why the stone at index may not be on cell whatever the players
        chose (sure_zones: what a link, which writes no choices, is held
        to), in words; None where it may."""
        zones = self.sure_zones
        if index >= len(zones) or zones[index][1].allows(rules, cell):
            return None
        return self._outside(rules, *zones[index], cell)

    def _outside(self, rules: Rules, name: str, zone: Zone, cell: int) -> str:
        distance = opening_rules.from_centre(rules, cell)
        away = "is the centre" if distance == 0 else f"is {distance} from the centre"
        return f"Under {self.named}, {name} stone goes {zone.words}: {rules.cell_name(cell)} {away}."

    def offer_refusal(self, rules: Rules, moves: tuple[int, ...], raw: str, complete: bool = True) -> str | None:
        """Why black's fifth moves offered now (their names, "h10 j7") do not
        stand, in words to show a person; None where they do (offers.py).
        Not complete: the first of them, chosen so far (no more than the count)."""
        now = self.now(len(moves))
        if now is None or not isinstance(now.step, Offer):
            return "There are no fifth moves to offer now."
        try:
            cells = tuple(map(rules.parse_cell_name, raw.split()))
        except ValueError:
            return f"Fifth moves are points' names, such as h10 and j7, not “{raw[:40]}”."
        return offers.offer_refusal(Position.after(rules, moves), cells, now.count_of(now.step), complete)

    def written(self, ply: int) -> str | None:
        """The opening as a link writes it (opening_rules.WRITTEN) once over
        after ply stones; None without a rule, or while under way."""
        if not self or self.now(ply) is not None:
            return None
        return opening_rules.written(self.rule, self.choices)

    def chose(self, choice: str) -> Opening:
        """The opening after one more choice (the caller checked it is open: choices_now)."""
        return Opening(self.rule, (*self.choices, choice))

    def fits(self, rules: Rules, ply: int, moves: tuple[int, ...] = ()) -> bool:
        """Whether a game of ply stones on rules' board can have come with
        this opening and its choices (a game read back from a store), and
        moves' opening stones (where given) are each in its zone, its fifth
        moves offered (where the moves reach them) stand and the one picked
        is among them."""
        if not self.offered_on(rules) or not opening_rules.fits(self.rule, ply, self.choices):
            return False
        made = [(now, stones, choice) for now, stones, choice in self.taken() if choice is not None]
        for index, (now, stones, choice) in enumerate(made):
            before = Opening(self.rule, self.choices[:index])
            if isinstance(now.step, Offer) and len(moves) >= stones \
                    and before.offer_refusal(rules, moves[:stones], choice):
                return False
        return all(self.why_not(rules, index, moves[index]) is None
                   for index in range(min(self.stones_put_down, len(moves))))

    def taken(self) -> tuple[tuple[Now, int, str | None], ...]:
        """Each step its choices lead through, in order (opening_rules.taken)."""
        return opening_rules.taken(self.rule, self.choices)

    @property
    def offered_where(self) -> str:
        """Where the rule is played, in words for a refusal: "renju, on 15×15"."""
        return opening_rules.offered_where(self.rule)

    def to_data(self) -> dict[str, Any]:
        """What a store keeps of it (nothing without a rule): from_data reads it back."""
        return {"opening": self.rule, "choices": list(self.choices)} if self else {}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Opening:
        """The opening a store kept (to_data), or ValueError where it is not
        one; whether it fits the game's moves is fits'."""
        rule, choices = data.get("opening", NO_OPENING), data.get("choices") or ()
        if rule not in OPENINGS or not isinstance(choices, (list, tuple)) or len(choices) > MOST_CHOICES:
            raise ValueError("not an opening")
        return cls(OpeningRule(rule), tuple(map(str, choices)))


MOST_CHOICES = max(sum(not isinstance(step, Place) for step in steps) for steps in TABLES.values())
"""The most choices any rule's opening holds (Taraguchi-10's seven, counting both its branches): a store holding more
is not read."""


__all__ = ["Opening", "OPENINGS", "TABLES", "Place", "Choose"]
