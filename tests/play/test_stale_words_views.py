"""Words that go stale (issue 67, item 7): once something has happened, the
page says what is true now. After a resignation the line under "You
resigned." says who won, not the computer's reason for a move as if the
game went on; after a swap in an opening, the game tells the new-game form
who plays which colour now (app.js follows it at once)."""

from __future__ import annotations

import re

from tests.play.test_renju_openings_views import choose, new_game, put, reason_of, status_of
from tests.support import Visitor
from webapp.engine import BOARDS

FIFTEEN = BOARDS["15x15"]


def players_carried(page: str) -> tuple[str, str] | None:
    """The players the game section tells the new-game form of (data-x, data-o), if it does."""
    section = re.search(r'<section id="game"[^>]*>', page).group(0)
    found = re.search(r'data-x="([^"]*)" data-o="([^"]*)"', section)
    return (found.group(1), found.group(2)) if found else None


def test_after_resigning_the_line_under_the_status_says_who_won_not_why_the_computer_moved(visitor: Visitor):
    assert visitor.post("/new", {"board": "15x15", "x": "human", "o": "easy"}).status_code == 200
    played = visitor.move(FIFTEEN.parse_cell_name("h8")).text
    assert reason_of(played).startswith("I played ")
    last = FIFTEEN.cell_name(visitor.match().game.moves[-1])
    for page in (visitor.post("/resign", {"ply": "2"}).text, visitor.open().text):
        assert status_of(page) == "You resigned."
        assert reason_of(page) == f"The computer wins; its last move was {last}."


def test_after_the_computer_swaps_under_rif_the_game_carries_who_plays_each_colour_now(visitor: Visitor):
    """The person opens (black) against easy; easy, the second player, may swap after the three stones."""
    assert new_game(visitor, "human", "easy", "rif").status_code == 200
    for name in ("h8", "h9", "h7"):
        answer = put(visitor, name)
        assert answer.status_code == 200
    game = visitor.match().game
    assert players_carried(answer.text) == (game.x, game.o)
    assert players_carried(visitor.open().text) == (game.x, game.o)


def test_after_a_persons_swap_the_answer_carries_the_colours_exchanged(visitor: Visitor):
    assert new_game(visitor, "easy", "human", "rif").status_code == 200  # easy opens: three stones, then the person
    assert visitor.match().game.choices_now == ("swap", "stay")
    answer = choose(visitor, "swap")
    assert answer.status_code == 200
    assert players_carried(answer.text) == ("human", "easy"), "the person took black"
    assert status_of(answer.text).startswith("RIF")


def test_a_game_without_an_opening_rule_carries_nothing_for_the_form(visitor: Visitor):
    """Only an opening's choice exchanges the players: a 3×3 answer keeps its bytes (under 3 KB)."""
    assert players_carried(visitor.move(4).text) is None
