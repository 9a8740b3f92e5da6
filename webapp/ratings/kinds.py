"""Which ratings there are: one for each board and rule a rated game can be played under (RatingKind).

- 3×3 and 4×4 are not rated. Both are solved draws, small enough that a careful player holds the draw
  every game (the site's own coach shows the exact outcome of every square there): a rating would
  measure only who slipped, and every steady player would end at the same number.
- 5×5 (four in a row) and 7×7 (five in a row) are rated: not solved by hand, and short games.
- Each rule is its own rating (7×7 freestyle and standard; 15×15 freestyle, standard and renju):
  a rule changes which lines win and, under renju, what black may play, so strength under one says
  little of strength under another (lichess rates each variant apart for the same reason).
- The opening rules (swap1, swap2, pro, RIF, …) are not ratings of their own: they only decide who
  places the first stones of the same game, and splitting a small pool of players five ways more
  would leave every rating provisional.
- Nor is the clock: one rating a board and rule whatever the time control, for the same reason;
  lichess splits by speed because it has millions of players.
"""

from __future__ import annotations

from enum import StrEnum


class RatingKind(StrEnum):
    """A rating a player can have; its value is the name of the rules it is played under (Rules.name)."""

    FOUR_5X5 = "5x5"
    FIVE_7X7 = "7x7"
    FIVE_7X7_STANDARD = "7x7-standard"
    GOMOKU = "15x15"
    GOMOKU_STANDARD = "15x15-standard"
    RENJU = "15x15-renju"

    @property
    def words(self) -> str:
        """How a page names the rating: "15×15 renju", "5×5"."""
        board, _, rule = self.value.partition("-")
        size = board.partition("x")[0]
        return f"{size}×{size}" + (f" {rule}" if rule else (" freestyle" if size in ("7", "15") else ""))

    @property
    def slug(self) -> str:
        """The rating's name in an address (/leaderboards#15x15-renju): its value."""
        return self.value


def rating_kind(rules_name: str) -> RatingKind | None:
    """The rating a game under these rules (Rules.name: "15x15-renju") counts for; None for an unrated board."""
    try:
        return RatingKind(rules_name)
    except ValueError:
        return None
