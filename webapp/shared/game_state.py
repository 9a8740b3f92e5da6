"""A game as one value: its rules, the stones set up by hand, its opening,
its moves and how it ended off the board; and what follows from them alone
(the position, the ply, the side to move and the seat that acts, the
winner, whether it is over, and the opening's questions at the stones down).

Every feature that holds a game holds one of these: the game at one screen
(play's Game), the friends' game (online's SharedGame), the replay, the
review and the retry. They add who plays (the players, the seats) and what
they are for; none of them works out a position, a ply or an ending again.
Like python-chess's Board with its Outcome: the game is the value, and
what is said of it is derived from it, never kept beside it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from webapp.engine import DEFAULT_BOARD, Opening, Position, Rules, opponent
from webapp.engine.game.notation import mark_of, write_moves
from webapp.engine.game.opening_rules import OFFERED, Choose, Now
from webapp.shared.errors import Conflict, InvalidInput
from webapp.shared.forms import parse_opening_choice
from webapp.shared.game_link import Result, set_up_query
from webapp.shared.opening_words import choice_labels

OUT_OF_DATE = "That board was out of date; here it is as it stands now."
"""What an action on a board other than the game as it stands is told (a second tab, a double click)."""


def linked_opening(written: str | None) -> Opening:
    """The opening as a link writes it (opening_rules.WRITTEN, checked: game_link.parse_opening), as a game
    holds it: no rule where the link names none."""
    return Opening.read(written) if written else Opening()


@dataclass(frozen=True)
class GameState:
    """A game's rules, set-up, opening, moves and ending (see the module's
    docstring): moves holds the stones set up by hand first (set_up of
    them), then the moves played; ending is a resignation, a time-out or
    an agreed draw (nothing while the game goes on or ended on the board)."""

    rules: Rules = DEFAULT_BOARD
    moves: tuple[int, ...] = ()
    set_up: int = 0
    opening: Opening = Opening()
    ending: Result = Result()

    @cached_property
    def position(self) -> Position:
        """The position after every stone down."""
        return Position.after(self.rules, self.moves)

    @property
    def ply(self) -> int:
        """How many stones are on the board, those set up among them."""
        return len(self.moves)

    @property
    def played(self) -> tuple[int, ...]:
        """The moves played, after any stones set up by hand."""
        return self.moves[self.set_up:]

    @property
    def last_step(self) -> int:
        """How many moves were played (after any stones set up): a replay's or a review's last step."""
        return self.ply - self.set_up

    @property
    def to_move(self) -> str:
        """The side whose stone goes down next: "X" or "O"."""
        return self.position.to_move

    @cached_property
    def winner(self) -> str | None:
        """The side that won ("X" or "O"), on the board or off it; None for a draw or a game going on."""
        return self.ending.winner(self.position)

    @cached_property
    def winning_line(self) -> tuple[int, ...]:
        """The cells of the line that won on the board (none without one)."""
        return self.position.winning_line()

    @property
    def resigned(self) -> str | None:
        """The side that resigned ("X" or "O"), if the game ended so."""
        return self.ending.resigned

    @property
    def is_over(self) -> bool:
        """Whether the game has ended: on the board, or off it (ending)."""
        return self.ending.ended or self.position.is_over

    @property
    def played_out(self) -> bool:
        """Over on the board (a line, or no square left), not by a resignation:
        a game worth mining for puzzles."""
        return self.position.is_over

    @property
    def opener_mark(self) -> str:
        """The side of the player who took the opening's first step: X, until a choice gave that player white."""
        return "O" if self.opening.opener_has_white else "X"

    @property
    def acting_mark(self) -> str:
        """The side whose player acts now: in an opening, the opener's or the
        other's, as the step says; else the side to move."""
        if self.opening_step is None:
            return self.to_move
        return self.opener_mark if self.opening.opener_acts(self.ply) else opponent(self.opener_mark)

    def placed_mark(self, index: int) -> str:
        """The side of the player who put down the stone at index (from 0): in
        an opening, the player whose step it was (swap2's opener's three and
        the other player's two more); otherwise its colour."""
        by_opener = self.opening.placed_by_opener(index)
        if by_opener is None:
            return mark_of(index)
        return self.opener_mark if by_opener else opponent(self.opener_mark)

    def check_seen(self, seen_ply: int) -> None:
        """Conflict if a page acted on a board other than the game as it stands (seen_ply: its stones)."""
        if seen_ply != self.ply:
            raise Conflict(OUT_OF_DATE)

    def with_stones(self, *cells: int) -> GameState:
        """The game with cells put down after its moves."""
        return replace(self, moves=(*self.moves, *cells))

    @property
    def notation(self) -> str:
        """The moves played as a link writes them: digits on 3×3 ("408"), names joined
        by dashes on the bigger boards ("h8-i9"); any stones set up go in its query."""
        return write_moves(self.rules, self.played)

    @property
    def set_up_query(self) -> dict[str, str]:
        """The stones set up by hand, as a link carries them (x=, o=); none for a game from the empty board."""
        return set_up_query(self.rules, self.moves, self.set_up)

    @property
    def ending_words(self) -> str:
        """How the game ended, in a sentence ("White won by resignation.", "A draw.", "Not finished.")."""
        return self.ending.words(self.position)

    @property
    def link_query(self) -> dict[str, str]:
        """How it opened and how it ended, for a link to the game or a record
        of it: who played is left out ("You" is nobody to whoever the link is
        sent to, and friends are not named)."""
        return {**({"opening": self.written_opening} if self.written_opening else {}), **self.ending.query}

    # The opening at the stones down

    @property
    def opening_now(self) -> Now | None:
        """Where the opening stands: its step (a placement or a choice) and the
        stones of it down; None once it is over, and without a rule."""
        return self.opening.now(self.ply)

    @property
    def opening_step(self) -> str | None:
        """The name of the opening's step now (swap2's "place three",
        "choose", "place two", "choose again"; pro's "black's second"...);
        None once it is over, and without a rule."""
        return self.opening.step(self.ply)

    @property
    def choosing(self) -> bool:
        """A choice (a colour, two more, a swap, a number) or an offer of
        fifth moves is to be made now, not a stone."""
        return bool(self.opening.choices_now(self.ply)) or self.offering is not None

    @property
    def choices_now(self) -> tuple[str, ...]:
        """The choices open now (none while stones are to be placed, and at an offer)."""
        return self.opening.choices_now(self.ply)

    @property
    def offering(self) -> int | None:
        """How many fifth moves black's player offers now, at an offer; None at any other step."""
        return self.opening.offer_count(self.ply)

    @property
    def offered_points(self) -> frozenset[int]:
        """At white's pick of black's fifth stone, the points offered; else none."""
        now = self.opening_now
        zone = self.zone
        return zone if now is not None and now.zone == OFFERED and zone is not None else frozenset()

    @property
    def choice_buttons(self) -> tuple[tuple[str, str], ...]:
        """The choice open now, each option with its button's words (opening_words.choice_labels)."""
        now = self.opening_now
        return choice_labels(now.step) if now is not None and isinstance(now.step, Choose) else ()

    @property
    def not_a_stone_now(self) -> str:
        """Why a stone is refused while choosing, in words to show a person."""
        if self.offering is not None:
            return (f"{self.opening.name}: black's fifth moves are offered now, not played: choose "
                    f"{self.offering} point{'s' * (self.offering != 1)} on the board, then offer them.")
        return f"{self.opening.name} asks for a choice now, not a stone: choose one of the buttons below the board."

    def parse_choice(self, raw: str) -> str:
        """A choice made now, as the opening keeps it: one of choices_now, or
        at an offer the fifth moves' names ("h10 j7"); InvalidInput or
        Conflict saying why it is not one."""
        if self.offering is None:
            return parse_opening_choice(raw, self.choices_now)
        return self._written(self._offered(raw, complete=True))

    def read_offer(self, raw: str | None) -> tuple[int, ...]:
        """The fifth moves chosen so far for an offer (their names, as the
        page carries them between clicks); InvalidInput or Conflict where
        they are not points black may offer together now."""
        if self.offering is None:
            raise Conflict("There are no fifth moves to offer now.")
        return self._offered(raw or "", complete=False)

    def offer_with(self, chosen: tuple[int, ...], cell: int) -> tuple[int, ...]:
        """The fifth moves chosen so far with cell added, or taken away if
        chosen already; Conflict saying why it may not join them."""
        if cell in chosen:
            return tuple(other for other in chosen if other != cell)
        return self._offered(self._written((*chosen, cell)), complete=False)

    def _offered(self, raw: str, complete: bool) -> tuple[int, ...]:
        """The points an offer names (complete: all of it), or InvalidInput
        (not points' names) or Conflict (the opening's refusal) saying why not."""
        try:
            cells = tuple(map(self.rules.parse_cell_name, str(raw).lower().replace(",", " ").split()))
        except ValueError:
            raise InvalidInput(f"Fifth moves are points' names, such as h10 and j7, not “{str(raw)[:40]}”.") from None
        if refusal := self.opening.offer_refusal(self.rules, self.moves, self._written(cells), complete):
            raise Conflict(refusal)
        return cells

    def _written(self, cells: tuple[int, ...]) -> str:
        """Points as an offer writes them: "h10 j7"."""
        return " ".join(map(self.rules.cell_name, cells))

    @property
    def zone(self) -> frozenset[int] | None:
        """The squares the next stone may go on, where the opening limits them; None where any will do."""
        return self.opening.zone(self.rules, self.ply)

    def opening_refusal(self, cell: int) -> str | None:
        """Why the opening refuses a stone on cell now (outside its zone); None where it allows it."""
        return self.opening.why_not(self.rules, self.ply, cell)

    @property
    def written_opening(self) -> str | None:
        """The opening as a link writes it (opening_rules.WRITTEN), once over; None without one."""
        return self.opening.written(self.ply)

    @property
    def opening_stones(self) -> int:
        """How many of the first stones the opening puts down (0 without one)."""
        return self.opening.stones_put_down
