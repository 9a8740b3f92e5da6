"""One browser's match: the current game, the score, and the checks on a move.

Game, Score and Match are immutable values. Every action (a person's move, a
computer's step, a take-back, a new game) returns a new value, which the caller
stores. A game's position is derived from its board and its list of moves, so
history and board can never disagree. Nothing here knows about HTTP: a refused
action raises InvalidInput or Conflict, which the app answers with 400 or 409.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, NamedTuple, TypeVar

from webapp.engine import (DEFAULT_BOARD, DEFAULT_BUDGET_MS, MARKS, Menace, Position, Rules, advise, board_named,
                           choose_move, is_solved, opponent, swap2)
from webapp.engine.external import brain_named
from webapp.engine.swap2 import CHOOSE, CHOOSE_AGAIN, NO_OPENING, PLACE_THREE, PLACE_TWO, SWAP2
from webapp.play.coach import FOUND_KINDS, THREAT_KINDS, Found, explain_move
from webapp.play.hint import Hint, hint_for
from webapp.play.learner import LearnerPanel, learner_panel
from webapp.play.players import HUMAN, MY_MENACE, OPPONENT_INTRODUCTIONS, OPPONENT_NAMES, PLAYER_NAMES, players_of
from webapp.play.score import FRIENDS, Score, score_prefix
from webapp.shared import my_menace as kept_menace
from webapp.shared.board import BoardView, SquareValue, board_view, plain_status
from webapp.shared.errors import Conflict, InvalidInput
from webapp.shared.forms import parse_swap2_choice
from webapp.shared.record import mark_of, parse_moves, write_moves
from webapp.shared.words import capitalised, describe_cell, sentence_start, swap2_words
from webapp.workers.jobs import Reply, brain_job
from webapp.workers.pool import EnginePool

_RNG = random.Random()
T = TypeVar("T")


def _found(data: Any) -> Found | None:
    """What a session kept of master's last search, if it reads as one (else, the reason is worked out again)."""
    try:
        kind, line, score, depth, *threats = data
        faced, faced_answers, threat, answers = threats or ("", (), "", ())
        found = Found(str(kind), int(line), int(score), int(depth), str(faced), tuple(map(int, faced_answers)),
                      str(threat), tuple(map(int, answers)))
    except (TypeError, ValueError):
        return None
    return found if found.kind in FOUND_KINDS and {found.faced, found.threat} <= {"", *THREAT_KINDS} else None


def _history(data: Any) -> tuple[Game, ...]:
    """The finished games a session kept, leaving out any that do not read as one."""
    if not isinstance(data, list):
        return ()
    games = (Game.from_session(entry) for entry in data[:HISTORY_LENGTH])
    return tuple(game for game in games if game is not None and game.is_over)


def _hint(data: Any, game: Game) -> Hint | None:
    """The hint a session kept, if it reads as one for the person to move in game."""
    try:
        cell, square, why = data
        hint = Hint(int(cell), str(square), str(why))
    except (TypeError, ValueError):
        return None
    fits = game.humans_turn and 0 <= hint.cell < game.rules.cells and not game.position.stones >> hint.cell & 1
    return hint if fits and len(hint.words) <= 300 else None


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

    def move(self, position: Position, level: str, moves: tuple[int, ...]) -> tuple[int, Found | None, str]:
        """The level's move in position, reached by moves (which an external
        engine is told), what master's search found for it (None for other levels),
        and, where an external engine failed and master played in its place,
        what the engine did wrong."""
        if level == MY_MENACE:
            return self.my_menace.move(position, self.rng).cell, None, ""
        if (brain := brain_named(level)) is not None:
            reply = (self.engines.play(brain, position.rules, moves, self.budget_ms) if self.engines is not None
                     else brain_job(brain, position.rules, moves, self.budget_ms, time.time()))
            return reply.move, reply.stood_in and Found.of(reply.stood_in), reply.fault
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

    def swap2_opening(self, rules: Rules) -> tuple[int, ...]:
        """The computer's three opening stones under swap2 (swap2.opening), on the engine workers."""
        return self._worked_out(swap2.opening, rules, random.Random(self.rng.random()))

    def swap2_choice(self, position: Position, may_place_two: bool) -> str:
        """The computer's swap2 choice (swap2.choice: master's search), on the engine workers."""
        return self._worked_out(swap2.choice, position, may_place_two)

    def swap2_two_more(self, position: Position) -> tuple[int, ...]:
        """The computer's two more stones under swap2 (swap2.two_more), on the engine workers."""
        return self._worked_out(swap2.two_more, position)

    def _worked_out(self, function: Callable[..., T], *arguments: Any) -> T:
        """function(*arguments) on the engine workers, as master's moves are (in this thread without them)."""
        return self.engines.ask(function, *arguments) if self.engines is not None else function(*arguments)


COMPUTER = Computer()


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
    found: Found | None = None  # what master's search found for the last move, if master made it
    stood_in: str = ""          # what an external engine did wrong, where master played its last move instead
    resigned: str | None = None  # the mark of the side that resigned, which ends the game
    opening: str = NO_OPENING    # SWAP2: the first stones are put down, and the colours chosen, by swap2's steps
    choices: tuple[str, ...] = ()  # the swap2 choices made so far (swap2.FIRST_CHOICES, then LAST_CHOICES)

    @classmethod
    def start(cls, x: str, o: str, computer: Computer = COMPUTER, moves: tuple[int, ...] = (),
              rules: Rules = DEFAULT_BOARD, opening: str = NO_OPENING) -> Game:
        """A new game, from the empty board or from the position after moves;
        a computer to move against a person moves at once. With opening
        SWAP2 (gomoku's boards, freestyle or standard, from the empty
        board), x is the opener, who puts down the first three stones."""
        if opening == SWAP2 and (moves or not swap2.offered(rules)):
            raise InvalidInput("Swap2 opens an empty five-in-a-row board, under freestyle or the standard rule "
                               "(renju begins at the centre).")
        game = cls(x, o, moves, rules, opening=opening)
        if game.is_over:
            raise Conflict("That game is over; there is nothing left to play from there.")
        return game._reply_to_person(computer)

    @cached_property
    def position(self) -> Position:
        return Position.after(self.rules, self.moves)

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
        return opponent(self.resigned) if self.resigned else self.position.winner

    @cached_property
    def winning_line(self) -> tuple[int, ...]:
        return self.position.winning_line()

    @cached_property
    def is_over(self) -> bool:
        return self.resigned is not None or self.position.is_over

    @property
    def played_out(self) -> bool:
        """Over on the board (a line, or no square left), not by a resignation:
        a game worth mining for puzzles."""
        return self.position.is_over

    @property
    def can_resign(self) -> bool:
        """A person may give up a game in progress once it has begun: against
        the computer the person, between two people the side to move. Not on
        3×3, where a game is over in nine moves at most."""
        return self.rules.size > 3 and self.humans_turn and self._last_human_move() is not None

    def player(self, mark: str) -> str:
        return self.x if mark == "X" else self.o

    @property
    def humans(self) -> list[str]:
        """The marks people play."""
        return [mark for mark in MARKS if self.player(mark) == HUMAN]

    @property
    def computer_plays(self) -> bool:
        """A computer plays a side, so the page keeps a line for its words (see computer_says)."""
        return len(self.humans) < 2

    @property
    def humans_turn(self) -> bool:
        return not self.is_over and self.actor == HUMAN

    @property
    def swap2_step(self) -> str | None:
        """Where a swap2 opening stands: PLACE_THREE (the opener's black,
        white, black), CHOOSE (the other player's: black, white, or two
        more), PLACE_TWO (its white and black), CHOOSE_AGAIN (the opener's
        colour); None once the colours are settled, and without swap2."""
        return swap2.step(self.ply, self.choices) if self.opening == SWAP2 else None

    @property
    def choosing(self) -> bool:
        """A swap2 choice of colour is to be made now (no stone to place)."""
        return bool(swap2.choices_at(self.swap2_step))

    @property
    def opener(self) -> str:
        """Under swap2, the player who put down the first three stones (x, until a choice gave it white)."""
        return self.o if self._swapped else self.x

    @property
    def second(self) -> str:
        """Under swap2, the other player, who chose first."""
        return self.x if self._swapped else self.o

    @property
    def _swapped(self) -> bool:
        """Whether a swap2 choice gave the opener white (x and o were exchanged then)."""
        return swap2.opener_has_white(self.choices)

    @property
    def actor(self) -> str:
        """Who acts now: in a swap2 opening, the player whose step it is; else the player to move."""
        step = self.swap2_step
        if step is not None:
            return self.opener if swap2.opener_acts(step) else self.second
        return self.player(self.to_move)

    def placed_by(self, index: int) -> str:
        """Who put down the stone at index (from 0): under swap2 the opener's
        three and the other player's two more; otherwise its colour's player."""
        by_opener = swap2.placed_by_opener(index, self.choices) if self.opening == SWAP2 else None
        if by_opener is None:
            return self.player(mark_of(index))
        return self.opener if by_opener else self.second

    @property
    def computers_to_step(self) -> bool:
        """Two computers are playing and the game goes on: the page steps it."""
        return not self.humans and not self.is_over

    @property
    def can_undo(self) -> bool:
        return self._last_human_move() is not None and not self.resigned

    def can_play(self, cell: int) -> bool:
        """Whether a person may click this cell now."""
        return self.humans_turn and not self.choosing and not self.position.stones >> cell & 1

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
        if self.choosing:
            raise Conflict("Swap2 asks for a choice of colour now, not a stone: choose one of the buttons below the board.")
        if not 0 <= cell < self.rules.cells:
            raise InvalidInput(f"A square of the {self.rules.name} board is a number from 0 to "
                               f"{self.rules.cells - 1}, not “{cell}”.")
        if self.position.stones >> cell & 1:
            raise Conflict(f"{sentence_start(describe_cell(self.rules, cell))} is taken; choose an empty square.")
        if refusal := self.position.why_not(cell):
            raise Conflict(refusal)
        return self._played(cell)._reply_to_person(computer)

    def step(self, seen_ply: int, computer: Computer = COMPUTER) -> Game:
        """One move by the computer to move, in a game between two computers."""
        self._check_seen(seen_ply)
        self._check_not_over()
        if self.humans:
            raise Conflict("The computer only moves by itself when two computers play.")
        return self._computer_acts(computer)

    def choose(self, choice: str, seen_ply: int, computer: Computer = COMPUTER) -> Game:
        """A person's swap2 choice (swap2.FIRST_CHOICES after the opener's
        three stones, LAST_CHOICES after two more), then the computer's
        steps if it is to act."""
        self._check_seen(seen_ply)
        self._check_not_over()
        if not self.choosing:
            raise Conflict("There is no swap2 choice to make now.")
        if self.actor != HUMAN:
            raise Conflict("The choice is the computer's to make, not yours.")
        return self._chosen(parse_swap2_choice(choice, swap2.choices_at(self.swap2_step)))._reply_to_person(computer)

    def hint(self, seen_ply: int, computer: Computer = COMPUTER) -> Hint:
        """A hint for the person to move: the best move where the board is
        solved, else master's (on the engine workers, as its moves are)."""
        self._check_seen(seen_ply)
        if not self.humans_turn:
            raise Conflict("A hint is for a person's turn; there is no move of yours to make now.")
        if self.swap2_step is not None:
            raise Conflict("There is no hint in the swap2 opening: its stones and choices are yours to make.")
        return hint_for(self.position, computer.advise)

    def resign(self, seen_ply: int) -> Game:
        """The person (between two people, the side to move) gives the game up:
        the other side wins."""
        self._check_seen(seen_ply)
        self._check_not_over()
        if not self.can_resign:
            raise Conflict("There is no game of yours to resign here: play a move first, on a board above 3×3.")
        return replace(self, resigned=self.to_move)

    def undo(self, seen_ply: int) -> Game:
        """Take back the last move a person made, with the computer's reply to
        it; between two people, the last move."""
        self._check_seen(seen_ply)
        if self.resigned:
            raise Conflict("A game resigned stays resigned; start a new game to play again.")
        last = self._last_human_move()
        if last is None:
            raise Conflict("There is no move to take back.")
        return replace(self, moves=self.moves[:last], found=None, stood_in="")

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
        if self.swap2_step is not None:
            return self._swap2_status
        winner = self.winner
        if len(self.humans) == 1:
            you = self.humans[0]
            if winner == you:
                return "You win!"
            if self.resigned:
                return "You resigned."
            if winner:
                return "The computer wins."
            if self.is_over:
                return "A draw."
            return f"Your turn: you play {you}."
        if not self.humans:
            match = self.players_words  # "Hard (X) against easy (O)"
            if winner:
                return f"{match}: {capitalised(OPPONENT_NAMES[self.player(winner)])} ({winner}) wins."
            return f"{match}: a draw." if self.is_over else f"{match}: {self.to_move} to move."
        if self.resigned:
            return f"{self.resigned} resigned: {self.winner} wins."
        return plain_status(self.rules, self.moves)

    @property
    def _swap2_status(self) -> str:
        """The status during a swap2 opening: who does what now."""
        step = self.swap2_step
        if len(self.humans) == 1 and self.actor == HUMAN:
            who = "You"
        else:
            who = "The first player" if swap2.opener_acts(step) else "The second player"
        return swap2_words(step, self.ply, who)

    def coach_line(self, values: Mapping[int, SquareValue]) -> str | None:
        """The coach in one line on the boards too big to solve, where it marks
        only what is certain (values, the coach's: see coach.square_values):
        the squares it marks, each in words, or that it has nothing to mark.
        None on the solved boards (every square is marked)."""
        if is_solved(self.rules) or self.is_over:
            return None
        if not values:
            return "Nothing is forced here: no square wins or must be blocked."
        said = ", ".join(f"{describe_cell(self.rules, cell)} ({value.text})" for cell, value in sorted(values.items()))
        return f"The coach marks {said}."

    @cached_property
    def computer_says(self) -> str | None:
        """The line under the status where a computer plays: before a person's
        first move, who they face; after a computer's move, why it made it."""
        if self._opening_said is not None:
            return self._opening_said
        if len(self.humans) == 1 and self._last_human_move() is None:
            return f"Your opponent: {OPPONENT_INTRODUCTIONS[self.player(opponent(self.humans[0]))]}."
        return self.last_computer_reason

    @property
    def reason_searches(self) -> bool:
        """Whether the computer's words need the threat solver: a computer's
        last move on a board too big to solve, with no search of master's
        (Found) to put into words. Then the engine workers work them out
        (computer_words), never the web thread."""
        return (not is_solved(self.rules) and self.found is None and bool(self.moves)
                and self.placed_by(self.ply - 1) != HUMAN and self._opening_said is None)

    @cached_property
    def last_computer_reason(self) -> str | None:
        """Why the computer made the last move, if the last move was a computer's."""
        if self._opening_said is not None:
            return self._opening_said
        if not self.moves or self.placed_by(self.ply - 1) == HUMAN:
            return None
        level = "master" if self.stood_in else self.player(mark_of(self.ply - 1))
        why = explain_move(self.rules, self.moves, self.ply, person=self.player(mark_of(self.ply)) == HUMAN,
                           level=level, found=self.found)
        if self.stood_in:
            engine = capitalised(OPPONENT_NAMES[self.player(mark_of(self.ply - 1))])
            return f"{engine} failed ({self.stood_in}), so master played this move in its place. {why}"
        return why

    def view(self, coach_values: Mapping[int, SquareValue] | None = None, hint: Hint | None = None,
             numbered: bool = False) -> BoardView:
        """The board as this match's page shows it: a person's squares are
        playable on their turn; the coach's values when it is on (worked out
        by the caller: on the big boards the engine workers search for them),
        else the hint's square if one was asked for; the last move and its
        reply marked as new."""
        last_human = self._last_human_move()
        hinted = {hint.cell: SquareValue("hint", f"hint: {hint.why}", "hint")} if hint else None
        return board_view(self.rules, self.moves, self.status, playable=self.humans_turn and not self.choosing,
                          numbered=numbered,
                          values=coach_values if coach_values is not None else hinted,
                          new=self.moves[last_human if last_human is not None else -1:])

    @property
    def players_words(self) -> str:
        """Who played, as "My games" lists it: "You (X) against master", "Two people", "hard (X) against easy (O)"."""
        if len(self.humans) == 2:
            return "Two people"
        if len(self.humans) == 1:
            you = self.humans[0]
            return f"You ({you}) against {OPPONENT_NAMES[self.player(opponent(you))]}"
        return f"{capitalised(OPPONENT_NAMES[self.x])} (X) against {OPPONENT_NAMES[self.o]} (O)"

    @property
    def result_words(self) -> str:
        """How a finished game ended, in a few words: "You won", "O resigned", "A draw"."""
        winner = self.winner
        if winner is None:
            return "A draw"
        if len(self.humans) == 1:
            you = self.humans[0]
            return "You won" if winner == you else "You resigned" if self.resigned else "You lost"
        return f"{self.resigned} resigned" if self.resigned else f"{winner} won"

    @property
    def record_names(self) -> dict[str, str]:
        """Who played, how it opened and how it ended, for a record's download
        and the review's link (its query): black is X, white is O."""
        return {"black": PLAYER_NAMES[self.x], "white": PLAYER_NAMES[self.o], **self.link_query}

    @property
    def link_query(self) -> dict[str, str]:
        """How it opened and how it ended, for the link to this game: who
        played is left to the records, since "You" is nobody to whoever the
        link is sent to."""
        query = {"opening": self.written_opening, "resigned": self.resigned}
        return {key: value for key, value in query.items() if value}

    @property
    def written_opening(self) -> str | None:
        """The opening as a link writes it (swap2.WRITTEN), once settled; None without one."""
        return swap2.written(self.opening, self.choices, self.ply)

    @property
    def opening_stones(self) -> int:
        """How many of the first stones the opening puts down (0 without one)."""
        return swap2.stones_put_down(self.opening, self.choices)

    def same_game(self, other: Game) -> bool:
        """The same players' same moves on the same board (what the last search found aside)."""
        return (self.rules, self.x, self.o, self.moves, self.resigned, self.opening, self.choices) == (
            other.rules, other.x, other.o, other.moves, other.resigned, other.opening, other.choices)

    @property
    def notation(self) -> str:
        """The moves as a link writes them: digits on 3×3 ("408"), names
        joined by dashes on the bigger boards ("h8-i9")."""
        return write_moves(self.rules, self.moves)

    def to_session(self) -> dict[str, Any]:
        """A small dict to keep in the session store."""
        kept = {"board": self.rules.name, "x": self.x, "o": self.o, "moves": self.notation}
        if self.resigned:
            kept["resigned"] = self.resigned
        if self.opening != NO_OPENING:
            kept["opening"], kept["choices"] = self.opening, list(self.choices)
        if self.stood_in:
            kept["stood_in"] = self.stood_in
        return {**kept, "found": [*self.found[:5], list(self.found.faced_answers), self.found.threat,
                                  list(self.found.answers)]} if self.found else kept

    @classmethod
    def from_session(cls, data: Any) -> Game | None:
        """The stored game, or None if data is missing or not a legal game
        (a game stored before there were other boards is on 3×3)."""
        try:
            rules = board_named(data.get("board", DEFAULT_BOARD.name))
            x, o, moves = data["x"], data["o"], parse_moves(rules, data["moves"])
        except (AttributeError, TypeError, KeyError, ValueError):
            return None
        allowed = players_of(rules)
        if x not in allowed or o not in allowed:
            return None
        stood_in = data.get("stood_in")
        game = cls(x, o, moves, rules, _found(data.get("found")), stood_in[:200] if isinstance(stood_in, str) else "",
                   opening=data.get("opening", NO_OPENING), choices=tuple(data.get("choices") or ()))
        if not swap2.opening_fits(rules, game.opening, game.ply, game.choices):
            return None
        resigned = data.get("resigned")
        return replace(game, resigned=resigned) if resigned == game.to_move and game.can_resign else game

    def _played(self, cell: int, found: Found | None = None, stood_in: str = "") -> Game:
        return replace(self, moves=(*self.moves, cell), found=found, stood_in=stood_in)

    def _reply_to_person(self, computer: Computer) -> Game:
        """The computer's steps, where it is to act against a person: a move,
        or in a swap2 opening its stones and choices (at most four steps:
        three stones, a choice with two more, a choice, a move)."""
        game = self
        while not game.is_over and game.humans and game.actor != HUMAN:
            game = game._computer_acts(computer)
        return game

    def _computer_acts(self, computer: Computer) -> Game:
        """One step of the computer whose turn it is: a move, or a swap2 step
        (the opener's three stones; a choice, with its two more stones if it
        chooses two)."""
        step, level = self.swap2_step, self.actor
        if step == PLACE_THREE:
            return replace(self, moves=computer.swap2_opening(self.rules), found=None, stood_in="")
        if step in (CHOOSE, CHOOSE_AGAIN):
            chosen = self._chosen(computer.swap2_choice(self.position, may_place_two=step == CHOOSE))
            if chosen.swap2_step == PLACE_TWO:
                chosen = replace(chosen, moves=(*chosen.moves, *computer.swap2_two_more(chosen.position)))
            return chosen
        return self._played(*computer.move(self.position, level, self.moves))

    def _chosen(self, choice: str) -> Game:
        """The game after a swap2 choice: x and o exchanged where it gives the opener white."""
        chosen = replace(self, choices=(*self.choices, choice), found=None, stood_in="")
        return replace(chosen, x=self.o, o=self.x) if chosen._swapped != self._swapped else chosen

    @property
    def _opening_said(self) -> str | None:
        """What the computer did in the swap2 opening, while that is the last
        thing it did: the line under the status where a person plays it."""
        if self.opening != SWAP2 or len(self.humans) != 1:
            return None
        computer = self.player(opponent(self.humans[0]))
        names = ", ".join(self.rules.cell_name(cell) for cell in self.moves[:swap2.OPENING_STONES])
        if self.ply > swap2.settled_at(self.choices) or self.swap2_step in (PLACE_THREE, PLACE_TWO):
            return None
        if self.swap2_step == CHOOSE and self.opener == computer:
            return f"The computer put down the opening: {names}, as even as it could find. Your choice."
        if self.swap2_step == CHOOSE_AGAIN and self.second == computer:
            more = ", ".join(self.rules.cell_name(cell) for cell in self.moves[swap2.OPENING_STONES:])
            return f"The computer chose two more stones, {more}: the colour is yours to choose."
        if self.swap2_step is None and self.choices:
            chooser = self.second if len(self.choices) == 1 else self.opener
            if chooser == computer:
                colour = "black" if self.x == computer else "white"
                return f"The computer chose to play {colour} ({'X' if colour == 'black' else 'O'})."
        return None

    def _last_human_move(self) -> int | None:
        """The index in moves of the last move a person made after any swap2
        opening (its stones and choices stay: None while it is under way)."""
        settled_at = 0
        if self.opening == SWAP2:
            if self.swap2_step is not None:
                return None
            settled_at = swap2.settled_at(self.choices)
        for index in reversed(range(settled_at, self.ply)):
            if self.placed_by(index) == HUMAN:
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


def computer_words(game: Game) -> str | None:
    """The line under the status (Game.computer_says): a job for the engine
    workers where it searches (Game.reason_searches)."""
    return game.computer_says


HISTORY_LENGTH = 20
"""How many finished games "My games" keeps: the session holds them, up to 225 moves each."""


@dataclass(frozen=True)
class Match:
    """Everything one browser keeps: the current game, the score, and whether
    the current game's result is in the score (so a finished game counts once,
    and taking it back from its end takes it out of the score again); the
    coach switch; and this browser's own MENACE, and whether it has learned
    from the current game (once, when it ends; a game taken back and
    finished again is another game to learn from); and the games finished
    here, newest first ("My games"), from which a game taken back from its
    end goes again."""

    game: Game = field(default_factory=Game)
    score: Score = field(default_factory=Score)
    scored: bool = False
    coach: bool = False
    my_menace: Menace = Menace()
    taught: bool = False
    history: tuple[Game, ...] = ()
    hint: Hint | None = None  # the move suggested for this turn, until a move is made
    numbers: bool = False     # the stones show their move numbers (a switch of the big boards)

    def play(self, cell: int, seen_ply: int, computer: Computer = COMPUTER) -> Match:
        return self._after(self.game.play(cell, seen_ply, computer._replace(my_menace=self.my_menace)))

    def step(self, seen_ply: int, computer: Computer = COMPUTER) -> Match:
        return self._after(self.game.step(seen_ply, computer._replace(my_menace=self.my_menace)))

    @property
    def can_hint(self) -> bool:
        """A hint is offered on a person's turn, with the coach off (the coach
        shows every square's worth), once any swap2 opening is over."""
        return self.game.humans_turn and not self.coach and self.hint is None and self.game.swap2_step is None

    def with_hint(self, seen_ply: int, computer: Computer = COMPUTER) -> Match:
        """The match with a hint for this turn (Game.hint), shown until a move is made."""
        return replace(self, hint=self.game.hint(seen_ply, computer))

    def view(self, coach_values: Mapping[int, SquareValue] | None = None) -> BoardView:
        """The game's board, with the coach's values where the coach is on (see Game.view)."""
        return self.game.view(coach_values if self.coach else None, self.hint, self.numbers and self.game.rules.k == 5)

    def with_numbers(self, on: bool) -> Match:
        return replace(self, numbers=on)

    def resign(self, seen_ply: int) -> Match:
        return self._after(self.game.resign(seen_ply))

    def undo(self, seen_ply: int) -> Match:
        game = self.game.undo(seen_ply)
        score = self.score.plus(self.game.result_key, -1) if self.scored else self.score
        history = self.history
        if self.game.is_over and history and history[0].same_game(self.game):
            history = history[1:]
        return replace(self, game=game, score=score, scored=False, taught=False, history=history, hint=None)

    def new_game(self, x: str, o: str, computer: Computer = COMPUTER, moves: tuple[int, ...] = (),
                 rules: Rules | None = None, opening: str = NO_OPENING) -> Match:
        """A new game; on the board last played unless rules say otherwise."""
        game = Game.start(x, o, computer._replace(my_menace=self.my_menace), moves, rules or self.game.rules, opening)
        return replace(self, game=game, scored=False, taught=False, hint=None)

    def play_again(self, computer: Computer = COMPUTER) -> Match:
        """The same board, players and opening afresh (after a game, or in the
        middle of one); under swap2 the same player opens again."""
        game = self.game
        x, o = (game.opener, game.second) if game.opening == SWAP2 else (game.x, game.o)
        return self.new_game(x, o, computer, (), game.rules, game.opening)

    def choose(self, choice: str, seen_ply: int, computer: Computer = COMPUTER) -> Match:
        """A person's swap2 choice (Game.choose)."""
        return self._after(self.game.choose(choice, seen_ply, computer._replace(my_menace=self.my_menace)))

    @cached_property
    def learner_panel(self) -> LearnerPanel | None:
        """What a learner saw for its last move in this game, if a learner played."""
        game = self.game
        return learner_panel(game.rules, game.moves, (game.x, game.o), self.my_menace, self.taught)

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
        match = replace(self, game=game, hint=None)
        if game.is_over:  # it has just ended: a finished game takes no more moves
            match = replace(match, history=(replace(game, found=None, stood_in=""), *self.history)[:HISTORY_LENGTH])
        # A learner learns from games played out (a resignation shows it no result on the board).
        if game.played_out and not self.taught and MY_MENACE in (game.x, game.o):
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
        return {"game": self.game.to_session(), "score": dict(self.score.counts), "scored": self.scored,
                "coach": self.coach, kept_menace.KEY: kept_menace.written(self.my_menace), "taught": self.taught,
                "history": [game.to_session() for game in self.history],
                "hint": list(self.hint) if self.hint else None, "numbers": self.numbers}

    @classmethod
    def from_session(cls, data: Mapping[str, Any]) -> Match:
        """The stored match; any part that is missing or unreadable starts
        afresh (a MENACE whose boxes are corrupt, with empty boxes)."""
        game = Game.from_session(data.get("game")) or Game()
        scored = data.get("scored") is True and game.result_key is not None
        return cls(game, Score.from_session(data.get("score")), scored, data.get("coach") is True,
                   kept_menace.read(data), data.get("taught") is True and game.is_over, _history(data.get("history")),
                   _hint(data.get("hint"), game), data.get("numbers") is True)


