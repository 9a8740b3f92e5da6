"""How a game opens, as one value: the opening rule and the choices made in
it so far. A game (at one screen or between friends) holds an Opening and
asks it what happens next: whose step it is, whether a colour is to be
chosen, who put down a stone, how a link writes it. Nothing outside this
module and the rule's own (swap2.py) asks which rule it is; a new opening
rule is a new table here, not a thread through the game.

The only rule with steps today is swap2; NO_OPENING has none (black's first
stone is the game's first move), and every question has its plain answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from webapp.engine import swap2
from webapp.engine.rules import Rules
from webapp.engine.swap2 import NO_OPENING, OPENINGS


@dataclass(frozen=True)
class Opening:
    """An opening rule (swap2.OPENINGS) and the choices made in it so far
    (swap2's: FIRST_CHOICES, then LAST_CHOICES). False without a rule."""

    rule: str = NO_OPENING
    choices: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return self.rule != NO_OPENING

    def offered_on(self, rules: Rules) -> bool:
        """Whether this rule opens a game on rules' board (every board opens without one)."""
        return not self or swap2.offered(rules)

    def step(self, ply: int) -> str | None:
        """Where the opening stands after ply stones (swap2.step: PLACE_THREE,
        CHOOSE, PLACE_TWO, CHOOSE_AGAIN); None once the colours are settled,
        and without a rule."""
        return swap2.step(ply, self.choices) if self else None

    def choices_now(self, ply: int) -> tuple[str, ...]:
        """The choices open after ply stones: none while stones are to be placed, or once settled."""
        return swap2.choices_at(self.step(ply))

    def opener_acts(self, ply: int) -> bool:
        """Whether the opener (not the other player) takes the step after ply
        stones (there must be one: see step)."""
        return swap2.opener_acts(self.step(ply))

    @property
    def opener_has_white(self) -> bool:
        """Whether the choices gave the opener white: the players' seats are
        exchanged then, as the opener began as black."""
        return bool(self) and swap2.opener_has_white(self.choices)

    def placed_by_opener(self, index: int) -> bool | None:
        """Whether the opener put down the stone at index (from 0): True or
        False for the opening's stones; None after them, and without a rule
        (the stone is its colour's)."""
        return swap2.placed_by_opener(index, self.choices) if self else None

    @property
    def stones_put_down(self) -> int:
        """How many of the first stones the opening puts down, rather than
        the players in turn, with the choices made so far (0 without a rule)."""
        return swap2.stones_put_down(self.rule, self.choices)

    def written(self, ply: int) -> str | None:
        """The opening as a link writes it (swap2.WRITTEN) once settled after
        ply stones; None without a rule, or while under way."""
        return swap2.written(self.rule, self.choices, ply)

    def chose(self, choice: str) -> Opening:
        """The opening after one more choice (the caller checked it is open: choices_now)."""
        return Opening(self.rule, (*self.choices, choice))

    def fits(self, rules: Rules, ply: int) -> bool:
        """Whether a game of ply stones on rules' board can have come with
        this opening and its choices (a game read back from a store)."""
        return swap2.opening_fits(rules, self.rule, ply, self.choices)

    def to_data(self) -> dict[str, Any]:
        """What a store keeps of it (nothing without a rule): from_data reads it back."""
        return {"opening": self.rule, "choices": list(self.choices)} if self else {}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Opening:
        """The opening a store kept (to_data), or ValueError where it is not
        one; whether it fits the game's moves is fits'."""
        rule, choices = data.get("opening", NO_OPENING), data.get("choices") or ()
        if rule not in OPENINGS or not isinstance(choices, (list, tuple)):
            raise ValueError("not an opening")
        return cls(rule, tuple(map(str, choices)))
