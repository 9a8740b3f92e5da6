"""A Monte Carlo tree search as a page shows it: one page's question (a
position, a seed, a number of iterations), and what the search found after
them, each root move's visits, value and the selection formula's terms beside
what the solved table says of it, and the last iteration told part by part.

The search is the engine's (webapp/engine/teaching/mcts.py), rerun from the seed for
every page: the same seed and count always give the same tree, so a page is
a link, and the next step is the same link with one iteration more. Up to
HERE_ITERATIONS that takes a few milliseconds (the route runs it in the web
thread); more go to the engine workers, never past MAX_ITERATIONS.
Nothing here knows about HTTP.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from webapp.engine import Position, Rules, is_solved
from webapp.engine.game.notation import write_moves
from webapp.engine.teaching.mcts import EXPLORATION, Iteration, Search
from webapp.shared.board import BoardView, SquareValue, board_view
from webapp.shared.coach import square_values
from webapp.shared.errors import InvalidInput
from webapp.shared.forms import whole_number
from webapp.shared.game_link import LinkedPosition, parse_moves
from webapp.shared.words import describe_cell, quoted

MAX_ITERATIONS = 10_000
"""The most iterations a page asks for: about a second's work on 4×4 (docs/measurements.md)."""
HERE_ITERATIONS = 200
"""Up to this many iterations are run in the web thread (a few milliseconds); more, on the engine workers."""
BATCHES = (1, 10, 100, 1_000)
"""The steps a page offers: one iteration at a time, or in batches."""
DEFAULT_SEED = 1
MAX_SEED = 999_999_999


def check_position(rules: Rules, moves: tuple[int, ...]) -> None:
    """InvalidInput unless the page can search after moves: a solved board
    (whose table judges the search), and a game not over."""
    if not is_solved(rules):
        raise InvalidInput(f"Monte Carlo tree search is shown on 3x3 and 4x4, whose solved tables say how good "
                           f"its moves are; not on {rules.name}.")
    if Position.after(rules, moves).is_over:
        raise InvalidInput("The game is over after these moves: there is nothing left to search.")


def _node(rules: Rules, moves: tuple[int, ...], raw: str) -> tuple[int, ...]:
    """The moves from the position a link's node writes, or InvalidInput saying why they are not a line of play."""
    if not raw:
        return ()
    separator = "" if rules.size == 3 else "-"
    try:
        whole = parse_moves(rules, separator.join(filter(None, (write_moves(rules, moves), raw))))
    except InvalidInput as error:
        raise InvalidInput(f"The node {quoted(raw[:40])} is not a line of play from this position: {error}") from None
    return whole[len(moves):]


@dataclass(frozen=True)
class Asked(LinkedPosition):
    """One page's question: a position on a solved board, the seed of the
    playouts' randomness, and how many iterations have run."""

    seed: int = DEFAULT_SEED
    iterations: int = 0
    node: tuple[int, ...] = ()  # the node of the tree whose moves the table shows: moves from the position

    @classmethod
    def parse(cls, rules: Rules, moves: tuple[int, ...], raw_seed: str | None, raw_iterations: str | None,
              raw_node: str | None = None) -> Asked:
        """The question a link's query asks of a position (check_position's),
        or InvalidInput saying what in the query is wrong. Whether the node
        is in the tree only the search can say (Found.missing)."""
        seed = DEFAULT_SEED if raw_seed is None else whole_number(raw_seed, MAX_SEED)
        if seed is None:
            raise InvalidInput(f"The seed is a whole number from 0 to {MAX_SEED:,}, not {quoted(str(raw_seed)[:12])}.")
        iterations = 0 if raw_iterations is None else whole_number(raw_iterations, MAX_ITERATIONS)
        if iterations is None:
            raise InvalidInput(f"The iterations are a whole number from 0 to {MAX_ITERATIONS:,}, "
                               f"not {quoted(str(raw_iterations)[:12])}.")
        return cls(rules, moves, seed, iterations, _node(rules, moves, raw_node or ""))

    @property
    def needs_the_engines(self) -> bool:
        return self.iterations > HERE_ITERATIONS

    @property
    def node_notation(self) -> str:
        """The open node's moves as a link writes them ("" for the page's own position)."""
        return write_moves(self.rules, self.node)

    def node_path(self) -> list[tuple[str, str]]:
        """The way from the page's position to the open node, each step's
        words ("O row 2, column 1") with the node link that opens it."""
        mover, way = self.position.to_move, []
        for length in range(1, len(self.node) + 1):
            way.append((f"{mover} {describe_cell(self.rules, self.node[length - 1])}",
                        write_moves(self.rules, self.node[:length])))
            mover = "O" if mover == "X" else "X"
        return way

    def steps(self) -> list[tuple[str, int]]:
        """The steps the page links to, each with the iterations it leads to:
        back one, on by each batch (within MAX_ITERATIONS), start over."""
        found = [("Back one", self.iterations - 1)] if self.iterations else []
        for batch in BATCHES:
            if self.iterations + batch <= MAX_ITERATIONS:
                found.append((f"Run {batch:,} more" if batch > 1 else "Step one iteration", self.iterations + batch))
        return found


class MoveRow(NamedTuple):
    """One move at the open node (the page's position, unless a node is opened), as the table shows it."""

    cell: int
    square: str
    visits: int
    wins: int
    draws: int
    value: float | None        # None before its first visit
    exploitation: float | None
    exploration: float | None  # the bonus, c·√(ln N / n)
    truth: SquareValue         # what the solved table says of it
    best: bool                 # the table calls it as good as any move here
    preferred: bool            # the search's choice (most visits)
    opens: bool = False        # in the tree with moves below it: a link opens it
    notation: str = ""         # the square as a link writes it ("4", "b2")


class PathNode(NamedTuple):
    """A node on the last iteration's path, after the backup."""

    square: str
    mover: str
    part: str                  # "selection" or "expansion"
    exploitation: float | None  # its terms when selection chose it (None: expanded)
    exploration: float | None
    visits: int
    wins: int
    draws: int
    value: float


class Found(NamedTuple):
    """What the page shows of the search after the iterations asked: the
    open node's moves (the page's position's, unless a node is opened), where
    the search has settled at the page's position, and the last iteration."""

    rows: tuple[MoveRow, ...]
    root_visits: int            # the open node's visits, N in its moves' terms
    preferred: MoveRow | None
    sentence: str
    path: tuple[PathNode, ...]
    playout: tuple[str, ...]    # the random game's moves, "O: row 1, column 2"
    result: str                 # "X won the game", "the game was a draw", "" before any iteration
    missing: bool = False       # the node asked for is not in the tree, or is a finished game: nothing to show


def found(asked: Asked) -> Found:
    """What the search from asked.position with asked.seed found after asked.iterations."""
    return _found(asked.rules, asked.moves, asked.seed, asked.iterations, asked.node)


RANK = {"win": 2, "draw": 1, "loss": 0}


@lru_cache(maxsize=256)
def _found(rules: Rules, moves: tuple[int, ...], seed: int, iterations: int, node: tuple[int, ...] = ()) -> Found:
    position = Position.after(rules, moves)
    search = Search(position, seed).run(iterations)
    settled = _rows(search, position, ())
    chosen = next((row for row in settled if row.preferred), None)
    path, playout, result = _told(search, position)
    sentence = _sentence(rules, iterations, chosen, settled)
    if not node:
        return Found(settled, search.root.visits, chosen, sentence, path, playout, result)
    try:
        opened = search.node_at(node)
    except KeyError:
        opened = None
    if opened is None or opened.over:
        return Found((), 0, chosen, sentence, path, playout, result, missing=True)
    return Found(_rows(search, Position.after(rules, (*moves, *node)), node), opened.visits, chosen, sentence,
                 path, playout, result)


def _rows(search: Search, position: Position, node: tuple[int, ...]) -> tuple[MoveRow, ...]:
    """The moves at a node of the tree (position is its), each with what the
    search found of it beside what the solved table says; the node's most
    visited move marked."""
    rules, here = position.rules, search.node_at(node)
    truths = square_values(position)
    top = max(RANK[value.kind] for value in truths.values())
    preferred = min(here.children, key=lambda child: (-child.visits, child.move)).move if here.children else None
    rows = []
    for cell in sorted(truths):
        truth = truths[cell]
        try:
            child = here.child(cell)
        except KeyError:
            rows.append(MoveRow(cell, describe_cell(rules, cell), 0, 0, 0, None, None, None, truth,
                                RANK[truth.kind] == top, False, False, write_moves(rules, (cell,))))
            continue
        exploitation, exploration = child.terms(here.visits, EXPLORATION)
        rows.append(MoveRow(cell, describe_cell(rules, cell), child.visits, child.wins, child.draws, child.value,
                            exploitation, exploration, truth, RANK[truth.kind] == top, cell == preferred,
                            child.visits > 0 and not child.over, write_moves(rules, (cell,))))
    return tuple(rows)


def _sentence(rules: Rules, iterations: int, chosen: MoveRow | None, rows: tuple[MoveRow, ...]) -> str:
    """Where the search has settled, beside the truth: "After 1,000 iterations
    it prefers row 2, column 2, which the solved table calls a draw, as good
    as any move here." """
    if chosen is None:
        return "No iteration has run yet: every move is untried."
    runs = f"{iterations:,} iteration" + ("" if iterations == 1 else "s")
    said = f"After {runs} it prefers {chosen.square}, which the solved table calls {_article(chosen.truth.text)}"
    if chosen.best:
        return f"{said}, as good as any move here."
    better = [row.square for row in rows if row.best]
    kind = next(row.truth.text for row in rows if row.best)
    return f"{said}; {better[0]}{' and others' if len(better) > 1 else ''} would be {_article(kind)}."


def _article(text: str) -> str:
    """"a draw", "a win in 2", "a loss in 3": the table's words in a sentence."""
    return f"a {text}"


def _told(search: Search, position: Position) -> tuple[tuple[PathNode, ...], tuple[str, ...], str]:
    """The last iteration in parts: the path selection and expansion took
    (each node as the backup left it), the random game, and its result."""
    last: Iteration | None = search.last
    if last is None:
        return (), (), ""
    rules, nodes = position.rules, []
    walked: tuple[int, ...] = ()
    steps = {index: step for index, step in enumerate(last.selection)}
    for index, move in enumerate(last.path):
        walked = (*walked, move)
        node = search.node_at(walked)
        step = steps.get(index)
        nodes.append(PathNode(describe_cell(rules, move), node.mover, "selection" if step else "expansion",
                              step.exploitation if step else None, step.exploration if step else None,
                              node.visits, node.wins, node.draws, node.value))
    end = search.node_at(last.path)
    mover, playout = end.to_move, []
    for move in last.playout:
        playout.append(f"{mover}: {describe_cell(rules, move)}")
        mover = "O" if mover == "X" else "X"
    result = f"{last.winner} won the game" if last.winner else "the game was a draw"
    return tuple(nodes), tuple(playout), result


def board_of(asked: Asked, found: Found) -> BoardView:
    """The open node's position with each empty square's visits written on
    it and its colour the solved table's verdict: where the search looks, and
    where it should."""
    values = {row.cell: SquareValue(row.truth.kind, f"{row.visits:,} visits, the table says {row.truth.text}",
                                    f"{row.visits:,}") for row in found.rows}
    return board_view(asked.rules, (*asked.moves, *asked.node), values=values)
