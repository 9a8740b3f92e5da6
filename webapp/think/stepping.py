"""A search stepped through a node at a time: which search, on which
position, in which order of moves, at which step (Stepping, read from a
link), and what that step shows (StepView: the node, the path to it, the
window, the value backed up, and every position above it with its moves
done, being looked at, waiting, or skipped and why).

A step is found by replaying the search from its start (engine.traced), so
nothing is kept between requests; the searches' totals are worked out once
per position and order and kept. A search that would examine more than
TRACE_LIMIT positions is not stepped: the page says how far it got. Values
are shown as points for X: a win is worth the board's squares plus one, less
the moves it takes from the position stepped (a quick win is worth more), a
loss the same below zero, a draw 0; alpha and beta as a textbook draws them,
alpha the most X is sure of, beta the least O can hold X to. Nothing here
knows about HTTP.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from webapp.engine import Position, Rules, is_solved, opponent
from webapp.engine.game.values import WIN
from webapp.engine.teaching.classic import INFINITY, TooLong, most_orders, most_positions, tree_size
from webapp.engine.teaching.traced import ORDERINGS, SEARCHES, Order, Step, Totals, run, steps_up_to
from webapp.shared.errors import InvalidInput
from webapp.shared.game_link import LinkedPosition, parse_moves
from webapp.shared.words import describe_cell

TRACE_LIMIT = 600_000
"""The most positions a stepped search may examine (plain minimax on the
empty 3×3 board examines 549,946): past it a search is not stepped."""
MOST_EMPTY = 9
"""The most empty squares a position may have for its searches to be
stepped: every 3×3 position, and 4×4 ones with seven stones down or more.
Measured on random 4×4 positions: with nine empty squares alpha-beta takes
at most some 33,000 steps in square order and 390,000 worst first; with
ten, up to 187,000 in square order, and worst first it runs past
TRACE_LIMIT, which took up to 20 s of a busy machine to find out."""
KEPT_STEPS = 100_000
"""The longest trace of alpha-beta a process keeps whole (the last two asked
for: 33,279 steps measured 10 MB, so some 60 MB at most), so that a later step of it is a slice rather than
a replay (minimax needs none: it skips what it has finished)."""
LIGHT_POSITIONS = 20_000
"""Positions a tree may hold for its steps to be worked out in the web
thread (a 3×3 board with seven empty squares or fewer); bigger ones go to
the engine workers."""
SEARCH_NAMES = {"minimax": "Minimax", "alphabeta": "Alpha-beta",
                "table": "Alpha-beta with a transposition table"}
ORDER_NAMES = {"listed": "As listed: square by square, row by row",
               "best": "Best first, by the solved table",
               "worst": "Worst first, by the solved table",
               "engine": "The engine's: wins, then blocks, then the squares on the most lines"}


def parse_order(rules: Rules, raw: str | None) -> Order:
    """An order a link gives: a name, or the squares a person chose first,
    comma-separated (the rest follow in square order)."""
    if raw is None or raw == "":
        return "listed"
    if raw in ORDERINGS:
        return raw
    try:
        squares = tuple(int(part) for part in raw.split(","))
    except ValueError:
        raise InvalidInput(f"The order is one of {', '.join(ORDERINGS)}, or squares numbered 0 to "
                           f"{rules.cells - 1} separated by commas, not “{raw[:40]}”.") from None
    if any(not 0 <= square < rules.cells for square in squares):
        raise InvalidInput(f"The squares of a {rules.name} board are numbered 0 to {rules.cells - 1}.")
    if len(set(squares)) != len(squares):
        raise InvalidInput("Each square comes once in an order of moves.")
    return squares


@dataclass(frozen=True)
class Stepping(LinkedPosition):
    """One step of one search, as a link asks for it."""

    search: str = "alphabeta"
    order: Order = "listed"
    step: int = 1

    @classmethod
    def parse(cls, rules: Rules, raw_moves: str, raw_search: str | None, raw_order: str | None,
              raw_step: str | None) -> Stepping:
        """The step a link asks for, or InvalidInput saying what is wrong (a
        step past the search's end is only known once it has run: StepView.past_end)."""
        if not is_solved(rules):
            raise InvalidInput(f"Searches are stepped through on 3×3 and 4×4, whose positions the solved table "
                               f"values, not on {rules.name}.")
        moves = parse_moves(rules, raw_moves)
        if Position.after(rules, moves).is_over:
            raise InvalidInput("The game is over in that position: there is no search to step through.")
        search = raw_search or "alphabeta"
        if search not in SEARCHES:
            raise InvalidInput(f"The search is one of {', '.join(SEARCHES)}, not “{search[:20]}”.")
        step = 1
        if raw_step is not None:
            if not raw_step.isdigit() or int(raw_step) < 1 or len(raw_step) > 9:
                raise InvalidInput(f"A step is a whole number from 1, not “{raw_step[:12]}”.")
            step = int(raw_step)
        return cls(rules, moves, search, parse_order(rules, raw_order), step)

    @property
    def order_text(self) -> str:
        """The order as a link writes it."""
        return ",".join(map(str, self.order)) if isinstance(self.order, tuple) else self.order

    @property
    def own_order(self) -> tuple[int, ...]:
        """The squares a person has chosen first, if the order is their own."""
        return self.order if isinstance(self.order, tuple) else ()

    def query(self, **changes: object) -> dict[str, Any]:
        """The link's query for this step with some of it changed (None leaves a part out)."""
        fields = {"search": self.search, "order": self.order_text, "step": self.step}
        fields.update(changes)
        return {name: value for name, value in fields.items() if value is not None}

    def with_square_chosen(self, cell: int) -> str:
        """The order with cell added to the person's own (or taken out, if there)."""
        own = self.own_order
        chosen = tuple(square for square in own if square != cell) if cell in own else (*own, cell)
        return ",".join(map(str, chosen)) or "listed"

    @property
    def light(self) -> bool:
        """Whether the steps are cheap enough to work out in the web thread."""
        empty = self.position.empty.bit_count()
        return (empty <= MOST_EMPTY and most_positions(empty) <= LIGHT_POSITIONS
                and tree_size(self.position) <= LIGHT_POSITIONS)


class Chip(NamedTuple):
    """One move of a position on the search's path, as the step shows it."""

    cell: int
    square: str
    state: str        # "done", "remembered", "now", "waiting" or "skipped"
    points: str       # its value for X, once known


class Frame(NamedTuple):
    """A position on the path from the root to the node, with its moves."""

    path: tuple[int, ...]
    mover: str
    chips: tuple[Chip, ...]
    window: tuple[str, str] | None   # alpha and beta, for X
    value: str | None                # backed up, once done
    cut: str | None                  # why its last moves were skipped


class Counted(NamedTuple):
    """One search's whole run in the order chosen: its totals, or why it was not run."""

    search: str
    name: str
    totals: Totals | None


class StepView(NamedTuple):
    """What a step shows."""

    step: Step | None                 # None when past the end or too big
    last: int                         # the search's number of steps (0 when too big)
    past_end: bool
    too_big: bool
    path_words: tuple[str, ...]       # the moves from the position to the node, in words
    frames: tuple[Frame, ...]         # the root first, the node's parent (or the node) last
    says: str                         # the step in a sentence
    window: tuple[str, str] | None    # alpha and beta for X at the node
    value: str | None                 # the node's value for X, once known at this step
    counted: tuple[Counted, ...]      # every search in this order, side by side
    perfect: Totals | None            # alpha-beta with the solved table's best move first


def points(rules: Rules, value: int) -> str:
    """A value for X as points (see the module's docstring); ∞ as the window's open ends."""
    if abs(value) >= INFINITY:
        return "+∞" if value > 0 else "−∞"
    if value == 0:
        return "0"
    plies = WIN - abs(value)
    return f"{'+' if value > 0 else '−'}{rules.cells + 1 - plies}"


def for_x(value: int, mover: str) -> int:
    return value if mover == "X" else -value


def window_for_x(alpha: int, beta: int, mover: str) -> tuple[int, int]:
    """A negamax window for mover as alpha and beta for X."""
    return (alpha, beta) if mover == "X" else (-beta, -alpha)


@lru_cache(maxsize=1024)
def totals(search: str, position: Position, order: Order) -> Totals | None:
    """A whole search, or None if it would examine more than TRACE_LIMIT positions."""
    empty = position.empty.bit_count()
    if empty > MOST_EMPTY:
        return None
    if search == "minimax" and most_orders(empty) > TRACE_LIMIT and most_positions(empty) > LIGHT_POSITIONS * 5:
        return None  # too big to count quickly, and far too big to step
    try:
        return run(search, position, order, TRACE_LIMIT)
    except TooLong:
        return None


@lru_cache(maxsize=2)
def _kept_trace(search: str, position: Position, order: Order) -> tuple[Step, ...] | None:
    """A whole trace, when it has at most KEPT_STEPS steps (the search's totals say so first)."""
    whole = totals(search, position, order)
    if whole is None or whole.steps > KEPT_STEPS:
        return None
    return tuple(steps_up_to(search, position, order, whole.steps))


def see_step(stepping: Stepping) -> StepView:
    """The step a link asks for, with the searches' totals in its order (on
    the engine workers when the tree is big: see Stepping.light)."""
    position = stepping.position
    counted = tuple(Counted(key, name, totals(key, position, stepping.order)) for key, name in SEARCH_NAMES.items())
    perfect = totals("alphabeta", position, "best")
    whole = dict((row.search, row.totals) for row in counted)[stepping.search]
    if whole is None:
        return StepView(None, 0, False, True, (), (), "", None, None, counted, perfect)
    if stepping.step > whole.steps:
        return StepView(None, whole.steps, True, False, (), (), "", None, None, counted, perfect)
    kept = _kept_trace(stepping.search, position, stepping.order) if stepping.search != "minimax" else None
    steps = kept[:stepping.step] if kept else steps_up_to(stepping.search, position, stepping.order, stepping.step)
    frames, step = _frames(stepping, steps)
    words = tuple(f"{'XO'[(len(stepping.moves) + ply) % 2]} {describe_cell(stepping.rules, cell)}"
                  for ply, cell in enumerate(step.path))
    mover = position.to_move if len(step.path) % 2 == 0 else opponent(position.to_move)
    window = None
    if step.alpha is not None and step.beta is not None:
        alpha, beta = window_for_x(step.alpha, step.beta, mover)
        window = points(stepping.rules, alpha), points(stepping.rules, beta)
    value = None if step.value is None else points(stepping.rules, for_x(step.value, mover))
    return StepView(step, whole.steps, False, False, words, frames, _says(stepping, step), window, value, counted,
                    perfect)


class _Open:
    """A position on the path while the steps are replayed."""

    def __init__(self, step: Step, mover: str):
        self.path, self.mover, self.moves = step.path, mover, step.moves
        self.alpha, self.beta = step.alpha, step.beta
        self.results: dict[int, tuple[int, str]] = {}   # move -> (value for this mover, "done" or "remembered")
        self.value: int | None = None
        self.skipped: tuple[int, ...] = ()
        self.done = False

    def heard(self, move: int, child_value: int, kind: str) -> None:
        """A move's value came back: alpha rises to it (when there is a window)."""
        value = -child_value
        self.results[move] = (value, kind)
        if self.alpha is not None:
            self.alpha = max(self.alpha, value)


def _frames(stepping: Stepping, steps) -> tuple[tuple[Frame, ...], Step]:
    """Replay steps, keeping the positions on the path, and show them as at the last step."""
    first_mover = stepping.position.to_move
    stack: list[_Open] = []
    step = None
    for step in steps:
        if stack and stack[-1].done:
            stack.pop()
        mover = first_mover if len(step.path) % 2 == 0 else opponent(first_mover)
        parent = stack[-1] if stack and stack[-1].path == step.path[:-1] and step.path else None
        if step.kind == "enter":
            stack.append(_Open(step, mover))
        elif step.kind in ("leaf", "remembered"):
            if parent:
                parent.heard(step.path[-1], step.value, "remembered" if step.kind == "remembered" else "done")
        else:
            if stack and stack[-1].path == step.path:
                node = stack[-1]
                node.value, node.skipped, node.done = step.value, step.moves, True
                node.alpha, node.beta = step.alpha, step.beta
                parent = stack[-2] if len(stack) > 1 else None
            if parent and step.path:
                parent.heard(step.path[-1], step.value, "done")
    assert step is not None
    return tuple(_frame(stepping.rules, node, step) for node in stack), step


def _frame(rules: Rules, node: _Open, step: Step) -> Frame:
    now = step.path[len(node.path)] if len(step.path) > len(node.path) else None
    chips = []
    for cell in node.moves:
        if cell in node.results:
            value, kind = node.results[cell]
            chips.append(Chip(cell, describe_cell(rules, cell), kind, points(rules, for_x(value, node.mover))))
        else:
            state = "now" if cell == now else "skipped" if cell in node.skipped else "waiting"
            chips.append(Chip(cell, describe_cell(rules, cell), state, ""))
    window = None
    if node.alpha is not None and node.beta is not None:
        alpha, beta = window_for_x(node.alpha, node.beta, node.mover)
        window = points(rules, alpha), points(rules, beta)
    backed_up = None if node.value is None else points(rules, for_x(node.value, node.mover))
    return Frame(node.path, node.mover, tuple(chips), window, backed_up, _cut(rules, node) if node.skipped else None)


def _cut(rules: Rules, node: _Open) -> str:
    """Why a position's last moves were never looked at, in the textbook's words."""
    assert node.alpha is not None and node.beta is not None and node.value is not None, "a cut has its window and value"
    alpha, beta = window_for_x(node.alpha, node.beta, node.mover)
    if node.mover == "X":
        return (f"β-cutoff: O already had a move worth {points(rules, beta)} elsewhere, and here X has found "
                f"{points(rules, node.value)}, at least as much: O will never choose this position, so X's "
                "other moves here need not be looked at.")
    return (f"α-cutoff: X already had a move worth {points(rules, alpha)} elsewhere, and here O has found "
            f"{points(rules, -node.value)}, no more than that: X will never choose this position, so O's "
            "other moves here need not be looked at.")


def _says(stepping: Stepping, step: Step) -> str:
    """The step in a sentence."""
    rules = stepping.rules
    mover = stepping.position.to_move if len(step.path) % 2 == 0 else opponent(stepping.position.to_move)
    where = "the position you chose" if not step.path else "this position"
    if step.kind == "enter":
        count = "its only move" if len(step.moves) == 1 else f"its {len(step.moves)} moves in the order shown"
        return f"The search arrives at {where}, {mover} to move, and will try {count}."
    assert step.value is not None, "every step but an arrival has a value"
    value = points(rules, for_x(step.value, mover))
    if step.kind == "leaf":
        return f"The game is over here: worth {value} for X. This value goes back up to the position above."
    if step.kind == "remembered":
        return (f"The table already holds enough about this position (worth {value} for X, as far as the "
                "window asks), so it is not searched again.")
    if step.kind == "cut":
        left = "the move left is" if len(step.moves) == 1 else f"the {len(step.moves)} moves left are"
        return (f"{mover} has found a move worth {value} for X, and that is enough: {left} skipped."
                f" {value} goes back up.")
    return f"Every move tried: {mover}'s best here is worth {value} for X, and that goes back up."


def order_counts(search: str, position: Position) -> tuple[tuple[str, Totals | None], ...]:
    """search's totals in every named order, side by side (the ordering lesson's table)."""
    return tuple((name, totals(search, position, key)) for key, name in ORDER_NAMES.items())


def uniform_perfect_leaves(branching: int, depth: int) -> int:
    """Knuth and Moore (1975): the leaves alpha-beta examines with perfect
    ordering on a uniform tree of this branching and depth, b^⌈d/2⌉ + b^⌊d/2⌋ − 1."""
    return branching ** ((depth + 1) // 2) + branching ** (depth // 2) - 1
