"""master on the boards too big to solve: wins in one, blocks, forced wins by
continuous fours found (and checked to be forced, move by move, by the
rules alone), the budget held on a clock the test controls, the time given
back where another depth is not worth beginning, and the search's own
statistics."""

from __future__ import annotations

import pytest

from harness.positions import setup
from webapp.engine import BOARDS, Position, choose_move, explain, is_solved, prepare, think, threat_to_answer
from webapp.engine.game.values import WIN
from webapp.engine.play import evaluate as evaluate_module
from webapp.engine.play import search as search_module
from webapp.engine.play.evaluate import evaluator
from webapp.engine.play.search import (
    BEAM,
    MAX_DEPTH,
    NEXT_ITERATION,
    SETTLED_ITERATIONS,
    SETTLED_SHARE,
    Searcher,
    _deepen,
    worth_deepening,
)
from webapp.engine.play.threats import ThreatSolver

BIG = ["5x5", "7x7", "15x15"]


def names(here: Position, cells: list[int]) -> list[str]:
    return [here.rules.cell_name(cell) for cell in cells]


def assert_forced_win(here: Position, line: list[int]) -> None:
    """line is a win the side to move can force: after each of its moves the
    other side cannot complete a line, and either it must block the one cell
    where the attacker would complete one (the next move in line) or there
    are two such cells and it is lost; the line ends with a line completed."""
    attacker = here.to_move
    defender = "O" if attacker == "X" else "X"
    for index in range(0, len(line), 2):
        assert not here.winning_cells(defender), "the defender could complete a line first"
        here = here.play(line[index])
        if here.winner == attacker:
            assert index == len(line) - 1
            return
        threats = here.winning_cells(attacker)
        assert threats, "each of the attacker's moves threatens to complete a line"
        if threats & (threats - 1):  # a double threat: whichever cell is blocked, the other wins
            assert len(line) == index + 3 and threats >> line[index + 1] & 1 and threats >> line[index + 2] & 1
            for block in range(here.rules.cells):
                if threats >> block & 1:
                    assert here.play(block).winning_cells(attacker)
            return
        assert line[index + 1] == (threats.bit_length() - 1), "the defender's only answer"
        here = here.play(line[index + 1])
    raise AssertionError("the line never completes a line")


@pytest.mark.parametrize("board", BIG)
def test_master_takes_a_win_in_one_and_blocks_one(board: str):
    rules = BOARDS[board]
    bottom = [rules.cell_name(rules.cells - rules.size + i) for i in range(rules.k)]
    top = [rules.cell_name(i) for i in range(rules.k)]
    win = setup(board, x=" ".join(bottom[:-1]), o=" ".join(top[:-2] + [rules.cell_name(rules.size * 2)]))
    thought = think(win, 500)
    assert (thought.kind, names(win, [thought.move])) == ("win", [bottom[-1]])
    block = setup(board, x=" ".join(bottom[:-1]), o=" ".join(top[:-2]))
    assert block.to_move == "O"
    thought = think(block, 500)
    assert (thought.kind, names(block, [thought.move])) == ("block", [bottom[-1]])


def test_a_win_in_one_comes_before_a_block():
    here = setup("7x7", x="a1 b1 c1 d1 a7", o="a2 b2 c2 d2")
    assert here.to_move == "O"
    assert names(here, [think(here, 500).move]) == ["e2"]


@pytest.mark.parametrize("board, x, o, shortest", [
    # 5×5, four in a row: d3 makes a3 and e3 both complete b3-c3-d3.
    ("5x5", "b3 c3 d5", "a1 e1 a5", 2),
    # 15×15: g4 makes two fours at once, across (h4) and down (g3).
    ("15x15", "d4 e4 f4 g5 g6 g7", "c4 g8 a15 o15 o1 n15", 2),
    # Found by a random search and kept: wins by three and more continuous fours.
    ("7x7", "c5 e4 c2 d2 g2 a1 e1", "b7 c7 f7 b6 f5 d1 f1", 6),
    ("15x15", "g11 i11 i9 e7 k7 i6 j6", "k11 k10 h9 j9 k8 j7 f5", 4),
    ("15x15", "k11 h9 j9 g8 e6 f6 e5 j5", "i11 g10 j10 k10 j8 h7 i7", 4),  # O to move, and O wins
])
def test_known_forced_wins_by_continuous_fours_are_found(board: str, x: str, o: str, shortest: int):
    here = setup(board, x=x, o=o)
    assert not here.winning_cells("X") and not here.winning_cells("O")
    evaluation = evaluator(here.rules)
    line = ThreatSolver(evaluation).win(evaluation.node(here))
    assert line is not None and (len(line) + 1) // 2 == shortest
    assert_forced_win(here, line)
    thought = think(here, 500)
    assert thought.kind == "forced win" and thought.move == line[0]
    assert choose_move(here, "master") == line[0], "master plays the forced win it found"


def test_the_solver_finds_nothing_where_there_is_no_forced_win():
    for board in BIG:
        rules = BOARDS[board]
        here = Position(rules).play(rules.centre)
        evaluation = evaluator(rules)
        assert ThreatSolver(evaluation).win(evaluation.node(here)) is None


@pytest.mark.parametrize("board, x, o", [
    ("5x5", "b2 c2 d1 e1", "a5 b3 b1"),  # only d2 stops it
    ("7x7", "c5 e4 c2 d2 g2 a1 e1 a7", "b7 c7 f7 b6 f5 d1 f1"),
    ("15x15", "d4 e4 f4 g5 g6 g7 a1", "c4 g8 a15 o15 o1 n15"),
])
def test_master_does_not_play_into_a_forced_win_by_fours(board: str, x: str, o: str):
    """O to move, and X threatens a win by fours (a double four at g4 on
    15×15): some of O's moves stop it, and master plays one of those."""
    here = setup(board, x=x, o=o)
    assert here.to_move == "O" and not here.winning_cells("X")
    evaluation = evaluator(here.rules)
    x_to_move = evaluation.turned(evaluation.node(here))
    assert ThreatSolver(evaluation).win(x_to_move) is not None, "were it X's move, X would win by fours"
    stopping = {cell for cell in here.legal_moves()
                if ThreatSolver(evaluation).win(evaluation.node(here.play(cell), shaped=False)) is None}
    assert stopping, "the position can be defended"
    assert think(here, 500).move in stopping


class FakeClock:
    """perf_counter for the search, moving on a millisecond each time it is read."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


@pytest.mark.parametrize("board", BIG)
@pytest.mark.parametrize("budget", [20, 100])
def test_the_budget_is_held_on_the_clock_the_search_reads(board: str, budget: int, monkeypatch):
    clock = FakeClock()
    monkeypatch.setattr(search_module.time, "perf_counter", clock)
    rules = BOARDS[board]
    here = Position(rules).play(rules.centre)  # O has no forced win here (X after two moves can have one)
    thought = think(here, budget)
    assert thought.kind in ("search", "defence") and thought.depth >= 1, "the search had its time"
    assert thought.seconds <= budget / 1000 + 0.003  # a read or two past the deadline, no more


@pytest.mark.parametrize("chosen, spent, last, goes_on", [
    ([5, 5], 0.9, 0.5, True),                    # the first iterations always go on
    ([5, 6, 7], 0.2, 0.1, True),                 # unsettled, and the next should finish: 0.2 + 2 × 0.1 = 0.4
    ([5, 6, 7], 0.2, 0.41, False),               # the next would not finish: its move would be thrown away
    ([5, 5, 5], SETTLED_SHARE - 0.01, 0.1, True),  # settled, but little of the share spent
    ([5, 5, 5], SETTLED_SHARE, 0.1, False),       # settled, and enough spent
    ([5, 5, 6, 6], SETTLED_SHARE, 0.1, True),     # it changed its mind two iterations ago
])
def test_another_iteration_is_begun_only_where_it_would_finish_and_the_move_has_not_settled(
        chosen: list[int], spent: float, last: float, goes_on: bool):
    assert NEXT_ITERATION == 2 and SETTLED_ITERATIONS == 3, "the cases are worked out for these"
    assert worth_deepening(chosen, spent, last, share=1.0) is goes_on


@pytest.mark.parametrize("board", BIG)
def test_by_the_clock_the_search_stops_between_iterations_and_gives_the_rest_back(board: str, monkeypatch):
    clock = FakeClock()  # a millisecond each time the search reads it: at each position it looks past
    monkeypatch.setattr(search_module.time, "perf_counter", clock)
    rules = BOARDS[board]
    evaluation = evaluator(rules)
    node = evaluation.node(Position(rules).play(rules.centre))
    start, share = clock(), 0.5  # here, on each board, an iteration ends where the next would not finish
    searcher = Searcher(evaluation, start + share)
    depth, _, move = _deepen(searcher, node, MAX_DEPTH, start, share)
    assert clock.now < start + share, "stopped before its deadline"
    finished = Searcher(evaluation)
    assert list(finished.search(node, depth))[-1][2] == move
    assert searcher.nodes == finished.nodes, "it began no iteration it did not finish"
    to_the_deadline = Searcher(evaluation, clock() + share)
    assert _deepen(to_the_deadline, node, MAX_DEPTH, clock.now, None)[0] >= depth
    assert to_the_deadline.nodes > searcher.nodes, "without the share, it searches on until its deadline"


SLOW_TO_REFUTE = (  # 15×15, X to move: X has no win by fours, and the solver needs some 16,000 positions to see it
    "...OO.O...X....XX....O........O.....................X...X.......O...XOO....X....O...O.X..XX......"
    ".O.O.....XO......OX.....O.O...X......XX.O.......O....X.........OX..X....X............OX.OOO.XX..X."
    "XX...XO....O...X......XO.O..O.")


def test_a_slow_look_for_a_forced_win_leaves_the_search_and_the_defence_their_share(monkeypatch):
    here = Position.from_text(BOARDS["15x15"], SLOW_TO_REFUTE)
    monkeypatch.setattr(search_module.time, "perf_counter", FakeClock())
    thought = think(here, 500)
    assert thought.kind in ("search", "defence") and thought.depth >= 2, "the search had its time"
    evaluation = evaluator(here.rules)
    assert ThreatSolver(evaluation).win(evaluation.play(evaluation.node(here), thought.move)) is None


def test_the_shares_of_a_count_of_positions_add_up_to_it():
    here = Position.from_text(BOARDS["15x15"], SLOW_TO_REFUTE)
    thought = think(here, 60_000, max_nodes=13_000)
    # The solver stops one position past its share, the search at most a beam's
    # children past its own (it checks the count before each node's moves).
    assert thought.depth >= 2 and thought.nodes <= 13_000 + BEAM + 2


def test_a_searched_move_that_lets_the_other_side_win_by_fours_is_replaced():
    here = Position.from_text(BOARDS["7x7"], "XO.XOO..O...OOX..XXO..X.X..XX....X...OO......O..X")
    evaluation = evaluator(here.rules)
    node = evaluation.node(here)
    searched = next(move for _, _, move in Searcher(evaluation).search(node, max_depth=1))
    assert ThreatSolver(evaluation).win(evaluation.play(node, searched)) is not None, "one ply does not see it"
    thought = think(here, 60_000, max_depth=1)
    assert thought.kind == "defence" and thought.move != searched
    after = evaluation.play(node, thought.move)
    assert ThreatSolver(evaluation).win(after) is None and not after.their_wins, "a quiet move, not a delaying four"


def test_the_search_reports_its_depth_nodes_and_table_hits():
    rules = BOARDS["7x7"]
    here = Position(rules).play(rules.centre)
    evaluation = evaluator(rules)
    searcher = Searcher(evaluation)
    results = list(searcher.search(evaluation.node(here), max_depth=4))
    assert [depth for depth, _, _ in results] == [1, 2, 3, 4]
    assert searcher.nodes > 100 and searcher.hits > 0
    assert all(abs(score) < WIN // 2 for _, score, _ in results)
    assert searcher.principal_variation(evaluation.node(here))[0] == results[-1][2]


def test_a_deeper_search_is_reproducible_when_the_depth_is_fixed():
    here = setup("7x7", x="d4 e5", o="c3")
    assert think(here, 60_000, max_depth=3).move == think(here, 60_000, max_depth=3).move


@pytest.mark.parametrize("board", BOARDS)
def test_prepare_builds_what_a_first_search_builds_and_nothing_on_a_solved_board(board: str):
    rules = BOARDS[board]
    built = evaluate_module._evaluator
    built.cache_clear()
    prepare(rules)
    if is_solved(rules):
        assert built.cache_info().currsize == 0
        return
    assert built.cache_info().currsize == 1
    think(Position(rules).play(rules.centre), 60_000, max_nodes=300)
    assert built.cache_info().currsize == 1, "the first search built no table of its own"


def test_explain_says_which_threat_a_move_answers_and_which_it_makes():
    """What the pages say of a move of master's travels with its thought:
    the threat it stops and the one it makes, as threat_to_answer finds them."""
    here = setup("15x15", x="h8 i8 j8", o="h9 i10")  # X has an open three: O must stop it
    faced = threat_to_answer(here)
    assert faced is not None and faced.kind == "three"
    stop = faced.answers[0]
    thought = explain(here, think(here, 60_000, max_nodes=2_000)._replace(move=stop, kind="search"))
    assert thought.faced == faced and thought.threat == threat_to_answer(here.play(stop))
    elsewhere = next(cell for cell in here.legal_moves() if cell not in faced.answers)
    assert explain(here, thought._replace(move=elsewhere)).faced == faced  # faced, not answered
    three = setup("15x15", x="h8 i8", o="a1 a2")  # X to move: g8 makes an open three
    made = explain(three, thought._replace(move=BOARDS["15x15"].parse_cell_name("g8")))
    assert made.threat is not None and made.threat.kind == "three" and made.threat.answers
    proof = thought._replace(kind="forced win", faced=None, threat=None)
    assert explain(here, proof) == proof  # a proof says more than a threat
