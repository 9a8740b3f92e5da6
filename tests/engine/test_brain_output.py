"""A brain's output is bounded: a line too long is a fault, a flood of
messages keeps only the newest, and an answer written before its question is
never taken for that question's."""

from __future__ import annotations

import sys
import time

import pytest

from webapp.brains.connection import LINE_CHARACTERS, MESSAGES_KEPT, BrainFault, Connection

LONG_LINE = """
import sys
sys.stdin.readline()
sys.stdout.write("MESSAGE " + "x" * 10_000_000 + "\\n")
sys.stdout.write("OK\\n")
sys.stdout.flush()
sys.stdin.read()
"""
MANY_MESSAGES = """
import sys
sys.stdin.readline()
for n in range(100_000):
    sys.stdout.write(f"MESSAGE {n}\\n")
sys.stdout.write("OK\\n")
sys.stdout.flush()
sys.stdin.read()
"""
EARLY_ANSWER = """
import sys
sys.stdin.readline()
sys.stdout.write("OK\\nSTALE\\n")
sys.stdout.flush()
for line in sys.stdin:
    if line.strip() == "ABOUT":
        sys.stdout.write("name=\\"early\\"\\n")
        sys.stdout.flush()
"""


def brain(source: str) -> Connection:
    return Connection([sys.executable, "-c", source])


def test_a_line_past_the_bound_is_a_fault_and_the_brain_is_killed():
    connection = brain(LONG_LINE)
    try:
        with pytest.raises(BrainFault, match=f"longer than {LINE_CHARACTERS:,} characters"):
            connection.start(15)
        assert connection.process.wait(timeout=10) is not None
        with pytest.raises(BrainFault, match="longer than"):  # and so is every later question
            connection.answer(1)
    finally:
        connection.kill()


def test_a_flood_of_messages_keeps_only_the_newest():
    connection = brain(MANY_MESSAGES)
    try:
        assert connection.start(15) == "OK"
        assert len(connection.messages) == MESSAGES_KEPT
        assert connection.messages[-1] == "MESSAGE 99999"
    finally:
        connection.kill()


def test_an_answer_before_its_question_is_dropped_before_the_next_question():
    connection = brain(EARLY_ANSWER)
    try:
        assert connection.start(15) == "OK"
        for _ in range(1000):  # until the stray line is read (the brain wrote it with OK)
            if connection.lines.qsize():
                break
            time.sleep(0.01)
        assert connection.lines.qsize() == 1
        connection.tell("ABOUT")
        assert connection.answer(5) == 'name="early"'
    finally:
        connection.kill()
