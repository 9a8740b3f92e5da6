"""The account parts, on both stores: a part read back as kept, changed in
one atomic step (two processes' changes at once both count), dropped with
its account, refused past its size, and the accounts used longest ago
dropped past the store's bound."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from redis import Redis

from webapp.storage import account_parts
from webapp.storage.account_parts import MAX_PART_BYTES, AccountParts, PartTooLarge, account_parts_store
from webapp.storage.where import Where


@pytest.fixture(params=["disk", pytest.param("redis", marks=pytest.mark.live)])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> Where:
    """The instance folder's file, or a database of the test Redis server's, emptied first."""
    if request.param == "disk":
        return Where(None, str(tmp_path))
    url = request.getfixturevalue("redis_server").url.rsplit("/", 1)[0] + "/4"
    Redis.from_url(url).flushdb()
    return Where(url, str(tmp_path))


@pytest.fixture
def store(where: Where) -> AccountParts:
    return account_parts_store(where)


def test_a_part_reads_back_as_kept_and_each_feature_has_its_own(store: AccountParts):
    assert store.read(1, "play") == {}
    kept = store.update(1, "play", lambda part: {**part, "score": {"easy/win": 1}})
    assert kept == {"score": {"easy/win": 1}} == store.read(1, "play")
    store.update(1, "my_menace", lambda part: {"boxes": {"menace": 1}})
    assert store.read(1, "play") == {"score": {"easy/win": 1}} and store.read(2, "play") == {}
    store.update(1, "play", lambda part: {**part, "score": {"easy/win": part["score"]["easy/win"] + 1}})
    assert store.read(1, "play")["score"] == {"easy/win": 2} and store.accounts() == 1


def test_forget_drops_every_part_of_the_account_and_no_other(store: AccountParts):
    for account in (1, 2):
        store.update(account, "play", lambda part: {"games": [account]})
        store.update(account, "my_menace", lambda part: {"boxes": {}})
    store.forget(1)
    assert store.read(1, "play") == {} == store.read(1, "my_menace")
    assert store.read(2, "play") == {"games": [2]} and store.accounts() == 1


def test_changes_at_once_from_other_processes_all_count(where: Where):
    """Each thread its own store (its own connection, as another process has):
    read-change-write in one step, so no count is lost."""
    account_parts_store(where).update(7, "play", lambda part: {"count": 0})

    def add_ten() -> None:
        mine = account_parts_store(where)
        for _ in range(10):
            mine.update(7, "play", lambda part: {"count": part["count"] + 1})
    threads = [threading.Thread(target=add_ten) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert account_parts_store(where).read(7, "play") == {"count": 40}


def test_a_part_past_its_size_is_refused_and_nothing_is_kept(store: AccountParts):
    store.update(1, "play", lambda part: {"small": True})
    with pytest.raises(PartTooLarge):
        store.update(1, "play", lambda part: {"large": "x" * MAX_PART_BYTES})
    assert store.read(1, "play") == {"small": True}


def test_past_the_bound_the_account_used_longest_ago_is_dropped(where: Where, monkeypatch: pytest.MonkeyPatch):
    store = account_parts_store(where, most_accounts=2)
    clock = iter(range(1_000, 2_000))
    monkeypatch.setattr(account_parts.time, "time", lambda: float(next(clock)))
    store.update(1, "play", lambda part: {"n": 1})
    store.update(2, "play", lambda part: {"n": 2})
    store.update(1, "play", lambda part: {"n": 11})  # 1 used again: 2 is now the one used longest ago
    store.update(3, "play", lambda part: {"n": 3})
    assert store.accounts() == 2
    assert store.read(2, "play") == {} and store.read(1, "play") == {"n": 11} and store.read(3, "play") == {"n": 3}


def test_a_part_that_does_not_read_as_a_dict_reads_as_none(where: Where, store: AccountParts):
    store.update(1, "play", lambda part: {"n": 1})
    if where.redis_url:
        Redis.from_url(where.redis_url).hset("account-parts:1", "play", "[not a dict")
    else:
        import sqlite3
        with sqlite3.connect(where.file(account_parts.FILE)) as db:
            db.execute("UPDATE parts SET value = '[1, 2]' WHERE account = 1")
    assert store.read(1, "play") == {}
    assert store.update(1, "play", lambda part: {**part, "n": 2}) == {"n": 2}
