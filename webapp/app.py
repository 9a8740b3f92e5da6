"""The application factory: configuration, extensions and routes in one place."""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from cachelib.file import FileSystemCache
from flask import Flask
from flask_session import Session
from flask_wtf.csrf import CSRFProtect

from webapp import views

ROOT = Path(__file__).resolve().parent.parent
DEFAULTS: dict[str, Any] = {
    "SESSION_TYPE": "cachelib",
    "SESSION_PERMANENT": True,
    "PERMANENT_SESSION_LIFETIME": timedelta(days=30),
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_STORE_LIMIT": 10_000,  # games kept on disk; the oldest go first
    "WTF_CSRF_TIME_LIMIT": None,  # the token lives as long as the session
}


def create_app(test_config: Mapping[str, Any] | None = None,
               instance_path: str | os.PathLike[str] | None = None) -> Flask:
    """Build the app: defaults, then the environment, then test_config."""
    app = Flask(
        __name__,
        instance_path=os.fspath(instance_path) if instance_path else None,
        instance_relative_config=True,
        template_folder=ROOT / "templates",
        static_folder=ROOT / "static",
    )
    app.config.from_mapping(DEFAULTS)
    if os.environ.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ["SECRET_KEY"]
    app.config.update(test_config or {})

    os.makedirs(app.instance_path, exist_ok=True)
    app.config["SECRET_KEY"] = app.config.get("SECRET_KEY") or _instance_secret(app.instance_path)
    app.config.setdefault("SESSION_CACHELIB", _disk_store(app))

    Session(app)
    CSRFProtect(app)
    app.register_blueprint(views.bp)
    app.jinja_env.globals["htmx_js"] = _vendored_htmx(Path(app.static_folder))
    return app


def _instance_secret(instance_path: str) -> str:
    """A key generated at first start and kept, readable by this user only, in
    the instance folder, so sessions and CSRF tokens survive a restart.

    The key is written to a temporary file and linked into place: a link
    appears whole or not at all, so workers starting together agree on one key.
    """
    path = Path(instance_path, "secret_key")
    if not path.exists():
        fd, draft = tempfile.mkstemp(dir=instance_path)  # created with mode 0600
        with os.fdopen(fd, "w") as file:
            file.write(secrets.token_hex(32))
        try:
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            os.unlink(draft)
    return path.read_text().strip()


def _disk_store(app: Flask) -> FileSystemCache:
    """The embedded session store: one file per browser under instance/, so a
    restart loses no game; at most SESSION_STORE_LIMIT files, expired ones and
    then the oldest pruned first."""
    lifetime = app.config["PERMANENT_SESSION_LIFETIME"]
    return FileSystemCache(
        os.path.join(app.instance_path, "sessions"),
        threshold=app.config["SESSION_STORE_LIMIT"],
        default_timeout=int(lifetime.total_seconds()),
        mode=0o600,
    )


def _vendored_htmx(static: Path) -> str:
    """The file name of the one vendored htmx, whose version is in its name;
    `make htmx` replaces it, and the page follows without an edit."""
    (found,) = sorted(path.name for path in static.glob("htmx-*.min.js"))
    return found
