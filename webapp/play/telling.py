"""What a game at this browser tells a person: the status line, the line
under it (who the person faces, and why the computer made its last move),
the coach's line on the big boards, who played and how it ended, the board
as its page shows it, and what its links and records carry. A Telling is
a value of its own, given the game it tells of (GameToTell: the Game of game.py):
the telling lives here, the rules of play there, and Game forwards the
names its templates read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Protocol

from webapp.engine import is_solved, opponent
from webapp.engine.game.notation import mark_of
from webapp.engine.game.opening_rules import EVEN_OPENING, PICK, Now, Place
from webapp.engine.game.renju_openings import named_opening
from webapp.play.found import Found, explain_found
from webapp.play.hint import Hint
from webapp.shared.board import BoardView, SquareValue, board_view, plain_status
from webapp.shared.coach import explain_move
from webapp.shared.game_state import GameState
from webapp.shared.opening_words import choice_words, opening_events, placed_words, step_words
from webapp.shared.players import HUMAN, Roster
from webapp.shared.words import capitalised, describe_cell, side_name

SET_UP_WORDS = "The game began from a position set up by hand."
"""What a game begun from a set-up position says of its start: true of it, and nothing of an order of moves."""
SET_UP_SCORE_WORDS = "It does not count in the score: the position was chosen, not reached in play."
"""Why such a game's result is left out of the score (Game.result_key), said on its page and in My games."""


class GameToTell(Protocol):
    """What a Telling asks of the game it tells of (play's Game answers it):
    the GameState it holds, and what it adds, who plays and what the computer found."""

    @property
    def state(self) -> GameState: ...
    @property
    def x(self) -> str: ...
    @property
    def o(self) -> str: ...
    @property
    def roster(self) -> Roster: ...
    @property
    def found(self) -> Found | None: ...
    @property
    def stood_in(self) -> str: ...
    @property
    def humans(self) -> list[str]: ...
    @property
    def humans_turn(self) -> bool: ...
    @property
    def actor(self) -> str: ...
    @property
    def opener(self) -> str: ...
    @property
    def second(self) -> str: ...
    def player(self, mark: str) -> str: ...
    def placed_by(self, index: int) -> str: ...
    def last_human_move(self) -> int | None: ...


@dataclass(frozen=True)
class Telling:
    """What a game at this browser says and shows (see the module's docstring):
    words worked out from its GameState and from who plays it (GameToTell)."""

    game: GameToTell

    @property
    def status(self) -> str:
        """One sentence for the status line: whose turn, or how the game ended."""
        game = self.game
        state = game.state
        if state.opening_step is not None:
            return self._opening_status
        winner = state.winner
        if len(game.humans) == 1:
            you = game.humans[0]
            if winner == you:
                return "You win!"
            if state.resigned:
                return "You resigned."
            if winner:
                return "The computer wins."
            if state.is_over:
                return "A draw."
            return f"Your turn: you play {self._named(you)}."
        if not game.humans:
            match = self.players_words  # "Hard (X) against easy (O)", "Hard (black) against easy (white)"
            if winner:
                name = capitalised(game.roster.opponent_names[game.player(winner)])
                return f"{match}: {name} ({self._named(winner)}) wins."
            return f"{match}: a draw." if state.is_over else f"{match}: {self._named(state.to_move, True)} to move."
        if state.resigned:
            return f"{self._named(state.resigned, True)} resigned: {self._named(opponent(state.resigned))} wins."
        return plain_status(state.rules, state.moves)

    def _named(self, mark: str, start: bool = False) -> str:
        """A side as this game's board names it (words.side_name): "X", or "black" ("Black" at a sentence's start)."""
        return side_name(self.game.state.rules, mark, start)

    @property
    def _opening_status(self) -> str:
        """The status during an opening: who does what now."""
        game = self.game
        state = game.state
        if len(game.humans) == 1 and game.actor == HUMAN:
            who = "You"
        else:
            who = "The first player" if state.opening.opener_acts(state.ply) else "The second player"
        return step_words(state.opening, state.ply, who)

    def coach_line(self, values: Mapping[int, SquareValue]) -> str | None:
        """The coach in one line on the boards too big to solve, where it marks
        only what is certain (values, the coach's: see coach.square_values):
        the squares it marks, each in words, or that it has nothing to mark.
        None on the solved boards (every square is marked)."""
        state = self.game.state
        if is_solved(state.rules) or state.is_over:
            return None
        if not values:
            return "Nothing is forced here: no square wins or must be blocked."
        said = ", ".join(f"{describe_cell(state.rules, cell)} ({value.text})" for cell, value in sorted(values.items()))
        return f"The coach marks {said}."

    @cached_property
    def computer_says(self) -> str | None:
        """The line under the status where a computer plays: before a person's
        first move, who they face, and where its stone is if it has the one
        stone down (the person may not have seen it arrive: sides swapped, it
        went first; a game from a record's first move holds it); after a
        computer's move, why it made it."""
        game = self.game
        state = game.state
        if self._opening_said is not None:
            return self._opening_said
        if len(game.humans) == 1 and game.last_human_move() is None:
            if state.opening and state.ply == state.opening_stones + 1 and self._computer_in_opening:
                return f"{self._computer_in_opening} {self.last_computer_reason}"  # and its first move after
            introduced = f"Your opponent: {game.roster.introductions[game.player(opponent(game.humans[0]))]}."
            if state.set_up:  # and the computer's first move, if it was to move in the position set up
                return " ".join(filter(None, (introduced, SET_UP_WORDS, self.last_computer_reason)))
            if state.ply == 1 and not state.opening:  # the move as every sentence names it: "played row 3, column 3"
                return (f"{introduced} It plays {self._named('X')} and has played "
                        f"{describe_cell(state.rules, state.moves[0])}.")
            return introduced
        if state.resigned:
            return self._after_resigning
        return self.last_computer_reason

    @property
    def _after_resigning(self) -> str:
        """The line under "You resigned.": what is true now (who won, and
        where the last stone went), not the computer's reason for a move
        as if the game went on."""
        state = self.game.state
        return f"The computer wins; its last move was {describe_cell(state.rules, state.moves[-1])}."

    @property
    def reason_searches(self) -> bool:
        """Whether the computer's words need the threat solver: a computer's
        last move on a board too big to solve, with no search of master's
        (Found) to put into words. Then the engine workers work them out
        (computer_words), never the web thread."""
        game = self.game
        state = game.state
        return (not is_solved(state.rules) and game.found is None and state.ply > state.set_up and not state.resigned
                and game.placed_by(state.ply - 1) != HUMAN and self._opening_said is None)

    @cached_property
    def last_computer_reason(self) -> str | None:
        """Why the computer made the last move, if the last move was a computer's."""
        game = self.game
        state = game.state
        if self._opening_said is not None:
            return self._opening_said
        if state.ply <= state.set_up or game.placed_by(state.ply - 1) == HUMAN:
            return None
        level = "master" if game.stood_in else game.player(mark_of(state.ply - 1))
        person = game.player(mark_of(state.ply)) == HUMAN
        why = (explain_found(state.rules, state.moves, state.ply, person, game.found) if game.found
               else explain_move(state.rules, state.moves, state.ply, person, level))
        if game.stood_in:
            engine = capitalised(game.roster.opponent_names[game.player(mark_of(state.ply - 1))])
            return f"{engine} failed ({game.stood_in}), so master played this move in its place. {why}"
        return why

    @property
    def players_words(self) -> str:
        """Who played, as "My games" lists it: "You (X) against master", "Two people",
        "Hard (black) against easy (white)"."""
        game = self.game
        if len(game.humans) == 2:
            return "Two people"
        if len(game.humans) == 1:
            you = game.humans[0]
            return f"You ({self._named(you)}) against {game.roster.opponent_names[game.player(opponent(you))]}"
        names = game.roster.opponent_names
        return f"{capitalised(names[game.x])} ({self._named('X')}) against {names[game.o]} ({self._named('O')})"

    @property
    def result_words(self) -> str:
        """How a finished game ended, in a few words: "You won", "O resigned", "Black won", "A draw"."""
        game = self.game
        state = game.state
        winner = state.winner
        if winner is None:
            return "A draw"
        if len(game.humans) == 1:
            you = game.humans[0]
            return "You won" if winner == you else "You resigned" if state.resigned else "You lost"
        return f"{self._named(state.resigned, True)} resigned" if state.resigned else f"{self._named(winner, True)} won"

    @property
    def _opening_said(self) -> str | None:
        """What the computer did in the opening, while that is the last
        thing done: the line under the status where a person plays it."""
        game = self.game
        state = game.state
        if not state.opening or len(game.humans) == 2 or state.ply > state.opening_stones:
            return None
        return self._computer_in_opening

    @cached_property
    def _computer_in_opening(self) -> str | None:
        """What the computer did in the opening since the person's last step
        there ("The computer put down h8, h9 and g6: Kagetsu (4D), as even an
        opening as it could find.", "The computer stayed white, then put down
        white's second stone, j9."); between two computers, what the one that
        acted last did ("The second player swapped colours, to play black.").
        None where the person took the last step."""
        game = self.game
        state = game.state
        events = opening_events(state.opening, state.moves)
        if not events:
            return None
        if game.humans:
            computer = game.player(opponent(game.humans[0]))
            subject, keep = "The computer", lambda by_opener: (game.opener if by_opener else game.second) == computer
        else:
            last = events[-1][0]
            subject, keep = f"The {'first' if last else 'second'} player", lambda by_opener: by_opener == last
        done: list[tuple[str | tuple[int, ...], Now]] = []
        for by_opener, what, now in reversed(events):
            if not keep(by_opener):
                break
            done.insert(0, (what, now))
        return f"{subject} {', then '.join(self._opening_phrases(done))}." if done else None

    def _opening_phrases(self, done: list[tuple[str | tuple[int, ...], Now]]) -> list[str]:
        """Each choice in words, each placement, and a run of single stones
        put down one after another as one ("put down h8, g7 and h9")."""
        phrases: list[str] = []
        run: list[tuple[tuple[int, ...], Now]] = []
        for what, now in done:
            step = now.step
            if isinstance(what, tuple) and len(what) == 1 and isinstance(step, Place) and step.plan != PICK:
                run.append((what, now))
                continue
            phrases += self._run_phrases(run)
            run = []
            if isinstance(what, tuple):
                phrases.append(placed_words(self.game.state.rules, now, what))
            else:
                assert not isinstance(step, Place), "opening_events gives stones, not a choice, at a placement"
                phrases.append(choice_words(step, what))
        return phrases + self._run_phrases(run)

    def _run_phrases(self, run: list[tuple[tuple[int, ...], Now]]) -> list[str]:
        """A run of single stones in words: one phrase, none for no run."""
        if len(run) == 1:
            return [placed_words(self.game.state.rules, run[0][1], run[0][0])]
        return [self._run_words([cells[0] for cells, _ in run], run[0][1])] if run else []

    def _run_words(self, cells: list[int], first: Now) -> str:
        """Single stones the computer put down one after another: "put down
        h8, h9 and j10", and where they are renju's opening stones, which
        opening and that it looked for an even one."""
        state = self.game.state
        names = [state.rules.cell_name(cell) for cell in cells]
        words = f"put down {', '.join(names[:-1])} and {names[-1]}"
        if cells == list(state.moves[:3]) and (named := named_opening(state.rules, cells)):
            words += f": {named.name} ({named.number})"
        evened = isinstance(first.step, Place) and first.step.plan == EVEN_OPENING
        return words + (", as even an opening as it could find" if evened else "")

    def view(self, coach_values: Mapping[int, SquareValue] | None = None, hint: Hint | None = None,
             numbered: bool = False, fifths: tuple[int, ...] = ()) -> BoardView:
        """The board as this match's page shows it: a person's squares are
        playable on their turn; the coach's values when it is on (worked out
        by the caller: on the big boards the engine workers search for them),
        else the hint's square if one was asked for; the last move and its
        reply marked as new; at an offer of fifth moves, the points the
        person has chosen so far (fifths), and at white's pick the points offered."""
        game = self.game
        state = game.state
        last_human = game.last_human_move()
        hinted = {hint.cell: SquareValue("hint", f"hint: {hint.why}", "hint")} if hint else None
        return board_view(state.rules, state.moves, self.status, numbered=numbered, set_up=state.set_up,
                          playable=game.humans_turn and (not state.choosing or state.offering is not None),
                          zone=game.state.zone, offered=fifths or game.state.offered_points,
                          values=coach_values if coach_values is not None else hinted,
                          new=state.moves[last_human:] if last_human is not None
                          else state.moves[max(state.set_up, state.ply - 1):])

    @property
    def replay_query(self) -> dict[str, str]:
        """What the game's link carries besides its moves played: the stones it
        was set up with (x=, o=), how it opened and how it ended (link_query)."""
        return {**self.game.state.set_up_query, **self.game.state.link_query}

    @property
    def record_names(self) -> dict[str, str]:
        """Who played, the stones set up, how it opened and how it ended, for
        a record's download and the review's link (its query): black is X, white is O."""
        game = self.game
        return {"black": game.roster.player_names[game.x], "white": game.roster.player_names[game.o],
                **self.replay_query}
