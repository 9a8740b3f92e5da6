"""One browser's match: the current game, the score, and the checks on a move.

Game, Score and Match are immutable values. Every action (a person's move, a
computer's step, a take-back, a new game) returns a new value, which the caller
stores. A game's position is derived from its board and its list of moves, so
history and board can never disagree. Nothing here knows about HTTP; the views
turn the two exception types into status codes.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, NamedTuple

from webapp.engine import (BOARDS, DEFAULT_BOARD, DEFAULT_BUDGET_MS, LEARNERS, LEVELS, MARKS, Menace, Position,
                           Rules, choose_move, learners_of, levels_of, opponent, top_level)
from webapp.coach import SquareValue, describe_cell, in_a_row, reason, square_values

HUMAN = "human"
MY_MENACE = "my-menace"
"""This browser's own MENACE, which starts knowing nothing and learns from every game it finishes here."""
PLAYERS = (HUMAN, *LEVELS, *LEARNERS, MY_MENACE)
PLAYER_NAMES = {HUMAN: "Human", **{level: f"Computer, {level}" for level in LEVELS},
                "menace": "MENACE, trained", "network": "Network, self-taught", MY_MENACE: "Your own MENACE"}
OPPONENT_NAMES = {**{level: level for level in LEVELS}, "menace": "MENACE", "network": "the network",
                  MY_MENACE: "your MENACE"}
"""How the score names each computer player: "You against hard", "You against your MENACE"."""
FRIENDS = "friends"
"""The score's name for games between two people at one screen."""
_RNG = random.Random()
_NUMBER = re.compile("0|[1-9][0-9]{0,2}")


class InvalidInput(ValueError):
    """The request is malformed: a missing, non-numeric or out-of-range cell,
    an unknown board or player, a level the board does not have. The message
    is fit to show a person."""


class Conflict(ValueError):
    """The request is well formed but does not fit the game as it stands: an
    occupied cell, a finished game, nothing to take back, or a board the person
    saw that is out of date. The message is fit to show a person."""


class Computer(NamedTuple):
    """How the computer plays: its dice, how long it may think on the boards
    too big to solve (the app sets it from ENGINE_BUDGET_MS), and this
    browser's own MENACE."""

    rng: random.Random = _RNG
    budget_ms: float = DEFAULT_BUDGET_MS
    my_menace: Menace = Menace()

    def move(self, position: Position, level: str) -> int:
        if level == MY_MENACE:
            return self.my_menace.move(position, self.rng).cell
        return choose_move(position, level, self.rng, self.budget_ms)


COMPUTER = Computer()


class Cell(NamedTuple):
    """One square as a page shows it."""

    number: int
    mark: str | None            # "X", "O", or None when empty
    in_winning_line: bool
    value: SquareValue | None   # the coach's value, when the coach is on and knows one
    label: str                  # the accessible name
    playable: bool              # a person may click it now
    is_new: bool                # marked by the last thing that happened (a move and its reply)


def players_of(rules: Rules) -> tuple[str, ...]:
    """Who may play on a board: a person, the computer at one of its levels,
    and on 3×3 the learners, this browser's own MENACE among them."""
    learners = learners_of(rules)
    return (HUMAN, *levels_of(rules), *learners, *((MY_MENACE,) if learners else ()))


def default_players(rules: Rules) -> dict[str, str]:
    """You as X against the board's strongest level."""
    return {"X": HUMAN, "O": top_level(rules)}


@dataclass(frozen=True)
class Game:
    """Who plays X and O (HUMAN, a computer level or a learner), the cells
    played so far, and the board they are played on.

    A computer facing a person answers in the same step as the person's move;
    two computers move one step at a time, so a person can watch them.
    """

    x: str = HUMAN
    o: str = "perfect"
    moves: tuple[int, ...] = ()
    rules: Rules = DEFAULT_BOARD

    @classmethod
    def start(cls, x: str, o: str, computer: Computer = COMPUTER, moves: tuple[int, ...] = (),
              rules: Rules = DEFAULT_BOARD) -> Game:
        """A new game, from the empty board or from the position after moves;
        a computer to move against a person moves at once."""
        game = cls(x, o, moves, rules)
        if game.is_over:
            raise Conflict("That game is over; there is nothing left to play from there.")
        return game._reply_to_person(computer)

    @cached_property
    def position(self) -> Position:
        return position_after(self.rules, self.moves)

    @property
    def board(self) -> str:
        """The marks as a string, one character a cell: 'X', 'O' or '.'."""
        return self.position.text

    @property
    def ply(self) -> int:
        """How many marks are on the board."""
        return len(self.moves)

    @property
    def to_move(self) -> str:
        return self.position.to_move

    @cached_property
    def winner(self) -> str | None:
        return self.position.winner

    @cached_property
    def winning_line(self) -> tuple[int, ...]:
        return self.position.winning_line()

    @cached_property
    def is_over(self) -> bool:
        return self.position.is_over

    def player(self, mark: str) -> str:
        return self.x if mark == "X" else self.o

    @property
    def humans(self) -> list[str]:
        """The marks people play."""
        return [mark for mark in MARKS if self.player(mark) == HUMAN]

    @property
    def humans_turn(self) -> bool:
        return not self.is_over and self.player(self.to_move) == HUMAN

    @property
    def computers_to_step(self) -> bool:
        """Two computers are playing and the game goes on: the page steps it."""
        return not self.humans and not self.is_over

    @property
    def can_undo(self) -> bool:
        return self._last_human_move() is not None

    def can_play(self, cell: int) -> bool:
        """Whether a person may click this cell now."""
        return self.humans_turn and not self.position.stones >> cell & 1

    def play(self, cell: int, seen_ply: int, computer: Computer = COMPUTER) -> Game:
        """A person's move at cell, then the computer's reply if it is to move.

        seen_ply is the number of marks on the board the person saw: a click
        made on an out-of-date board (a second tab, a double click) is refused
        rather than played onto a position the person never saw.
        """
        self._check_seen(seen_ply)
        self._check_not_over()
        if not self.humans_turn:
            raise Conflict("It is the computer's turn, not yours.")
        if not 0 <= cell < self.rules.cells:
            raise InvalidInput(f"A square of the {self.rules.name} board is a number from 0 to "
                               f"{self.rules.cells - 1}, not “{cell}”.")
        if self.position.stones >> cell & 1:
            raise Conflict(f"{_capital(describe_cell(self.rules, cell))} is taken; choose an empty square.")
        return self._played(cell)._reply_to_person(computer)

    def step(self, seen_ply: int, computer: Computer = COMPUTER) -> Game:
        """One move by the computer to move, in a game between two computers."""
        self._check_seen(seen_ply)
        self._check_not_over()
        if self.humans:
            raise Conflict("The computer only moves by itself when two computers play.")
        return self._played(computer.move(self.position, self.player(self.to_move)))

    def undo(self, seen_ply: int) -> Game:
        """Take back the last move a person made, with the computer's reply to
        it; between two people, the last move."""
        self._check_seen(seen_ply)
        last = self._last_human_move()
        if last is None:
            raise Conflict("There is no move to take back.")
        return replace(self, moves=self.moves[:last])

    @property
    def result_key(self) -> str | None:
        """Where this game counts in the score once it is over: "<level>/win",
        "/draw" or "/loss" for the person against a level, "friends/X", "/O" or
        "/draw" between two people (on boards other than 3×3 the board follows
        the level: "master@7x7/win"); None while it goes on, or between computers."""
        if not self.is_over or not self.humans:
            return None
        winner = self.winner
        if len(self.humans) == 2:
            return f"{score_prefix(FRIENDS, self.rules)}/{winner or 'draw'}"
        you = self.humans[0]
        result = "draw" if winner is None else "win" if winner == you else "loss"
        return f"{score_prefix(self.player(opponent(you)), self.rules)}/{result}"

    @property
    def status(self) -> str:
        """One sentence for the status line: whose turn, or how the game ended."""
        winner = self.winner
        if len(self.humans) == 1:
            you = self.humans[0]
            if winner == you:
                return "You win!"
            if winner:
                return f"The computer wins with {in_a_row(self.rules)} {winner}s in a row."
            if self.is_over:
                return "A draw: nobody could win this one."
            return f"Your turn: you play {you}."
        if not self.humans:
            match = f"{_capitalised(OPPONENT_NAMES[self.x])} (X) against {OPPONENT_NAMES[self.o]} (O)"
            if winner:
                return f"{match}: {_capitalised(OPPONENT_NAMES[self.player(winner)])} ({winner}) wins."
            return f"{match}: a draw." if self.is_over else f"{match}: {self.to_move} to move."
        if winner:
            return f"{winner} wins!"
        return "A draw." if self.is_over else f"{self.to_move} to move."

    @property
    def move_list(self) -> list[str]:
        """The moves in words a person reads: "X: row 2, column 2", or "X: h8"."""
        return [f"{mark_of(index)}: {describe_cell(self.rules, cell)}" for index, cell in enumerate(self.moves)]

    @cached_property
    def square_values(self) -> dict[int, SquareValue]:
        """The coach's value of the squares it knows, for the side to move."""
        return square_values(self.position)

    @cached_property
    def last_computer_reason(self) -> str | None:
        """Why the computer made the last move, if the last move was a computer's."""
        if not self.moves or self.player(mark_of(self.ply - 1)) == HUMAN:
            return None
        return explain_move(self.rules, self.moves, self.ply, person=self.player(mark_of(self.ply)) == HUMAN,
                            level=self.player(mark_of(self.ply - 1)))

    def cells(self, coach: bool = False) -> list[Cell]:
        """The squares as a page shows them, computed in one pass."""
        line = set(self.winning_line)
        values = self.square_values if coach else {}
        last_human = self._last_human_move()
        new = set(self.moves[last_human if last_human is not None else -1:])
        position, rules = self.position, self.rules
        return [Cell(cell, position.mark_at(cell), cell in line, values.get(cell),
                     self.cell_label(cell, coach), self.can_play(cell), cell in new)
                for cell in range(rules.cells)]

    def cell_label(self, cell: int, coach: bool = False) -> str:
        """The accessible name of a cell's button: 'Row 1, column 3, empty' (or
        'h8, X' on the bigger boards), and with the coach on, its value:
        'Row 1, column 3, empty, win in 2'."""
        content = self.position.mark_at(cell) or "empty"
        value = self.square_values.get(cell) if coach else None
        return f"{_capital(describe_cell(self.rules, cell))}, {content}" + (f", {value.text}" if value else "")

    @property
    def notation(self) -> str:
        """The moves as a link writes them: digits on 3×3 ("408"), names
        joined by dashes on the bigger boards ("h8-i9")."""
        return write_moves(self.rules, self.moves)

    def to_session(self) -> dict[str, Any]:
        """A small dict to keep in the session store."""
        return {"board": self.rules.name, "x": self.x, "o": self.o, "moves": self.notation}

    @classmethod
    def from_session(cls, data: Any) -> Game | None:
        """The stored game, or None if data is missing or not a legal game
        (a game stored before there were other boards is on 3×3)."""
        try:
            rules = BOARDS[data.get("board", DEFAULT_BOARD.name)]
            x, o, moves = data["x"], data["o"], parse_moves(rules, data["moves"])
        except (AttributeError, TypeError, KeyError, ValueError):
            return None
        allowed = players_of(rules)
        return cls(x, o, moves, rules) if x in allowed and o in allowed else None

    def _played(self, cell: int) -> Game:
        return replace(self, moves=(*self.moves, cell))

    def _reply_to_person(self, computer: Computer) -> Game:
        mover = self.player(self.to_move)
        if self.is_over or mover == HUMAN or not self.humans:
            return self
        return self._played(computer.move(self.position, mover))

    def _last_human_move(self) -> int | None:
        """The index in moves of the last move a person made."""
        for index in reversed(range(self.ply)):
            if self.player(mark_of(index)) == HUMAN:
                return index
        return None

    def _check_seen(self, seen_ply: int) -> None:
        if seen_ply != self.ply:
            raise Conflict(
                "That board was out of date (the game moved on, perhaps in another "
                "tab); here it is as it stands now."
            )

    def _check_not_over(self) -> None:
        if self.is_over:
            raise Conflict("This game is over; start a new game to play again.")


def score_prefix(who: str, rules: Rules) -> str:
    """A level or FRIENDS, with the board after it unless it is 3×3 (whose keys predate the others)."""
    return who if rules == DEFAULT_BOARD else f"{who}@{rules.name}"


_LEVEL_TALLIES = (("win", "Wins"), ("draw", "Draws"), ("loss", "Losses"))
_FRIENDS_TALLIES = (("X", "X wins"), ("O", "O wins"), ("draw", "Draws"))


class ScoreLine(NamedTuple):
    """One line of the score as shown: who against whom, and the tallies."""

    label: str
    tallies: tuple[tuple[str, int], ...]


def _score_groups() -> list[tuple[str, str, tuple[tuple[str, str], ...]]]:
    """Every line the score can show, in order: its label, its key's prefix, its tallies."""
    groups = []
    for rules in BOARDS.values():
        on = "" if rules == DEFAULT_BOARD else f" on {rules.size}×{rules.size}"
        groups += [(f"You against {OPPONENT_NAMES[level]}{on}", score_prefix(level, rules), _LEVEL_TALLIES)
                   for level in players_of(rules)[1:]]
        groups.append((f"Two players{on}", score_prefix(FRIENDS, rules), _FRIENDS_TALLIES))
    return groups


@dataclass(frozen=True)
class Score:
    """Finished games per browser, counted by result_key: the person's wins,
    draws and losses against each level on each board, and X/O/draw tallies
    between two people."""

    counts: Mapping[str, int] = field(default_factory=dict)

    def plus(self, key: str, amount: int = 1) -> Score:
        return Score({**self.counts, key: self.counts.get(key, 0) + amount})

    def lines(self) -> list[ScoreLine]:
        """The lines worth showing: every pairing with a finished game, in
        the order of SCORE_GROUPS."""
        played = {key.rpartition("/")[0] for key, count in self.counts.items() if count}
        lines = []
        for label, prefix, names in SCORE_GROUPS:
            if prefix in played:
                lines.append(ScoreLine(label, tuple((name, self.counts.get(f"{prefix}/{key}", 0))
                                                    for key, name in names)))
        return lines

    @classmethod
    def from_session(cls, data: Any) -> Score:
        """The stored score, or an empty one if data is not a score."""
        if not isinstance(data, Mapping) or not all(
                isinstance(key, str) and type(count) is int and count >= 0 for key, count in data.items()):
            return cls()
        return cls(dict(data))


@dataclass(frozen=True)
class Match:
    """Everything one browser keeps: the current game, the score, and whether
    the current game's result is in the score (so a finished game counts once,
    and taking it back from its end takes it out of the score again); the
    coach switch; and this browser's own MENACE, and whether it has learned
    from the current game (once, when it ends; a game taken back and
    finished again is another game to learn from)."""

    game: Game = field(default_factory=Game)
    score: Score = field(default_factory=Score)
    scored: bool = False
    coach: bool = False
    my_menace: Menace = Menace()
    taught: bool = False

    def play(self, cell: int, seen_ply: int, computer: Computer = COMPUTER) -> Match:
        return self._after(self.game.play(cell, seen_ply, computer._replace(my_menace=self.my_menace)))

    def step(self, seen_ply: int, computer: Computer = COMPUTER) -> Match:
        return self._after(self.game.step(seen_ply, computer._replace(my_menace=self.my_menace)))

    def undo(self, seen_ply: int) -> Match:
        game = self.game.undo(seen_ply)
        score = self.score.plus(self.game.result_key, -1) if self.scored else self.score
        return replace(self, game=game, score=score, scored=False, taught=False)

    def new_game(self, x: str, o: str, computer: Computer = COMPUTER, moves: tuple[int, ...] = (),
                 rules: Rules | None = None) -> Match:
        """A new game; on the board last played unless rules say otherwise."""
        game = Game.start(x, o, computer._replace(my_menace=self.my_menace), moves, rules or self.game.rules)
        return replace(self, game=game, scored=False, taught=False)

    @cached_property
    def learner_panel(self) -> LearnerPanel | None:
        """What a learner saw for its last move in this game, if a learner played."""
        return learner_panel(self.game, self.my_menace, self.taught)

    def reset_my_menace(self) -> Match:
        """This browser's MENACE back to empty boxes, knowing nothing."""
        if self.my_menace == Menace():
            raise Conflict("Your MENACE has not learned anything yet; there is nothing to reset.")
        return replace(self, my_menace=Menace())

    def reset_score(self) -> Match:
        return replace(self, score=Score(), scored=False)

    def with_coach(self, on: bool) -> Match:
        return replace(self, coach=on)

    def _after(self, game: Game) -> Match:
        match = replace(self, game=game)
        if game.is_over and not self.taught and MY_MENACE in (game.x, game.o):
            learned = self.my_menace
            for mark in MARKS:
                if game.player(mark) == MY_MENACE:
                    learned = learned.learn(game.moves, mark)
            match = replace(match, my_menace=learned, taught=True)
        key = game.result_key
        if key is None:
            return match
        return replace(match, score=self.score.plus(key), scored=True)

    def to_session(self) -> dict[str, Any]:
        """A small dict for the session store; this browser's MENACE only once it has played."""
        fresh = self.my_menace == Menace()
        return {"game": self.game.to_session(), "score": dict(self.score.counts), "scored": self.scored,
                "coach": self.coach, "my_menace": None if fresh else self.my_menace.to_data(), "taught": self.taught}

    @classmethod
    def from_session(cls, data: Mapping[str, Any]) -> Match:
        """The stored match; any part that is missing or unreadable starts
        afresh (a MENACE whose boxes are corrupt, with empty boxes)."""
        game = Game.from_session(data.get("game")) or Game()
        scored = data.get("scored") is True and game.result_key is not None
        menace = Menace.from_data(data["my_menace"]) if data.get("my_menace") else Menace()
        return cls(game, Score.from_session(data.get("score")), scored, data.get("coach") is True,
                   menace, data.get("taught") is True and game.is_over)


@dataclass(frozen=True)
class Replay:
    """A game shown step by step, read-only, as a permanent link gives it."""

    rules: Rules
    moves: tuple[int, ...]
    step: int

    @classmethod
    def parse(cls, rules: Rules, raw_moves: str, raw_step: str | None) -> Replay:
        """The replay of a link's moves at a step (the last if none is given),
        or InvalidInput saying what in the link is wrong."""
        moves = parse_moves(rules, raw_moves)
        if raw_step is None:
            return cls(rules, moves, len(moves))
        if not (raw_step.isascii() and raw_step.isdigit()) or int(raw_step) > len(moves):
            raise InvalidInput(f"There is no step {_quote(raw_step)} in this game; "
                               f"its steps are 0 to {len(moves)}.")
        return cls(rules, moves, int(raw_step))

    @cached_property
    def position(self) -> Game:
        """The game as it stood at this step."""
        return Game(HUMAN, HUMAN, self.moves[:self.step], self.rules)

    @cached_property
    def whole(self) -> Game:
        """The game as the link gives it."""
        return Game(HUMAN, HUMAN, self.moves, self.rules)

    @property
    def result(self) -> str:
        """How the whole game ended, or that it had not."""
        return self.whole.status if self.whole.is_over else "Not finished."

    @property
    def explanation(self) -> str | None:
        """The move that led to this step and why it was good (or not). A link
        does not say who played, and whoever follows it played neither side, so
        the sides are named rather than called "you"."""
        return explain_move(self.rules, self.moves, self.step, person=False) if self.step else None


class PanelSquare(NamedTuple):
    """One square of a learner's panel."""

    mark: str | None  # the stone on it, or None
    shown: str        # the beads, or the value, written out ("" on a stone)
    shade: int        # 0 (fewest beads, lowest value) to 4 (most, highest)
    drawn: bool       # the square the learner played


class LearnerPanel(NamedTuple):
    """A learner's knowledge for its last move, as a panel shows it."""

    title: str
    squares: list[PanelSquare]
    note: str


def learner_panel(game: Game, my_menace: Menace, taught: bool) -> LearnerPanel | None:
    """MENACE's box (beads per square) or the network's value per square, for
    the last move a learner made in game, with the square it played."""
    learners = (*LEARNERS, MY_MENACE)
    index = next((i for i in reversed(range(game.ply)) if game.player(mark_of(i)) in learners), None)
    if index is None:
        return None
    learner, cell = game.player(mark_of(index)), game.moves[index]
    before = position_after(game.rules, game.moves[:index])
    where = describe_cell(game.rules, cell)
    if learner == "network":
        from webapp.engine import network  # numpy: only when a network has played
        values = network.trained().values(before)
        squares = [_square(before, square, values, lambda value: f"{value:+.2f}", cell) for square in range(9)]
        return LearnerPanel("The network's values for its last move", squares,
                            f"It played {where}, the square it values most. A value is its own estimate of "
                            "how the game goes after that move, from −1 (it loses) to +1 (it wins).")
    machine = my_menace if learner == MY_MENACE else trained_menace()
    beads = machine.box(before)
    if not beads:
        return LearnerPanel("MENACE's last move", [_square(before, square, {}, str, cell) for square in range(9)],
                            f"It played {where}, the one square left: no box for that.")
    squares = [_square(before, square, beads, str, cell) for square in range(9)]
    after = " (as they are now that it has learned from this game)" if learner == MY_MENACE and taught else ""
    return LearnerPanel(f"{'Your' if learner == MY_MENACE else 'The trained'} MENACE's box for its last move",
                        squares, f"Beads per square{after}; squares that are the same move by symmetry share one "
                        f"colour, shown on one of them. It drew a bead for {where}, one of "
                        f"{sum(beads.values())} in the box.")


def _square(position: Position, cell: int, known: Mapping[int, float], write, played: int) -> PanelSquare:
    mark = position.mark_at(cell)
    if mark or cell not in known:
        return PanelSquare(mark, "", 0, cell == played)
    low, high = min(known.values()), max(known.values())
    shade = 0 if high == low else round(4 * (known[cell] - low) / (high - low))
    return PanelSquare(None, write(known[cell]), shade, cell == played)


def trained_menace() -> Menace:
    from webapp.engine import menace
    return menace.trained()


def mark_of(index: int) -> str:
    """Who made the move at index (from 0) of a game: X moves first, then they alternate."""
    return MARKS[index % 2]


def position_after(rules: Rules, moves: tuple[int, ...]) -> Position:
    position = Position(rules)
    for cell in moves:
        position = position.play(cell)
    return position


def explain_move(rules: Rules, moves: tuple[int, ...], step: int, person: bool, level: str | None = None) -> str:
    """Move number step (from 1) of a game, and the coach's reason for it,
    said to "you" if person plays the other side, else naming that side."""
    cell = moves[step - 1]
    before = position_after(rules, moves[:step - 1])
    return f"{mark_of(step - 1)} played {describe_cell(rules, cell)}. {reason(before, cell, person, level)}"


def write_moves(rules: Rules, moves: tuple[int, ...]) -> str:
    """Moves as a link writes them (see Game.notation)."""
    if rules == DEFAULT_BOARD:
        return "".join(map(str, moves))
    return "-".join(map(rules.cell_name, moves))


def parse_moves(rules: Rules, raw: str) -> tuple[int, ...]:
    """The cells of a game as a link writes them, or InvalidInput naming the
    first step that is wrong."""
    if rules == DEFAULT_BOARD:
        steps = list(raw)
    else:
        steps = raw.split("-") if raw else []
    if len(steps) > rules.cells:
        raise InvalidInput(f"A game on the {rules.name} board has at most {rules.cells} moves; "
                           f"this one has {len(steps)}.")
    position, moves = Position(rules), []
    for step, written in enumerate(steps, start=1):
        cell = _parse_step(rules, step, written)
        if position.is_over:
            raise InvalidInput(f"Step {step} comes after the game ended at step {step - 1}.")
        if position.stones >> cell & 1:
            taken = f"square {cell}" if rules == DEFAULT_BOARD else rules.cell_name(cell)
            raise InvalidInput(f"Step {step} plays {taken}, which step {moves.index(cell) + 1} already took.")
        position = position.play(cell)
        moves.append(cell)
    return tuple(moves)


def _parse_step(rules: Rules, step: int, written: str) -> int:
    if rules == DEFAULT_BOARD:
        if written not in "012345678":
            raise InvalidInput(f"Step {step} is {_quote(written)}, not a square number from 0 to 8.")
        return int(written)
    try:
        return rules.parse_cell_name(written)
    except ValueError:
        raise InvalidInput(f"Step {step} is {_quote(written)}, not a square of the {rules.name} board "
                           f"(a1 to {rules.cell_name(rules.size - 1)}).") from None


def parse_board(raw: str | None, current: Rules) -> Rules:
    """The board named in a form field; absent means the one played last."""
    if raw is None:
        return current
    if raw not in BOARDS:
        raise InvalidInput(f"There is no board {_quote(raw)}; choose one of: {', '.join(BOARDS)}.")
    return BOARDS[raw]


def parse_cell(raw: str | None, rules: Rules = DEFAULT_BOARD) -> int:
    """The cell number in a form field, or InvalidInput saying what is wrong."""
    if raw is None or raw == "":
        raise InvalidInput("Choose a square to play.")
    if not _NUMBER.fullmatch(raw) or int(raw) >= rules.cells:
        raise InvalidInput(f"A square is a number from 0 to {rules.cells - 1}, not {_quote(raw)}.")
    return int(raw)


def parse_ply(raw: str | None, rules: Rules = DEFAULT_BOARD) -> int:
    """The number of marks on the board the person saw, from a form field."""
    if raw is None or not _NUMBER.fullmatch(raw) or int(raw) > rules.cells:
        raise InvalidInput("The form is incomplete; reload the page and try again.")
    return int(raw)


def parse_switch(raw: str | None) -> bool:
    """An on/off form field, such as the coach's."""
    if raw not in ("on", "off"):
        raise InvalidInput("Say “on” or “off” to switch the coach.")
    return raw == "on"


def parse_player(raw: str | None, mark: str, rules: Rules = DEFAULT_BOARD) -> str:
    """The player named in a form field for mark on a board; absent means the
    default (you as X, the board's strongest level as O)."""
    if raw is None:
        return default_players(rules)[mark]
    if raw not in PLAYERS:
        raise InvalidInput(
            f"Unknown player {_quote(raw)} for {mark}; choose one of: {', '.join(players_of(rules))}."
        )
    if raw not in players_of(rules):
        levels = levels_of(rules)
        learners = " the learners play on 3x3 only." if raw in (*LEARNERS, MY_MENACE) else ""
        raise InvalidInput(f"The {rules.name} board has the levels {', '.join(levels[:-1])} and "
                           f"{levels[-1]}, not {raw}{':' + learners if learners else '.'}")
    return raw


def _capital(text: str) -> str:
    """A sentence's start: 'Row 1, column 3', but 'h8' stays as players write it."""
    return text[:1].upper() + text[1:] if text.startswith("row") else text


def _quote(raw: str) -> str:
    """User input echoed in a message, cut short so a message stays a sentence."""
    return f"“{raw if len(raw) <= 20 else raw[:20] + '…'}”"


SCORE_GROUPS = _score_groups()


def _capitalised(name: str) -> str:
    """A name at the start of a sentence: "MENACE" stays, "your MENACE" becomes "Your MENACE"."""
    return name[:1].upper() + name[1:]
