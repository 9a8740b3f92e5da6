"""One browser's match: the current game (game.py), the score, the hint
shown, the coach switch, this browser's own MENACE and the games finished
here ("My games").

Signed in, the score, My games and the MENACE are the account's, kept in
its parts rather than the session (webapp.play.kept, which says why); a
Match is the same value either way.

Game, Score and Match are immutable values. Every action (a person's move, a
computer's step, a take-back, a new game) returns a new value, which the caller
stores. Nothing here knows about HTTP: a refused action raises InvalidInput
or Conflict, which the app answers with 400 or 409.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass, field, replace
from datetime import date
from functools import cached_property
from typing import Any

from webapp.engine import MARKS, Menace, Rules
from webapp.engine.game.opening import Opening
from webapp.play.computer import COMPUTER, Computer
from webapp.play.game import Game
from webapp.play.hint import Hint
from webapp.play.learner import LearnerPanel, learner_panel
from webapp.play.score import Score, ScoreLine
from webapp.shared import my_menace as kept_menace
from webapp.shared.board import BoardView, SquareValue
from webapp.shared.identity import signed_in
from webapp.shared.players import MY_MENACE, OUR_PLAYERS, Roster
from webapp.shared.rules_played import keep_rules_played
from webapp.storage.account_parts import AccountParts
from webapp.storage.session_parts import keep_part, part

SESSION_PART = "play"
"""Play's part of a browser's session (webapp.storage.session_parts)."""

HISTORY_LENGTH = 20
"""How many finished games "My games" keeps: the session holds them, up to 225 moves each."""


@dataclass(frozen=True)
class FinishedGame:
    """A game finished here, as My games lists it: the game as it ended, and
    the day it finished (None for one kept before the day was)."""

    game: Game
    on: date | None = None

    def to_session(self) -> dict[str, Any]:
        """The game as Game.to_session keeps it, with its day ("finished": "2026-12-07") beside it."""
        kept = self.game.to_session()
        return {**kept, "finished": self.on.isoformat()} if self.on else kept

    @classmethod
    def from_session(cls, data: Any, roster: Roster) -> FinishedGame | None:
        """The finished game kept, or None if it does not read as one; a day that does not read is left out."""
        game = Game.from_session(data, roster)
        if game is None or not game.is_over:
            return None
        return cls(game, _day(data.get("finished")))


def _day(kept: Any) -> date | None:
    """The day kept ("2026-12-07"), or None if it is missing or not one."""
    try:
        return date.fromisoformat(kept) if isinstance(kept, str) and len(kept) == 10 else None
    except ValueError:
        return None


def _history(data: Any, roster: Roster) -> tuple[FinishedGame, ...]:
    """The finished games a session kept, leaving out any that do not read as one."""
    if not isinstance(data, list):
        return ()
    games = (FinishedGame.from_session(entry, roster) for entry in data[:HISTORY_LENGTH])
    return tuple(game for game in games if game is not None)


def _hint(data: Any, game: Game) -> Hint | None:
    """The hint a session kept, if it reads as one for the person to move in game."""
    try:
        cell, square, why = data
        hint = Hint(int(cell), str(square), str(why))
    except (TypeError, ValueError):
        return None
    fits = game.humans_turn and 0 <= hint.cell < game.rules.cells and not game.position.stones >> hint.cell & 1
    return hint if fits and len(hint.words) <= 300 else None


@dataclass(frozen=True)
class Match:
    """Everything one browser keeps: the current game, the score (a game
    counts once, when it ends: no action is taken on a game over, so nothing
    counts it again); the coach switch; and this browser's own MENACE, and
    whether it has learned from the current game (once, when it ends); and
    the games finished here, newest first ("My games"). Taking back a move
    after the end starts a new game from that position: the finished one
    stays counted and listed, and the new one counts when it ends too."""

    game: Game = field(default_factory=Game)
    score: Score = field(default_factory=Score)
    coach: bool = False
    my_menace: Menace = Menace()
    taught: bool = False
    history: tuple[FinishedGame, ...] = ()
    hint: Hint | None = None  # the move suggested for this turn, until a move is made
    numbers: bool = False     # the stones show their move numbers (a switch of the big boards)

    def play(self, cell: int, seen_ply: int, computer: Computer = COMPUTER, today: date | None = None) -> Match:
        """A person's move (Game.play); today is the day a game it ends is listed as finished on."""
        return self._after(self.game.play(cell, seen_ply, computer._replace(my_menace=self.my_menace)), today)

    def step(self, seen_ply: int, computer: Computer = COMPUTER, today: date | None = None) -> Match:
        return self._after(self.game.step(seen_ply, computer._replace(my_menace=self.my_menace)), today)

    @property
    def can_hint(self) -> bool:
        """A hint is offered on a person's turn, with the coach off (the coach
        shows every square's worth), once any opening rule's steps are over."""
        return self.game.humans_turn and not self.coach and self.hint_withheld is None

    @property
    def hint_withheld(self) -> str | None:
        """Why a person's turn in an opening's steps has no hint, in a sentence
        the page shows by the Hint button (greyed): a button that vanished
        said nothing. None where it is no person's turn, and where the only
        reason is the coach, whose switch is beside it (a 3×3 move's answer
        has no room for the words: tests/app/test_views.py, under 3 KB)."""
        if not self.game.humans_turn or self.game.opening_step is None:
            return None
        return f"No hint in {self.game.opening.named}'s opening: its stones and choices are yours to make."

    def with_hint(self, seen_ply: int, computer: Computer = COMPUTER) -> Match:
        """The match with a hint for this turn (Game.hint), shown until a move
        is made; the one shown already, if there is one (it is not worked out again)."""
        if self.hint is not None:
            self.game.check_seen(seen_ply)
            return self
        return replace(self, hint=self.game.hint(seen_ply, computer))

    def without_hint(self, seen_ply: int) -> Match:
        """The match with this turn's hint hidden (asked for again, it comes back)."""
        self.game.check_seen(seen_ply)
        return replace(self, hint=None)

    def view(self, coach_values: Mapping[int, SquareValue] | None = None, fifths: tuple[int, ...] = ()) -> BoardView:
        """The game's board, with the coach's values where the coach is on, and
        the fifth moves chosen so far for an offer (see Game.view)."""
        return self.game.view(coach_values if self.coach else None, self.hint, self.numbers and self.game.rules.k == 5,
                              fifths)

    def with_numbers(self, on: bool) -> Match:
        return replace(self, numbers=on)

    def resign(self, seen_ply: int, today: date | None = None) -> Match:
        return self._after(self.game.resign(seen_ply), today)

    def undo(self, seen_ply: int) -> Match:
        """The last move of a person's taken back (Game.undo). After the end,
        a new game from that position: the finished game stays in the score
        and in My games, as it ended (ratings rest on the same fact)."""
        return replace(self, game=self.game.undo(seen_ply), taught=False, hint=None)

    def new_game(self, x: str, o: str, computer: Computer = COMPUTER, moves: tuple[int, ...] = (),
                 rules: Rules | None = None, opening: Opening = Opening(), set_up: int = 0) -> Match:
        """A new game; on the board last played unless rules say otherwise (the
        first set_up of moves are stones set up by hand: see Game.set_up)."""
        game = Game.start(x, o, computer._replace(my_menace=self.my_menace), moves, rules or self.game.rules, opening,
                          self.game.roster, set_up)
        return replace(self, game=game, taught=False, hint=None)

    def play_again(self, computer: Computer = COMPUTER) -> Match:
        """The same board, players and opening afresh (after a game, or in the
        middle of one), from the same set-up position if it had one; under
        an opening rule the same player opens again."""
        game = self.game
        x, o = (game.opener, game.second) if game.opening else (game.x, game.o)
        return self.new_game(x, o, computer, game.moves[:game.set_up], game.rules, Opening(game.opening.rule),
                             game.set_up)

    def choose(self, choice: str, seen_ply: int, computer: Computer = COMPUTER, today: date | None = None) -> Match:
        """A person's choice in the opening, or offer of fifth moves (Game.choose)."""
        return self._after(self.game.choose(choice, seen_ply, computer._replace(my_menace=self.my_menace)), today)

    @cached_property
    def learner_panel(self) -> LearnerPanel | None:
        """What a learner saw for its last move in this game, if a learner played."""
        game = self.game
        return learner_panel(game.rules, game.moves, (game.x, game.o), self.my_menace, self.taught)

    def reset_my_menace(self) -> Match:
        """This browser's MENACE back to empty boxes, knowing nothing."""
        return replace(self, my_menace=kept_menace.emptied(self.my_menace))

    @property
    def score_lines(self) -> list[ScoreLine]:
        """The score's lines worth showing, each computer player named as the game's roster names it."""
        return self.score.lines(self.game.roster)

    def reset_score(self) -> Match:
        return replace(self, score=Score())

    def with_coach(self, on: bool) -> Match:
        return replace(self, coach=on)

    def _after(self, game: Game, today: date | None) -> Match:
        """The match after an action on a game that was not over (each action
        refuses one that is): if it has just ended, it is listed in My games
        on today and counted, once."""
        match = replace(self, game=game, hint=None)
        if game.is_over:  # it has just ended (from stones set up too: its link carries them)
            finished = FinishedGame(replace(game, found=None, stood_in=""), today)
            match = replace(match, history=(finished, *self.history)[:HISTORY_LENGTH])
        # A learner learns from games played out (a resignation shows it no result on the board).
        if game.played_out and not game.set_up and not self.taught and MY_MENACE in (game.x, game.o):
            learned = self.my_menace
            for mark in MARKS:
                if game.player(mark) == MY_MENACE:
                    learned = learned.learn(game.moves, mark)
            match = replace(match, my_menace=learned, taught=True)
        key = game.result_key
        return match if key is None else replace(match, score=self.score.plus(key))

    def to_session(self) -> dict[str, Any]:
        """Play's part of the session store (SESSION_PART), a small dict: all
        but this browser's MENACE, which is a part of its own (keep_in)."""
        return {"game": self.game.to_session(), "score": dict(self.score.counts),
                "coach": self.coach, "taught": self.taught, "history": [game.to_session() for game in self.history],
                "hint": list(self.hint) if self.hint else None, "numbers": self.numbers}

    @classmethod
    def from_session(cls, data: Mapping[str, Any], roster: Roster = OUR_PLAYERS,
                     my_menace: Menace = Menace()) -> Match:
        """The stored match (play's part, to_session's), its games played by
        roster's players, this browser's MENACE playing in it; any part that is
        missing or unreadable starts afresh."""
        game = Game.from_session(data.get("game"), roster) or Game(roster=roster)
        return cls(game, Score.from_session(data.get("score")), data.get("coach") is True,
                   my_menace, data.get("taught") is True and game.is_over,
                   _history(data.get("history"), roster), _hint(data.get("hint"), game), data.get("numbers") is True)

    def with_kept(self, kept: Mapping[str, Any], roster: Roster = OUR_PLAYERS) -> Match:
        """The match with the score and My games an account keeps (webapp.play.kept: its part, as to_session's)."""
        return replace(self, score=Score.from_session(kept.get("score")), history=_history(kept.get("history"), roster))

    @classmethod
    def kept_in(cls, session: Mapping[str, Any], roster: Roster = OUR_PLAYERS,
                parts: AccountParts | None = None) -> Match:
        """This browser's match, read from its session: play's part and its
        MENACE's (the signed-in account's, where its parts are given: webapp.shared.my_menace)."""
        return cls.from_session(part(session, SESSION_PART), roster, kept_menace.read(session, parts))

    def keep_in(self, session: MutableMapping[str, Any], parts: AccountParts | None = None) -> None:
        """Keep the match in this browser's session: play's part and its MENACE's.
        Signed in (parts given), the score and My games are the account's
        (webapp.play.kept keeps them): the session's stay the browser's own, as they were."""
        values = self.to_session()
        if parts is not None and signed_in(session) is not None:
            own = part(session, SESSION_PART)
            values = {**values, "score": own.get("score", {}), "history": own.get("history", [])}
        keep_part(session, SESSION_PART, values)
        keep_rules_played(session, self.game.rules)
        kept_menace.keep(session, self.my_menace, parts)
