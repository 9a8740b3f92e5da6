"""One client floods the app in this process; what does it get, and what do others keep?

`make probe-floods`: from one address (behind TRUSTED_PROXIES=1, X-Forwarded-For),
cookie-less games started between friends, cookie-less moves into a store of
100 sessions that holds one person's game, and pages that put work on the engine
workers; each line the statuses, and what another client or the person still has.
The app runs in this process (its test client), so this probes the bounds, not
the server's speed. Issue 66's closing note pastes its lines.
"""

from __future__ import annotations

import argparse
import collections
import tempfile
from collections.abc import Iterable

from flask import Flask

from webapp.app import create_app

SAME_ORIGIN = {"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate"}
FLOODER, OTHER, PERSON = "198.51.100.1", "198.51.100.2", "198.51.100.9"


def app_with(instance: str, **config: object) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "probe", "TRUSTED_PROXIES": 1, **config},
                      instance_path=instance)


def tally(statuses: Iterable[int]) -> str:
    """Statuses as '303 × 10, 429 × 60'."""
    return ", ".join(f"{status} × {count}" for status, count in sorted(collections.Counter(statuses).items()))


def games_started(instance: str, count: int) -> str:
    app = app_with(instance)
    statuses = [app.test_client().post("/online", data={}, headers={**SAME_ORIGIN, "X-Forwarded-For": FLOODER})
                .status_code for _ in range(count)]
    return f"{count} cookie-less POST /online from one address: {tally(statuses)}"


def sessions_flooded(instance: str, count: int, limit: int = 100) -> str:
    app = app_with(instance, SESSION_STORE_LIMIT=limit)
    person, at_person = app.test_client(), {**SAME_ORIGIN, "X-Forwarded-For": PERSON}
    for path, data in (("/move", {"cell": "4", "ply": "0"}), ("/new", {}), ("/move", {"cell": "4", "ply": "0"})):
        person.post(path, data=data, headers=at_person)  # a person who played, came back, and plays
    before = person.get("/").text
    statuses = [app.test_client().post("/move", data={"cell": "4", "ply": "0"},
                                       headers={**SAME_ORIGIN, "X-Forwarded-For": FLOODER}).status_code
                for _ in range(count)]
    (stored,) = app.session_interface._db().execute("SELECT count(*) FROM sessions").fetchone()
    kept = "kept" if person.get("/").text == before else "lost"
    return (f"{count} cookie-less POST /move from one address, a store of {limit}: {tally(statuses)}; "
            f"{stored} sessions stored; the person's game {kept}")


def engine_pages(instance: str, count: int) -> str:
    app = app_with(instance)
    asked = "/depth/4x4/b2?depth=1"
    statuses = [app.test_client().get(asked, headers={"X-Forwarded-For": FLOODER}).status_code for _ in range(count)]
    other = app.test_client().get(asked, headers={"X-Forwarded-For": OTHER}).status_code
    return f"{count} GET {asked} (engine work) from one address: {tally(statuses)}; another address: {other}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=70, help="games started by the flooder")
    parser.add_argument("--moves", type=int, default=300, help="cookie-less moves by the flooder")
    parser.add_argument("--pages", type=int, default=40, help="engine pages asked by the flooder")
    options = parser.parse_args(argv)
    for probe, count in ((games_started, options.games), (sessions_flooded, options.moves),
                         (engine_pages, options.pages)):
        with tempfile.TemporaryDirectory() as instance:
            print(probe(instance, count), flush=True)


if __name__ == "__main__":
    main()
