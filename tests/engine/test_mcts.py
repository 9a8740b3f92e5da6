"""Monte Carlo tree search: a plain MCTS written here from the rules and the
documented way of drawing randomness (engine/teaching/mcts.py's docstring) grows the
same tree, visit for visit, as the engine's for several seeds and positions;
a seed gives the same tree every time; the selection formula's terms are
what visits and values say; and given enough iterations on a 3×3 position
with few empty squares the search prefers a move the solved table calls best."""

from __future__ import annotations

import math
import random

import pytest

from webapp.engine import BOARDS, Position
from webapp.engine.play.solved import table
from webapp.engine.teaching.mcts import EXPLORATION, Search, search
from webapp.shared.game_link import parse_moves

pytestmark = pytest.mark.timeout(60)

Stats = dict[tuple[int, ...], tuple[int, int, int]]
"""A tree as paths from the root to (visits, wins, draws)."""


def plain_mcts(position: Position, seed: int, iterations: int) -> Stats:
    """UCT as the docstring tells it, on Positions and dicts: selection by
    the highest (wins + draws/2)/n + c·√(ln N / n), ties to the lowest
    square; expansion of the lowest untried square; a playout choosing
    squares[rng.randrange(len(squares))] among the empty squares in order;
    a visit to every node on the path, a win to the nodes whose mover won."""
    rng = random.Random(seed)
    stats: Stats = {(): (0, 0, 0)}
    for _ in range(iterations):
        path, here = (), position
        while not here.is_over:
            tried = [cell for cell in here.legal_moves() if (*path, cell) in stats]
            if len(tried) < len(here.legal_moves()):
                break
            parent_visits = stats[path][0]
            def total(cell: int) -> float:
                visits, wins, draws = stats[(*path, cell)]
                return (wins + draws / 2) / visits + EXPLORATION * math.sqrt(math.log(parent_visits) / visits)
            best = max(sorted(tried), key=total)  # max keeps the first of equals: the lowest square
            path, here = (*path, best), here.play(best)
        if not here.is_over:
            untried = [cell for cell in here.legal_moves() if (*path, cell) not in stats]
            path, here = (*path, untried[0]), here.play(untried[0])
            stats[path] = (0, 0, 0)
        while not here.is_over:
            squares = [cell for cell in range(here.rules.cells) if not here.stones >> cell & 1]
            here = here.play(squares[rng.randrange(len(squares))])
        winner = here.winner
        for length in range(len(path) + 1):
            visits, wins, draws = stats[path[:length]]
            mover = position.to_move if length % 2 else ("O" if position.to_move == "X" else "X")
            stats[path[:length]] = (visits + 1, wins + (winner == mover), draws + (winner is None))
    return stats


def tree_of(found: Search) -> Stats:
    """The engine's tree as paths to (visits, wins, draws)."""
    stats: Stats = {}
    def walk(node, path: tuple[int, ...]) -> None:
        stats[path] = (node.visits, node.wins, node.draws)
        for child in node.children:
            walk(child, (*path, child.move))
    walk(found.root, ())
    return stats


@pytest.mark.parametrize("board, moves, iterations", [("3x3", "", 150), ("3x3", "048", 200), ("3x3", "40", 150),
                                                      ("4x4", "b2-c3", 60)])
@pytest.mark.parametrize("seed", [0, 1, 7])
def test_a_plain_mcts_grows_the_same_tree(board: str, moves: str, iterations: int, seed: int):
    rules = BOARDS[board]
    position = Position.after(rules, parse_moves(rules, moves))
    assert tree_of(search(position, seed, iterations)) == plain_mcts(position, seed, iterations)


def test_one_seed_gives_one_tree_and_another_seed_another():
    position = Position.after(BOARDS["3x3"], (4,))
    first, again, other = (tree_of(search(position, seed, 500)) for seed in (3, 3, 4))
    assert first == again and first != other


def test_stepping_one_at_a_time_is_running_them_at_once():
    position = Position(BOARDS["3x3"])
    stepped = Search(position, 5)
    for _ in range(150):
        stepped.iterate()
    assert tree_of(stepped) == tree_of(search(position, 5, 150))


def test_the_terms_are_what_visits_and_values_say_and_selection_takes_the_highest():
    position = Position.after(BOARDS["3x3"], (0, 4, 8))
    found = search(position, 2, 600)
    root = found.root
    totals = {}
    for child in root.children:
        exploitation, exploration = child.terms(root.visits, EXPLORATION)
        assert exploitation == pytest.approx((child.wins + child.draws / 2) / child.visits) == child.value
        assert exploration == pytest.approx(math.sqrt(2) * math.sqrt(math.log(root.visits) / child.visits))
        totals[child.move] = exploitation + exploration
    chosen = max(sorted(totals), key=totals.get)
    step = found.iterate().selection[0]
    assert step.move == chosen
    assert step.exploitation + step.exploration == pytest.approx(totals[chosen])


def test_the_last_iteration_is_told_in_its_parts():
    position = Position.after(BOARDS["3x3"], (0, 4, 8))
    found = search(position, 1, 6)  # six squares: the sixth iteration expands the last untried one
    last = found.last
    assert last.selection == () and last.expansion == 7 and found.node_at((7,)).visits == 1
    replay = position.play(7)
    for cell in last.playout:
        replay = replay.play(cell)
    assert replay.is_over and replay.winner == last.winner


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_enough_iterations_prefer_a_move_the_table_calls_best(seed: int):
    """O to move after X a3, O b2, X c1: every edge draws, both corners lose."""
    position = Position.after(BOARDS["3x3"], (0, 4, 8))
    scores = table(position.rules).scores(position)
    best = {cell for cell, score in scores.items() if score == max(scores.values())}
    assert best == {1, 3, 5, 7}
    assert search(position, seed, 2_000).preferred() in best


def test_a_finished_game_has_nothing_to_search():
    with pytest.raises(ValueError, match="over"):
        Search(Position.after(BOARDS["3x3"], (0, 3, 1, 4, 2)), 1)
