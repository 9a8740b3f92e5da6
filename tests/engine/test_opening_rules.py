"""The opening rules clubs play, each walked as its published text gives its
sequence (renju.net, the Gomocup's and playok's rule pages): swap1 (three
stones, then a colour), swap2 (its own tests: test_swap2, test_opening),
pro and long pro (black's first at the centre, white's anywhere, black's
second outside the central 5×5, or 7×7). Each step's refusals, the zones
checked against the boards' letters and numbers rather than our distance,
and the computer taking every step of each rule on both sides."""

from __future__ import annotations

import random

import pytest

from webapp.engine import BOARDS, Opening, Position
from webapp.engine.game.opening_rules import LONG_PRO, PRO, SWAP1, SWAP2, WRITTEN, Choose, Place
from webapp.engine.play import opening_play
from webapp.play.computer import Computer
from webapp.play.game import Game

FIFTEEN, SEVEN = BOARDS["15x15"], BOARDS["7x7"]


def cell(name: str) -> int:
    return FIFTEEN.parse_cell_name(name)


def outside_central_square(name: str, side: int) -> bool:
    """Whether a 15×15 point lies outside the central side×side square, read from its letter and number alone."""
    half = side // 2
    columns = "abcdefghijklmno"[7 - half:8 + half]
    rows = range(8 - half, 9 + half)
    return not (name[0] in columns and int(name[1:]) in rows)


def test_swap1_is_three_stones_then_a_colour_and_white_moves_next():
    opening = Opening(SWAP1)
    assert [opening.step(ply) for ply in range(4)] == ["place three"] * 3 + ["choose"]
    assert [opening.opener_acts(ply) for ply in range(4)] == [True, True, True, False]
    assert opening.choices_now(3) == ("black", "white"), "no two more under swap1"
    assert opening.zone(FIFTEEN, 0) is None and opening.why_not(FIFTEEN, 0, cell("a1")) is None, "anywhere"
    took_black = opening.chose("black")
    assert took_black.step(3) is None and took_black.opener_has_white and took_black.written(3) == "swap1"
    assert not opening.chose("white").opener_has_white
    assert took_black.stones_put_down == 3 and [took_black.placed_by_opener(i) for i in range(4)] == [True] * 3 + [None]
    assert not Opening(SWAP1, ("two",)).fits(FIFTEEN, 3), "two more is swap2's, not swap1's"
    assert Opening.read("swap1") == Opening(SWAP1)


@pytest.mark.parametrize("rule, side", [(PRO, 5), (LONG_PRO, 7)])
def test_pro_and_long_pro_put_black_at_the_centre_and_its_second_stone_outside_the_central_square(rule, side):
    opening = Opening(rule)
    assert [opening.step(ply) for ply in range(4)] == ["black's first", "white's first", "black's second", None]
    assert [opening.opener_acts(ply) for ply in range(3)] == [True, False, True], "each colour's own stone, in turn"
    assert opening.zone(FIFTEEN, 0) == {cell("h8")}
    assert "at the centre" in opening.why_not(FIFTEEN, 0, cell("h9"))
    assert opening.zone(FIFTEEN, 1) is None, "white's first goes anywhere"
    names = {name: cell(name)
             for name in (f"{letter}{number}" for letter in "abcdefghijklmno" for number in range(1, 16))}
    assert opening.zone(FIFTEEN, 2) == {at for name, at in names.items() if outside_central_square(name, side)}
    assert len(opening.zone(FIFTEEN, 2)) == 225 - side * side
    nearest_refused, farthest_allowed = "hijklm"[side // 2], "hijklm"[side // 2 + 1]
    refusal = opening.why_not(FIFTEEN, 2, cell(f"{nearest_refused}8"))
    assert refusal == (f"Under {opening.name.lower()}, black's second stone goes at least {side // 2 + 1} "
                       f"intersections from the centre (outside the central {side}×{side}): "
                       f"{nearest_refused}8 is {side // 2} from the centre.")
    assert opening.why_not(FIFTEEN, 2, cell(f"{farthest_allowed}8")) is None
    assert opening.written(3) == rule and opening.stones_put_down == 3 and not opening.choices_now(2)


def test_a_stored_game_under_pro_fits_only_with_its_stones_in_their_zones():
    pro = Opening(PRO)
    assert pro.fits(FIFTEEN, 3, (cell("h8"), cell("a1"), cell("k11")))
    assert not pro.fits(FIFTEEN, 3, (cell("h9"), cell("a1"), cell("k11"))), "black's first off the centre"
    assert not pro.fits(FIFTEEN, 3, (cell("h8"), cell("a1"), cell("j10"))), "black's second two from the centre"
    assert not Opening(PRO, ("black",)).fits(FIFTEEN, 3), "pro has no choice"


@pytest.mark.parametrize("rule, board, offered", [
    (SWAP1, "7x7", True), (PRO, "7x7", True), (LONG_PRO, "7x7", False), (LONG_PRO, "15x15", True),
    (PRO, "5x5", False), (SWAP1, "3x3", False)])
def test_each_rule_opens_the_boards_its_zones_fit(rule, board, offered):
    assert Opening(rule).offered_on(BOARDS[board]) is offered
    assert not Opening(rule).offered_on(FIFTEEN.with_rule("renju")), "renju's openings are its own"


def test_every_written_opening_reads_back_to_its_rule():
    assert set(WRITTEN) == {"swap1", "swap2", "swap2-two", "pro", "long-pro", "rif", "soosorv-8", "taraguchi-10"}
    for written, (rule, choices) in WRITTEN.items():
        assert Opening.read(written) == Opening(rule, choices)


def test_the_computer_puts_pro_s_stones_in_their_zones_and_a_stone_that_works_with_black_s_first():
    rules, opening = FIFTEEN, Opening(LONG_PRO)
    assert opening_play.stones(opening.now(0), Position.after(rules, ())) == (cell("h8"),)
    position = Position.after(rules, (cell("h8"), cell("i9")))
    (second,) = opening_play.stones(opening.now(2), position)
    assert opening.why_not(rules, 2, second) is None
    value = opening_play._opponent_value  # master's value for white to move, as a player would weigh it
    assert value(position.play(second)) <= value(position.play(cell("a1"))), "no worse for black than a corner"


@pytest.mark.timeout(300)
@pytest.mark.parametrize("rule, board", [(SWAP1, "7x7"), (SWAP1, "15x15"), (SWAP2, "15x15"), (PRO, "7x7"),
                                         (PRO, "15x15"), (LONG_PRO, "15x15")])
def test_the_computer_takes_every_step_of_each_rule_on_both_sides(rule, board):
    """Two computers step through the whole opening (seeded): every stone in
    its zone, every choice among those offered, and then a move in turn."""
    rules, computer = BOARDS[board], Computer(rng=random.Random(5), budget_ms=200)
    game = Game.start("hard", "hard", computer, rules=rules, opening=Opening(rule))
    seen_steps = []
    while game.opening_now is not None:
        now = game.opening_now
        seen_steps.append(now.step)
        before = game
        game = game.step(game.ply, computer)
        if isinstance(now.step, Place):
            placed = game.moves[before.ply:]
            assert placed, now.step
            for index, stone in enumerate(placed):
                assert before.opening.why_not(rules, before.ply + index, stone) is None
        else:
            assert game.opening.choices[-1] in now.step.options
    assert any(isinstance(step, Choose) for step in seen_steps) == (rule in (SWAP1, SWAP2))
    assert game.opening.fits(rules, game.ply, game.moves) and game.written_opening in WRITTEN
    after = game.step(game.ply, computer)
    assert after.ply == game.ply + 1, "then the game goes on in turn"
