"""tools/review_check: lost games read, the judge's decisive move found, and
the review's words for the loser's moves counted as the figures say, through
a fake judge brain (tests/fake_brain.py), which may judge the review too."""

from __future__ import annotations

import io

import pytest

from tests.brains import judge_saying
from tools import review_check
from tools.review_check import Finding, LostGame, read_games
from webapp.engine import BOARDS
from webapp.shared.game_link import parse_moves

LOST_7X7 = "7x7 d4-a1-d5-a2-d6-a3-d3-d7-d2 O 0"
"""O (the loser) plays on its own edge while X builds d3-d6, open at both ends: X completes five at d2."""


def test_the_shipped_games_are_read_with_their_losers_and_openings():
    games = read_games(review_check.GAMES.read_text())
    assert len(games) == 12 and {game.loser for game in games} == {"X", "O"}
    assert all(game.opening in (2, 3) and game.rules is BOARDS["15x15"] for game in games)
    assert all(ply > game.opening for game in games for ply in game.loser_plies)


@pytest.mark.parametrize("line, error", [
    ("15x15 h8-i9 O", "is not `board moves loser opening`"),
    ("15x15 h8-h8 O 2", "is not `board moves loser opening`"),
    ("15x15 h8-i9 Z 2", "the loser is X or O"),
])
def test_a_line_that_does_not_fit_is_refused_with_its_number(line: str, error: str):
    with pytest.raises(ValueError, match=f"line 2: .*{error}"):
        read_games(f"# a comment\n{line}\n")


def finding(decisive: int | None, words: dict[int, str | None]) -> Finding:
    rules = BOARDS["7x7"]
    return Finding(LostGame(rules, parse_moves(rules, "d4-a1-d5-a2-f6-a3-b6-a5-g1-c7"), "O", 0), decisive, words)


@pytest.mark.parametrize("decisive, words, found, kept", [
    (8, {2: "Best", 4: "Best", 6: "Best", 8: "Mistake", 10: None}, True, False),   # the decisive move itself
    (8, {2: "Blunder", 4: "Good", 6: "Best", 8: "Good", 10: None}, True, True),    # three moves before it
    (8, {2: "Best", 4: "Best", 6: "Inaccuracy", 8: "Best", 10: "Blunder"}, False, True),  # only after it
    (None, {2: "Mistake", 4: "Best", 6: "Best", 8: "Best", 10: None}, False, False),  # the judge proved nothing
])
def test_found_means_flagged_at_the_decisive_move_or_up_to_three_of_the_losers_moves_before_it(
        decisive, words, found, kept):
    assert (finding(decisive, words).found, finding(decisive, words).kept) == (found, kept)


def test_the_figures_come_from_the_judges_decisive_move_and_the_reviews_words(tmp_path):
    games = tmp_path / "games.txt"
    games.write_text(f"{LOST_7X7}\n")
    # O's moves are plies 2, 4, 6 and 8. After ply 6 (6 stones, X to move) the judge proves X wins, and
    # before ply 8 (7 stones, O to move) that O loses: ply 6 is the decisive move.
    judge = judge_saying(tmp_path, {6: "+M3", 7: "-M2", 8: "+M1"})
    out = io.StringIO()
    (result,) = review_check.main([judge, "--games", str(games), "--turn-ms", "1000", "--workers", "1"], out)
    assert result.decisive == 6 and sorted(result.words) == [2, 4, 6, 8]
    rules = BOARDS["7x7"]
    assert result.words == {ply: judgement and judgement.word
                            for ply, judgement in enumerate(review_check.reviewed(result.game), 1) if ply % 2 == 0}
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("1 lost games, judged by ")
    assert f"decisive: ply 6 {rules.cell_name(result.game.moves[5])}, called " in lines[1]
    assert lines[-1] == (f"  found the decisive move (or one of the loser's 3 before it) in {int(result.found)} of 1; "
                         f"called it Best or Good in {int(result.kept)} of 1")


def test_the_review_may_be_judged_by_an_external_engine(tmp_path):
    games = tmp_path / "games.txt"
    games.write_text(f"{LOST_7X7}\n")
    judge = judge_saying(tmp_path, {6: "+M3", 7: "-M2", 8: "+M1"})
    reviewer = judge_saying(tmp_path, {**dict.fromkeys(range(6), "0"), 6: "+M3", 7: "-M2", 8: "+M1"})
    out = io.StringIO()
    (result,) = review_check.main([judge, "--games", str(games), "--turn-ms", "1000", "--workers", "1",
                                   "--review-engine", reviewer, "--review-settings", "timeout_turn=1000"], out)
    assert out.getvalue().splitlines()[0].endswith(f"each reviewed by {reviewer} (timeout_turn=1000)")
    # The fake reviewer values a position by its count of stones alone: even up to five, X's win from six.
    # So O's ply 6 lets X win, but so would its own choice: lost whatever O played. The review then reads
    # the loss back (judgement.hindsights) to O's move before, ply 4, after which X's reply leads to it.
    assert result.decisive == 6 and result.words == {2: "Best", 4: "Mistake", 6: None, 8: None}
    assert result.found and not result.kept
