"""What the examinations' tests share: where they are kept, on each store in turn."""

from __future__ import annotations

from pathlib import Path

import pytest
from redis import Redis

from webapp.storage.where import Where


@pytest.fixture(params=["disk", pytest.param("redis", marks=pytest.mark.live)])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> Where:
    """The instance folder's file, or a database of the test Redis server's
    (7) that these tests have to themselves, emptied first; Redis only for the live tests."""
    if request.param == "disk":
        return Where(None, str(tmp_path))
    url = request.getfixturevalue("redis_server").url.rsplit("/", 1)[0] + "/7"
    Redis.from_url(url).flushdb()
    return Where(url, str(tmp_path))
