"""What both pages ask first of a link: a position, the moves its path writes on a board."""

from __future__ import annotations

from dataclasses import dataclass

from webapp.engine import Position, Rules
from webapp.shared.game_link import write_moves


@dataclass(frozen=True)
class Question:
    """A position as a link reaches it: a board and the moves played on it."""

    rules: Rules
    moves: tuple[int, ...]

    @property
    def position(self) -> Position:
        return Position.after(self.rules, self.moves)

    @property
    def notation(self) -> str:
        """The moves as a link writes them, for the page's own links."""
        return write_moves(self.rules, self.moves)
