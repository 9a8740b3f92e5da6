"""Swap2 (issue: gomoku as players play it): the opener puts down black,
white, black; the other player takes black, takes white, or puts down two
more and hands the choice back. Against the computer, between two people;
every bad choice refused with why and the game unchanged."""

from __future__ import annotations

import pytest

from tests.support import Visitor
from webapp.engine import BOARDS, Position
from webapp.engine.play import swap2
from webapp.play.game import Game
from webapp.review import routes as review_routes
from webapp.review.judgement import Judgement
from webapp.review.retry import Retry
from webapp.review.review import Review

FIFTEEN = BOARDS["15x15"]


def new_game(visitor: Visitor, x: str, o: str, opening: str = "swap2", board: str = "15x15", rule: str = "freestyle"):
    return visitor.post("/new", {"board": board, "rule": rule, "opening": opening, "x": x, "o": o})


def place(visitor: Visitor, *names: str) -> None:
    for name in names:
        answer = visitor.move(FIFTEEN.parse_cell_name(name))
        assert answer.status_code == 200, (name, answer.text[:200])


def choose(visitor: Visitor, choice: str):
    return visitor.post("/choose", {"choice": choice, "ply": str(visitor.ply())})


def game_of(visitor: Visitor) -> Game:
    return Game.from_session(visitor.stored())


def test_you_open_and_the_computer_chooses(visitor: Visitor) -> None:
    new_game(visitor, "human", "master")
    assert "Swap2: You put down black, white, black: stone 1 of 3, black." in visitor.open().text
    place(visitor, "h8", "h9", "g6")
    game = game_of(visitor)
    # The computer's choice is master's, by a count of positions: the same here as asked directly.
    assert game.opening.choices[0] == swap2.choice(Position.after(FIFTEEN, game.moves[:3]), may_place_two=True)
    if game.opening_step == swap2.CHOOSE_AGAIN:  # two more: the colour is the person's to choose
        assert "The computer chose two more stones" in visitor.open().text
        assert choose(visitor, "white").status_code == 200
        game = game_of(visitor)
        assert game.o == "human" and game.x == "master" and game.to_move == "O" and game.ply == 5
    else:  # a colour: the person has the other, and it is the person's move
        assert game.opening_step is None and game.humans_turn


def test_the_computer_opens_and_you_take_black(visitor: Visitor) -> None:
    new_game(visitor, "master", "human")
    page = visitor.open().text
    game = game_of(visitor)
    assert game.ply == 3 and game.opening_step == swap2.CHOOSE
    assert "The computer put down the opening" in page and "Play black" in page and "Put down two more" in page
    assert choose(visitor, "black").status_code == 200
    game = game_of(visitor)
    assert game.x == "human" and game.o == "master" and game.ply == 4  # the computer, now white, has moved
    assert game.opening_step is None and game.humans_turn


def test_the_choice_posts_to_choose_and_swap2_its_former_name_is_gone(visitor: Visitor) -> None:
    """/choose is every rule's choice; /swap2, its name when swap2 was the only opening, is no route."""
    new_game(visitor, "master", "human")
    page = visitor.open().text
    assert 'formaction="/choose"' in page and "/swap2" not in page
    assert visitor.post("/swap2", {"choice": "black", "ply": str(visitor.ply())}).status_code == 404
    assert game_of(visitor).ply == 3
    assert visitor.post("/choose", {"choice": "black", "ply": str(visitor.ply())}).status_code == 200
    game = game_of(visitor)
    assert game.x == "human" and game.ply == 4


def test_the_computer_opens_you_put_down_two_and_it_chooses(visitor: Visitor) -> None:
    new_game(visitor, "master", "human")
    assert choose(visitor, "two").status_code == 200
    assert "Swap2: You put down white, then black: stone 1 of 2, white." in visitor.open().text
    taken = {FIFTEEN.cell_name(cell) for cell in game_of(visitor).moves}
    free = [name for name in ("a1", "o15") if name not in taken]
    place(visitor, *free)
    game = game_of(visitor)
    assert game.opening.choices[0] == "two" and game.opening.choices[1] in swap2.LAST_CHOICES
    assert game.opening_step is None
    assert game.humans_turn  # the person has white's move, or black's after the computer's
    assert game.opener == "master" and game.second == "human"


def test_two_people_take_swap2_s_steps_in_turn(visitor: Visitor) -> None:
    new_game(visitor, "human", "human")
    place(visitor, "h8", "h9", "i9")
    assert "Swap2: The second player chooses" in visitor.open().text
    assert choose(visitor, "two").status_code == 200
    place(visitor, "g7", "j10")
    assert "Swap2: The first player chooses a colour" in visitor.open().text
    assert choose(visitor, "white").status_code == 200
    game = game_of(visitor)
    assert game.opening.choices == ("two", "white") and game.opening_step is None and game.to_move == "O"
    place(visitor, "k11")
    assert game_of(visitor).ply == 6


@pytest.mark.parametrize("choice", ["", "grey", "two" * 10])
def test_a_choice_that_is_not_one_is_refused_and_the_game_kept(visitor: Visitor, choice: str) -> None:
    new_game(visitor, "master", "human")
    before = visitor.stored()
    answer = choose(visitor, choice)
    assert answer.status_code == 400 and "Choose black, white or two" in answer.text
    assert visitor.stored() == before


def test_two_is_no_choice_the_second_time(visitor: Visitor) -> None:
    new_game(visitor, "human", "human")
    place(visitor, "h8", "h9", "i9")
    choose(visitor, "two")
    place(visitor, "g7", "j10")
    before = visitor.stored()
    answer = choose(visitor, "two")
    assert answer.status_code == 400 and "Choose black or white" in answer.text
    assert visitor.stored() == before


def test_a_stone_while_a_choice_is_due_and_a_choice_while_stones_are_due_are_refused(visitor: Visitor) -> None:
    new_game(visitor, "master", "human")
    before = visitor.stored()
    answer = visitor.move(FIFTEEN.parse_cell_name("a1"))
    assert answer.status_code == 409 and "Swap2 asks for a choice now" in answer.text
    assert visitor.stored() == before
    new_game(visitor, "human", "master")
    assert choose(visitor, "black").status_code == 409
    new_game(visitor, "human", "master", opening="none")
    assert choose(visitor, "black").status_code == 409


def test_no_take_back_hint_or_resign_in_the_opening(visitor: Visitor) -> None:
    new_game(visitor, "human", "master")
    place(visitor, "h8")
    page = visitor.open().text
    assert 'id="undo" formaction="/undo" disabled' in page and 'name="hint"' not in page and "Resign" not in page
    assert '<button type="button" disabled aria-describedby="hint-withheld">Hint</button>' in page  # greyed, with why
    assert "No hint in swap2&#39;s opening" in page
    assert visitor.post("/hint", {"ply": "1"}).status_code == 409


@pytest.mark.parametrize("board, rule, opening, status, stored", [
    ("15x15", "renju", "swap2", 400, None), ("3x3", "freestyle", "swap2", 200, "none"),
    ("7x7", "standard", "swap2", 200, "swap2"), ("15x15", "freestyle", "tournament", 400, None),
])
def test_swap2_is_for_freestyle_and_standard_on_the_gomoku_boards(visitor: Visitor, board: str, rule: str,
                                                                  opening: str, status: int, stored: str | None):
    before = visitor.stored()
    answer = new_game(visitor, "human", "human", opening, board, rule)
    assert answer.status_code == status
    if stored is None:
        assert visitor.stored() == before
    else:
        assert visitor.stored().get("opening", "none") == stored


def test_play_again_keeps_swap2_and_its_opener(visitor: Visitor) -> None:
    new_game(visitor, "master", "human")
    choose(visitor, "black")  # the person is black now, the computer (the opener) white
    visitor.post("/again", {})
    game = game_of(visitor)
    assert game.opening.rule == "swap2" and game.opener == "master" and game.opening_step == swap2.CHOOSE


def test_a_swap2_game_s_link_replay_review_and_record_say_how_it_opened(visitor: Visitor, monkeypatch) -> None:
    """Two people at one screen: three stones, two more, the opener takes
    black. Every way the game leaves the page carries its opening. (The
    review's moves are left unappraised: what it says of them is tested apart.)"""
    monkeypatch.setattr(review_routes, "judgements", lambda rules, moves, *_, **__: (None,) * len(moves))
    new_game(visitor, "human", "human", rule="standard")
    place(visitor, "h8", "h9", "g6")
    choose(visitor, "two")
    place(visitor, "i9", "g8")
    choose(visitor, "black")
    place(visitor, "j10")
    page = visitor.open().text
    assert page.count("(opening)") == 5  # the game's own list of moves marks them too
    link = "/replay/15x15-standard/h8-h9-g6-i9-g8-j10?opening=swap2-two"
    assert f'href="http://localhost{link}"' in page
    replay = visitor.client.get(link).text
    said = ("Opened with swap2: the first player put down stones 1 to 3 (black, white, black), the second player "
            "stones 4 and 5 (white, black), and the first player then chose a colour.")
    assert said in replay
    assert replay.count("(opening)") == 5 and "White: j10</span></li>" in replay  # the move looked at: not one
    assert "White&#39;s i9 was put down in swap2&#39;s opening, by the second player." in visitor.client.get(
        link + "&step=4").text  # in place of a player's reason
    assert "by the first player." in visitor.client.get(link + "&step=3").text
    assert "step=2&amp;opening=swap2-two" in replay  # each step keeps it, and so do the review and the records
    assert "/review/15x15-standard/h8-h9-g6-i9-g8-j10?step=6&amp;opening=swap2-two" in replay
    review = visitor.client.get("/review/15x15-standard/h8-h9-g6-i9-g8-j10?opening=swap2-two&step=2").text
    assert said in review and "/record/sgf/15x15-standard/h8-h9-g6-i9-g8-j10?opening=swap2-two" in review
    assert "was put down in swap2&#39;s opening, by the first player. No side played it in turn" in review
    assert review.count("(opening)") == 5 and "/replay/15x15-standard/h8-h9-g6-i9-g8-j10?step=2&amp;opening=" in review
    record = visitor.client.get("/record/sgf/15x15-standard/h8-h9-g6-i9-g8-j10?opening=swap2-two").text
    assert "RU[standard]" in record and "ON[swap2-two]" in record
    opened = visitor.post("/open", {"text": record}, htmx=False)
    assert opened.status_code == 303 and opened.headers["Location"] == link


def test_three_stones_and_a_colour_are_swap2_and_my_games_says_so(visitor: Visitor) -> None:
    new_game(visitor, "human", "human")
    place(visitor, "h8", "h9", "g6")
    choose(visitor, "white")
    assert "/replay/15x15/h8-h9-g6?opening=swap2" in visitor.open().text
    place(visitor, "j10")
    assert visitor.post("/resign", {"ply": "4"}).status_code == 200
    query = "?black=Human&amp;white=Human&amp;opening=swap2&amp;resigned=X"  # who played, how it opened and ended
    assert f"/review/15x15/h8-h9-g6-j10{query}" in visitor.open().text  # the game's Review button
    games = visitor.client.get("/games").text
    assert "15×15, swap2," in games and f"/review/15x15/h8-h9-g6-j10{query}" in games
    assert "/record/sgf/15x15/h8-h9-g6-j10?black=Human&amp;white=Human&amp;opening=swap2&amp;resigned=X" in games
    replay = visitor.client.get("/replay/15x15/h8-h9-g6?opening=swap2").text
    assert "stones 1 to 3 (black, white, black), and the second player chose a colour." in replay


@pytest.mark.parametrize("path, why", [
    ("/replay/15x15-renju/h8-h9-g6?opening=swap2", "The 15x15-renju board has no swap2 opening"),
    ("/review/15x15/h8-h9-g6?opening=swap3",
     "“swap3” is not an opening a link writes: swap1, swap2, swap2-two, pro, long-pro, rif, soosorv-8, "
     "taraguchi-10 or none."),
    ("/record/sgf/7x7/d4-d5-c3?opening=swap4", "“swap4” is not an opening a link writes"),
    ("/record/sgf/7x7/d4-d5-a1?opening=long-pro", "The 7x7 board has no long pro opening"),
    ("/replay/5x5/c3-c4-b2?opening=swap2", "The 5x5 board has no swap2 opening"),
    ("/replay/15x15/h8-h9?opening=swap2", "The swap2 opening puts down 3 stones; this game has 2."),
    ("/review/15x15/h8-h9-g6-i9?opening=swap2-two", "The swap2-two opening puts down 5 stones; this game has 4."),
])
def test_an_opening_in_a_link_that_is_not_one_is_a_404_that_says_why(visitor: Visitor, path: str, why: str) -> None:
    answer = visitor.client.get(path)
    assert answer.status_code == 404 and why in answer.text


def test_a_link_from_a_game_still_in_its_opening_says_no_opening_yet(visitor: Visitor) -> None:
    """Its words would tell of choices not made yet: the link carries the opening once the colours are settled."""
    new_game(visitor, "human", "human")
    place(visitor, "h8", "h9", "g6")
    assert "/replay/15x15/h8-h9-g6\"" in visitor.open().text.replace('"', '\"')
    choose(visitor, "two")
    place(visitor, "i9")
    assert "opening=" not in visitor.open().text and visitor.open().text.count("(opening)") == 4


def test_the_review_counts_no_opening_stone_in_a_side_s_summary_or_errors() -> None:
    rules = BOARDS["15x15"]
    moves = tuple(map(rules.parse_cell_name, ("h8", "h9", "g6", "i9", "g8", "j10", "f7")))
    judged = (*[Judgement("Blunder")] * 5, Judgement("Best"), Judgement("Mistake"))
    plain, opened = Review.of(rules, moves, judged, 7), Review.of(rules, moves, judged, 7, opening="swap2-two")
    assert plain.errors("X") == (1, 3, 5, 7) and opened.errors("X") == (7,) and opened.errors("O") == ()
    assert [side.counts for side in opened.summaries] == [{"Mistake": 1}, {"Best": 1}]
    retry = Retry.of(opened, "X", None, None)
    assert retry.errors == (7,) and retry.opening == "swap2-two"  # its links back keep the opening


def test_a_stored_game_whose_choices_do_not_fit_its_moves_is_not_read():
    good = {"board": "15x15", "x": "human", "o": "human", "moves": "h8-h9-i9", "opening": "swap2", "choices": []}
    assert Game.from_session(good) is not None
    for bad in ({"choices": ["two", "two"]}, {"choices": ["black"], "moves": "h8"}, {"opening": "swap3"},
                {"board": "15x15-renju"}, {"choices": ["purple"]}):
        assert Game.from_session({**good, **bad}) is None, bad
