"""Where a feature's state is kept, as a value a job can carry.

A feature's job that runs on the engine workers (a clock's flag, mining a
finished game for puzzles) runs in another process, often on another
machine, and opens the feature's store itself. The queue carries the job's
arguments pickled, and a store's connections do not travel, so the job is
handed where the store is instead: Redis at redis_url when it is set, else
the instance folder's files (which the workers on one machine share with
its web processes).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from redis import Redis

from webapp.storage.redis import redis_client


@dataclass(frozen=True)
class Where:
    """Where a feature keeps its state: Redis at redis_url, or else files in the instance folder."""

    redis_url: str | None
    instance_path: str

    def redis(self) -> Redis | None:
        """A new client for Redis, if the state is kept there (None: in the instance folder's files).
        Open it once a process, with the store that uses it: each client has its own pool."""
        return redis_client(self.redis_url) if self.redis_url else None

    def file(self, name: str) -> str:
        """The path of one of the instance folder's files, where the state is kept without Redis."""
        return os.path.join(self.instance_path, name)
