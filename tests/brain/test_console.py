"""The installed pbrain-kinrow program, driven as a game manager drives a
brain: a process, a pipe each way, one line at a time."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from webapp.engine import BOARDS, Position

PROGRAM = Path(sys.executable).with_name("pbrain-kinrow")


class Manager:
    """A brain's process and the two ends of its pipes."""

    def __init__(self, *options: str):
        self.process = subprocess.Popen([str(PROGRAM), *options], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)

    def send(self, *lines: str) -> None:
        for line in lines:
            self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def answer(self) -> str:
        """The brain's next line (it answers every line that asks for one)."""
        line = self.process.stdout.readline()
        assert line, "the brain stopped"
        return line.strip()

    def stop(self) -> int:
        self.send("END")
        return self.process.wait(timeout=30)


@pytest.fixture
def manager():
    running: list[Manager] = []

    def start(*options: str) -> Manager:
        running.append(Manager(*options))
        return running[-1]

    yield start
    for brain in running:
        if brain.process.poll() is None:
            brain.process.kill()
        brain.process.stdin.close()
        brain.process.stdout.close()
        brain.process.wait()


def test_the_program_is_installed():
    assert PROGRAM.exists(), "pip install -e . installs the console script"


def test_bad_input_never_ends_the_brain(manager):
    brain = manager("--nodes", "500")
    barrage = ["BEGIN", "START 16", "START x", "TURN 1,1", "NONSENSE", "INFO rule 2", "\x00\x01", "TURN",
               "START 15", "TURN 99,99", "TURN 7;7", "BOARD", "7,7,9", "DONE", "TAKEBACK 1,1",
               "INFO timeout_turn never"]
    for line in barrage:
        brain.send(line)
        if line == "BOARD" or line == "7,7,9":
            continue  # BOARD answers at DONE
        answer = brain.answer()
        assert answer == "OK" and line == "START 15" or answer.startswith(("ERROR ", "UNKNOWN ")), (line, answer)
    brain.send("TURN 7,7")
    x, y = (int(part) for part in brain.answer().split(","))
    assert (x, y) != (7, 7) and 0 <= x < 15 and 0 <= y < 15
    assert brain.stop() == 0


def test_the_end_of_input_ends_the_brain(manager):
    brain = manager()
    brain.send("START 3")
    assert brain.answer() == "OK"
    brain.process.stdin.close()
    assert brain.process.wait(timeout=30) == 0


def test_unknown_options_are_refused_at_once():
    finished = subprocess.run([str(PROGRAM), "--level", "grandmaster"], capture_output=True, text=True,
                              timeout=30)
    assert finished.returncode == 2 and "invalid choice" in finished.stderr


def test_two_brains_play_a_whole_game_through_their_pipes(manager):
    """hard (seeded) against master on 7×7, as a tournament manager runs
    them: BEGIN to the first, each move passed to the other as TURN."""
    rules = BOARDS["7x7"]
    first, second = manager("--level", "hard", "--seed", "3"), manager("--nodes", "2000")
    for brain in (first, second):
        brain.send("START 7", "INFO timeout_turn 5000", "INFO rule 0")
        assert brain.answer() == "OK"
    position = Position(rules)
    first.send("BEGIN")
    mover, waiting = first, second
    while True:
        answer = mover.answer()
        x, y = (int(part) for part in answer.split(","))
        position = position.play(y * 7 + x)  # raises if the square is taken or off the board
        if position.is_over:
            break
        waiting.send(f"TURN {answer}")
        mover, waiting = waiting, mover
    assert position.winner in ("O", None)  # master (O) does not lose to hard on 7×7
    assert first.stop() == 0 and second.stop() == 0
