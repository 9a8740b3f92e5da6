"""Fixtures: a fresh app per test, with its own instance folder; and for the
browser tests, Debian's chromium and a live server."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page
from werkzeug.serving import make_server

from tests.browsing import BROWSER_BUDGET_MS, CHROMIUM, CHROMIUM_ARGS
from tests.live import AppServer, RedisServer, outside_checkout
from tests.support import Visitor
from webapp.app import create_app


@pytest.fixture(scope="session", autouse=True)
def scratch_outside_the_checkout(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Tests write only under tmp_path: make sure it is not inside the checkout."""
    outside_checkout(tmp_path_factory.getbasetemp())


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    """Debian's redis-server on a free loopback port, for the whole session."""
    server = RedisServer().start()
    yield server
    server.stop()


@pytest.fixture(params=["disk", "redis"])
def served(request: pytest.FixtureRequest, tmp_path: Path, redis_server: RedisServer) -> Iterator[AppServer]:
    """The app under gunicorn, as `make serve` runs it with four workers, on each store in turn."""
    store = {"REDIS_URL": redis_server.url} if request.param == "redis" else {}
    server = AppServer(tmp_path / "instance", workers=4, **store).start()
    yield server
    server.stop()


@pytest.fixture
def instance(tmp_path: Path) -> Path:
    return tmp_path / "instance"


@pytest.fixture
def app(instance: Path) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "test key"}, instance_path=instance)


@pytest.fixture
def visitor(app: Flask) -> Visitor:
    return Visitor(app.test_client())


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core, which `make test` fetches from the npm registry into .venv/."""
    found = sorted(Path(sys.prefix).glob("axe-*.min.js"))
    if not found:
        pytest.fail("axe-core is missing: `make test` fetches it from the npm registry into .venv/")
    return found[-1].read_text()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    app = create_app({"SECRET_KEY": "browser tests", "ENGINE_BUDGET_MS": BROWSER_BUDGET_MS},
                     instance_path=tmp_path_factory.mktemp("instance"))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any], live_server: str) -> dict[str, Any]:
    return {**browser_context_args, "base_url": live_server}


@pytest.fixture
def page(page: Page) -> Iterator[Page]:
    """The page, failing the test on any script error in it."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    yield page
    assert errors == []
