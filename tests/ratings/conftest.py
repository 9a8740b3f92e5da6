"""What the ratings' tests share: a Redis database of their own, emptied before each test (the ratings' keys are
the same names in every test), and standings planted as the ratings' own writes keep them."""

from __future__ import annotations

import json

import pytest

from harness.servers import RedisServer
from webapp.online.store import GameStore
from webapp.ratings.standing import Standing
from webapp.ratings.store import RedisRatings, SQLiteRatings
from webapp.storage.redis import redis_client

RATINGS_DB = 9
"""The Redis database these tests use, emptied before each: the ratings' keys are the same names in every test."""


def redis_url(server: RedisServer) -> str:
    return server.url.rsplit("/", 1)[0] + f"/{RATINGS_DB}"


@pytest.fixture
def redis_for_ratings(redis_server: RedisServer) -> str:
    """The url of an empty Redis database of its own."""
    redis_client(redis_url(redis_server)).flushdb()
    return redis_url(redis_server)


def ratings_of(store: GameStore) -> SQLiteRatings | RedisRatings:
    return store.ratings  # type: ignore[attr-defined]


def plant(store: GameStore, standings: list[Standing]) -> None:
    """Keep standings as the ratings' own writes keep them (no game played)."""
    ratings = ratings_of(store)
    if isinstance(ratings, RedisRatings):
        with ratings.client.pipeline() as pipe:
            ratings.write_queued(pipe, standings)
            pipe.execute()
        return
    with ratings._db.transaction() as db:
        for standing in standings:
            db.execute("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?)",
                       (standing.name.lower(), standing.kind.value, standing.rating.rating, standing.games,
                        standing.last_played, json.dumps(standing.to_data())))
