"""`python -m tools.bench_anonymise`: what deleting an account costs the ratings (issue 69). On each store (an
SQLite file; a redis-server of its own on loopback), `--accounts` players each with a standing in every rating
kind, each standing's recent list full (RECENT_LENGTH games); `--named` of those standings name the player who
is deleted. Times anonymise() (the name closed, its standings dropped, every standing read and those that name
it rewritten), and counts those that lost the name."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from tempfile import TemporaryDirectory

from harness.servers import RedisServer
from webapp.ratings.glicko2 import Rating, Score
from webapp.ratings.kinds import RatingKind
from webapp.ratings.standing import RECENT_LENGTH, Point, RecentGame, Standing
from webapp.ratings.store import RedisRatings, SQLiteRatings, ratings_store
from webapp.storage.redis import redis_client

DELETED = "Leaving"
NOW = 1_800_000_000.0


def standing(number: int, kind: RatingKind, named: bool) -> Standing:
    """Player number's standing in kind, its recent games full; the first against DELETED if named."""
    opponents = [DELETED if named and game == 0 else f"player{(number + game + 1) % 100_000}"
                 for game in range(RECENT_LENGTH)]
    recent = tuple(RecentGame(f"game{number}-{game}", NOW - game, opponent, Score.WIN, 8, kind.value,
                              "h8i9g7", {"resigned": "O"}) for game, opponent in enumerate(opponents))
    history = tuple(Point(NOW - game, 1500.0 + game, 80.0) for game in range(RECENT_LENGTH))
    return Standing(f"player{number}", kind, Rating(1600, 80, 0.06), RECENT_LENGTH, 0, 0, NOW, history, recent)


def plant(ratings: SQLiteRatings | RedisRatings, accounts: int, named: int) -> None:
    """accounts players' standings, every kind; the first `named` standings name DELETED."""
    standings = [standing(number, kind, index < named)
                 for index, (number, kind) in enumerate((number, kind) for number in range(accounts)
                                                        for kind in RatingKind)]
    if isinstance(ratings, RedisRatings):
        for start in range(0, len(standings), 1000):
            with ratings.client.pipeline(transaction=False) as pipe:
                ratings.write_queued(pipe, standings[start:start + 1000])
                pipe.execute()
        return
    with ratings._db.transaction() as db:
        db.executemany("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?)",
                       [(found.name.lower(), found.kind.value, found.rating.rating, found.games, found.last_played,
                         json.dumps(found.to_data())) for found in standings])


def report(name: str, ratings: SQLiteRatings | RedisRatings, accounts: int, named: int) -> None:
    plant(ratings, accounts, named)
    start = time.perf_counter()
    ratings.anonymise(DELETED)
    took = time.perf_counter() - start
    kinds = list(RatingKind)
    lost = sum(1 for index in range(named)
               if (found := ratings.standing(f"player{index // len(kinds)}", kinds[index % len(kinds)]))
               and found.recent[0].opponent is None)
    print(f"{name}: anonymise over {accounts * len(kinds)} standings ({named} naming the player): "
          f"{took * 1000:.0f} ms; {lost} of {named} anonymised; closed: {ratings.is_closed(DELETED)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--accounts", type=int, default=10_000)
    parser.add_argument("--named", type=int, default=200)
    arguments = parser.parse_args()
    with TemporaryDirectory() as folder:
        report("sqlite", ratings_store(None, folder), arguments.accounts, arguments.named)
        redis = RedisServer().start()
        try:
            report("redis", ratings_store(redis_client(redis.url), str(Path(folder))), arguments.accounts,
                   arguments.named)
        finally:
            redis.stop()


if __name__ == "__main__":
    main()
