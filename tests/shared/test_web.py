"""The app's typed accessors (webapp.shared.web): the one way to what the app holds."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask

from webapp.shared.web import ENGINE_POOL, engine_pool
from webapp.workers.pool import EnginePool

WEBAPP = Path(__file__).resolve().parents[2] / "webapp"
ENGINES_BY_KEY = re.compile(r"""extensions(\[|\.get\(|\.setdefault\()\s*["']engines["']|["']engines["']\s+in\s""")


def test_engine_pool_is_the_apps_pool(app: Flask) -> None:
    with app.app_context():
        assert engine_pool() is app.extensions[ENGINE_POOL]
    assert isinstance(engine_pool(app), EnginePool)


def test_no_module_reaches_the_engine_pool_by_its_string_key() -> None:
    """Every feature asks engine_pool(): a string key hides the dependency from its imports and from a type checker."""
    found = [f"{path.relative_to(WEBAPP)}:{number}: {line.strip()}"
             for path in sorted(WEBAPP.rglob("*.py")) if path.name != "web.py" or path.parent.name != "shared"
             for number, line in enumerate(path.read_text().splitlines(), 1) if ENGINES_BY_KEY.search(line)]
    assert found == []
