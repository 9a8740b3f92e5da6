"""Offers between friends: a draw and a take-back, each accepted, declined
or withdrawn; who may make and answer them, and when not; what each viewer
reads of one; and the stored form."""

from __future__ import annotations

import pytest

from webapp.engine import BOARDS, Opening
from webapp.online.shared_game import SharedGame
from webapp.shared.errors import Conflict, Forbidden, InvalidInput

ALICE, BOB, CAROL = "a" * 32, "b" * 32, "c" * 32


def played(*cells: int, board: str = "7x7", opening: Opening = Opening()) -> SharedGame:
    game = SharedGame.create(BOARDS[board], "X", ALICE, "g", "CODE22", opening).join(BOB)[0]
    for cell in cells:
        game = game.play(game.player_at(game.acting_seat), cell, game.ply)[0]
    return game


def test_a_draw_offered_and_accepted_ends_the_game_drawn():
    offered, event = played(24, 25).make_offer(BOB, "draw", 2)
    assert event.text == "White offers a draw."
    assert offered.offer_words(ALICE) == "Your friend offers a draw."
    assert offered.offer_words(BOB) == "You offered a draw; waiting for your friend's answer."
    assert offered.offer_words(CAROL) == "White offers a draw."
    drawn, event = offered.answer_offer(ALICE, True, 2)
    assert event.text == "Black accepted: a draw, agreed." and drawn.is_over and drawn.winner is None
    assert drawn.status_for(ALICE) == drawn.status_for(BOB) == "A draw, agreed."
    assert drawn.series == {"draws": 1} and drawn.link_query == {"draw": "agreed"}


def test_a_take_back_removes_the_askers_last_move_and_the_reply_after_it():
    game = played(24, 25, 17)
    just_moved, event = game.make_offer(ALICE, "takeback", 3)
    assert event.text == "Black asks to take back their last move."
    assert just_moved.offer_words(BOB) == "Your friend asks to take back their last move (d5)."
    taken, event = just_moved.answer_offer(BOB, True, 3)
    assert taken.moves == (24, 25) and event.text == "White accepted the take-back: d5 is off the board."
    replied, _ = game.make_offer(BOB, "takeback", 3)  # O's move was e4, and X has replied since
    assert replied.offer_words(ALICE) == "Your friend asks to take back their last move and your reply (e4 and d5)."
    taken, event = replied.answer_offer(ALICE, True, 3)
    assert taken.moves == (24,) and event.text == "Black accepted the take-back: e4 and d5 are off the board."
    assert taken.acting_seat == "O" and taken.status_for(BOB) == "Your turn: you play white."


def test_a_declined_offer_is_gone_and_not_made_again_until_a_move():
    offered = played(24).make_offer(ALICE, "takeback", 1)[0]
    declined, event = offered.answer_offer(BOB, False, 1)
    assert declined.offer is None and event.text == "White declined the take-back." and declined.moves == (24,)
    with pytest.raises(Conflict, match="declined that just now"):
        declined.make_offer(ALICE, "takeback", 1)
    assert declined.make_offer(ALICE, "draw", 1)[0].offer.kind == "draw", "another kind may be asked"
    moved = declined.play(BOB, 25, 1)[0].play(ALICE, 26, 2)[0]
    assert moved.make_offer(ALICE, "takeback", 3)[0].offer is not None


def test_a_move_declines_the_pending_offer_and_the_offerer_may_withdraw_it():
    offered = played(24).make_offer(ALICE, "draw", 1)[0]
    assert offered.play(BOB, 25, 1)[0].offer is None
    withdrawn, event = offered.withdraw_offer(ALICE, 1)
    assert withdrawn.offer is None and event.text == "Black withdrew the offer."
    with pytest.raises(Conflict, match="no offer waiting to withdraw"):
        offered.withdraw_offer(BOB, 1)


@pytest.mark.parametrize("attempt, error, why", [
    (lambda game: game.make_offer(CAROL, "draw", 1), Forbidden, "only its players can make offers"),
    (lambda game: game.make_offer(ALICE, "resign", 1), InvalidInput, "An offer is a draw or a take-back"),
    (lambda game: game.make_offer(ALICE, "draw", 0), Conflict, "out of date"),
    (lambda game: game.make_offer(BOB, "takeback", 1), Conflict, "You have no move to take back yet."),
    (lambda game: game.answer_offer(BOB, True, 1), Conflict, "There is no offer to answer now."),
    (lambda game: game.make_offer(ALICE, "draw", 1)[0].make_offer(BOB, "draw", 1), Conflict, "answer it first"),
    (lambda game: game.make_offer(ALICE, "draw", 1)[0].make_offer(ALICE, "takeback", 1), Conflict,
     "You have made an offer already"),
    (lambda game: game.make_offer(ALICE, "draw", 1)[0].answer_offer(ALICE, True, 1), Conflict, "That offer is yours"),
    (lambda game: game.make_offer(ALICE, "draw", 1)[0].answer_offer(CAROL, True, 1), Forbidden, "only its players"),
    (lambda game: game.resign(BOB, 1)[0].make_offer(ALICE, "draw", 1), Conflict, "This game is over"),
])
def test_an_offer_or_an_answer_that_cannot_be_is_refused(attempt, error: type, why: str):
    with pytest.raises(error, match=why):
        attempt(played(24))


def test_an_offer_waits_for_the_friend_and_the_opening_stones_stay():
    waiting = SharedGame.create(BOARDS["7x7"], "X", ALICE, "g", "CODE22")
    with pytest.raises(Conflict, match="has not joined"):
        waiting.make_offer(ALICE, "draw", 0)
    opening = played(112, 113, 114, board="15x15", opening=Opening("swap2"))
    with pytest.raises(Conflict, match="The opening's stones cannot be taken back"):
        opening.make_offer(ALICE, "takeback", 3)
    settled = opening.choose(BOB, "white", 3)[0]
    assert settled.takeback_to("X") is None and settled.takeback_to("O") is None, "three stones, all the opening's"
    after = settled.play(BOB, 100, 3)[0]
    assert after.takeback_to("O") == 3 and after.takeback_to("X") is None


def test_a_take_back_forgets_what_was_declined_at_the_ply_it_returns_to():
    declined = played(24, 25).make_offer(BOB, "draw", 2)[0].answer_offer(ALICE, False, 2)[0]
    back = declined.play(ALICE, 26, 2)[0].make_offer(ALICE, "takeback", 3)[0].answer_offer(BOB, True, 3)[0]
    assert back.ply == 2 and back.declined is None
    assert back.make_offer(BOB, "draw", 2)[0].offer is not None, "a new position, a new offer"


def test_the_stored_offer_round_trips_and_a_broken_one_is_refused():
    game = played(24).make_offer(ALICE, "takeback", 1)[0].answer_offer(BOB, False, 1)[0].make_offer(BOB, "draw", 1)[0]
    assert SharedGame.from_data(game.to_data()) == game
    for broken in (["draw", "Z", 1], ["peace", "X", 1], ["draw", "X"], ["draw", "X", "1"], "draw",
                   ["draw", "X", 5], ["takeback", "O", 1]):
        with pytest.raises(ValueError):
            SharedGame.from_data({**game.to_data(), "offer": broken})


def test_the_page_offers_only_the_offers_that_would_be_taken():
    game = played(24)
    assert game.may_offer(ALICE, "draw") and game.may_offer(ALICE, "takeback")
    assert game.may_offer(BOB, "draw") and not game.may_offer(BOB, "takeback"), "O has no move yet"
    assert not game.may_offer(CAROL, "draw"), "a spectator"
    declined = game.make_offer(ALICE, "draw", 1)[0].answer_offer(BOB, False, 1)[0]
    assert not declined.may_offer(ALICE, "draw") and declined.may_offer(ALICE, "takeback")
    pending = game.make_offer(BOB, "draw", 1)[0]
    assert not pending.may_offer(ALICE, "takeback") and not pending.may_offer(BOB, "draw")
    assert not game.resign(BOB, 1)[0].may_offer(ALICE, "draw")
