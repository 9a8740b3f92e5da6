"""Learning runs that a person starts and watches: MENACE or the network,
learning from nothing against the perfect player, a random player or
itself, on the engine workers a chunk of games at a time, never in a web
thread. No Flask here.

- A run's settings come from a form (Settings.parse), bounded: GAMES games
  at most for each learner, a seed up to MOST_SEED.
- It is split into CHUNKS chunks of games. Each chunk is one job on the
  workers (train_chunk, handed to EnginePool.later as a job in steps): it
  reads the learner from the feature's store, plays the chunk's games,
  measures the learner, and keeps it again, so progress is kept after each
  chunk, another worker can take the next one, and a page shows the curve
  as it grows.
- The curve is the share of positions where the learner's move keeps the
  position's value (webapp.engine.players.keeping): at game 0, then after each
  chunk. The same seed gives the same curve.
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Mapping
from typing import Any, NamedTuple

from webapp.engine.players.keeping import menace_share, network_share, random_share, wins_then_random_share
from webapp.engine.players.learning import LEARNERS, OPPONENTS, MenaceLearning
from webapp.learn.store import STALE_SECONDS, runs_at
from webapp.shared.errors import InvalidInput
from webapp.shared.forms import whole_number
from webapp.shared.words import quoted
from webapp.storage.where import Where

GAMES = {"menace": 10_000, "network": 2_000}
"""The most games a run may have, for each learner: on a quiet 2-core
machine about ten seconds of a worker's time either way (docs/measurements.md)."""
FEWEST_GAMES = 10
DEFAULT_GAMES = {"menace": 2_000, "network": 500}
MOST_SEED = 999_999
CHUNKS = 20
"""A run's games are split into this many chunks (fewer, for a run of fewer games): the curve's points after game 0."""
CHOICES = 4298
"""How many positions a share is measured on: len(keeping.choice_positions()), which a test checks."""
BASELINES = {"random": 0.558, "wins then random": 0.802, "fresh menace": 0.561}
"""The shares a lesson quotes before any run: keeping.random_share(),
wins_then_random_share() and menace_share(Menace.fresh()), to three places
(a test checks them), so that no web thread measures them."""
LEARNER_NAMES = {"menace": "MENACE", "network": "the network"}
OPPONENT_NAMES = {"perfect": "the perfect player", "random": "a random player", "itself": "itself"}


class Settings(NamedTuple):
    """What a run learns: which learner, against whom, from which seed, for how many games."""

    learner: str
    opponent: str
    seed: int
    games: int

    @classmethod
    def parse(cls, form: Mapping[str, str]) -> Settings:
        """The settings a start form sends; InvalidInput, saying what is wrong, for anything out of bounds."""
        learner, opponent = form.get("learner", ""), form.get("opponent", "")
        if learner not in LEARNERS:
            raise InvalidInput(f"There is no learner {quoted(learner)}; choose menace or network.")
        if opponent not in OPPONENTS:
            raise InvalidInput(f"There is no opponent {quoted(opponent)}; choose {', '.join(OPPONENTS)}.")
        seed = whole_number(form.get("seed", "").strip(), MOST_SEED)
        if seed is None:
            raise InvalidInput(f"A seed is a whole number from 0 to {MOST_SEED:,}, not {quoted(form.get('seed', ''))}.")
        games = whole_number(form.get("games", "").strip().replace(",", ""), GAMES[learner])
        if games is None or games < FEWEST_GAMES:
            name = LEARNER_NAMES[learner]
            raise InvalidInput(f"{name[0].upper()}{name[1:]} learns from {FEWEST_GAMES} to "
                               f"{GAMES[learner]:,} games in a run, not {quoted(form.get('games', ''))}.")
        return cls(learner, opponent, seed, games)

    @property
    def chunk(self) -> int:
        """How many games a chunk plays."""
        return math.ceil(self.games / CHUNKS)

    @property
    def title(self) -> str:
        """The run in words: "MENACE against the perfect player, seed 7, 2,000 games"."""
        name = LEARNER_NAMES[self.learner]
        return (f"{name[0].upper()}{name[1:]} against {OPPONENT_NAMES[self.opponent]}, seed {self.seed},"
                f" {self.games:,} games")


DEFAULTS = Settings("menace", "perfect", 1, DEFAULT_GAMES["menace"])


def new_run_id() -> str:
    """A run's name in its link: random, so that a run is seen only by those it is shared with."""
    return secrets.token_urlsafe(9)


def new_run(settings: Settings) -> tuple[dict[str, Any], dict[str, Any]]:
    """A run before its first chunk: its record (what its page shows) and its
    learner's state (a fresh learner: drawing the network's starting
    weights is only numbers from the seed, so it waits for the first chunk)."""
    now = time.time()
    record = {**settings._asdict(), "played": 0, "points": [], "seconds": [], "started": now, "moved": now,
              "finished": None}
    return record, {"fresh": True}


def under_way(record: Mapping[str, Any] | None) -> bool:
    """Whether a run is learning: not finished, and moved on within the store's STALE_SECONDS."""
    return record is not None and not record["finished"] and record["moved"] >= time.time() - STALE_SECONDS


def described(run_id: str, record: Mapping[str, Any]) -> dict[str, Any]:
    """A run as its page shows it: its record, its name in links, its title, and whether it has stalled."""
    settings = Settings(record["learner"], record["opponent"], record["seed"], record["games"])
    return {**record, "id": run_id, "title": settings.title,
            "stalled": not record["finished"] and not under_way(record)}


def step_name(run_id: str, played: int) -> str:
    """The name of the chunk that starts after played games: each is done once (EnginePool.later)."""
    return f"learn:{run_id}:{played}"


def train_chunk(where: Where, run_id: str) -> str | None:
    """The job a worker runs for a run's next chunk: the learner read from
    the store, its chunk of games, the share measured, all kept again (at
    the first chunk, the untrained learner is measured first, and the
    baselines). The name of the next chunk's job, or None when the run is
    finished (or gone)."""
    store = runs_at(where)
    kept = store.read(run_id)
    if kept is None or kept.state is None:
        return None
    record = dict(kept.record)
    settings = Settings(record["learner"], record["opponent"], record["seed"], record["games"])
    learning = _learning(settings, kept.state)
    if not record["points"]:
        record["points"] = [[0, _share(learning)]]
        record["baselines"] = {"random": random_share(), "wins then random": wins_then_random_share()}
    started = time.perf_counter()  # the chunk's games and its measure; not the baselines, measured once
    learning = learning.play(settings.chunk)
    record["points"] = [*record["points"], [learning.played, _share(learning)]]
    record["seconds"] = [*record["seconds"], round(time.perf_counter() - started, 3)]
    record["played"], record["moved"] = learning.played, time.time()
    finished = learning.played >= settings.games
    if finished:
        record["finished"] = time.time()
    store.advance(run_id, kept.record["played"], record, None if finished else learning.to_data())
    now = store.record(run_id) or record
    return None if now["finished"] else step_name(run_id, now["played"])


def _learning(settings: Settings, state: dict[str, Any]) -> Any:
    """The learner part-way through the run, from its state (a fresh one at the start)."""
    if settings.learner == "menace":
        if state.get("fresh"):
            return MenaceLearning.start(settings.games, settings.seed, settings.opponent)
        return MenaceLearning.from_data(state)
    from webapp.engine.players.network_learning import NetworkLearning  # numpy: only in the workers that train it
    if state.get("fresh"):
        return NetworkLearning.start(settings.games, settings.seed, settings.opponent)
    return NetworkLearning.from_data(state)


def _share(learning: Any) -> float:
    if isinstance(learning, MenaceLearning):
        return menace_share(learning.machine)
    return network_share(learning.network)
