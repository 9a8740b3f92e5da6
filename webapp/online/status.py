"""What each viewer's page says of a game between friends: whose turn it is
or how it ended, the pending offer, the clocks and the score between them,
from the side of a player or of a spectator. A mixin of SharedGame's (as
offers.py is): words only, no change to the game.
"""

from __future__ import annotations

from typing import NamedTuple

from webapp.engine import MARKS, opponent, rules_offered
from webapp.engine.game.notation import mark_of
from webapp.online.clock import clock_words
from webapp.shared.game_link import DRAWS, Ending
from webapp.shared.opening_words import step_words
from webapp.shared.words import describe_cell, in_a_row, side_name

OFFER_WORDS = {"draw": "a draw", "takeback": "to take back their last move"}
"""What each kind of offer asks for, after "X offers" or "Black asks"."""


class ClockFace(NamedTuple):
    """One player's clock as a page shows it."""

    mark: str
    label: str       # "You (black)", "Your friend (X)", or "X", "Black" for a spectator
    seconds: float   # left, at the time the page is drawn
    running: bool

    @property
    def shown(self) -> str:
        return clock_words(self.seconds)


class Told:
    """The words of a shared game's pages (see the module's docstring)."""

    def named(self, mark: str, start: bool = True) -> str:
        """A side as this game's board names it (words.side_name): "X", "Black", or "black" inside a sentence."""
        return side_name(self.rules, mark, start)

    @property
    def last_move_text(self) -> str:
        """"X played b2.", "Black played h8." (and how the game ended, if it did), for the live region."""
        if not self.moves:
            return ""
        mark, cell = mark_of(self.ply - 1), self.moves[-1]
        said = f"{self.named(mark)} played {describe_cell(self.rules, cell)}."
        if self.position.winner:
            said += f" {self.named(mark)} wins with {in_a_row(self.rules)} in a row."
        elif self.played_out:
            said += " A draw."
        return said

    def status_for(self, player: str | None) -> str:
        """Whose turn it is, or how it ended, as the viewer's page says it."""
        mine = self.seat_of(player)
        winner, ending = self.winner, self.ending
        if mine is None:
            return self._status_for_spectator()
        if ending.ended:
            return self._ending_for(mine)
        if winner:
            return "You win!" if winner == mine else "Your friend wins."
        if self.is_over:
            return "A draw."
        if None in self.seats:
            # One line on a phone, and the page says how to invite under it (the side played is in the heading):
            # as the turn and the join's event take, so that the board stays put when the friend joins.
            return "Waiting for your friend to join."
        if opponent(mine) in self.away:
            return f"You play {self.named(mine, False)}. Your friend has left; their seat is kept if they come back."
        if self.opening_step is not None:
            return self._rematch_said() + self._opening_status(mine)
        if self.acting_seat == mine:
            return f"{self._rematch_said()}Your turn: you play {self.named(mine, False)}."
        # One line on a phone, as "Your turn" (two with the rematch's words: .status keeps room for two).
        return f"{self._rematch_said()}Your friend's turn ({self.named(opponent(mine), False)})."

    def _ending_for(self, mine: str) -> str:
        """How the game ended off the board, as a player's page says it (the ending names a side: mine or not)."""
        how, side = self.ending.how, self.ending.side
        me = side == mine
        said = {
            Ending.RESIGNED: "You resigned." if me else "Your friend resigned: you win!",
            # As short as "You win!": one line on a phone, where the event's words say whose time ran out.
            Ending.TIMED_OUT: "You lost on time." if me else "You win on time!",
            Ending.FORFEITED: "You had left: your friend claimed the win." if me else
            "You claimed the win: your friend had left.",
            Ending.ABORTED: "You aborted the game: it counts for nothing." if me else
            "Your friend aborted the game: it counts for nothing.",
            Ending.UNSTARTED: "Your first move did not come in time: the game is aborted." if me else
            "Your friend's first move did not come in time: the game is aborted.",
            Ending.DRAW_AGREED: "A draw, agreed.",
            Ending.DRAW_CLAIMED: "A draw, called while one of you was away.",
        }
        return said[how] if how else ""

    def _ending_for_spectator(self) -> str:
        """How the game ended off the board, as a spectator's page says it."""
        how = self.ending.how
        if how in DRAWS:
            called = "agreed" if how == Ending.DRAW_AGREED else "called while a player was away"
            return f"A draw, {called}. You are watching."
        side = self.named(self.ending.side or "X")
        if how == Ending.ABORTED:
            return f"{side} aborted the game: it counts for nothing."
        if how == Ending.UNSTARTED:
            return f"{side}'s first move did not come in time: the game is aborted."
        winner = self.named(self.winner or "X", False)
        return {Ending.RESIGNED: f"{side} resigned: {winner} wins.",
                Ending.TIMED_OUT: f"{side}'s time ran out: {winner} wins on time.",
                Ending.FORFEITED: f"{side} had left: {winner} claimed the win."}.get(how, "")

    def _rematch_said(self) -> str:
        """Why a page has come to a new game, until its first stone: it is the
        rematch of the last (a series has begun: a game between these two ended)."""
        return "A rematch, sides swapped. " if self.series and not self.moves else ""

    def _opening_status(self, mine: str | None) -> str:
        """The status during an opening: who does what now."""
        acting = self.acting_seat
        who = "You" if acting == mine else "Your friend" if mine else f"{self.named(acting)}'s player"
        return step_words(self.opening, self.ply, who)

    @property
    def terms_words(self) -> str:
        """The rule, the opening and the clock the friend is invited to play
        under, where the board has a choice of them: " (renju, swap2 opening,
        5+3 clock)"; "" on 3×3 without a clock."""
        said = [self.rules.rule] if len(rules_offered(self.rules)) > 1 else []
        if self.opening:
            said.append(f"{self.opening.named} opening")
        if self.clock:
            said.append(f"{self.clock.control.written} clock")
        return f" ({', '.join(said)})" if said else ""

    def _status_for_spectator(self) -> str:
        winner, ending = self.winner, self.ending
        if ending.ended:
            return self._ending_for_spectator()
        if winner:
            return f"{self.named(winner)} wins. You are watching."
        if self.is_over:
            return "A draw. You are watching."
        if None in self.seats:
            free = self.named(self.free_seat, False)
            return f"Your friend is waiting for you: join to play {free}{self.terms_words}."
        if self.opening_step is not None:
            return self._opening_status(None)
        return f"{self.named(self.acting_seat)} to move. You are watching."

    def offer_words(self, player: str | None) -> str | None:
        """The pending offer as this viewer reads it: "Your friend offers a
        draw.", "You asked to take back your last move; waiting for your
        friend's answer.", "X offers a draw.", "White offers a draw."; None without one."""
        offer = self.offer
        if offer is None:
            return None
        mine = self.seat_of(player)
        if mine is None:
            verb = "offers" if offer.kind == "draw" else "asks"
            return f"{self.named(offer.by)} {verb} {OFFER_WORDS[offer.kind]}."
        if offer.by == mine:
            asked = "offered a draw" if offer.kind == "draw" else "asked to take back your last move"
            return f"You {asked}; waiting for your friend's answer."
        if offer.kind == "draw":
            return "Your friend offers a draw."
        reply = " and your reply" if self.ply - (self.takeback_to(offer.by) or 0) == 2 else ""
        return f"Your friend asks to take back their last move{reply} ({self.takeback_words(offer.by)})."

    def takeback_words(self, mark: str) -> str:
        """The stones a take-back by mark removes, as the offer names them: "b2", or "b2 and c3"."""
        cells = self.moves[self.takeback_to(mark) or 0:]
        return " and ".join(describe_cell(self.rules, cell) for cell in cells)

    def clock_faces(self, player: str | None, now: float) -> list[ClockFace]:
        """Both clocks, the viewer's own first (X's first for a spectator); [] without a clock."""
        if self.clock is None:
            return []
        mine = self.seat_of(player)
        order = [mine, opponent(mine)] if mine else list(MARKS)
        running = self.running_mark
        names = ({mine: f"You ({self.named(mine, False)})",
                  opponent(mine): f"Your friend ({self.named(opponent(mine), False)})"} if mine
                 else {mark: self.named(mark) for mark in MARKS})
        return [ClockFace(mark, names[mark], self.time_left(mark, now), mark == running) for mark in order]

    def series_for(self, player: str | None) -> list[tuple[str, int]]:
        """The score between the two, from the viewer's side: you first, if you play."""
        mine = self.seat_of(player)
        if mine is None:
            return [(f"{self.named(mark)}'s player", self.series.get(self.player_at(mark) or "", 0))
                    for mark in MARKS] + [("Draws", self.series.get("draws", 0))]
        friend = self.player_at(opponent(mine))
        return [("You", self.series.get(player, 0)), ("Your friend", self.series.get(friend or "", 0)),
                ("Draws", self.series.get("draws", 0))]
