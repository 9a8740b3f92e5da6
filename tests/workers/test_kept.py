"""What the engine workers keep, on SQLite, on Redis and in memory: each
operation; the SQLite store's cap pruning the least recently used and its
age limit (on an injected clock); Redis's keys expiring, renewed by a write
or a read; and put_if_empty keeping one value when two stores ask at once."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from huey import SqliteHuey
from redis import Redis

from webapp.workers import kept as kept_module
from webapp.workers.kept import (
    KEPT_SECONDS,
    PREFIX,
    REFRESH_SECONDS,
    HueyKept,
    Kept,
    MemoryKept,
    RedisKept,
    SQLiteKept,
    kept_at,
)


class Clock:
    """A clock a test moves by hand."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def redis_url(request: pytest.FixtureRequest) -> str:
    """A database of the test Redis server's that these tests have to themselves, emptied first."""
    url = request.getfixturevalue("redis_server").url.rsplit("/", 1)[0] + "/2"
    Redis.from_url(url).flushdb()
    return url


@pytest.fixture(params=["sqlite", pytest.param("redis", marks=pytest.mark.live), "memory"])
def kept(request: pytest.FixtureRequest, tmp_path: Path) -> Kept:
    if request.param == "sqlite":
        return SQLiteKept(str(tmp_path / "engine-queue.sqlite3"))
    if request.param == "redis":
        return RedisKept(Redis.from_url(request.getfixturevalue("redis_url")))
    return MemoryKept()


def test_a_value_is_kept_under_its_name_and_a_put_replaces_it(kept: Kept):
    assert kept.get("appraisal:3:abc") is None
    kept.put("appraisal:3:abc", ("best", (1, 2), 0.5))
    assert kept.get("appraisal:3:abc") == ("best", (1, 2), 0.5)
    kept.put("appraisal:3:abc", {"changed": True})
    assert kept.get("appraisal:3:abc") == {"changed": True}


def test_what_is_kept_is_a_copy(kept: Kept):
    value = [1, 2]
    kept.put("list", value)
    value.append(3)
    assert kept.get("list") == [1, 2]


def test_put_if_empty_keeps_the_first_value_only(kept: Kept):
    assert kept.put_if_empty("job:queued", 10.0)
    assert not kept.put_if_empty("job:queued", 20.0)
    assert kept.get("job:queued") == 10.0


def test_a_count_adds_and_reads_apart_from_the_values(kept: Kept):
    assert kept.count("puzzles:mined", 0) == 0
    assert kept.count("puzzles:mined") == 1
    assert kept.count("puzzles:mined", 2) == 3
    assert kept.count("puzzles:mined", 0) == 3
    assert kept.get("puzzles:mined") is None and kept.get_many(["puzzles:mined"]) == {}


def test_get_many_reads_those_that_are_kept(kept: Kept):
    assert kept.get_many([]) == {}
    kept.put("a", 1)
    kept.put("c", (3,))
    assert kept.get_many(["a", "b", "c"]) == {"a": 1, "c": (3,)}


def test_the_sqlite_store_is_a_table_of_its_own_beside_the_queue(tmp_path: Path):
    path = str(tmp_path / "engine-queue.sqlite3")
    queue = SqliteHuey("engines", filename=path)
    kept = SQLiteKept(path)
    kept.put("appraisal:3:abc", "verdict")
    kept.count("puzzles:mined")
    assert queue.storage.result_store_size() == 0, "nothing in Huey's own store, which nothing bounds"
    queue.put("result", "huey's")
    assert queue.get("result") == "huey's" and kept.get("appraisal:3:abc") == "verdict"


def test_past_the_cap_the_least_recently_used_go(tmp_path: Path):
    clock = Clock()
    kept = SQLiteKept(str(tmp_path / "kept.sqlite3"), most=100, clock=clock)
    for number in range(110):
        kept.put(f"position:{number}", number)
        clock.now += 1
    clock.now += REFRESH_SECONDS
    assert kept.get("position:0") == 0  # read a day later: used now
    assert kept.prune() == 110 - 98
    kept_now = kept.get_many([f"position:{number}" for number in range(110)])
    assert sorted(kept_now) == sorted(["position:0", *(f"position:{number}" for number in range(13, 110))])


def test_the_cap_is_checked_at_the_first_write_and_every_so_many_after(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(kept_module, "PRUNE_EVERY", 10)
    clock = Clock()
    kept = SQLiteKept(str(tmp_path / "kept.sqlite3"), most=10, clock=clock)
    for number in range(20):
        kept.put(f"position:{number}", number)
        clock.now += 1
    # pruned at the first write (1 row) and the 11th (11 rows: down to 9), so 9 + 9 after it
    assert sorted(kept.get_many([f"position:{number}" for number in range(20)])) == \
        sorted(f"position:{number}" for number in range(2, 20))


def test_what_nobody_used_for_a_month_is_gone(tmp_path: Path):
    clock = Clock()
    kept = SQLiteKept(str(tmp_path / "kept.sqlite3"), clock=clock)
    kept.put("old", "verdict")
    kept.put_if_empty("queued", 1.0)
    kept.count("counted", 5)
    clock.now += KEPT_SECONDS + 1
    assert kept.get("old") is None and kept.get_many(["old"]) == {} and kept.count("counted", 0) == 0
    assert kept.put_if_empty("queued", 2.0) and kept.get("queued") == 2.0
    assert kept.count("counted") == 1
    assert kept.prune() == 1  # "old"; the others were written again


def test_a_read_renews_what_is_read_before_the_month_is_out(tmp_path: Path):
    clock = Clock()
    kept = SQLiteKept(str(tmp_path / "kept.sqlite3"), clock=clock)
    kept.put("read", 1)
    kept.put("unread", 2)
    clock.now += KEPT_SECONDS - 1
    assert kept.get_many(["read"]) == {"read": 1}
    clock.now += 2
    assert kept.get_many(["read", "unread"]) == {"read": 1}


@pytest.mark.live
def test_each_redis_key_expires_and_a_write_or_a_read_renews_it(redis_url: str):
    redis = Redis.from_url(redis_url)
    kept = RedisKept(Redis.from_url(redis_url))
    kept.put("put", 1)
    kept.put_if_empty("queued", 1.0)
    kept.count("counted")
    keys = [f"{PREFIX}put", f"{PREFIX}queued", f"{PREFIX}count:counted"]
    assert all(0 < redis.ttl(key) <= KEPT_SECONDS for key in keys)
    for key in keys:
        redis.expire(key, 100)
    kept.put("put", 2)
    kept.get("queued")
    kept.count("counted")
    assert all(redis.ttl(key) > 100 for key in keys)
    redis.expire(f"{PREFIX}put", 100)
    kept.get_many(["put"])
    assert redis.ttl(f"{PREFIX}put") > 100
    assert sorted(redis.keys("*")) == sorted(key.encode() for key in keys), "plain keys, under the prefix"


def another_process_reads(path: str, name: str) -> bool:
    """Whether a process of its own, opening the file and closing it (the last to, as it may think), finds name."""
    script = ("import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); "
              "print(db.execute('SELECT count(*) FROM kept WHERE name = ?', (sys.argv[2],)).fetchone()[0]); db.close()")
    return subprocess.run([sys.executable, "-c", script, path, name], capture_output=True, text=True,
                          check=True).stdout.strip() == "1"


def test_a_new_threads_connection_leaves_the_other_processes_seeing_this_ones_writes(tmp_path: Path):
    """Opening and closing the file itself (as making it private does) would drop every lock this process
    holds on it: another process closing the file would take itself for the last, and remove the WAL
    this one goes on writing to, unseen."""
    path = str(tmp_path / "engine-queue.sqlite3")
    kept = SQLiteKept(path)
    kept.put("first", 1)
    with ThreadPoolExecutor(1) as thread:
        thread.submit(kept.put, "in a thread", 2).result()
    assert another_process_reads(path, "in a thread")
    kept.put("after", 3)
    assert another_process_reads(path, "after")


def test_two_stores_on_one_file_keep_one_value_each_asked_for_at_once(tmp_path: Path):
    path = str(tmp_path / "engine-queue.sqlite3")
    two_at_once(SQLiteKept(path), SQLiteKept(path))


@pytest.mark.live
def test_two_stores_on_one_redis_keep_one_value_each_asked_for_at_once(redis_url: str):
    two_at_once(RedisKept(Redis.from_url(redis_url)), RedisKept(Redis.from_url(redis_url)))


def two_at_once(first: Kept, second: Kept) -> None:
    """Each of the two stores asks put_if_empty of the same names at once, in threads: one is told yes for
    each name, and its value is the one kept."""
    names = [f"job:{number}:queued" for number in range(200)]

    def ask(store: Kept, who: str) -> list[bool]:
        return [store.put_if_empty(name, who) for name in names]

    with ThreadPoolExecutor(2) as threads:
        firsts, seconds = threads.map(ask, (first, second), ("first", "second"))
    assert all(a != b for a, b in zip(firsts, seconds))
    kept = first.get_many(names)
    assert [kept[name] for name in names] == ["first" if won else "second" for won in firsts]


def test_the_store_follows_the_pools_mode(tmp_path: Path):
    assert isinstance(kept_at("inline", str(tmp_path)), MemoryKept)
    assert isinstance(kept_at("local", str(tmp_path), "redis://127.0.0.1:1/0"), RedisKept)  # no connection yet
    assert isinstance(kept_at("external", str(tmp_path)), SQLiteKept)
    assert os.path.exists(tmp_path / "engine-queue.sqlite3")


def test_what_was_kept_before_in_hueys_store_is_still_read_there(tmp_path: Path):
    """The puzzles' carry-over reads what the workers kept in Huey's store before this module's stores."""
    path = str(tmp_path / "engine-queue.sqlite3")
    queue = SqliteHuey("engines", filename=path)
    queue.put("puzzles:mined:1", "puzzle:7x7:d4")
    queue.storage.incr("puzzles:mined", 1)
    before, now = HueyKept(queue), SQLiteKept(path)
    assert before.count("puzzles:mined", 0) == 1 and now.count("puzzles:mined", 0) == 0
    assert before.get_many(["puzzles:mined:1", "puzzles:mined:2"]) == {"puzzles:mined:1": "puzzle:7x7:d4"}
    assert before.get("puzzles:mined:1") == "puzzle:7x7:d4" and now.get("puzzles:mined:1") is None
