"""What each viewer's page says of a game between friends: whose turn it is
or how it ended, the pending offer, the clocks, the score between them and
the buttons it shows, from the side of a player or of a spectator. A Told is
a value of its own, given the game (SharedGame) and the viewer: words only,
no change to the game; the routes make one per page and the templates read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from webapp.engine import MARKS, opponent, rules_offered
from webapp.online import endings, offers
from webapp.online.clock import clock_words
from webapp.online.offers import OFFER_WORDS
from webapp.online.rated import rating_change_of
from webapp.online.shared_game import SharedGame
from webapp.ratings.standing import RatingChange
from webapp.shared.board import BoardView, board_view
from webapp.shared.game_link import DRAWS, Ending
from webapp.shared.opening_words import step_words
from webapp.shared.words import side_name


class ClockFace(NamedTuple):
    """One player's clock as a page shows it."""

    mark: str
    label: str       # "You (black)", "Your opponent (X)", or "X", "Black" for a spectator
    seconds: float   # left, at the time the page is drawn
    running: bool

    @property
    def shown(self) -> str:
        return clock_words(self.seconds)


def terms_words(game: SharedGame) -> str:
    """The rule, the opening and the clock the friend is invited to play
    under, where the board has a choice of them: " (renju, swap2 opening,
    5+3 clock)"; "" on 3×3 without a clock."""
    said = [game.rules.rule] if len(rules_offered(game.rules)) > 1 else []
    if game.opening:
        said.append(f"{game.opening.named} opening")
    if game.clock:
        said.append(f"{game.clock.control.written} clock")
    return f" ({', '.join(said)})" if said else ""


@dataclass(frozen=True)
class Told:
    """What game's page says to viewer (a player's id, or None: see the module's docstring)."""

    game: SharedGame
    viewer: str | None

    @cached_property
    def mine(self) -> str | None:
        """The viewer's seat, or None for a spectator."""
        return self.game.seat_of(self.viewer)

    def named(self, mark: str, start: bool = True) -> str:
        """A side as this game's board names it (words.side_name)."""
        return side_name(self.game.rules, mark, start)

    @cached_property
    def status(self) -> str:
        """Whose turn it is, or how it ended, as the viewer's page says it."""
        game, mine = self.game, self.mine
        state = game.state
        if mine is None:
            return self._status_for_spectator()
        if state.ending.ended:
            return self._ending_for(mine)
        if state.winner:
            return "You win!" if state.winner == mine else "Your opponent wins."
        if state.is_over:
            return "A draw."
        if None in game.seats:
            # One line on a phone, and the page says how to invite under it (the side played is in the heading):
            # as the turn and the join's event take, so that the board stays put when the friend joins.
            return "Waiting for your friend to join."
        if opponent(mine) in game.away:
            return f"You play {self.named(mine, False)}. Your opponent has left; their seat is kept if they come back."
        if state.opening_step is not None:
            return self._rematch_said() + self._opening_status()
        if state.acting_mark == mine:
            return f"{self._rematch_said()}Your turn: you play {self.named(mine, False)}."
        # One line on a phone, as "Your turn" (two with the rematch's words: .status keeps room for two).
        return f"{self._rematch_said()}Your opponent's turn ({self.named(opponent(mine), False)})."

    def _ending_for(self, mine: str) -> str:
        """How the game ended off the board, as a player's page says it (the ending names a side: mine or not)."""
        how, side = self.game.ending.how, self.game.ending.side
        me = side == mine
        said = {
            Ending.RESIGNED: "You resigned." if me else "Your opponent resigned: you win!",
            # As short as "You win!": one line on a phone, where the event's words say whose time ran out.
            Ending.TIMED_OUT: "You lost on time." if me else "You win on time!",
            Ending.FORFEITED: "You had left: your opponent claimed the win." if me else
            "You claimed the win: your opponent had left.",
            Ending.ABORTED: "You aborted the game: it counts for nothing." if me else
            "Your opponent aborted the game: it counts for nothing.",
            Ending.UNSTARTED: "Your first move did not come in time: the game is aborted." if me else
            "Your opponent's first move did not come in time: the game is aborted.",
            Ending.DRAW_AGREED: "A draw, agreed.",
            Ending.DRAW_CLAIMED: "A draw, called while one of you was away.",
        }
        return said[how] if how else ""

    def _ending_for_spectator(self) -> str:
        """How the game ended off the board, as a spectator's page says it."""
        ending = self.game.ending
        how = ending.how
        if how is None:
            return ""
        if how in DRAWS:
            called = "agreed" if how == Ending.DRAW_AGREED else "called while a player was away"
            return f"A draw, {called}. You are watching."
        side = self.named(ending.side or "X")
        if how == Ending.ABORTED:
            return f"{side} aborted the game: it counts for nothing."
        if how == Ending.UNSTARTED:
            return f"{side}'s first move did not come in time: the game is aborted."
        winner = self.named(self.game.state.winner or "X", False)
        return {Ending.RESIGNED: f"{side} resigned: {winner} wins.",
                Ending.TIMED_OUT: f"{side}'s time ran out: {winner} wins on time.",
                Ending.FORFEITED: f"{side} had left: {winner} claimed the win."}.get(how, "")

    def _rematch_said(self) -> str:
        """Why a page has come to a new game, until its first stone: it is the
        rematch of the last (a series has begun: a game between these two ended)."""
        return "A rematch, sides swapped. " if self.game.series and not self.game.moves else ""

    def _opening_status(self) -> str:
        """The status during an opening: who does what now."""
        state, mine = self.game.state, self.mine
        acting = state.acting_mark
        who = "You" if acting == mine else "Your opponent" if mine else f"{self.named(acting)}'s player"
        return step_words(state.opening, state.ply, who)

    def _status_for_spectator(self) -> str:
        game = self.game
        state = game.state
        if state.ending.ended:
            return self._ending_for_spectator()
        if state.winner:
            return f"{self.named(state.winner)} wins. You are watching."
        if state.is_over:
            return "A draw. You are watching."
        if (free := game.free_seat) is not None:
            return f"Your friend is waiting for you: join to play {self.named(free, False)}{terms_words(game)}."
        if state.opening_step is not None:
            return self._opening_status()
        return f"{self.named(state.acting_mark)} to move. You are watching."

    @property
    def offer_words(self) -> str | None:
        """The pending offer as this viewer reads it: "Your opponent offers a
        draw.", "You asked to take back your last move; waiting for your
        friend's answer.", "X offers a draw.", "White offers a draw."; None without one."""
        offer, mine, state = self.game.offer, self.mine, self.game.state
        if offer is None:
            return None
        if mine is None:
            verb = "offers" if offer.kind == "draw" else "asks"
            return f"{self.named(offer.by)} {verb} {OFFER_WORDS[offer.kind]}."
        if offer.by == mine:
            asked = "offered a draw" if offer.kind == "draw" else "asked to take back your last move"
            return f"You {asked}; waiting for your opponent's answer."
        if offer.kind == "draw":
            return "Your opponent offers a draw."
        reply = " and your reply" if state.ply - (offers.takeback_to(state, offer.by) or 0) == 2 else ""
        return f"Your opponent asks to take back their last move{reply} ({offers.takeback_words(state, offer.by)})."

    def clock_faces(self, now: float) -> list[ClockFace]:
        """Both clocks, the viewer's own first (X's first for a spectator); [] without a clock."""
        game, mine = self.game, self.mine
        if game.clock is None:
            return []
        order = [mine, opponent(mine)] if mine else list(MARKS)
        running = game.running_mark
        names = ({mine: f"You ({self.named(mine, False)})",
                  opponent(mine): f"Your opponent ({self.named(opponent(mine), False)})"} if mine
                 else {mark: self.named(mark) for mark in MARKS})
        return [ClockFace(mark, names[mark], game.time_left(mark, now), mark == running) for mark in order]

    @property
    def series(self) -> list[tuple[str, int]]:
        """The score between the two, from the viewer's side: you first, if you play."""
        game, mine = self.game, self.mine
        if mine is None:
            return [(f"{self.named(mark)}'s player", game.series.get(game.player_at(mark) or "", 0))
                    for mark in MARKS] + [("Draws", game.series.get("draws", 0))]
        friend = game.player_at(opponent(mine))
        return [("You", game.series.get(self.viewer or "", 0)), ("Your opponent", game.series.get(friend or "", 0)),
                ("Draws", game.series.get("draws", 0))]

    def may_offer(self, kind: str) -> bool:
        """Whether the page shows the viewer the button for an offer of kind (offers.may_offer)."""
        return offers.may_offer(self.game, self.viewer, kind)

    @property
    def may_abort(self) -> bool:
        """Whether the page shows the viewer the button to abort (endings.may_abort)."""
        return endings.may_abort(self.game, self.viewer)

    def rating_change_of(self, mark: str | None) -> RatingChange | None:
        """The rating change of the player at mark, once the game is rated (rated.rating_change_of)."""
        return rating_change_of(self.game, mark)

    def view(self, fifths: tuple[int, ...] = ()) -> BoardView:
        """The board as this viewer's page shows it: playable only by the
        player whose turn it is, once both seats are taken (at an offer of
        fifth moves, to choose them: fifths, those chosen so far)."""
        game, mine = self.game, self.mine
        state = game.state
        my_turn = mine is not None and None not in game.seats and not state.is_over and state.acting_mark == mine
        return board_view(game.rules, game.moves, self.status, zone=state.zone,
                          playable=my_turn and (not state.choosing or state.offering is not None),
                          offered=fifths or state.offered_points)
