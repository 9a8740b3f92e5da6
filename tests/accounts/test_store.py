"""The accounts' store, on SQLite and on Redis: one account a name whatever
its case, a password kept only as its argon2id hash and checked, a hash made
anew at sign-in when the hasher's parameters have grown, deletion (and the
name closed for good), a name two processes race for kept once, and the
bound on how many names the store keeps, whatever races."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from argon2 import PasswordHasher, extract_parameters

from tests.accounts.conftest import CHEAP
from webapp.accounts.store import (
    FILE,
    Account,
    NameClosed,
    NameTaken,
    RedisAccounts,
    SQLiteAccounts,
    StoreFull,
    accounts_store,
)
from webapp.storage.where import Where

PASSWORD = "correct horse battery"


def test_an_account_is_found_by_its_name_in_any_case(where: Where):
    store = accounts_store(where, CHEAP)
    assert store.find("Ada_L") is None
    made = store.create("Ada_L", PASSWORD, now=1_800_000_000.5)
    assert made == Account(made.id, "Ada_L", 1_800_000_000.5)
    assert store.find("ada_l") == store.find("ADA_L") == made
    assert accounts_store(where, CHEAP).find("Ada_L") == made  # another process, or the next start


def test_a_name_is_taken_whatever_its_case(where: Where):
    store = accounts_store(where, CHEAP)
    store.create("Ada_L", PASSWORD)
    with pytest.raises(NameTaken):
        store.create("aDA_l", "another password")
    assert store.find("ada_l").name == "Ada_L" and store.verify("Ada_L", PASSWORD) is not None


def test_the_password_is_checked_and_never_kept_in_the_clear(where: Where):
    store = accounts_store(where, CHEAP)
    made = store.create("Ada_L", PASSWORD)
    assert store.verify("ada_l", PASSWORD) == made
    assert store.verify("Ada_L", PASSWORD + "!") is None and store.verify("Ada_L", "") is None
    assert store.verify("Nobody", PASSWORD) is None
    kept = stored_hash(store, made)
    assert kept.startswith("$argon2id$") and PASSWORD not in kept
    if where.redis_url is None:
        assert PASSWORD.encode() not in b"".join(path.read_bytes() for path in tmp_files(where))


def test_a_hash_is_made_anew_at_sign_in_when_the_hasher_has_grown(where: Where):
    made = accounts_store(where, CHEAP).create("Ada_L", PASSWORD)
    stronger = PasswordHasher(time_cost=2, memory_cost=16, parallelism=1)
    store = accounts_store(where, stronger)
    assert store.verify("Ada_L", "wrong password") is None
    assert extract_parameters(stored_hash(store, made)).time_cost == 1  # not on a wrong password
    assert store.verify("Ada_L", PASSWORD) == made
    assert extract_parameters(stored_hash(store, made)) == extract_parameters(stronger.hash("x"))
    assert accounts_store(where, CHEAP).verify("Ada_L", PASSWORD) == made  # the new hash still checks


def test_a_deleted_account_is_gone_its_name_closed_and_its_id_never_given_again(where: Where):
    store = accounts_store(where, CHEAP)
    first = store.create("Ada_L", PASSWORD)
    assert not store.is_closed("Ada_L")
    assert store.delete(first) and not store.delete(first)
    assert store.find("Ada_L") is None and store.verify("Ada_L", PASSWORD) is None
    assert store.is_closed("ada_l") and accounts_store(where, CHEAP).is_closed("ADA_L")  # any process, any case
    for name in ("Ada_L", "ada_l"):
        with pytest.raises(NameClosed):
            store.create(name, PASSWORD)
    other = store.create("Grace_H", PASSWORD)
    assert other.id > first.id and not store.is_closed("Grace_H") and not store.is_closed("Nobody")
    assert store.find("Ada_L") is None and not store.delete(first)


def test_the_store_keeps_at_most_so_many_names_closed_ones_included(where: Where):
    store = accounts_store(where, CHEAP)
    ada, _ = store.create("Ada_L", PASSWORD, most=2), store.create("Grace_H", PASSWORD, most=2)
    with pytest.raises(StoreFull):
        store.create("Alan_T", PASSWORD, most=2)
    assert store.find("Alan_T") is None
    store.delete(ada)
    with pytest.raises(StoreFull):  # a deleted account's closed name still counts
        store.create("Alan_T", PASSWORD, most=2)
    with pytest.raises(NameTaken):  # a taken name is told as taken, full or not
        store.create("grace_h", PASSWORD, most=2)
    assert store.create("Alan_T", PASSWORD, most=3).name == "Alan_T"


def test_processes_racing_for_the_last_places_get_only_those(where: Where):
    def make(number: int) -> bool:
        try:
            accounts_store(where, CHEAP).create(f"Racer{number}", PASSWORD, most=3)
        except StoreFull:
            return False
        return True

    with ThreadPoolExecutor(4) as threads:
        made = list(threads.map(make, range(8)))
    assert made.count(True) == 3


def test_processes_racing_for_one_name_give_it_to_one(where: Where):
    def make(number: int) -> bool:
        try:
            accounts_store(where, CHEAP).create("Racer" if number % 2 else "rACER", PASSWORD)
        except NameTaken:
            return False
        return True

    with ThreadPoolExecutor(4) as threads:
        made = list(threads.map(make, range(8)))
    assert made.count(True) == 1


def test_the_sqlite_file_is_the_app_users_alone(tmp_path):
    store = accounts_store(Where(None, str(tmp_path)), CHEAP)
    store.create("Ada_L", PASSWORD)
    assert isinstance(store, SQLiteAccounts)
    assert os.stat(tmp_path / FILE).st_mode & 0o777 == 0o600


def stored_hash(store, account: Account) -> str:
    """The hash the store keeps for account, read as the store keeps it."""
    if isinstance(store, RedisAccounts):
        return store.client.hget(f"account:{account.id}", "hash").decode()
    return store._db().execute("SELECT hash FROM accounts WHERE id = ?", (account.id,)).fetchone()[0]


def tmp_files(where: Where) -> list[Path]:
    """The SQLite store's files: the database, its -wal and its -shm."""
    return [path for path in Path(where.instance_path).iterdir() if path.name.startswith(FILE)]
