"""A game begun from stones set up on the analysis board, once over: left out
of the score (the person chose the position), and saying so; in My games,
with a replay, a review and an SGF record whose links carry the stones."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.support import Visitor
from webapp.engine import BOARDS

FOUR = {"board": "7x7", "set_x": "a1-b1-c1-d1", "set_o": "a7-b7-c7-d7"}
"""Black to move with a four open at e1: black's e1 ends the game at once."""
E1 = BOARDS["7x7"].parse_cell_name("e1")


def won_from_set_up(visitor: Visitor, o: str = "easy") -> str:
    """The person (black) wins a game begun from FOUR at its first move; the page after it."""
    visitor.post("/new", {**FOUR, "x": "human", "o": o}, htmx=False)
    visitor.move(E1, htmx=False)
    return unescape(visitor.open().text)


@pytest.mark.parametrize("o", ["easy", "human"])
def test_a_game_from_a_set_up_position_does_not_count_in_the_score_and_says_so(visitor: Visitor, o: str):
    page = won_from_set_up(visitor, o)
    match = visitor.match()
    assert match.game.is_over and match.game.result_key is None and match.score.counts == {}
    assert "It does not count in the score: the position was chosen, not reached in play." in page
    score = re.search(r'<section class="score".*?</section>', page, re.S).group(0)
    assert "No games counted yet." in score and "This game is not counted: it began from a position set up" in score
    visitor.post("/undo", {"ply": str(match.game.ply)})
    assert visitor.match().score.counts == {}, "taking it back takes nothing out of the score"


def test_a_game_from_the_empty_board_still_counts_beside_one_that_does_not(visitor: Visitor):
    won_from_set_up(visitor)
    visitor.post("/new", {"board": "3x3", "x": "human", "o": "easy"}, htmx=False)
    for cell in (4, 0, 8, 2, 6, 1, 3, 5, 7):
        if visitor.match().game.is_over:
            break
        if not visitor.match().game.position.stones >> cell & 1:
            visitor.move(cell, htmx=False)
    assert sum(visitor.match().score.counts.values()) == 1
    assert "This game is not counted" not in visitor.open().text


def test_a_finished_set_up_game_is_in_my_games_with_links_that_carry_its_stones_and_open(visitor: Visitor):
    won_from_set_up(visitor)
    listing = unescape(visitor.client.get("/games").text)
    entry = re.search(r"<li><strong>You won</strong>.*?</li>", listing, re.S).group(0)
    assert ("from 8 stones set up by hand (not in the score)" in entry
            and " 1 move, finished on " in " ".join(entry.split()))
    links = dict(re.findall(r'<a href="([^"]+)"[^>]*>(Replay|Review|SGF)', entry))
    query = "black=Human&white=Computer,+easy&x=a1-b1-c1-d1&o=a7-b7-c7-d7"
    assert links == {f"/replay/7x7/e1?{query}": "Replay", f"/review/7x7/e1?{query}": "Review",
                     f"/record/sgf/7x7/e1?{query}": "SGF"}
    replay = visitor.client.get(f"/replay/7x7/e1?{query}")
    assert replay.status_code == 200 and "Replay: step 1 of 1" in replay.text
    assert "Black won: five in a row." in replay.text
    assert re.findall(r"<li data-cell=\"\d+\"[^>]*>(?:<[^>]+>)*([^<]+)", replay.text) == ["Black: e1"]
    review = visitor.client.get(f"/review/7x7/e1?{query}")
    assert review.status_code == 200 and "Review: 7×7, move 1 of 1" in review.text
    sgf = visitor.client.get(f"/record/sgf/7x7/e1?{query}").text
    assert "AB[ag][bg][cg][dg]AW[aa][ba][ca][da]PL[B]" in sgf and ";B[eg])" in sgf


def test_the_game_page_links_a_set_up_game_once_a_move_is_played_and_reviews_it_once_over(visitor: Visitor):
    visitor.post("/new", {**FOUR, "x": "human", "o": "human"}, htmx=False)
    assert "Link to this game" not in visitor.open().text  # no move played yet: nothing to step through
    visitor.move(BOARDS["7x7"].parse_cell_name("g4"), htmx=False)
    page = unescape(visitor.open().text)
    link = re.search(r"Link to this game: <a href=\"([^\"]+)\"", page).group(1)
    assert link == "http://localhost/replay/7x7/g4?x=a1-b1-c1-d1&o=a7-b7-c7-d7"
    assert "Review this game" not in page
    assert visitor.client.get(link).status_code == 200
    visitor.move(BOARDS["7x7"].parse_cell_name("e7"), htmx=False)  # white's five
    over = unescape(visitor.open().text)
    review = re.search(r'href="(/review/[^"]+)"', over).group(1)
    assert review == "/review/7x7/g4-e7?black=Human&white=Human&x=a1-b1-c1-d1&o=a7-b7-c7-d7"
    assert visitor.client.get(review).status_code == 200
