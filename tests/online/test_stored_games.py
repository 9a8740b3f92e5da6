"""Shared games as today's code stores them (SharedGame.to_data at main ae59dce) open and play as before."""

import pytest

from webapp.online.shared_game import SharedGame
from webapp.online.status import Told

A, B = "a" * 32, "b" * 32

OPENED = {"id": "G2G2G2G2G2G2G2G2G2G2G2", "code": "8KQ2MX", "board": "15x15", "moves": "h8-i8-h9", "seats": [B, A],
          "rematch": None, "series": {}, "away": [], "opening": "swap2", "choices": ["white"], "clock": "5+3",
          "left": [304.0, 301.0], "since": 104.0, "offer": None, "declined": None}
RESIGNED = {"id": "G1G1G1G1G1G1G1G1G1G1G1", "code": "7KQ2MX", "board": "3x3", "moves": "40", "seats": [A, B],
            "rematch": None, "series": {A: 1}, "away": [], "resigned": "O", "offer": None, "declined": None}
OFFERED = {"id": "G1G1G1G1G1G1G1G1G1G1G1", "code": "7KQ2MX", "board": "3x3", "moves": "40", "seats": [A, B],
           "rematch": None, "series": {}, "away": [], "offer": ["draw", "X", 2], "declined": None}
RATED = {**OFFERED, "offer": None, "rated": True, "names": ["alice", None]}


@pytest.mark.parametrize(("stored", "viewer", "status", "acting"), [
    (OPENED, A, "Your turn: you play white.", "O"),
    (OPENED, B, "Your opponent's turn (white).", "O"),
    (RESIGNED, None, "O resigned: X wins.", "X"),
    (OFFERED, B, "Your opponent's turn (X).", "X"),
    (RATED, A, "Your turn: you play X.", "X"),
])
def test_a_stored_game_opens_as_it_was_written(stored, viewer, status, acting):
    game = SharedGame.from_data(stored)
    kept = game.to_data()  # which may add what a newer game keeps (who has moved: the endings)
    assert {key: kept[key] for key in stored} == stored
    assert Told(game, viewer).status == status and game.acting_seat == acting


def test_a_stored_game_plays_on_and_ends_as_before():
    game = SharedGame.from_data(OPENED)
    moved, _ = game.play(A, 96, 3, now=105.0)
    assert moved.ply == 4 and not moved.is_over and moved.acting_seat == "X"
    resigned = SharedGame.from_data(RESIGNED)
    assert resigned.is_over and resigned.winner == "X" and not resigned.played_out
    assert resigned.link_query == {"resigned": "O"}


@pytest.mark.parametrize("stored", [
    {**OFFERED, "moves": "44"},
    {**OFFERED, "offer": ["draw", "X", 1]},
    {**OPENED, "choices": ["white", "black"]},
    {**RESIGNED, "resigned": "Z"},
    {key: value for key, value in OFFERED.items() if key != "seats"},
    {**OFFERED, "moves": "49", "offer": None},                       # no square 9 on 3×3
    {**OPENED, "moves": "h8-z9-h9", "choices": []},                  # no column z
    {**OFFERED, "moves": "031425", "offer": None},                   # a move after X's line
    {**RESIGNED, "moves": "03142"},                                  # over on the board, and resigned
    {**RESIGNED, "draw": "agreed"},                                  # two endings
    {**OFFERED, "offer": None, "draw": "maybe"},                     # not a draw
    {**OFFERED, "board": "15x15-renju", "moves": "a1", "offer": None},  # renju's first stone is the centre's
])
def test_a_stored_game_that_is_no_game_is_refused(stored):
    """Loading reads what storing wrote without a link's parsers, yet refuses a game that is not one."""
    with pytest.raises(ValueError, match="not a shared game"):
        SharedGame.from_data(stored)
