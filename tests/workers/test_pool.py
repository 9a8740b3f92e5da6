"""The engine workers: a move thought about inline and on a real consumer
process (SQLite, and Redis in the live tests), one consumer a machine with
another waiting to take over, a consumer that stops with the process that
started it, and a move that no worker answers."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.puzzles.test_puzzles import PLAYED_7X7
from webapp.engine import BOARDS, Position
from webapp.engine.play.appraise import VERSION, position_name
from webapp.puzzles import mined
from webapp.puzzles.collection import new_puzzles_in
from webapp.puzzles.store import MinedPuzzles, puzzles_at
from webapp.shared.game_link import parse_moves
from webapp.storage.where import Where
from webapp.think.look import Look, see
from webapp.workers.consumer import LOCK_FILE, PAGES_NICENESS
from webapp.workers.pool import (
    APPRAISAL_PRIORITY,
    APPRAISALS_QUEUED,
    FIRST_VERDICT_PRIORITY,
    FIRST_VERDICTS,
    HINT_PRIORITY,
    LOOK_PRIORITY,
    MOVE_PRIORITY,
    EnginePool,
    EnginesBusy,
)

OPENED = Position(BOARDS["15x15"]).play(112).play(113)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    state = Path(f"/proc/{pid}/stat").read_text().split()[2] if Path(f"/proc/{pid}/stat").exists() else "X"
    return state not in ("Z", "X")


def wait_until(condition, seconds: float = 30) -> bool:
    """Poll condition until it holds or seconds pass (a bound on a wait, not a timing)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def test_inline_thinks_in_the_callers_thread(tmp_path, pools):
    reply = pools("inline", str(tmp_path)).think(OPENED, 100, max_nodes=300)
    assert OPENED.empty >> reply.thought.move & 1
    assert reply.thought.nodes <= 300 + 50
    assert pools("inline", str(tmp_path)).waiting() == 0


def test_an_unknown_mode_is_refused(tmp_path):
    with pytest.raises(ValueError, match="ENGINE_WORKERS is one of local, external, inline"):
        EnginePool("threads", str(tmp_path))


def test_local_workers_answer_every_move_from_many_threads(tmp_path, pools):
    pool = pools("local", str(tmp_path), workers=2)
    positions = [OPENED.play(cell) for cell in (96, 97, 98, 127, 128, 129)]
    with ThreadPoolExecutor(len(positions)) as threads:
        replies = list(threads.map(lambda position: pool.think(position, 60_000, max_nodes=500), positions))
    for position, reply in zip(positions, replies):
        assert position.empty >> reply.thought.move & 1
        assert reply.waited_ms >= 0
    assert pool.waiting() == 0
    # The same move as thinking inline: a count of positions gives the same move anywhere.
    inline = pools("inline", str(tmp_path)).think(positions[0], 60_000, max_nodes=500)
    assert replies[0].thought.move == inline.thought.move


def test_each_lane_has_workers_of_its_own_the_pages_at_a_lower_cpu_priority(tmp_path, pools):
    pool = pools("local", str(tmp_path), workers=1)
    here = os.nice(0)
    assert pool.ask(os.nice, 0, for_a_move=True) == here, "the moves lane's workers: this process's priority"
    assert pool.ask(os.nice, 0) == min(19, here + PAGES_NICENESS), "the pages lane's"
    assert pool.ask(os.getpid) != pool.ask(os.getpid, for_a_move=True)


GAME = (112, 113, 128, 96, 144)
"""A short 15×15 game (h8 i8 i9 g7 j10), for the reviews' appraisals."""


def test_a_games_appraisals_come_from_the_workers_and_are_kept(tmp_path, pools):
    pool = pools("local", str(tmp_path), workers=2)
    first = pool.appraisals(BOARDS["15x15"], GAME)
    assert len(first) == len(GAME)
    assert wait_until(lambda: None not in pool.appraisals(BOARDS["15x15"], GAME, queue=False), 120)
    kept = pool.appraisals(BOARDS["15x15"], GAME)
    assert [appraisal.cell for appraisal in kept] == list(GAME)
    # The same appraisals as inline: they are made within a count of positions, not a clock.
    assert kept == pools("inline", str(tmp_path / "inline")).appraisals(BOARDS["15x15"], GAME)
    assert pool.appraisal(BOARDS["15x15"], GAME[:3]) == kept[2]  # a kept one answers at once


def test_a_hint_comes_from_the_workers_and_its_review_reads_what_it_worked_out(tmp_path, pools):
    """The hint is a job of the workers' (advise); what it worked out about
    the position is kept in their store, and the review of the hinted move
    reads it: the same choice, checked by the same proof."""
    pool = pools("inline", str(tmp_path))  # its jobs run at once; its store is the workers' own kind
    rules, moves = BOARDS["15x15"], GAME[:4]
    hint = pool.advise(Position.after(rules, moves)).thought
    assert wait_until(lambda: None not in pool.appraisals(rules, (*moves, hint.move), queue=True), 120)
    appraisal = pool.appraisals(rules, (*moves, hint.move), queue=False)[-1]
    assert appraisal.cell == hint.move and not appraisal.refutation
    position = Position.after(rules, moves)
    assert pool.kept.get(f"choice:{VERSION}:{position_name(position)}").move == appraisal.choice


def test_an_appraisal_is_queued_once_in_the_pages_lane_the_first_verdicts_first(tmp_path, pools):
    pool = pools("external", str(tmp_path), wait_seconds=0.3)
    assert pool.appraisals(BOARDS["15x15"], GAME) == [None] * len(GAME)
    pool.appraisals(BOARDS["15x15"], GAME)
    assert pool.pages.pending_count() == len(GAME) and pool.queue.pending_count() == 0 and pool.waiting() == 0
    priorities = [task.priority for task in pool.pages.pending()]
    assert priorities == [FIRST_VERDICT_PRIORITY] * FIRST_VERDICTS + [APPRAISAL_PRIORITY] * (len(GAME) - FIRST_VERDICTS)
    with pytest.raises(EnginesBusy):
        pool.think(OPENED, 100)  # withdrawn after its wait, but in a lane of its own
    assert [task.name for task in pool.queue.pending()] == ["think"]
    with pytest.raises(EnginesBusy):
        pool.appraisal(BOARDS["15x15"], (112, 96))
    assert [(task.name, task.priority) for task in pool.queue.pending()] == [("think", MOVE_PRIORITY),
                                                                              ("appraise", HINT_PRIORITY)]


def test_one_look_at_a_long_review_queues_a_few_seconds_of_work_not_minutes(tmp_path, pools):
    pool = pools("external", str(tmp_path))
    long_game = tuple(range(0, 2 * APPRAISALS_QUEUED + 6, 2))  # stones along the first rows, nobody's five
    pool.appraisals(BOARDS["15x15"], long_game)
    pool.appraisals(BOARDS["15x15"], long_game)  # looked at again before any is done: nothing more
    queued = [len(task.args[1]) for task in pool.pages.pending()]
    assert queued == list(range(1, APPRAISALS_QUEUED + 1)), "the next moves not yet appraised, in order"
    for _ in range(3):
        pool.pages.execute(pool.pages.dequeue())
    pool.appraisals(BOARDS["15x15"], long_game)
    assert [len(task.args[1]) for task in pool.pages.pending()][-3:] == list(range(APPRAISALS_QUEUED + 1,
                                                                                  APPRAISALS_QUEUED + 4))


def where_of(pool: EnginePool) -> Where:
    """Where the puzzles are kept by an app whose workers these are: its Redis, or its instance folder."""
    return Where(pool.redis_url, pool.instance_path)


def mine_later(pool: EnginePool, rules, moves) -> None:
    """What the app does when a game ends (see webapp.puzzles.routes.init_app)."""
    pool.later(mined.mine, where_of(pool), rules, moves, once=mined.mining_name(rules, moves))


def puzzles(pool: EnginePool) -> MinedPuzzles:
    """The puzzles the pool's workers mined, as the app reads them: from the puzzles' own store."""
    return puzzles_at(where_of(pool))


SEVENS = BOARDS["7x7"]
FINISHED_7X7 = parse_moves(SEVENS, PLAYED_7X7)
FINISHED_15X15 = parse_moves(BOARDS["15x15"], "h8-j6-j10-h9-i9-f6-h7-d5-k11-j7-l12")
"""Games between the levels (tools/puzzles.py): two puzzles along the first, one along the second."""


def test_finished_games_are_mined_on_the_workers_and_their_puzzles_listed_newest_first(tmp_path, pools):
    pool = pools("local", str(tmp_path), workers=1)
    mine_later(pool, SEVENS, FINISHED_7X7)
    assert wait_until(lambda: len(puzzles(pool).newest(10)) == 2, 120)
    mine_later(pool, BOARDS["15x15"], FINISHED_15X15)
    assert wait_until(lambda: len(puzzles(pool).newest(10)) == 3, 120)
    expected = [*new_puzzles_in(BOARDS["15x15"], FINISHED_15X15), *new_puzzles_in(SEVENS, FINISHED_7X7)]
    assert puzzles(pool).newest(10) == [expected[0], expected[2], expected[1]]
    assert puzzles(pool).newest(1) == [expected[0]]
    assert all(puzzles(pool).find(puzzle.rules, puzzle.moves) == puzzle for puzzle in expected)
    assert puzzles(pool).find(SEVENS, FINISHED_7X7[:3]) is None


def test_a_game_is_mined_once_behind_moves_and_appraisals_and_a_position_kept_once(tmp_path, pools):
    queued = pools("external", str(tmp_path))
    mine_later(queued, SEVENS, FINISHED_7X7)
    queued.appraisals(SEVENS, FINISHED_7X7[:1])
    mine_later(queued, SEVENS, FINISHED_7X7)  # the same game again: not queued again
    assert [task.name for task in queued.pages.pending()] == ["appraise", "later"]
    (tmp_path / "inline").mkdir()  # another app's instance folder, where its puzzles are kept
    inline = pools("inline", str(tmp_path / "inline"))
    mine_later(inline, SEVENS, FINISHED_7X7)
    mine_later(inline, SEVENS, FINISHED_7X7[:15])  # another game through the same positions
    assert len(puzzles(inline).newest(10)) == 2


def test_a_finished_game_counts_as_mined_only_once_its_job_has_run(tmp_path, pools):
    """Queued is not done: a mining job lost with its worker is queued again
    (by the consumer at once, or by the next finished game after
    REQUEUE_SECONDS); once it has run, the game is not mined again."""
    pool = pools("external", str(tmp_path))
    done = mined.mining_name(SEVENS, FINISHED_7X7)
    mine_later(pool, SEVENS, FINISHED_7X7)
    assert pool.kept.get(done) is None
    pool.pages.execute(pool.pages.dequeue())
    assert pool.kept.get(done) is not None and len(puzzles(pool).newest(10)) == 2
    assert pool.kept.count(mined.OLD_COUNT, 0) == 0, "the puzzles are kept in their feature's store, not the queue's"
    mine_later(pool, SEVENS, FINISHED_7X7)
    assert pool.pages.pending_count() == 0


def test_one_consumer_a_machine_and_another_takes_over(tmp_path, pools):
    first, second = pools("local", str(tmp_path), workers=1), pools("local", str(tmp_path), workers=1)
    assert first.think(OPENED, 60_000, max_nodes=300)
    second._start_consumer()
    time.sleep(1)  # give the second consumer time to find the lock taken
    assert second._consumer.poll() is None  # waiting for the lock, not running workers
    first.stop()
    reply = second.think(OPENED, 60_000, max_nodes=300)  # answered by the second, which took over
    assert OPENED.empty >> reply.thought.move & 1


def test_a_move_no_worker_answers_is_withdrawn(tmp_path, pools):
    pool = pools("external", str(tmp_path), wait_seconds=0.3)
    with pytest.raises(EnginesBusy, match="No engine answered within 0.3 s"):
        pool.think(OPENED, 100)


def consumer_of_a_process_that_ends(instance: Path, ignoring_interrupts: bool = False) -> subprocess.CompletedProcess:
    """Start a consumer from a process that ends at once (and that ignores
    SIGINT, if asked, as a job started in the background from a shell
    does); what both printed (the consumer's id first)."""
    starter = ("import signal, subprocess, sys, os; "
               f"signal.signal(signal.SIGINT, signal.{'SIG_IGN' if ignoring_interrupts else 'SIG_DFL'}); "
               "p = subprocess.Popen([sys.executable, '-m', 'webapp.workers.consumer', '--instance', sys.argv[1], "
               "'--workers', '1', '--parent', str(os.getpid())]); print(p.pid, flush=True)")
    return subprocess.run([sys.executable, "-c", starter, str(instance)], capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).parents[2])


@pytest.mark.parametrize("ignoring_interrupts", [False, True], ids=["in-the-foreground", "started-in-the-background"])
def test_the_consumer_stops_when_its_parent_does(tmp_path, ignoring_interrupts):
    consumer = int(consumer_of_a_process_that_ends(tmp_path, ignoring_interrupts).stdout)
    assert wait_until(lambda: not alive(consumer)), "the consumer outlived the process that started it"


def test_a_consumer_still_waiting_for_the_lock_stops_quietly_with_its_parent(tmp_path):
    with open(tmp_path / LOCK_FILE, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another consumer runs on this machine
        finished = consumer_of_a_process_that_ends(tmp_path)  # returns once the consumer has closed its output
    assert wait_until(lambda: not alive(int(finished.stdout))), "the consumer outlived the process that started it"
    assert finished.stderr == "", "stopping is not an error"


@pytest.mark.live
def test_workers_take_moves_from_redis(tmp_path, pools, redis_server):
    pool = pools("local", str(tmp_path), redis_server.url, workers=2)
    replies = [pool.think(OPENED.play(cell), 60_000, max_nodes=300) for cell in (96, 97)]
    assert all(reply.thought.nodes for reply in replies)
    assert pool.waiting() == 0
    pool.appraisals(BOARDS["15x15"], GAME[:2])
    assert wait_until(lambda: None not in pool.appraisals(BOARDS["15x15"], GAME[:2], queue=False), 120)
    mine_later(pool, SEVENS, FINISHED_7X7)
    # the newest: the session's Redis may hold other tests' games' puzzles
    found = new_puzzles_in(SEVENS, FINISHED_7X7)[::-1]
    assert wait_until(lambda: puzzles(pool).newest(len(found)) == found, 120)


@pytest.mark.live
def test_with_redis_a_move_waits_as_long_as_it_is_told(tmp_path, pools, redis_server):
    """redis-py gives up on a command after 5 s by default: the wait for a
    move's answer (a blocking command) must not be cut short by it."""
    pool = pools("external", str(tmp_path), redis_server.url, wait_seconds=7)
    started = time.monotonic()
    with pytest.raises(EnginesBusy, match="No engine answered within 7 s"):
        pool.think(OPENED, 100)
    assert time.monotonic() - started >= 7


def test_a_page_s_work_is_done_by_a_worker_and_comes_back_whole(tmp_path, pools):
    """The think page's job: Look and Seen go through the queue and back."""
    look = Look.parse(BOARDS["15x15"], "h8-i9", ["h9"], "on", "2")
    seen = pools("local", str(tmp_path), workers=1).ask(see, look)
    here = see(look)
    assert (seen.root, seen.branches, seen.alphabeta_ran) == (here.root, here.branches, here.alphabeta_ran)
    assert [row.examined for row in seen.searches] == [row.examined for row in here.searches]
    assert any(branch.children for branch in seen.branches)


def test_a_starting_server_starts_the_workers_only_if_jobs_are_scheduled(tmp_path: Path, monkeypatch):
    """make serve's web processes start the engine workers as they start
    only where a clock's flag waits in the schedule (a restart mid-game):
    otherwise every server start would cost a consumer per web process."""
    pool = EnginePool("local", str(tmp_path))
    started = []
    monkeypatch.setattr(pool, "_start_consumer", lambda: started.append(True))
    pool.start_if_scheduled()
    assert started == []
    pool.at(time.time() + 60, print, "a flag")
    started.clear()
    pool.start_if_scheduled()
    assert started == [True]


def count_to_three(path: str) -> str | None:
    """A job in steps: each step adds a line to the file, and names the next step until there are three."""
    with open(path, "a") as file:
        file.write("step\n")
    steps = len(Path(path).read_text().splitlines())
    return f"count:{steps}" if steps < 3 else None


def test_a_job_in_steps_queues_each_next_step_once_and_a_watched_one_before_the_unwatched(tmp_path, pools):
    pool = pools("external", str(tmp_path))
    counted = str(tmp_path / "counted")
    mine_later(pool, SEVENS, FINISHED_7X7)
    pool.later(count_to_three, counted, once="count:0", watched=True)
    # asked again (a page looked again): not queued again
    pool.later(count_to_three, counted, once="count:0", watched=True)
    assert [task.args[0] for task in pool.pages.pending()] == [count_to_three, mined.mine]
    for _ in range(3):
        pool.pages.execute(pool.pages.dequeue())  # each step queues the next, ahead of the mining
    assert Path(counted).read_text() == "step\n" * 3
    assert all(pool.kept.get(f"count:{step}") is not None for step in range(3))
    assert [task.args[0] for task in pool.pages.pending()] == [mined.mine]
    inline = pools("inline", str(tmp_path / "inline"))
    inline.later(count_to_three, str(tmp_path / "inline-counted"), once="count:0")
    assert (tmp_path / "inline-counted").read_text() == "step\n" * 3, "inline, every step at once"


def test_a_pages_evaluation_is_in_the_pages_lane_and_a_hint_behind_the_moves(tmp_path: Path):
    """The analysis board's and the think page's evaluation go in the pages
    lane, whose workers no move waits for; a person's hint at the board in
    the moves lane, behind the moves."""
    pool = EnginePool("external", str(tmp_path), wait_seconds=0.05)  # a queue no worker takes from
    position = Position.after(BOARDS["15x15"], parse_moves(BOARDS["15x15"], "h8-h9"))
    with pytest.raises(EnginesBusy):
        pool.advise(position, for_a_page=True)
    with pytest.raises(EnginesBusy):
        pool.advise(position)
    with pytest.raises(EnginesBusy):
        pool.think(position, 100)
    with pytest.raises(EnginesBusy):
        pool.ask(max, 1, 2, for_a_move=True)  # the computer's choice in an opening, say
    moves = [(task.name, task.priority) for task in pool.queue.pending()]
    assert moves == [("think", MOVE_PRIORITY), ("ask", MOVE_PRIORITY), ("advise", HINT_PRIORITY)]
    assert [(task.name, task.priority) for task in pool.pages.pending()] == [("advise", LOOK_PRIORITY)]


def test_the_consumer_gets_redis_url_in_its_environment_not_on_its_command_line(tmp_path: Path, monkeypatch):
    """REDIS_URL holds Redis's password, and any user on the machine reads a
    process's command line (ps): the consumer is handed it in its environment."""
    url = "redis://:hunter2-password@127.0.0.1:1/0"
    pool = EnginePool("local", str(tmp_path), url)
    started = []

    class Started:
        def __init__(self, command, **options):
            started.append((command, options.get("env")))

        def poll(self):
            return None

    monkeypatch.setattr(subprocess, "Popen", Started)
    pool._start_consumer()
    ((command, environment),) = started
    assert not any("hunter2" in part or "redis://" in part for part in command)
    assert (environment or {}).get("REDIS_URL") == url
