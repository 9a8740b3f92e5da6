"""One match: moves, replies, refusals, status sentences and the stored form."""

from __future__ import annotations

import random

import pytest

from webapp import engine
from webapp.game import Conflict, Game, InvalidInput, check_moves, parse_cell, parse_player, parse_ply


def test_a_new_game_waits_for_the_person_playing_x():
    game = Game.start("human", "perfect")
    assert game.moves == () and game.humans_turn
    assert game.status == "Your turn: you play X."


def test_the_computer_opens_when_it_plays_x():
    game = Game.start("perfect", "human", random.Random(1))
    assert game.ply == 1 and game.to_move == "O"
    assert game.status == "Your turn: you play O."


def test_a_move_gets_the_computers_reply_in_the_same_step():
    game = Game.start("human", "perfect").play(4, seen_ply=0)
    assert game.ply == 2 and game.board[4] == "X" and game.board.count("O") == 1


def test_two_people_take_turns_on_one_screen():
    game = Game.start("human", "human").play(0, 0).play(4, 1)
    assert game.board == "X...O...." and game.status == "X to move."


def test_two_computers_play_to_the_end():
    game = Game.start("perfect", "perfect", random.Random(2))
    assert game.is_over and game.winner is None and game.status == "A draw."


@pytest.mark.parametrize("moves, seen, cell, message", [
    ((4, 0), 1, 8, "out of date"),
    ((4, 0), 2, 4, "Row 2, column 2 is taken"),
    ((4, 0), 2, 0, "Row 1, column 1 is taken"),
])
def test_a_move_that_does_not_fit_the_game_is_a_conflict(moves, seen, cell, message):
    game = Game("human", "perfect", moves)
    with pytest.raises(Conflict, match=message):
        game.play(cell, seen)


def test_no_move_after_the_game_ends():
    game = Game("human", "human", (0, 3, 1, 4, 2))
    assert game.is_over and game.winner == "X" and game.winning_line == (0, 1, 2)
    with pytest.raises(Conflict, match="This game is over"):
        game.play(8, 5)


def test_no_move_for_the_person_while_the_computer_is_to_move():
    with pytest.raises(Conflict, match="computer's turn"):
        Game("perfect", "perfect").play(0, 0)


@pytest.mark.parametrize("game, status", [
    (Game("human", "perfect", (0, 4, 1, 2, 6, 3, 5, 7, 8)), "A draw: nobody could win this one."),
    (Game("human", "perfect", (1, 4, 2, 0, 3, 8)), "The computer wins with three Os in a row."),
    (Game("perfect", "human", (0, 3, 1, 4, 2)), "The computer wins with three Xs in a row."),
    (Game("human", "perfect", (0, 3, 1, 4, 2)), "You win!"),
    (Game("human", "human", (0, 3, 1, 4, 2)), "X wins!"),
    (Game("human", "human", (0, 4, 1, 2, 6, 3, 5, 7, 8)), "A draw."),
])
def test_the_status_line_says_how_the_game_ended(game, status):
    assert game.status == status


def test_cells_are_named_by_row_column_and_content():
    game = Game("human", "perfect", (2, 4))
    assert game.cell_label(0) == "Row 1, column 1, empty"
    assert game.cell_label(2) == "Row 1, column 3, X"
    assert game.cell_label(4) == "Row 2, column 2, O"


def test_only_empty_cells_on_a_persons_turn_can_be_played():
    game = Game("human", "perfect", (0, 4))
    assert [game.can_play(cell) for cell in range(9)] == [c not in (0, 4) for c in range(9)]
    assert not any(Game("human", "human", (0, 3, 1, 4, 2)).can_play(c) for c in range(9))


def test_the_stored_form_round_trips():
    game = Game("perfect", "human", (4, 0, 8))
    assert game.to_session() == {"x": "perfect", "o": "human", "moves": "408"}
    assert Game.from_session(game.to_session()) == game


@pytest.mark.parametrize("data", [
    None, "garbage", 42, {}, {"x": "human", "o": "perfect"},
    {"x": "human", "o": "wizard", "moves": ""},
    {"x": "human", "o": "perfect", "moves": "44"},
    {"x": "human", "o": "perfect", "moves": "4a"},
    {"x": "human", "o": "perfect", "moves": "0314258"},
    {"x": "human", "o": "perfect", "moves": None},
])
def test_unreadable_stored_data_gives_no_game(data):
    assert Game.from_session(data) is None


@pytest.mark.parametrize("moves, message", [
    ((4, 4), "Move 2 is not an empty square."),
    ((0, 3, 1, 4, 2, 8), "Move 6 comes after the game ended."),
    ((9,), "Move 1 is not an empty square."),
])
def test_check_moves_names_the_first_wrong_step(moves, message):
    with pytest.raises(InvalidInput, match=message):
        check_moves(moves)


@pytest.mark.parametrize("raw", ["0", "4", "8"])
def test_parse_cell_reads_a_cell(raw):
    assert parse_cell(raw) == int(raw)


@pytest.mark.parametrize("raw, message", [
    (None, "Choose a square"), ("", "Choose a square"),
    ("9", "not “9”"), ("-1", "not “-1”"), ("abc", "not “abc”"), (" 4", "not “ 4”"),
    ("²", "not “²”"), ("٣", "not “٣”"), ("4.0", "not “4.0”"), ("1" * 50, "not “" + "1" * 20 + "…”"),
])
def test_parse_cell_says_what_is_wrong(raw, message):
    with pytest.raises(InvalidInput, match=message):
        parse_cell(raw)


@pytest.mark.parametrize("raw", [None, "", "x", "10", "-1", "²"])
def test_parse_ply_refuses_a_malformed_ply(raw):
    with pytest.raises(InvalidInput):
        parse_ply(raw)


def test_parse_player_knows_the_players_and_defaults():
    assert parse_player(None, "X") == "human" and parse_player(None, "O") == "perfect"
    for player in ("human", *engine.LEVELS):
        assert parse_player(player, "O") == player
    for unknown in ("easy", "medium", "hard", "", "Perfect"):
        with pytest.raises(InvalidInput, match="Unknown player"):
            parse_player(unknown, "X")
