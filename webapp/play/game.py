"""One game at this browser: who plays each side, the moves, the board and
its rules, and how it opened and ended; what may be played, and the game
after each action (a person's move, the computer's step, a swap2 choice, a
hint, resigning, a take-back). Game is an immutable value, derived from its
moves, so history and board can never disagree. The game itself (rules,
set-up, opening, moves, ending) is the GameState it holds (shared.game_state);
Game adds who plays each side and what the computer found, and forwards
the few names its templates read. What it says and shows is its Telling's
(telling.py), a value it makes of itself. Nothing here knows about HTTP: a
refused action raises InvalidInput or Conflict, which the app answers with
400 or 409.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from webapp.engine import DEFAULT_BOARD, MARKS, Position, Rules, board_named, opponent
from webapp.engine.game.notation import write_moves
from webapp.engine.game.opening import Opening
from webapp.engine.game.opening_rules import OWN_MOVE, Now, Offer, Place
from webapp.play.computer import COMPUTER, Computer
from webapp.play.found import Found
from webapp.play.hint import Hint, hint_for
from webapp.play.score import FRIENDS, score_prefix
from webapp.play.telling import Telling
from webapp.shared.board import BoardView, SquareValue
from webapp.shared.errors import Conflict, InvalidInput
from webapp.shared.game_link import Ending, Result, parse_moves
from webapp.shared.game_state import GameState
from webapp.shared.players import HUMAN, OUR_PLAYERS, Roster
from webapp.shared.set_up import as_moves, why_it_cannot_arise
from webapp.shared.words import describe_cell, sentence_start


@dataclass(frozen=True)
class Game:
    """Who plays X and O (HUMAN, a computer level or a learner) and the game
    itself (state: the board, the stones set up, the opening, the moves and
    a resignation), with what the computer found for its last move.

    A computer facing a person answers in the same step as the person's move;
    two computers move one step at a time, so a person can watch them.
    """

    x: str = HUMAN
    o: str = "perfect"
    state: GameState = GameState()  # the rules, set-up, opening, moves and ending: the game itself
    found: Found | None = None  # what master's search found for the last move, if master made it
    stood_in: str = ""          # what an external engine did wrong, where master played its last move instead
    roster: Roster = OUR_PLAYERS  # who may play here (the external engines installed), and what each is called

    @classmethod
    def of(cls, x: str = HUMAN, o: str = "perfect", moves: tuple[int, ...] = (), rules: Rules = DEFAULT_BOARD,
           found: Found | None = None, stood_in: str = "", resigned: str | None = None,
           opening: Opening = Opening(), roster: Roster = OUR_PLAYERS, set_up: int = 0) -> Game:
        """The game of these players, on rules after moves (the first set_up of
        them stones set up by hand), opened under opening and resigned by
        the side resigned, if one did: a game as its parts name it."""
        state = GameState(rules, moves, set_up, opening, _resigned_by(resigned))
        return cls(x, o, state, found, stood_in, roster)

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
        game = cls(x, o, GameState(rules, moves, set_up, opening), roster=roster)
        if game.is_over:
            raise Conflict("That game is over; there is nothing left to play from there.")
        return game._reply_to_person(computer)

    # What the templates and the other rooms read of the game itself, forwarded to the state it holds

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def moves(self) -> tuple[int, ...]:
        return self.state.moves

    @property
    def set_up(self) -> int:
        """How many of the first moves are stones set up on the analysis board (shared.set_up), not played."""
        return self.state.set_up

    @property
    def opening(self) -> Opening:
        """How it opens: under a rule (swap2, pro...) its steps put down the first stones."""
        return self.state.opening

    @property
    def resigned(self) -> str | None:
        """The mark of the side that resigned, which ends the game."""
        return self.state.resigned

    @property
    def position(self) -> Position:
        return self.state.position

    @property
    def ply(self) -> int:
        """How many marks are on the board."""
        return self.state.ply

    @property
    def played(self) -> tuple[int, ...]:
        """The moves played, after any stones set up by hand."""
        return self.state.played

    @property
    def to_move(self) -> str:
        return self.state.to_move

    @property
    def winner(self) -> str | None:
        return self.state.winner

    @property
    def winning_line(self) -> tuple[int, ...]:
        return self.state.winning_line

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def played_out(self) -> bool:
        return self.state.played_out

    @property
    def board(self) -> str:
        """The marks as a string, one character a cell: 'X', 'O' or '.'."""
        return self.position.text

    @property
    def set_up_query(self) -> dict[str, str]:
        return self.state.set_up_query

    @property
    def link_query(self) -> dict[str, str]:
        return self.state.link_query

    @property
    def notation(self) -> str:
        return self.state.notation

    @property
    def opening_now(self) -> Now | None:
        return self.state.opening_now

    @property
    def opening_step(self) -> str | None:
        return self.state.opening_step

    @property
    def opening_stones(self) -> int:
        return self.state.opening_stones

    @property
    def written_opening(self) -> str | None:
        return self.state.written_opening

    @property
    def choosing(self) -> bool:
        return self.state.choosing

    @property
    def choices_now(self) -> tuple[str, ...]:
        return self.state.choices_now

    @property
    def choice_buttons(self) -> tuple[tuple[str, str], ...]:
        return self.state.choice_buttons

    @property
    def offering(self) -> int | None:
        return self.state.offering

    def read_offer(self, raw: str | None) -> tuple[int, ...]:
        return self.state.read_offer(raw)

    # What the game says and shows: its Telling's, forwarded for the templates and the routes

    @cached_property
    def telling(self) -> Telling:
        """What this game says and shows (telling.py), worked out once for this value."""
        return Telling(self)

    @property
    def status(self) -> str:
        return self.telling.status

    @property
    def computer_says(self) -> str | None:
        return self.telling.computer_says

    @property
    def last_computer_reason(self) -> str | None:
        return self.telling.last_computer_reason

    @property
    def reason_searches(self) -> bool:
        return self.telling.reason_searches

    def coach_line(self, values: Mapping[int, SquareValue]) -> str | None:
        return self.telling.coach_line(values)

    @property
    def players_words(self) -> str:
        return self.telling.players_words

    @property
    def result_words(self) -> str:
        return self.telling.result_words

    def view(self, coach_values: Mapping[int, SquareValue] | None = None, hint: Hint | None = None,
             numbered: bool = False, fifths: tuple[int, ...] = ()) -> BoardView:
        return self.telling.view(coach_values, hint, numbered, fifths)

    @property
    def replay_query(self) -> dict[str, str]:
        return self.telling.replay_query

    @property
    def record_names(self) -> dict[str, str]:
        return self.telling.record_names

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
        return self.player(self.state.opener_mark)

    @property
    def second(self) -> str:
        """Under an opening rule, the other player."""
        return self.player(opponent(self.state.opener_mark))

    @property
    def actor(self) -> str:
        """Who acts now: in an opening, the player whose step it is; else the player to move."""
        return self.player(self.state.acting_mark)

    def placed_by(self, index: int) -> str:
        """Who put down the stone at index (from 0): in an opening, the
        player whose step it was (swap2's opener's three and the other
        player's two more); otherwise its colour's player."""
        return self.player(self.state.placed_mark(index))

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
        self.state.check_seen(seen_ply)
        self._check_not_over()
        if not self.humans_turn:
            raise Conflict("It is the computer's turn, not yours.")
        if self.choosing:
            raise Conflict(self.state.not_a_stone_now)
        if not 0 <= cell < self.rules.cells:
            raise InvalidInput(f"A square of the {self.rules.name} board is a number from 0 to "
                               f"{self.rules.cells - 1}, not “{cell}”.")
        if self.position.stones >> cell & 1:
            raise Conflict(f"{sentence_start(describe_cell(self.rules, cell))} is taken; choose an empty square.")
        if refusal := self.state.opening_refusal(cell) or self.position.why_not(cell):
            raise Conflict(refusal)
        return self._played(cell)._reply_to_person(computer)

    def step(self, seen_ply: int, computer: Computer = COMPUTER) -> Game:
        """One move by the computer to move, in a game between two computers."""
        self.state.check_seen(seen_ply)
        self._check_not_over()
        if self.humans:
            raise Conflict("The computer only moves by itself when two computers play.")
        return self._computer_acts(computer)

    def fifth_toggled(self, chosen: str | None, cell: int, seen_ply: int) -> tuple[int, ...]:
        """The fifth moves the person has chosen so far for an offer (chosen:
        their names, as the page carries them), with cell added or taken
        away; the game is unchanged until the person offers them (choose)."""
        self.state.check_seen(seen_ply)
        self._check_not_over()
        if self.offering is None or self.actor != HUMAN:
            raise Conflict("There are no fifth moves of yours to offer now.")
        return self.state.offer_with(self.read_offer(chosen), cell)

    def choose(self, choice: str, seen_ply: int, computer: Computer = COMPUTER) -> Game:
        """A person's choice in the opening (one of choices_now: swap2's
        black, white or two more, renju's swap or stay...; at an offer, the
        fifth moves' names), then the computer's steps if it is to act."""
        self.state.check_seen(seen_ply)
        self._check_not_over()
        if not self.choosing:
            raise Conflict("There is no choice of the opening's to make now.")
        if self.actor != HUMAN:
            raise Conflict("The choice is the computer's to make, not yours.")
        return self._chosen(self.state.parse_choice(choice))._reply_to_person(computer)

    def hint(self, seen_ply: int, computer: Computer = COMPUTER) -> Hint:
        """A hint for the person to move: the best move where the board is
        solved, else master's (on the engine workers, as its moves are)."""
        self.state.check_seen(seen_ply)
        if not self.humans_turn:
            raise Conflict("A hint is for a person's turn; there is no move of yours to make now.")
        if self.opening_step is not None:
            raise Conflict(f"There is no hint in {self.opening.named}'s opening: its stones and choices are "
                           "yours to make.")
        return hint_for(self.position, computer.advise)

    def resign(self, seen_ply: int) -> Game:
        """The person (between two people, the side to move) gives the game up:
        the other side wins."""
        self.state.check_seen(seen_ply)
        self._check_not_over()
        if not self.can_resign:
            raise Conflict("There is no game of yours to resign here: play a move first, on a board above 3×3.")
        return replace(self, state=replace(self.state, ending=_resigned_by(self.to_move)))

    def undo(self, seen_ply: int) -> Game:
        """Take back the last move a person made, with the computer's reply to
        it; between two people, the last move."""
        self.state.check_seen(seen_ply)
        if self.resigned:
            raise Conflict("A game resigned stays resigned; start a new game to play again.")
        last = self.last_human_move()
        if last is None:
            raise Conflict("There is no move to take back.")
        return replace(self, state=replace(self.state, moves=self.moves[:last]), found=None, stood_in="")

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

    def to_session(self) -> dict[str, Any]:
        """A small dict to keep in the session store."""
        moves = write_moves(self.rules, self.played)
        kept: dict[str, Any] = {"board": self.rules.name, "x": self.x, "o": self.o, "moves": moves}
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
        or a player not in roster (an engine no longer installed). It reads what
        to_session wrote, field by field; what it checks is that the game is one
        that could be played (its stones, its opening, its players), not a form's words."""
        try:
            rules = board_named(data["board"])
            start = _stored_set_up(rules, data.get("set_up"))
            moves = (*start, *parse_moves(rules, data["moves"], Position.after(rules, start)))
            x, o = data["x"], data["o"]
            opening = Opening.from_data(data)
        except (AttributeError, TypeError, KeyError, ValueError):
            return None
        allowed = roster.players_of(rules)
        if x not in allowed or o not in allowed or not opening.fits(rules, len(moves), moves):
            return None
        stood_in = data.get("stood_in")
        game = cls(x=x, o=o, state=GameState(rules=rules, moves=moves, set_up=len(start), opening=opening),
                   found=Found.from_data(data.get("found")),
                   stood_in=stood_in[:200] if isinstance(stood_in, str) else "", roster=roster)
        resigned = data.get("resigned")
        if resigned == game.to_move and game.can_resign:
            return replace(game, state=replace(game.state, ending=_resigned_by(resigned)))
        return game

    def _played(self, cell: int, found: Found | None = None, stood_in: str = "") -> Game:
        return replace(self, state=self.state.with_stones(cell), found=found, stood_in=stood_in)

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
            return replace(self, state=self.state.with_stones(*computer.opening_stones(now, self.position)),
                           found=None, stood_in="")
        if isinstance(now.step, Offer):
            return self._chosen(computer.opening_offer(self.position, now.count_of(now.step)))
        chosen = self._chosen(computer.opening_choice(now, self.position))
        after = chosen.opening_now
        if (after is not None and isinstance(after.step, Place) and after.step.plan != OWN_MOVE
                and after.opener_acts == now.opener_acts):
            chosen = replace(chosen, state=chosen.state.with_stones(*computer.opening_stones(after, chosen.position)))
        return chosen

    def _chosen(self, choice: str) -> Game:
        """The game after a choice of the opening's: x and o exchanged where it gives the opener white."""
        chosen = replace(self, state=replace(self.state, opening=self.opening.chose(choice)), found=None, stood_in="")
        swapped = chosen.opening.opener_has_white != self.opening.opener_has_white
        return replace(chosen, x=self.o, o=self.x) if swapped else chosen

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
        """Conflict if the page acted on a board other than the game as it stands (GameState.check_seen)."""
        self.state.check_seen(seen_ply)

    def _check_not_over(self) -> None:
        if self.is_over:
            raise Conflict("This game is over; start a new game to play again.")


def _resigned_by(side: str | None) -> Result:
    """How a game at one screen ends off the board: resigned by side, or not at all (None)."""
    return Result.of(Ending.RESIGNED, side) if side else Result()


def _stored_set_up(rules: Rules, kept: Any) -> tuple[int, ...]:
    """The stones a stored game was set up with (to_session's "set_up": each
    side's squares named, as a link writes them), as the game holds them;
    ValueError where a name is no square or no game could reach them."""
    if kept is None:
        return ()
    black, white = (frozenset(map(rules.parse_cell_name, kept[side].split("-"))) if kept.get(side) else frozenset()
                    for side in ("x", "o"))
    if not black | white:
        return ()
    if why_it_cannot_arise(rules, black, white):
        raise ValueError("not stones a game could reach")
    return as_moves(black, white)


def computer_words(game: Game) -> str | None:
    """The line under the status (Game.computer_says): a job for the engine
    workers where it searches (Game.reason_searches)."""
    return game.computer_says
