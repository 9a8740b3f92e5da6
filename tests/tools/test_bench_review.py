"""make bench's review figures: the game it reviews, a review timed on real workers, and mining timed."""

from __future__ import annotations

from tests.puzzles.test_puzzles import PLAYED_7X7
from tools.bench_review import long_game, mining_seconds, review_seconds
from webapp.engine import BOARDS, Position
from webapp.shared.game_link import parse_moves


def test_the_benchs_game_is_a_legal_game_of_the_length_asked_and_the_same_each_time():
    game = long_game("7x7", 12)
    assert len(game) == 12 and not Position.after(BOARDS["7x7"], game[:-1]).is_over
    assert game == long_game("7x7", 12)


def test_a_review_is_timed_until_every_move_has_its_appraisal():
    seconds, first, longest_wait, nodes = review_seconds((112, 113, 128), workers=1)
    assert 0 < first <= seconds and 0 < longest_wait <= seconds and nodes > 3


def test_mining_is_timed_and_counts_the_puzzles_found():
    seconds, found = mining_seconds(parse_moves(BOARDS["7x7"], PLAYED_7X7), "7x7")
    assert seconds > 0 and found == 2
