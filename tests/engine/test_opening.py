"""The Opening value: every state a swap2 opening can reach, walked step by
step, answers as swap2's own steps say; it travels through a store and
comes back the same, and a link writes it as swap2 reads it back; without a rule every question has its plain
answer; data that is not an opening is refused."""

from __future__ import annotations

import pytest

from webapp.engine import BOARDS, Opening
from webapp.engine.play.swap2 import (
    CHOOSE,
    CHOOSE_AGAIN,
    FIRST_CHOICES,
    LAST_CHOICES,
    PLACE_THREE,
    PLACE_TWO,
    SWAP2,
    WRITTEN,
)

FIFTEEN = BOARDS["15x15"]


def swap2_states() -> list[tuple[Opening, int]]:
    """Every (opening, stones down) a swap2 game passes through, from the empty board to the colours settled."""
    states = [(Opening(SWAP2), ply) for ply in range(4)]  # three stones placed, then the first choice
    for first in FIRST_CHOICES:
        chosen = Opening(SWAP2, (first,))
        if first != "two":
            states.append((chosen, 3))
            continue
        states += [(chosen, ply) for ply in (3, 4, 5)]
        states += [(chosen.chose(last), 5) for last in LAST_CHOICES]
    return states


@pytest.mark.parametrize("opening, ply", swap2_states())
def test_every_swap2_state_answers_as_its_steps_say(opening: Opening, ply: int):
    step = opening.step(ply)
    expected = (PLACE_THREE if ply < 3 else CHOOSE) if not opening.choices else (
        None if opening.choices[0] != "two" or len(opening.choices) == 2 else PLACE_TWO if ply < 5 else CHOOSE_AGAIN)
    assert step == expected
    assert opening.choices_now(ply) == {CHOOSE: FIRST_CHOICES, CHOOSE_AGAIN: LAST_CHOICES}.get(step, ())
    if step is not None:
        assert opening.opener_acts(ply) == (step in (PLACE_THREE, CHOOSE_AGAIN))
    assert opening.fits(FIFTEEN, ply) and opening.offered_on(FIFTEEN) and bool(opening)
    assert Opening.from_data(opening.to_data()) == opening
    settled = 5 if opening.choices[:1] == ("two",) else 3
    assert opening.stones_put_down == settled
    assert [opening.placed_by_opener(index) for index in range(7)] == \
        [True] * 3 + [False] * (settled - 3) + [None] * (7 - settled)
    written = opening.written(ply)
    assert (written is None) == (step is not None)
    if written:
        assert WRITTEN[written] == opening.choices[:1] * (written == "swap2-two")
        assert Opening.read(written).stones_put_down == opening.stones_put_down, "a link's opening says its stones"
    assert opening.opener_has_white == (opening.choices in (("black",), ("two", "white")))


def test_without_a_rule_every_question_has_its_plain_answer():
    plain = Opening()
    assert not plain and plain.step(0) is None and plain.choices_now(4) == () and not plain.opener_has_white
    assert plain.placed_by_opener(0) is None and plain.stones_put_down == 0 and plain.written(9) is None
    assert plain.to_data() == {} and Opening.from_data({}) == plain
    assert plain.offered_on(BOARDS["3x3"]) and plain.fits(BOARDS["3x3"], 5)


def test_swap2_opens_only_gomokus_boards_and_fits_only_its_own_stones():
    assert not Opening(SWAP2).offered_on(FIFTEEN.with_rule("renju")), "renju begins at the centre"
    assert not Opening(SWAP2).offered_on(BOARDS["5x5"]) and Opening(SWAP2).offered_on(BOARDS["7x7"])
    assert not Opening(SWAP2).fits(FIFTEEN, 4), "four stones down and no choice made"
    assert not Opening(SWAP2, ("black",)).fits(FIFTEEN, 2) and not Opening(SWAP2, ("two", "white")).fits(FIFTEEN, 4)


@pytest.mark.parametrize("data", [{"opening": "swap3"}, {"opening": SWAP2, "choices": "black"},
                                  {"opening": None}, {"opening": SWAP2, "choices": 7}])
def test_data_that_is_not_an_opening_is_refused(data: dict):
    with pytest.raises(ValueError):
        Opening.from_data(data)


@pytest.mark.parametrize("rule, zones, picked", [
    # From the rules' texts (RIF's and Soosõrv-8's: the 26 openings' three stones, white's second free,
    # black's fifth picked from black's offer; Taraguchi-10's: a wider square for each of the first
    # four stones, whatever the swaps, and the fifth offered only if black so chooses).
    ("rif", ["at the centre", "beside the centre", "within the central 5×5", "anywhere"], 4),
    ("soosorv-8", ["at the centre", "beside the centre", "within the central 5×5", "anywhere"], 4),
    ("taraguchi-10", ["at the centre", "within the central 3×3", "within the central 5×5",
                      "within the central 7×7"], None),
    ("pro", ["at the centre", "anywhere", "at least 3 intersections from the centre (outside the central 5×5)"], None),
    ("swap2", ["anywhere"] * 3, None),  # then a colour may end the opening: later stones are nobody's zone
])
def test_the_zones_every_game_keeps_and_the_stone_always_picked_among_offers(rule: str, zones: list[str],
                                                                            picked: int | None):
    opening = Opening(rule)
    assert [zone.words for _, zone in opening.sure_zones] == zones and opening.always_picked == picked


def test_a_stone_outside_the_zone_every_game_keeps_is_refused_whatever_was_chosen():
    rules, taraguchi = BOARDS["15x15"].with_rule("renju"), Opening("taraguchi-10")
    assert taraguchi.surely_not(rules, 3, rules.parse_cell_name("k11")) is None  # 3 from the centre
    assert taraguchi.surely_not(rules, 3, rules.parse_cell_name("h12")) == (
        "Under Taraguchi-10, white's second stone goes within the central 7×7: h12 is 4 from the centre.")
    assert taraguchi.surely_not(rules, 4, rules.parse_cell_name("a1")) is None, "the fifth may be one offered"
