"""A game between two browsers: the shared game, who sits where, and the checks on a move.

A SharedGame is an immutable value like Game: every action (a seat taken, a
move, a rematch) returns a new value, which the store keeps, together with an
event saying what changed. Seats belong to players, and a player is a random
id kept in a browser's own session, never in a link: a link or a code lets
anyone watch, and take a seat while one is free, but never move for someone
else. Nothing here knows about HTTP or about where games are kept.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from webapp.engine import MARKS, Opening, Position, Rules, board_named, opponent, rules_offered, swap2
from webapp.online.store import Event
from webapp.shared.board import BoardView, board_view
from webapp.shared.errors import Conflict, Forbidden, InvalidInput
from webapp.shared.forms import parse_swap2_choice
from webapp.shared.game_link import parse_moves, write_moves
from webapp.shared.opened import Opened
from webapp.shared.words import describe_cell, in_a_row, swap2_words

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
class SharedGame(Opened):
    """A game two browsers play: its board, moves, seats and what follows it."""

    id: str
    code: str
    rules: Rules
    moves: tuple[int, ...] = ()
    seats: tuple[str | None, str | None] = (None, None)  # the players at X and O
    rematch: str | None = None                           # the id of the game that follows
    series: dict[str, int] = field(default_factory=dict)  # wins per player, and "draws", over rematches
    away: frozenset[str] = frozenset()                   # seats whose player closed the page
    resigned: str | None = None                          # the mark of the player who gave the game up
    opening: Opening = Opening()                         # under swap2, X's player opens, and the colours are chosen

    @classmethod
    def create(cls, rules: Rules, side: str, player: str, game_id: str, code: str,
               opening: Opening = Opening()) -> SharedGame:
        """A new game on rules, the inviting player at side ("X" or "O");
        under swap2, X's player opens (the seats follow the colours chosen)."""
        seats = (player, None) if side == "X" else (None, player)
        return cls(game_id, code, rules, seats=seats, opening=opening)

    @property
    def acting_seat(self) -> str:
        """The seat whose player acts now: in a swap2 opening, the opener's
        (X's until a choice gave it white) or the other's; else the side to move."""
        step = self.swap2_step
        if step is None:
            return self.position.to_move
        opener = "O" if self.opening.opener_has_white else "X"
        return opener if self.opening.opener_acts(self.ply) else opponent(opener)

    @cached_property
    def position(self) -> Position:
        return Position.after(self.rules, self.moves)

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def is_over(self) -> bool:
        return self.resigned is not None or self.position.is_over

    @property
    def played_out(self) -> bool:
        """Over on the board, not by a resignation: a game worth mining for puzzles."""
        return self.position.is_over

    @property
    def winner(self) -> str | None:
        return opponent(self.resigned) if self.resigned else self.position.winner

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

    def join(self, player: str) -> tuple[SharedGame, Event]:
        """player takes the free seat."""
        if self.seat_of(player):
            raise Conflict(f"You already play {self.seat_of(player)} in this game.")
        mark = self.free_seat
        if mark is None:
            raise Conflict("Both seats are taken; you can watch this game.")
        seats = (player, self.seats[1]) if mark == "X" else (self.seats[0], player)
        return replace(self, seats=seats), Event("seat", f"{mark} has a player: the game can begin.")

    def play(self, player: str | None, cell: int, seen_ply: int) -> tuple[SharedGame, Event]:
        """player's move at cell, on the board they saw (seen_ply marks)."""
        mark = self._seat_changing(player, seen_ply, "move")
        if None in self.seats:
            raise Conflict("Wait for your friend to join before you move.")
        if self.acting_seat != mark:
            raise Conflict("It is your friend's turn, not yours.")
        if self.choosing:
            raise Conflict("Swap2 asks for a choice of colour now, not a stone: choose one of the buttons below the board.")
        if not 0 <= cell < self.rules.cells or self.position.stones >> cell & 1:
            raise Conflict("That square is taken; choose an empty one.")
        if refusal := self.position.why_not(cell):
            raise Conflict(refusal)
        after = replace(self, moves=(*self.moves, cell), away=self.away - {mark})
        return after._scored(), Event("move", after.last_move_text)

    def choose(self, player: str | None, choice: str, seen_ply: int) -> tuple[SharedGame, Event]:
        """player's swap2 choice: black, white, or (the first time) two more.
        A choice that gives the opener white exchanges the seats: a seat is a colour."""
        mark = self._seat_changing(player, seen_ply, "choose")
        if not self.choosing:
            raise Conflict("There is no swap2 choice to make now.")
        if self.acting_seat != mark:
            raise Conflict("The choice is your friend's to make, not yours.")
        chosen = parse_swap2_choice(choice, self.opening.choices_now(self.ply))
        after = replace(self, opening=self.opening.chose(chosen))
        if after.opening.opener_has_white != self.opening.opener_has_white:
            after = replace(after, seats=(self.seats[1], self.seats[0]),
                            away=frozenset(opponent(seat) for seat in self.away))
        said = "two more stones" if choice == swap2.TWO else f"to play {choice}"
        return after, Event("move", f"Swap2: {mark} chose {said}.")

    def resign(self, player: str | None, seen_ply: int) -> tuple[SharedGame, Event]:
        """player gives the game up (on either turn): the friend wins."""
        mark = self._seat_changing(player, seen_ply, "resign")
        if None in self.seats:
            raise Conflict("The game has not begun: your friend has not joined yet.")
        after = replace(self, resigned=mark)
        return after._scored(), Event("move", f"{mark} resigned: {opponent(mark)} wins.")

    def _seat_changing(self, player: str | None, seen_ply: int, change: str) -> str:
        """The mark of player, who asks to change the game (to move, to resign)
        on the board they saw: Forbidden for a spectator, Conflict for a board
        out of date or a game over."""
        mark = self.seat_of(player)
        if mark is None:
            raise Forbidden(f"You are watching this game; only its players can {change}.")
        if seen_ply != self.ply:
            raise Conflict("That board was out of date; here it is as it stands now.")
        if self.is_over:
            raise Conflict("This game is over; start a rematch to play again.")
        return mark

    def arrive(self, mark: str) -> tuple[SharedGame, Event]:
        """The player at mark opened the game's page again."""
        return replace(self, away=self.away - {mark}), Event("arrive", f"{mark}'s player is back.")

    def leave(self, mark: str) -> tuple[SharedGame, Event]:
        """The player at mark closed the game's last live page."""
        return replace(self, away=self.away | {mark}), Event("leave", f"{mark}'s player has left.")

    def with_new_code(self) -> SharedGame:
        """This game under another code (the one drawn for it is in use)."""
        return replace(self, code=new_code())

    def start_rematch(self, player: str | None, game_id: str, code: str) -> tuple[SharedGame, SharedGame, Event]:
        """A new game on the same board with the sides swapped; this one then
        points to it. Returns both, and the event that tells the pages."""
        if self.seat_of(player) is None:
            raise Forbidden("Only the players can start a rematch.")
        if not self.is_over:
            raise Conflict("Finish this game first; then either of you can start a rematch.")
        if self.rematch is not None:
            raise Conflict("The rematch has already begun.")
        opener = self.seats[1 if self.opening.opener_has_white else 0]
        if self.opening:  # under swap2 the other player opens the next game
            seats = (self.seats[1], self.seats[0]) if opener == self.seats[0] else self.seats
        else:
            seats = (self.seats[1], self.seats[0])
        following = SharedGame(game_id, code, self.rules, seats=seats, series=dict(self.series),
                               opening=Opening(self.opening.rule))
        return replace(self, rematch=game_id), following, Event("rematch", "A rematch has begun, sides swapped.")

    @property
    def last_move_text(self) -> str:
        """"X played h8." (and how the game ended, if it did), for the live region."""
        if not self.moves:
            return ""
        mark, cell = MARKS[(self.ply - 1) % 2], self.moves[-1]
        said = f"{mark} played {describe_cell(self.rules, cell)}."
        if self.position.winner:
            said += f" {mark} wins with {in_a_row(self.rules)} in a row."
        elif self.played_out:
            said += " A draw."
        return said

    def _scored(self) -> SharedGame:
        """The series after this game's end, if it just ended."""
        if not self.is_over:
            return self
        winner = self.winner
        key = "draws" if winner is None else self.player_at(winner)
        return replace(self, series={**self.series, key: self.series.get(key, 0) + 1})

    def status_for(self, player: str | None) -> str:
        """Whose turn it is, or how it ended, as the viewer's page says it."""
        mine = self.seat_of(player)
        winner = self.winner
        if mine is None:
            return self._status_for_spectator()
        if self.resigned:
            return "You resigned." if self.resigned == mine else "Your friend resigned: you win!"
        if winner:
            return "You win!" if winner == mine else "Your friend wins."
        if self.is_over:
            return "A draw."
        if None in self.seats:
            # One line on a phone, and the page says how to invite under it (the side played is in the heading):
            # as the turn and the join's event take, so that the board stays put when the friend joins.
            return "Waiting for your friend to join."
        if opponent(mine) in self.away:
            return f"You play {mine}. Your friend has left; their seat is kept if they come back."
        if self.swap2_step is not None:
            return self._rematch_said() + self._swap2_status(mine)
        if self.position.to_move == mine:
            return f"{self._rematch_said()}Your turn: you play {mine}."
        # One line on a phone, as "Your turn" (two with the rematch's words: .status keeps room for two).
        return f"{self._rematch_said()}Your friend's turn ({opponent(mine)})."

    def _rematch_said(self) -> str:
        """Why a page has come to a new game, until its first stone: it is the
        rematch of the last (a series has begun: a game between these two ended)."""
        return "A rematch, sides swapped. " if self.series and not self.moves else ""

    def _swap2_status(self, mine: str | None) -> str:
        """The status during a swap2 opening: who does what now."""
        who = "You" if self.acting_seat == mine else "Your friend" if mine else f"{self.acting_seat}'s player"
        return swap2_words(self.swap2_step, self.ply, who)

    @property
    def terms_words(self) -> str:
        """The rule and the opening the friend is invited to play under, where
        the board has a choice of them: " (renju, swap2 opening)"; "" on 3×3."""
        said = [self.rules.rule] if len(rules_offered(self.rules)) > 1 else []
        if self.opening:
            said.append(f"{self.opening.rule} opening")
        return f" ({', '.join(said)})" if said else ""

    def _status_for_spectator(self) -> str:
        winner = self.winner
        if self.resigned:
            return f"{self.resigned} resigned: {winner} wins."
        if winner:
            return f"{winner} wins. You are watching."
        if self.is_over:
            return "A draw. You are watching."
        if None in self.seats:
            return f"Your friend is waiting for you: join to play {self.free_seat}{self.terms_words}."
        if self.swap2_step is not None:
            return self._swap2_status(None)
        return f"{self.position.to_move} to move. You are watching."

    def view(self, player: str | None) -> BoardView:
        """The board as this browser's page shows it: playable only by the
        player whose turn it is, once both seats are taken."""
        mine = self.seat_of(player)
        my_turn = mine is not None and None not in self.seats and not self.is_over and self.acting_seat == mine
        return board_view(self.rules, self.moves, self.status_for(player), playable=my_turn and not self.choosing)

    def may_choose(self, player: str | None) -> bool:
        """Whether the swap2 choice is this viewer's to make now."""
        return self.choosing and None not in self.seats and self.seat_of(player) == self.acting_seat

    def series_for(self, player: str | None) -> list[tuple[str, int]]:
        """The score between the two, from the viewer's side: you first, if you play."""
        mine = self.seat_of(player)
        if mine is None:
            return [(f"{mark}'s player", self.series.get(self.player_at(mark) or "", 0)) for mark in MARKS] + [
                ("Draws", self.series.get("draws", 0))]
        friend = self.player_at(opponent(mine))
        return [("You", self.series.get(player, 0)), ("Your friend", self.series.get(friend or "", 0)),
                ("Draws", self.series.get("draws", 0))]

    def to_data(self) -> dict[str, Any]:
        """A small dict for the store."""
        return {"id": self.id, "code": self.code, "board": self.rules.name,
                "moves": write_moves(self.rules, self.moves), "seats": list(self.seats),
                "rematch": self.rematch, "series": self.series, "away": sorted(self.away),
                "resigned": self.resigned, **self.opening.to_data()}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> SharedGame:
        """The stored game; ValueError if data is not one."""
        try:
            rules = board_named(data["board"])
            seats = tuple(data["seats"])
            game = cls(data["id"], data["code"], rules, parse_moves(rules, data["moves"]),
                       (seats[0], seats[1]), data["rematch"], dict(data["series"]),
                       frozenset(data["away"]) & set(MARKS), data.get("resigned") if data.get("resigned") in MARKS else None,
                       Opening.from_data(data))
        except (KeyError, TypeError, IndexError, ValueError) as error:
            raise ValueError(f"not a shared game: {error}") from error
        if not game.opening.fits(rules, game.ply):
            raise ValueError("not a shared game: its swap2 choices do not fit its moves")
        return game
