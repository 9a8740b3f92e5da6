"""What a game asks of its opening (engine.Opening) at the stones it has:
one piece for the game at one screen (play's Game) and the friends' game
(online's SharedGame), which hold an opening alike and must answer alike.
A mixin: the game holds `opening`, `rules`, `ply` (the stones down) and
`resigned` (a game that ends in other ways too, the friends' game, writes
its own link_query).
"""

from __future__ import annotations

from webapp.engine.opening_rules import Now


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
        """A choice (a colour, or two more) is to be made now, not a stone."""
        return bool(self.opening.choices_now(self.ply))

    @property
    def choices_now(self) -> tuple[str, ...]:
        """The choices open now (none while stones are to be placed)."""
        return self.opening.choices_now(self.ply)

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
