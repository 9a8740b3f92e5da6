"""MENACE: its boxes and their folding by symmetry, checked against an
enumeration of the game written here from the rules; its moves and its
update rule on games made by hand; learning across games the way a browser's
MENACE does, through its stored data; and what it refuses."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from harness.judge import perfect_player, play
from harness.positions import position
from webapp.engine import BOARDS, Position
from webapp.engine.players.menace import STARTING_BEADS, Menace, fold_position

THREE = BOARDS["3x3"]
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
TURN = (6, 3, 0, 7, 4, 1, 8, 5, 2)    # square i of the turned board is square TURN[i] of the old one
MIRROR = (2, 1, 0, 5, 4, 3, 8, 7, 6)


def orientations(text: str) -> list[str]:
    """The board's 8 images: four quarter turns, each also mirrored."""
    found = []
    for _ in range(4):
        text = "".join(text[i] for i in TURN)
        found += [text, "".join(text[i] for i in MIRROR)]
    return found


def same_up_to_symmetry(text: str) -> str:
    return min(orientations(text))


def won(text: str) -> bool:
    return any(text[a] != "." and text[a] == text[b] == text[c] for a, b, c in LINES)


def games_positions() -> set[str]:
    """Every board a game reaches, by playing every move from the empty board."""
    seen, frontier = {"........."}, ["........."]
    while frontier:
        text = frontier.pop()
        if won(text) or "." not in text:
            continue
        mark = "X" if text.count("X") == text.count("O") else "O"
        for cell in (i for i, here in enumerate(text) if here == "."):
            child = text[:cell] + mark + text[cell + 1:]
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


POSITIONS = games_positions()
WITH_A_CHOICE = sorted(text for text in POSITIONS if not won(text) and text.count(".") >= 2)


# The boxes

def test_menace_needs_304_boxes_as_x_and_289_as_o():
    """Michie's 304 for X: one box per position it can face up to symmetry,
    the game not over and more than one square left."""
    boxes = {same_up_to_symmetry(text): text for text in WITH_A_CHOICE}
    by_move = Counter((text.count("X") == text.count("O"), 9 - text.count(".")) for text in boxes.values())
    assert [by_move[True, ply] for ply in (0, 2, 4, 6)] == [1, 12, 108, 183]
    assert [by_move[False, ply] for ply in (1, 3, 5, 7)] == [3, 38, 153, 95]
    assert len({fold_position(position(text)).key for text in WITH_A_CHOICE}) == 304 + 289


def test_positions_share_a_box_exactly_when_they_are_the_same_up_to_symmetry():
    pairs = {(fold_position(position(text)).key, same_up_to_symmetry(text)) for text in WITH_A_CHOICE}
    keys, classes = zip(*pairs)
    assert len(set(keys)) == len(set(classes)) == len(pairs)


def test_squares_share_a_colour_exactly_when_they_lead_to_the_same_box():
    for text in WITH_A_CHOICE:
        box = Menace.fresh().box(position(text))
        empty = [i for i, here in enumerate(text) if here == "."]
        mark = "X" if text.count("X") == text.count("O") else "O"
        led_to = {same_up_to_symmetry(text[:i] + mark + text[i + 1:]) for i in empty}
        assert len(box) == len(led_to), text
        assert set(box) <= set(empty)


def test_a_fresh_box_holds_the_starting_beads_of_its_move():
    fresh = Menace.fresh()
    assert fresh.box(Position(THREE)) == {0: 4, 1: 4, 4: 4}, "corner, edge and centre"
    assert fresh.box(position("....X....")) == {0: 4, 1: 4}
    assert set(fresh.box(position("XO..X...O")).values()) == {STARTING_BEADS[2]}
    assert fresh.box(position("XOXXOOOX.")) == {}, "the last square is forced: no box"
    assert fresh.move(position("XOXXOOOX."), random.Random(1)).cell == 8


def test_the_box_is_shown_in_the_position_own_orientation():
    machine = Menace.fresh().learn([8, 0, 7, 1, 6], "X")  # X wins along the bottom row
    here = position("O.......X")
    turned = position("X.......O")  # the same position, turned half round
    assert fold_position(here).key == fold_position(turned).key
    assert sorted(machine.box(here).values()) == sorted(machine.box(turned).values())
    assert all(here.text[cell] == "." for cell in machine.box(here))


# Moves and learning

def test_without_a_generator_it_plays_the_fullest_colour():
    machine = Menace({"X........": (1, 5, 1, 2, 1)})  # colours of the box: squares 1, 2, 4, 5 and 8
    here = position("X........")
    assert fold_position(here).colours == (1, 2, 4, 5, 8)
    assert machine.move(here) == (2, machine.box(here)) and machine.fullest(here) == [2]


def test_it_draws_each_colour_in_proportion_to_its_beads():
    machine = Menace({".........": (1, 3, 6)})
    rng = random.Random(7)
    drawn = Counter(machine.move(Position(THREE), rng).cell for _ in range(5000))
    assert abs(drawn[0] / 5000 - 0.1) < 0.02 and abs(drawn[4] / 5000 - 0.6) < 0.03


def test_a_win_adds_three_beads_of_each_colour_drawn():
    won_game = [0, 3, 1, 4, 2]  # X: 0, 1, 2 across the top
    machine = Menace.fresh().learn(won_game, "X")
    assert machine.box(Position(THREE)) == {0: 7, 1: 4, 4: 4}
    assert machine.box(position("X..O.....")) == {**dict.fromkeys([1, 2, 4, 5, 6, 7, 8], 3), 1: 6}
    assert machine.box(position("XX.OO....")) == {**dict.fromkeys([2, 5, 6, 7, 8], 2), 2: 5}
    assert machine.results == "W" and len(machine.boxes) == 3


def test_a_loss_takes_away_each_bead_drawn_and_a_draw_adds_one():
    lost = Menace.fresh().learn([0, 3, 1, 4, 2], "O")  # O played 3 and 4, and lost
    assert sum(lost.box(position("X........")).values()) == 5 * 4 - 1
    assert sum(lost.box(position("XX.O.....")).values()) == 6 * 3 - 1
    drawn = Menace.fresh().learn([4, 0, 8, 2, 1, 7, 6, 3, 5], "X")
    assert drawn.box(Position(THREE)) == {0: 4, 1: 4, 4: 5}
    assert drawn.results == "D"


def test_a_box_a_loss_empties_is_restocked_with_one_bead_of_each_colour():
    machine = Menace({"X........": (0, 1, 0, 0, 0)})  # the only bead: square 2
    after = machine.learn([0, 2, 4, 1, 8], "O")
    assert after.boxes["X........"] == (1, 1, 1, 1, 1)


def test_learning_from_a_game_or_its_mirror_image_fills_the_same_boxes():
    game = [4, 0, 1, 7, 2, 6, 3, 5, 8]
    for image in THREE.symmetries:
        turned = [image[cell] for cell in game]
        for side in "XO":
            assert Menace.fresh().learn(turned, side).boxes == Menace.fresh().learn(game, side).boxes


def test_learning_returns_a_new_menace_and_leaves_the_old_one_alone():
    fresh = Menace.fresh()
    fresh.learn([0, 3, 1, 4, 2], "X")
    assert fresh.boxes == {} and fresh.results == ""


def test_a_fresh_menace_learns_from_games_kept_between_them_as_data():
    """A browser's MENACE: stored as JSON after each game, read back before the next."""
    rng, stored = random.Random(3), json.dumps(Menace.fresh().to_data())
    for _ in range(400):
        machine = Menace.from_data(json.loads(stored))
        me = lambda here, rng: machine.move(here, rng).cell  # noqa: E731
        moves, _ = play(me, perfect_player, rng)
        stored = json.dumps(machine.learn(moves, "X").to_data())
    machine = Menace.from_data(json.loads(stored))
    assert len(machine.results) == 400
    assert machine.results[:100].count("L") >= 15 and machine.results[-100:].count("L") <= 5
    assert len(stored) < 8000, "small enough for a session"


# Data

def test_data_round_trips_through_json():
    machine = Menace.fresh().learn([0, 3, 1, 4, 2], "X").learn([4, 0, 8, 2, 1, 7, 6, 3, 5], "O")
    assert Menace.from_data(json.loads(json.dumps(machine.to_data()))) == machine


@pytest.mark.parametrize("data", [
    None, "", [], 42, {}, {"menace": 2, "boxes": {}, "results": ""},
    {"menace": 1, "boxes": [], "results": ""},
    {"menace": 1, "boxes": {}, "results": "WDX"},
    {"menace": 1, "boxes": {"X........": [1, 1, 1, 1]}, "results": ""},         # a colour short
    {"menace": 1, "boxes": {"........X": [1, 1, 1, 1, 1]}, "results": ""},      # not the box's own key
    {"menace": 1, "boxes": {"XXXOO....": [1, 1, 1, 1]}, "results": ""},         # a finished game
    {"menace": 1, "boxes": {"XX.......": [1] * 7}, "results": ""},              # no game reaches it
    {"menace": 1, "boxes": {"X........": [1, -1, 1, 1, 1]}, "results": ""},
    {"menace": 1, "boxes": {"X........": [1, True, 1, 1, 1]}, "results": ""},
    {"menace": 1, "boxes": {"X........": [0, 0, 0, 0, 0]}, "results": ""},
    {"menace": 1, "boxes": {"X........": [1.5, 1, 1, 1, 1]}, "results": ""},
    {"menace": 1, "boxes": {"X": [1]}, "results": ""},
])
def test_corrupt_or_foreign_data_gives_a_fresh_menace(data):
    assert Menace.from_data(data) == Menace.fresh()


# What it refuses

@pytest.mark.parametrize("moves, mark, message", [
    ([0, 3, 1, 4], "X", "MENACE learns from finished games; this one is still going after 4 moves."),
    ([0, 3, 1, 4, 2, 5], "X", "The game was over after 5 moves, yet it goes on."),
    ([0, 0], "X", "Cell 0 is not an empty cell"),
    ([0, "3"], "X", "A move is a square, 0 to 8, not '3'."),
    ([0, 3, 1, 4, 2], "Z", "MENACE plays X or O, not 'Z'."),
])
def test_learn_refuses_what_is_not_a_finished_game(moves, mark, message):
    with pytest.raises(ValueError, match=message):
        Menace.fresh().learn(moves, mark)


@pytest.mark.parametrize("here, message", [
    (Position(BOARDS["4x4"]), "MENACE plays on the 3x3 board, not on 4x4."),
    (position("XXXOO...."), "The game is over"),
    (position("XX......."), "X moves first and the sides alternate"),
])
def test_it_has_no_box_for_another_board_a_finished_game_or_an_impossible_one(here, message):
    with pytest.raises(ValueError, match=message):
        Menace.fresh().move(here)
    with pytest.raises(ValueError, match=message):
        Menace.fresh().box(here)
