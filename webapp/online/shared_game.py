"""A game between two browsers: the shared game, who sits where, and the checks on a move.

A SharedGame is an immutable value like Game: every action (a seat taken, a
move, an offer and its answer, a rematch) returns a new value, which the
store keeps, together with an event saying what changed. Its clocks (clock.py)
are kept in wall-clock time, so every action that can start or stop one
takes `now`; a game whose running clock has run out is over as of then
(as_of), before any job has written that down. Seats belong to players, and a player is a random
id kept in a browser's own session, never in a link: a link or a code lets
anyone watch, and take a seat while one is free, but never move for someone
else. Nothing here knows about HTTP or about where games are kept.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from webapp.engine import MARKS, Opening, Position, Rules, board_named, opponent
from webapp.engine.game.notation import mark_of, read_moves, write_moves
from webapp.engine.game.opening_rules import Now, Place
from webapp.online import endings
from webapp.online.clock import Clock, TimeControl, now_or_clock
from webapp.online.offers import Offer, parse_offer, takeback_to
from webapp.online.rated import parse_rating_changes, rated_ending, rating_data
from webapp.online.store import Event
from webapp.ratings.standing import RatedGame, RatingChange
from webapp.shared.errors import Conflict, Forbidden, InvalidInput
from webapp.shared.game_link import Ending, Result
from webapp.shared.game_state import GameState
from webapp.shared.opening_words import choice_words, placed_words
from webapp.shared.words import describe_cell, in_a_row, side_name

CODE_LETTERS = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""What a short code is written with: no 0 or O, no 1, I or L, which are
easily confused when read out loud or copied by hand."""
CODE_LENGTH = 6


def new_game_id() -> str:
    """128 bits of randomness, in 22 URL-safe characters: a link no one can guess."""
    return secrets.token_urlsafe(16)


def new_code() -> str:
    """A short code to read out loud: 6 characters, 31^6 (some 887 million) of them."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def new_player_id() -> str:
    return secrets.token_hex(16)


def is_player_id(text: str) -> bool:
    """Whether text is a player id as new_player_id makes them (32 lower-case hex digits)."""
    return len(text) == 32 and all(character in "0123456789abcdef" for character in text)


def normalise_code(raw: str | None) -> str:
    """A code as a person may type it (lower case, spaces, dashes), or
    InvalidInput saying what is wrong."""
    code = "".join((raw or "").split()).replace("-", "").upper()
    if len(code) != CODE_LENGTH or any(letter not in CODE_LETTERS for letter in code):
        raise InvalidInput(f"A game's code is {CODE_LENGTH} letters and digits, such as 7KQ2MX; "
                           f"“{(raw or '')[:20]}” is not one.")
    return code


@dataclass(frozen=True)
class SharedGame:
    """A game two browsers play: its board, moves, seats, clocks, offers and what follows it."""

    id: str
    code: str
    rules: Rules
    moves: tuple[int, ...] = ()
    seats: tuple[str | None, str | None] = (None, None)  # the players at X and O
    rematch: str | None = None                           # the id of the game that follows
    series: dict[str, int] = field(default_factory=dict)  # wins per player, and "draws", over rematches
    away: frozenset[str] = frozenset()                   # seats whose player closed the page
    ending: Result = Result()                            # how it ended off the board (an Ending), if it did
    opening: Opening = Opening()                         # under a rule, X's player takes its first step
    clock: Clock | None = None                           # the players' time, if they play with a clock
    offer: Offer | None = None                           # a draw or take-back waiting for its answer
    declined: Offer | None = None                        # the last one declined: not made again at once
    rated: bool = False                                  # a rated game changes the players' ratings at its end
    names: tuple[str | None, str | None] = (None, None)  # the signed-in accounts at X and O (None: anonymous)
    strangers: bool = False                              # the players met in the lobby or a pool, not by invitation
    rating_changes: tuple[RatingChange, RatingChange] | None = None  # X's and O's, kept when a rated game ends
    moved: frozenset[str] = frozenset()                  # the players who have made a first move (or choice)
    start_by: float | None = None                        # when a first move awaited is due, or the server aborts
    left_at: dict[str, float] = field(default_factory=dict)  # when each seat away left (for a claim)

    @classmethod
    def create(cls, rules: Rules, side: str, player: str, game_id: str, code: str,
               opening: Opening = Opening(), control: TimeControl | None = None) -> SharedGame:
        """A new game on rules, the inviting player at side ("X" or "O"),
        with a clock of control if one is chosen; under swap2, X's player
        opens (the seats follow the colours chosen)."""
        seats = (player, None) if side == "X" else (None, player)
        return cls(game_id, code, rules, seats=seats, opening=opening,
                   clock=Clock.start_of(control) if control else None)

    @cached_property
    def state(self) -> GameState:
        """The game itself (its rules, opening, moves and ending), which answers
        what follows from them alone; this value adds the seats, clocks and offers."""
        return GameState(rules=self.rules, moves=self.moves, opening=self.opening, ending=self.ending)

    # What the game itself answers, and the names the pages read, forwarded to the state

    @property
    def position(self) -> Position:
        return self.state.position

    @property
    def ply(self) -> int:
        return self.state.ply

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def played_out(self) -> bool:
        return self.state.played_out

    @property
    def winner(self) -> str | None:
        return self.state.winner

    @property
    def acting_seat(self) -> str:
        """The seat whose player acts now (GameState.acting_mark)."""
        return self.state.acting_mark

    @property
    def link_query(self) -> dict[str, str]:
        return self.state.link_query

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
    def choosing(self) -> bool:
        return self.state.choosing

    @property
    def offering(self) -> int | None:
        return self.state.offering

    @property
    def choice_buttons(self) -> tuple[tuple[str, str], ...]:
        return self.state.choice_buttons

    def read_offer(self, raw: str | None) -> tuple[int, ...]:
        return self.state.read_offer(raw)

    def named(self, mark: str, start: bool = True) -> str:
        """A side as this game's board names it (words.side_name): "X", "Black", or "black" inside a sentence."""
        return side_name(self.rules, mark, start)

    def can_resign(self, player: str | None) -> bool:
        """Whether player may give this game up now: a player, once both sit and the game goes on."""
        return self.seat_of(player) is not None and None not in self.seats and not self.is_over

    def seat_of(self, player: str | None) -> str | None:
        """The mark player plays here, or None for a spectator."""
        if player is None:
            return None
        return next((mark for mark, sitter in zip(MARKS, self.seats) if sitter == player), None)

    def player_at(self, mark: str) -> str | None:
        return self.seats[MARKS.index(mark)]

    @property
    def free_seat(self) -> str | None:
        return next((mark for mark, sitter in zip(MARKS, self.seats) if sitter is None), None)

    def join(self, player: str, now: float | None = None) -> tuple[SharedGame, Event]:
        """player takes the free seat: the wait for the first move begins (endings.py)."""
        if seat := self.seat_of(player):
            raise Conflict(f"You already play {self.named(seat, False)} in this game.")
        mark = self.free_seat
        if mark is None:
            raise Conflict("Both seats are taken; you can watch this game.")
        seats = (player, self.seats[1]) if mark == "X" else (self.seats[0], player)
        joined = replace(self, seats=seats).with_first_move_due(now_or_clock(now))
        return joined, Event("seat", f"{self.named(mark)} has a player: the game can begin.")

    def play(self, player: str | None, cell: int, seen_ply: int,
             now: float | None = None) -> tuple[SharedGame, Event]:
        """player's move at cell, on the board they saw (seen_ply marks): it
        sets a pending offer aside, as the friend's answer or the offerer's change of mind."""
        now = now_or_clock(now)
        mark = self.seat_changing(player, seen_ply, "move", now)
        if None in self.seats:
            raise Conflict("Wait for your opponent to join before you move.")
        if self.acting_seat != mark:
            raise Conflict("It is your opponent's turn, not yours.")
        if self.choosing:
            raise Conflict(self.state.not_a_stone_now)
        if not 0 <= cell < self.rules.cells or self.position.stones >> cell & 1:
            raise Conflict("That square is taken; choose an empty one.")
        if refusal := self.state.opening_refusal(cell) or self.position.why_not(cell):
            raise Conflict(refusal)
        after = replace(self, moves=(*self.moves, cell), offer=None, **self._here(mark, player))
        after = self._timed(after, now, moved=True).with_first_move_due(now)
        return after._scored(), Event("move", self._opening_stone_text(cell) or _last_move_text(after.state))

    def _here(self, mark: str, player: str | None) -> dict[str, Any]:
        """What a move or a choice by player at mark changes besides the board:
        they are here (not away), and have made a first move."""
        return {"away": self.away - {mark}, "left_at": {seat: left for seat, left in self.left_at.items()
                                                        if seat != mark},
                "moved": self.moved | {player} if player else self.moved}

    def _opening_stone_text(self, cell: int) -> str | None:
        """What a stone of the opening put down at cell was, in an event's
        words (who put it down, not its colour: RIF's opener puts down white's
        first, white's player picks black's fifth); None after the opening."""
        now = self.opening_now
        if now is None:
            return None
        by = "first" if now.opener_acts else "second"
        return f"{self.opening.name}: the {by} player {placed_words(self.rules, now, (cell,))}."

    def choose(self, player: str | None, choice: str, seen_ply: int,
               now: float | None = None) -> tuple[SharedGame, Event]:
        """player's choice in the opening (one of choices_now: swap2's black,
        white or two more, renju's swap or stay...), or fifth moves offered.
        A choice that gives the opener white exchanges the seats (and their names and
        clocks): a seat is a colour."""
        now = now_or_clock(now)
        mark = self.seat_changing(player, seen_ply, "choose", now)
        opening_now = self.opening_now
        step = None if opening_now is None else opening_now.step
        if not self.choosing or step is None or isinstance(step, Place):
            raise Conflict("There is no choice of the opening's to make now.")
        if self.acting_seat != mark:
            raise Conflict("The choice is your opponent's to make, not yours.")
        chosen = self.state.parse_choice(choice)
        after = replace(self, opening=self.opening.chose(chosen), offer=None, **self._here(mark, player))
        after = self._timed(after, now, moved=True)
        if after.opening.opener_has_white != self.opening.opener_has_white:
            after = replace(after, seats=(self.seats[1], self.seats[0]), names=(self.names[1], self.names[0]),
                            away=frozenset(opponent(seat) for seat in after.away),
                            left_at={opponent(seat): left for seat, left in after.left_at.items()},
                            clock=after.clock and after.clock.exchanged())
        after = after.with_first_move_due(now)
        chooser = "first" if self.opening.opener_acts(self.ply) else "second"  # the seats may just have changed
        return after, Event("move", f"{self.opening.name}: the {chooser} player {choice_words(step, chosen)}.")

    def fifth_toggled(self, player: str | None, chosen: str | None, cell: int, seen_ply: int) -> tuple[int, ...]:
        """The fifth moves player has chosen so far for an offer (chosen: their
        names, as the page carries them), with cell added or taken away; the
        game is unchanged until they are offered (choose)."""
        mark = self.seat_changing(player, seen_ply, "offer fifth moves")
        if self.offering is None or self.acting_seat != mark or None in self.seats:
            raise Conflict("There are no fifth moves of yours to offer now.")
        return self.state.offer_with(self.read_offer(chosen), cell)

    def resign(self, player: str | None, seen_ply: int, now: float | None = None) -> tuple[SharedGame, Event]:
        """player gives the game up (on either turn): the friend wins."""
        now = now_or_clock(now)
        mark = self.seat_changing(player, seen_ply, "resign", now)
        if None in self.seats:
            raise Conflict("The game has not begun: your opponent has not joined yet.")
        after = self._timed(replace(self, ending=Result.of(Ending.RESIGNED, mark), offer=None), now)
        return after._scored(), Event("move", f"{self.named(mark)} resigned: {self.named(opponent(mark), False)} wins.")

    def seat_changing(self, player: str | None, seen_ply: int, change: str, now: float | None = None) -> str:
        """The mark of player, who asks to change the game (to move, to resign)
        on the board they saw: Forbidden for a spectator, Conflict for a board
        out of date or a game over at now (a clock run out included, before the job
        that writes it down has run)."""
        now = now_or_clock(now)
        mark = self.seat_of(player)
        if mark is None:
            raise Forbidden(f"You are watching this game; only its players can {change}.")
        self.state.check_seen(seen_ply)
        loser = self.ending.timed_out or (self.running_mark if self.flag_due(now) else None)
        if loser:
            said = "Your time" if loser == mark else "Your opponent's time"
            raise Conflict(f"{said} ran out: the game is over, {self.named(opponent(loser), False)} wins on time.")
        if self.is_over:
            raise Conflict("This game is over; start a rematch to play again.")
        return mark

    # The clocks

    @property
    def running_mark(self) -> str | None:
        """The seat whose clock runs now: the acting seat's, from the first
        stone on, while the game goes on (None without a clock, or before)."""
        if self.clock is None or self.clock.since is None or self.is_over:
            return None
        return self.acting_seat

    @property
    def _running_seat(self) -> int | None:
        """The running clock's seat as the Clock counts them (0 for X, 1 for O)."""
        running = self.running_mark
        return None if running is None else MARKS.index(running)

    def time_left(self, mark: str, now: float) -> float:
        """Seconds left on mark's clock at now."""
        return self.clock.left_at(MARKS.index(mark), self._running_seat, now) if self.clock else 0.0

    @property
    def deadline(self) -> float | None:
        """When the running clock runs out, if one runs: when the flag job is due."""
        running = self._running_seat
        return None if running is None or self.clock is None else self.clock.deadline(running)

    def flag_due(self, now: float) -> bool:
        """Whether the running clock has run out at now."""
        deadline = self.deadline
        return deadline is not None and now >= deadline

    def as_of(self, now: float) -> SharedGame:
        """This game at now: lost on time by the player whose clock ran out, if
        it has, or aborted if a first move awaited has not come in time (before
        the jobs that write either down have run)."""
        if self.flag_due(now):
            return self.time_out(now)[0]
        return endings.abort_late(self, now)[0] if endings.abort_due(self, now) else self

    def time_out(self, now: float) -> tuple[SharedGame, Event]:
        """The running clock has run out (flag_due): its player loses on time."""
        loser = self.running_mark
        assert loser is not None, "a game times out when flag_due: its clock runs"
        after = self._timed(replace(self, ending=Result.of(Ending.TIMED_OUT, loser), offer=None), now)
        return after._scored(), Event("move", f"{self.named(loser)}'s time ran out: "
                                                   f"{self.named(opponent(loser), False)} wins on time.")

    def with_first_move_due(self, now: float) -> SharedGame:
        """This game after a change at now, with the wait for a first move begun or ended (endings.py)."""
        return endings.with_first_move_due(self, now)

    def replaced(self, **fields: Any) -> SharedGame:
        """This game with fields changed (an offer made or withdrawn), its clocks as they are."""
        return replace(self, **fields)

    def changed(self, now: float | None, **fields: Any) -> SharedGame:
        """This game with fields changed at now (an offer answered, an abort, a claim): the running
        clock charged up to then, the next one started, and the series scored if the game ends."""
        return self._timed(replace(self, **fields), now_or_clock(now))._scored()

    def _timed(self, after: SharedGame, now: float, moved: bool = False) -> SharedGame:
        """after, with the acting seat's time up to now taken from its clock
        (and its increment added, if it moved), and the clock of whoever acts
        next started, from the first stone on, while the game goes on."""
        if self.clock is None:
            return after
        clock = self.clock.charged(self._running_seat, now, moved)
        if after.moves and not after.is_over:
            clock = clock.started(now)
        return replace(after, clock=clock)

    def arrive(self, mark: str) -> tuple[SharedGame, Event]:
        """The player at mark opened the game's page again."""
        left_at = {seat: left for seat, left in self.left_at.items() if seat != mark}
        back = Event("arrive", f"{self.named(mark)}'s player is back.")
        return replace(self, away=self.away - {mark}, left_at=left_at), back

    def leave(self, mark: str, now: float | None = None) -> tuple[SharedGame, Event]:
        """The player at mark closed the game's last live page (at now: a claim may follow, endings.py)."""
        left_at = {**self.left_at, mark: now_or_clock(now)}
        gone = Event("leave", f"{self.named(mark)}'s player has left.")
        return replace(self, away=self.away | {mark}, left_at=left_at), gone

    def with_new_code(self) -> SharedGame:
        """This game under another code (the one drawn for it is in use)."""
        return replace(self, code=new_code())

    def start_rematch(self, player: str | None, game_id: str, code: str,
                      now: float | None = None) -> tuple[SharedGame, SharedGame, Event]:
        """A new game on the same board with the sides swapped, rated if this
        one was (the accounts' names follow their players' seats); this one
        then points to it. Returns both, and the event that tells the pages."""
        if self.seat_of(player) is None:
            raise Forbidden("Only the players can start a rematch.")
        if not self.is_over:
            raise Conflict("Finish this game first; then either of you can start a rematch.")
        if None in self.seats:
            raise Conflict("Nobody joined this game, so there is nobody to play a rematch with; invite a friend anew.")
        if self.rematch is not None:
            raise Conflict("The rematch has already begun.")
        opener = self.seats[1 if self.opening.opener_has_white else 0]
        if self.opening:  # under a rule the other player opens the next game
            seats = (self.seats[1], self.seats[0]) if opener == self.seats[0] else self.seats
        else:
            seats = (self.seats[1], self.seats[0])
        name_of = dict(zip(self.seats, self.names))
        following = SharedGame(game_id, code, self.rules, seats=seats, series=dict(self.series),
                               opening=Opening(self.opening.rule),
                               clock=self.clock and Clock.start_of(self.clock.control), rated=self.rated,
                               names=(name_of[seats[0]], name_of[seats[1]]), strangers=self.strangers)
        following = following.with_first_move_due(now_or_clock(now))
        return replace(self, rematch=game_id), following, Event("rematch", "A rematch has begun, sides swapped.")

    def _scored(self) -> SharedGame:
        """The series after this game's end, if it just ended (an aborted game counts for nothing)."""
        if not self.is_over or self.ending.aborted:
            return self
        winner = self.winner
        key = "draws" if winner is None else self.player_at(winner)
        if key is None:  # nobody sits at the winner's seat: there is no series to count the game in
            return self
        return replace(self, series={**self.series, key: self.series.get(key, 0) + 1})

    def may_choose(self, player: str | None) -> bool:
        """Whether the opening's choice (or offer of fifth moves) is this viewer's to make now."""
        return self.choosing and None not in self.seats and self.seat_of(player) == self.acting_seat

    def rated_ending(self) -> RatedGame | None:
        """This game as the ratings need it, if it has just ended as a rated game and is not rated yet (rated.py)."""
        return rated_ending(self)

    def with_rating_changes(self, changes: tuple[RatingChange, RatingChange]) -> SharedGame:
        """This game with its players' rating changes kept: rated once and for all."""
        return replace(self, rating_changes=changes)

    def to_data(self) -> dict[str, Any]:
        """A small dict for the store."""
        return {"id": self.id, "code": self.code, "board": self.rules.name,
                "moves": write_moves(self.rules, self.moves), "seats": list(self.seats),
                "rematch": self.rematch, "series": self.series, "away": sorted(self.away),
                **self.ending.query, **self.opening.to_data(), **(self.clock.to_data() if self.clock else {}),
                "offer": self.offer and list(self.offer), "declined": self.declined and list(self.declined),
                **({"rated": True} if self.rated else {}), **({"strangers": True} if self.strangers else {}),
                **({"names": list(self.names)} if self.names != (None, None) else {}),
                **rating_data(self.rating_changes),
                "moved": sorted(self.moved), **({"start_by": self.start_by} if self.start_by is not None else {}),
                **({"left_at": self.left_at} if self.left_at else {})}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> SharedGame:
        """The stored game, its fields read by name as to_data wrote them; ValueError if data is not one.
        A store is trusted with what it wrote, so nothing here builds a sentence for a person, as a
        link's parsers do; yet a game that is not one (its moves, ending, opening or offer) is refused."""
        try:
            rules = board_named(data["board"])
            seats = tuple(data["seats"])
            moves = _stored_moves(rules, data["moves"])
            game = cls(id=data["id"], code=data["code"], rules=rules, moves=moves,
                       seats=(seats[0], seats[1]), rematch=data["rematch"], series=dict(data["series"]),
                       away=frozenset(data["away"]) & set(MARKS), ending=Result.read(data),
                       opening=Opening.from_data(data), clock=Clock.from_data(data),
                       offer=parse_offer(data.get("offer")), declined=parse_offer(data.get("declined")),
                       rated=data.get("rated", False) is True, names=_names(data.get("names")),
                       strangers=data.get("strangers", False) is True,
                       rating_changes=parse_rating_changes(data.get("rating_changes")),
                       moved=_moved(data, seats, moves), start_by=_moment(data.get("start_by")),
                       left_at=_left_at(data.get("left_at")))
        except (KeyError, TypeError, IndexError, ValueError) as error:
            raise ValueError(f"not a shared game: {error}") from error
        if game.ending.ended and game.state.position.is_over:
            raise ValueError("not a shared game: it ended on the board and off it")
        if not game.opening.fits(rules, game.ply, game.moves):
            raise ValueError("not a shared game: its opening's choices or zones do not fit its moves")
        if game.offer and (game.offer.ply != game.ply or game.offer.kind == "takeback"
                           and takeback_to(game.state, game.offer.by) is None):
            raise ValueError("not a shared game: its offer does not fit its moves")
        return game


def _stored_moves(rules: Rules, written: Any) -> tuple[int, ...]:
    """A game's moves as to_data wrote them, or ValueError if they are not a game's:
    each on an empty square, none after the end, none the rule forbids."""
    moves, position = read_moves(rules, str(written)), Position(rules)
    for cell in moves:
        if position.is_over or position.why_not(cell):
            raise ValueError("its moves are not a game's")
        position = position.play(cell)
    return moves


def _last_move_text(state: GameState) -> str:
    """"X played b2.", "Black played h8." (and how the game ended, if it did), for the live region."""
    if not state.moves:
        return ""
    rules, mark, cell = state.rules, mark_of(state.ply - 1), state.moves[-1]
    said = f"{side_name(rules, mark)} played {describe_cell(rules, cell)}."
    if state.position.winner:
        said += f" {side_name(rules, mark)} wins with {in_a_row(rules)} in a row."
    elif state.played_out:
        said += " A draw."
    return said


def _names(kept: Any) -> tuple[str | None, str | None]:
    """The accounts' names at X and O as to_data wrote them (absent: both anonymous)."""
    if kept is None:
        return None, None
    x, o = kept
    if not all(name is None or isinstance(name, str) for name in (x, o)):
        raise ValueError("an account's name is text")
    return x, o


def _moved(data: dict[str, Any], seats: tuple[str | None, ...], moves: tuple[int, ...]) -> frozenset[str]:
    """The players who have made a first move, as to_data wrote them; for a
    game kept before they were written, read from its stones: none before the
    first, X's player after one stone without an opening, else both (no abort)."""
    if "moved" in data:
        return frozenset(data["moved"]) & {seat for seat in seats if seat}
    if not moves:
        return frozenset()
    first = seats[:1] if len(moves) == 1 and not data.get("opening") else seats
    return frozenset(seat for seat in first if seat)


def _moment(kept: Any) -> float | None:
    """A moment to_data wrote (seconds since the epoch), or None."""
    if kept is None:
        return None
    if not isinstance(kept, int | float) or isinstance(kept, bool):
        raise ValueError("a moment is a number of seconds")
    return float(kept)


def _left_at(kept: Any) -> dict[str, float]:
    """When each seat away left, as to_data wrote it (absent: none known)."""
    if kept is None:
        return {}
    left_at = {mark: _moment(left) for mark, left in dict(kept).items() if mark in MARKS}
    return {mark: left for mark, left in left_at.items() if left is not None}
