"""The review's judgements and its retry, as values: every 3×3 move against
a judgement written here from scratch, 4×4 moves sampled against the
tablebase, and the bigger boards' words against positions whose forced wins
are known."""

from __future__ import annotations

import math
import random
import re
from functools import cache

import pytest

from harness.browsing import REVIEWED_15X15
from harness.positions import playable_positions, setup
from tests.reach import Reach
from webapp.engine import BOARDS, DEFAULT_BOARD, Appraisal, Forgetful, Position, advise, appraise, outcomes
from webapp.review.judgement import Hindsight, Judgement, chance_after, judge_appraisal, judge_solved
from webapp.review.retry import Retry
from webapp.review.review import Review, judgements
from webapp.shared.coach import square_values
from webapp.shared.errors import Conflict, InvalidInput
from webapp.shared.game_link import Result, parse_moves
from webapp.shared.words import describe_cell

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@cache
def perfect(board: str, mark: str) -> dict[int, tuple[int, int]]:
    """For each empty square of a 3×3 board written as 9 characters, with mark
    to move: (result for mark, plies to the end) with perfect play after,
    the winner winning as fast as it can and the loser holding out longest."""
    other = "O" if mark == "X" else "X"
    found = {}
    for cell in (index for index, square in enumerate(board) if square == "."):
        after = board[:cell] + mark + board[cell + 1:]
        if any(all(after[square] == mark for square in line) for line in LINES):
            found[cell] = (1, 1)
        elif "." not in after:
            found[cell] = (0, 1)
        else:
            result, plies = best(perfect(after, other))
            found[cell] = (-result, plies + 1)
    return found


def best(moves: dict[int, tuple[int, int]]) -> tuple[int, int]:
    return max(moves.values(), key=lambda outcome: (outcome[0], -outcome[1] if outcome[0] > 0 else outcome[1]))


def expected_word(moves: dict[int, tuple[int, int]], cell: int) -> str:
    top, mine = best(moves), moves[cell]
    if top[0] - mine[0] == 2:
        return "Blunder"
    if top[0] - mine[0] == 1:
        return "Mistake"
    if top == (1, 1) != mine:  # three in a row to make, and the move did not make it
        return "Missed win"
    return "Best" if mine == top or mine[0] == 0 else "Good"


def test_every_move_of_3x3_positions_is_judged_as_perfect_play_says(reach: Reach):
    """Every move of every reachable position in make test, of a sample in make check."""
    judged = 0
    for here in reach.of(playable_positions(DEFAULT_BOARD), 500):
        moves = perfect(here.text.replace("\n", ""), here.to_move)
        for cell in here.legal_moves():
            judgement = judge_solved(here, cell)
            assert judgement.word == expected_word(moves, cell), (here.text, cell)
            result, plies = moves[cell]
            winner = here.to_move if result > 0 else ("O" if here.to_move == "X" else "X")
            wins_in = (plies + 1) // 2 if result > 0 else plies // 2
            if judgement.word == "Missed win":
                line = describe_cell(DEFAULT_BOARD, judgement.better_cell)
                assert judgement.why == (f"{winner} had three in a row to make at {line} and played elsewhere; "
                                         f"{winner} still wins, in {wins_in}.")
            else:
                assert judgement.why == ("A draw." if result == 0 else f"{winner} wins in {wins_in}.")
            assert judgement.chance == (result + 1) / 2  # the mover's, on the review's graph of the game
            if judgement.better:  # the square it names is one perfect play calls best
                assert moves[judgement.better_cell] == best(moves) != moves[cell], (here.text, cell)
                assert f"Best was {describe_cell(DEFAULT_BOARD, judgement.better_cell)}:" in judgement.better
            else:
                assert judgement.better_cell is None
            if judgement.punishment:  # perfect play to the other side's win, as long as the loser can hold out
                end = Position.after(DEFAULT_BOARD, (*here_moves(here), cell, *judgement.punishment))
                assert end.winner == winner != here.to_move and len(judgement.punishment) == plies - 1
            judged += 1
    assert (judged == 16_167) if reach.whole else (judged > 0)


def here_moves(here: Position) -> tuple[int, ...]:
    """Some order of the position's moves that reaches it (X's and O's in turn)."""
    xs = [cell for cell in range(9) if here.mark_at(cell) == "X"]
    os = [cell for cell in range(9) if here.mark_at(cell) == "O"]
    return tuple(cell for pair in zip(xs, os + [None]) for cell in pair if cell is not None)


def test_sampled_4x4_moves_are_judged_by_the_position_they_lead_to_in_the_tablebase():
    rules, rng, words = BOARDS["4x4"], random.Random(4), set()
    for _ in range(60):
        here = Position(rules)
        for _ in range(rng.randrange(0, 11)):
            if here.is_over:
                break
            here = here.play(rng.choice(here.legal_moves()))
        if here.is_over:
            continue
        values = outcomes(here)
        top = max(outcome.result for outcome in values.values())
        for cell in here.legal_moves():
            after = here.play(cell)
            result = (1 if after.winner else 0) if after.is_over else -max(
                outcome.result for outcome in outcomes(after).values())
            word = judge_solved(here, cell).word
            words.add(word)
            assert {2: "Blunder", 1: "Mistake"}.get(top - result, word) == word
            assert word in ("Blunder", "Mistake") or top == result
    assert {"Best", "Mistake", "Blunder"} <= words


def appraisal(**facts) -> Appraisal:
    plain = dict(cell=0, choice=0, win=(), kept_win=(), refutation=(), choice_refuted=False, score=None,
                 best_score=None, depth=4, nodes=100, unit=1000)
    return Appraisal(**{**plain, **facts})


@pytest.mark.parametrize("facts, word", [
    ({"win": (5,), "kept_win": ()}, "Missed win"),
    ({"cell": 3, "refutation": (7, 8, 9)}, "Blunder"),
    ({"cell": 3, "refutation": (7,), "choice_refuted": True}, None),
    ({"cell": 5, "choice": 5, "refutation": (7,), "choice_refuted": True}, "Mistake"),
    ({"cell": 5, "choice": 5, "refutation": (7,), "choice_refuted": True, "all_refuted": True}, None),
    ({"cell": 5, "choice": 5, "win": (5,), "kept_win": (5,)}, "Best"),
    ({"cell": 3, "choice": 5, "win": (5,), "kept_win": (3, 4, 5)}, "Good"),
    ({"cell": 3, "choice": 5}, None),
    ({"cell": 5, "choice": 5, "score": 10, "best_score": 10}, "Best"),
    ({"cell": 3, "choice": 5, "score": 10, "best_score": 10}, "Best"),
    ({"cell": 3, "choice": 5, "score": 10, "best_score": 509}, "Good"),
    ({"cell": 3, "choice": 5, "score": 10, "best_score": 510}, "Inaccuracy"),
])
def test_the_engines_facts_make_words_only_where_they_are_sure(facts: dict, word: str | None):
    assert judge_appraisal(BOARDS["15x15"], "X", appraisal(**facts)).word == word


def test_a_blunder_on_15x15_says_how_it_is_punished_and_what_was_better():
    rules = BOARDS["15x15"]
    moves = parse_moves(rules, REVIEWED_15X15)
    before = Position.after(rules, moves[:7])  # O to move; X's h8-k11 four wants l12
    judgement = judge_appraisal(rules, "O", appraise(before, moves[7]))
    l12 = rules.parse_cell_name("l12")
    assert judgement == Judgement("Blunder", "Black wins in 1.", "Best was l12, which holds.", (l12,), better_cell=l12)
    assert judge_appraisal(rules, "X", appraise(before.play(moves[7]), moves[8])).word == "Best"


def test_a_missed_win_on_15x15_names_the_win():
    here = setup("15x15", x="h8 h9 h10 h11", o="h7 a3 a5 a7")
    judgement = judge_appraisal(here.rules, "X", appraise(here, here.rules.parse_cell_name("c3")))
    assert judgement.word == "Missed win" and judgement.better == "Best was h12: black wins in 1."


class NoEngines:
    """The workers, for a solved board: never asked."""

    def appraisals(self, *args, **kwargs):
        raise AssertionError("a solved board's review does not need the engine workers")

    appraisal = appraisals


def review_of(notation: str, step: int | None = None) -> Review:
    moves = parse_moves(DEFAULT_BOARD, notation)
    return Review.of(DEFAULT_BOARD, moves, judgements(DEFAULT_BOARD, moves, NoEngines()),
                  len(moves) if step is None else step)


def test_a_review_sums_up_each_side():
    review = review_of("0123")  # X: a corner, then lets a win go; O: two losing moves
    assert [judgement.word for judgement in review.judgements] == ["Best", "Mistake", "Mistake", "Mistake"]
    x, o = review.summaries
    assert (x.side, x.counts, x.judged, x.accuracy) == ("X", {"Best": 1, "Mistake": 1}, 2, 50)
    assert (o.counts, o.accuracy) == ({"Mistake": 2}, 0)
    assert review.errors("X") == (3,) and review.errors("O") == (2, 4)
    assert review.complete and review.reviewed == 4


def test_the_review_board_marks_the_better_move_its_judgement_names():
    review = review_of("0123", step=2)  # O's first move, a Mistake: the centre held the draw
    judgement = review.judgements[1]
    marked = [cell for cell in review.board.cells if cell.value is not None]
    assert [cell.number for cell in marked] == [judgement.better_cell] and marked[0].mark is None
    assert marked[0].value.kind == "hint" and f"the better move: {judgement.better}" in marked[0].label
    assert not [cell for cell in review_of("0123", step=1).board.cells if cell.value], "a best move marks none"


def test_a_move_that_was_the_engines_own_choice_names_no_better_move_when_hindsight_finds_it_lost():
    lost = Hindsight(lost_after=(5, 6, 7))
    judgement = judge_appraisal(BOARDS["15x15"], "X", appraisal(cell=112, choice=112), lost)
    assert judgement.word == "Mistake" and judgement.better == "" and judgement.better_cell is None
    preferred = judge_appraisal(BOARDS["15x15"], "X", appraisal(cell=112, choice=113), lost)
    assert preferred.better == "The engine preferred i8." and preferred.better_cell == 113


def test_the_chances_after_a_move_are_its_proofs_else_its_score_as_odds():
    unit = appraisal().unit
    assert chance_after(appraisal(kept_win=(1, 2, 3))) == 1.0
    assert chance_after(appraisal(refutation=(1, 2, 3))) == 0.0
    assert chance_after(appraisal(score=None)) is None
    assert chance_after(appraisal(score=0)) == 0.5
    assert chance_after(appraisal(score=unit)) == pytest.approx(1 / (1 + math.exp(-1)))
    assert chance_after(appraisal(score=-10**9)) == pytest.approx(0, abs=1e-12)  # a lost score, no overflow


def test_the_course_of_a_game_is_xs_chances_after_each_move():
    review = review_of("0123")  # X: a corner, then lets a win go; O: two losing moves
    assert [(point.mover, point.x_chance) for point in review.course] == [
        ("X", 0.5), ("O", 1.0), ("X", 0.5), ("O", 1.0)]
    assert review.course[1].words == "Move 2, O: X's chances 100%"
    assert review.course_words == "X's chances were highest after move 2 (100%) and lowest after move 1 (50%)."
    coming = Review.of(DEFAULT_BOARD, (0, 1), (None, None), 2)
    assert [point.x_chance for point in coming.course] == [None, None]
    assert coming.course_words == "No move is judged yet." and coming.course[0].words == "Move 1, X: not judged yet"


def test_a_review_of_no_moves_has_nothing_to_say():
    review = review_of("", 0)
    assert review.complete and review.current is None and [side.accuracy for side in review.summaries] == [None, None]


def test_a_retry_moves_on_only_when_a_try_is_right():
    retry = Retry.of(review_of("0123"), "O", None, None)
    assert retry.errors == (2, 4) and retry.played == "row 1, column 2"
    wrong = retry.attempt(2, NoEngines())
    assert not wrong.right and retry.after(wrong) == retry
    assert retry.told(wrong) == "Row 1, column 3 is not it: X wins in 3. Try again."
    right = retry.attempt(4, NoEngines())
    assert right.right and retry.told(right) == "Row 2, column 2 is right. A draw."
    following = retry.after(right)
    assert (following.at, following.found, following.finished) == (1, 1, False)
    last = following.after(following.attempt(4, NoEngines()))
    assert last.finished and last.found == 2


def test_a_retry_refuses_a_taken_square_and_a_link_that_does_not_fit():
    retry = Retry.of(review_of("0123"), "O", "1", "0")
    with pytest.raises(Conflict, match="Row 1, column 1 is taken"):
        retry.attempt(0, NoEngines())
    for side, at, found in [("Z", None, None), ("O", "3", "0"), ("O", "1", "2"), ("O", "x", "0")]:
        with pytest.raises(InvalidInput):
            Retry.of(review_of("0123"), side, at, found)


# A lost game on a big board: the review reads the later moves' proofs back (judgement.hindsights)

class Appraised:
    """The workers, with each move's appraisal written here."""

    def __init__(self, appraisals: list[Appraisal | None]):
        self.found = appraisals

    def appraisals(self, rules, moves, queue=True, start=0, permit=None):
        return self.found[start:len(moves)]


LOST = ("a1", "h8", "a3", "h9", "a5", "h10", "a7", "h11")
"""Moves as the appraisals below see them (the cells matter only as names): X loses."""


def lost_game(*appraisals: dict) -> tuple[str | None, ...]:
    """The words of the lost game's moves, each move appraised with the facts given (cell and choice
    default to the move played), as a review reads them."""
    rules = BOARDS["15x15"]
    moves = tuple(rules.parse_cell_name(name) for name in LOST[:len(appraisals)])
    found = [appraisal(**{"cell": cell, "choice": cell, "score": 0, "best_score": 0, **facts})
             for cell, facts in zip(moves, appraisals)]
    return judgements(rules, moves, Appraised(found))


def cells(*names: str) -> tuple[int, ...]:
    return tuple(BOARDS["15x15"].parse_cell_name(name) for name in names)


def test_the_move_after_which_a_win_is_proven_a_move_later_is_the_mistake_that_lost():
    """Issue 40: X's third move lets O win, but the engine proves it only after O's reply, where X's own
    best move loses too; that third move, scored as good as the engine's choice, was called Best."""
    judged = lost_game({}, {}, {"choice": cells("b2")[0]}, {},
                       {"choice": cells("b4")[0], "refutation": cells("h10", "h7", "h11"), "choice_refuted": True}, {})
    words = [judgement.word for judgement in judged]
    assert words == ["Best", "Best", "Mistake", "Best", None, "Best"]
    assert judged[2].why == ("White wins in 3. This move lost the game: the engine proves white's win after white's "
                             "reply, against black's best move too.") and judged[2].better == (
        "The engine preferred b2.")
    assert judged[2].punishment == cells("h9", "a5", "h10", "h7", "h11")
    assert judged[5].why == "White has a forced win in 2."
    assert judged[4].why == "White wins in 2. The game was lost already, whatever black played."


def test_the_engines_own_choice_is_the_move_that_lost_when_the_win_is_proven_after_it():
    """X's third move is the engine's choice; after O's reply, both X's move and the engine's choice (another
    move) lose. The same search chose X's move: that it liked it says nothing, and that move lost."""
    judged = lost_game({}, {}, {"choice": cells("b2")[0]}, {}, {},
                       {}, {"choice": cells("b4")[0], "refutation": cells("h12", "h7", "h13"),
                            "choice_refuted": True})
    assert [judgement.word for judgement in judged] == ["Best", "Best", "Best", "Best", "Mistake", "Best", None]
    refuted_at_once = lost_game({}, {}, {}, {}, {"refutation": cells("h10", "h7", "h11"), "choice_refuted": True})
    assert refuted_at_once[4] == Judgement(
        "Mistake", "White wins in 2. This move lost the game; the engine found none here that holds.", "",
        cells("h10", "h7", "h11"), chance=0.0)


def test_wins_in_n_never_grows_along_the_winning_line():
    """O's win proven after X's move 3 (in 3 of O's moves); O's move 4 is its first; the proof after X's
    move 5 is a longer line, but O needs no more than 2 moves there."""
    win_in_3, longer = cells("h9", "a5", "h10", "a7", "h11"), cells(*"h10 o1 h11 o2 i10 o3 i11 o4 j12 o5 k13".split())
    judged = lost_game({}, {}, {"choice": cells("b2")[0], "refutation": win_in_3},
                       {"win": win_in_3, "kept_win": win_in_3},
                       {"choice": cells("b4")[0], "refutation": longer, "choice_refuted": True},
                       {"win": cells("h10", "a7", "h11"), "kept_win": cells("h10", "a7", "h11")})
    said = [judgement.why for judgement in judged]
    assert said[2] == "White wins in 3." and said[3] == "White has a forced win in 3."
    assert said[4] == "White wins in 2. The game was lost already, whatever black played."
    assert said[5] == "White has a forced win in 2."


def test_accuracy_waits_for_every_move_to_be_judged():
    """While a review comes in, the share of the first moves judged is no accuracy (100% after one move)."""
    rules = BOARDS["15x15"]
    moves = cells("h8", "h9", "i9")
    coming = Review.of(rules, moves, (Judgement("Best"), None, None), 3)
    assert [(side.judged, side.accuracy) for side in coming.summaries] == [(1, None), (0, None)]
    done = Review.of(rules, moves, (Judgement("Best"), Judgement("Good"), Judgement("Inaccuracy")), 3)
    assert [side.accuracy for side in done.summaries] == [50, 100]


def test_where_every_move_a_hint_tries_loses_the_hint_says_so_and_the_review_gives_no_word():
    """X has two open threes at once (across and down, from h8): whatever O
    plays, X forces a win. The hint says the position is lost, and the
    review of the hinted move calls it no mistake: the engine's choice and
    every other move the hint tried lose."""
    here = setup("15x15", x="h8 i8 j8 h9 h10", o="a1 c3 e1 o15")
    memory = Forgetful()
    hinted = advise(here, memory)
    appraisal = appraise(here, hinted.move, memory=memory)
    assert hinted.kind == "lost" and appraisal.refutation and appraisal.all_refuted
    assert judge_appraisal(here.rules, "O", appraisal).word is None


@pytest.mark.parametrize("ending, step, said", [
    (Result(white="Computer, master"), 8, True),
    (Result(white="Engine, master"), 8, True),      # a judge installed here is named as records name engines
    (Result(white="Human"), 8, False),
    (Result(black="Computer, master"), 8, False),   # X did not make the error
    (Result(white="Computer, master"), 6, False),   # an Inaccuracy is no error
])
def test_an_error_of_the_judges_own_move_says_why_the_review_sees_more(ending: Result, step: int, said: bool):
    """Where the link says the judge played the move the review calls an
    error, the review says why it disagrees with the judge's own choice."""
    rules, moves = BOARDS["15x15"], parse_moves(BOARDS["15x15"], REVIEWED_15X15)
    words = [None] * len(moves)
    words[5], words[7] = Judgement("Inaccuracy"), Judgement("Blunder", "X wins in 1.", "Best was l12, which holds.")
    review = Review.of(rules, moves, tuple(words), step, "master", None, ending)
    assert (review.deeper_look is not None) == said
    assert not said or review.deeper_look.startswith("Master played this move in the game, within one move")


def test_black_s_fifth_picked_among_black_s_offers_names_no_better_fifth_nor_is_retried():
    """Under RIF and Soosõrv-8 white's player picks black's fifth among black's
    offers, which the link does not carry: a better fifth named (and marked)
    would be one black could not have played, nor can a retry ask black for
    one. Its word stays, judging black's offering it. Taraguchi-10's fifth
    is picked only if black offered ten, which the link does not say."""
    rules = BOARDS["15x15"].with_rule("renju")
    moves = cells("h8", "h9", "h7", "h10", "j5", "a1")
    fifth = Judgement("Mistake", "White wins in 7.", "Best was j8, which holds.", cells("k6", "l7"),
                      cells("j8")[0], 0.0)
    judged = (*[Judgement("Best", "The engine's choice.")] * 4, fifth, Judgement("Best", "The engine's choice."))
    for rule in ("rif", "soosorv-8"):
        review = Review.of(rules, moves, judged, 5, opening=rule)
        assert review.judgements[4] == fifth._replace(better="", better_cell=None), rule
        assert not [cell for cell in review.board.cells if cell.value], "no better fifth marked"
        assert review.errors("X") == () and review.summaries[0].counts == {"Mistake": 1}
    kept = Review.of(rules, moves, judged, 5, opening="taraguchi-10")
    assert kept.judgements[4] == fifth and kept.errors("X") == (5,)


def test_on_3x3_the_review_counts_moves_to_a_win_as_the_coach_does():
    """One way to count (docs/review.md): at every move of every position a
    3×3 game reaches, the N of the review's "X wins in N" (or "still wins,
    in N") is the N of the coach's "win in N" or "loss in N" on that square."""
    seen, todo, moves = set(), [Position(DEFAULT_BOARD)], 0
    while todo:
        position = todo.pop()
        if position.is_over or (position.x, position.o) in seen:
            continue
        seen.add((position.x, position.o))
        for cell, value in square_values(position).items():
            said = re.search(r"wins(?:,)? in (\d+)", judge_solved(position, cell).why)
            counted = re.search(r"in (\d+)", value.text)
            assert (said and said.group(1)) == (counted and counted.group(1)), (position, cell, value.text)
            moves += 1
            todo.append(position.play(cell))
    assert (len(seen), moves) == (4520, 16167)
