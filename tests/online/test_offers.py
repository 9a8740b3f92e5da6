"""Offers between friends: a draw and a take-back, each accepted, declined
or withdrawn; who may make and answer them, and when not; what each viewer
reads of one; and the stored form."""

from __future__ import annotations

import pytest

from webapp.engine import BOARDS, Opening
from webapp.online import offers
from webapp.online.shared_game import SharedGame
from webapp.online.status import Told
from webapp.shared.errors import Conflict, Forbidden, InvalidInput

ALICE, BOB, CAROL = "a" * 32, "b" * 32, "c" * 32


def played(*cells: int, board: str = "7x7", opening: Opening = Opening()) -> SharedGame:
    game = SharedGame.create(BOARDS[board], "X", ALICE, "g", "CODE22", opening).join(BOB)[0]
    for cell in cells:
        game = game.play(game.player_at(game.acting_seat), cell, game.ply)[0]
    return game


def test_a_draw_offered_and_accepted_ends_the_game_drawn():
    offered, event = offers.make_offer(played(24, 25), BOB, "draw", 2)
    assert event.text == "White offers a draw."
    assert Told(offered, ALICE).offer_words == "Your opponent offers a draw."
    assert Told(offered, BOB).offer_words == "You offered a draw; waiting for your opponent's answer."
    assert Told(offered, CAROL).offer_words == "White offers a draw."
    drawn, event = offers.answer_offer(offered, ALICE, True, 2)
    assert event.text == "Black accepted: a draw, agreed." and drawn.is_over and drawn.winner is None
    assert Told(drawn, ALICE).status == Told(drawn, BOB).status == "A draw, agreed."
    assert drawn.series == {"draws": 1} and drawn.link_query == {"draw": "agreed"}


def test_a_take_back_removes_the_askers_last_move_and_the_reply_after_it():
    game = played(24, 25, 17)
    just_moved, event = offers.make_offer(game, ALICE, "takeback", 3)
    assert event.text == "Black asks to take back their last move."
    assert Told(just_moved, BOB).offer_words == "Your opponent asks to take back their last move (d5)."
    taken, event = offers.answer_offer(just_moved, BOB, True, 3)
    assert taken.moves == (24, 25) and event.text == "White accepted the take-back: d5 is off the board."
    replied, _ = offers.make_offer(game, BOB, "takeback", 3)  # O's move was e4, and X has replied since
    said = "Your opponent asks to take back their last move and your reply (e4 and d5)."
    assert Told(replied, ALICE).offer_words == said
    taken, event = offers.answer_offer(replied, ALICE, True, 3)
    assert taken.moves == (24,) and event.text == "Black accepted the take-back: e4 and d5 are off the board."
    assert taken.acting_seat == "O" and Told(taken, BOB).status == "Your turn: you play white."


def test_a_declined_offer_is_gone_and_not_made_again_until_a_move():
    offered = offers.make_offer(played(24), ALICE, "takeback", 1)[0]
    declined, event = offers.answer_offer(offered, BOB, False, 1)
    assert declined.offer is None and event.text == "White declined the take-back." and declined.moves == (24,)
    with pytest.raises(Conflict, match="declined that just now"):
        offers.make_offer(declined, ALICE, "takeback", 1)
    assert offers.make_offer(declined, ALICE, "draw", 1)[0].offer.kind == "draw", "another kind may be asked"
    moved = declined.play(BOB, 25, 1)[0].play(ALICE, 26, 2)[0]
    assert offers.make_offer(moved, ALICE, "takeback", 3)[0].offer is not None


def test_a_move_declines_the_pending_offer_and_the_offerer_may_withdraw_it():
    offered = offers.make_offer(played(24), ALICE, "draw", 1)[0]
    assert offered.play(BOB, 25, 1)[0].offer is None
    withdrawn, event = offers.withdraw_offer(offered, ALICE, 1)
    assert withdrawn.offer is None and event.text == "Black withdrew the offer."
    with pytest.raises(Conflict, match="no offer waiting to withdraw"):
        offers.withdraw_offer(offered, BOB, 1)


def _drawn_offered(game: SharedGame) -> SharedGame:
    """game with X's offer of a draw waiting."""
    return offers.make_offer(game, ALICE, "draw", 1)[0]


@pytest.mark.parametrize("attempt, error, why", [
    (lambda game: offers.make_offer(game, CAROL, "draw", 1), Forbidden, "only its players can make offers"),
    (lambda game: offers.make_offer(game, ALICE, "resign", 1), InvalidInput, "An offer is a draw or a take-back"),
    (lambda game: offers.make_offer(game, ALICE, "draw", 0), Conflict, "out of date"),
    (lambda game: offers.make_offer(game, BOB, "takeback", 1), Conflict, "You have no move to take back yet."),
    (lambda game: offers.answer_offer(game, BOB, True, 1), Conflict, "There is no offer to answer now."),
    (lambda game: offers.make_offer(_drawn_offered(game), BOB, "draw", 1), Conflict, "answer it first"),
    (lambda game: offers.make_offer(_drawn_offered(game), ALICE, "takeback", 1), Conflict,
     "You have made an offer already"),
    (lambda game: offers.answer_offer(_drawn_offered(game), ALICE, True, 1), Conflict, "That offer is yours"),
    (lambda game: offers.answer_offer(_drawn_offered(game), CAROL, True, 1), Forbidden, "only its players"),
    (lambda game: offers.make_offer(game.resign(BOB, 1)[0], ALICE, "draw", 1), Conflict, "This game is over"),
])
def test_an_offer_or_an_answer_that_cannot_be_is_refused(attempt, error: type, why: str):
    with pytest.raises(error, match=why):
        attempt(played(24))


def test_an_offer_waits_for_the_friend_and_the_opening_stones_stay():
    waiting = SharedGame.create(BOARDS["7x7"], "X", ALICE, "g", "CODE22")
    with pytest.raises(Conflict, match="has not joined"):
        offers.make_offer(waiting, ALICE, "draw", 0)
    opening = played(112, 113, 114, board="15x15", opening=Opening("swap2"))
    with pytest.raises(Conflict, match="The opening's stones cannot be taken back"):
        offers.make_offer(opening, ALICE, "takeback", 3)
    settled = opening.choose(BOB, "white", 3)[0]
    assert offers.takeback_to(settled.state, "X") is None, "three stones, all the opening's"
    assert offers.takeback_to(settled.state, "O") is None
    after = settled.play(BOB, 100, 3)[0]
    assert offers.takeback_to(after.state, "O") == 3 and offers.takeback_to(after.state, "X") is None


def test_a_take_back_forgets_what_was_declined_at_the_ply_it_returns_to():
    declined = offers.answer_offer(offers.make_offer(played(24, 25), BOB, "draw", 2)[0], ALICE, False, 2)[0]
    asked = offers.make_offer(declined.play(ALICE, 26, 2)[0], ALICE, "takeback", 3)[0]
    back = offers.answer_offer(asked, BOB, True, 3)[0]
    assert back.ply == 2 and back.declined is None
    assert offers.make_offer(back, BOB, "draw", 2)[0].offer is not None, "a new position, a new offer"


def test_the_stored_offer_round_trips_and_a_broken_one_is_refused():
    declined = offers.answer_offer(offers.make_offer(played(24), ALICE, "takeback", 1)[0], BOB, False, 1)[0]
    game = offers.make_offer(declined, BOB, "draw", 1)[0]
    assert SharedGame.from_data(game.to_data()) == game
    for broken in (["draw", "Z", 1], ["peace", "X", 1], ["draw", "X"], ["draw", "X", "1"], "draw",
                   ["draw", "X", 5], ["takeback", "O", 1]):
        with pytest.raises(ValueError):
            SharedGame.from_data({**game.to_data(), "offer": broken})


def test_the_page_offers_only_the_offers_that_would_be_taken():
    game = played(24)
    assert offers.may_offer(game, ALICE, "draw") and offers.may_offer(game, ALICE, "takeback")
    assert offers.may_offer(game, BOB, "draw") and not offers.may_offer(game, BOB, "takeback"), "O has no move yet"
    assert not offers.may_offer(game, CAROL, "draw"), "a spectator"
    declined = offers.answer_offer(_drawn_offered(game), BOB, False, 1)[0]
    assert not offers.may_offer(declined, ALICE, "draw") and offers.may_offer(declined, ALICE, "takeback")
    pending = offers.make_offer(game, BOB, "draw", 1)[0]
    assert not offers.may_offer(pending, ALICE, "takeback") and not offers.may_offer(pending, BOB, "draw")
    assert not offers.may_offer(game.resign(BOB, 1)[0], ALICE, "draw")
