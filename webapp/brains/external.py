"""External engines: any program that speaks the Gomocup brain protocol
(piskvork's: a program named pbrain-*, spoken to line by line on its stdin
and stdout), as a level to play against and as a review's judge.

- Brain: one an operator installed (ENGINE_BRAINS, see README: a program
  and its arguments), with its settings (the protocol's INFO lines: its time
  a move, a count of positions, threads, memory) and the boards and rules it
  plays, learned by asking it (probe) of every board: START n tells a board
  by its size, and the size its k (3×3 three in a row, 4×4 and 5×5 four, 7×7
  and 15×15 five), as our own brain takes them (webapp.brains.ours.protocol).
- Connection (connection.py): a brain's process, every wait for it
  bounded; BrainFault says what it did wrong (it crashed, hung past its
  time, answered something that is not a move, or a move the rules refuse).
  The protocol's words, both ways, are gomocup.py's.
- ask(): on an engine worker, the brain's move in a game, with what it said
  of the position (its evaluation and its best line, where it gives them,
  as strong engines do in MESSAGE lines). Each worker keeps one warm process
  a brain, started on first use and reused between moves and games; a
  brain that faults is killed, and the next ask starts a new one.

Moves, judgements and the think page's questions run on the engine workers
(webapp.workers.pool); a web process only asks each brain what it plays,
when it starts (probe), and the test suite's apps run everything inline. A
brain's process ends with the process that started it (connection.py). No
Flask here.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import shlex
import shutil
import sys
import threading
import time
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace

from webapp.brains.connection import START_SECONDS, BrainFault, Connection, started
from webapp.brains.gomocup import RULE_NUMBERS, OffBoard, asking, best_line_of, cell_of, evaluation_of
from webapp.engine.game.boards import BOARDS, rules_offered
from webapp.engine.game.position import Position
from webapp.engine.game.rules import Rules
from webapp.engine.play.appraise import Appraisal, appraise, from_opinions
from webapp.engine.play.search import Thought, ThoughtKind
from webapp.engine.players.levels import LEARNERS, LEVELS

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
PROBE_SECONDS = START_SECONDS
"""How long a brain being probed, at the app's start, may take to answer each question."""
NAME = re.compile(r"[a-z][a-z0-9-]{0,23}")
SETTING = re.compile(r"[a-z_]{1,40}")
log = logging.getLogger(__name__)
_warm_lock = threading.Lock()
"""Held while this process's running brains (_warm) change."""


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
        name, equals, written = (part.strip() for part in entry.partition("="))
        if not equals or not NAME.fullmatch(name):
            raise ValueError(f"ENGINE_BRAINS: “{entry[:60]}” is not name=path (a name of lowercase letters, "
                             "digits and hyphens).")
        if name in taken or name in brains:
            raise ValueError(f"ENGINE_BRAINS: the name “{name}” is taken; give the engine another.")
        brains[name] = Brain(name, _command(name, written), _settings(name, settings.get(name, "")))
    for name in settings:
        if name not in brains:
            raise ValueError(f"Settings are given for an engine “{name}” that ENGINE_BRAINS does not name.")
    return tuple(brains.values())


def _command(name: str, written: str) -> tuple[str, ...]:
    """A brain's command as ENGINE_BRAINS writes it: a program, a path or a
    name on PATH or beside this Python (the app's own pbrain-python and
    pbrain-kinrow, when its virtual environment is not on PATH), and its
    arguments after it, split as a shell would ("pbrain-python
    docs/examples/minimax.py:choose"); ValueError unless the program is an
    executable file."""
    try:
        words = shlex.split(written)
    except ValueError as error:
        raise ValueError(f"ENGINE_BRAINS: {name}'s command “{written[:60]}” cannot be read: {error}.") from None
    if not words:
        raise ValueError(f"ENGINE_BRAINS: {name} names no program.")
    program = words[0] if os.sep in words[0] else program_found(words[0])
    if not (os.path.isfile(program) and os.access(program, os.X_OK)):
        raise ValueError(f"ENGINE_BRAINS: {name}'s program “{words[0][:60]}” is not an executable file.")
    return (program, *words[1:])


def program_found(program: str) -> str:
    """Where a program named without a folder is: on PATH, else beside this Python; as named if nowhere."""
    return shutil.which(program) or shutil.which(program, path=os.path.dirname(sys.executable)) or program


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


def probe(brain: Brain, seconds: float | None = None) -> Brain:
    """The brain, with the boards and rules it plays, learned by asking it of
    every board, a process each: START n (OK: it plays the board; ERROR: it
    does not, and the board is not offered), then for each rule the board
    has, INFO rule then ABOUT (an ERROR before ABOUT's answer: it does not
    play that rule). A brain that breaks the protocol while asked (it cannot
    be started, crashes, takes more than seconds to answer, by default
    PROBE_SECONDS, or answers START with neither) is left out, playing
    nothing, and logged: one that fails a question may fail a game."""
    plays: set[str] = set()
    about = ""
    for rules in BOARDS.values():
        try:
            found, said = _probed_on(brain, rules, seconds or PROBE_SECONDS)
        except BrainFault as fault:
            log.warning("Engine %s is left out: asked whether it plays %s, %s", brain.name, rules.name, fault)
            return replace(brain, plays=frozenset(), about="")
        plays, about = plays | found, said or about
    return replace(brain, plays=frozenset(plays), about=about[:200])


def _probed_on(brain: Brain, rules: Rules, seconds: float) -> tuple[set[str], str]:
    """The rules' names a brain plays on one board, and what it answered
    ABOUT with there ("" where it refuses the board); BrainFault if it
    breaks the protocol. Its process is ended, or killed, whatever happens."""
    plays: set[str] = set()
    about = ""
    connection = Connection(brain.command)
    try:
        said = connection.start(rules.size, seconds)
        if said.startswith("ERROR"):
            log.info("Engine %s does not play %s: it answered START %d with “%s”", brain.name, rules.name,
                     rules.size, said[:120])
            return plays, about
        if said != "OK":
            raise BrainFault(f"it answered START {rules.size} with “{said[:60]}”, neither OK nor ERROR")
        for rule in rules_offered(rules):
            connection.tell(f"INFO rule {RULE_NUMBERS[rule]}", "ABOUT")
            said = connection.answer(seconds)
            if not said.startswith("ERROR"):
                plays.add(rules.with_rule(rule).name)
                about = said
            else:
                connection.answer(seconds)  # ABOUT's own answer
    finally:
        connection.close()
    return plays, about


def answered_cell(rules: Rules, answer: str) -> int:
    """The cell a brain answered with, or BrainFault saying why the answer is not one."""
    try:
        return cell_of(rules, answer)
    except OffBoard as off:
        raise BrainFault(f"it played {off.x},{off.y}, off the board") from None
    except ValueError:
        raise BrainFault(f"it answered “{answer[:60]}”, not a square") from None


@dataclass
class _Warm:
    """A brain's process kept on this worker, and the game it last answered in."""

    connection: Connection
    rules: Rules                          # the board and rule of its last answer (or of its START)
    seen: tuple[int, ...] | None = None  # the moves up to its last answer, its own included
    lock: threading.Lock = field(default_factory=threading.Lock)


_warm: dict[str, _Warm] = {}
"""This process's running brains, by their identity (name, program and settings)."""


def ask(brain: Brain, rules: Rules, moves: tuple[int, ...], seconds: float | None = None) -> Thought:
    """The brain's move after moves (a game on rules not over), as an
    engine's answer (a Thought of kind "engine": its move, and what it said
    of the position it moved in: its evaluation, for the side that moved,
    and its best line, its move first, or none), from this process's warm
    process for it, waited for at most seconds (by default, twice its turn
    and SLACK_SECONDS); BrainFault if it fails, its process then killed."""
    warm = _warm_for(brain, rules)
    with warm.lock:
        try:
            answer = _asked(brain, warm, rules, moves, min(seconds or brain.answer_seconds, brain.answer_seconds))
        except BrainFault:
            _forget(brain.identity, warm)
            raise
    return answer


def _asked(brain: Brain, warm: _Warm, rules: Rules, moves: tuple[int, ...], seconds: float) -> Thought:
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
    asked_at = time.monotonic()
    connection.tell(*brain.infos(rules), *asking(rules, moves, mark, asked_before=continues))
    cell = answered_cell(rules, connection.answer(seconds))
    position = Position.after(rules, moves)
    if position.mark_at(cell) is not None:
        raise BrainFault(f"it played {rules.cell_name(cell)}, which is taken")
    if refusal := position.why_not(cell):
        raise BrainFault(f"it played {rules.cell_name(cell)}, against the rule: {refusal}")
    warm.seen, warm.rules = (*moves, cell), rules
    line = best_line_of(rules, connection.messages)
    return Thought(cell, ThoughtKind.ENGINE, list(line) if line[:1] == (cell,) else [], 0, 0, 0, 0,
                   time.monotonic() - asked_at, evaluation=evaluation_of(connection.messages))


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


def judged_by(judge: Brain, rules: Rules, moves: tuple[int, ...]) -> Appraisal:
    """An external judge's appraisal of the last of moves: what it says of
    the position before the move (its evaluation, its move and best line)
    and after it (from_opinions). A judge that gives no evaluation there (as
    Rapfi does, in `MESSAGE … Eval`) gives its move, and this engine's
    search and proofs the rest (appraise, the judge's move as the choice).
    BrainFault if the judge fails (the worker's job then has master appraise
    the move: webapp.workers.jobs.appraise_job)."""
    position = Position.after(rules, moves[:-1])
    cell = moves[-1]
    before = ask(judge, rules, moves[:-1])
    if before.evaluation is None:
        return appraise(position, cell, judges_choice=before.move)
    after = None if position.play(cell).is_over else ask(judge, rules, moves)

    def choice_loses() -> bool:
        choice = (*moves[:-1], before.move)
        if Position.after(rules, choice).is_over:
            return False
        evaluation = ask(judge, rules, choice).evaluation
        return bool(evaluation and evaluation.proven > 0)

    return from_opinions(position, cell, before, after, choice_loses)
