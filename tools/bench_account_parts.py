"""`python -m tools.bench_account_parts`: what keeping a signed-in account's score, My games and MENACE in
the account parts costs (webapp.play.kept, webapp.storage.account_parts). On each store (an SQLite file in a
fresh instance folder; a redis-server of its own on loopback), through the app's test client as a browser
without JavaScript uses it: a move of two people at one screen on 4×4 (POST /move, no engine) anonymous and
signed in, timed, each browser with My games full; the first game page after a sign-up, which carries the
browser's 20 finished games in; and the bytes of the largest part My games can make (20 games of 225 moves)
against the store's bound."""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from tempfile import TemporaryDirectory

from argon2 import PasswordHasher
from flask import Flask

from harness.servers import ONE_ADDRESS_FOR_MANY, RedisServer
from tests.support import Visitor
from webapp.accounts.store import accounts_store
from webapp.app import create_app
from webapp.engine import BOARDS
from webapp.play.match import HISTORY_LENGTH
from webapp.storage.account_parts import MAX_PART_BYTES
from webapp.storage.where import Where

CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
"""The sign-up's hash at its least cost: what is timed here is the parts, not argon2id."""


def an_app(folder: Path, redis_url: str | None) -> Flask:
    config = {"TESTING": True, "SECRET_KEY": "bench", **{key: int(most) for key, most in ONE_ADDRESS_FOR_MANY.items()}}
    app = create_app({**config, "REDIS_URL": redis_url} if redis_url else config, instance_path=folder)
    app.extensions["accounts"] = accounts_store(Where(redis_url, str(folder)), CHEAP)
    return app


def post(visitor: Visitor, path: str, fields: dict[str, str]) -> None:
    answer = visitor.post(path, fields, htmx=False)
    assert answer.status_code == 303, (path, answer.status_code)


def friends_game(visitor: Visitor) -> None:
    """Two people on 4×4: X, O, and X resigns: a finished game, in the score and My games."""
    post(visitor, "/new", {"board": "4x4", "x": "human", "o": "human"})
    post(visitor, "/move", {"cell": "5", "ply": "0"})
    post(visitor, "/move", {"cell": "6", "ply": "1"})
    post(visitor, "/resign", {"ply": "2"})


def move_times(visitor: Visitor, moves: int) -> list[float]:
    """Milliseconds each of moves moves took (a new 4×4 game whenever one would fill the board)."""
    times = []
    for count in range(moves):
        if count % 8 == 0:
            post(visitor, "/new", {"board": "4x4", "x": "human", "o": "human"})
        ply = count % 8
        start = time.perf_counter()
        post(visitor, "/move", {"cell": str(ply), "ply": str(ply)})
        times.append((time.perf_counter() - start) * 1000)
    return times


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def median_p90(times: list[float]) -> str:
    ordered = sorted(times)
    return f"median {statistics.median(ordered):.2f} ms, p90 {ordered[int(len(ordered) * 0.9)]:.2f} ms"


def report(store: str, app: Flask, moves: int) -> None:
    anonymous, member = Visitor(app.test_client()), Visitor(app.test_client())
    for _ in range(HISTORY_LENGTH):  # My games full, as the member's will be: each request reads them
        friends_game(anonymous)
    move_times(anonymous, 20)  # warm: templates compiled, connections open
    anonymous.client.get("/")
    print(f"{store}: an anonymous move, {moves} moves: {median_p90(move_times(anonymous, moves))}")
    for _ in range(HISTORY_LENGTH):
        friends_game(member)
    post(member, "/signup", {"name": f"bench_{store}", "password": "correct horse battery"})
    carry_ms = timed(lambda: member.client.get("/"))
    again = [timed(lambda: member.client.get("/")) for _ in range(20)]
    before = [timed(lambda: anonymous.client.get("/")) for _ in range(20)]
    print(f"{store}: the first game page after sign-up, carrying {HISTORY_LENGTH} games: {carry_ms:.1f} ms; "
          f"the next 20: {median_p90(again)}; an anonymous browser's 20: {median_p90(before)}")
    move_times(member, 20)
    print(f"{store}: a signed-in move, {moves} moves: {median_p90(move_times(member, moves))}")


def largest_part() -> None:
    """The bytes of play's part with My games full of 15×15 games of 225 moves (every cell, as a link
    names them: legal or not, they are the longest a game can be)."""
    rules = BOARDS["15x15"]
    moves = "-".join(rules.cell_name(cell) for cell in range(rules.cells))
    game = {"board": "15x15-renju", "x": "human", "o": "master", "moves": moves, "opening": "rif",
            "finished": "2026-12-07"}
    part = {"score": {f"master@15x15-renju/{result}": 10**6 for result in ("win", "draw", "loss")},
            "history": [game] * HISTORY_LENGTH, "carried": True}
    size = len(json.dumps(part, separators=(",", ":")))
    print(f"play's largest part: {size:,} bytes ({HISTORY_LENGTH} games of {rules.cells} moves), "
          f"{size / MAX_PART_BYTES:.0%} of MAX_PART_BYTES ({MAX_PART_BYTES:,})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=200)
    arguments = parser.parse_args()
    largest_part()
    with TemporaryDirectory() as folder:
        report("sqlite", an_app(Path(folder) / "sqlite", None), arguments.moves)
        redis = RedisServer().start()
        try:
            report("redis", an_app(Path(folder) / "redis", redis.url), arguments.moves)
        finally:
            redis.stop()


if __name__ == "__main__":
    main()
