"""What a game at this browser tells a person: the status line, the line
under it (who the person faces, and why the computer made its last move),
the coach's line on the big boards, who played and how it ended, the board
as its page shows it, and what its links and records carry. Telling is a
mixin of the Game (game.py): the telling lives here, the rules of play
there, and this module reads the game only through self.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property

from webapp.engine import is_solved, opponent
from webapp.engine.game.notation import mark_of
from webapp.engine.game.opening_rules import EVEN_OPENING, PICK, Now
from webapp.engine.game.renju_openings import named_opening
from webapp.play.found import explain_found
from webapp.play.hint import Hint
from webapp.shared.board import BoardView, SquareValue, board_view, plain_status
from webapp.shared.coach import explain_move
from webapp.shared.opening_words import choice_words, opening_events, placed_words, step_words
from webapp.shared.players import HUMAN
from webapp.shared.words import capitalised, describe_cell, side_name

SET_UP_WORDS = "The game began from a position set up by hand."
"""What a game begun from a set-up position says of its start: true of it, and nothing of an order of moves."""
SET_UP_SCORE_WORDS = "It does not count in the score: the position was chosen, not reached in play."
"""Why such a game's result is left out of the score (Game.result_key), said on its page and in My games."""


class Telling:
    """What a Game says and shows (see the module's docstring). It reads the
    game's players (x, o, humans, player, opener, second, actor, placed_by,
    and the roster that names them),
    its moves and position (rules, moves, ply, to_move, winner, is_over,
    resigned, found, stood_in, set_up, set_up_query, played), its opening (opening, opening_step, opening_now,
    opening_stones, written_opening, choosing, humans_turn) and
    last_human_move."""

    @property
    def status(self) -> str:
        """One sentence for the status line: whose turn, or how the game ended."""
        if self.opening_step is not None:
            return self._opening_status
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
            return f"Your turn: you play {self._named(you)}."
        if not self.humans:
            match = self.players_words  # "Hard (X) against easy (O)", "Hard (black) against easy (white)"
            if winner:
                name = capitalised(self.roster.opponent_names[self.player(winner)])
                return f"{match}: {name} ({self._named(winner)}) wins."
            return f"{match}: a draw." if self.is_over else f"{match}: {self._named(self.to_move, True)} to move."
        if self.resigned:
            return f"{self._named(self.resigned, True)} resigned: {self._named(self.winner)} wins."
        return plain_status(self.rules, self.moves)

    def _named(self, mark: str, start: bool = False) -> str:
        """A side as this game's board names it (words.side_name): "X", or "black" ("Black" at a sentence's start)."""
        return side_name(self.rules, mark, start)

    @property
    def _opening_status(self) -> str:
        """The status during an opening: who does what now."""
        if len(self.humans) == 1 and self.actor == HUMAN:
            who = "You"
        else:
            who = "The first player" if self.opening.opener_acts(self.ply) else "The second player"
        return step_words(self.opening, self.ply, who)

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
        first move, who they face, and where its stone is if it has the one
        stone down (the person may not have seen it arrive: sides swapped, it
        went first; a game from a record's first move holds it); after a
        computer's move, why it made it."""
        if self._opening_said is not None:
            return self._opening_said
        if len(self.humans) == 1 and self.last_human_move() is None:
            if self.opening and self.ply == self.opening_stones + 1 and self._computer_in_opening:
                return f"{self._computer_in_opening} {self.last_computer_reason}"  # and its first move after
            introduced = f"Your opponent: {self.roster.introductions[self.player(opponent(self.humans[0]))]}."
            if self.set_up:  # and the computer's first move, if it was to move in the position set up
                return " ".join(filter(None, (introduced, SET_UP_WORDS, self.last_computer_reason)))
            if self.ply == 1 and not self.opening:  # the move as every sentence names it: "played row 3, column 3"
                return (f"{introduced} It plays {self._named('X')} and has played "
                        f"{describe_cell(self.rules, self.moves[0])}.")
            return introduced
        if self.resigned:
            return self._after_resigning
        return self.last_computer_reason

    @property
    def _after_resigning(self) -> str:
        """The line under "You resigned.": what is true now (who won, and
        where the last stone went), not the computer's reason for a move
        as if the game went on."""
        return f"The computer wins; its last move was {describe_cell(self.rules, self.moves[-1])}."

    @property
    def reason_searches(self) -> bool:
        """Whether the computer's words need the threat solver: a computer's
        last move on a board too big to solve, with no search of master's
        (Found) to put into words. Then the engine workers work them out
        (computer_words), never the web thread."""
        return (not is_solved(self.rules) and self.found is None and self.ply > self.set_up and not self.resigned
                and self.placed_by(self.ply - 1) != HUMAN and self._opening_said is None)

    @cached_property
    def last_computer_reason(self) -> str | None:
        """Why the computer made the last move, if the last move was a computer's."""
        if self._opening_said is not None:
            return self._opening_said
        if self.ply <= self.set_up or self.placed_by(self.ply - 1) == HUMAN:
            return None
        level = "master" if self.stood_in else self.player(mark_of(self.ply - 1))
        person = self.player(mark_of(self.ply)) == HUMAN
        why = (explain_found(self.rules, self.moves, self.ply, person, self.found) if self.found
               else explain_move(self.rules, self.moves, self.ply, person, level))
        if self.stood_in:
            engine = capitalised(self.roster.opponent_names[self.player(mark_of(self.ply - 1))])
            return f"{engine} failed ({self.stood_in}), so master played this move in its place. {why}"
        return why

    @property
    def players_words(self) -> str:
        """Who played, as "My games" lists it: "You (X) against master", "Two people",
        "Hard (black) against easy (white)"."""
        if len(self.humans) == 2:
            return "Two people"
        if len(self.humans) == 1:
            you = self.humans[0]
            return f"You ({self._named(you)}) against {self.roster.opponent_names[self.player(opponent(you))]}"
        names = self.roster.opponent_names
        return f"{capitalised(names[self.x])} ({self._named('X')}) against {names[self.o]} ({self._named('O')})"

    @property
    def result_words(self) -> str:
        """How a finished game ended, in a few words: "You won", "O resigned", "Black won", "A draw"."""
        winner = self.winner
        if winner is None:
            return "A draw"
        if len(self.humans) == 1:
            you = self.humans[0]
            return "You won" if winner == you else "You resigned" if self.resigned else "You lost"
        return f"{self._named(self.resigned, True)} resigned" if self.resigned else f"{self._named(winner, True)} won"

    @property
    def _opening_said(self) -> str | None:
        """What the computer did in the opening, while that is the last
        thing done: the line under the status where a person plays it."""
        if not self.opening or len(self.humans) == 2 or self.ply > self.opening_stones:
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
        events = opening_events(self.opening, self.moves)
        if not events:
            return None
        if self.humans:
            computer = self.player(opponent(self.humans[0]))
            subject, keep = "The computer", lambda by_opener: (self.opener if by_opener else self.second) == computer
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
        for what, now in [*done, ("", None)]:
            if isinstance(what, tuple) and len(what) == 1 and now.step.plan != PICK:
                run.append((what, now))
                continue
            if len(run) == 1:
                phrases.append(placed_words(self.rules, run[0][1], run[0][0]))
            elif run:
                phrases.append(self._run_words([cells[0] for cells, _ in run], run[0][1]))
            run = []
            if isinstance(what, tuple):
                phrases.append(placed_words(self.rules, now, what))
            elif now is not None:
                phrases.append(choice_words(now.step, what))
        return phrases

    def _run_words(self, cells: list[int], first: Now) -> str:
        """Single stones the computer put down one after another: "put down
        h8, h9 and j10", and where they are renju's opening stones, which
        opening and that it looked for an even one."""
        names = [self.rules.cell_name(cell) for cell in cells]
        words = f"put down {', '.join(names[:-1])} and {names[-1]}"
        if cells == list(self.moves[:3]) and (named := named_opening(self.rules, cells)):
            words += f": {named.name} ({named.number})"
        return words + (", as even an opening as it could find" if first.step.plan == EVEN_OPENING else "")

    def view(self, coach_values: Mapping[int, SquareValue] | None = None, hint: Hint | None = None,
             numbered: bool = False, fifths: tuple[int, ...] = ()) -> BoardView:
        """The board as this match's page shows it: a person's squares are
        playable on their turn; the coach's values when it is on (worked out
        by the caller: on the big boards the engine workers search for them),
        else the hint's square if one was asked for; the last move and its
        reply marked as new; at an offer of fifth moves, the points the
        person has chosen so far (fifths), and at white's pick the points offered."""
        last_human = self.last_human_move()
        hinted = {hint.cell: SquareValue("hint", f"hint: {hint.why}", "hint")} if hint else None
        return board_view(self.rules, self.moves, self.status, numbered=numbered, set_up=self.set_up,
                          playable=self.humans_turn and (not self.choosing or self.offering is not None),
                          zone=self.zone, offered=fifths or self.offered_points,
                          values=coach_values if coach_values is not None else hinted,
                          new=self.moves[last_human:] if last_human is not None
                          else self.moves[max(self.set_up, self.ply - 1):])

    @property
    def replay_query(self) -> dict[str, str]:
        """What the game's link carries besides its moves played: the stones it
        was set up with (x=, o=), how it opened and how it ended (link_query)."""
        return {**self.set_up_query, **self.link_query}

    @property
    def record_names(self) -> dict[str, str]:
        """Who played, the stones set up, how it opened and how it ended, for
        a record's download and the review's link (its query): black is X, white is O."""
        return {"black": self.roster.player_names[self.x], "white": self.roster.player_names[self.o],
                **self.replay_query}
