"""What a game asks of its opening (engine.Opening) at the stones it has:
one piece for the game at one screen (play's Game) and the friends' game
(online's SharedGame), which hold an opening alike and must answer alike.
A mixin: the game holds `opening`, `ply` (the stones down) and `resigned`
(a game that ends in other ways too, the friends' game, writes its own link_query).
"""

from __future__ import annotations


class Opened:
    """Where a game's opening stands, and what its links carry (see the module's docstring)."""

    @property
    def swap2_step(self) -> str | None:
        """Where a swap2 opening stands: PLACE_THREE (the opener's black,
        white, black), CHOOSE (the other player's: black, white, or two
        more), PLACE_TWO (its white and black), CHOOSE_AGAIN (the opener's
        colour); None once the colours are settled, and without swap2."""
        return self.opening.step(self.ply)

    @property
    def choosing(self) -> bool:
        """A swap2 choice of colour is to be made now (no stone to place)."""
        return bool(self.opening.choices_now(self.ply))

    @property
    def written_opening(self) -> str | None:
        """The opening as a link writes it (swap2.WRITTEN), once settled; None without one."""
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
