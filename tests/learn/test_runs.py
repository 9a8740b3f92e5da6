"""Learning runs (webapp/learn/runs.py and store.py): a run's chunks, on a
real worker and one after another here, its progress read back from the
store, the same seed the same curve, a chunk run twice changing nothing,
the runs under way bounded for the site and for each client, and the
settings a form may ask for."""

from __future__ import annotations

import sqlite3
import time
from types import SimpleNamespace

import pytest

from webapp.engine.players import keeping
from webapp.engine.players.learning import MenaceLearning
from webapp.learn import store as learn_store
from webapp.learn.runs import CHUNKS, Settings, new_run, step_name, train_chunk, under_way
from webapp.learn.store import FILE, STALE_SECONDS, RedisRuns, SQLiteRuns, Started, runs_at
from webapp.shared.errors import InvalidInput
from webapp.storage.where import Where
from webapp.workers.pool import EnginePool


def run_here(where: Where, settings: Settings, run_id: str = "run") -> dict:
    """A run started in the store, its chunks done one after another as the workers would, its record at the end."""
    record, state = new_run(settings)
    assert runs_at(where).start(run_id, record, state, most_at_once=4) is Started.KEPT
    steps = [step_name(run_id, 0)]
    while (following := train_chunk(where, run_id)) is not None:
        steps.append(following)
    assert steps == [step_name(run_id, played) for played in range(0, settings.games, settings.chunk)]
    return runs_at(where).record(run_id)


@pytest.mark.timeout(60)
def test_a_run_learns_chunk_by_chunk_and_keeps_its_curve(where: Where):
    done = run_here(where, Settings("menace", "random", 5, 60))
    games = [games for games, _ in done["points"]]
    assert games == list(range(0, 61, 3)) and len(games) == CHUNKS + 1
    assert done["played"] == 60 and done["finished"] and len(done["seconds"]) == CHUNKS
    assert runs_at(where).read("run").state is None, "a finished run's learner is dropped"
    fresh_share, last_share = done["points"][0][1], done["points"][-1][1]
    assert fresh_share == keeping.menace_share(MenaceLearning.start(60, 5, "random").machine)
    assert last_share == keeping.menace_share(MenaceLearning.start(60, 5, "random").play(60).machine)
    assert done["baselines"] == {"random": keeping.random_share(), "wins then random": keeping.wins_then_random_share()}
    assert not under_way(done) and runs_at(where).under_way() == 0


@pytest.mark.timeout(60)
@pytest.mark.parametrize("learner, opponent", [("menace", "itself"), ("network", "perfect")])
def test_the_same_seed_gives_the_same_curve(tmp_path, learner: str, opponent: str):
    where = Where(None, str(tmp_path))
    first = run_here(where, Settings(learner, opponent, 3, 10), "first")
    again = run_here(where, Settings(learner, opponent, 3, 10), "again")
    assert first["points"] == again["points"] and len(first["points"]) == 11, "10 games: a chunk a game"
    if learner == "menace":
        assert first["points"] != run_here(where, Settings(learner, opponent, 4, 10), "other")["points"]


def test_a_chunk_done_twice_is_kept_once(tmp_path):
    where = Where(None, str(tmp_path))
    record, state = new_run(Settings("menace", "perfect", 1, 20))
    runs_at(where).start("twice", record, state, most_at_once=4)
    before = runs_at(where).read("twice")
    assert train_chunk(where, "twice") == step_name("twice", 1)
    assert not runs_at(where).advance("twice", 0, before.record, before.state), "the run has moved on"
    assert runs_at(where).record("twice")["played"] == 1
    assert train_chunk(where, "gone") is None


def test_the_runs_under_way_are_bounded_at_once(where: Where):
    store = runs_at(where)
    for number in range(3):
        record, state = new_run(Settings("menace", "perfect", number, 20))
        assert store.start(f"run-{number}", record, state, most_at_once=3) is Started.KEPT
    assert store.under_way() == 3
    assert store.start("one-too-many", *new_run(Settings("menace", "perfect", 9, 20)),
                       most_at_once=3) is Started.SITE_FULL
    assert store.record("one-too-many") is None


ONE, OTHER = "198.51.100.1", "2001:db8::/64"


def started_by(store, run_id: str, client: str, most_for_client: int = 2, most_at_once: int = 4) -> Started:
    return store.start(run_id, *new_run(Settings("menace", "perfect", 1, 20)), most_at_once=most_at_once,
                       client=client, most_for_client=most_for_client)


def test_the_runs_under_way_are_bounded_for_each_client(where: Where):
    store = runs_at(where)
    assert [started_by(store, f"mine-{number}", ONE) for number in range(2)] == [Started.KEPT] * 2
    assert started_by(store, "mine-too-many", ONE) is Started.CLIENT_FULL
    assert store.record("mine-too-many") is None
    assert store.under_way() == 2 and store.under_way_for(ONE) == 2, "the site's count unchanged by the refusal"
    assert started_by(store, "theirs", OTHER) is Started.KEPT, "another client has its own"
    assert store.under_way_for(OTHER) == 1 and store.under_way() == 3
    assert started_by(store, "unbounded", ONE, most_for_client=None) is Started.KEPT, "None: no bound for the client"


def test_a_client_at_its_bound_is_told_so_before_the_site_is_full(where: Where):
    store = runs_at(where)
    assert [started_by(store, f"run-{number}", ONE, most_at_once=2) for number in range(2)] == [Started.KEPT] * 2
    assert started_by(store, "again", ONE, most_at_once=2) is Started.CLIENT_FULL
    assert started_by(store, "theirs", OTHER, most_at_once=2) is Started.SITE_FULL


def test_a_clients_run_that_finished_no_longer_counts_and_its_address_is_not_kept(where: Where):
    store = runs_at(where)
    for number in range(2):
        started_by(store, f"mine-{number}", ONE)
    record = store.record("mine-0")
    assert store.advance("mine-0", 0, {**record, "played": 20, "finished": time.time()}, None)
    assert store.under_way_for(ONE) == 1 and store.under_way() == 1
    assert started_by(store, "mine-2", ONE) is Started.KEPT
    assert started_by(store, "mine-3", ONE) is Started.CLIENT_FULL
    if isinstance(store, RedisRuns):
        assert store.client.hget(store.key("mine-0"), "client") is None
        assert store.client.hget(store.key("mine-1"), "client") == ONE.encode()
        assert 0 < store.client.ttl(store.clients_key(ONE)) <= STALE_SECONDS, "the client's count expires"
    else:
        rows = dict(sqlite3.connect(where.file(FILE)).execute("SELECT id, client FROM runs"))
        assert rows["mine-0"] is None and rows["mine-1"] == ONE


def test_a_clients_run_that_stalled_no_longer_counts(where: Where, monkeypatch: pytest.MonkeyPatch):
    store = runs_at(where)
    for number in range(2):
        started_by(store, f"mine-{number}", ONE)
    later = time.time() + STALE_SECONDS + 1
    monkeypatch.setattr(learn_store, "time", SimpleNamespace(time=lambda: later))
    assert store.under_way_for(ONE) == 0
    assert started_by(store, "after", ONE) is Started.KEPT


def test_a_file_from_before_clients_were_kept_is_read_and_counted(tmp_path):
    old = sqlite3.connect(tmp_path / FILE)
    old.execute("CREATE TABLE runs (id TEXT PRIMARY KEY, record TEXT NOT NULL, state TEXT, "
                "played INTEGER NOT NULL, finished INTEGER NOT NULL, moved REAL NOT NULL)")
    old.execute("INSERT INTO runs VALUES ('before', '{}', '{}', 0, 0, ?)", (time.time(),))
    old.commit()
    store = SQLiteRuns(str(tmp_path / FILE))
    assert store.record("before") == {} and store.under_way() == 1
    assert started_by(store, "after", ONE) is Started.KEPT and store.under_way_for(ONE) == 1


@pytest.mark.timeout(90)
def test_a_runs_chunks_run_on_a_worker_process_and_its_progress_is_read_back(worker_pool: EnginePool, tmp_path):
    where = Where(None, worker_pool.instance_path)
    record, state = new_run(Settings("menace", "perfect", 2, 40))
    runs_at(where).start("worked", record, state, most_at_once=4)
    worker_pool.later(train_chunk, where, "worked", once=step_name("worked", 0), watched=True)
    seen, deadline = set(), time.monotonic() + 80
    while time.monotonic() < deadline and not (done := runs_at(where).record("worked"))["finished"]:
        seen.add(done["played"])
        time.sleep(0.05)
    assert done["finished"] and done["played"] == 40 and len(done["points"]) == CHUNKS + 1
    assert seen - {0}, "the progress was read while it grew"
    (tmp_path / "here").mkdir()
    assert done["points"] == run_here(Where(None, str(tmp_path / "here")),
                                      Settings("menace", "perfect", 2, 40))["points"]


FORM = {"learner": "menace", "opponent": "perfect", "seed": "7", "games": "2,000"}


def test_the_settings_a_form_may_ask_for():
    assert Settings.parse(FORM) == Settings("menace", "perfect", 7, 2000)
    assert Settings.parse({**FORM, "learner": "network", "games": "2000"}).chunk == 100
    assert Settings.parse(FORM).title == "MENACE against the perfect player, seed 7, 2,000 games"


@pytest.mark.parametrize("change, says", [
    ({"learner": "teacher"}, "There is no learner “teacher”"),
    ({"opponent": "mirror"}, "There is no opponent “mirror”"),
    ({"seed": "-1"}, "A seed is a whole number from 0 to 999,999"),
    ({"seed": "1000000"}, "A seed is a whole number"),
    ({"seed": ""}, "A seed is a whole number"),
    ({"games": "9"}, "MENACE learns from 10 to 10,000 games in a run"),
    ({"games": "10001"}, "MENACE learns from 10 to 10,000 games"),
    ({"learner": "network", "games": "2001"}, "The network learns from 10 to 2,000 games"),
    ({"games": "many"}, "not “many”"),
])
def test_settings_out_of_bounds_are_refused_saying_why(change: dict, says: str):
    with pytest.raises(InvalidInput, match=says):
        Settings.parse({**FORM, **change})
