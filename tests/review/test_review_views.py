"""The review's pages: every route, good links and bad, the stream of its
progress, and the retry's tries, right, wrong and malformed."""

from __future__ import annotations

import html
import re
import threading
from pathlib import Path

import pytest
from flask import Flask

from harness.browsing import REVIEWED_15X15
from tests.support import Visitor
from webapp.app import create_app
from webapp.engine import BOARDS, Opening
from webapp.review import routes as review_routes

HTMX = {"HX-Request": "true"}


def words(html: str) -> str:
    """The page's text, tags dropped and spaces squeezed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_a_3x3_review_judges_every_move_and_sums_up(visitor: Visitor):
    response = visitor.client.get("/review/3x3/0123?step=4")
    assert response.status_code == 200
    text = words(response.text)
    assert "Move 4 O: row 2, column 1 Mistake ?" in text
    assert "X wins in 2. Best was row 2, column 2: a draw." in text
    assert "How it is punished: X: row 2, column 2; O: row 2, column 3; X: row 3, column 1." in text
    assert "X: accuracy 50% 1 Best · 1 Mistake Retry X's errors" in text
    assert "O: accuracy 0% 2 Mistake Retry O's errors" in text
    assert "Reviewed" not in text and 'http-equiv="refresh"' not in response.text


def test_the_review_draws_the_games_course_with_a_link_to_each_step_and_marks_the_better_move(visitor: Visitor):
    page = visitor.client.get("/review/3x3/0123?step=4").text
    course = re.search(r'<figure class="course".*?</figure>', page, re.S).group(0)
    links = [(step, html.unescape(title)) for step, title in
             re.findall(r'<a href="/review/3x3/0123\?step=(\d)" tabindex="-1"[^>]*><title>([^<]*)</title>', course)]
    assert links == [("1", "Move 1, X: X's chances 50%"), ("2", "Move 2, O: X's chances 100%"),
                     ("3", "Move 3, X: X's chances 50%"), ("4", "Move 4, O: X's chances 100%")]
    assert re.findall(r'<rect class="([^"]*)"', course) == ["even", "x", "even", "x current"]
    assert "X's chances were highest after move 2 (100%) and lowest after move 1 (50%)." in html.unescape(words(course))
    assert re.search(r'class="cell coach-hint" data-cell="4" aria-label="Row 2, column 2, empty, the better move: '
                     r'Best was row 2, column 2: a draw\."><span class="value">better</span>', page)


def test_the_opening_stones_are_neither_marked_nor_charted_as_judged(visitor: Visitor):
    for step in (1, 2, 3):  # swap2's three stones
        page = visitor.client.get(f"/review/15x15/h8-a1-o15-h9?opening=swap2&step={step}").text
        assert "not judged" in words(page) and "coach-hint" not in page
    course = re.search(r'<figure class="course".*?</figure>', page, re.S).group(0)
    assert [html.unescape(title) for title in re.findall(r"<title>([^<]*)</title>", course)][:3] == [
        "Move 1, black: the opening's stone, not judged", "Move 2, white: the opening's stone, not judged",
        "Move 3, black: the opening's stone, not judged"]


def test_an_htmx_step_gets_the_review_alone(visitor: Visitor):
    response = visitor.client.get("/review/3x3/0123?step=1", headers=HTMX)
    assert response.text.startswith("<section id=\"review\"") and "<html" not in response.text
    assert "Move 1 X: row 1, column 1 Best" in words(response.text)


@pytest.mark.parametrize("link, reason", [
    ("/review/9x9/a1", "There is no board “9x9”"),
    ("/review/3x3/44", "Step 2 plays square 4, which step 1 already took."),
    ("/review/3x3/0a", "Step 2 is “a”, not a square number from 0 to 8."),
    ("/review/7x7/d4-z9", "Step 2 is “z9”, not a square of the 7x7 board"),
    ("/review/3x3/01?step=3", "There is no step “3” in this game; its steps are 0 to 2."),
    ("/review/3x3/01?step=-1", "There is no step “-1”"),
    ("/review/3x3/01/progress?step=x", "There is no step “x”"),
    ("/review/3x3/0123/retry/Z", "The side to retry is X or O, not “Z”."),
    ("/review/3x3/0123/retry/O?at=5", "“5” is not the number of an error here; that is from 0 to 2."),
    ("/review/3x3/0123/retry/O?at=1&found=2", "“2” is not the count of errors found here; that is from 0 to 1."),
])
def test_a_bad_link_is_not_found_and_says_why(visitor: Visitor, link: str, reason: str):
    response = visitor.client.get(link)
    assert response.status_code == 404 and reason in response.text


def test_an_unfinished_game_is_reviewed_as_far_as_it_goes(visitor: Visitor):
    text = words(visitor.client.get("/review/3x3/01").text)
    assert "Move 2 O: row 1, column 2 Mistake ?" in text and "X: accuracy 100%" in text
    assert "No moves to review." in words(visitor.client.get("/review/3x3/").text)


def test_a_15x15_review_comes_from_the_engine(visitor: Visitor):
    response = visitor.client.get(f"/review/15x15/{REVIEWED_15X15}?step=8")
    text = words(response.text)
    assert "Move 8 White: g9 Blunder ??" in text and "Black wins in 1. Best was l12, which holds." in text
    assert "How it is punished: Black: l12." in text and "Retry white's errors" in text


def test_the_stream_sends_the_judgements_and_ends(visitor: Visitor):
    response = visitor.client.get("/review/3x3/0123/progress?step=2", headers=HTMX)
    assert response.status_code == 200 and response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-store"
    messages = response.text.split("\n\n")
    assert [message for message in messages if message] and all(
        line.startswith("data: ") for message in messages if message for line in message.splitlines())
    assert "Mistake" in words(response.text.replace("data: ", ""))
    without_scripts = visitor.client.get("/review/3x3/0123/progress?step=2")
    assert without_scripts.status_code == 303 and without_scripts.location.endswith("/review/3x3/0123?step=2")


@pytest.fixture
def no_workers_app(instance: Path) -> Flask:
    """An app whose engine workers are elsewhere and never come: its reviews stay unfinished."""
    return create_app({"TESTING": True, "SECRET_KEY": "test key", "ENGINE_WORKERS": "external"},
                      instance_path=instance)


def test_a_review_still_coming_in_says_how_far_it_is_and_refreshes_itself(no_workers_app: Flask):
    client = no_workers_app.test_client()
    response = client.get("/review/7x7/d4-e5-c3")
    text = words(response.text)
    assert "Reviewed 0 of 3 moves" in text and "not reviewed yet" in text and "Refresh" in text
    assert '<noscript><meta http-equiv="refresh" content="3"></noscript>' in response.text
    assert 'hx-get="/review/7x7/d4-e5-c3/progress?step=3"' in response.text
    assert no_workers_app.extensions["engines"].pages.pending_count() == 3
    client.get("/review/7x7/d4-e5-c3")
    assert no_workers_app.extensions["engines"].pages.pending_count() == 3, "each move is queued once"
    retry = client.get("/review/7x7/d4-e5-c3/retry/X")
    assert retry.status_code == 409 and "not finished yet" in retry.text


def test_a_client_past_its_reviews_a_minute_is_shown_its_reviews_but_queues_no_more(instance: Path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test key", "ENGINE_WORKERS": "external", "TRUSTED_PROXIES": 1,
                      "REVIEWS_PER_MINUTE": 2}, instance_path=instance)
    client, pages = app.test_client(), app.extensions["engines"].pages

    def look(moves: str, address: str = "198.51.100.1"):
        return client.get(f"/review/7x7/{moves}", headers={"X-Forwarded-For": address})

    assert look("d4-e5").status_code == 200 and look("d4-e5").status_code == 200  # queued once, counted once
    assert look("d4-e5-c3").status_code == 200 and pages.pending_count() == 3
    refused = look("c3-e5-d4")
    assert refused.status_code == 200 and "Reviewed 0 of 3 moves" in words(refused.text)
    assert pages.pending_count() == 3, "past the bound, a look queues nothing"
    assert look("c3-e5-d4", "198.51.100.2").status_code == 200 and pages.pending_count() == 6  # another client


def test_retrying_o_through_a_wrong_try_then_right_ones(visitor: Visitor):
    page = visitor.client.get("/review/3x3/0123/retry/O")
    assert "Retry O's errors: 1 of 2" in words(page.text)
    assert "In the game, O played row 1, column 2 here. Find a better move." in words(page.text)
    wrong = visitor.client.post("/review/3x3/0123/retry/O", data={"cell": "2", "at": "0", "found": "0"}, headers=HTMX)
    assert wrong.status_code == 200 and wrong.text.startswith('<section id="retry"')
    assert "Row 1, column 3 is not it: X wins in 3. Try again." in words(wrong.text)
    assert 'name="at" value="0"' in wrong.text
    right = visitor.client.post("/review/3x3/0123/retry/O", data={"cell": "4", "at": "0", "found": "0"})
    assert "Row 2, column 2 is right. A draw." in words(right.text) and "Retry O's errors: 2 of 2" in words(right.text)
    done = visitor.client.post("/review/3x3/0123/retry/O", data={"cell": "4", "at": "1", "found": "1"})
    assert "You found 2 of 2." in words(done.text) and "Retry them again" in done.text


def test_a_retry_can_show_the_answer_and_go_on_and_ends_with_the_game_and_the_way_back(visitor: Visitor):
    review = words(visitor.client.get("/review/3x3/0123?step=2").text)
    skipped = visitor.client.post("/review/3x3/0123/retry/O", data={"skip": "yes", "at": "0", "found": "0"})
    text = words(skipped.text)
    assert skipped.status_code == 200 and "The answer here: Best was row 2, column 2" in text
    assert "Best was row 2, column 2" in review, "the review's own words"
    assert "Retry O's errors: 2 of 2" in text and 'name="found" value="0"' in skipped.text, "not counted as found"
    done = visitor.client.post("/review/3x3/0123/retry/O", data={"skip": "yes", "at": "1", "found": "0"})
    text = words(done.text)
    assert "You found 0 of 2. The game as it ended:" in text
    assert done.text.count('role="gridcell"') == 9 and 'aria-readonly="true"' in done.text
    assert 'href="/replay/0123"' in done.text and ">Back to your game</a>" in done.text


@pytest.mark.parametrize("cell, status, message", [
    ("0", 409, "Row 1, column 1 is taken; choose an empty square."),
    ("", 400, "Choose a square to play."),
    ("9", 400, "A square is a number from 0 to 8, not “9”."),
])
def test_a_bad_try_is_refused_with_the_same_position(visitor: Visitor, cell: str, status: int, message: str):
    for headers in (HTMX, {}):
        response = visitor.client.post("/review/3x3/0123/retry/O", data={"cell": cell, "at": "0", "found": "0"},
                                       headers=headers)
        assert response.status_code == status and message in response.text
        assert "Retry O's errors: 1 of 2" in words(response.text)


def test_a_try_after_the_last_error_is_refused(visitor: Visitor):
    response = visitor.client.post("/review/3x3/0123/retry/O", data={"cell": "4", "at": "2", "found": "1"})
    assert response.status_code == 409 and "Every error here has been tried" in response.text


def test_a_side_without_errors_has_nothing_to_retry(visitor: Visitor):
    page = visitor.client.get("/review/3x3/4/retry/X")
    assert "X made no errors to retry in this game." in words(page.text)


def test_the_end_of_a_game_and_a_replay_link_to_the_review(visitor: Visitor):
    visitor.post("/new", {"board": "3x3", "x": "human", "o": "human"})
    for cell in (0, 3, 1, 4):
        assert "Review this game" not in visitor.move(cell).text
    assert ('<a class="button" href="/review/3x3/03142?black=Human&amp;white=Human" hx-boost="false">Review this game'
            in visitor.move(2).text)
    replay = visitor.client.get("/replay/0134?step=2")
    assert 'href="/review/3x3/0134?step=2">Review this game' in replay.text


def test_a_15x15_retry_asks_the_engine_about_each_try(visitor: Visitor):
    url, rules = f"/review/15x15/{REVIEWED_15X15}/retry/O", BOARDS["15x15"]
    assert "In the game, white played g9 here." in words(visitor.client.get(url).text)
    wrong = visitor.client.post(url, data={"cell": str(rules.parse_cell_name("a1")), "at": "0", "found": "0"})
    assert "a1 is not it: Black wins in 1. Try again." in words(wrong.text)
    right = visitor.client.post(url, data={"cell": str(rules.parse_cell_name("l12")), "at": "0", "found": "0"})
    assert "l12 is right." in words(right.text) and "You found 1 of 1." in words(right.text)


def test_past_its_streams_a_process_sends_the_review_as_it_stands_with_a_refresh_link(no_workers_app: Flask,
                                                                                      monkeypatch):
    client = no_workers_app.test_client()
    client.get("/review/7x7/d4-e5-c3")
    monkeypatch.setattr(review_routes, "_streams", threading.BoundedSemaphore(1))
    review_routes._streams.acquire()  # the one stream there is, taken
    busy = client.get("/review/7x7/d4-e5-c3/progress", headers=HTMX)
    assert busy.mimetype == "text/event-stream" and "Live updates are busy just now." in busy.text
    assert '<a href="/review/7x7/d4-e5-c3?step=3">Refresh</a>' in busy.text.replace("data: ", "")
    review_routes._streams.release()
    monkeypatch.setattr(review_routes, "STREAM_SECONDS", 0.0)  # a stream that ends after its first message
    with client.get("/review/7x7/d4-e5-c3/progress", headers=HTMX) as stream:
        assert "Reviewed 0 of 3 moves" in stream.text and "busy" not in stream.text
    assert review_routes._streams.acquire(blocking=False), "the stream gave its place back"


def test_a_renju_review_names_its_opening_when_it_is_one_of_renju_s_26(visitor: Visitor):
    """h8 i7 f10 is Suisei (h8 i9 f6) mirrored across row 8."""
    page = visitor.client.get("/review/15x15-renju/h8-i7-f10-a1?step=1").text
    assert '<p class="quiet opening">Suisei (13I), one of renju&#39;s 26 openings.</p>' in page
    assert "renju&#39;s 26 openings" not in visitor.client.get("/review/15x15-renju/h8-i7-f11-a1?step=1").text


@pytest.mark.parametrize("board", ["15x15", "15x15-standard"])
def test_a_freestyle_or_standard_review_names_no_renju_opening(visitor: Visitor, board: str):
    """The same stones, Suisei's under renju, are no opening of a freestyle or a
    standard game, with an opening rule of its own or none."""
    assert "26 openings" not in html.unescape(visitor.client.get(f"/review/{board}/h8-i7-f10-a1?step=1").text)
    page = words(html.unescape(visitor.client.get(f"/review/{board}/h8-i7-f10-a1?opening=swap1&step=1").text))
    assert ("Opened with swap1: the first player put down stones 1 to 3 (black, white, black), and the second "
            "player chose a colour.") in page and "26 openings" not in page


def test_black_s_fifth_under_rif_is_said_to_be_white_s_pick_of_black_s_offer(visitor: Visitor):
    """Under RIF and Soosõrv-8 white's player always picks black's fifth among
    black's offer; under Taraguchi-10 only if black offered ten, which a link does not say."""
    for rule in ("rif", "soosorv-8"):
        page = words(visitor.client.get(f"/review/15x15-renju/h8-h9-h7-h10-j5-a1?opening={rule}&step=5").text)
        assert (f"Under {Opening(rule).named}, black offered fifth moves and white's player chose j5 from them. "
                "The review judges black for offering it and names no better fifth: white's player chose which "
                "offer was played.") in html.unescape(page)
        assert "offered" not in words(visitor.client.get(f"/review/15x15-renju/h8-h9-h7-h10-j5-a1?opening={rule}"
                                                         "&step=4").text)
    assert "offered" not in words(visitor.client.get(
        "/review/15x15-renju/h8-h9-h7-h10-j5-a1?opening=taraguchi-10&step=5").text)


@pytest.mark.parametrize("notation, result", [("048216", "O won: three in a row."), ("401283576", "A draw.")])
def test_the_review_says_how_the_game_ended_once(visitor: Visitor, notation: str, result: str):
    """At the last step the status under the result says the game ended there, not the result again ("O wins!")."""
    page = visitor.client.get(f"/review/3x3/{notation}").text
    assert (f'<p class="result" id="result">{result}</p>\n    <p class="status" id="status">The game ended with this '
            'move.</p>') in page and "wins!" not in page
    before = visitor.client.get(f"/review/3x3/{notation}?step={len(notation) - 1}").text
    assert f'<p class="status" id="status">{"O" if len(notation) % 2 == 0 else "X"} to move.</p>' in before


def test_after_a_right_retry_the_game_as_it_ended_shows_its_own_stones_none_fading_in(visitor: Visitor):
    """X did not block O's line at row 3, column 1, where O then won: X's try there
    is right, and the board of the game as it ended has O there, the game's
    own stone, not a reply to the try: no stone on it is new."""
    right = visitor.client.post("/review/3x3/048216/retry/X", data={"cell": "6", "at": "0", "found": "0"})
    text = words(right.text)
    assert "Row 3, column 1 is right." in text and "You found 1 of 1. The game as it ended:" in text
    assert "These are the game's own moves; your tries are not on the board." in text
    cells = {int(cell): mark.upper() or None for mark, cell in re.findall(r'class="cell (?:mark-(\w))?[^"]*" '
                                                                          r'data-cell="(\d)"', right.text)}
    assert cells == {0: "X", 1: "X", 2: "O", 3: None, 4: "O", 5: None, 6: "O", 7: None, 8: "X"}
    assert not re.search(r'class="cell [^"]*\bnew\b', right.text), "no stone of the game fades in as a reply"
