"""A depth-limited search as a page shows it: one page's question (a
position on 4×4, 5×5 or 7×7 and a depth), every move's value at that depth
with the line to the leaf whose evaluation it is, the move picked, the counts
of plain minimax and alpha-beta measured by running them, and on 4×4 what
the tablebase says of each move, so that the page shows where the estimate
goes wrong; and the same at every depth up to the one asked, side by side
(a deeper one is a click away: each depth costs about ten times the one
before, and a page pays only for what it asks).

The searches are the engine's (webapp/engine/teaching/limited.py), run on the engine
workers (the route hands them see()); a position's answer never changes, so
each worker keeps it (functools cache). Nothing here knows about HTTP.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from webapp.engine import Position, Rules, is_solved, opponent
from webapp.engine.game.values import WIN, is_decided
from webapp.engine.teaching.limited import Counts, Limited, limited
from webapp.shared.board import BoardView, SquareValue, board_view
from webapp.shared.coach import square_values
from webapp.shared.errors import InvalidInput
from webapp.shared.game_link import LinkedPosition
from webapp.shared.words import quoted, side_name

BOARDS_SEARCHED = ("4x4", "5x5", "7x7")
DEPTHS = (1, 2, 3, 4)
"""The depths a page offers: depth 4 on 7×7 takes a few seconds of plain minimax (docs/measurements.md)."""
DEFAULT_DEPTH = 2
MINIMAX_LIMIT = 30_000
"""Plain minimax is stopped past this many positions (a page says so); alpha-beta always finishes."""


def check_position(rules: Rules, moves: tuple[int, ...]) -> None:
    """InvalidInput unless the page can search after moves: one of its
    boards, and a game not over."""
    if rules.name not in BOARDS_SEARCHED:
        raise InvalidInput(f"The depth-limited search is shown on {', '.join(BOARDS_SEARCHED)}, not on {rules.name}.")
    if Position.after(rules, moves).is_over:
        raise InvalidInput("The game is over after these moves: there is nothing left to search.")


@dataclass(frozen=True)
class Asked(LinkedPosition):
    """One page's question: a position and the depth to search it to."""

    depth: int = DEFAULT_DEPTH

    @classmethod
    def parse(cls, rules: Rules, moves: tuple[int, ...], raw_depth: str | None) -> Asked:
        """The question a link's query asks of a position (check_position's),
        or InvalidInput saying what in the query is wrong."""
        depth = DEFAULT_DEPTH
        if raw_depth is not None:
            if raw_depth not in tuple(map(str, DEPTHS)):
                raise InvalidInput(f"The depth is one of {', '.join(map(str, DEPTHS))}, not {quoted(raw_depth[:12])}.")
            depth = int(raw_depth)
        return cls(rules, moves, depth)

    @property
    def solved(self) -> bool:
        return is_solved(self.rules)


class MoveRow(NamedTuple):
    """One move at the page's position, searched to the depth asked."""

    square: str
    value: str             # "estimate +198 for X", "X wins in 2"
    kind: str              # "estimate", "draw", "win-x" or "win-o", for colour
    line: tuple[str, ...]  # the principal line, this move first, as square names
    leaf: str              # the evaluation at the leaf, "+27 for O, to move there", or "none: the game ends"
    picked: bool
    truth: SquareValue | None  # on 4×4, what the tablebase says of the move


class DepthRow(NamedTuple):
    """One depth, in the table over depths."""

    depth: int
    picked: str
    value: str
    truth: SquareValue | None
    wrong: bool | None         # the pick is worse than the best move, by the tablebase (None: not known)
    minimax: Counts
    alphabeta: Counts


class Seen(NamedTuple):
    """What the page shows."""

    rows: tuple[MoveRow, ...]
    depths: tuple[DepthRow, ...]  # from 1 to the depth asked
    best_truth: str | None     # the tablebase's best here ("draw"), on 4×4
    sentence: str


RANK = {"win": 2, "draw": 1, "loss": 0}


def value_words(rules: Rules, value: int, mover: str) -> tuple[str, str]:
    """A depth-limited value for mover in words (the sides as rules' players
    call them: X and O, or black and white), and its kind."""
    if is_decided(value):
        winner = mover if value > 0 else opponent(mover)
        return f"{side_name(rules, winner)} wins in {(WIN - abs(value) + 1) // 2}", f"win-{winner.lower()}"
    if value == 0:
        return "draw", "draw"
    return f"estimate {value:+,} for {side_name(rules, mover, start=False)}", "estimate"


def see(asked: Asked) -> Seen:
    """All the page shows: worked out on the engine workers, kept by each."""
    return _seen(asked.rules, asked.moves, asked.depth)


@lru_cache(maxsize=128)
def _seen(rules: Rules, moves: tuple[int, ...], depth: int) -> Seen:
    position = Position.after(rules, moves)
    truths = square_values(position) if is_solved(rules) else {}
    top = max((RANK[value.kind] for value in truths.values()), default=None)
    rows = _rows(position, depth, truths)
    depths = tuple(_depth_row(position, each, truths, top) for each in range(1, depth + 1))
    best_truth = next((value.text for value in truths.values() if RANK[value.kind] == top), None)
    return Seen(rows, depths, best_truth, _sentence(position, depths[depth - 1], best_truth))


@lru_cache(maxsize=512)
def _limited(position: Position, depth: int) -> Limited:
    """The engine's search of position to depth, kept: the pages ask every depth of one position."""
    return limited(position, depth, MINIMAX_LIMIT)


def _rows(position: Position, depth: int, truths: dict[int, SquareValue]) -> tuple[MoveRow, ...]:
    rules, mover, searched = position.rules, position.to_move, _limited(position, depth)
    rows = []
    for line in searched.lines:
        words, kind = value_words(rules, line.value, mover)
        leaf_mover = mover if len(line.line) % 2 == 0 else opponent(mover)
        if line.leaf_score is None:
            leaf = "none: the game ends"
        else:
            leaf = f"{line.leaf_score:+,} for {side_name(rules, leaf_mover, start=False)}, to move there"
        rows.append(MoveRow(rules.cell_name(line.move), words, kind, tuple(map(rules.cell_name, line.line)), leaf,
                            line.move == searched.picked, truths.get(line.move)))
    return tuple(rows)


def _depth_row(position: Position, depth: int, truths: dict[int, SquareValue], top: int | None) -> DepthRow:
    searched = _limited(position, depth)
    truth = truths.get(searched.picked)
    wrong = None if truth is None or top is None else RANK[truth.kind] < top
    return DepthRow(depth, position.rules.cell_name(searched.picked),
                    value_words(position.rules, searched.lines[0].value, position.to_move)[0], truth, wrong,
                    searched.minimax, searched.alphabeta)


def _sentence(position: Position, row: DepthRow, best_truth: str | None) -> str:
    """The pick at the depth asked, beside the truth where it is known."""
    mover = side_name(position.rules, position.to_move)
    said = f"Searched {row.depth} {'move' if row.depth == 1 else 'moves'} deep, {mover} picks {row.picked}"
    if row.truth is None:
        return f"{said} ({row.value}). Nobody knows the truth on a board this size: the estimate is all there is."
    if not row.wrong:
        return f"{said}; the tablebase calls it a {row.truth.text}, as good as any move here."
    return f"{said}; the tablebase calls it a {row.truth.text}, where the best move is a {best_truth}."


def board_of(asked: Asked) -> BoardView:
    """The position, as between two people: nobody in particular plays it."""
    return board_view(asked.rules, asked.moves)
