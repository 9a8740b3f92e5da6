"""This browser's own MENACE, or the signed-in account's: the match teaches
it as it plays (webapp.play), and /learn shows what it has learned and
empties its boxes (webapp.learn). Both read and keep it here, so both see
the same one.

Anonymous, it is kept in the browser's session under a key of its own (a
part of the session no feature owns: webapp.storage.session_parts). Signed
in, it is the account's (its "my_menace" part in webapp.storage.account_parts,
given as parts), so that every browser signed in to the account plays and
shows the same MENACE; signed out, the browser's own again. Two browsers of
one account teaching it at the same moment: the last to keep it wins (a
MENACE's beads do not add up like a score's counts).

A session signed in by making its account (identity's signed_up) carries the
browser's MENACE into the account the first time it is read, once: the
account's then, no longer the browser's (signed out, the browser's MENACE
starts afresh, as lichess shows nothing of an account once signed out).
Should another browser have taught the new account's MENACE before this
one's first request, that one is kept and this browser's dropped.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any

from webapp.engine import Menace
from webapp.shared.errors import Conflict
from webapp.shared.identity import signed_in
from webapp.storage.account_parts import AccountParts, PartTooLarge

TOO_LARGE = ("Your MENACE has learned from more games than an account keeps a record of, so this game "
             "taught it nothing. Empty its boxes on the learning page to start it afresh.")
KEY = "my_menace"
"""The browser's MENACE's key in its session."""
PART = "my_menace"
"""The account's MENACE's part in the account parts: {"boxes": Menace.to_data()}, or {} for none."""


def read(session: Mapping[str, Any], parts: AccountParts | None = None) -> Menace:
    """The MENACE this session plays: the signed-in account's where parts are
    given (carrying the browser's into a new account first), else the
    browser's; a fresh one (empty boxes) if none is kept."""
    account = signed_in(session)
    if account is None or parts is None:
        return browsers(session)
    if account.signed_up and session.get(KEY) and isinstance(session, MutableMapping):
        _carry(session, account.id, parts)
    return _machine(parts.read(account.id, PART).get("boxes"))


def browsers(session: Mapping[str, Any]) -> Menace:
    """The browser's own MENACE, signed in or not."""
    return _machine(session.get(KEY))


def keep(session: MutableMapping[str, Any], machine: Menace, parts: AccountParts | None = None) -> None:
    """Keep machine where read() reads it: nothing until it has played; the
    account's part is written only when it changes (each move keeps the match).
    Conflict, keeping nothing, for one past what an account's part may hold
    (MAX_PART_BYTES: its results, a letter a game, after some 250,000 games)."""
    data = None if machine == Menace() else machine.to_data()
    account = signed_in(session)
    if account is None or parts is None:
        session[KEY] = data
    elif parts.read(account.id, PART).get("boxes") != data:
        try:
            parts.update(account.id, PART, lambda kept: {"boxes": data} if data else {})
        except PartTooLarge as error:
            raise Conflict(TOO_LARGE) from error


def emptied(machine: Menace) -> Menace:
    """A MENACE with empty boxes, knowing nothing, in machine's place; Conflict if machine has learned nothing yet."""
    if machine == Menace():
        raise Conflict("Your MENACE has not learned anything yet; there is nothing to reset.")
    return Menace()


def _machine(kept: Any) -> Menace:
    """The MENACE kept as to_data wrote it, or a fresh one."""
    return Menace.from_data(kept) if kept else Menace()


def _carry(session: MutableMapping[str, Any], account_id: int, parts: AccountParts) -> None:
    """The browser's MENACE, the new account's unless it has one already (one
    atomic step, so two requests at once carry it once); the browser's no more."""
    data = session.get(KEY)
    parts.update(account_id, PART, lambda kept: kept if kept.get("boxes") else {"boxes": data})
    session[KEY] = None
