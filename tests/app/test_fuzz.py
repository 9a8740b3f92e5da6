"""Every route, asked anything: random paths built from the app's own URL
rules, random methods, form fields, query strings, headers and sessions.
Whatever comes, the answer is never a 5xx: a bad request is refused with a
4xx and a message, and the app's error answers themselves never raise.

Each seed is a fixed run of requests, the same on every machine; a failure
names the request that got a 5xx, so it can be asked again by hand."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import pytest
from flask import Flask

from tests.support import Visitor

REQUESTS_PER_SEED = 300
SEEDS = [0, *(pytest.param(seed, marks=pytest.mark.thorough) for seed in range(1, 4))]
"""Seed 0 in make check; all four in make test."""

SEGMENTS = {
    "board": ["3x3", "4x4", "5x5", "7x7", "15x15", "9x9", "3X3", "", "%7B%7D", "%C3%A9", "x", "0x0", "3x3x3"],
    "moves": ["", "408", "a1-b2", "b2-a1-c3", "h8", "h8-h9-i8", "d4-e5", "a1-a1", "z9", "1-2-3", "%7B%7D",
              "%C3%A9", "-", "a1--b2", "99999999999999999999", "a0", "o15-a1", "h8-" * 40],
    "side": ["x", "o", "X", "O", "", "%C3%A9", "both"],
    "game_id": ["", "abc", "%00", "%C3%A9", "0" * 64],
    "seek_id": ["", "AAAAAAAAAAAA", "%00", "x" * 13],
    "blocked": ["bob_b", "a", "%C3%A9", "x" * 40],
    "filename": ["app.js", "style.css", "../pyproject.toml", "nothing.js", "%C3%A9"],
}
FIELDS = {
    "cell": ["0", "4", "8", "-1", "224", "225", "x", "", "4.5", "1e9", "٤"],
    "ply": ["0", "1", "2", "-1", "x", "", "999999999999999999999"],
    "step": ["0", "1", "-3", "x", "", "1e3"],
    "board": SEGMENTS["board"],
    "x": ["human", "perfect", "master", "menace", "network", "easy", "hard", "nobody", ""],
    "o": ["human", "perfect", "master", "menace", "random", "", "%00"],
    "moves": SEGMENTS["moves"],
    "coach": ["on", "off", "", "maybe"],
    "played": ["0", "1", "-1", "x", "", "99"],
    "code": ["", "ABCD", "abcd-efgh", "%C3%A9", "0" * 200],
    "side": SEGMENTS["side"],
    "back": ["", "/", "http://evil.example/", "x"],
    "after": ["", "0", "-1", "x", "9999999999"],
    "rule": ["freestyle", "standard", "renju", "", "x"],
    "opening": ["none", "swap2", "rif", "", "x"],
    "clock": ["none", "5+3", "1+0", ""],
    "colour": ["x", "o", "random", "", "purple"],
    "rated": ["rated", "casual", "", "x"],
    "range": ["any", "100", "250", "", "-1"],
    "name": ["bob_b", "", "a b", "x" * 30],
    "pool": ["15x15-5+3", "7x7-2+1", "5x5-1+1", "", "3x3-1+0", "%C3%A9", "x" * 300],
}
HEADERS = {
    "HX-Request": ["true", "false", ""],
    "Sec-Fetch-Site": ["same-origin", "cross-site", "same-site", "none", "guessing"],
    "Origin": ["http://localhost", "https://evil.example", "null"],
    "HX-Target": ["board", "li#move-3", "li#", "#"],
    "HX-Current-URL": ["http://localhost/", "http://evil.example/", "%C3%A9", ""],
    "Accept": ["text/html", "text/event-stream", "*/*"],
}
METHODS = ["GET", "POST", "PUT", "DELETE"]


@dataclass
class Asked:
    """One request, written so that a failure can be asked again by hand."""

    method: str
    path: str
    query: dict[str, str] = field(default_factory=dict)
    form: dict[str, str] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)


def fuzz_app(app: Flask) -> Flask:
    """The suite's app, with a short think and a stream that ends at once."""
    app.config.update(ENGINE_BUDGET_MS=10, STREAM_SECONDS=0.01)
    return app


def routes(app: Flask) -> list[tuple[str, str]]:
    """Each of the app's rules with each method it answers."""
    return sorted((rule.rule, method) for rule in app.url_map.iter_rules()
                  for method in rule.methods - {"HEAD", "OPTIONS"})


def asked_rules(rng: random.Random, rules: list[tuple[str, str]], count: int) -> list[tuple[str, str]]:
    """count rules to ask, each in turn in a shuffled order: every rule is asked, however many the app has."""
    order = rng.sample(rules, len(rules))
    return [order[number % len(order)] for number in range(count)]


def random_request(rng: random.Random, rule: str, method: str, game_ids: list[str]) -> Asked:
    """A path from one of the app's rules with each part drawn from its pool
    (or left as random text), mostly with a method the rule answers, and some
    fields, query and headers."""

    def part(match: re.Match[str]) -> str:
        name = match.group(1).split(":")[-1]
        pool = SEGMENTS.get(name, [""]) + (game_ids if name == "game_id" else [])
        return rng.choice(pool) if rng.random() < 0.9 else "".join(rng.choices("abc%/-.é9", k=rng.randint(0, 6)))

    path = re.sub(r"<([^>]+)>", part, rule) or "/"
    method = method if rng.random() < 0.85 else rng.choice(METHODS)
    draw = lambda pool: {name: rng.choice(values)
                         for name, values in rng.sample(sorted(pool.items()), rng.randint(0, 4))}
    return Asked(method, path, draw(FIELDS), draw(FIELDS), draw(HEADERS))


def session_of_some_kind(visitor: Visitor, rng: random.Random) -> None:
    """No session, or a game in play on some board, maybe against the computer."""
    if rng.random() < 0.3:
        return
    board = rng.choice(["3x3", "4x4", "7x7", "15x15"])
    visitor.post("/new", {"board": board, "o": rng.choice(["human", "master"])})
    visitor.move(0)


@pytest.mark.parametrize("seed", SEEDS)
def test_no_request_to_any_route_gets_a_server_error(app: Flask, seed: int):
    app = fuzz_app(app)
    rng = random.Random(seed)
    visitor = Visitor(app.test_client())
    session_of_some_kind(visitor, rng)
    game_ids = [visitor.client.post("/online", data={"board": "3x3"}).headers["Location"].rsplit("/", 1)[-1]]
    for number, (rule, method) in enumerate(asked_rules(rng, routes(app), REQUESTS_PER_SEED)):
        if number % 50 == 49:
            visitor = Visitor(app.test_client())
            session_of_some_kind(visitor, rng)
        asked = random_request(rng, rule, method, game_ids)
        response = visitor.client.open(asked.path, method=asked.method, query_string=asked.query,
                                       data=asked.form if asked.method != "GET" else None, headers=asked.headers)
        try:
            assert response.status_code < 500, f"{response.status_code} for {asked}"
        finally:
            response.close()


def test_the_fuzz_reaches_every_route_and_gets_answers_of_each_kind(app: Flask):
    """The random requests are not all refused at the door: every rule is
    asked, and ordinary answers come back beside refusals."""
    app = fuzz_app(app)
    rng = random.Random(0)
    rules = routes(app)
    asked = [random_request(rng, rule, method, []) for rule, method in asked_rules(rng, rules, REQUESTS_PER_SEED)]
    built = {(rule, method) for rule, method in rules
             if any(re.fullmatch(re.sub(r"<[^>]+>", ".*", rule), a.path) and a.method == method for a in asked)}
    assert built == set(rules)
    client = app.test_client()
    statuses = {client.open(a.path, method=a.method, query_string=a.query).status_code // 100 for a in asked[:100]}
    assert {2, 4} <= statuses
