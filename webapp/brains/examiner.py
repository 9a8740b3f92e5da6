"""An engine examined: a program that speaks the Gomocup protocol asked
for its move in each of a set of positions, on as many warm processes
(lanes) as there are workers, and its answers judged against perfect play
(webapp.engine.players.examination).

Each position is sent whole, as BOARD (the empty board as RESTART and
BEGIN), to a process started once and kept warm between positions, so an
engine that answers at once is examined in seconds. Whatever the program
does, the examination carries on and says so: a move later than its turn's
limit is judged and counted past the limit; an answer that is not a legal
move is an illegal move (the process is kept); a process that ends is a
crash, one that does not answer within hang_seconds is killed as hung, and
either is started again for the next position, until it has failed
MOST_FAILURES times in one lane: that lane's remaining positions are then
not asked. No Flask; every wait is bounded (connection.py).
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

from webapp.brains.connection import START_SECONDS, BrainFault, Connection, started
from webapp.brains.external import SLACK_SECONDS, TURN_MS, answered_cell
from webapp.brains.gomocup import RULE_NUMBERS, square
from webapp.engine.game.position import Position
from webapp.engine.game.rules import Rules
from webapp.engine.players.examination import Answer, Examination, FaultKind, judged, moves_to

MOST_FAILURES = 3
"""How many times one lane's process may crash or hang before its remaining positions are given up."""
LANES = 2
"""How many processes of the engine answer at once unless told otherwise: one an engine worker."""
Progress = Callable[[int, int], None]
"""Told (positions answered, positions in all) as the examination goes."""


def board_lines(position: Position) -> list[str]:
    """The lines that ask for a move in the position: BOARD, a stone a line in
    the order of moves_to (1 the side to move's, 2 the other's), DONE; BEGIN
    on the empty board, after RESTART (see _Lane.ask)."""
    if position.ply == 0:
        return ["BEGIN"]
    rules, mover = position.rules, position.stones_of(position.to_move)
    return ["BOARD", *(f"{square(rules, cell)},{1 if mover >> cell & 1 else 2}" for cell in moves_to(position)),
            "DONE"]


def program_checked(command: Sequence[str]) -> tuple[str, ...]:
    """The command, if its program is an executable file (a path, or a name
    found on PATH); ValueError saying what it is instead, before anything runs."""
    if not command:
        raise ValueError("No program is named: give the engine's path.")
    program = command[0] if os.sep in command[0] else shutil.which(command[0]) or command[0]
    if not os.path.exists(program):
        raise ValueError(f"“{command[0][:80]}” is not a program: there is no such file.")
    if not (os.path.isfile(program) and os.access(program, os.X_OK)):
        raise ValueError(f"“{command[0][:80]}” is not a program: it is not an executable file.")
    return (program, *command[1:])


class _Lane:
    """One warm process of the engine, asked one position after another."""

    def __init__(self, command: Sequence[str], rules: Rules, turn_ms: int, hang_seconds: float,
                 settings: Sequence[str] = ()) -> None:
        self.command, self.rules, self.turn_ms, self.hang_seconds = tuple(command), rules, turn_ms, hang_seconds
        self.settings = tuple(settings)
        self.connection: Connection | None = None
        self.failures = 0
        self.killed = 0

    def ask(self, position: Position) -> Answer:
        """The engine's answer in one position, its faults caught and named."""
        if self.failures >= MOST_FAILURES:
            return Answer(position, None, fault=FaultKind.NOT_ASKED,
                          said=f"given up after {self.failures} crashes or hangs")
        try:
            connection = self._connection()
            if position.ply == 0:
                connection.tell("RESTART")
                connection.answer(START_SECONDS)
            asked_at = time.monotonic()
            connection.tell(*board_lines(position))
            said = connection.answer(self.hang_seconds)
            seconds = time.monotonic() - asked_at
        except BrainFault as fault:
            return self._failed(position, fault)
        try:
            cell = answered_cell(self.rules, said)
            if position.mark_at(cell) is not None:
                raise BrainFault(f"it played {self.rules.cell_name(cell)}, which is taken")
        except BrainFault as fault:
            return Answer(position, None, seconds, FaultKind.ILLEGAL, str(fault))
        late = FaultKind.PAST_LIMIT if 1000 * seconds > self.turn_ms else None
        return Answer(position, cell, seconds, late, f"{1000 * seconds:.0f} ms" if late else "")

    def _connection(self) -> Connection:
        """The warm process, started (START, then the turn's limit and the rule) if it is not running."""
        if self.connection is None:
            self.connection = started(self.command, self.rules.size)
            self.connection.tell(f"INFO timeout_turn {self.turn_ms}", "INFO timeout_match 0",
                                 f"INFO rule {RULE_NUMBERS[self.rules.rule]}",
                                 *(f"INFO {setting}" for setting in self.settings))
        return self.connection

    def _failed(self, position: Position, fault: BrainFault) -> Answer:
        """A crash or a hang: the process killed, to be started again for the next position."""
        connection, self.connection = self.connection, None
        self.failures += 1
        self.killed += 1
        hung = connection is not None and connection.process.poll() is None
        if connection is not None:
            connection.kill()
        kind = FaultKind.HANG if hung and "did not answer" in str(fault) else FaultKind.CRASH
        return Answer(position, None, fault=kind, said=f"{fault}; killed" if hung else str(fault))

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def _plays_the_board(engine: str, lane: _Lane) -> None:
    """ValueError if the engine answers START on the board with anything but OK:
    it does not play it, and nothing is examined. A program that does not start
    at all is left to the lanes, whose report says it crashed."""
    try:
        lane._connection()
    except BrainFault as fault:
        if str(fault).startswith("it answered START"):
            raise ValueError(f"{engine} does not play the {lane.rules.name} board: {fault}.") from None


def examine(engine: str, command: Sequence[str], rules: Rules, positions: Sequence[Position], lanes: int = LANES,
            turn_ms: int = TURN_MS, hang_seconds: float | None = None, progress: Progress | None = None,
            sample: str = "", settings: Sequence[str] = ()) -> Examination:
    """The engine (named engine, run as command) examined on the positions,
    asked on lanes warm processes at once, each move given turn_ms and
    counted hung past hang_seconds (by default twice the turn and SLACK_SECONDS),
    told settings ("key value": INFO lines, as ENGINE_BRAINS' settings) after START;
    ValueError if it refuses the board (its answer to START)."""
    hang_seconds = hang_seconds or 2 * turn_ms / 1000 + SLACK_SECONDS
    lanes = max(1, min(lanes, len(positions)))
    workers = [_Lane(command, rules, turn_ms, hang_seconds, settings) for _ in range(lanes)]
    answers: list[Answer | None] = [None] * len(positions)
    done, lock = [0], threading.Lock()

    def run(lane: int) -> None:
        for index in range(lane, len(positions), lanes):
            answers[index] = workers[lane].ask(positions[index])
            with lock:
                done[0] += 1
                if progress is not None:
                    progress(done[0], len(positions))

    started_at = time.monotonic()
    try:
        _plays_the_board(engine, workers[0])
        with ThreadPoolExecutor(lanes, thread_name_prefix="examination") as pool:
            list(pool.map(run, range(lanes)))
    finally:
        for worker in workers:
            worker.close()
    return judged(engine, rules, [answer for answer in answers if answer is not None], turn_ms,
                  time.monotonic() - started_at, lanes, sum(worker.killed for worker in workers), sample)
