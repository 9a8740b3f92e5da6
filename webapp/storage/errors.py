"""What a store raises when it cannot answer, as opposed to data it cannot read."""

from __future__ import annotations

import sqlite3

from redis.exceptions import RedisError


class StoreUnavailable(Exception):
    """The session store did not answer, or a session stayed locked too long."""


STORE_ERRORS = (RedisError, sqlite3.Error, StoreUnavailable)
"""Every error that means a store is away for now: the app answers 503 and the page tries again."""
