"""What master's search found for its move, kept with the game, and that in words.

Master thinks on the engine workers; what it found (a win, a block, a forced
win, a search's line, the threats around its move) travels back with the
move and is kept in the session, so that the computer's reason, and the
hint's, put it into words without searching again. The coach's words about
a position alone, which a replay says too, are webapp.shared.coach's.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from webapp.engine import Position, Rules, Thought, ThoughtKind, Threat, cells_of, opponent
from webapp.shared.coach import Addressee, move_and_reason, threat_name, threat_says
from webapp.shared.words import describe_cell, in_a_row, in_a_row_minus_one, listed

FOUND_KINDS = tuple(kind for kind in ThoughtKind if kind is not ThoughtKind.ENGINE)
"""The kinds master's own search comes to (an installed engine's moves keep no Found)."""
THREAT_KINDS = ("three", "fours")
"""The kinds of threat a move can answer or make (engine.Threat.kind)."""


class Found(NamedTuple):
    """What master's search found for its move (webapp.engine.Thought, less
    what it cost), as the engine worker sent it back: kept with the game, so
    that the reason for the move puts it into words without searching again."""

    kind: ThoughtKind  # as Thought.kind (read back from a session as its word, which compares equal)
    line: int   # the length of the forced win or of the line the search expects, both sides' moves
    score: int  # the search's score for the mover (0 for kinds other than search)
    depth: int  # the deepest search completed
    faced: str = ""                      # the threat the mover faced ("three", "fours": Threat.kind), if any
    faced_answers: tuple[int, ...] = ()  # the squares that answer it (none: no square does)
    threat: str = ""                     # the threat the move makes, which the other side must answer
    answers: tuple[int, ...] = ()        # the squares that answer that one

    @classmethod
    def of(cls, thought: Thought) -> Found:
        faced, threat = thought.faced, thought.threat
        return cls(thought.kind, len(thought.line), thought.score, thought.depth, faced.kind if faced else "",
                   faced.answers if faced else (), threat.kind if threat else "", threat.answers if threat else ())

    def to_data(self) -> list:
        """A small list to keep in the session store (from_data reads it back)."""
        return [*self[:5], list(self.faced_answers), self.threat, list(self.answers)]

    @classmethod
    def from_data(cls, data: Any) -> Found | None:
        """What a session kept of master's last search, if it reads as one
        (else None: the reason is worked out again)."""
        try:
            kind, line, score, depth, *threats = data
            faced, faced_answers, threat, answers = threats or ("", (), "", ())
            found = cls(ThoughtKind(kind), int(line), int(score), int(depth), str(faced),
                        tuple(map(int, faced_answers)), str(threat), tuple(map(int, answers)))
        except (TypeError, ValueError):  # ValueError: a kind that is no ThoughtKind's word
            return None
        return found if found.kind in FOUND_KINDS and {found.faced, found.threat} <= {"", *THREAT_KINDS} else None

    def stops(self, cell: int) -> bool:
        """Whether cell answers the threat the mover faced."""
        return bool(self.faced) and cell in self.faced_answers

    def unstoppable(self) -> bool:
        """Whether the mover faced a threat no square stops."""
        return bool(self.faced) and not self.faced_answers


def explain_found(rules: Rules, moves: tuple[int, ...], step: int, person: bool, found: Found) -> str:
    """Move number step (from 1) of a game, with master's reason for it from
    what its search found, in the coach's one voice (explain_move's, which
    works the reason out again where nothing came back with the move)."""
    cell = moves[step - 1]
    why = found_says(Position.after(rules, moves[:step - 1]), cell, found, person)
    return move_and_reason(rules, step, cell, person, why)


def found_says(position: Position, cell: int, found: Found, person: bool = True) -> str:
    """Why master played cell, from what its search found (found): the same
    sentences reason() says, where they apply, and what the search alone
    knows; nothing is searched again. A win, a block and a four made are
    read off the board, which costs nothing; the threat the move makes, or
    the one it stops, came back from the worker with the move (engine.explain),
    so "nothing is forced" is never said beside one."""
    me, them = position.to_move, opponent(position.to_move)
    rules = position.rules
    you = Addressee.of(rules, them, person)
    if found.kind == "win":
        return "I complete a line and win."
    if found.kind == "block":
        return f"I block {you.possessive} line: {you.name} would have completed it here."
    if found.kind == "lost":
        return (f"This position is lost for me: {you.name} can complete {in_a_row(rules)} in two places, "
                "and I can block only one.")
    if found.kind == "forced win":
        return f"I have a forced win: I win within {(found.line + 1) // 2} moves, whatever {you.does}."
    if threats := cells_of(position.play(cell).winning_cells(me)):
        return (f"I make a {in_a_row_minus_one(rules)}: {you.name} must block "
                f"{describe_cell(rules, threats[0])}, or I complete {in_a_row(rules)} there.")
    if found.threat:
        return threat_says(rules, Threat(found.threat, (), found.answers), you)
    if found.stops(cell):
        return f"I stop {you.possessive} {stopped(rules, found, cell)}."
    if found.unstoppable():
        return (f"No square stops {you.possessive} {faced_name(rules, found)}: {you.name} can force a win. "
                "This is the move my search liked best.")
    if found.faced:
        return (f"I leave {you.possessive} {faced_name(rules, found)} unanswered: this is the move my search liked "
                f"best, {looking_ahead(found.depth)}.")
    if found.kind == "defence":
        return (f"Nothing is forced for me here; the move my search liked best let {you.name} force a win, "
                "so I played the best one that does not.")
    return f"Nothing is forced here; this is the move my search liked best, {looking_ahead(found.depth)}."


def looking_ahead(depth: int) -> str:
    """How far the search looked: "looking 3 moves ahead"; a search stopped by
    its clock (or its count) before it finished looking one move ahead chose
    at a first glance (a busy machine's: no longer than the other words, so
    that the room kept under the status holds it and the board stays put)."""
    if depth < 1:
        return "at a first glance"
    return f"looking {depth} move{'s' if depth > 1 else ''} ahead"


def faced_name(rules: Rules, found: Found) -> str:
    """The threat the mover faced, as players name it: "three", "win by fours"."""
    name = threat_name(rules, Threat(found.faced, (), ()))
    return f"win by {name}" if found.faced == "fours" else name


def stopped(rules: Rules, found: Found, cell: int) -> str:
    """The threat cell answered, and where else it could have been: "three
    (f7 would have stopped it too)"."""
    what, others = faced_name(rules, found), [other for other in found.faced_answers if other != cell]
    if not others:
        return f"{what}, at the one square that stops it"
    where = listed([describe_cell(rules, other) for other in others], "or")
    return f"{what} ({where} would have stopped it too)"
