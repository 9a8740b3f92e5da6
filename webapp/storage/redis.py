"""The Redis client the stores share: a bounded pool of connections its threads wait on."""

from __future__ import annotations

from redis import BlockingConnectionPool, Redis

REDIS_CONNECTIONS = 64
"""Connections one process keeps to Redis at most, shared by its threads."""
TIMEOUT_SECONDS = 2
"""How long a command, a connection, or a wait for a free connection may take before it fails."""


def redis_client(url: str) -> Redis:
    """A client whose threads share a bounded pool and wait, up to TIMEOUT_SECONDS, for a
    free connection: redis-py's default pool fails outright past 100, and a
    gthread worker runs 256 threads. Past the wait it raises a RedisError,
    which the app answers with 503."""
    pool = BlockingConnectionPool.from_url(url, max_connections=REDIS_CONNECTIONS, timeout=TIMEOUT_SECONDS,
                                           socket_timeout=TIMEOUT_SECONDS, socket_connect_timeout=TIMEOUT_SECONDS)
    return Redis(connection_pool=pool)


def text(reply: object) -> str:
    """A Redis reply as text: the client answers bytes, which every store here reads as UTF-8."""
    return reply.decode() if isinstance(reply, bytes) else str(reply)
