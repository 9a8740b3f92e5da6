"""Fixtures: a fresh app per test, with its own instance folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from tests.support import Visitor
from webapp.app import create_app


@pytest.fixture
def instance(tmp_path: Path) -> Path:
    return tmp_path / "instance"


@pytest.fixture
def app(instance: Path) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "test key"}, instance_path=instance)


@pytest.fixture
def visitor(app: Flask) -> Visitor:
    return Visitor(app.test_client())
