"""External engines: any program that speaks the Gomocup brain protocol
(piskvork's: a program named pbrain-*, spoken to line by line on its stdin
and stdout), as a level to play against and as a review's judge.

- Brain: one an operator installed (ENGINE_BRAINS, see README), with its
  settings (the protocol's INFO lines: its time a move, a count of
  positions, threads, memory) and the boards and rules it plays, learned by
  asking it (probe). The protocol is five in a row's, so a brain plays the
  boards whose lines are five long: 7×7 and 15×15.
- Connection: a brain's process, every wait for it bounded; BrainFault says
  what it did wrong (it crashed, hung past its time, answered something that
  is not a move, or a move the rules refuse).
- ask(): on an engine worker, the brain's move in a game, with what it said
  of the position (its evaluation and its best line, where it gives them,
  as strong engines do in MESSAGE lines). Each worker keeps one warm process
  a brain, started on first use and reused between moves and games; a
  brain that faults is killed, and the next ask starts a new one.

Moves, judgements and the think page's questions run on the engine workers
(webapp.workers.pool); a web process only asks each brain what it plays,
when it starts (probe), and the test suite's apps run everything inline. A
brain's process ends with the process that started it, however that ends:
util-linux's setpriv sets a parent-death signal before the brain runs
(without setpriv, which Debian always has, a warning is logged once). No
Flask here.
"""

from __future__ import annotations

import hashlib
import logging
import os
import queue
import re
import shutil
import subprocess
import threading
import time
from collections.abc import Collection, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextvars import ContextVar, Token
from dataclasses import dataclass, field, replace
from functools import cache
from types import MappingProxyType
from typing import NamedTuple

from webapp.engine.boards import BOARDS, rules_offered
from webapp.engine.levels import LEARNERS, LEVELS
from webapp.engine.position import Position
from webapp.engine.rules import FREESTYLE, RENJU, STANDARD, Rules

TURN_MS = 1000
"""A brain's time a move (INFO timeout_turn) unless its settings say otherwise."""
MAX_TURN_MS = 10_000
"""The most time a move a brain may be given (a judge wants a long turn, so that its count of positions is
what stops it: docs/brain.md)."""
SLACK_SECONDS = 2.0
"""How much longer than twice its time a brain may take to answer before it counts as hung (a busy machine)."""
MOVE_SECONDS = 15.0
"""The longest a person's move waits for a brain (ask's seconds, jobs.brain_job), however long its turn: with
master's move after it, well inside a move's wait for a worker (webapp.workers.pool.WAIT_SECONDS, 25 s). Only
a brain that also hangs at its start (START_SECONDS) takes the person past it, to the busy engines' 503."""
START_SECONDS = 15.0
"""How long a brain may take to answer START: a first start may load a lot (a network's weights)."""
RULE_NUMBERS = {FREESTYLE: 0, STANDARD: 1, RENJU: 4}
"""Each rule's number in the protocol's INFO rule (its bits: 1 exactly five, 4 renju)."""
NAME = re.compile(r"[a-z][a-z0-9-]{0,23}")
SETTING = re.compile(r"[a-z_]{1,40}")
EVAL = re.compile(r"\bEval ([+-]?M?\d+)\b")
BESTLINE = re.compile(r"\bBestline((?: [A-Za-z]\d{1,2})+)")
log = logging.getLogger(__name__)
_warm_lock = threading.Lock()
"""Held while this process's running brains (_warm) change."""
_launcher_lock = threading.Lock()


class BrainFault(Exception):
    """A brain broke the protocol or the rules: the message says what it did, fit to show a person."""


@dataclass(frozen=True)
class Brain:
    """An external engine an operator installed: a name (its level's, as
    configured), the program, the INFO settings it is given before each
    move, and the boards (by their names under each rule) it plays."""

    name: str
    command: tuple[str, ...]
    settings: tuple[tuple[str, str], ...] = ()
    plays: frozenset[str] = frozenset()
    about: str = ""  # what it answered ABOUT with: its own name and version

    @property
    def identity(self) -> str:
        """Its name and a digest of its program and settings: what it says of a position is kept under it."""
        digest = hashlib.blake2b(repr((self.command, self.settings)).encode(), digest_size=6).hexdigest()
        return f"{self.name}-{digest}"

    @property
    def turn_ms(self) -> int:
        return int(dict(self.settings).get("timeout_turn", TURN_MS))

    @property
    def answer_seconds(self) -> float:
        """How long a move may take before the brain counts as hung."""
        return 2 * self.turn_ms / 1000 + SLACK_SECONDS

    @property
    def title(self) -> str:
        """How the pages name it: its own name from ABOUT (name="Rapfi"), else its configured name."""
        found = re.search(r'name="([^"]{1,40})"', self.about)
        return found.group(1) if found else self.name

    def plays_on(self, rules: Rules) -> bool:
        return rules.name in self.plays

    def infos(self, rules: Rules) -> list[str]:
        """The INFO lines a brain is told before each move: its time, the rule, then its own settings."""
        told = {"timeout_turn": str(self.turn_ms), "timeout_match": "0", "rule": str(RULE_NUMBERS[rules.rule])}
        told.update((key, value) for key, value in self.settings if key != "timeout_turn")
        return [f"INFO {key} {value}" for key, value in told.items()]


def configured(spec: str, settings: Mapping[str, str] | None = None,
               taken: Collection[str] = LEVELS + LEARNERS) -> tuple[Brain, ...]:
    """The brains ENGINE_BRAINS names ("name=path,name=path"), each with its
    settings ("key=value key=value", the protocol's INFO keys, by name), none
    named as one of taken (the players a form offers already); ValueError
    saying what is wrong with the configuration."""
    brains: dict[str, Brain] = {}
    settings = settings or {}
    for entry in filter(None, (part.strip() for part in spec.split(","))):
        name, equals, path = (part.strip() for part in entry.partition("="))
        if not equals or not NAME.fullmatch(name):
            raise ValueError(f"ENGINE_BRAINS: “{entry[:60]}” is not name=path (a name of lowercase letters, "
                             "digits and hyphens).")
        if name in taken or name in brains:
            raise ValueError(f"ENGINE_BRAINS: the name “{name}” is taken; give the engine another.")
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            raise ValueError(f"ENGINE_BRAINS: {name}'s program “{path}” is not an executable file.")
        brains[name] = Brain(name, (path,), _settings(name, settings.get(name, "")))
    for name in settings:
        if name not in brains:
            raise ValueError(f"Settings are given for an engine “{name}” that ENGINE_BRAINS does not name.")
    return tuple(brains.values())


def names_in(spec: str) -> list[str]:
    """The names ENGINE_BRAINS ("name=path,name=path") gives, as written."""
    return [entry.partition("=")[0].strip() for entry in spec.split(",") if entry.strip()]


def settings_in(environment: Mapping[str, str], spec: str) -> dict[str, str]:
    """The settings the environment gives the brains spec (ENGINE_BRAINS)
    names: ENGINE_BRAIN_<NAME>, the name upper-cased, its hyphens underscores."""
    return {name: environment[variable] for name in names_in(spec)
            if (variable := f"ENGINE_BRAIN_{name.upper().replace('-', '_')}") in environment}


def _settings(name: str, written: str) -> tuple[tuple[str, str], ...]:
    """One brain's settings, each key=value an INFO line; timeout_turn within MAX_TURN_MS."""
    found = []
    for pair in written.split():
        key, equals, value = pair.partition("=")
        if not equals or not SETTING.fullmatch(key.lower()) or not value or any(c.isspace() for c in value):
            raise ValueError(f"{name}'s settings: “{pair[:40]}” is not key=value (an INFO key, such as "
                             "timeout_turn=1000 or max_node=200000).")
        found.append((key.lower(), value))
    turn = dict(found).get("timeout_turn", str(TURN_MS))
    if not turn.isdigit() or not 1 <= int(turn) <= MAX_TURN_MS:
        raise ValueError(f"{name}'s settings: timeout_turn is milliseconds, 1 to {MAX_TURN_MS}, not “{turn}”.")
    return tuple(found)


def probe(brain: Brain) -> Brain:
    """The brain, with the boards and rules it plays, learned by asking it:
    START on each five-in-a-row board (an answer other than OK: it does not
    play that size), then for each rule the board has, INFO rule then ABOUT
    (an ERROR before ABOUT's answer: it does not play that rule). A brain
    that breaks the protocol while being asked plays nothing, and is logged."""
    plays, about = set(), ""
    for rules in BOARDS.values():
        if rules.k != 5:
            continue
        connection = None
        try:
            connection = Connection(brain.command)
            if connection.start(rules.size) != "OK":
                continue
            for rule in rules_offered(rules):
                connection.tell(f"INFO rule {RULE_NUMBERS[rule]}", "ABOUT")
                said = connection.answer(START_SECONDS)
                if not said.startswith("ERROR"):
                    plays.add(rules.with_rule(rule).name)
                    about = said
                else:
                    connection.answer(START_SECONDS)  # ABOUT's own answer
        except BrainFault as fault:
            log.warning("Engine %s did not answer as a brain on %s, and is not offered there: %s",
                        brain.name, rules.name, fault)
        finally:
            if connection is not None:
                connection.close()
    return replace(brain, plays=frozenset(plays), about=about[:200])


_installed: ContextVar[Mapping[str, Brain]] = ContextVar("installed_brains", default=MappingProxyType({}))


def install(brains: Sequence[Brain]) -> Token:
    """Make brains (probed) the external engines offered from here on in this
    context: the levels the pages offer, the review's judges. An app does it
    at the start of each request, with its own (ENGINE_BRAINS), and undoes it
    (uninstall) at the end, so that two apps in one process keep theirs apart."""
    return _installed.set(MappingProxyType({brain.name: brain for brain in brains}))


def uninstall(token: Token) -> None:
    _installed.reset(token)


def installed(rules: Rules | None = None) -> tuple[Brain, ...]:
    """The installed brains, those that play rules' board under its rule if given."""
    return tuple(brain for brain in _installed.get().values() if rules is None or brain.plays_on(rules))


def brain_named(name: str) -> Brain | None:
    return _installed.get().get(name)


_launchers: dict[int, ThreadPoolExecutor] = {}
_SETPRIV = shutil.which("setpriv")


@cache
def _warn_once(message: str) -> None:
    log.warning(message)


def _launcher() -> ThreadPoolExecutor:
    """The thread this process starts every brain from, which lives as long
    as the process: the kernel's parent-death signal is tied to the thread
    that started a process, and a web request's thread ends with its request.
    One a process id: a forked worker has none of its parent's threads."""
    with _launcher_lock:
        if (launcher := _launchers.get(os.getpid())) is None:
            launcher = _launchers[os.getpid()] = ThreadPoolExecutor(1, thread_name_prefix="brain-launcher")
        return launcher


class Connection:
    """A brain's process, its answers read by a thread of their own, so that
    every wait for one is bounded; BrainFault when it breaks the protocol."""

    def __init__(self, command: Sequence[str]) -> None:
        if not _SETPRIV:
            _warn_once("util-linux's setpriv is missing: a brain may outlive the worker that started it")
        ending = [_SETPRIV, "--pdeathsig", "KILL", "--"] if _SETPRIV else []
        try:
            self.process = _launcher().submit(subprocess.Popen, [*ending, *command], stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                            bufsize=1, errors="replace").result()
        except OSError as error:
            raise BrainFault(f"it could not be started ({error.strerror})") from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.messages: list[str] = []  # the MESSAGE and DEBUG lines answer() passed over, since the last clear
        threading.Thread(target=self._read, daemon=True, name="brain-reader").start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line.strip()[:1000])
        self.lines.put(None)

    def start(self, size: int) -> str:
        """START the brain on a size×size board; its answer ("OK" if it plays it)."""
        self.tell(f"START {size}")
        return self.answer(START_SECONDS)

    def tell(self, *lines: str) -> None:
        try:
            self.process.stdin.write("".join(line + "\n" for line in lines))
            self.process.stdin.flush()
        except OSError as error:
            raise BrainFault(f"it stopped reading ({error.strerror or error})") from None

    def answer(self, seconds: float) -> str:
        """The next line that is not a message or a debug line, within seconds."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.monotonic(), 0.001))
            except queue.Empty:
                raise BrainFault(f"it did not answer within {seconds:.1f} s") from None
            if line is None:
                raise BrainFault(self._ended())
            if not line.startswith(("MESSAGE", "DEBUG")):
                return line
            self.messages.append(line)

    def _ended(self) -> str:
        """What became of a brain whose output ended."""
        try:
            return f"it stopped (exit status {self.process.wait(timeout=1)})"
        except subprocess.TimeoutExpired:
            return "it closed its output"

    def close(self) -> None:
        """END the brain, and kill it if it does not stop at once."""
        try:
            self.tell("END")
            self.process.wait(timeout=1)
        except (BrainFault, subprocess.TimeoutExpired):
            self.kill()

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()


def started(command: Sequence[str], size: int) -> Connection:
    """A brain's process, started on a size×size board; BrainFault (its
    process killed) unless it answers START with OK."""
    connection = Connection(command)
    try:
        if (said := connection.start(size)) != "OK":
            raise BrainFault(f"it answered START {size} with “{said[:60]}”")
    except BrainFault:
        connection.kill()
        raise
    return connection


def square(rules: Rules, cell: int) -> str:
    """A cell as the protocol writes it: "x,y", the column then the row, from 0 at the top left."""
    row, column = divmod(cell, rules.size)
    return f"{column},{row}"


def asking(rules: Rules, history: Sequence[int], mark: str, asked_before: bool) -> list[str]:
    """The lines that ask a brain playing mark for its move: TURN with the
    other side's last move when it answered the move before, else BOARD (the
    stones in the order played, 1 its own, 2 the other side's) or BEGIN."""
    if asked_before:
        return [f"TURN {square(rules, history[-1])}"]
    if not history:
        return ["BEGIN"]
    mover = len(history) % 2
    return ["BOARD", *(f"{square(rules, cell)},{1 if ply % 2 == mover else 2}" for ply, cell in enumerate(history)),
            "DONE"]


def answered_cell(rules: Rules, answer: str) -> int:
    """The cell a brain answered with, or BrainFault saying why the answer is not one."""
    try:
        x, y = (int(part) for part in answer.split(","))
    except ValueError:
        raise BrainFault(f"it answered “{answer[:60]}”, not a square") from None
    if not (0 <= x < rules.size and 0 <= y < rules.size):
        raise BrainFault(f"it played {x},{y}, off the board")
    return y * rules.size + x


@dataclass(frozen=True)
class Evaluation:
    """A brain's evaluation of a position for its side to move, as it wrote
    it after "Eval" (Rapfi's way): a number, or +M<n> / -M<n> for a win or a
    loss it has proven n moves of both sides away."""

    written: str

    @property
    def proven(self) -> int:
        """+1 if the brain proves a win for the side to move, -1 a loss, 0 neither."""
        if "M" not in self.written:
            return 0
        return -1 if self.written.startswith("-") else 1

    @property
    def score(self) -> int | None:
        """The number, where it is one (not a proof)."""
        return None if self.proven else int(self.written)

    def turned(self) -> Evaluation:
        """The same evaluation for the other side."""
        rest = self.written.lstrip("+-")
        if self.written.startswith("-"):
            return Evaluation(("+" if rest.startswith("M") else "") + rest)
        return Evaluation(rest if rest == "0" else "-" + rest)


def evaluation_of(messages: Sequence[str]) -> Evaluation | None:
    """The last evaluation the brain reported among its messages, if any."""
    found = [match.group(1) for line in messages if (match := EVAL.search(line))]
    return Evaluation(found[-1]) if found else None


def best_line_of(rules: Rules, messages: Sequence[str]) -> tuple[int, ...]:
    """The last best line the brain reported ("Bestline H10 I7 …": a column
    letter from A and a row number from 1, at the top), as cells; () if none
    or one off the board."""
    found = [match.group(1).split() for line in messages if (match := BESTLINE.search(line))]
    if not found:
        return ()
    cells = []
    for written in found[-1]:
        column, row = ord(written[0].upper()) - ord("A"), int(written[1:]) - 1
        if not (0 <= column < rules.size and 0 <= row < rules.size):
            return ()
        cells.append(row * rules.size + column)
    return tuple(cells)


class Answer(NamedTuple):
    """A brain's move, and what it said of the position it moved in."""

    cell: int
    evaluation: Evaluation | None   # for the side that moved, before its move
    line: tuple[int, ...]           # its best line, its move first (() if it gave none)


@dataclass
class _Warm:
    """A brain's process kept on this worker, and the game it last answered in."""

    connection: Connection
    rules: Rules                          # the board and rule of its last answer (or of its START)
    seen: tuple[int, ...] | None = None  # the moves up to its last answer, its own included
    lock: threading.Lock = field(default_factory=threading.Lock)


_warm: dict[str, _Warm] = {}
"""This process's running brains, by their identity (name, program and settings)."""


def ask(brain: Brain, rules: Rules, moves: tuple[int, ...], seconds: float | None = None) -> Answer:
    """The brain's move after moves (a game on rules not over), from this
    process's warm process for it, waited for at most seconds (by default,
    twice its turn and SLACK_SECONDS); BrainFault if it fails, its process
    then killed."""
    warm = _warm_for(brain, rules)
    with warm.lock:
        try:
            answer = _asked(brain, warm, rules, moves, min(seconds or brain.answer_seconds, brain.answer_seconds))
        except BrainFault:
            _forget(brain.identity, warm)
            raise
    return answer


def _asked(brain: Brain, warm: _Warm, rules: Rules, moves: tuple[int, ...], seconds: float) -> Answer:
    """One move asked of a warm brain: TURN where it answered the move
    before, in the same game under the same rule, else RESTART (once it has
    played a game) and the whole position."""
    connection = warm.connection
    continues = (warm.seen is not None and warm.rules == rules and moves[:-1] == warm.seen
                 and len(moves) == len(warm.seen) + 1)
    if warm.seen is not None and not continues:
        connection.tell("RESTART")
        if (said := connection.answer(START_SECONDS)) != "OK":
            raise BrainFault(f"it answered RESTART with “{said[:60]}”")
    mark = "X" if len(moves) % 2 == 0 else "O"
    connection.messages.clear()
    connection.tell(*brain.infos(rules), *asking(rules, moves, mark, asked_before=continues))
    cell = answered_cell(rules, connection.answer(seconds))
    position = Position.after(rules, moves)
    if position.mark_at(cell) is not None:
        raise BrainFault(f"it played {rules.cell_name(cell)}, which is taken")
    if refusal := position.why_not(cell):
        raise BrainFault(f"it played {rules.cell_name(cell)}, against the rule: {refusal}")
    warm.seen, warm.rules = (*moves, cell), rules
    line = best_line_of(rules, connection.messages)
    return Answer(cell, evaluation_of(connection.messages), line if line[:1] == (cell,) else ())


def _warm_for(brain: Brain, rules: Rules) -> _Warm:
    """This process's running brain on rules' board, started (and told START) if it is not running."""
    with _warm_lock:
        warm = _warm.get(brain.identity)
        if warm is not None and warm.rules.size == rules.size and warm.connection.process.poll() is None:
            return warm
        if warm is not None:
            _warm.pop(brain.identity).connection.close()
        _warm[brain.identity] = warm = _Warm(started(brain.command, rules.size), rules)
        return warm


def _forget(identity: str, warm: _Warm) -> None:
    """Kill a brain that faulted, so that the next ask starts it afresh."""
    with _warm_lock:
        if _warm.get(identity) is warm:
            del _warm[identity]
    warm.connection.kill()


def stop_all() -> None:
    """END every brain this process runs (a test's teardown, a tool's end; a
    worker's brains die with it, by the parent-death signal)."""
    with _warm_lock:
        running = list(_warm.values())
        _warm.clear()
    for warm in running:
        warm.connection.close()
