"""The player cookie's value: a player id and the server's signature of it.

A player id is the bearer's seat in every game it sits at, so a browser may
present only one this server issued: the value is the id, a dot, and an HMAC
of it under the app's secret key. A value without a valid signature is no
player (a fresh id is issued), so a client cannot mint ids of its own choosing.
Ids issued before the cookie was signed (bare ids) are honoured only where
the game asked about seats them, and are signed again then, so that today's
games between friends keep their players.
"""

from __future__ import annotations

import hashlib
import hmac

from webapp.online.shared_game import is_player_id

SIGNATURE_LENGTH = 32
"""Hex digits of the HMAC-SHA256 kept: 128 bits, as many as the id's own."""


def signed(player: str, key: str) -> str:
    """The cookie's value for player: the id, a dot, its signature under key."""
    return f"{player}.{_signature(player, key)}"


def signed_player(value: str, key: str) -> str | None:
    """The player id a cookie's value carries, if this server signed it; else None."""
    player, dot, signature = value.partition(".")
    if not (dot and is_player_id(player)):
        return None
    return player if hmac.compare_digest(signature, _signature(player, key)) else None


def bare_player(value: str) -> str | None:
    """The id of a value written before the cookie was signed (a bare id), else None."""
    return value if is_player_id(value) else None


def _signature(player: str, key: str) -> str:
    return hmac.new(key.encode(), f"player:{player}".encode(), hashlib.sha256).hexdigest()[:SIGNATURE_LENGTH]
