"""The clocks of a game between friends, at given times (no waiting): time
controls as a person chooses them, time charged to the player who acts, the
increment, a flag that falls, clocks that follow swap2's exchanged seats,
and the stored form."""

from __future__ import annotations

import pytest

from webapp.engine import BOARDS, Opening
from webapp.online import offers
from webapp.online.clock import Clock, TimeControl, clock_words, parse_time_control, time_controls
from webapp.online.shared_game import SharedGame
from webapp.online.status import Told, terms_words
from webapp.shared.errors import Conflict, InvalidInput

ALICE, BOB, CAROL = "a" * 32, "b" * 32, "c" * 32
START = 1_000_000.0


def clocked(control: str = "1+2", board: str = "7x7", opening: Opening = Opening()) -> SharedGame:
    game = SharedGame.create(BOARDS[board], "X", ALICE, "g", "CODE22", opening, TimeControl.parse(control))
    return game.join(BOB)[0]


def test_the_controls_offered_are_read_and_a_forged_one_is_refused():
    offered = time_controls("3+2 5+3 10+5 15+10")
    assert list(offered) == ["3+2", "5+3", "10+5", "15+10"]
    assert offered["5+3"].base == 300 and offered["5+3"].increment == 3
    assert offered["5+3"].words == "5 minutes + 3 seconds a move" and offered["15+10"].short_words == "15 min + 10 s"
    assert parse_time_control("none", offered) is None and parse_time_control(None, offered) is None
    for forged in ("0+0", "1+0", "999+999", "5+3 ", "5 + 3"):
        with pytest.raises(InvalidInput, match="Choose a clock from the list"):
            parse_time_control(forged, offered)
    for broken in ("", "x+1", "0+5", "-1+2", "5+-1"):
        with pytest.raises(ValueError):
            TimeControl.parse(broken)


@pytest.mark.parametrize("seconds, shown", [
    (300, "5:00"), (299.01, "5:00"), (61.9, "1:02"), (10.2, "0:11"), (10, "0:10.0"), (9.44, "0:09.5"),
    (0.01, "0:00.1"), (0.0, "0:00"), (-3, "0:00"), (3725, "1:02:05"),
])
def test_time_is_shown_as_a_clock_shows_it_rounded_up(seconds: float, shown: str):
    assert clock_words(seconds) == shown


def test_the_clocks_start_with_the_first_stone_and_charge_whoever_acts():
    game = clocked()
    assert game.running_mark is None and game.deadline is None, "no clock runs before the first stone"
    game = game.play(ALICE, 24, 0, now=START)[0]
    assert game.running_mark == "O" and game.deadline == START + 60
    assert game.time_left("X", START + 30) == 60 and game.time_left("O", START + 30) == 30
    game = game.play(BOB, 25, 1, now=START + 10)[0]
    assert game.time_left("O", START + 10) == 52, "10 s spent, 2 s added"
    assert game.running_mark == "X" and game.deadline == START + 10 + 60


def test_a_clock_that_runs_out_loses_the_game_and_no_move_is_taken_after_it():
    game = clocked().play(ALICE, 24, 0, now=START)[0]
    assert not game.flag_due(START + 59.9) and game.as_of(START + 59.9) == game
    assert game.flag_due(START + 60)
    over = game.as_of(START + 61)
    assert over.is_over and over.winner == "X" and over.ending.timed_out == "O"
    assert Told(over, BOB).status == "You lost on time."
    assert Told(over, ALICE).status == "You win on time!"
    assert Told(over, CAROL).status == "White's time ran out: black wins on time."
    assert over.time_left("O", START + 99) == 0 and over.series == {ALICE: 1}
    assert over.link_query == {"timed_out": "O"}
    with pytest.raises(Conflict, match="Your time ran out: the game is over, black wins on time."):
        game.play(BOB, 25, 1, now=START + 61)
    with pytest.raises(Conflict, match="Your opponent's time ran out"):
        offers.make_offer(game, ALICE, "draw", 1, now=START + 61)


def test_a_resignation_or_an_agreed_draw_stops_the_clocks():
    game = clocked().play(ALICE, 24, 0, now=START)[0]
    resigned = game.resign(BOB, 1, now=START + 5)[0]
    assert resigned.running_mark is None and resigned.time_left("O", START + 500) == 55
    offered = offers.make_offer(game, ALICE, "draw", 1, now=START + 5)[0]
    drawn = offers.answer_offer(offered, BOB, True, 1, now=START + 6)[0]
    assert drawn.deadline is None and drawn.time_left("O", START + 500) == 54


def test_under_swap2_the_opener_is_timed_stone_by_stone_and_the_clocks_follow_the_seats():
    game = clocked("1+0", "15x15", Opening("swap2"))
    for ply, cell in enumerate((112, 113, 114)):
        game = game.play(ALICE, cell, ply, now=START + 10 * ply)[0]
    assert game.running_mark == "O" and game.time_left("X", START + 20) == 40, "the opener's 2nd and 3rd stones"
    chose_white = game.choose(BOB, "white", 3, now=START + 25)[0]
    assert chose_white.seats == (ALICE, BOB), "Bob chose white: he keeps O's seat"
    chose_black = game.choose(BOB, "black", 3, now=START + 25)[0]
    assert chose_black.seats == (BOB, ALICE)
    assert chose_black.time_left("X", START + 25) == 55, "Bob's clock, spent 5 s choosing, went with him to X"
    assert chose_black.time_left("O", START + 25) == 40 and chose_black.running_mark == "O"


def test_the_stored_clock_round_trips_and_a_broken_one_is_refused():
    game = clocked().play(ALICE, 24, 0, now=START)[0].play(BOB, 25, 1, now=START + 3)[0]
    assert SharedGame.from_data(game.to_data()) == game
    for broken in ({"left": [60, -1]}, {"clock": "0+0"}, {"left": None}, {"since": "soon"}, {"left": "12"},
                   {"left": [60, float("nan")]}, {"since": float("inf")}, {"clock": "nan+0"}, {"left": [1, 2, 3]}):
        with pytest.raises(ValueError):
            SharedGame.from_data({**game.to_data(), **broken})
    assert Clock.from_data({}) is None


def test_a_rematch_keeps_the_control_with_full_clocks():
    game = clocked().play(ALICE, 24, 0, now=START)[0].resign(BOB, 1, now=START + 9)[0]
    following = game.start_rematch(BOB, "next", "NEXT22")[1]
    assert following.clock == Clock.start_of(TimeControl.parse("1+2"))
    assert terms_words(following) == " (freestyle, 1+2 clock)"


def test_a_server_whose_clock_is_behind_charges_no_time_and_adds_none():
    game = clocked().play(ALICE, 24, 0, now=START)[0]
    assert game.time_left("O", START - 2) == 60
    assert game.play(BOB, 25, 1, now=START - 2)[0].time_left("O", START) == 62, "only the increment"


def test_time_spent_away_is_the_players_own():
    game = clocked().play(ALICE, 24, 0, now=START)[0]
    away = game.leave("O")[0].arrive("O")[0]
    assert away.clock == game.clock, "leaving and coming back stop no clock"
    moved = away.play(BOB, 25, 1, now=START + 40)[0]
    assert moved.time_left("O", START + 40) == 22, "40 s away, 2 s added"
