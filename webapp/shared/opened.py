"""What a game asks of its opening (engine.Opening) at the stones it has:
one piece for the game at one screen (play's Game) and the friends' game
(online's SharedGame), which hold an opening alike and must answer alike.
A mixin: the game holds `opening`, `rules`, `moves`, `ply` (the stones down) and
`resigned` (a game that ends in other ways too, the friends' game, writes
its own link_query).
"""

from __future__ import annotations

from webapp.engine.game.opening_rules import OFFERED, Choose, Now
from webapp.shared.errors import Conflict, InvalidInput
from webapp.shared.forms import parse_opening_choice
from webapp.shared.opening_words import choice_labels


class Opened:
    """Where a game's opening stands, and what its links carry (see the module's docstring)."""

    @property
    def opening_now(self) -> Now | None:
        """Where the opening stands: its step (a placement or a choice) and the
        stones of it down; None once it is over, and without a rule."""
        return self.opening.now(self.ply)

    @property
    def opening_step(self) -> str | None:
        """The name of the opening's step now (swap2's "place three",
        "choose", "place two", "choose again"; pro's "black's second"...);
        None once it is over, and without a rule."""
        return self.opening.step(self.ply)

    @property
    def choosing(self) -> bool:
        """A choice (a colour, two more, a swap, a number) or an offer of
        fifth moves is to be made now, not a stone."""
        return bool(self.opening.choices_now(self.ply)) or self.offering is not None

    @property
    def choices_now(self) -> tuple[str, ...]:
        """The choices open now (none while stones are to be placed, and at an offer)."""
        return self.opening.choices_now(self.ply)

    @property
    def offering(self) -> int | None:
        """How many fifth moves black's player offers now, at an offer; None at any other step."""
        return self.opening.offer_count(self.ply)

    @property
    def offered_points(self) -> frozenset[int]:
        """At white's pick of black's fifth stone, the points offered; else none."""
        now = self.opening_now
        return self.zone if now is not None and now.zone == OFFERED else frozenset()

    @property
    def choice_buttons(self) -> tuple[tuple[str, str], ...]:
        """The choice open now, each option with its button's words (opening_words.choice_labels)."""
        now = self.opening_now
        return choice_labels(now.step) if now is not None and isinstance(now.step, Choose) else ()

    @property
    def not_a_stone_now(self) -> str:
        """Why a stone is refused while choosing, in words to show a person."""
        if self.offering is not None:
            return (f"{self.opening.name}: black's fifth moves are offered now, not played: choose "
                    f"{self.offering} point{'s' * (self.offering != 1)} on the board, then offer them.")
        return f"{self.opening.name} asks for a choice now, not a stone: choose one of the buttons below the board."

    def parse_choice(self, raw: str) -> str:
        """A choice made now, as the opening keeps it: one of choices_now, or
        at an offer the fifth moves' names ("h10 j7"); InvalidInput or
        Conflict saying why it is not one."""
        if self.offering is None:
            return parse_opening_choice(raw, self.choices_now)
        return self._written(self._offered(raw, complete=True))

    def read_offer(self, raw: str | None) -> tuple[int, ...]:
        """The fifth moves chosen so far for an offer (their names, as the
        page carries them between clicks); InvalidInput or Conflict where
        they are not points black may offer together now."""
        if self.offering is None:
            raise Conflict("There are no fifth moves to offer now.")
        return self._offered(raw or "", complete=False)

    def offer_with(self, chosen: tuple[int, ...], cell: int) -> tuple[int, ...]:
        """The fifth moves chosen so far with cell added, or taken away if
        chosen already; Conflict saying why it may not join them."""
        if cell in chosen:
            return tuple(other for other in chosen if other != cell)
        return self._offered(self._written((*chosen, cell)), complete=False)

    def _offered(self, raw: str, complete: bool) -> tuple[int, ...]:
        """The points an offer names (complete: all of it), or InvalidInput
        (not points' names) or Conflict (the opening's refusal) saying why not."""
        try:
            cells = tuple(map(self.rules.parse_cell_name, str(raw).lower().replace(",", " ").split()))
        except ValueError:
            raise InvalidInput(f"Fifth moves are points' names, such as h10 and j7, not “{str(raw)[:40]}”.") from None
        if refusal := self.opening.offer_refusal(self.rules, self.moves, self._written(cells), complete):
            raise Conflict(refusal)
        return cells

    def _written(self, cells: tuple[int, ...]) -> str:
        """Points as an offer writes them: "h10 j7"."""
        return " ".join(map(self.rules.cell_name, cells))

    @property
    def zone(self) -> frozenset[int] | None:
        """The squares the next stone may go on, where the opening limits them; None where any will do."""
        return self.opening.zone(self.rules, self.ply)

    def opening_refusal(self, cell: int) -> str | None:
        """Why the opening refuses a stone on cell now (outside its zone); None where it allows it."""
        return self.opening.why_not(self.rules, self.ply, cell)

    @property
    def written_opening(self) -> str | None:
        """The opening as a link writes it (opening_rules.WRITTEN), once over; None without one."""
        return self.opening.written(self.ply)

    @property
    def opening_stones(self) -> int:
        """How many of the first stones the opening puts down (0 without one)."""
        return self.opening.stones_put_down

    @property
    def link_query(self) -> dict[str, str]:
        """How it opened and how it ended, for a link to the game or a record
        of it: who played is left out ("You" is nobody to whoever the link is
        sent to, and friends are not named)."""
        query = {"opening": self.written_opening, "resigned": self.resigned}
        return {key: value for key, value in query.items() if value}
