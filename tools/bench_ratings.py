"""`python -m tools.bench_ratings`: what rating a game costs the change that ends it. On each store (an SQLite
file; a redis-server of its own on loopback), the games store's change that ends a game by resignation, timed
for unrated games and for rated ones (both players' ratings read, rated and written in the same transaction or
WATCH/MULTI), the players drawn from a pool so that each has a standing; and, with threads, how many rated
games ended at once between the same few players come out rated exactly once."""

from __future__ import annotations

import argparse
import random
import statistics
import threading
import time
from dataclasses import replace
from pathlib import Path
from tempfile import TemporaryDirectory

from harness.servers import RedisServer
from webapp.engine import BOARDS
from webapp.online.shared_game import SharedGame, new_code, new_game_id
from webapp.online.store import GameStore, games_store
from webapp.ratings.kinds import RatingKind
from webapp.shared.errors import Conflict
from webapp.storage.redis import redis_client

X_PLAYER, O_PLAYER = "a" * 32, "b" * 32


def a_game(rated: bool, rng: random.Random, players: int, prefix: str = "player") -> SharedGame:
    x, o = rng.sample(range(players), 2)
    game = SharedGame.create(BOARDS["15x15"], "X", X_PLAYER, new_game_id(), new_code()).join(O_PLAYER)[0]
    return replace(game, rated=rated, names=(f"{prefix}{x}", f"{prefix}{o}"))


def ending_times(store: GameStore, rated: bool, games: int, players: int) -> list[float]:
    """Milliseconds each ending change took."""
    rng, times = random.Random(2026), []
    for _ in range(games):
        game = a_game(rated, rng, players)
        store.create(game)
        start = time.perf_counter()
        store.change(game.id, lambda g: (*g.resign(O_PLAYER, g.ply), []))
        times.append((time.perf_counter() - start) * 1000)
    return times


def racing(store: GameStore, games: int, threads: int) -> tuple[int, int]:
    """games rated games among 4 players, each ended by `threads` resignations at once: games counted, expected."""
    rng = random.Random(7)
    for _ in range(games):
        game = a_game(True, rng, 4, "racer")
        store.create(game)
        start = threading.Barrier(threads)

        def resign(game: SharedGame = game, start: threading.Barrier = start) -> None:
            start.wait()
            try:
                store.change(game.id, lambda g: (*g.resign(O_PLAYER, g.ply), []))
            except Conflict:  # the others' are refused: the game is over
                pass

        workers = [threading.Thread(target=resign) for _ in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
    counted = sum(standing.games for number in range(4)
                  if (standing := store.ratings.standing(f"racer{number}", RatingKind.GOMOKU)))
    return counted, 2 * games


def report(name: str, store: GameStore, games: int, players: int) -> None:
    for rated in (False, True):
        times = sorted(ending_times(store, rated, games, players))
        print(f"{name} {'rated' if rated else 'unrated'}: median {statistics.median(times):.2f} ms, "
              f"p90 {times[int(len(times) * 0.9)]:.2f} ms, over {games} games")
    counted, expected = racing(store, 50, 4)
    print(f"{name} races: {counted} ratings counted of {expected} expected (50 games, 4 resignations at once each)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=50)
    arguments = parser.parse_args()
    with TemporaryDirectory() as folder:
        report("sqlite", games_store(None, folder, 3600, SharedGame.from_data), arguments.games, arguments.players)
        redis = RedisServer().start()
        try:
            store = games_store(redis_client(redis.url), str(Path(folder)), 3600, SharedGame.from_data)
            report("redis", store, arguments.games, arguments.players)
        finally:
            redis.stop()


if __name__ == "__main__":
    main()
