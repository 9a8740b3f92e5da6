"""The browser tests' fixtures: Debian's headless Chromium, a live server in a thread,
axe-core, and a page that fails its test on any script error."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from harness.browsing import CHROMIUM_ARGS, HEADLESS_CHROMIUM


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core, which `make test` fetches from the npm registry into .venv/."""
    found = sorted(Path(sys.prefix).glob("axe-*.min.js"))
    if not found:
        pytest.fail("axe-core is missing: `make test` fetches it from the npm registry into .venv/")
    return found[-1].read_text()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": HEADLESS_CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any], live_server: str) -> dict[str, Any]:
    return {**browser_context_args, "base_url": live_server}


@pytest.fixture
def page(page: Page, request: pytest.FixtureRequest) -> Iterator[Page]:
    """The page, failing the test on any script error in it, and on any error
    the console shows, but those the test's marker `expected_console_errors`
    names (a failed request's, where the test makes it fail)."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"script error: {error}"))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    yield page
    marker = request.node.get_closest_marker("expected_console_errors")
    expected = marker.args if marker else ()
    assert [error for error in errors if not any(words in error for words in expected)] == []
