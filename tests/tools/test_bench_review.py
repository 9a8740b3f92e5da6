"""make bench's review figures: the game it reviews, and a review timed on real workers."""

from __future__ import annotations

from tools.bench_review import long_game, review_seconds
from webapp.engine import BOARDS
from webapp.shared.notation import position_after


def test_the_benchs_game_is_a_legal_game_of_the_length_asked_and_the_same_each_time():
    game = long_game("7x7", 12)
    assert len(game) == 12 and not position_after(BOARDS["7x7"], game[:-1]).is_over
    assert game == long_game("7x7", 12)


def test_a_review_is_timed_until_every_move_has_its_appraisal():
    seconds, nodes = review_seconds((112, 113, 128), workers=1)
    assert seconds > 0 and nodes > 3
