"""Who this browser is signed in as: an account's id and name, kept in the session's "accounts" part.

The accounts feature signs a browser in and out; every feature may ask who
is signed in (the lobby's seeks, a rated game's seats, the header), and none
but accounts writes it. It lives here, below the features, so that asking
never imports the accounts feature.

A session signed in by making its account says so (signed_up): the play
feature then carries this browser's finished games, score and MENACE into
the account, once (webapp.play.kept). A session signed in to an account
that was there already leaves the browser's own to the browser.
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
    signed_up: bool = False  # this session made the account (a session of before it was kept reads False)


def signed_in(session: Mapping[str, Any]) -> SignedIn | None:
    """The account this session is signed in as; None for an anonymous visitor (or a part not of this shape)."""
    kept = part(session, SESSION_PART)
    account_id, name = kept.get("id"), kept.get("name")
    if isinstance(account_id, int) and isinstance(name, str):
        return SignedIn(account_id, name, kept.get("signed_up") is True)
    return None


def keep_signed_in(session: MutableMapping[str, Any], account_id: int, name: str, signed_up: bool = False) -> None:
    """Keep in session that it is signed in as this account, and whether it made it (signed_up): the
    accounts feature's to call, after a new session id."""
    keep_part(session, SESSION_PART, {"id": account_id, "name": name, "signed_up": signed_up})


def forget_signed_in(session: MutableMapping[str, Any]) -> None:
    """Forget the account this session was signed in as."""
    session.pop(SESSION_PART, None)
