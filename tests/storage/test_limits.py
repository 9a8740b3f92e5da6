"""The limits' holds, on both stores: at most so many at once under a key,
let go one at a time, and gone by themselves after their time."""

from __future__ import annotations

from pathlib import Path

import pytest
from redis import Redis

from webapp.storage import limits
from webapp.storage.limits import RateLimits, rate_limits


@pytest.fixture(params=["disk", "redis"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> RateLimits:
    if request.param == "disk":
        return rate_limits(None, str(tmp_path))
    client = Redis.from_url(request.getfixturevalue("redis_server").url)
    client.flushdb()
    return rate_limits(client, str(tmp_path))


def test_at_most_so_many_holds_at_once_each_let_go_in_turn(store: RateLimits):
    assert [store.hold("engine:a", 2, 60) for _ in range(3)] == [True, True, False]
    assert store.hold("engine:b", 2, 60), "another key has holds of its own"
    store.release("engine:a")
    assert store.hold("engine:a", 2, 60) and not store.hold("engine:a", 2, 60)
    for _ in range(5):  # let go more often than held: never below none
        store.release("engine:a")
    assert [store.hold("engine:a", 2, 60) for _ in range(3)] == [True, True, False]


def test_holds_nobody_let_go_of_are_gone_after_their_time(store: RateLimits, monkeypatch: pytest.MonkeyPatch):
    assert store.hold("engine:a", 1, 60) and not store.hold("engine:a", 1, 60)
    if hasattr(store, "client"):
        assert 0 < store.client.ttl("online:hold:engine:a") <= 60
        store.client.expire("online:hold:engine:a", 0)  # what Redis does by itself after 60 s
    else:
        now = limits.time.time()
        monkeypatch.setattr(limits.time, "time", lambda: now + 61)
    assert store.hold("engine:a", 1, 60), "its process died holding it: the key is free again"
    store.release("engine:a")
    store.release("engine:a")
    assert store.hold("engine:a", 1, 60) and not store.hold("engine:a", 1, 60)
