"""What a worker runs for each kind of job, and the answers that travel
back: a move for master (think_job, its Thought with the threats around
it), an external brain's move (brain_job, or master's in its place where
the brain fails), a page's work (ask_job) and a move's appraisal for a
review (appraise_job). Each is a plain function of values, so that the
queue can carry it to any worker process; pool.py queues them and reads
their answers.

A job nobody waits for any more (past answer_by: the asker has answered
503) is not worked on, and not answered, since an answer nobody reads
would stay in the queue's store for good (Huey keeps no None).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from webapp.brains.external import MOVE_SECONDS, Brain, BrainFault, ask, judged_by
from webapp.engine import Appraisal, Memory, Position, Rules, Thought, appraise, explain, think
from webapp.engine.game.notation import write_moves

log = logging.getLogger(__name__)


class Reply(NamedTuple):
    """A move's job's answer: the engine's answer (a Thought: master's, or an
    installed engine's), how long the job waited for a worker, and where an
    installed engine failed, what it did wrong: the Thought is then master's,
    played in its place."""

    thought: Thought
    waited_ms: float
    fault: str = ""  # what the installed engine did wrong, in words fit to show a person ("" if nothing)


def think_job(position: Position, budget_ms: float, max_nodes: float, queued_at: float,
              answer_by: float = float("inf")) -> tuple[Thought, float] | None:
    """The job a worker runs: master's thinking, with the time the job
    waited in the queue (wall clock: the worker may be another machine's,
    whose clock is only as close as the machines' clocks are).

    Nobody waits for a move past answer_by (the asker has answered 503): it
    is then not thought about, and not answered, since an answer nobody reads
    would stay in the queue's store for good (Huey keeps no None)."""
    if time.time() > answer_by:
        return None
    waited_ms = max(0.0, (time.time() - queued_at) * 1000)
    thought = explain(position, think(position, budget_ms, max_nodes=max_nodes))  # its words travel with it
    return (thought, waited_ms) if time.time() <= answer_by else None


def brain_job(brain: Brain, rules: Rules, moves: tuple[int, ...], budget_ms: float, queued_at: float,
              answer_by: float = float("inf")) -> Reply | None:
    """The job a worker runs for a move of an external brain's: its move,
    from this worker's warm process for it. A brain that fails (crashes,
    hangs, answers garbage or an illegal move) is killed, its answer logged,
    and master plays the move within its own budget, so that the person
    gets a move and is told why it is master's. Not answered past answer_by
    (see think_job)."""
    if time.time() > answer_by:
        return None
    reply = brain_reply(brain, rules, moves, budget_ms, queued_at)
    return reply if time.time() <= answer_by else None


def brain_reply(brain: Brain, rules: Rules, moves: tuple[int, ...], budget_ms: float, queued_at: float) -> Reply:
    """An external brain's move after moves (brain_job's, without its
    deadline): master's in its place, within budget_ms, if the brain fails."""
    waited_ms = max(0.0, (time.time() - queued_at) * 1000)
    try:
        return Reply(ask(brain, rules, moves, MOVE_SECONDS), waited_ms)
    except BrainFault as fault:
        log.warning("Engine %s failed on /replay/%s/%s: %s; master played instead",
                    brain.name, rules.name, write_moves(rules, moves), fault)
        position = Position.after(rules, moves)
        return Reply(explain(position, think(position, budget_ms)), waited_ms, str(fault))


def ask_job(function: Callable[..., Any], arguments: tuple, answer_by: float) -> tuple[Any] | None:
    """The job a worker runs for a page: function(*arguments), its answer in a
    tuple (so that an answer of None is one), unless nobody waits for it any
    more (see think_job). What the function needs comes in its arguments (a
    game comes with the external engines installed where it is played), so
    a sentence that names an engine is the same worked out here as there."""
    if time.time() > answer_by:
        return None
    answer = function(*arguments)
    return (answer,) if time.time() <= answer_by else None


def appraise_job(rules: Rules, moves: tuple[int, ...], judge: Brain | None = None,
                 memory: Memory | None = None) -> Appraisal:
    """The job a worker runs for a review: the appraisal of the last of
    moves, played in the position before it, by master or by an external
    judge (see brains.external.judged_by). A move the judge fails on (it crashes,
    hangs, answers garbage) is appraised by master, and the fault logged:
    a review is never left unfinished by a broken judge. Master reads and
    keeps what it works out about each position in memory (the queue's store)."""
    if judge is not None:
        try:
            return judged_by(judge, rules, moves)
        except BrainFault as fault:
            log.warning("Engine %s failed to judge /replay/%s/%s: %s; master judged the move instead",
                        judge.name, rules.name, write_moves(rules, moves), fault)
    return appraise(Position.after(rules, moves[:-1]), moves[-1], memory=memory)
