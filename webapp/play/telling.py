"""What a game at this browser tells a person: the status line, the line
under it (who the person faces, and why the computer made its last move),
the coach's line on the big boards, who played and how it ended, the board
as its page shows it, and what its links and records carry. Each is a
function of the Game (game.py), which reads them as its properties and
methods: the telling lives here, the rules of play there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from webapp.engine import is_solved, opponent, swap2
from webapp.engine.swap2 import CHOOSE, CHOOSE_AGAIN, PLACE_THREE, PLACE_TWO
from webapp.play.coach import explain_move
from webapp.play.hint import Hint
from webapp.play.players import HUMAN, OPPONENT_INTRODUCTIONS, OPPONENT_NAMES, PLAYER_NAMES
from webapp.shared.board import BoardView, SquareValue, board_view, plain_status
from webapp.shared.record import mark_of
from webapp.shared.words import capitalised, describe_cell, swap2_words

if TYPE_CHECKING:
    from webapp.play.game import Game


def status(game: Game) -> str:
    """One sentence for the status line: whose turn, or how the game ended."""
    if game.swap2_step is not None:
        return _swap2_status(game)
    winner = game.winner
    if len(game.humans) == 1:
        you = game.humans[0]
        if winner == you:
            return "You win!"
        if game.resigned:
            return "You resigned."
        if winner:
            return "The computer wins."
        if game.is_over:
            return "A draw."
        return f"Your turn: you play {you}."
    if not game.humans:
        match = game.players_words  # "Hard (X) against easy (O)"
        if winner:
            return f"{match}: {capitalised(OPPONENT_NAMES[game.player(winner)])} ({winner}) wins."
        return f"{match}: a draw." if game.is_over else f"{match}: {game.to_move} to move."
    if game.resigned:
        return f"{game.resigned} resigned: {game.winner} wins."
    return plain_status(game.rules, game.moves)


def _swap2_status(game: Game) -> str:
    """The status during a swap2 opening: who does what now."""
    step = game.swap2_step
    if len(game.humans) == 1 and game.actor == HUMAN:
        who = "You"
    else:
        who = "The first player" if game.opening.opener_acts(game.ply) else "The second player"
    return swap2_words(step, game.ply, who)


def coach_line(game: Game, values: Mapping[int, SquareValue]) -> str | None:
    """The coach in one line on the boards too big to solve, where it marks
    only what is certain (values, the coach's: see coach.square_values):
    the squares it marks, each in words, or that it has nothing to mark.
    None on the solved boards (every square is marked)."""
    if is_solved(game.rules) or game.is_over:
        return None
    if not values:
        return "Nothing is forced here: no square wins or must be blocked."
    said = ", ".join(f"{describe_cell(game.rules, cell)} ({value.text})" for cell, value in sorted(values.items()))
    return f"The coach marks {said}."


def computer_says(game: Game) -> str | None:
    """The line under the status where a computer plays: before a person's
    first move, who they face; after a computer's move, why it made it."""
    if _opening_said(game) is not None:
        return _opening_said(game)
    if len(game.humans) == 1 and game.last_human_move() is None:
        return f"Your opponent: {OPPONENT_INTRODUCTIONS[game.player(opponent(game.humans[0]))]}."
    return game.last_computer_reason


def reason_searches(game: Game) -> bool:
    """Whether the computer's words need the threat solver: a computer's
    last move on a board too big to solve, with no search of master's
    (Found) to put into words. Then the engine workers work them out
    (computer_words), never the web thread."""
    return (not is_solved(game.rules) and game.found is None and bool(game.moves)
            and game.placed_by(game.ply - 1) != HUMAN and _opening_said(game) is None)


def last_computer_reason(game: Game) -> str | None:
    """Why the computer made the last move, if the last move was a computer's."""
    if _opening_said(game) is not None:
        return _opening_said(game)
    if not game.moves or game.placed_by(game.ply - 1) == HUMAN:
        return None
    level = "master" if game.stood_in else game.player(mark_of(game.ply - 1))
    why = explain_move(game.rules, game.moves, game.ply, person=game.player(mark_of(game.ply)) == HUMAN,
                       level=level, found=game.found)
    if game.stood_in:
        engine = capitalised(OPPONENT_NAMES[game.player(mark_of(game.ply - 1))])
        return f"{engine} failed ({game.stood_in}), so master played this move in its place. {why}"
    return why


def players_words(game: Game) -> str:
    """Who played, as "My games" lists it: "You (X) against master", "Two people", "hard (X) against easy (O)"."""
    if len(game.humans) == 2:
        return "Two people"
    if len(game.humans) == 1:
        you = game.humans[0]
        return f"You ({you}) against {OPPONENT_NAMES[game.player(opponent(you))]}"
    return f"{capitalised(OPPONENT_NAMES[game.x])} (X) against {OPPONENT_NAMES[game.o]} (O)"


def result_words(game: Game) -> str:
    """How a finished game ended, in a few words: "You won", "O resigned", "A draw"."""
    winner = game.winner
    if winner is None:
        return "A draw"
    if len(game.humans) == 1:
        you = game.humans[0]
        return "You won" if winner == you else "You resigned" if game.resigned else "You lost"
    return f"{game.resigned} resigned" if game.resigned else f"{winner} won"


def _opening_said(game: Game) -> str | None:
    """What the computer did in the swap2 opening, while that is the last
    thing it did: the line under the status where a person plays it."""
    if not game.opening or len(game.humans) != 1:
        return None
    computer = game.player(opponent(game.humans[0]))
    names = ", ".join(game.rules.cell_name(cell) for cell in game.moves[:swap2.OPENING_STONES])
    if game.ply > game.opening_stones or game.swap2_step in (PLACE_THREE, PLACE_TWO):
        return None
    if game.swap2_step == CHOOSE and game.opener == computer:
        return f"The computer put down the opening: {names}, as even as it could find. Your choice."
    if game.swap2_step == CHOOSE_AGAIN and game.second == computer:
        more = ", ".join(game.rules.cell_name(cell) for cell in game.moves[swap2.OPENING_STONES:])
        return f"The computer chose two more stones, {more}: the colour is yours to choose."
    if game.swap2_step is None and game.opening.choices:
        chooser = game.second if len(game.opening.choices) == 1 else game.opener
        if chooser == computer:
            colour = "black" if game.x == computer else "white"
            return f"The computer chose to play {colour} ({'X' if colour == 'black' else 'O'})."
    return None


def computer_words(game: Game) -> str | None:
    """The line under the status (Game.computer_says): a job for the engine
    workers where it searches (Game.reason_searches)."""
    return game.computer_says


def board(game: Game, coach_values: Mapping[int, SquareValue] | None = None, hint: Hint | None = None,
         numbered: bool = False) -> BoardView:
    """The board as this match's page shows it: a person's squares are
    playable on their turn; the coach's values when it is on (worked out
    by the caller: on the big boards the engine workers search for them),
    else the hint's square if one was asked for; the last move and its
    reply marked as new."""
    last_human = game.last_human_move()
    hinted = {hint.cell: SquareValue("hint", f"hint: {hint.why}", "hint")} if hint else None
    return board_view(game.rules, game.moves, game.status, playable=game.humans_turn and not game.choosing,
                      numbered=numbered,
                      values=coach_values if coach_values is not None else hinted,
                      new=game.moves[last_human if last_human is not None else -1:])


def record_names(game: Game) -> dict[str, str]:
    """Who played, how it opened and how it ended, for a record's download
    and the review's link (its query): black is X, white is O."""
    return {"black": PLAYER_NAMES[game.x], "white": PLAYER_NAMES[game.o], **game.link_query}


def link_query(game: Game) -> dict[str, str]:
    """How it opened and how it ended, for the link to this game: who
    played is left to the records, since "You" is nobody to whoever the
    link is sent to."""
    query = {"opening": game.written_opening, "resigned": game.resigned}
    return {key: value for key, value in query.items() if value}
