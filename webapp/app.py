"""The application factory: configuration, extensions and routes in one place."""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask, Response
from flask_sec_fetch_csrf import SecFetchCSRF
from werkzeug.middleware.proxy_fix import ProxyFix

from webapp import online_views, think_views, views
from webapp.engine import DEFAULT_BUDGET_MS
from webapp.online_store import Hub, games_store
from webapp.store import init_session_store

ROOT = Path(__file__).resolve().parent.parent
DEFAULTS: dict[str, Any] = {
    "SESSION_IDLE_SECONDS": 30 * 24 * 3600,  # a game is kept this long after its last change
    "SESSION_STORE_LIMIT": 10_000,           # games kept on disk; expired, then oldest, go first
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SECURE": False,
    "SESSION_REFRESH_EACH_REQUEST": False,   # write a session only when it changes
    "REDIS_URL": None,
    "ENGINE_BUDGET_MS": DEFAULT_BUDGET_MS,   # how long master may think on the big boards
    "STREAM_SECONDS": 300,                   # a game's event stream closes after this; the page reconnects
    "STREAMS_PER_PROCESS": 224,              # live streams one worker holds: below gunicorn's THREADS (256)
    "GAMES_PER_MINUTE": 10,                  # live games one browser may start in a minute
    "ADDRESS_PER_MINUTE": 60,                # live games started, or codes tried, from one address in a minute
    "TRUSTED_PROXIES": 0,                    # proxies in front whose X-Forwarded-For/-Proto are believed
}
ENVIRONMENT: dict[str, type] = {
    "SECRET_KEY": str, "REDIS_URL": str, "SESSION_COOKIE_SECURE": bool,
    "SESSION_IDLE_SECONDS": int, "SESSION_STORE_LIMIT": int, "ENGINE_BUDGET_MS": float,
    "STREAM_SECONDS": float, "STREAMS_PER_PROCESS": int, "GAMES_PER_MINUTE": int, "ADDRESS_PER_MINUTE": int,
    "TRUSTED_PROXIES": int,
}
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
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
    app.config.update(_from_environment())
    app.config.update(test_config or {})
    app.config["PERMANENT_SESSION_LIFETIME"] = timedelta(seconds=app.config["SESSION_IDLE_SECONDS"])

    os.makedirs(app.instance_path, exist_ok=True)
    app.config["SECRET_KEY"] = app.config.get("SECRET_KEY") or _instance_secret(app.instance_path)
    init_session_store(app)
    SecFetchCSRF(app)  # every POST from another site is refused: see README, "Cross-site requests"
    games = games_store(app.config["REDIS_URL"], app.instance_path, app.config["SESSION_IDLE_SECONDS"])
    app.extensions.update(online_games=games, online_hub=Hub(games), online_streams=online_views.StreamCount())
    app.register_blueprint(views.bp)
    app.register_blueprint(online_views.bp)
    app.register_blueprint(think_views.bp)
    app.after_request(_add_security_headers)
    if proxies := app.config["TRUSTED_PROXIES"]:  # the client's address, not the proxy's, for the rate limits
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)
    vendored = {name: _vendored(Path(app.static_folder), name) for name in ("htmx", "hx-sse")}
    app.jinja_env.globals["vendored"] = vendored.__getitem__
    app.jinja_env.trim_blocks = app.jinja_env.lstrip_blocks = True  # no blank lines from tags: a lighter swap
    return app


def _from_environment() -> dict[str, Any]:
    """The settings given as environment variables (see README), typed."""
    found: dict[str, Any] = {}
    for name, kind in ENVIRONMENT.items():
        raw = os.environ.get(name)
        if raw:
            found[name] = raw.lower() in ("1", "true", "yes") if kind is bool else kind(raw)
    return found


def _add_security_headers(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def _instance_secret(instance_path: str) -> str:
    """A key generated at first start and kept, readable by this user only, in
    the instance folder, so that anything signed with it survives a restart
    (Flask's own signing; this app's sessions live server-side, and its forms
    carry no token).

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


def _vendored(static: Path, name: str) -> str:
    """The file name of the one vendored copy of htmx ("htmx") or of its SSE
    extension ("hx-sse"), whose version is in its name: `make htmx` replaces
    them, and the pages follow without an edit."""
    (found,) = sorted(path.name for path in static.glob(f"{name}-[0-9]*.min.js"))
    return found
