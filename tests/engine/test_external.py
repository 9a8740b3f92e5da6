"""External engines through the Gomocup protocol (webapp.brains.external):
the configuration read and refused, a brain asked what it plays, its moves
from a warm process, and each way a brain can fail, on real processes: our
own pbrain-kinrow and the fake brains of tests/fake_brain.py."""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path

import pytest

from tests.brains import KINROW, fake_brain, probed, watched_fake
from tests.workers.test_pool import alive, wait_until
from webapp.brains.connection import Connection
from webapp.brains.external import BrainFault, answered_cell, ask, configured, judged_by, probe, stop_all
from webapp.brains.gomocup import Evaluation, best_line_of, evaluation_of
from webapp.engine import BOARDS, Position
from webapp.engine.play.appraise import JUDGES_UNIT, from_opinions
from webapp.engine.play.search import Thought
from webapp.review.judgement import judge_appraisal

GOMOKU = BOARDS["15x15"]
SEVEN = BOARDS["7x7"]


@pytest.fixture(autouse=True)
def brains_stopped():
    """Every brain a test starts in this process ends with the test."""
    yield
    stop_all()


# The configuration

def test_engines_are_read_with_their_settings(tmp_path):
    fake = fake_brain(tmp_path, "good")
    brains = configured(f"kinrow={KINROW}, fake = {fake}", {"fake": "timeout_turn=300 max_node=5000 thread_num=1"})
    assert [brain.name for brain in brains] == ["kinrow", "fake"]
    assert brains[1].settings == (("timeout_turn", "300"), ("max_node", "5000"), ("thread_num", "1"))
    assert brains[1].turn_ms == 300 and brains[0].turn_ms == 1000
    assert brains[1].infos(GOMOKU.with_rule("renju")) == [
        "INFO timeout_turn 300", "INFO timeout_match 0", "INFO rule 4", "INFO max_node 5000", "INFO thread_num 1"]
    assert configured("") == ()


def test_a_command_is_a_program_and_its_arguments_found_on_path_or_beside_python(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # not the virtual environment's bin
    (brain,) = configured("kinrow=pbrain-kinrow --level hard --seed 7")
    assert brain.command == (KINROW, "--level", "hard", "--seed", "7")


@pytest.mark.parametrize("spec, settings, message", [
    ("rapfi", {}, "is not name=path"),
    ("Rapfi=/bin/true", {}, "is not name=path"),
    ("master=/bin/true", {}, "the name “master” is taken"),
    ("a=/bin/true,a=/bin/true", {}, "the name “a” is taken"),
    ("rapfi=/no/such/pbrain", {}, "is not an executable file"),
    ("rapfi=/tmp", {}, "is not an executable file"),
    ("rapfi=/bin/true", {"rapfi": "timeout_turn"}, "is not key=value"),
    ("rapfi=/bin/true", {"rapfi": "timeout_turn=60000"}, "timeout_turn is milliseconds, 1 to 10000"),
    ("rapfi=/bin/true", {"rapfi": "timeout_turn=soon"}, "timeout_turn is milliseconds"),
    ("rapfi=/bin/true", {"other": "max_node=1"}, "an engine “other” that ENGINE_BRAINS does not name"),
])
def test_a_configuration_that_cannot_work_is_refused_saying_why(spec, settings, message):
    with pytest.raises(ValueError, match=message):
        configured(spec, settings)


# What a brain plays, learned by asking it

def test_our_own_brain_plays_every_board_and_rule():
    brain = probed("kinrow", KINROW)
    assert brain.plays == {"3x3", "4x4", "5x5", "7x7", "7x7-standard", "15x15", "15x15-standard", "15x15-renju"}
    assert brain.title == "kinrow"  # its ABOUT's name
    assert brain.plays_on(GOMOKU.with_rule("renju")) and brain.plays_on(BOARDS["5x5"])


def test_a_brain_that_refuses_a_size_or_a_rule_is_not_offered_there(tmp_path):
    brain = probed("small", fake_brain(tmp_path, "small"))
    assert brain.plays == {"7x7"}
    assert brain.title == "fake-small"


def test_a_program_that_is_no_brain_plays_nothing(tmp_path, caplog):
    with caplog.at_level(logging.WARNING, logger="webapp.brains.external"):
        assert probed("true", "/bin/true").plays == frozenset()  # it ends at once, answering nothing
    assert "Engine true is left out: asked whether it plays 3x3, it stopped (exit status 0)" in caplog.text


def test_a_file_that_is_no_program_is_left_out_saying_why(tmp_path, caplog):
    words = tmp_path / "pbrain-words"
    words.write_text("These are words, not a program.\n")
    words.chmod(0o755)  # executable, but no program: no #! line, no machine code
    with caplog.at_level(logging.WARNING, logger="webapp.brains.external"):
        assert probed("words", str(words)).plays == frozenset()
    assert "Engine words is left out: asked whether it plays 3x3, it could not be" in caplog.text


@pytest.mark.parametrize("mode, fault", [("mute", "it did not answer within 0.5 s"),
                                         ("nonsense", "it answered START 3 with “Hello! Shall we play a game?”, "
                                                      "neither OK nor ERROR")])
def test_a_brain_that_hangs_or_talks_nonsense_while_probed_is_killed_and_left_out(tmp_path, caplog, mode, fault):
    pids = tmp_path / "pids"
    pids.mkdir()
    (brain,) = configured(f"{mode}={fake_brain(tmp_path, mode, pids)}")
    with caplog.at_level(logging.WARNING, logger="webapp.brains.external"):
        assert probe(brain, seconds=0.5).plays == frozenset()
    assert f"Engine {mode} is left out: asked whether it plays 3x3, {fault}" in caplog.text
    (pid,) = map(int, os.listdir(pids))  # asked of one board only: the first fault leaves it out
    assert wait_until(lambda: not alive(pid), 10), "its process was killed"


# Moves, from a warm process

def test_a_brain_plays_from_one_warm_process_between_moves_and_games(tmp_path):
    fake = watched_fake(tmp_path, "good")
    brain = fake.brain
    first = ask(brain, GOMOKU, ())
    assert first.move == 0 and first.evaluation == Evaluation("0") and first.line == [0] and first.kind == "engine"
    second = ask(brain, GOMOKU, (0, 112))  # TURN: it answered the move before
    assert second.move == 1
    again = ask(brain, GOMOKU, (112,))     # another game: RESTART, then BOARD
    assert again.move == 0
    running = fake.started()
    assert len(running) == 1 and alive(running[0])
    ask(brain, SEVEN, ())                  # another size: a new process
    assert wait_until(lambda: not alive(running[0]), 10)


def test_a_game_under_another_rule_is_a_new_game_for_the_brain(tmp_path):
    fake = watched_fake(tmp_path, "good")
    first = ask(fake.brain, SEVEN, (24,))
    ask(fake.brain, SEVEN, (24, first.move, 10))  # the same game: TURN
    again = ask(fake.brain, SEVEN, (24,))  # a new game: RESTART, BOARD
    ask(fake.brain, SEVEN.with_rule("standard"), (24, again.move, 10))  # its moves go on, but under another rule
    (pid,) = fake.started()
    asked = [line for line in fake.told(pid) if not line.startswith(("INFO", "START"))]
    assert asked == ["BOARD", "3,3,2", "DONE", "TURN 3,1",  # d4; its a7; c6 (3,1)
                     "RESTART", "BOARD", "3,3,2", "DONE",
                     "RESTART", "BOARD", "3,3,2", "0,0,1", "3,1,2", "DONE"]  # not TURN: the rule changed
    assert "INFO rule 1" in fake.told(pid)


def test_our_own_brain_answers_a_legal_move_under_renju():
    brain = probed("kinrow", KINROW)
    renju = GOMOKU.with_rule("renju")
    answer = ask(brain, renju, ())
    assert answer.move == renju.centre


@pytest.mark.parametrize("mode, fault", [
    ("crash", r"it stopped \(exit status 3\)"),
    ("hang", r"it did not answer within 2\.2 s"),
    ("garbage", "it answered “I would rather not”, not a square"),
    ("taken", "it played a7, which is taken"),
])
def test_a_brain_that_fails_is_killed_and_started_afresh(tmp_path, mode, fault):
    fake = watched_fake(tmp_path, mode, "timeout_turn=100")
    with pytest.raises(BrainFault, match=fault):
        ask(fake.brain, SEVEN, (0, 24))  # the fake that plays a taken square answers with a7, the first stone
    (failed,) = fake.started()
    assert wait_until(lambda: not alive(failed), 10), "the brain that failed is killed"
    if mode != "hang":  # (the others show it as well, without a wait of seconds)
        with pytest.raises(BrainFault, match=fault):
            ask(fake.brain, SEVEN, (0, 24))
        assert len(fake.started()) == 2, "the next move starts it afresh"


def test_a_brain_that_answers_off_the_board_or_against_the_rule_fails(tmp_path):
    with pytest.raises(BrainFault, match="it played 7,0, off the board"):
        answered_cell(SEVEN, "7,0")
    brain = probed("fake", fake_brain(tmp_path, "good"))  # it plays a15 first, whatever the rule
    with pytest.raises(BrainFault, match="it played a15, against the rule: Renju begins at the centre"):
        ask(brain, GOMOKU.with_rule("renju"), ())


# What a brain says of a position

RAPFI_SAYS = ["MESSAGE Speed 758K | Depth 12-31 | Eval -188 | Node 50K | Time 66ms",
              "MESSAGE Bestline H10 I7 J7"]
"""Rapfi's messages with its move, as it wrote them (3aedf3a, on a 15×15 position)."""


@pytest.mark.parametrize("written, turned, proven", [
    ("135", "-135", 0), ("-42", "42", 0), ("0", "0", 0), ("+M13", "-M13", 1), ("-M12", "+M12", -1)])
def test_an_evaluation_turns_to_the_other_side(written, turned, proven):
    assert Evaluation(written).turned() == Evaluation(turned)
    assert Evaluation(written).proven == proven
    assert Evaluation(written).turned().turned() == Evaluation(written)


@pytest.mark.parametrize(("written", "moves"), [("+M1", 1), ("+M3", 2), ("+M27", 14), ("-M2", 1), ("-M10", 5),
                                               ("+M", None), ("12", None)])
def test_a_proofs_distance_is_counted_in_the_winners_own_moves(written: str, moves: int | None):
    """+M3: the side to move wins on the third move of both sides, its own second: "wins in 2", as the site says."""
    assert Evaluation(written).winners_moves == moves


def test_the_last_evaluation_among_the_messages_counts():
    said = ["MESSAGE REALTIME BEST 7,6", "MESSAGE Speed 543K | Depth 15-38 | Eval -157 | Node 100K",
            "MESSAGE Speed 550K | Depth 16-40 | Eval +M27 | Node 200K", "MESSAGE Bestline G9"]
    assert evaluation_of(said) == Evaluation("+M27")
    assert evaluation_of(["MESSAGE Evaluation pending"]) is None


def test_an_evaluation_and_a_best_line_are_read_as_rapfi_writes_them():
    assert evaluation_of(RAPFI_SAYS) == Evaluation("-188")
    assert Evaluation("-188").score == -188 and Evaluation("-188").proven == 0
    assert best_line_of(GOMOKU, RAPFI_SAYS) == (9 * 15 + 7, 6 * 15 + 8, 6 * 15 + 9)  # h10 is x 7, y 9
    assert best_line_of(SEVEN, RAPFI_SAYS) == ()  # off a 7×7 board
    assert evaluation_of(["MESSAGE thinking"]) is None


def answer(cell: int, evaluation: str | None, *line: int) -> Thought:
    """An installed engine's answer, as ask() gives it."""
    said = Evaluation(evaluation) if evaluation else None
    return Thought(cell, "engine", [cell, *line], 0, 0, 0, 0, 0.0, evaluation=said)


BEFORE_PLAY = Position(SEVEN).play(24).play(0)
"""X to move on 7×7, after d4 a7; the move judged is X's b7 (cell 1), the judge's own choice c7 (cell 2)."""


def never_asked() -> bool:
    raise AssertionError("the judge's own move is asked about only where the move played loses")


@pytest.mark.parametrize("before, after, choice_loses, word", [
    (answer(2, "0"), answer(3, "+M5", 4), False, "Blunder"),    # O proves a win after it, not after c7
    (answer(2, "0"), answer(3, "+M5", 4), True, None),          # c7 loses too: lost whatever X played
    (answer(1, "0"), answer(3, "+M5", 4), never_asked, "Mistake"),  # the judge's own move, and it loses
    (answer(2, "+M3", 3), answer(3, "-M3", 4), never_asked, "Good"),  # X's win kept (a longer one)
    (answer(2, "+M3", 3), answer(3, "12"), never_asked, "Missed win"),
    (answer(2, "30"), answer(3, "-20"), never_asked, "Good"),   # 30 to 20 for X: under half a unit (200) less
    (answer(2, "30"), answer(3, "150"), never_asked, "Inaccuracy"),  # 30 to -150: nearly a unit less
    (answer(2, "30"), answer(3, None), never_asked, None),      # nothing said after it: nothing sure
])
def test_a_judges_proofs_and_evaluations_become_the_reviews_words(before, after, choice_loses, word):
    loses = choice_loses if callable(choice_loses) else lambda: choice_loses
    appraisal = from_opinions(BEFORE_PLAY, 1, before, after, loses)
    assert appraisal.choice == before.move and appraisal.unit == JUDGES_UNIT
    assert judge_appraisal(SEVEN, "X", appraisal).word == word


def test_a_move_that_lets_the_other_side_make_five_is_lost_when_the_judge_says_nothing():
    position = Position(SEVEN)
    for cell in (0, 7, 1, 8, 2, 9, 3):  # X has four along the top (a7 to d7), O three below: O to move
        position = position.play(cell)
    # O plays g1, not the block e7 the judge chose; after it the judge makes five at once, saying nothing.
    appraisal = from_opinions(position, 48, answer(4, "0"), answer(4, None), lambda: False)
    assert appraisal.refutation == (4,)
    assert judge_appraisal(SEVEN, "O", appraisal).word == "Blunder"


def test_a_judge_asked_through_the_protocol_calls_its_own_losing_move_a_mistake(tmp_path):
    # The fake judge finds no win with 2 stones down, and a win for O with 3, whatever they are.
    judge = probed("judge", fake_brain(tmp_path, "judge:0/0/0/+M5"))
    appraisal = judged_by(judge, SEVEN, (24, 0, 1))  # its own choice for X is b7 (its first empty square)
    assert appraisal.choice == 1 and appraisal.refutation == (2,)  # O's reply c7, from its best line
    judgement = judge_appraisal(SEVEN, "X", appraisal)
    assert judgement.word == "Mistake" and judgement.punishment == (2,)


def test_a_judge_without_an_evaluation_gives_its_move_and_our_search_the_rest(tmp_path):
    judge = probed("silent", fake_brain(tmp_path, "silent"))
    appraisal = judged_by(judge, SEVEN, (24, 0, 2))  # X's c7, where the judge plays b7 (its first empty square)
    assert appraisal.choice == 1
    assert appraisal.depth > 0 and None not in (appraisal.score, appraisal.best_score)  # our search scored both
    judgement = judge_appraisal(SEVEN, "X", appraisal)
    assert (judgement.word == "Best") == (appraisal.shortfall <= 0)  # our search's two scores decide the word
    assert judgement.better == ("" if judgement.word == "Best" else "The engine preferred b7.")


def test_no_brain_outlives_the_process_that_started_it(tmp_path):
    """The brains of a process that is killed die with it (setpriv's parent-death signal)."""
    pids = tmp_path / "pids"
    pids.mkdir()
    path = fake_brain(tmp_path, "good", pids)
    script = (f"import sys, time; sys.path[:0] = [{str(Path(__file__).parents[2])!r}, {''!r}];"
              "from webapp.brains.external import Brain, ask; from webapp.engine import BOARDS;"
              f"ask(Brain('fake', ({path!r},)), BOARDS['7x7'], ()); print('asked', flush=True); time.sleep(60)")
    import subprocess
    import sys
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline().strip() == "asked"
        (brain,) = map(int, os.listdir(pids))
        assert alive(brain)
        os.kill(process.pid, 9)
        process.wait(10)
        assert wait_until(lambda: not alive(brain), 10), "the brain died with the process that started it"
    finally:
        process.kill()
        process.wait()


TELLS_ITS_ENVIRONMENT = """
import json, os, sys
with open(sys.argv[1], "w") as told:
    json.dump(dict(os.environ), told)
for line in sys.stdin:
    print("OK", flush=True)
"""


def test_a_brain_does_not_inherit_the_apps_secrets(tmp_path, monkeypatch):
    """A brain is a program the operator downloaded: it starts with PATH, the
    language and a HOME of no account, never SECRET_KEY or REDIS_URL."""
    monkeypatch.setenv("SECRET_KEY", "the-apps-secret-key")
    monkeypatch.setenv("REDIS_URL", "redis://:hunter2@127.0.0.1:1/0")
    monkeypatch.setenv("LANG", "C.UTF-8")
    told = tmp_path / "environment.json"
    connection = Connection([sys.executable, "-c", TELLS_ITS_ENVIRONMENT, str(told)])
    try:
        assert connection.start(15) == "OK"  # answered: it has written its environment
    finally:
        connection.close()
    environment = json.loads(told.read_text())
    assert "SECRET_KEY" not in environment and "REDIS_URL" not in environment
    assert set(environment) <= {"PATH", "LANG", "LC_ALL", "HOME"}
    assert environment["LANG"] == "C.UTF-8" and environment["HOME"] != os.environ.get("HOME")
