"""The computer's levels, on every board, weakest first:

- easy sees one move ahead: it takes a win that is there for the taking, and
  otherwise plays a random empty square near the stones (anywhere on an empty
  board; on 3×3 every square is near).
- medium sees two moves ahead: it takes a win if it can and blocks yours if it
  must; otherwise it plays at random near the stones, as easy does.
- hard plays like the board's top level, except that one move in five it slips
  and plays like medium. On the boards too big to solve its top-level moves
  come from master's search cut to two plies (its move and your reply),
  without the threat solver and without a clock, so it is also quick.
- perfect, on 3×3 and 4×4, never loses: it plays the fastest win, else a draw,
  else the slowest loss; among equally good moves it prefers the one that
  leaves you the most ways to go wrong, then chooses at random.
- master, on 5×5, 7×7 and 15×15, takes a win, blocks a loss, plays any forced
  win by fours (threes on 5×5) it can prove, and otherwise searches as deep as its time
  budget allows (search.think).

Besides the levels, 3×3 has two learners (LEARNERS), players that learned
the game rather than being told it: menace, the trained MENACE, which draws
a bead from the box of the position (menace.py); and network, the neural
network that taught itself, which plays the square it values most
(network.py).

A level is a function of the position, a random generator and the budget.
Without a generator nothing is left to chance: the lowest-numbered of the
equally good cells is played and hard never slips, which makes games
reproducible (master's too when it is given a count of positions, max_nodes,
rather than a clock).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from webapp.engine.game.boards import BOARDS
from webapp.engine.game.position import Position
from webapp.engine.game.rules import Rules, cells_of, opponent
from webapp.engine.play import solved
from webapp.engine.play.evaluate import evaluator
from webapp.engine.play.search import Searcher, think
from webapp.engine.players import menace

LEVELS = ("easy", "medium", "hard", "perfect", "master")
"""Every level, weakest first; each board has four of them (levels_of)."""
LEARNERS = ("menace", "network")
"""The learners, which play on 3×3 only (learners_of)."""
DEFAULT_BUDGET_MS = 500
HARD_SLIP = 0.2
"""The share of its moves on which hard plays like medium."""
HARD_DEPTH = 2
"""How many plies hard's search looks ahead on the boards too big to solve."""


def levels_of(rules: Rules) -> tuple[str, ...]:
    """The levels a board has: perfect where the game is solved, else master."""
    top = "perfect" if solved.is_solved(rules) else "master"
    return ("easy", "medium", "hard", top)


def top_level(rules: Rules) -> str:
    return levels_of(rules)[-1]


def learners_of(rules: Rules) -> tuple[str, ...]:
    """The learners a board has: both on 3×3, none elsewhere."""
    return LEARNERS if rules == BOARDS["3x3"] else ()


def check_level(rules: Rules, level: str) -> None:
    """ValueError, with a message fit to show a person, unless the board has
    this level or learner."""
    if level in levels_of(rules) or level in learners_of(rules):
        return
    have = _listed(levels_of(rules))
    learners = f" It also has the learners {_listed(learners_of(rules))}." if learners_of(rules) else ""
    if level in LEVELS:
        raise ValueError(f"The {rules.name} board has the levels {have}, not {level}.{learners}")
    if level in LEARNERS:
        raise ValueError(f"The {rules.name} board has the levels {have}, not {level}: "
                         "the learners play on 3x3 only.")
    raise ValueError(f"Unknown level “{str(level)[:20]}”; the {rules.name} board has the levels {have}.{learners}")


def _listed(names: tuple[str, ...]) -> str:
    return f"{', '.join(names[:-1])} and {names[-1]}"


def choose_move(position: Position, level: str, rng: random.Random | None = None,
                budget_ms: float = DEFAULT_BUDGET_MS, max_nodes: float = float("inf")) -> int:
    """The cell the computer plays at this level (see the module's docstring).
    master thinks for budget_ms, or until it has examined max_nodes positions
    (which, unlike a clock, gives the same move on any machine).
    Raises ValueError for a level the board does not have, a position the
    rules do not allow, or one without a move to make."""
    check_level(position.rules, level)
    _check_playable(position)
    return PLAYS[level](position, rng, budget_ms, max_nodes)


def _easy(position: Position, rng: random.Random | None, budget_ms: float, max_nodes: float) -> int:
    return _pick(within_horizon(position, HORIZONS["easy"]), rng)


def _medium(position: Position, rng: random.Random | None, budget_ms: float, max_nodes: float) -> int:
    return _pick(within_horizon(position, HORIZONS["medium"]), rng)


def _hard(position: Position, rng: random.Random | None, budget_ms: float, max_nodes: float) -> int:
    """The top level's move, but one move in five medium's; on the big boards
    the top level's move is a short search's (hard_choices), not master's."""
    if rng is not None and rng.random() < HARD_SLIP:
        return _medium(position, rng, budget_ms, max_nodes)
    if solved.is_solved(position.rules):
        return _perfect(position, rng, budget_ms, max_nodes)
    return _pick(hard_choices(position), rng)


def _perfect(position: Position, rng: random.Random | None, budget_ms: float, max_nodes: float) -> int:
    return _pick(perfect_cells(position), rng)


def _master(position: Position, rng: random.Random | None, budget_ms: float, max_nodes: float) -> int:
    return think(position, budget_ms, max_nodes=max_nodes).move


def _menace(position: Position, rng: random.Random | None, budget_ms: float, max_nodes: float) -> int:
    return menace.trained().move(position, rng).cell


def _network(position: Position, rng: random.Random | None, budget_ms: float, max_nodes: float) -> int:
    from webapp.engine.players import network  # numpy: imported when the network first plays, not at start-up
    return network.trained().move(position, rng)


Play = Callable[[Position, "random.Random | None", float, float], int]
"""A level's way of choosing: the position, the dice (None: nothing left to
chance), the budget in milliseconds and the most positions to examine."""
PLAYS: dict[str, Play] = {"easy": _easy, "medium": _medium, "hard": _hard, "perfect": _perfect,
                          "master": _master, "menace": _menace, "network": _network}
"""Every level and learner, by name."""


@lru_cache(maxsize=1 << 14)  # a 3×3 reply is a few lookups: checking afresh would treble it
def _check_playable(position: Position) -> None:
    """ValueError unless the rules allow this position and it has a move to make."""
    position.validate()
    if position.is_over:
        _raise_over(position)


HORIZONS = {"easy": 1, "medium": 2}
"""How many plies ahead the weaker levels see the outcome of a move."""


@lru_cache(maxsize=1 << 14)  # a pure function: after the first time, a lookup
def within_horizon(position: Position, horizon: int) -> tuple[int, ...]:
    """The cells that look best to a player who sees horizon plies ahead (1 or
    2): the cells that win at once; failing those, with horizon 2, the cells
    after which the opponent cannot win at once (the block), if any; failing
    those, every empty square near the stones. These are the cells the solved
    game calls best when every outcome further away is taken for a draw."""
    mover = position.to_move
    wins = position.winning_cells(mover)
    if wins:
        return tuple(cells_of(wins))
    if horizon >= 2:
        threats = position.winning_cells(opponent(mover))
        if threats and not threats & (threats - 1) and not position.why_not(cells_of(threats)[0]):
            return tuple(cells_of(threats))
    return tuple(near_stones(position))


def near_stones(position: Position) -> list[int]:
    """The empty cells within two king's moves of a stone (on an empty board,
    every cell) that the side to move may play (renju forbids some to black)."""
    near = 0
    for cell in cells_of(position.stones):
        near |= position.rules.near[cell]
    forbidden = position.forbidden_cells()
    cells = [cell for cell in cells_of((near or position.rules.full) & position.empty) if cell not in forbidden]
    return cells or position.legal_moves()


def perfect_cells(position: Position) -> list[int]:
    """The solved game's best cells, ties broken toward the most losing replies."""
    return cells_of(solved.table(position.rules).record(position)[1])


@lru_cache(maxsize=1 << 10)  # the coach asks again why hard played its move
def hard_choices(position: Position, depth: int = HARD_DEPTH) -> tuple[int, ...]:
    """On the boards too big to solve, the moves hard chooses from when it
    does not slip: those a depth-ply search without the threat solver likes best."""
    evaluation = evaluator(position.rules)
    node = evaluation.node(position)
    blocks = evaluation.playable(node, cells_of(node.their_wins))  # renju may forbid black the block
    if node.my_wins or blocks:  # a win to take, or a threat to block: the search would say so
        return tuple(cells_of(node.my_wins) or blocks[:1])
    scores = Searcher(evaluation).root_scores(node, depth) or {cell: 0 for cell in position.legal_moves()[:1]}
    top = max(scores.values())
    return tuple(sorted(cell for cell, score in scores.items() if score == top))


def _pick(cells: Sequence[int], rng: random.Random | None) -> int:
    return cells[0] if rng is None else rng.choice(cells)


def _raise_over(position: Position) -> None:
    winner = position.winner
    raise ValueError(f"The game is over: {winner} has won." if winner else "The game is over: it is a draw.")


Player = Callable[[Position, random.Random], int]
"""Anything that picks a cell for the side to move: a level, a person, a test's script."""


def level_player(level: str, budget_ms: float = DEFAULT_BUDGET_MS, max_nodes: float = float("inf")) -> Player:
    """The computer at a level, as a Player."""
    if level not in LEVELS + LEARNERS:
        check_level(BOARDS["3x3"], level)
    return lambda position, rng: choose_move(position, level, rng, budget_ms, max_nodes)


def play_game(rules: Rules, x: Player, o: Player, rng: random.Random) -> Position:
    """Play a whole game between two players; the final position."""
    position = Position(rules)
    while not position.is_over:
        player = x if position.to_move == "X" else o
        position = position.play(player(position, rng))
    return position
