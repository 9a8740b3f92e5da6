"""Your own MENACE: the browser's in its session, or, signed in, the
account's (its part in the account parts), and the browser's carried into
a new account once, on the SQLite store (both stores: tests/storage and
tests/accounts/test_carried_views.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from webapp.engine import Menace
from webapp.shared import my_menace
from webapp.shared.errors import Conflict
from webapp.shared.identity import keep_signed_in
from webapp.storage import account_parts
from webapp.storage.account_parts import account_parts_store
from webapp.storage.where import Where

GAME = (0, 3, 1, 4, 2)
"""X takes the top row."""
LEARNED = Menace().learn(GAME, "X")
"""A MENACE that has learned from one game, as X, which won."""


def test_anonymous_it_is_the_sessions_and_nothing_until_it_has_played(tmp_path: Path):
    parts, session = account_parts_store(Where(None, str(tmp_path))), {}
    my_menace.keep(session, Menace(), parts)
    assert session == {"my_menace": None} and my_menace.read(session, parts) == Menace()
    my_menace.keep(session, LEARNED, parts)
    assert my_menace.read(session, parts) == LEARNED and parts.accounts() == 0


def test_signed_in_it_is_the_accounts_and_the_browsers_waits_for_sign_out(tmp_path: Path):
    parts, session = account_parts_store(Where(None, str(tmp_path))), {"my_menace": LEARNED.to_data()}
    keep_signed_in(session, 7, "ada")  # an account made before: nothing carried
    assert my_menace.read(session, parts) == Menace()
    my_menace.keep(session, LEARNED.learn(GAME, "O"), parts)
    assert my_menace.read({"accounts": session["accounts"]}, parts) == LEARNED.learn(GAME, "O")  # any browser
    assert my_menace.browsers(session) == LEARNED
    assert my_menace.read(session) == LEARNED  # no parts given: the browser's


def test_a_new_accounts_first_read_carries_the_browsers_once_and_keeps_one_it_has(tmp_path: Path):
    parts = account_parts_store(Where(None, str(tmp_path)))
    session = {"my_menace": LEARNED.to_data()}
    keep_signed_in(session, 7, "ada", signed_up=True)
    assert my_menace.read(session, parts) == LEARNED and session["my_menace"] is None
    assert my_menace.read(session, parts) == LEARNED
    other = {"my_menace": Menace().learn(GAME, "O").to_data()}  # another browser signed up as 7, a race lost
    keep_signed_in(other, 7, "ada", signed_up=True)
    assert my_menace.read(other, parts) == LEARNED and other["my_menace"] is None


def test_one_past_what_an_account_keeps_is_refused_and_nothing_is_kept(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch):
    parts, session = account_parts_store(Where(None, str(tmp_path))), {}
    keep_signed_in(session, 7, "ada")
    my_menace.keep(session, LEARNED, parts)
    kept = len(json.dumps({"boxes": LEARNED.to_data()}, separators=(",", ":")))
    monkeypatch.setattr(account_parts, "MAX_PART_BYTES", kept)  # the part as it is fits; any more does not
    with pytest.raises(Conflict, match="more games than an account keeps"):
        my_menace.keep(session, LEARNED.learn(GAME, "X").learn(GAME, "X"), parts)
    assert my_menace.read(session, parts) == LEARNED
