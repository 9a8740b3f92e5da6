"""One game at this browser: who plays each side, the moves, the board and
its rules, and how it opened and ended; what may be played, and the game
after each action (a person's move, the computer's step, a swap2 choice, a
hint, resigning, a take-back). Game is an immutable value, derived from its
moves, so history and board can never disagree; what it says and shows
is its Telling's (telling.py, a mixin). Nothing here knows about HTTP: a
refused action raises InvalidInput or Conflict, which the app answers with
400 or 409.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from webapp.engine import DEFAULT_BOARD, MARKS, Position, Rules, board_named, opponent
from webapp.engine.game.notation import mark_of, write_moves
from webapp.engine.game.opening import Opening
from webapp.engine.game.opening_rules import OWN_MOVE, Offer, Place
from webapp.play.computer import COMPUTER, Computer
from webapp.play.found import Found
from webapp.play.hint import Hint, hint_for
from webapp.play.score import FRIENDS, score_prefix
from webapp.play.telling import Telling
from webapp.shared.errors import Conflict, InvalidInput
from webapp.shared.game_link import parse_moves, set_up_query
from webapp.shared.opened import Opened
from webapp.shared.players import HUMAN, OUR_PLAYERS, Roster
from webapp.shared.set_up import parse_set_up
from webapp.shared.words import describe_cell, sentence_start


@dataclass(frozen=True)
class Game(Opened, Telling):
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
    opening: Opening = Opening()  # how it opens: under a rule (swap2, pro...) its steps put down the first stones
    roster: Roster = OUR_PLAYERS  # who may play here (the external engines installed), and what each is called
    set_up: int = 0  # how many of the first moves are stones set up on the analysis board (shared.set_up), not played

    @classmethod
    def start(cls, x: str, o: str, computer: Computer = COMPUTER, moves: tuple[int, ...] = (),
              rules: Rules = DEFAULT_BOARD, opening: Opening = Opening(), roster: Roster = OUR_PLAYERS,
              set_up: int = 0) -> Game:
        """A new game, from the empty board or from the position after moves
        (the first set_up of them stones set up by hand, not played); a
        computer to move against a person moves at once. With an opening
        rule (from the empty board, of the boards and rule it is played on:
        Opening.offered_on), x is the opener, who takes its first step."""
        if opening and (moves or not opening.offered_on(rules)):
            raise InvalidInput(f"{opening.name} opens an empty board of {opening.offered_where}.")
        game = cls(x, o, moves, rules, opening=opening, roster=roster, set_up=set_up)
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
    def set_up_query(self) -> dict[str, str]:
        """The stones set up by hand, as the analysis board's link writes them (none without)."""
        return set_up_query(self.rules, self.moves, self.set_up)

    @property
    def played(self) -> tuple[int, ...]:
        """The moves played, after any stones set up by hand."""
        return self.moves[self.set_up:]

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
        return self.rules.size > 3 and self.humans_turn and self.last_human_move() is not None

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
    def opener(self) -> str:
        """Under an opening rule, the player who took its first step (x, until a choice gave it white)."""
        return self.o if self._swapped else self.x

    @property
    def second(self) -> str:
        """Under an opening rule, the other player."""
        return self.x if self._swapped else self.o

    @property
    def _swapped(self) -> bool:
        """Whether a choice gave the opener white (x and o were exchanged then)."""
        return self.opening.opener_has_white

    @property
    def actor(self) -> str:
        """Who acts now: in an opening, the player whose step it is; else the player to move."""
        step = self.opening_step
        if step is not None:
            return self.opener if self.opening.opener_acts(self.ply) else self.second
        return self.player(self.to_move)

    def placed_by(self, index: int) -> str:
        """Who put down the stone at index (from 0): in an opening, the
        player whose step it was (swap2's opener's three and the other
        player's two more); otherwise its colour's player."""
        by_opener = self.opening.placed_by_opener(index)
        if by_opener is None:
            return self.player(mark_of(index))
        return self.opener if by_opener else self.second

    @property
    def computers_to_step(self) -> bool:
        """Two computers are playing and the game goes on: the page steps it."""
        return not self.humans and not self.is_over

    @property
    def can_undo(self) -> bool:
        return self.last_human_move() is not None and not self.resigned

    def can_play(self, cell: int) -> bool:
        """Whether a person may click this cell now."""
        return self.humans_turn and not self.choosing and not self.position.stones >> cell & 1

    def play(self, cell: int, seen_ply: int, computer: Computer = COMPUTER) -> Game:
        """A person's move at cell, then the computer's reply if it is to move.

        seen_ply is the number of marks on the board the person saw: a click
        made on an out-of-date board (a second tab, a double click) is refused
        rather than played onto a position the person never saw.
        """
        self.check_seen(seen_ply)
        self._check_not_over()
        if not self.humans_turn:
            raise Conflict("It is the computer's turn, not yours.")
        if self.choosing:
            raise Conflict(self.not_a_stone_now)
        if not 0 <= cell < self.rules.cells:
            raise InvalidInput(f"A square of the {self.rules.name} board is a number from 0 to "
                               f"{self.rules.cells - 1}, not “{cell}”.")
        if self.position.stones >> cell & 1:
            raise Conflict(f"{sentence_start(describe_cell(self.rules, cell))} is taken; choose an empty square.")
        if refusal := self.opening_refusal(cell) or self.position.why_not(cell):
            raise Conflict(refusal)
        return self._played(cell)._reply_to_person(computer)

    def step(self, seen_ply: int, computer: Computer = COMPUTER) -> Game:
        """One move by the computer to move, in a game between two computers."""
        self.check_seen(seen_ply)
        self._check_not_over()
        if self.humans:
            raise Conflict("The computer only moves by itself when two computers play.")
        return self._computer_acts(computer)

    def fifth_toggled(self, chosen: str | None, cell: int, seen_ply: int) -> tuple[int, ...]:
        """The fifth moves the person has chosen so far for an offer (chosen:
        their names, as the page carries them), with cell added or taken
        away; the game is unchanged until the person offers them (choose)."""
        self.check_seen(seen_ply)
        self._check_not_over()
        if self.offering is None or self.actor != HUMAN:
            raise Conflict("There are no fifth moves of yours to offer now.")
        return self.offer_with(self.read_offer(chosen), cell)

    def choose(self, choice: str, seen_ply: int, computer: Computer = COMPUTER) -> Game:
        """A person's choice in the opening (one of choices_now: swap2's
        black, white or two more, renju's swap or stay...; at an offer, the
        fifth moves' names), then the computer's steps if it is to act."""
        self.check_seen(seen_ply)
        self._check_not_over()
        if not self.choosing:
            raise Conflict("There is no choice of the opening's to make now.")
        if self.actor != HUMAN:
            raise Conflict("The choice is the computer's to make, not yours.")
        return self._chosen(self.parse_choice(choice))._reply_to_person(computer)

    def hint(self, seen_ply: int, computer: Computer = COMPUTER) -> Hint:
        """A hint for the person to move: the best move where the board is
        solved, else master's (on the engine workers, as its moves are)."""
        self.check_seen(seen_ply)
        if not self.humans_turn:
            raise Conflict("A hint is for a person's turn; there is no move of yours to make now.")
        if self.opening_step is not None:
            raise Conflict(f"There is no hint in {self.opening.named}'s opening: its stones and choices are "
                           "yours to make.")
        return hint_for(self.position, computer.advise)

    def resign(self, seen_ply: int) -> Game:
        """The person (between two people, the side to move) gives the game up:
        the other side wins."""
        self.check_seen(seen_ply)
        self._check_not_over()
        if not self.can_resign:
            raise Conflict("There is no game of yours to resign here: play a move first, on a board above 3×3.")
        return replace(self, resigned=self.to_move)

    def undo(self, seen_ply: int) -> Game:
        """Take back the last move a person made, with the computer's reply to
        it; between two people, the last move."""
        self.check_seen(seen_ply)
        if self.resigned:
            raise Conflict("A game resigned stays resigned; start a new game to play again.")
        last = self.last_human_move()
        if last is None:
            raise Conflict("There is no move to take back.")
        return replace(self, moves=self.moves[:last], found=None, stood_in="")

    @property
    def result_key(self) -> str | None:
        """Where this game counts in the score once it is over: "<level>/win",
        "/draw" or "/loss" for the person against a level, "friends/X", "/O" or
        "/draw" between two people (on boards other than 3×3 the board follows
        the level: "master@7x7/win"); None while it goes on, between computers, and
        from stones set up by hand (the person chose the position: SET_UP_SCORE_WORDS)."""
        if not self.is_over or not self.humans or self.set_up:
            return None
        winner = self.winner
        if len(self.humans) == 2:
            return f"{score_prefix(FRIENDS, self.rules)}/{winner or 'draw'}"
        you = self.humans[0]
        result = "draw" if winner is None else "win" if winner == you else "loss"
        return f"{score_prefix(self.player(opponent(you)), self.rules)}/{result}"

    @property
    def notation(self) -> str:
        """The moves played as a link writes them: digits on 3×3 ("408"), names joined
        by dashes on the bigger boards ("h8-i9"); any stones set up go in its query."""
        return write_moves(self.rules, self.played)

    def to_session(self) -> dict[str, Any]:
        """A small dict to keep in the session store."""
        kept = {"board": self.rules.name, "x": self.x, "o": self.o, "moves": write_moves(self.rules, self.played)}
        if self.set_up:
            kept["set_up"] = self.set_up_query
        if self.resigned:
            kept["resigned"] = self.resigned
        kept.update(self.opening.to_data())
        if self.stood_in:
            kept["stood_in"] = self.stood_in
        return {**kept, "found": self.found.to_data()} if self.found else kept

    @classmethod
    def from_session(cls, data: Any, roster: Roster = OUR_PLAYERS) -> Game | None:
        """The stored game, or None if data is missing or not a legal game,
        or a player not in roster (an engine no longer installed)."""
        try:
            rules = board_named(data["board"])
            start = _set_up(rules, data.get("set_up"))
            x, o, moves = data["x"], data["o"], (*start,
                                                 *parse_moves(rules, data["moves"], Position.after(rules, start)))
            opening = Opening.from_data(data)
        except (AttributeError, TypeError, KeyError, ValueError):
            return None
        allowed = roster.players_of(rules)
        if x not in allowed or o not in allowed:
            return None
        stood_in = data.get("stood_in")
        game = cls(x, o, moves, rules, Found.from_data(data.get("found")),
                   stood_in[:200] if isinstance(stood_in, str) else "", opening=opening, roster=roster,
                   set_up=len(start))
        if not opening.fits(rules, game.ply, game.moves):
            return None
        resigned = data.get("resigned")
        return replace(game, resigned=resigned) if resigned == game.to_move and game.can_resign else game

    def _played(self, cell: int, found: Found | None = None, stood_in: str = "") -> Game:
        return replace(self, moves=(*self.moves, cell), found=found, stood_in=stood_in)

    def _reply_to_person(self, computer: Computer) -> Game:
        """The computer's steps, where it is to act against a person: a move,
        or in an opening its stones and choices (under swap2 at most four
        steps: three stones, a choice with two more, a choice, a move)."""
        game = self
        while not game.is_over and game.humans and game.actor != HUMAN:
            game = game._computer_acts(computer)
        return game

    def _computer_acts(self, computer: Computer) -> Game:
        """One step of the computer whose turn it is: a move, or an opening's
        step (its stones, each in its zone; a choice, with the stones after it
        if they are its own: swap2's two more). A stone with no zone and no
        plan of its own (pro's white) is the level's own move."""
        now, level = self.opening_now, self.actor
        if now is None or isinstance(now.step, Place) and now.step.plan == OWN_MOVE:
            return self._played(*computer.move(self.position, level, self.moves, self.roster.brain(level)))
        if isinstance(now.step, Place):
            return replace(self, moves=(*self.moves, *computer.opening_stones(now, self.position)),
                           found=None, stood_in="")
        if isinstance(now.step, Offer):
            return self._chosen(computer.opening_offer(self.position, now.offer_count))
        chosen = self._chosen(computer.opening_choice(now, self.position))
        after = chosen.opening_now
        if (after is not None and isinstance(after.step, Place) and after.step.plan != OWN_MOVE
                and after.opener_acts == now.opener_acts):
            chosen = replace(chosen, moves=(*chosen.moves, *computer.opening_stones(after, chosen.position)))
        return chosen

    def _chosen(self, choice: str) -> Game:
        """The game after a choice of the opening's: x and o exchanged where it gives the opener white."""
        chosen = replace(self, opening=self.opening.chose(choice), found=None, stood_in="")
        return replace(chosen, x=self.o, o=self.x) if chosen._swapped != self._swapped else chosen

    def last_human_move(self) -> int | None:
        """The index in moves of the last move a person made after any
        opening (its stones and choices stay: None while it is under way)."""
        if self.opening_step is not None:
            return None
        for index in reversed(range(max(self.opening_stones, self.set_up), self.ply)):
            if self.placed_by(index) == HUMAN:
                return index
        return None

    def check_seen(self, seen_ply: int) -> None:
        """Conflict if the page acted on a board other than the game as it stands (seen_ply: its marks)."""
        if seen_ply != self.ply:
            raise Conflict(
                "That board was out of date (the game moved on, perhaps in another "
                "tab); here it is as it stands now."
            )

    def _check_not_over(self) -> None:
        if self.is_over:
            raise Conflict("This game is over; start a new game to play again.")


def _set_up(rules: Rules, kept: Any) -> tuple[int, ...]:
    """The stones a stored game was set up with (to_session's "set_up"), as
    the game holds them; ValueError unless a game could reach them."""
    return () if kept is None else parse_set_up(rules, kept.get("x"), kept.get("o"))


def computer_words(game: Game) -> str | None:
    """The line under the status (Game.computer_says): a job for the engine
    workers where it searches (Game.reason_searches)."""
    return game.computer_says
