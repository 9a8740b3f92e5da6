"""The puzzles' pages: the list, the day's, a puzzle played right and wrong,
the streak, and every bad link and bad move."""

from __future__ import annotations

import re

import pytest

from tests.online.test_online_views import Friend
from tests.puzzles.test_puzzles import PLAYED_7X7
from tests.support import Visitor
from webapp.engine import BOARDS
from webapp.engine.game.notation import write_moves
from webapp.puzzles.collection import collection
from webapp.puzzles.puzzle import puzzles_in
from webapp.shared.game_link import parse_moves
from webapp.shared.words import describe_cell

HTMX = {"HX-Request": "true"}
PUZZLE = collection()[0]
URL = f"/puzzle/{PUZZLE.rules.name}/{write_moves(PUZZLE.rules, PUZZLE.moves)}"


def words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_list_offers_every_puzzle_and_the_days(visitor: Visitor):
    page = visitor.client.get("/puzzles")
    assert page.status_code == 200 and page.text.count('href="/puzzle/') == len(collection())
    assert "Today's puzzle:" in words(page.text) and "Solved in a row in this browser: 0" in words(page.text)
    daily = visitor.client.get("/puzzles/daily")
    assert daily.status_code == 303 and "/puzzle/" in daily.location


def solve(visitor: Visitor, headers: dict | None = None) -> str:
    played, text = 0, ""
    while played < len(PUZZLE.solution):
        response = visitor.client.post(URL, data={"cell": str(PUZZLE.solution[played]), "played": str(played)},
                                       headers=headers or {})
        assert response.status_code == 200
        played, text = played + 2, words(response.text)
    return text


def test_a_puzzle_says_what_to_do_and_the_right_moves_solve_it(visitor: Visitor):
    page = words(visitor.client.get(URL).text)
    assert f"Puzzle: 3×3, {PUZZLE.title}" in page and f"{PUZZLE.winner} to play and win in {PUZZLE.wins_in}." in page
    first = visitor.client.post(URL, data={"cell": str(PUZZLE.solution[0]), "played": "0"}, headers=HTMX)
    defence = describe_cell(PUZZLE.rules, PUZZLE.solution[1])
    assert first.text.startswith('<section id="puzzle"') and "Right. " in first.text
    assert f"answered {defence}." in words(first.text)
    assert f"Puzzle: 3×3, {PUZZLE.title} Solved! That completes the line. {PUZZLE.winner} wins." in solve(visitor)
    assert "Solved in a row in this browser: 2" in solve(visitor, HTMX)


def test_a_wrong_move_says_why_and_ends_the_streak(visitor: Visitor):
    solve(visitor)
    wrong = next(cell for cell in PUZZLE.position.legal_moves() if cell != PUZZLE.solution[0])
    response = visitor.client.post(URL, data={"cell": str(wrong), "played": "0"})
    text = words(response.text)
    assert response.status_code == 200 and re.search(r"This (loses|only draws|wins, but in)", text)
    assert "Solved in a row in this browser: 0" in text and 'name="played" value="0"' in response.text


@pytest.mark.parametrize("link, reason", [
    ("/puzzle/9x9/a1", "There is no board “9x9”"),
    ("/puzzle/3x3/44", "Step 2 plays square 4, which step 1 already took."),
    ("/puzzle/3x3/4", "There is no puzzle at this link"),
    (URL + "?played=1", "is not how far into this puzzle you are"),
    (URL + "?played=x", "is not how far into this puzzle you are"),
])
def test_a_bad_link_is_not_found_and_says_why(visitor: Visitor, link: str, reason: str):
    response = visitor.client.get(link)
    assert response.status_code == 404 and reason in response.text


@pytest.mark.parametrize("fields, status, message", [
    ({"cell": "", "played": "0"}, 400, "Choose a square to play."),
    ({"cell": "9", "played": "0"}, 400, "A square is a number from 0 to 8, not “9”."),
    ({"cell": "4", "played": "3"}, 400, "is not how far into this puzzle you are"),
])
def test_a_bad_move_is_refused_with_the_same_position(visitor: Visitor, fields: dict, status: int, message: str):
    for headers in (HTMX, {}):
        response = visitor.client.post(URL, data=fields, headers=headers)
        assert response.status_code == status and message in response.text and PUZZLE.title in response.text


def test_a_taken_square_and_a_move_after_the_end_are_conflicts(visitor: Visitor):
    taken = visitor.client.post(URL, data={"cell": str(PUZZLE.moves[0]), "played": "0"})
    assert taken.status_code == 409 and "That square is taken" in taken.text
    done = visitor.client.post(URL, data={"cell": "0", "played": str(len(PUZZLE.solution) + 1)})
    assert done.status_code == 409 and "solved already" in done.text


def mined_links(visitor: Visitor) -> list[str]:
    """The links under "New, from games people played" on the list."""
    page = visitor.client.get("/puzzles").text
    if "New, from games people played" not in page:
        return []
    mined = page.split("New, from games people played", 1)[1].split("</ol>", 1)[0]
    return re.findall(r'href="(/puzzle/[^"]+)"', mined)


def test_a_game_finished_here_becomes_puzzles_that_play_like_the_shipped(visitor: Visitor):
    assert "Games finished here may become" in words(visitor.open().text) and mined_links(visitor) == []
    rules = BOARDS["7x7"]
    visitor.post("/new", {"board": "7x7", "x": "human", "o": "human"})
    game = parse_moves(rules, PLAYED_7X7)
    for cell in game[:-1]:
        visitor.move(cell)
    assert mined_links(visitor) == []  # not finished yet
    visitor.move(game[-1])
    links = mined_links(visitor)
    assert links == [f"/puzzle/7x7/{write_moves(rules, moves)}" for moves in (game[:14], game[:12])]
    page = words(visitor.client.get(links[0]).text)
    assert "Puzzle: 7×7, Black to play and win in 2" in page
    puzzle = puzzles_in(rules, game)[1]
    first = visitor.client.post(links[0], data={"cell": str(puzzle.solution[0]), "played": "0"})
    assert "Right. White answered" in words(first.text)
    last = visitor.client.post(links[0], data={"cell": str(puzzle.solution[2]), "played": "2"})
    assert "Solved!" in words(last.text) and 'href="/puzzle/7x7/' in last.text  # the next: a shipped 7×7 one
    visitor.move(game[-1])  # refused: the game is over; it is not mined again
    assert mined_links(visitor) == links


def test_a_game_between_friends_finished_becomes_puzzles(app):
    alice, bob = Friend(app.test_client()), Friend(app.test_client())
    url = alice.invite("7x7", "x")
    bob.post(url + "/join", {})
    rules = BOARDS["7x7"]
    game = parse_moves(rules, PLAYED_7X7)
    for ply, cell in enumerate(game):
        assert (alice, bob)[ply % 2].post(url + "/move", {"cell": str(cell), "ply": str(ply)}).status_code == 200
    assert len(mined_links(alice)) == 2


# Help, and what the list says (issue: what a person meets, second pass)

def test_a_hint_marks_the_winning_move_and_ends_the_streak(visitor: Visitor):
    solve(visitor)
    hinted = visitor.client.post(URL, data={"show": "hint", "played": "0"}).text
    square = describe_cell(PUZZLE.rules, PUZZLE.solution[0])
    assert f"Hint: {PUZZLE.winner} wins by playing {square} now (marked)." in words(hinted)
    assert re.search(rf'value="{PUZZLE.solution[0]}" class="coach-hint" aria-label="[^"]*hint: the winning move"',
                     hinted)
    assert ">Hint</button>" not in hinted and "Show the answer</button>" in hinted
    assert "Solved in a row in this browser: 0" in words(hinted)


def test_the_answer_plays_out_the_whole_solution(visitor: Visitor):
    shown = visitor.client.post(URL, data={"show": "answer", "played": "2"}).text
    rest = [f"{mark} {describe_cell(PUZZLE.rules, cell)}"
            for mark, cell in zip([PUZZLE.winner, "O" if PUZZLE.winner == "X" else "X"] * 9, PUZZLE.solution[2:])]
    assert f"The answer: {', '.join(rest)}." in words(shown)
    assert f"{PUZZLE.winner} wins." in words(shown) and "Show the answer" not in shown
    assert not re.search(r'<button name="cell"[^>]*aria-label="[^"]*empty"(?![^>]*disabled)', shown)


@pytest.mark.parametrize("show", ["both", "", "answer" * 40])
def test_help_that_is_not_offered_is_refused(visitor: Visitor, show: str):
    refused = visitor.client.post(URL, data={"show": show, "played": "0"})
    assert refused.status_code == 400 and "Ask for a “hint” or the “answer”" in words(refused.text)


def test_the_list_names_each_puzzle_apart_and_marks_those_solved_here(visitor: Visitor):
    names = re.findall(r'<a href="/puzzle/[^"]*">([^<]*)</a>', visitor.client.get("/puzzles").text)
    assert len(names) == len(set(names)) == len(collection())
    solve(visitor)
    page = visitor.client.get("/puzzles").text
    assert page.count("✓ solved") == 1
    assert re.search(rf'href="{re.escape(URL)}">[^<]*</a> <span class="solved">✓ solved</span>', page)
    with visitor.client.session_transaction() as session:
        assert set(session["puzzles"]) == {"puzzle_streak", "puzzles_solved"}, "the puzzles' own part"
        session["puzzles"] = {"puzzles_solved": "not a list", "puzzle_streak": "junk"}
    page = visitor.client.get("/puzzles").text
    assert "✓ solved" not in page and "Solved in a row in this browser: <strong>0</strong>" in page
    with visitor.client.session_transaction() as session:
        session["puzzles"] = {"puzzles_solved": [PUZZLE.key], "puzzle_streak": 4}
    page = visitor.client.get("/puzzles").text
    assert "✓ solved" in page and "Solved in a row in this browser: <strong>4</strong>" in page
    solve(visitor)
    with visitor.client.session_transaction() as session:
        assert session["puzzles"] == {"puzzle_streak": 5, "puzzles_solved": [PUZZLE.key]}
