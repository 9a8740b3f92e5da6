"""What the accounts' tests share: where the accounts are kept, on each store
in turn; a hasher as cheap as argon2id allows (the default takes a good part
of a second a hash, and these tests hash dozens); and apps whose accounts use it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from flask import Flask
from jinja2 import FileSystemBytecodeCache
from redis import Redis

from tests.support import Visitor
from webapp.accounts.store import accounts_store
from webapp.app import create_app
from webapp.storage.where import Where

CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
"""argon2id at its least cost: what the tests check is the same at any cost."""


@pytest.fixture(params=["disk", pytest.param("redis", marks=pytest.mark.live)])
def where(request: pytest.FixtureRequest, tmp_path: Path) -> Where:
    """The instance folder's file, or a database of the test Redis server's
    that these tests have to themselves, emptied first; Redis only for the live tests."""
    if request.param == "disk":
        return Where(None, str(tmp_path))
    url = request.getfixturevalue("redis_server").url.rsplit("/", 1)[0] + "/3"
    Redis.from_url(url).flushdb()
    return Where(url, str(tmp_path))


@pytest.fixture
def make_app(instance: Path, compiled_templates: FileSystemBytecodeCache) -> Callable[..., Flask]:
    """An app with these settings, its accounts hashed with CHEAP; behind one
    proxy, so that a test's browsers are told apart by the address they give (from_address)."""
    def made(**config: Any) -> Flask:
        app = create_app({"TESTING": True, "SECRET_KEY": "test key", "TRUSTED_PROXIES": 1, **config},
                         instance_path=instance)
        app.jinja_env.bytecode_cache = compiled_templates
        app.extensions["accounts"] = accounts_store(Where(app.config["REDIS_URL"], app.instance_path), CHEAP)
        return app
    return made


@pytest.fixture
def app(make_app: Callable[..., Flask]) -> Flask:
    return make_app()


def from_address(app: Flask, address: str = "192.0.2.1") -> Visitor:
    """A browser of its own, from this address (as the proxy in front says)."""
    client = app.test_client()
    client.environ_base["HTTP_X_FORWARDED_FOR"] = address
    return Visitor(client)
