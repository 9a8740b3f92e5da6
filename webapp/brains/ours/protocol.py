"""The Gomocup (piskvork) brain protocol: how a game manager, a GUI or a
tournament talks to an engine, one line at a time on stdin and stdout.

An OurBrain is the engine's side of that conversation, kept apart from the
streams so that a test can hold it: `reply(line)` takes one line from the
manager and returns the lines to answer (often none). Squares are written
"x,y": x the column and y the row, both counted from 0 at the top left.

The commands, as the protocol defines them:

- `START n`: a new n×n game; "OK" once the board's tables are built (so
  that the first move's time is all its own), or "ERROR …" for a board we do not have.
  `RESTART`: a new game on the same board, "OK".
- `BEGIN`: the brain moves first; it answers with its move.
- `TURN x,y`: the other side played x,y; the brain answers with its move.
- `BOARD`, then one line "x,y,who" a stone in the order they were played
  (who: 1 the brain's, 2 the other side's), then `DONE`: the whole position;
  the brain answers with its move for whichever side is to move.
- `TAKEBACK x,y`: the last stone, at x,y, is lifted; "OK".
- `SWAP2BOARD`, then the stones so far ("x,y" or "x,y,who" a line, in the
  order played: black, white, black, ...), then `DONE`: a step of swap2
  (freestyle and standard, on 7×7 and 15×15). With no stones, the brain
  puts down the opening: "x1,y1 x2,y2 x3,y3" (black, white, black). With
  three, it takes white and answers its move, or answers "SWAP" (it takes
  black: the other side moves next, as white), or puts down two more:
  "x4,y4 x5,y5". With five, its move (white) or "SWAP".
- `INFO key value`: a setting, no answer (timeout_turn, timeout_match and
  time_left in milliseconds; max_memory in bytes; rule, game_type, folder).
  The rule is 0 freestyle, 1 standard (exactly five), 4 renju, on the
  boards the web game plays them on (standard on 7×7 and 15×15, renju on
  15×15); another rule, or one the board has not got, gets "ERROR …".
- `ABOUT`: the brain's name and version. `END`: the brain stops.

Anything else gets "UNKNOWN …"; bad input (an occupied or off-board square,
a command before START, a position the rules do not allow) gets "ERROR …"
and leaves the game as it was. The brain never stops on bad input.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import NamedTuple

from webapp.brains.gomocup import RULES_BY_NUMBER, cell_of
from webapp.brains.gomocup import square as square_of  # "x,y": the names square here are squares as written
from webapp.engine import (
    BOARDS,
    DEFAULT_BUDGET_MS,
    FREESTYLE,
    Position,
    Rules,
    check_level,
    choose_move,
    prepare,
    top_level,
    under_rule,
)
from webapp.engine.play import swap2

NAME = "kinrow"
VERSION = "1.0"
RULES_BY_SIZE: dict[int, Rules] = {rules.size: rules for rules in BOARDS.values()}
"""The boards this brain plays, by size: every board the web game has, each with its k."""
SAFETY_MS = 50
"""Kept back from every time limit: the answer must cross the pipe in time."""
MOVES_LEFT = 25
"""When a game has a clock of its own, a move may spend this share of the time left."""


class Said(NamedTuple):
    """What the brain says back to one line, and whether it has stopped."""

    lines: list[str]
    done: bool = False


@dataclass
class Clock:
    """The time the manager allows, in milliseconds (0: no limit given)."""

    turn: int = 0
    match: int = 0
    left: int = 0

    def budget_ms(self, default: float) -> float:
        """How long the next move may think: default, cut to fit the turn's
        limit and a share of the game's time left, less the safety margin."""
        budget = default
        if self.turn:
            budget = min(budget, self.turn - SAFETY_MS)
        if self.match and self.left:
            budget = min(budget, self.left / MOVES_LEFT - SAFETY_MS)
        return max(budget, 1)


@dataclass
class OurBrain:
    """One side of the conversation: the game so far and the manager's settings.

    level is the web game's level to play (the board's top level unless
    given); budget_ms how long it may think when the manager sets no tighter
    limit; max_nodes, if given, makes its moves the same on any machine; seed,
    if given, lets the weaker levels play at random (the same games for the
    same seed); without it nothing is left to chance."""

    level: str | None = None
    budget_ms: float = DEFAULT_BUDGET_MS
    max_nodes: float = float("inf")
    seed: int | None = None
    clock: Clock = field(default_factory=Clock)
    position: Position | None = None
    rule: str = FREESTYLE
    _board_lines: list[str] | None = None  # between BOARD (or SWAP2BOARD) and DONE
    _swap2: bool = False                   # the lines are SWAP2BOARD's

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed) if self.seed is not None else None

    def reply(self, line: str) -> Said:
        """The answer to one line from the manager."""
        line = line.strip()
        lines = self._board_lines
        if lines is not None:
            return self._swap2_entry(lines, line) if self._swap2 else self._board_entry(lines, line)
        command, _, rest = line.partition(" ")
        handler = self._COMMANDS.get(command.upper())
        if handler is None:
            return Said([f"UNKNOWN command “{line[:40]}”"]) if line else Said([])
        try:
            return handler(self, rest.strip())
        except ValueError as error:
            return Said([f"ERROR {error}"])

    def _start(self, argument: str) -> Said:
        size = _number(argument, "START takes the board's size")
        rules = RULES_BY_SIZE.get(size)
        if rules is None:
            sizes = ", ".join(str(size) for size in RULES_BY_SIZE)
            raise ValueError(f"unsupported board size {size}; this brain plays sizes {sizes}")
        rules = under_rule(rules, self.rule)
        if self.level is not None:
            check_level(rules, self.level)
        prepare(rules)  # before the clock of the first move starts
        self.position = Position(rules)
        return Said(["OK"])

    def _restart(self, argument: str) -> Said:
        self.position = Position(self._game().rules)
        return Said(["OK"])

    def _begin(self, argument: str) -> Said:
        if self._game().ply:
            raise ValueError("BEGIN comes only at the start of a game; use BOARD to give a position")
        return self._move()

    def _turn(self, argument: str) -> Said:
        self.position = self._played(self._game(), argument)
        return self._move()

    def _takeback(self, argument: str) -> Said:
        game = self._game()
        cell = cell_of(game.rules, argument)
        last_mover = "O" if game.to_move == "X" else "X"
        if game.mark_at(cell) != last_mover:
            raise ValueError(f"{argument} is not a stone of the side that moved last")
        self.position = game._replace(x=game.x & ~(1 << cell), o=game.o & ~(1 << cell))
        return Said(["OK"])

    def _board(self, argument: str) -> Said:
        self._game()
        self._board_lines, self._swap2 = [], False
        return Said([])

    def _swap2_board(self, argument: str) -> Said:
        game = self._game()
        if not swap2.offered(game.rules):
            raise ValueError(f"swap2 is played on 7×7 and 15×15 under freestyle or standard, not on this "
                             f"{game.rules.board_name} board under {game.rules.rule}")
        self._board_lines, self._swap2 = [], True
        return Said([])

    def _swap2_entry(self, lines: list[str], line: str) -> Said:
        """A line between SWAP2BOARD and DONE (lines: those before it): a
        stone, or DONE, which answers with the brain's swap2 step."""
        if line.upper() != "DONE":
            lines.append(line)
            return Said([])
        self._board_lines, self._swap2 = None, False
        try:
            position = _played_in_turn(self._game().rules, lines)
        except ValueError as error:
            return Said([f"ERROR {error}"])
        if position.ply not in (0, swap2.OPENING_STONES, swap2.OPENING_STONES + swap2.MORE_STONES):
            return Said([f"ERROR SWAP2BOARD gives 0, 3 or 5 stones, not {position.ply}"])
        self.position = position
        if position.ply == 0:
            stones = swap2.opening(position.rules, self.rng)
            for cell in stones:
                self.position = self.position.play(cell)
            return Said([" ".join(square_of(position.rules, cell) for cell in stones)])
        choice = swap2.choice(position, may_place_two=position.ply == swap2.OPENING_STONES)
        if choice == swap2.BLACK:
            return Said(["SWAP"])
        if choice == swap2.TWO:
            more = swap2.two_more(position)
            for cell in more:
                self.position = self.position.play(cell)
            return Said([" ".join(square_of(position.rules, cell) for cell in more)])
        return self._move()

    def _board_entry(self, lines: list[str], line: str) -> Said:
        """A line between BOARD and DONE (lines: those before it): a stone,
        or DONE, which answers with a move."""
        if line.upper() != "DONE":
            lines.append(line)
            return Said([])
        self._board_lines = None
        try:
            self.position = _position_from(self._game().rules, lines)
        except ValueError as error:
            return Said([f"ERROR {error}"])
        return self._move()

    def _info(self, argument: str) -> Said:
        key, _, value = argument.partition(" ")
        key = key.lower()
        if key in ("timeout_turn", "timeout_match", "time_left"):
            setattr(self.clock, {"timeout_turn": "turn", "timeout_match": "match", "time_left": "left"}[key],
                    _number(value, f"INFO {key} takes milliseconds"))
        elif key == "rule":
            number = _number(value, "INFO rule takes the rule's number")
            rule = RULES_BY_NUMBER.get(number)
            if rule is None:
                raise ValueError(f"unsupported rule {number}; this brain plays rules 0 (freestyle), "
                                 "1 (standard: exactly five) and 4 (renju)")
            if self.position is not None:  # the game so far goes on under it, if its board has it
                self.position = self.position._replace(rules=under_rule(self.position.rules, rule))
            self.rule = rule
        # max_memory, game_type, folder, evaluate and keys we do not know are
        # accepted without a word, as the protocol asks: each move's search
        # is bounded by its time, which bounds its memory too.
        return Said([])

    def _about(self, argument: str) -> Said:
        boards = ", ".join(f"{rules.name} ({rules.k} in a row)" for rules in RULES_BY_SIZE.values())
        return Said([f'name="{NAME}", version="{VERSION}", author="the tic-tac-toe team", '
                       f'country="", www="", boards="{boards}"'])

    def _end(self, argument: str) -> Said:
        return Said([], done=True)

    _COMMANDS = {"START": _start, "RESTART": _restart, "BEGIN": _begin, "TURN": _turn, "TAKEBACK": _takeback,
                 "BOARD": _board, "SWAP2BOARD": _swap2_board, "INFO": _info, "ABOUT": _about, "END": _end}

    def _game(self) -> Position:
        if self.position is None:
            raise ValueError("no game yet: send START with the board's size first")
        return self.position

    def _move(self) -> Said:
        """The brain's move in the current position, played and answered."""
        game = self._game()
        level = self.level or top_level(game.rules)
        cell = choose_move(game, level, self.rng, self.clock.budget_ms(self.budget_ms), self.max_nodes)
        self.position = game.play(cell)
        return Said([square_of(game.rules, cell)])

    def _played(self, game: Position, square: str) -> Position:
        """game after the other side's stone at square, which must be empty."""
        cell = cell_of(game.rules, square)
        if game.mark_at(cell) is not None:
            raise ValueError(f"square {square} is already taken")
        if refusal := game.why_not(cell):
            raise ValueError(f"square {square} breaks the rule: {refusal}")
        after = game.play(cell)
        after.validate()
        if after.is_over:
            raise ValueError(f"after {square} the game is over; send START or RESTART for a new one")
        return after


def _played_in_turn(rules: Rules, lines: list[str]) -> Position:
    """The position SWAP2BOARD gave: its stones in the order played, black
    first ("x,y", or "x,y,who" with who set aside); ValueError if they are not a game."""
    position = Position(rules)
    for line in lines:
        square = line if line.count(",") == 1 else line.rpartition(",")[0]
        cell = cell_of(rules, square)
        if position.mark_at(cell) is not None:
            raise ValueError(f"square {square} is given twice")
        if refusal := position.why_not(cell):
            raise ValueError(f"square {square} breaks the rule: {refusal}")
        position = position.play(cell)
        if position.is_over:
            raise ValueError("the game on this board is over")
    return position


def _number(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{what}, a whole number, not “{text[:20]}”") from None


def _position_from(rules: Rules, lines: list[str]) -> Position:
    """The position BOARD gave: its stones, 1 the brain's and 2 the other
    side's, with the brain to move; ValueError if the rules do not allow it."""
    stones: dict[str, set[int]] = {"1": set(), "2": set()}
    for line in lines:
        square, _, who = line.rpartition(",")
        if who not in stones:
            raise ValueError(f"a BOARD line is x,y,1 or x,y,2, not “{line[:20]}”")
        cell = cell_of(rules, square)
        if any(cell in taken for taken in stones.values()):
            raise ValueError(f"square {square} is given twice")
        stones[who].add(cell)
    mine, theirs = sum(1 << cell for cell in stones["1"]), sum(1 << cell for cell in stones["2"])
    if len(stones["1"]) == len(stones["2"]):
        position = Position(rules, x=mine, o=theirs)
    elif len(stones["2"]) == len(stones["1"]) + 1:
        position = Position(rules, x=theirs, o=mine)
    else:
        raise ValueError(f"the brain is to move, so it has as many stones as the other side or one fewer; "
                         f"this board has {len(stones['1'])} and {len(stones['2'])}")
    position.validate()
    if position.is_over:
        raise ValueError("the game on this board is over")
    return position
