"""How the computer plays a game at this browser: each level's move (its
dice, master's search on the engine workers, an installed engine's move,
this browser's own MENACE), the hint's move, and its steps in an
opening; and what master's search found, to put into words."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from webapp.brains.external import Brain
from webapp.engine import DEFAULT_BUDGET_MS, Menace, Position, advise, choose_move
from webapp.engine.game.opening_rules import Now
from webapp.engine.play import opening_play
from webapp.play.found import Found
from webapp.shared.players import MY_MENACE
from webapp.workers.jobs import Reply, brain_reply
from webapp.workers.pool import EnginePool

_RNG = random.Random()
T = TypeVar("T")


class Computer(NamedTuple):
    """How the computer plays: its dice, how long it may think on the boards
    too big to solve (the app sets it from ENGINE_BUDGET_MS), this browser's
    own MENACE, and the engine workers that think for master (without them,
    master thinks in the caller's thread). replies collects what each of
    master's moves cost: its Thought and its wait for a worker."""

    rng: random.Random = _RNG
    budget_ms: float = DEFAULT_BUDGET_MS
    my_menace: Menace = Menace()
    engines: EnginePool | None = None
    replies: list[Reply] | None = None

    def move(self, position: Position, level: str, moves: tuple[int, ...],
             brain: Brain | None = None) -> tuple[int, Found | None, str]:
        """The level's move in position, reached by moves (which an external
        engine is told), what master's search found for it (None for other levels),
        and, where an external engine failed and master played in its place,
        what the engine did wrong. brain: the installed engine the level is, if it is one."""
        if level == MY_MENACE:
            return self.my_menace.move(position, self.rng).cell, None, ""
        if brain is not None:
            reply = (self.engines.play(brain, position.rules, moves, self.budget_ms) if self.engines is not None
                     else brain_reply(brain, position.rules, moves, self.budget_ms, time.time()))
            return reply.thought.move, Found.of(reply.thought) if reply.fault else None, reply.fault
        if level == "master" and self.engines is not None:
            reply = self.engines.think(position, self.budget_ms)
            if self.replies is not None:
                self.replies.append(reply)
            return reply.thought.move, Found.of(reply.thought), ""
        return choose_move(position, level, self.rng, self.budget_ms), None, ""

    def advise(self, position: Position) -> tuple[int, Found]:
        """The move a hint suggests on a board too big to solve (engine.advise:
        the engine's choice as a review makes it, one the review's proofs find
        no win against, and never a square that leaves a threat unanswered),
        and what the search found, on the engine workers."""
        if self.engines is None:
            thought = advise(position)
        else:
            reply = self.engines.advise(position)
            if self.replies is not None:
                self.replies.append(reply)
            thought = reply.thought
        return thought.move, Found.of(thought)

    def opening_stones(self, now: Now, position: Position) -> tuple[int, ...]:
        """The computer's stones for the rest of an opening's placement, each in
        its zone (opening_play.stones), on the engine workers."""
        return self._worked_out(opening_play.stones, now, position, random.Random(self.rng.random()))

    def opening_choice(self, now: Now, position: Position) -> str:
        """The computer's choice in an opening (opening_play.choice: master's search), on the engine workers."""
        return self._worked_out(opening_play.choice, now, position)

    def opening_offer(self, position: Position, count: int) -> str:
        """Black's fifth moves the computer offers under renju's rules (opening_play.offer), on the engine workers."""
        return self._worked_out(opening_play.offer, position, count)

    def _worked_out(self, function: Callable[..., T], *arguments: Any) -> T:
        """function(*arguments) on the engine workers, in the moves lane (in this thread without them)."""
        if self.engines is None:
            return function(*arguments)
        return self.engines.ask(function, *arguments, for_a_move=True)


COMPUTER = Computer()
