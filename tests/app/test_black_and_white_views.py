"""Black and white on the gomoku boards, X and O on the others (issue 54).

Every state of every page a person reaches on 7×7 and 15×15 (a game against
the computer and between two people, swap2, the score, my games, a replay, a
review and its retry, the think page, the analysis board, puzzles, a game
with a friend, its clocks, offers and stream) is read as a person reads it:
its text and the names it gives screen readers (tests.scrapers.read_aloud).
None of it names a side X or O. On 3×3 the same pages still do; and the
links and records of before, which carry the marks, still open.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

import pytest
from flask import Flask
from werkzeug.test import TestResponse

from harness.browsing import FINISHED_7X7, REVIEWED_15X15
from tests.scrapers import read_aloud
from tests.support import HTMX, Friend, Visitor
from webapp.engine import BOARDS
from webapp.engine.game.notation import write_moves
from webapp.puzzles.collection import collection

STRAY = re.compile(r"(?<![\w.+/-])[XO](?:'s)?(?![\w+/-])")
"""X or O standing alone as a word (or X's, O's): a side named by its mark."""
GOMOKU = BOARDS["15x15"]
RESIGNED = REVIEWED_15X15.rsplit("-", 1)[0]
"""A 15×15 game before black's winning move: white may resign there."""


def strays(*pages: str) -> list[str]:
    """What the pages say that names a side X or O; a page's own address is no sentence (a link to copy)."""
    return [piece for page in pages for piece in read_aloud(page)
            if STRAY.search(piece) and not piece.startswith("http")]


def read(response: TestResponse) -> str:
    """A page's HTML, once it has answered as it should (a page that is not
    there says nothing, and would pass for one that names no side)."""
    assert response.status_code == 200, (response.request.path, response.status_code)
    return response.text


def cells(*names: str, rules=GOMOKU) -> list[int]:
    return [rules.parse_cell_name(name) for name in names]


def new_game(visitor: Visitor, board: str, x: str, o: str, **fields: str) -> str:
    return read(visitor.post("/new", {"board": board, "x": x, "o": o, **fields})) + read(visitor.open())


def against_the_computer(visitor: Visitor) -> list[str]:
    pages = [new_game(visitor, "15x15", "human", "master"), read(visitor.move(GOMOKU.centre))]
    pages += [read(visitor.post("/hint", {"ply": str(visitor.ply())})),
              read(visitor.post("/coach", {"coach": "on"})), read(visitor.open())]
    pages.append(read(visitor.post("/resign", {"ply": str(visitor.ply())})))
    return [*pages, read(visitor.open()), read(visitor.client.get("/games"))]


def sides_swapped(visitor: Visitor) -> list[str]:
    return [new_game(visitor, "15x15", "human", "master", swap="on")]


def two_people_to_a_win(visitor: Visitor) -> list[str]:
    pages = [new_game(visitor, "15x15", "human", "human")]
    for cell in cells("h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4"):
        visitor.move(cell)
    pages += [read(visitor.post("/coach", {"coach": "on"})), read(visitor.post("/numbers", {"numbers": "on"}))]
    pages.append(read(visitor.move(GOMOKU.parse_cell_name("l8"))))
    return [*pages, read(visitor.open()), read(visitor.client.get("/games"))]


def a_7x7_game_to_its_end(visitor: Visitor) -> list[str]:
    new_game(visitor, "7x7", "human", "human")
    for cell in FINISHED_7X7:
        visitor.move(cell)
    return [read(visitor.open()), read(visitor.client.get("/games"))]


def computer_against_computer(visitor: Visitor) -> list[str]:
    return [new_game(visitor, "7x7", "easy", "easy")]


def swap2_against_the_computer(visitor: Visitor) -> list[str]:
    pages = [new_game(visitor, "15x15", "master", "human", opening="swap2")]
    pages.append(read(visitor.post("/choose", {"choice": "white", "ply": str(visitor.ply())})))
    return [*pages, read(visitor.open()), new_game(visitor, "15x15", "human", "master", opening="swap2")]


def replays(visitor: Visitor) -> list[str]:
    get = visitor.client.get
    return [read(get(f"/replay/15x15/{REVIEWED_15X15}?step={step}")) for step in (0, 1, 4, 9)] + [
        read(get(f"/replay/15x15/{RESIGNED}?black=You&white=master&resigned=O&step=8")),
        read(get("/replay/15x15-standard/h8-h9-g6-i9-g8-j10-h10?step=3&opening=swap2-two")),
        read(get("/replay/7x7/d4-e5-c3?step=2"))]


def reviews_and_a_retry(visitor: Visitor) -> list[str]:
    get, url = visitor.client.get, f"/review/15x15/{REVIEWED_15X15}"
    pages = [read(get(f"{url}?step={step}")) for step in (0, 1, 5, 8, 9)]
    pages.append(read(get(f"/review/15x15/{RESIGNED}?black=Human&resigned=O")))
    pages.append(read(get("/review/15x15/h8-a1-o15-h9?opening=swap2&step=2")))
    pages += [read(get(f"{url}/retry/O")), read(get(f"{url}/retry/X"))]
    pages.append(read(visitor.post(f"{url}/retry/O", {"cell": str(GOMOKU.cells - 1), "at": "0"}, htmx=False)))
    return pages


def thinking(visitor: Visitor) -> list[str]:
    return [read(visitor.client.get("/think/15x15/h8-i9-h9-h10")), read(visitor.client.get("/think/7x7/d4-e5")),
            read(visitor.client.get("/think/7x7/d4-e5?alphabeta=on", headers=HTMX))]


def the_analysis_board(visitor: Visitor) -> list[str]:
    get = visitor.client.get
    return [read(get("/analysis/15x15?x=h8-i9-j10&o=h9-h10&tool=o")),
            read(get("/analysis/15x15-renju?x=h8-i8-j9-j10&o=a1-a3-a5-a7")), read(get("/analysis/7x7?x=d4"))]


def puzzles(visitor: Visitor) -> list[str]:
    puzzle = next(puzzle for puzzle in collection() if puzzle.rules == GOMOKU)
    url = f"/puzzle/15x15/{write_moves(puzzle.rules, puzzle.moves)}"
    wrong = next(cell for cell in puzzle.position.legal_moves() if cell != puzzle.solution[0])
    listed = re.findall(r"<a [^>]*>(?:7×7|15×15),[^<]*</a>", read(visitor.client.get("/puzzles")))
    post = visitor.client.post
    return [read(visitor.client.get(url)), read(post(url, data={"show": "hint", "played": "0"})),
            read(post(url, data={"cell": str(puzzle.solution[0]), "played": "0"})),
            read(post(url, data={"cell": str(wrong), "played": "0"})),
            read(post(url, data={"show": "answer", "played": "0"})), "\n".join(listed)]


def with_a_friend(app: Flask) -> list[str]:
    alice, bob, carol = (Friend(app.test_client()) for _ in range(3))
    url = alice.invite("15x15", "x")
    pages = [read(alice.game(url)), read(bob.game(url))]
    bob.post(url + "/join", {}, htmx=False)
    pages += [read(alice.game(url)), read(bob.game(url))]
    for friend, action, fields in ((alice, "/move", {"cell": "112"}), (bob, "/offer", {"kind": "draw"}),
                                   (alice, "/answer", {"answer": "decline"}), (alice, "/offer", {"kind": "takeback"})):
        pages += [read(friend.post(url + action, {**fields, "ply": "1" if action != "/move" else "0"})),
                  read(alice.game(url)), read(bob.game(url)), read(carol.game(url))]
    bob.post(url + "/resign", {"ply": "1"}, htmx=False)
    pages += [read(alice.game(url)), read(carol.game(url)), carol.events(url)]
    waiting = alice.invite("7x7", "o")
    return [*pages, read(alice.game(waiting)), read(carol.game(waiting))]


def on_the_clock(app: Flask) -> list[str]:
    alice, bob, carol = (Friend(app.test_client()) for _ in range(3))
    url = alice.post("/online", {"board": "7x7", "side": "o", "clock": "5+3"}, htmx=False).headers["Location"]
    bob.post(url + "/join", {}, htmx=False)
    bob.post(url + "/move", {"cell": "24", "ply": "0"})
    return [read(alice.game(url)), read(bob.game(url)), read(carol.game(url)), carol.events(url)]


VISITS: dict[str, Callable[[Visitor], list[str]]] = {
    "a game against the computer, a hint, the coach, resigned, my games": against_the_computer,
    "sides swapped: the computer's first stone": sides_swapped,
    "two people to a win, the coach, move numbers, the score": two_people_to_a_win,
    "a 7x7 game to its end": a_7x7_game_to_its_end,
    "computer against computer": computer_against_computer,
    "swap2 against the computer": swap2_against_the_computer,
    "replays": replays,
    "reviews and a retry": reviews_and_a_retry,
    "the think page": thinking,
    "the analysis board": the_analysis_board,
    "puzzles": puzzles,
}
FRIENDS: dict[str, Callable[[Flask], list[str]]] = {
    "a game with a friend: invited, joined, watched, offers, resigned, its stream": with_a_friend,
    "a game with a friend on the clock": on_the_clock,
}


@pytest.fixture
def app(app: Flask) -> Flask:
    app.config["STREAM_SECONDS"] = 0.3  # a stream ends by itself, so that a test can read it whole
    return app


@pytest.mark.parametrize("visit", VISITS)
def test_a_gomoku_page_names_the_sides_black_and_white(visitor: Visitor, visit: str):
    pages = VISITS[visit](visitor)
    assert strays(*pages) == []
    assert any(re.search(r"\b(Black|White|black|white)\b", page) for page in pages)


@pytest.mark.parametrize("visit", FRIENDS)
def test_a_game_with_a_friend_on_a_gomoku_board_names_the_sides_black_and_white(app: Flask, visit: str):
    assert strays(*FRIENDS[visit](app)) == []


def test_the_stones_are_named_black_and_white_to_screen_readers_and_in_the_move_list(visitor: Visitor):
    new_game(visitor, "15x15", "human", "human")
    visitor.move(GOMOKU.centre)
    page = visitor.move(GOMOKU.parse_cell_name("i9")).text
    assert 'aria-label="h8, black"' in page and 'aria-label="i9, white, last move"' in page
    assert "<li data-cell=\"112\">Black: h8</li>" in page and "White: i9" in page
    assert "Black to move." in page and "Black moves first." in page


def test_the_3x3_board_still_says_x_and_o(visitor: Visitor):
    visitor.post("/new", {"board": "3x3", "x": "human", "o": "perfect"}, htmx=False)
    page = visitor.move(4).text
    assert "Your turn: you play X." in page and "X: row 2, column 2" in page
    assert 'aria-label="Row 2, column 2, X"' in page and ">X</button>" in page
    review = html.unescape(visitor.client.get("/review/3x3/0123?step=4").text)
    assert "X: accuracy" in review and "Retry X's errors" in review and "X's chances after each move" in review
    assert "X played row 1, column 1. X's reason:" in html.unescape(visitor.client.get("/replay/0123?step=1").text)
    assert "Black" not in page + review and "black" not in page + review
    assert strays(page, review), "the marks are the words here, as the gomoku pages' test would find them"


@pytest.mark.parametrize("link", [f"/replay/15x15/{RESIGNED}?black=You&white=master&resigned=O",
                                  f"/record/sgf/15x15/{RESIGNED}?resigned=X", "/analysis/15x15?x=h8-i9&o=h9&tool=o"])
def test_the_links_of_before_still_open_with_the_marks_they_carry(visitor: Visitor, link: str):
    """Links, records and stored games keep X and O (the reviews' and retries'
    too: reviews_and_a_retry opens them): only the words a person reads change."""
    assert visitor.client.get(link).status_code == 200
