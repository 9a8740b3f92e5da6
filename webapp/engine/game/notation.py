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


def game_digest(rules: Rules, moves: tuple[int, ...]) -> str:
    """A game's short name, for keys: its board and moves, digested (a long game's moves would make a long key)."""
    game = f"{rules.name}:{','.join(map(str, moves))}".encode()
    return hashlib.blake2b(game, digest_size=16).hexdigest()
