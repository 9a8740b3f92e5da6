"""Fixtures every level shares: a fresh app per test, with its own instance
folder (its templates compiled once for the whole session), and a visitor's
test client; redis-server and the app under gunicorn
for the tests that need them (marked live, so that `make check` leaves them
to `make test`). The browser's fixtures are in browser/conftest.py."""

from __future__ import annotations

import os

# One BLAS thread, set before numpy is first imported: the network's matrices
# are small, and OpenBLAS's threads fighting over two shared cores made its
# tests twenty times slower (as `make train` says too).
os.environ["OPENBLAS_NUM_THREADS"] = "1"

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from jinja2 import FileSystemBytecodeCache

from harness.browsing import BROWSER_BUDGET_MS
from harness.servers import ONE_ADDRESS_FOR_MANY, AppServer, RedisServer, in_a_thread, outside_checkout
from tests import reads
from tests.reach import Reach
from tests.support import Visitor
from webapp.app import create_app
from webapp.engine import BOARDS, Position


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


@pytest.fixture(scope="module", params=["disk", "redis"])
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
           redis_server: RedisServer) -> Iterator[AppServer]:
    """The app under gunicorn, as `make serve` runs it with four workers, on each store in turn.
    One server a store for a module's tests: each of them plays its own
    games through browsers of its own, and none stops or restarts it (those
    that do start servers of their own); a start is a master, four workers
    and their engine workers, some 3 CPU-seconds."""
    store = {"REDIS_URL": redis_server.url} if request.param == "redis" else {}
    server = AppServer(tmp_path_factory.mktemp("served") / "instance", workers=4, **store).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app in a thread of this test process, its engine workers running
    and answering before the first test: they start with the first move
    otherwise, and a busy machine took longer than a click's wait to start them."""
    app = create_app({"SECRET_KEY": "browser tests", "ENGINE_BUDGET_MS": BROWSER_BUDGET_MS,
                      **{name: int(most) for name, most in ONE_ADDRESS_FOR_MANY.items()}},
                     instance_path=tmp_path_factory.mktemp("instance"))
    engines = app.extensions["engines"]
    with in_a_thread(app) as address:
        try:
            engines.think(Position(BOARDS["3x3"]), BROWSER_BUDGET_MS)
            yield address
        finally:
            engines.stop()


@pytest.fixture(params=[pytest.param(Reach(whole=False), id="sample", marks=pytest.mark.sample),
                        pytest.param(Reach(whole=True), id="whole", marks=pytest.mark.thorough)])
def reach(request: pytest.FixtureRequest) -> Reach:
    """A claim's whole ground in make test, a seeded sample of it in make check (tests/reach.py)."""
    return request.param


@pytest.fixture
def instance(tmp_path: Path) -> Path:
    return tmp_path / "instance"


@pytest.fixture(scope="session")
def compiled_templates(tmp_path_factory: pytest.TempPathFactory) -> FileSystemBytecodeCache:
    """Jinja's cache of compiled templates, shared by the session's apps:
    compiling the play page's templates took most of each fresh app's first
    request (about 80 ms of 90). A template whose source changes is
    compiled again."""
    return FileSystemBytecodeCache(str(tmp_path_factory.mktemp("templates")))


@pytest.fixture
def app(instance: Path, compiled_templates: FileSystemBytecodeCache) -> Flask:
    app = create_app({"TESTING": True, "SECRET_KEY": "test key"}, instance_path=instance)
    app.jinja_env.bytecode_cache = compiled_templates
    return app


@pytest.fixture
def visitor(app: Flask) -> Visitor:
    return Visitor(app.test_client())


LIVE_FIXTURES = {"redis_server", "served"}


def pytest_addoption(parser: pytest.Parser) -> None:
    reads.add_option(parser)


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """After testmon's: make check's selection widens testmon's (tests/reads.py)."""
    reads.configure(config)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that starts redis-server or gunicorn is live, wherever it lives.
    The long tests go first, each module's in its order: pytest-xdist's test
    processes take the tail of one another's queues at the end, and a long
    test there left the others idle while it ran (docs/measurements-log.md, "The
    long tests first")."""
    for item in items:
        if LIVE_FIXTURES & set(getattr(item, "fixturenames", ())) or "/live/" in str(item.path):
            item.add_marker(pytest.mark.live)
    items.sort(key=lambda item: item.get_closest_marker("long") is None)
