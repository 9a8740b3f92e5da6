"""Sessions as today's code writes them (Game.to_session before the game held a GameState) open and play as before."""

import pytest

from webapp.play.game import Game

STORED = [  # each written by Game.to_session at main ae59dce, with what the page said of it then
    ({"board": "3x3", "x": "human", "o": "perfect", "moves": "048"}, "Your turn: you play X.", 3),
    ({"board": "15x15", "x": "human", "o": "human", "moves": "h8-i8-h9", "resigned": "O"},
     "White resigned: black wins.", 3),
    ({"board": "15x15", "x": "human", "o": "master", "moves": "g9", "set_up": {"x": "h8", "o": "h9"}},
     "Your turn: you play black.", 3),
    ({"board": "15x15", "x": "human", "o": "master", "moves": "h8-i8", "stood_in": "it timed out"},
     "Your turn: you play black.", 2),
    ({"board": "15x15", "x": "human", "o": "human", "moves": "h8-i8-h9", "opening": "swap2", "choices": ["black"]},
     "White to move.", 3),
]


@pytest.mark.parametrize(("stored", "status", "ply"), STORED)
def test_a_stored_session_opens_as_it_was_written(stored, status, ply):
    game = Game.from_session(stored)
    assert game is not None and game.status == status and game.ply == ply
    assert Game.from_session(game.to_session()) == game
    assert {key: value for key, value in game.to_session().items() if key != "board"} == {
        key: value for key, value in stored.items() if key != "board"}


def test_a_stored_session_plays_on():
    game = Game.from_session({"board": "3x3", "x": "human", "o": "perfect", "moves": "04"})
    assert game is not None
    after = game.play(8, 2)
    assert after.ply == 4 and after.moves[:3] == (0, 4, 8)


@pytest.mark.parametrize("stored", [
    {"board": "15x15", "x": "human", "o": "master", "moves": "g9", "set_up": {"x": "h8", "o": "z99"}},
    {"board": "15x15", "x": "human", "o": "master", "moves": "", "set_up": {"x": "h8-h9-h10-h11-h12", "o": "a1"}},
    {"board": "15x15", "x": "human", "o": "nobody", "moves": "h8"},
    {"board": "15x15", "x": "human", "o": "human", "moves": "h8-i8", "opening": "swap2", "choices": ["black"]},
    {"board": "3x3", "x": "human", "o": "perfect", "moves": "00"},
    {"x": "human", "o": "perfect", "moves": "40"},  # before there were other boards: given 3×3 at start, once
    None,
])
def test_a_stored_session_that_is_no_game_is_dropped(stored):
    assert Game.from_session(stored) is None
