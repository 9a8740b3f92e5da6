"""The coach's words: square values and the reason for a move, one position per kind."""

from __future__ import annotations

import functools

import pytest

from harness.positions import playable_positions, position, setup
from tests.reach import Reach
from tests.support import Visitor
from webapp.app import create_app
from webapp.engine import (
    BOARDS,
    DEFAULT_BOARD,
    Position,
    explain,
    forced_wins,
    hard_choices,
    outcomes,
    think,
    threat_to_answer,
)
from webapp.play.found import Found, found_says, looking_ahead
from webapp.shared import coach
from webapp.shared.board import SquareValue
from webapp.shared.coach import explain_move, reason, square_values
from webapp.shared.game_link import parse_moves
from webapp.shared.words import describe_cell


def test_square_values_count_the_movers_own_moves():
    # X to move: cells 6 and 8 win at once, cell 7 wins on X's second move.
    assert square_values(position("XOXOXO...")) == {
        6: SquareValue("win", "win in 1", "win in 1"), 7: SquareValue("win", "win in 2", "win in 2"),
        8: SquareValue("win", "win in 1", "win in 1"),
    }
    # O to move facing X's open line: only the block draws; every other square loses at X's next move.
    values = square_values(position("XX..O...."))
    assert values[2] == SquareValue("draw", "draw", "draw")
    assert {values[cell].text for cell in (3, 5, 6, 7, 8)} == {"loss in 1"}


def test_a_finished_game_has_no_square_values():
    assert square_values(position("XXXOO....")) == {} and square_values(position("XOXXOOOXX")) == {}


def test_describe_cell_counts_rows_and_columns_from_one():
    assert [describe_cell(DEFAULT_BOARD, cell) for cell in (0, 2, 4, 6)] == [
        "row 1, column 1", "row 1, column 3", "row 2, column 2", "row 3, column 1"]


def test_on_bigger_boards_a_cell_is_named_as_players_write_it():
    assert describe_cell(BOARDS["15x15"], 112) == "h8" and describe_cell(BOARDS["4x4"], 0) == "a4"


@pytest.mark.parametrize("board, cell, expected", [
    # completes a line and wins
    (".....XOOX", 2, "I complete a line and win."),
    # blocks the opponent's immediate win
    ("XX..O....", 2, "I block your line: you would have completed it here."),
    # makes a fork: X at 4 threatens both 0 (diagonal) and 1 (column)
    (".....OOXX", 4, "I make a fork: two ways to win next move, and you can block only one."),
    # blocks the opponent's fork: X could fork at 4; O at 0 leaves X no fork
    ("......OXX", 0, "I block your fork: you could have made two threats at once."),
    # the solver: a forced win that is neither a line nor a fork yet
    ("XO.......", 4, "I have a forced win: I win within 3 moves, whatever you do."),
    # the solver: every move draws, and this one sets the most traps
    (".........", 0, "Every move here draws; this one leaves you the most ways to go wrong."),
    (".........", 4, "Every move here draws."),
    # the solver: the only drawing squares, among losing ones
    ("........X", 4, "This holds the draw, where other squares lose."),
    ("X...O...X", 1, "This holds the draw, where the corners lose; this one leaves you the most ways to go wrong."),
    # the solver: a lost position
    ("....XOOXX", 2, "This position is lost for me; I hold out as long as I can."),
    (".....O.XX", 0, "This position is lost for me."),
    # the solver: a blunder by a weaker level
    ("X...O...X", 2, "A slip: this lets you win, where row 1, column 2 holds the draw."),
])
def test_each_kind_of_reason(board, cell, expected):
    assert reason(position(board), cell) == expected


@pytest.mark.parametrize("board, cell, expected", [
    ("XX..O....", 2, "I block X's line: X would have completed it here."),
    (".....OOXX", 4, "I make a fork: two ways to win next move, and O can block only one."),
    ("......OXX", 0, "I block X's fork: X could have made two threats at once."),
    ("XO.......", 4, "I have a forced win: I win within 3 moves, whatever O does."),
    (".........", 0, "Every move here draws; this one leaves O the most ways to go wrong."),
    ("X...O...X", 1, "This holds the draw, where the corners lose; this one leaves X the most ways to go wrong."),
    ("X...O...X", 2, "A slip: this lets X win, where row 1, column 2 holds the draw."),
    (".....XOOX", 2, "I complete a line and win."),
])
def test_with_no_person_on_the_other_side_a_reason_names_that_side(board, cell, expected):
    assert reason(position(board), cell, person=False) == expected


def test_a_draw_that_throws_away_a_win_is_called_a_slip():
    board = position("XO.......")
    drawing = next(cell for cell, o in outcomes(board).items() if o.result == 0)
    assert reason(board, drawing).startswith("A slip: this only draws, where row ")


def test_reasons_take_precedence_in_order():
    # Cell 2 completes X's top row and also blocks O's right column: the win is named.
    board = position("XX...O..O")
    assert board.winning_cells("O") >> 2 & 1
    assert reason(board, 2) == "I complete a line and win."
    # Cell 4 blocks O's diagonal and also gives X two threats: the block is named.
    board = position("XXO...O..")
    assert board.play(4).winning_cells("X").bit_count() == 2
    assert reason(board, 4) == "I block your line: you would have completed it here."
    # Cell 3 blocks O's left column, but X could have won at once at 7: the solver says where
    # the block leads (a fork, so still a win), not that it blocks.
    board = position("OX..X.O..")
    assert reason(board, 3) == "I have a forced win: I win within 2 moves, whatever you do."


LINES_3X3 = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
REASON_SHAPES = {  # each reason's opening words, and the value (for the mover) it claims for the move, if any
    "I complete a line and win.": 1,
    "I block your line: you would have completed it here.": None,
    "I make a fork: two ways to win next move, and you can block only one.": 1,
    "I block your fork: you could have made two threats at once.": None,
    "A slip: this lets you win": -1,
    "A slip: this only draws": 0,
    "I have a forced win: I win within": 1,
    "This position is lost for me": -1,
    "Every move here draws": 0,
    "This holds the draw, where": 0,
}


@functools.cache
def minimax_value(board: str) -> int:
    """The value of a 3×3 board (a string of 'X', 'O', '.') for the side to
    move, by plain negamax from the rules alone: 1 a win, 0 a draw, -1 a loss."""
    mover = "X" if board.count("X") == board.count("O") else "O"
    other = "O" if mover == "X" else "X"
    if any(all(board[cell] == other for cell in line) for line in LINES_3X3):
        return -1
    if "." not in board:
        return 0
    return max(-minimax_value(board[:cell] + mover + board[cell + 1:])
               for cell, mark in enumerate(board) if mark == ".")


def test_every_move_of_3x3_positions_has_a_reason_that_tells_the_truth(reach: Reach):
    """Every reason has one of the known shapes, and what it claims of the move
    (a win, a draw, a loss, a slip) is what an independent minimax finds; a
    move worse than the best is called a slip, but where blocking a fork,
    which the coach names first, was the worse move. Every playable position
    in make test, a sample in make check."""
    for board in reach.of(playable_positions(DEFAULT_BOARD), 500):
        values = {cell: -minimax_value(board.play(cell).text) for cell in board.legal_moves()}
        for cell, value in values.items():
            said = reason(board, cell)
            shape = next((opening for opening in REASON_SHAPES if said.startswith(opening)), None)
            assert shape is not None and said.endswith("."), f"{board.text} {cell}: an unknown reason: {said}"
            claimed = REASON_SHAPES[shape]
            assert claimed is None or claimed == value, f"{board.text} {cell}: “{said}” but minimax says {value}"
            worse = value < max(values.values())
            assert not said.startswith("A slip") or worse, f"{board.text} {cell}: a good move called a slip"
            # A worse move is a slip, unless a reason that comes first by the coach's order says
            # what the move does (it blocks a fork): that reason, true as it is, then hides the slip.
            assert said.startswith(("A slip", "I block your fork")) or not worse, f"{board.text} {cell}: {said}"


# The bigger boards: only what the engine knows for sure

def test_on_4x4_the_coach_knows_every_square_exactly():
    values = square_values(Position(BOARDS["4x4"]))
    assert len(values) == 16 and {value.text for value in values.values()} == {"draw"}


@pytest.mark.parametrize("board", ["5x5", "7x7", "15x15"])
def test_on_an_open_board_the_coach_says_nothing_rather_than_guess(board: str):
    rules = BOARDS[board]
    assert square_values(Position(rules).play(rules.centre)) == {}


def test_the_coach_shows_wins_at_once():
    here = setup("7x7", x="a1 b1 c1 d1", o="a7 b7 c7 g7")
    assert {here.rules.cell_name(cell): value.text for cell, value in square_values(here).items()} == {
        "e1": "win in 1"}


def test_the_coach_shows_the_square_that_must_be_blocked():
    here = setup("7x7", x="a1 b1 c1 d1", o="a7 b7 c7")
    assert here.to_move == "O"
    assert {here.rules.cell_name(cell): value.text for cell, value in square_values(here).items()} == {
        "e1": "must block"}


def test_the_coach_shows_forced_wins_by_fours_with_their_length():
    here = setup("15x15", x="d4 e4 f4 g5 g6 g7", o="c4 g8 a15 o15 o1 n15")
    values = {here.rules.cell_name(cell): value for cell, value in square_values(here).items()}
    assert values["g4"] == SquareValue("forced", "forced win in 2", "win 2")
    assert all(value.kind == "forced" for value in values.values())
    assert set(values) == {here.rules.cell_name(cell) for cell in forced_wins(here)}


def test_the_coach_names_the_answers_to_an_open_three_as_forced():
    """Issue 40: X to move at /replay/15x15/a1-h8-a3-h9-a5-h10 must answer
    O's open three h8-h9-h10, and the coach said nothing was forced."""
    rules = BOARDS["15x15"]
    here = Position.after(rules, parse_moves(rules, "a1-h8-a3-h9-a5-h10"))
    values = {rules.cell_name(cell): value for cell, value in square_values(here).items()}
    assert values == {name: SquareValue("block", "must stop the three", "stop") for name in ("h7", "h11")}
    for elsewhere in ("h6", "h12", "a7", "i9"):  # beyond the three's ends, or anywhere else: O wins by fours
        assert forced_wins(here.play(rules.parse_cell_name(elsewhere))), elsewhere
    assert explain_move(rules, parse_moves(rules, "a1-h8-a3-h9-a5-h10"), 6, person=False) == (
        "White played h10. White's reason: I make a three: black must stop it at h11 or h7, or I make an open four.")


def test_the_coach_names_the_answers_to_a_four_three_as_forced():
    here = setup("15x15", x="h7 o1 m3 c13 e15", o="h8 h9 h10 i11 j11")  # O: h11 makes a four and a three at once
    rules = here.rules
    values = {rules.cell_name(cell): value for cell, value in square_values(here).items()}
    assert set(values) == {"h11", "h12", "g11", "k11"}
    assert {value.text for value in values.values()} == {"must stop the win by fours"}
    assert forced_wins(here.play(rules.parse_cell_name("a15")))  # a move elsewhere: O wins by fours
    before = setup("15x15", x="h7 o1 m3 c13 e15", o="h8 h9 h10 i11 a15").play(rules.parse_cell_name("o15"))
    assert reason(before, rules.parse_cell_name("j11")) == (
        "I threaten a win by fours: you must stop it at h12, g11, h11 or k11.")


def test_a_threat_no_square_stops_is_marked_lost_not_passed_over():
    here = setup("15x15", x="a1 a3 a5 o1 o3", o="h8 h9 h10 i8 j8")  # X to move: O's two open threes meet at h8
    values = square_values(here)
    assert len(values) == 1 and next(iter(values.values())).text == "white wins: no square stops the three"


@pytest.mark.parametrize("x, o, cell, expected", [
    ("a1 b1 c1 d1", "a7 b7 c7 g7", "e1", "I complete a line and win."),
    ("a1 b1 c1 d1", "a7 b7 c7", "e1", "I block your line: you would have completed it here."),
    ("a1 b1 c1", "a7 b7 c7", "d1", "I make a four: you must block e1, or I complete five there."),
    ("a1 b1 c1 a3", "a7 b7 c7 g7", "g1", "Nothing is forced here."),
])
def test_reasons_on_a_big_board_say_what_is_sure(x: str, o: str, cell: str, expected: str):
    here = setup("7x7", x=x, o=o)
    assert reason(here, here.rules.parse_cell_name(cell)) == expected


def test_a_forced_win_by_fours_is_named_and_so_is_a_missed_one():
    here = setup("15x15", x="g11 i11 i9 e7 k7 i6 j6", o="k11 k10 h9 j9 k8 j7 f5")
    rules = here.rules
    first = min(forced_wins(here), key=lambda cell: (len(forced_wins(here)[cell]), cell))
    assert reason(here, first) == "I have a forced win by fours: I win within 4 moves, whatever you do."
    assert reason(here, rules.parse_cell_name("a1")) == (
        f"A slip: {rules.cell_name(first)} started a forced win by fours.")
    double = setup("15x15", x="d4 e4 f4 g5 g6 g7", o="c4 g8 a15 o15 o1 n15")
    assert reason(double, rules.parse_cell_name("g4")) == (
        "I make a fork: two ways to win next move, and you can block only one."), "a fork comes first"


def test_a_move_that_lets_the_other_side_force_a_win_is_a_slip():
    here = setup("15x15", x="d4 e4 f4 g5 g6 g7 a2", o="c4 g8 a15 o15 o1 n15")
    assert here.to_move == "O"
    assert reason(here, here.rules.parse_cell_name("a1"), person=False) == (
        "A slip: this lets black force a win by fours.")


@pytest.mark.parametrize("level, words", [("master", "this is the move my search liked best"),
                                          ("easy", "I play at random near the stones"), (None, "")])
def test_with_nothing_forced_the_reason_says_how_the_level_chose(level: str | None, words: str):
    rules = BOARDS["7x7"]
    here = Position(rules).play(rules.centre)
    said = reason(here, rules.centre + 1, level=level)
    assert said == f"Nothing is forced here; {words}." if words else said == "Nothing is forced here."


def test_hard_says_whether_its_move_was_its_search_or_a_slip():
    rules = BOARDS["7x7"]
    here = Position(rules).play(rules.centre)
    liked = hard_choices(here)
    slip = next(cell for cell in here.legal_moves() if cell not in liked)
    assert reason(here, liked[0], level="hard") == (
        "Nothing is forced here; this is the move my short search liked best.")
    assert reason(here, slip, level="hard") == (
        "Nothing is forced here; this is one of my slips, a move at random near the stones.")


def test_a_line_left_open_or_a_win_not_taken_is_a_slip_on_the_big_boards():
    left_open = setup("7x7", x="a1 b1 c1 d1", o="a7 b7 c7")  # O to move must block e1
    assert reason(left_open, left_open.rules.parse_cell_name("g4"), level="easy") == (
        "A slip: this lets you complete five at e1.")
    not_taken = setup("7x7", x="a1 b1 c1 d1 g1", o="a7 b7 c7 d7")  # O could complete e7
    for elsewhere in ("e1", "g4"):  # a block, or any other square
        assert reason(not_taken, not_taken.rules.parse_cell_name(elsewhere), person=False) == (
            "A slip: e7 completed five at once.")


def test_on_5x5_the_threats_are_threes():
    here = setup("5x5", x="d3 c2 d1 e1", o="e5 c3 e3 b1")
    wins = forced_wins(here)
    assert wins, "X forces a win by threes"
    first = min(wins, key=lambda cell: (len(wins[cell]), cell))
    assert reason(here, first) == "I have a forced win by threes: I win within 3 moves, whatever you do."


# master's reasons, from what its search found (the worker sends it back with the move)

@pytest.mark.parametrize("board, x, o, kind", [
    ("7x7", "a1 b1 c1 d1", "a7 b7 c7 g7", "win"),
    ("7x7", "a1 b1 c1 d1", "a7 b7 c7", "block"),
    ("15x15", "g11 i11 i9 e7 k7 i6 j6", "k11 k10 h9 j9 k8 j7 f5", "forced win"),
    ("7x7", "a1 b1 c1 a3", "a7 b7 c7 g7", "search"),
    ("7x7", "d4", "", "search"),
])
def test_masters_reason_from_what_it_found_is_the_reason_worked_out_again(board: str, x: str, o: str, kind: str):
    """What think() found, put into words, says what reason() says when it
    works the position out again, where both can say it."""
    here = setup(board, x=x, o=o)
    thought = think(here, 60_000, max_nodes=3_000)
    assert thought.kind == kind
    said, again = found_says(here, thought.move, Found.of(thought)), reason(here, thought.move, level="master")
    if thought.kind == "forced win":
        assert again.startswith("I have a forced win by fours") and said.startswith("I have a forced win: I win within")
        assert said.split("within")[1] == again.split("within")[1], "the same length"
    elif thought.kind == "search" and not again.startswith("I make"):
        assert said == (
            f"Nothing is forced here; this is the move my search liked best, looking {thought.depth} moves ahead.")
        assert again == "Nothing is forced here; this is the move my search liked best."
    else:
        assert said == again


def test_masters_reason_after_a_defence_and_in_a_lost_position():
    here = setup("7x7", x="a1 b1 c1 d1", o="a7 b7 c7")
    assert found_says(here, 5, Found("defence", 1, 0, 4)) == (
        "Nothing is forced for me here; the move my search liked best let you force a win, so I played the best "
        "one that does not.")
    assert found_says(here, 4, Found("lost", 1, 0, 0), person=False) == (
        "This position is lost for me: black can complete five in two places, and I can block only one.")


def test_masters_reason_in_a_game_is_put_into_words_without_searching_again(app, visitor, monkeypatch):
    """The reason under the status after master's move comes from its
    thought, kept with the game; nothing searches for forced wins again."""
    app.config["ENGINE_BUDGET_MS"] = 30
    visitor.post("/new", {"board": "7x7", "x": "human", "o": "master"})
    monkeypatch.setattr(coach, "forced_wins", lambda position: pytest.fail("searched again"))
    page = visitor.move(24).text
    found = visitor.stored()["found"]
    assert found[0] == "search"  # its depth is the clock's: at a first glance on a busy machine
    assert "I played" in page and f"this is the move my search liked best, {looking_ahead(found[3])}." in page
    visitor.post("/undo", {"ply": "2"})
    assert "found" not in visitor.stored(), "a take-back forgets it"


def test_the_big_boards_coach_and_a_replays_reasons_are_worked_out_by_the_engine_workers(tmp_path):
    """The web thread never searches: with no worker running, a 15×15
    replay is answered "the engines are busy" (503), and the 15×15 game is
    shown without the coach's marks and the computer's reason; the solved
    boards' look-ups still answer."""
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "ENGINE_WORKERS": "external"},
                     instance_path=tmp_path / "instance")
    app.extensions["engines"].wait_seconds = 0.2
    visitor = Visitor(app.test_client())
    assert visitor.client.get("/replay/15x15/a1-h8-a3-h9-a5-h10").status_code == 503
    assert visitor.client.get("/replay/40816").status_code == 200
    visitor.post("/new", {"board": "15x15", "x": "human", "o": "human", "moves": "a1-h8-a3-h9-a5-h10"})
    coached = visitor.post("/coach", {"coach": "on"})  # the game goes on, without the coach's marks
    assert coached.status_code == 200 and "The coach could not look at this position just now" in coached.text
    with visitor.client.session_transaction() as session:  # a hard's move on 15×15: its reason needs the solver
        session["play"] = {**session["play"], "game": {"board": "15x15", "x": "human", "o": "hard",
                                                       "moves": "a1-h8-a3-h9-a5-h10"}, "coach": False}
    page = visitor.client.get("/")
    assert page.status_code == 200 and '<p class="reason"></p>' in page.text
    visitor.post("/new", {"board": "4x4", "x": "human", "o": "perfect"})
    looked_up = visitor.move(5)  # a look-up: words and marks, with no worker at all
    assert looked_up.status_code == 200 and "I played " in looked_up.text
    app.extensions["engines"].queue.flush()


def test_what_the_workers_work_out_says_what_must_be_answered(visitor):
    replay = visitor.client.get("/replay/15x15/a1-h8-a3-h9-a5-h10").text
    assert 'aria-label="h7, empty, must stop the three"' in replay
    assert "White played h10. White&#39;s reason: I make a three: black must stop it at h11 or h7" in replay
    visitor.post("/new", {"board": "15x15", "x": "human", "o": "human", "moves": "a1-h8-a3-h9-a5-h10"})
    page = visitor.post("/coach", {"coach": "on"}).text
    assert "The coach marks h11 (must stop the three), h7 (must stop the three)." in page


def test_masters_reason_says_the_threat_its_move_makes_and_the_one_it_stops():
    """Explained (engine.explain), master's move that makes a three says
    where it must be stopped, as reason() says of anyone's, and a move that
    stops one says so: never "nothing is forced" beside a threat."""
    three = setup("15x15", x="h8 i8", o="a1 a2")
    g8 = BOARDS["15x15"].parse_cell_name("g8")
    thought = explain(three, think(three, 60_000, max_nodes=2_000)._replace(move=g8, kind="search"))
    said = found_says(three, g8, Found.of(thought))
    assert said == reason(three, g8, level="master") and said.startswith("I make a three: you must stop it at ")
    faced = setup("15x15", x="h8 i8 j8", o="h9 i10")
    quiet = next(cell for cell in threat_to_answer(faced).answers if threat_to_answer(faced.play(cell)) is None)
    stop = explain(faced, think(faced, 60_000, max_nodes=2_000)._replace(move=quiet, kind="search"))
    words = found_says(faced, stop.move, Found.of(stop), person=False)
    assert words.startswith("I stop black's three (") and "would have stopped it too)." in words
    assert "othing is forced" not in words


def test_what_master_found_travels_in_the_session_threats_and_all():
    from webapp.play.game import Game
    found = Found("search", 4, 10, 4, "three", (7, 9), "fours", (3,))
    game = Game.of("human", "master", (112, 113), BOARDS["15x15"], found)
    assert Game.from_session(game.to_session()).found == found
    assert Game.from_session({**game.to_session(), "found": ["search", 4, 10, 4, "five", [], "", []]}).found is None
    assert Game.from_session({**game.to_session(), "found": ["search", 4, 10, 4]}).found == Found("search", 4, 10, 4)
