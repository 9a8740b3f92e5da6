"""The application factory: configuration, extensions, each feature's routes,
and everything app-wide (error answers, template globals and filters) in one place."""

from __future__ import annotations

import os
import secrets
import sqlite3
import tempfile
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, render_template, request
from flask.typing import ResponseReturnValue
from flask_sec_fetch_csrf import CSRFError, SecFetchCSRF
from redis.exceptions import RedisError
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge, ServiceUnavailable
from werkzeug.middleware.proxy_fix import ProxyFix

from webapp.accounts import routes as account_routes
from webapp.accounts.store import ACCOUNTS_MOST
from webapp.analysis import routes as analysis_routes
from webapp.brains.external import Brain, configured, probe, settings_in
from webapp.engine import BOARDS, DEFAULT_BUDGET_MS, FREESTYLE, RULES, STANDARD, Opening, rules_offered
from webapp.engine.game.opening_rules import NAMES, OPENINGS, OpeningRule
from webapp.estimate import routes as estimate_routes
from webapp.examinations import routes as examination_routes
from webapp.learn import routes as learn_routes
from webapp.online import lobby_routes, pool_routes
from webapp.online import routes as online_routes
from webapp.online.clock import CLOCKS
from webapp.play import routes as play_routes
from webapp.puzzles import routes as puzzle_routes
from webapp.records import routes as records_routes
from webapp.review import routes as review_routes
from webapp.shared.errors import Refusal
from webapp.shared.lessons import LESSONS, place_of
from webapp.shared.players import PLAYERS
from webapp.shared.web import ENGINE_POOL, duration, is_htmx, let_go_of_engine_work, path, refused, reload_address
from webapp.shared.words import piece_shown, side_name
from webapp.storage.account_parts import account_parts_store
from webapp.storage.errors import StoreUnavailable
from webapp.storage.limits import rate_limits
from webapp.storage.private import private_folder
from webapp.storage.redis import redis_client
from webapp.storage.sessions import init_session_store, session_store_answers
from webapp.storage.where import Where
from webapp.think import routes as think_routes
from webapp.workers.pool import EnginePool, EnginesBusy

HERE = Path(__file__).resolve().parent


def _folder(name: str) -> Path:
    """templates/ or static/: inside the installed package, or at the top of the checkout."""
    installed = HERE / name
    return installed if installed.is_dir() else HERE.parent / name


DEFAULTS: dict[str, Any] = {
    "SESSION_IDLE_SECONDS": 30 * 24 * 3600,  # a game is kept this long after its last change
    "SESSION_STORE_LIMIT": 10_000,           # games kept on disk; expired, then fresh, then oldest, go first
    "NEW_SESSIONS_PER_HOUR": 100,            # sessions one client (address, IPv6 /64) may create in an hour
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SECURE": False,
    "HTTPS": False,                          # served over HTTPS: Secure, __Host- cookies and HSTS (docs/deploying.md)
    "SESSION_REFRESH_EACH_REQUEST": False,   # write a session only when it changes
    "REDIS_URL": None,
    "ENGINE_BUDGET_MS": DEFAULT_BUDGET_MS,   # how long master may think on the big boards
    "ENGINE_WORKERS": "local",               # master thinks on workers this app starts (see webapp/workers)
    "ENGINE_WORKER_COUNT": os.cpu_count() or 1,
    "STREAM_SECONDS": 300,                   # a game's event stream closes after this; the page reconnects
    "STREAMS_PER_PROCESS": 224,              # live streams one worker holds: below gunicorn's THREADS (256)
    "STREAMS_PER_PLAYER": 6,                 # live streams one browser holds in a worker: two tabs, a phone, room
    "STREAMS_PER_CLIENT": 24,                # live streams one client (address, IPv6 /64) holds in a worker
    "GAMES_PER_MINUTE": 10,                  # live games one browser may start in a minute
    "SEEKS_PER_MINUTE": 6,                   # seeks made, and seeks accepted, by one browser or account in a minute
    "SEEKS_OPEN": 300,                       # open seeks in the lobby, in all
    "POOL_JOINS_PER_MINUTE": 10,             # quick-pairing presses by one browser or account in a minute
    "POOL_ENTRIES_PER_ADDRESS": 8,           # players one client (address, IPv6 /64) may have waiting in the pools
    "POOL_MOST": 200,                        # players waiting in one pool (and mode), in all: a round's cost
    "ENGINE_PAGES_PER_MINUTE": 30,           # pages one client may have the engine workers work out in a minute
    "ENGINE_PAGES_AT_ONCE": 2,               # of those, how many may wait for the workers at once
    "REVIEWS_PER_MINUTE": 20,                # looks at reviews one client may have queue new appraisals, a minute
    "LEARNING_RUNS_PER_CLIENT": 2,           # learning runs one client (address, IPv6 /64) may have under way at once
    "ADDRESS_PER_MINUTE": 60,                # live games started, or codes tried, from one address in a minute
    "TRUSTED_PROXIES": 0,                    # proxies in front whose X-Forwarded-For/-Proto are believed
    "ENGINE_BRAINS": "",                     # external engines: "name=path,name=path" (webapp/brains/external.py)
    "ENGINE_BRAIN_SETTINGS": {},             # each one's INFO settings by name: ENGINE_BRAIN_<NAME>="key=value …"
    "REVIEW_ENGINE": "master",               # who appraises reviews' moves: master, or an external engine's name
    "CLOCKS": CLOCKS,                        # the clocks offered between friends: minutes + seconds a move
    "MAX_CONTENT_LENGTH": 512 * 1024,        # a request body's most bytes; the largest legit, a record file, is 256 KiB
    "SIGN_IN_TRIES_PER_CLIENT": 30,          # sign-ups, and sign-ins, one client may try in 15 minutes
    "ACCOUNT_PARTS_LIMIT": 10_000,           # accounts whose score, My games and MENACE are kept; idlest go first
    "SIGN_IN_TRIES_PER_NAME": 10,            # sign-ins (and sign-ups) one name may be tried with in 15 minutes
    "ACCOUNTS_MOST": ACCOUNTS_MOST,          # names the accounts' store keeps, accounts and deleted ones' closed names
}
ENVIRONMENT: dict[str, type] = {
    "SECRET_KEY": str, "REDIS_URL": str, "SESSION_COOKIE_SECURE": bool, "HTTPS": bool,
    "SESSION_IDLE_SECONDS": int, "SESSION_STORE_LIMIT": int, "NEW_SESSIONS_PER_HOUR": int, "ENGINE_BUDGET_MS": float,
    "ENGINE_WORKERS": str, "ENGINE_WORKER_COUNT": int,
    "STREAM_SECONDS": float, "STREAMS_PER_PROCESS": int, "STREAMS_PER_PLAYER": int,
    "STREAMS_PER_CLIENT": int, "GAMES_PER_MINUTE": int, "SEEKS_PER_MINUTE": int, "SEEKS_OPEN": int,
    "POOL_JOINS_PER_MINUTE": int, "POOL_ENTRIES_PER_ADDRESS": int, "POOL_MOST": int,
    "ADDRESS_PER_MINUTE": int, "ENGINE_PAGES_PER_MINUTE": int,
    "ENGINE_PAGES_AT_ONCE": int, "REVIEWS_PER_MINUTE": int,
    "LEARNING_RUNS_PER_CLIENT": int,
    "TRUSTED_PROXIES": int, "ENGINE_BRAINS": str, "REVIEW_ENGINE": str, "CLOCKS": str, "MAX_CONTENT_LENGTH": int,
    "SIGN_IN_TRIES_PER_CLIENT": int, "SIGN_IN_TRIES_PER_NAME": int, "ACCOUNT_PARTS_LIMIT": int,
    "ACCOUNTS_MOST": int,
}
HSTS_SECONDS_HEADER = "max-age=31536000"
"""Strict-Transport-Security when HTTPS is set: a year, this host only."""
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
        template_folder=_folder("templates"),
        static_folder=_folder("static"),
    )
    app.config.from_mapping(DEFAULTS)
    app.config.update(_from_environment())
    app.config.update(test_config or {})
    if app.config.get("TESTING") and "ENGINE_WORKERS" not in {**_from_environment(), **(test_config or {})}:
        app.config["ENGINE_WORKERS"] = "inline"  # a test's app thinks in its own thread unless it asks otherwise
    app.config["PERMANENT_SESSION_LIFETIME"] = timedelta(seconds=app.config["SESSION_IDLE_SECONDS"])
    if app.config["HTTPS"]:
        _serve_over_https(app)

    private_folder(app.instance_path)  # the secret key, every session and game: 0700, its files 0600
    app.config["SECRET_KEY"] = app.config.get("SECRET_KEY") or _instance_secret(app.instance_path)
    init_session_store(app)
    SecFetchCSRF(app)  # every POST from another site is refused: see docs/http.md
    url = app.config["REDIS_URL"]
    app.extensions["rate_limits"] = rate_limits(redis_client(url) if url else None, app.instance_path)
    app.extensions["account_parts"] = account_parts_store(Where(url, app.instance_path),
                                                          app.config["ACCOUNT_PARTS_LIMIT"])
    online_routes.init_app(app)
    lobby_routes.init_app(app)
    pool_routes.init_app(app)
    app.extensions[ENGINE_POOL] = EnginePool(app.config["ENGINE_WORKERS"], app.instance_path, app.config["REDIS_URL"],
                                             workers=app.config["ENGINE_WORKER_COUNT"], judge=_external_engines(app))
    puzzle_routes.init_app(app)
    account_routes.init_app(app)
    for routes in (play_routes, review_routes, puzzle_routes, think_routes, online_routes, lobby_routes, pool_routes,
                   learn_routes, records_routes, analysis_routes, estimate_routes, account_routes,
                   examination_routes):
        app.register_blueprint(routes.bp)
    app.extensions["refusal_pages"] = {"play": play_routes.refused, "online": online_routes.refused,
                                       "lobby": lobby_routes.refused, "pools": pool_routes.refused,
                                       "review": review_routes.refused, "puzzles": puzzle_routes.refused}
    _register_error_answers(app)
    app.add_url_rule("/healthz", view_func=healthz)
    app.add_template_global(path)
    app.jinja_env.globals.update(lessons=LESSONS, lesson_place=place_of)
    app.add_template_global(side_name)  # "X" on 3×3, "Black" on 15×15: every template names a side through it
    app.add_template_global(piece_shown)
    app.add_template_filter(duration)
    app.after_request(_add_security_headers)
    app.teardown_request(let_go_of_engine_work)
    if proxies := app.config["TRUSTED_PROXIES"]:  # the client's address, not the proxy's, for the rate limits
        # Werkzeug's way to put a middleware in front (its docs'): Flask's types call wsgi_app a method
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)  # type: ignore[method-assign]
    vendored = {name: _vendored(_folder("static"), name) for name in ("htmx", "hx-sse")}
    app.jinja_env.globals["vendored"] = vendored.__getitem__
    app.jinja_env.globals["opening_names"] = {rule: NAMES[rule] for rule in OPENINGS}  # the forms' choice
    ruled = [name for name, rules in BOARDS.items() if len(rules_offered(rules)) > 1]  # where a form shows openings
    app.jinja_env.globals["opening_places"] = {rule: _opening_places(rule, ruled) for rule in OPENINGS[1:]}
    app.jinja_env.trim_blocks = app.jinja_env.lstrip_blocks = True  # no blank lines from tags: a lighter swap
    return app


def _opening_places(rule: OpeningRule, ruled: list[str]) -> dict[str, str]:
    """Where the new-game form offers an opening rule (app.js reads it), as
    far as that is not everywhere the form shows openings: its rules where
    not freestyle and standard ("renju"), its boards where not all of those
    among ruled that have its rules (long pro's "15x15")."""
    opening = Opening(rule)
    rules = [each for each in RULES if any(opening.offered_on(BOARDS[name].with_rule(each)) for name in ruled)]
    boards = [name for name in ruled if any(opening.offered_on(BOARDS[name].with_rule(each)) for each in RULES)]
    ruled = [name for name in ruled if set(rules) & set(rules_offered(BOARDS[name]))]  # where its rules are
    places = {"rules": " ".join(rules) if rules != [FREESTYLE, STANDARD] else None,
              "boards": " ".join(boards) if boards != ruled else None}
    return {key: value for key, value in places.items() if value}


def _external_engines(app: Flask) -> Brain | None:
    """Probe the external engines ENGINE_BRAINS names, each asked which
    boards and rules it plays (a few seconds at start), and keep them in
    app.extensions["brains"], the one place the pages learn of them; say
    which of them judges reviews (REVIEW_ENGINE; None: master). ValueError,
    at start, for a configuration that cannot work."""
    settings = {**settings_in(os.environ, app.config["ENGINE_BRAINS"]), **app.config["ENGINE_BRAIN_SETTINGS"]}
    brains = [probe(brain) for brain in configured(app.config["ENGINE_BRAINS"], settings, PLAYERS)]
    for brain in brains:
        if brain.plays:
            app.logger.info("Engine %s (%s) plays %s", brain.name, brain.about, ", ".join(sorted(brain.plays)))
        else:
            app.logger.warning("Engine %s plays none of our boards, and is not offered", brain.name)
    # known once, here, those that play somewhere; handed to what needs them (shared.players.Roster)
    app.extensions["brains"] = tuple(brain for brain in brains if brain.plays)
    judge = app.config["REVIEW_ENGINE"]
    if judge == "master":
        return None
    found = [brain for brain in brains if brain.name == judge and brain.plays]
    if not found:
        raise ValueError(f"REVIEW_ENGINE is master or an engine ENGINE_BRAINS names that plays, not “{judge}”.")
    return found[0]


def _register_error_answers(app: Flask) -> None:
    """How the app answers what goes wrong, the same way on every route."""
    app.register_error_handler(Refusal, lambda error: refused(str(error), error.status))
    app.register_error_handler(CSRFError, cross_site)
    app.register_error_handler(StoreUnavailable, session_store_unavailable)
    app.register_error_handler(EnginesBusy, engines_busy)
    app.register_error_handler(RedisError, game_store_unavailable)
    app.register_error_handler(sqlite3.Error, game_store_unavailable)
    app.register_error_handler(RequestEntityTooLarge, too_large)
    app.register_error_handler(HTTPException, http_error)


def cross_site(error: CSRFError) -> ResponseReturnValue:
    """A POST that came from another site (its Sec-Fetch-Site or Origin says
    so): refused, the game unchanged, with the page saying why."""
    return refused("This came from another site, so nothing was changed. Play from this page.", 403)


def session_store_unavailable(error: StoreUnavailable) -> ResponseReturnValue:
    current_app.logger.warning("Session store unavailable: %s", error)
    unavailable = ServiceUnavailable("The game store is unavailable just now, so your game cannot be "
                                     "loaded or saved. Nothing was changed; please try again in a moment.")
    template = "_unavailable.html" if is_htmx() else "error.html"
    return render_template(template, error=unavailable), 503, {"Retry-After": "5"}


def engines_busy(error: EnginesBusy) -> ResponseReturnValue:
    """No engine worker answered in time: the move is not played (the
    session is stored only after a whole move), and the page says so; a page
    that asked for a position to be worked out says that instead."""
    current_app.logger.warning("Engines busy: %s", error)
    if request.blueprint in ("think", "estimate"):
        return http_error(ServiceUnavailable("The computer's engines are all busy just now, so this position "
                                             "could not be worked out. Please try again in a moment.",
                                             retry_after=5))
    busy = ServiceUnavailable("The computer's engines are all busy just now, so it could not answer your "
                              "move. Nothing was changed; please play it again in a moment.")
    template = "_unavailable.html" if is_htmx() else "error.html"
    return render_template(template, error=busy), 503, {"Retry-After": "5"}


def game_store_unavailable(error: Exception) -> ResponseReturnValue:
    """The store of games between friends did not answer (the session store's
    own failures come as StoreUnavailable)."""
    current_app.logger.warning("Game store unavailable: %s", error)
    unavailable = ServiceUnavailable("The game store is unavailable just now, so this game cannot be loaded "
                                     "or changed. Nothing was changed; please try again in a moment.")
    return render_template("error.html", error=unavailable), 503, {"Retry-After": "5"}


def too_large(error: RequestEntityTooLarge) -> ResponseReturnValue:
    """A body beyond MAX_CONTENT_LENGTH: 413, saying the limit, since
    werkzeug's own words ("exceeds the capacity limit") do not. A form whose
    one field or parts are beyond Flask's own limits keeps werkzeug's words."""
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    if limit is None or (request.content_length or 0) <= limit:
        return http_error(error)
    return http_error(RequestEntityTooLarge(f"That is more than {limit:,} bytes, more than anything on this site "
                                            "sends, so it was not read and nothing was changed."))


def http_error(error: HTTPException) -> ResponseReturnValue:
    """Any other HTTP error gets a page in the game's own style, with the
    error's own headers (Retry-After, Allow) kept; for htmx, a fragment."""
    headers = [(name, value) for name, value in error.get_headers() if name.lower() != "content-type"]
    if not is_htmx():
        return render_template("error.html", error=error), error.code or 500, headers
    fragment = render_template("_error.html", error=error, reload=reload_address(),
                               in_list=request.headers.get("HX-Target", "").startswith("li#"))
    return fragment, error.code or 500, headers


def healthz() -> tuple[str, int, dict[str, str]]:
    """For load balancers: 200 when the app and its session store answer."""
    plain_text = {"Content-Type": "text/plain; charset=utf-8"}
    if session_store_answers(current_app):
        return "ok\n", 200, plain_text
    return "session store unavailable\n", 503, plain_text


def _from_environment() -> dict[str, Any]:
    """The settings given as environment variables (see README), typed."""
    found: dict[str, Any] = {}
    for name, kind in ENVIRONMENT.items():
        raw = os.environ.get(name)
        if raw:
            found[name] = raw.lower() in ("1", "true", "yes") if kind is bool else kind(raw)
    return found


def _serve_over_https(app: Flask) -> None:
    """Over HTTPS: the session cookie Secure and named with the __Host- prefix
    (a browser then takes it only from this host over HTTPS, with path / and no
    Domain, so neither a sibling subdomain nor a plain-http page can plant one),
    and every answer carries HSTS."""
    app.config.update(SESSION_COOKIE_SECURE=True, SESSION_COOKIE_NAME="__Host-session",
                      SESSION_COOKIE_PATH="/", SESSION_COOKIE_DOMAIN=None)
    app.after_request(_add_hsts)


def _add_security_headers(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def _add_hsts(response: Response) -> Response:
    """Browsers come back over HTTPS only, for a year. Not includeSubDomains:
    this app speaks for its own host, not for the domain's other hosts."""
    response.headers.setdefault("Strict-Transport-Security", HSTS_SECONDS_HEADER)
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
