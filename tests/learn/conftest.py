"""What the learning runs' tests share: where the runs are kept, on each store
in turn; an app whose engine workers are elsewhere (the runs wait, queued,
so a test sees one under way); and pools of real workers, stopped after the test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from jinja2 import FileSystemBytecodeCache
from redis import Redis

from webapp.app import create_app
from webapp.storage.where import Where
from webapp.workers.pool import EnginePool


@pytest.fixture(params=["disk", pytest.param("redis", marks=pytest.mark.live)])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> Where:
    """The instance folder's file, or a database of the test Redis server's
    that these tests have to themselves, emptied first; Redis only for the live tests."""
    if request.param == "disk":
        return Where(None, str(tmp_path))
    url = request.getfixturevalue("redis_server").url.rsplit("/", 1)[0] + "/2"
    Redis.from_url(url).flushdb()
    return Where(url, str(tmp_path))


@pytest.fixture
def queued_app(instance: Path, compiled_templates: FileSystemBytecodeCache) -> Flask:
    """An app whose jobs wait in the queue, no worker taking them: a run stays under way.
    Behind one proxy, so that a test's browsers are told apart by the address it gives them (from_address)."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test key", "ENGINE_WORKERS": "external", "TRUSTED_PROXIES": 1},
                     instance_path=instance)
    app.jinja_env.bytecode_cache = compiled_templates
    return app


@pytest.fixture
def worker_pool(tmp_path: Path) -> Iterator[EnginePool]:
    """A pool with one real worker process on this machine, stopped with the test."""
    pool = EnginePool("local", str(tmp_path), workers=1)
    yield pool
    pool.stop()
