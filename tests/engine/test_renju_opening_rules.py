"""Renju's opening rules as their published texts give them (renju.net, the
RIF's pages; Soosõrv-N as RIF certified it in 2011), each walked as a
scripted official sequence with the refusals each step has: a stone outside
its zone, a declaration out of range, fifth moves offered that are alike in
a mirror of the position (checked here against mirrors written out by
hand, not the board's own symmetries), and a pick that is not an offer.
The machine is the one every rule walks (engine/game/opening.py); the pages'
steps are tests/play/test_renju_openings_views.py's."""

from __future__ import annotations

import pytest

from webapp.engine import BOARDS, Opening, Position
from webapp.engine.game.opening_rules import RENJU_RULES, RIF, SOOSORV_8, TARAGUCHI_10
from webapp.shared.errors import InvalidInput
from webapp.shared.forms import parse_opening_choice

RENJU = BOARDS["15x15"].with_rule("renju")


def cells(*names: str) -> tuple[int, ...]:
    return tuple(map(RENJU.parse_cell_name, names))


def mirrored_across_h(name: str) -> str:
    """A point's mirror across column h, by its letter alone."""
    letters = "abcdefghijklmno"
    return letters[14 - letters.index(name[0])] + name[1:]


def test_rif_one_of_the_26_openings_a_swap_white_s_fourth_and_two_fifth_moves_offered():
    opening = Opening(RIF)
    assert [opening.step(ply) for ply in range(4)] == ["black's first", "white's first", "black's second", "swap"]
    assert [opening.opener_acts(ply) for ply in range(4)] == [True, True, True, False], "the first player's three"
    assert "at the centre" in opening.why_not(RENJU, 0, cells("h9")[0])
    assert opening.zone(RENJU, 1) == set(cells("g7", "g8", "g9", "h7", "h9", "i7", "i8", "i9"))
    assert "beside the centre" in opening.why_not(RENJU, 1, cells("h10")[0])
    assert "within the central 5×5: k11 is 3 from the centre" in opening.why_not(RENJU, 2, cells("k11")[0])
    assert opening.choices_now(3) == ("swap", "stay")
    swapped = opening.chose("swap")
    assert swapped.opener_has_white and swapped.step(3) == "white's second" and swapped.opener_acts(3)
    moves = cells("h8", "h9", "h7", "h10")  # black's two on column h, white's two: the mirror across h keeps them
    assert swapped.step(4) == "offer" and not swapped.opener_acts(4), "black's player (the second now) offers"
    assert "Black offers 2 fifth moves here, not 1." == swapped.offer_refusal(RENJU, moves, "g6")
    assert "no two fifth moves offered may be symmetrical" in swapped.offer_refusal(RENJU, moves,
                                                                                   f"g6 {mirrored_across_h('g6')}")
    assert swapped.offer_refusal(RENJU, moves, "g6 j5") is None
    assert "h10 is taken" in swapped.offer_refusal(RENJU, moves, "h10 j5")
    offered = swapped.chose("g6 j5")
    assert offered.step(4) == "black's fifth" and offered.opener_acts(4), "white's player (the opener) picks"
    assert offered.zone(RENJU, 4) == set(cells("g6", "j5"))
    assert offered.why_not(RENJU, 4, cells("k3")[0]) == ("Under RIF, white picks black's fifth stone among those "
                                                          "black offered (g6, j5): k3 is not one.")
    assert offered.why_not(RENJU, 4, cells("j5")[0]) is None
    assert offered.step(5) is None and offered.fits(RENJU, 6, (*moves, *cells("j5", "a1")))
    # The opener put down the three, then (white after the swap) the fourth, and picked black's fifth.
    assert offered.stones_put_down == 5 and [offered.placed_by_opener(i) for i in range(6)] == [True] * 5 + [None]


def test_soosorv_8_white_declares_one_to_eight_and_black_offers_as_many():
    opening = Opening(SOOSORV_8).chose("stay")
    assert opening.step(3) == "white's second" and not opening.opener_acts(3)
    assert opening.step(4) == "declare" and opening.choices_now(4) == tuple("12345678")
    with pytest.raises(InvalidInput, match="Choose 1, 2, 3, 4, 5, 6, 7 or 8, not “9”"):
        parse_opening_choice("9", opening.choices_now(4))
    with pytest.raises(InvalidInput):
        parse_opening_choice("0", opening.choices_now(4))
    declared = opening.chose("3")
    assert declared.step(4) == "swap again" and declared.opener_acts(4), "black's player may swap"
    offering = declared.chose("swap")
    assert offering.opener_has_white and offering.step(4) == "offer" and not offering.opener_acts(4)
    moves = cells("h8", "i9", "j10", "a15")
    position = Position.after(RENJU, moves)
    assert position.to_move == "X"
    assert offering.offer_refusal(RENJU, moves, "g7 k11") == "Black offers 3 fifth moves here, not 2."
    # h8, i9, j10 lie on the diagonal and a15 off it: no mirror keeps a15, so no two offers are alike here.
    assert offering.offer_refusal(RENJU, moves, "g7 k11 g9") is None
    assert offering.chose("g7 k11 g9").zone(RENJU, 4) == set(cells("g7", "k11", "g9"))
    assert not Opening(SOOSORV_8, ("stay", "9")).fits(RENJU, 4), "a declaration out of range is no stored game"


def test_soosorv_s_symmetric_offers_are_refused_where_the_position_has_a_mirror():
    opening = Opening(SOOSORV_8, ("stay", "2", "stay"))
    moves = cells("h8", "i9", "j10", "g7")  # all on the diagonal: the mirror across it keeps them
    assert "symmetrical" in opening.offer_refusal(RENJU, moves, "h10 j8")  # j8 is h10 across the diagonal
    assert opening.offer_refusal(RENJU, moves, "h10 k8") is None


def test_taraguchi_10_each_stone_in_a_wider_square_a_swap_after_each_and_a_choice_at_the_fifth():
    opening = Opening(TARAGUCHI_10)
    assert opening.zone(RENJU, 0) == set(cells("h8"))
    after = [("stay",), ("stay", "swap"), ("stay", "swap", "stay")]
    for ply, (choices, side) in enumerate(zip(after, (3, 5, 7)), start=1):
        at = Opening(TARAGUCHI_10, choices)
        assert len(at.zone(RENJU, ply)) == side * side, (ply, side)
        corner = f"{'abcdefghijklmno'[7 + side // 2 + 1]}{8 + side // 2 + 1}"
        assert f"within the central {side}×{side}" in at.why_not(RENJU, ply, cells(corner)[0])
    assert Opening(TARAGUCHI_10).step(1) == "swap 1" and not Opening(TARAGUCHI_10).opener_acts(1)
    four = Opening(TARAGUCHI_10, ("stay", "swap", "stay", "stay"))
    assert four.step(4) == "fifth" and four.choices_now(4) == ("one", "ten")
    one = four.chose("one")
    assert one.step(4) == "black's fifth" and len(one.zone(RENJU, 4)) == 81
    assert one.step(5) == "swap 5" and one.chose("swap").step(5) is None
    ten = four.chose("ten")
    moves = cells("h8", "h9", "h7", "h10")
    assert ten.offer_refusal(RENJU, moves, "a1 b2 c3") == "Black offers 10 fifth moves here, not 3."
    names = "a1 b1 c1 d1 e1 f1 g1 a2 b2 c2"
    assert ten.offer_refusal(RENJU, moves, names) is None
    assert ten.chose(names).step(4) == "black's fifth" and len(ten.chose(names).zone(RENJU, 4)) == 10


def test_renju_rules_open_renju_s_board_only_and_a_store_keeps_their_offers():
    for rule in RENJU_RULES:
        assert Opening(rule).offered_on(RENJU) and not Opening(rule).offered_on(BOARDS["15x15"])
        assert not Opening(rule).offered_on(BOARDS["7x7"].with_rule("renju"))
    kept = Opening(RIF, ("swap", "g6 j5"))
    assert Opening.from_data(kept.to_data()) == kept
    with pytest.raises(ValueError):
        Opening.from_data({"opening": RIF, "choices": ["swap"] * 8})


def test_a_stored_opening_fits_only_offers_that_stand_and_a_pick_among_them():
    moves = cells("h8", "h9", "h7", "h10")
    assert Opening(RIF, ("swap", "g6 j5")).fits(RENJU, 5, (*moves, *cells("j5")))
    assert not Opening(RIF, ("swap", "g6 j5")).fits(RENJU, 5, (*moves, *cells("k3"))), "not an offer"
    assert not Opening(RIF, ("swap", f"g6 {mirrored_across_h('g6')}")).fits(RENJU, 4, moves), "alike"
    assert not Opening(RIF, ("swap", "g6 h10")).fits(RENJU, 4, moves), "on a stone"
    assert not Opening(RIF, ("swap", "g6 zz99")).fits(RENJU, 4, moves), "not a point"


@pytest.mark.timeout(300)
@pytest.mark.parametrize("rule", RENJU_RULES)
def test_the_computer_takes_every_step_of_renju_s_rules_on_both_sides(rule):
    """Two computers step through the whole opening (seeded): every stone in
    its zone (a pick among the offers), every choice among those open, every
    offer one the rule accepts; then a move in turn."""
    import random

    from webapp.engine.game.opening_rules import Offer
    from webapp.play.computer import Computer
    from webapp.play.game import Game

    computer = Computer(rng=random.Random(3), budget_ms=200)
    game = Game.start("hard", "hard", computer, rules=RENJU, opening=Opening(rule))
    while game.opening_now is not None:
        now, before = game.opening_now, game
        game = game.step(game.ply, computer)
        if isinstance(now.step, Offer):
            assert before.opening.offer_refusal(RENJU, before.moves, game.opening.choices[-1]) is None
        elif game.ply > before.ply:
            for index, stone in enumerate(game.moves[before.ply:]):
                assert before.opening.why_not(RENJU, before.ply + index, stone) is None
        else:
            assert game.opening.choices[-1] in now.step.options
    assert game.opening.fits(RENJU, game.ply, game.moves) and game.ply >= 5
    assert game.step(game.ply, computer).ply == game.ply + 1, "then the game goes on in turn"
