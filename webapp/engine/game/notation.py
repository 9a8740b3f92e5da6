"""A game's moves as text and as a key: how links, records, logs and the workers' stores name a game.

Pure functions of the rules and the moves; the features' links (webapp.shared.game_link) and the
workers' keys both use them, so the notation sits with the rules rather than a floor above the workers.
"""

from __future__ import annotations

import hashlib

from webapp.engine.game.boards import DEFAULT_BOARD
from webapp.engine.game.rules import MARKS, Rules


def mark_of(index: int) -> str:
    """Who made the move at index (from 0) of a game: X moves first, then they alternate."""
    return MARKS[index % 2]


def write_moves(rules: Rules, moves: tuple[int, ...]) -> str:
    """Moves as a link writes them: digits on 3×3 ("408"), names joined by dashes on the others ("h8-i9")."""
    if rules == DEFAULT_BOARD:
        return "".join(map(str, moves))
    return "-".join(map(rules.cell_name, moves))


def read_moves(rules: Rules, written: str) -> tuple[int, ...]:
    """Moves as write_moves wrote them, or ValueError if written is not cells of rules' board.
    For what a store kept, which is trusted; a person's link is read by game_link.parse_moves, whose
    refusals are sentences. Whether the moves are a game is the caller's to check."""
    if rules == DEFAULT_BOARD and not written[:1].isalpha():
        cells = tuple(int(digit) for digit in written)
        if not all(0 <= cell < rules.cells for cell in cells):
            raise ValueError(f"not squares of the {rules.name} board: {written[:20]!r}")
        return cells
    return tuple(rules.parse_cell_name(name) for name in written.split("-")) if written else ()


def game_digest(rules: Rules, moves: tuple[int, ...]) -> str:
    """A game's short name, for keys: its board and moves, digested (a long game's moves would make a long key)."""
    game = f"{rules.name}:{','.join(map(str, moves))}".encode()
    return hashlib.blake2b(game, digest_size=16).hexdigest()
