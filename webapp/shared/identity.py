"""Who this browser is signed in as: an account's id and name, kept in the session's "accounts" part.

The accounts feature signs a browser in and out; every feature may ask who
is signed in (the lobby's seeks, a rated game's seats, the header), and none
but accounts writes it. It lives here, below the features, so that asking
never imports the accounts feature.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any, NamedTuple

from webapp.storage.session_parts import keep_part, part

SESSION_PART = "accounts"
"""The session's part that holds the signed-in account (its id and name)."""


class SignedIn(NamedTuple):
    """The account a browser is signed in as."""

    id: int
    name: str


def signed_in(session: Mapping[str, Any]) -> SignedIn | None:
    """The account this session is signed in as; None for an anonymous visitor (or a part not of this shape)."""
    kept = part(session, SESSION_PART)
    account_id, name = kept.get("id"), kept.get("name")
    if isinstance(account_id, int) and isinstance(name, str):
        return SignedIn(account_id, name)
    return None


def keep_signed_in(session: MutableMapping[str, Any], account_id: int, name: str) -> None:
    """Keep in session that it is signed in as this account (the accounts feature's to call, after a new session id)."""
    keep_part(session, SESSION_PART, {"id": account_id, "name": name})


def forget_signed_in(session: MutableMapping[str, Any]) -> None:
    """Forget the account this session was signed in as."""
    session.pop(SESSION_PART, None)
