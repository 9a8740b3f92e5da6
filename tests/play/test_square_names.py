"""One way to name a square (issue 67, item 7 and its Outcome): every
sentence the play page says of a 3×3 game names a square as the board's
labels, the move list and every other page do, "row 3, column 3", and
calls X's and O's marks, never stones; no other form ("c1", "square 8",
"its stone is on") creeps in."""

from __future__ import annotations

import re
from collections.abc import Iterator

from webapp.engine import BOARDS, Position
from webapp.play.game import Game
from webapp.play.hint import hint_for
from webapp.shared.coach import reason, square_values
from webapp.shared.words import describe_cell

THREE = BOARDS["3x3"]
SQUARE = re.compile(r"\b[Rr]ow ([1-3]), column ([1-3])\b")
"""A 3×3 square as the site names it (words.describe_cell)."""
OTHER_FORMS = re.compile(r"\b[a-c][1-3]\b|\bsquare \d|\bcell \d|\bstones?\b|\b[Rr]ow \d(?!, column)|\bcolumn \d")
"""Anything else that would name a square, or call a mark a stone: after the one form is taken out, none is left."""


def games(person: str) -> Iterator[Game]:
    """Every 3×3 game against perfect, person playing X or O, once per position reached (each order of
    moves reaching it says the same of its last move, but for which move was last: both are kept)."""
    seen: set[tuple[Position, int | None]] = set()
    frontier: list[tuple[int, ...]] = [()]
    while frontier:
        moves = frontier.pop()
        position = Position.after(THREE, moves)
        if (position, moves[-1:] or None) in seen:
            continue
        seen.add((position, moves[-1:] or None))
        yield Game.of("human", "perfect", moves, THREE) if person == "X" else Game.of("perfect", "human", moves, THREE)
        if not position.is_over:
            frontier.extend((*moves, cell) for cell in position.legal_moves())


def sentences(game: Game) -> Iterator[str]:
    """What the play page says of this game: its status, the computer's line, and the hint on the person's turn."""
    yield game.status
    if game.computer_says:
        yield game.computer_says
    if game.humans_turn:
        yield hint_for(game.position, lambda position: (_ for _ in ()).throw(AssertionError("no engine on 3×3"))).words


def test_every_sentence_of_the_play_page_names_every_3x3_square_one_way():
    named: set[str] = set()
    for person in ("X", "O"):
        for game in games(person):
            for said in sentences(game):
                named.update(f"row {row}, column {column}" for row, column in SQUARE.findall(said))
                left = SQUARE.sub("", said)
                assert not OTHER_FORMS.search(left), said
    assert named == {describe_cell(THREE, cell) for cell in range(9)}, "every square is named, the one way"


def test_the_computer_that_opens_names_its_first_square_as_its_reasons_do():
    game = Game.start("perfect", "human", moves=(8,), rules=THREE)
    assert game.computer_says.endswith("It plays X and has played row 3, column 3.")


WITHIN = re.compile(r"within (\d+) moves?\b")


def test_the_play_page_counts_moves_to_a_win_one_way_a_sides_own_moves_this_one_included():
    """Issue 67's Outcome, one way to count: on every 3×3 position the coach's
    "win in N" on a square, the hint's "it wins within N moves" for it and the
    computer's "I win within N moves" once it plays it are one N, the mover's
    own moves with the move itself ("win in 1": this move wins)."""
    checked = 0
    for position in {Position.after(THREE, game.moves) for game in games("X")}:
        if position.is_over:
            continue
        hint = hint_for(position, lambda position: (_ for _ in ()).throw(AssertionError("no engine on 3×3")))
        for cell, value in square_values(position).items():
            if value.kind != "win":
                continue
            wins_in = int(value.text.removeprefix("win in "))
            said = reason(position, cell)
            assert (said == "I complete a line and win.") == (wins_in == 1), (said, value.text)
            if found := WITHIN.search(said):
                assert int(found.group(1)) == wins_in, (said, value.text)
                checked += 1
            elif "win next move" in said:  # a fork: this move, then the win
                assert wins_in == 2, (said, value.text)
            else:
                assert not re.search(r"\d", said), said  # a reason that counts nothing: a block, a win at once
            if hint.cell == cell:
                assert int(WITHIN.search(hint.why).group(1)) == wins_in, (hint.words, value.text)
                checked += 1
    assert checked > 100
