"""`python -m tools.bench_lobby`: what a full lobby costs, on the embedded
store and on Redis: the lobby filled with SEEKS_OPEN seeks (the most it
holds), then the lobby's page drawn for a visitor (the list capped at
SEEKS_SHOWN) and one message of its stream (the list as one visitor sees it,
what every open lobby page costs at each change), each timed over many
requests through Flask's test client, in this process."""

from __future__ import annotations

import statistics
import time
from tempfile import TemporaryDirectory

from harness.servers import RedisServer
from webapp.app import create_app
from webapp.engine import BOARDS, Opening
from webapp.online.lobby import Colour, seek_made
from webapp.online.lobby_routes import _list_message
from webapp.online.shared_game import new_player_id

TIMES = 50


def measure(redis_url: str | None) -> tuple[float, float, int]:
    """Median milliseconds of the lobby's page and of one stream message, and the seeks open."""
    with TemporaryDirectory() as folder:
        app = create_app({"SECRET_KEY": "bench", "ENGINE_WORKERS": "inline", "REDIS_URL": redis_url},
                         instance_path=folder)
        store = app.extensions["lobby_seeks"]
        most = app.config["SEEKS_OPEN"]
        for _ in range(most):
            store.add(seek_made(new_player_id(), None, BOARDS["15x15"], Opening(), "5+3", False, Colour.RANDOM,
                                None, None), most)
        client = app.test_client()
        client.get("/lobby")
        pages, messages = [], []
        for _ in range(TIMES):
            started = time.perf_counter()
            assert client.get("/lobby").status_code == 200
            pages.append(time.perf_counter() - started)
            with app.test_request_context("/lobby/events"):
                started = time.perf_counter()
                _list_message(1, new_player_id(), None)
                messages.append(time.perf_counter() - started)
        return statistics.median(pages) * 1000, statistics.median(messages) * 1000, len(store.open_seeks())


def main() -> None:
    redis = RedisServer().start()
    try:
        for kept, url in (("sqlite", None), ("redis", redis.url)):
            page, message, open_seeks = measure(url)
            print(f"{kept}: {open_seeks} seeks open; the lobby's page p50 {page:.1f} ms, "
                  f"a stream's message p50 {message:.1f} ms")
    finally:
        redis.stop()


if __name__ == "__main__":
    main()
