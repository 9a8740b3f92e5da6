"""The engine workers' tests' fixture: pools made for a test, and stopped after it."""

from __future__ import annotations

import pytest

from webapp.workers.pool import EnginePool


@pytest.fixture
def pools():
    """Make EnginePools as the app would; each one's consumer is stopped with the test."""
    made: list[EnginePool] = []

    def make(*args, **kwargs) -> EnginePool:
        made.append(EnginePool(*args, **kwargs))
        return made[-1]

    yield make
    for pool in made:
        pool.stop()
