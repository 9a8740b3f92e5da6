"""A finished game counts once, in the score and in My games, under every
board, rule and opening (issue 67, item 2): a renju game as a freestyle one;
a take-back after the end starts a new game from that position and leaves
the finished one counted and listed; nothing counts a game twice. My games
says the day each game finished."""

from __future__ import annotations

import re
from datetime import date

import pytest

from tests.play.test_renju_openings_views import choose, put, rif_up_to_the_offer
from tests.support import Visitor
from webapp.engine import BOARDS
from webapp.play import routes
from webapp.play.score import Score
from webapp.shared.players import OUR_PLAYERS

FINISHED = date(2026, 12, 7)
LOSING = {"board": "3x3", "x": "human", "o": "perfect", "moves": "103254"}
"""X (the person) to move against O's two threats, at 6 (2-4-6) and 8 (0-4-8): any move loses."""


@pytest.fixture(autouse=True)
def finished_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game here finishes on FINISHED."""
    monkeypatch.setattr(routes, "finished_today", lambda: FINISHED)


def score_of(page: str) -> dict[str, str]:
    """The score as the page shows it: each line's label and its tallies, as words."""
    section = re.search(r'<section class="score".*?</section>', page, re.S).group(0)
    return {label: re.sub(r"</span><span>", ", ", tallies).removeprefix("<span>").removesuffix("</span>")
            for label, tallies in re.findall(r"<dt>([^<]*)</dt>\s*<dd>(.*?)</dd>", section, re.S)}


def my_games(visitor: Visitor) -> list[str]:
    """My games' entries, as words (links aside)."""
    page = visitor.client.get("/games").text
    listed = re.search(r'<ol class="games">.*?</ol>', page, re.S)
    entries = re.findall(r"<li>(.*?)</li>", listed.group(0), re.S) if listed else []
    words = (re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", entry.split("<a ")[0])).strip() for entry in entries)
    return [said.replace(" ,", ",").replace(" .", ".") for said in words]


def resigned_against_easy(visitor: Visitor, rule: str) -> None:
    """A 15×15 game under rule against easy, no opening rule: the person's h8, easy's reply, then Resign."""
    assert visitor.post("/new", {"board": "15x15", "rule": rule, "x": "human", "o": "easy"}).status_code == 200
    assert visitor.move(BOARDS["15x15"].parse_cell_name("h8")).status_code == 200
    assert visitor.post("/resign", {"ply": "2"}).status_code == 200


def resigned_under_rif(visitor: Visitor) -> None:
    """A RIF game at one screen, its opening through, two moves played, then black resigns."""
    rif_up_to_the_offer(visitor)
    assert choose(visitor, "g6 j5").status_code == 200
    assert put(visitor, "j5").status_code == 200 and put(visitor, "k11").status_code == 200
    assert visitor.post("/resign", {"ply": "6"}).status_code == 200


@pytest.mark.parametrize("play, line, tallies, listed", [
    (lambda visitor: resigned_against_easy(visitor, "renju"), "You against easy on 15×15 under renju",
     "Wins: 0, Draws: 0, Losses: 1", "You resigned: 15×15 renju, You (black) against easy, 2 moves"),
    (lambda visitor: resigned_against_easy(visitor, "standard"), "You against easy on 15×15 under standard",
     "Wins: 0, Draws: 0, Losses: 1", "You resigned: 15×15 standard, You (black) against easy, 2 moves"),
    (lambda visitor: resigned_against_easy(visitor, "freestyle"), "You against easy on 15×15",
     "Wins: 0, Draws: 0, Losses: 1", "You resigned: 15×15, You (black) against easy, 2 moves"),
    (resigned_under_rif, "Two players on 15×15 under renju",
     "Black wins: 0, White wins: 1, Draws: 0", "Black resigned: 15×15 renju, RIF, Two people, 6 moves"),
], ids=["renju", "standard", "freestyle", "renju-rif"])
def test_a_resigned_game_counts_once_under_every_rule_and_opening(visitor: Visitor, play, line, tallies, listed):
    play(visitor)
    assert score_of(visitor.open().text) == {line: tallies}
    assert my_games(visitor) == [f"{listed}, finished on 7 December 2026."]


def test_a_renju_game_is_never_counted_twice_by_reloading_or_re_posting(visitor: Visitor):
    resigned_against_easy(visitor, "renju")
    for _ in range(2):
        visitor.open()
        visitor.client.get("/games")
    assert visitor.post("/resign", {"ply": "2"}).status_code == 409
    assert visitor.move(BOARDS["15x15"].parse_cell_name("a1"), ply=2).status_code == 409
    assert visitor.post("/undo", {"ply": "2"}).status_code == 409, "a resigned game stays resigned"
    renju = {"You against easy on 15×15 under renju": "Wins: 0, Draws: 0, Losses: 1"}
    assert score_of(visitor.open().text) == renju
    assert len(my_games(visitor)) == 1


def lose_on_3x3(visitor: Visitor) -> str:
    """The person's move at 6 from LOSING: perfect wins at 8."""
    with visitor.client.session_transaction() as session:
        session["play"] = {**session.get("play", {}), "game": LOSING}
    return visitor.move(6, ply=6).text


def test_a_3x3_loss_taken_back_stays_counted_and_the_new_game_from_there_counts_as_another(visitor: Visitor):
    assert score_of(lose_on_3x3(visitor)) == {"You against perfect": "Wins: 0, Draws: 0, Losses: 1"}
    assert visitor.post("/undo", {"ply": "8"}).status_code == 200
    assert visitor.ply() == 6 and not visitor.match().game.is_over, "a new game from the position before the move"
    page = visitor.open().text
    assert score_of(page) == {"You against perfect": "Wins: 0, Draws: 0, Losses: 1"}
    assert my_games(visitor) == ["You lost: 3×3, You (X) against perfect, 8 moves, finished on 7 December 2026."]
    assert visitor.move(7, ply=6).status_code == 200
    assert score_of(visitor.open().text) == {"You against perfect": "Wins: 0, Draws: 0, Losses: 2"}
    assert len(my_games(visitor)) == 2
    visitor.open()
    assert visitor.move(0, ply=8).status_code == 409, "a move on the game over counts nothing"
    assert visitor.match().score.counts == {"perfect/loss": 2}


def test_a_score_stored_before_keeps_what_it_counted_and_old_entries_show_no_day(visitor: Visitor):
    """A session written by the code before: a finished game marked "scored"
    (a take-back then took it out of the score) and My games without days."""
    lost = {**LOSING, "moves": "10325468"}
    with visitor.client.session_transaction() as session:
        session["play"] = {"game": lost, "score": {"perfect/loss": 1, "easy@15x15-renju/loss": 2},
                           "scored": True, "history": [lost]}
    assert visitor.post("/undo", {"ply": "8"}).status_code == 200
    assert score_of(visitor.open().text) == {"You against perfect": "Wins: 0, Draws: 0, Losses: 1",
                                             "You against easy on 15×15 under renju": "Wins: 0, Draws: 0, Losses: 2"}
    assert my_games(visitor) == ["You lost: 3×3, You (X) against perfect, 8 moves."]


def test_the_score_shows_a_line_for_each_rule_a_board_is_played_under():
    score = Score({"master@15x15/win": 1, "master@15x15-renju/loss": 1, "friends@7x7-standard/draw": 1})
    assert [line.label for line in score.lines(OUR_PLAYERS)] == [
        "Two players on 7×7 under standard", "You against master on 15×15", "You against master on 15×15 under renju"]
