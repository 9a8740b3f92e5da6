"""The classic searches run side by side on a position, each counting what it
examines (a table row each), and on the big boards the engine's own move and
statistics. Worked out once per position and kept; a search known to need
more than RUN_LIMIT positions is not run."""



from __future__ import annotations

import math
import time
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from webapp.brains.external import Brain, BrainFault, ask
from webapp.brains.gomocup import Evaluation
from webapp.engine import Position, Rules, Thought, opponent
from webapp.engine.play.appraise import APPRAISAL_NODES, JUDGES_UNIT, REVIEW_PROOF_NODES
from webapp.engine.play.solved import is_solved, table
from webapp.engine.teaching.classic import (
    ALGORITHMS,
    Horizon,
    MemoTree,
    Searched,
    TooLong,
    Tree,
    minimax,
    minimax_with_memo,
    most_orders,
    most_positions,
    tree_size,
)
from webapp.shared.words import in_a_row_minus_one, in_a_row_minus_two, side_name
from webapp.think.tree import COUNT_LIMIT, STOP_LIMIT, Count, table_value, value_words

RUN_LIMIT = 600_000
"""The most positions a search run for a page may examine: enough for plain
minimax on the empty 3×3 board (549,946). A search known to need more is not run."""
NAMES = {
    "minimax": "Minimax",
    "memo": "Minimax with a memo",
    "alphabeta": "Alpha-beta",
    "table": "Alpha-beta with a transposition table and move ordering",
    "solved": "Look-up in the solved table",
}


class Row(NamedTuple):
    """One search in the table of searches."""

    key: str
    name: str
    examined: Count | None     # None when stopped before it finished
    remembered: int | None     # answered from memory, for the searches that remember
    seconds: float | None      # None when not run
    value: str | None          # in words; None when not run
    note: str                  # how the count was found, or why it was not run


class EngineView(NamedTuple):
    """The engine's own decision on a big board, and what it cost."""

    move: str
    how: str                   # what decided it, in words
    depth: int
    nodes: int
    per_second: float
    hits: int
    seconds: float
    line: list[str]            # the forced win or principal variation, as square names


OPINION_SECONDS = 5.0
"""The longest the think page waits for one external engine's answer (it then says the engine failed)."""
CERTAIN = 30.0
"""Log-odds past which a chance is 0 or 100 in 100 (and math.exp would overflow on an engine's huge score)."""


class OpinionView(NamedTuple):
    """An installed external engine's move in the position, and what it said of it."""

    engine: str         # its name, as the pages give it
    move: str           # its move's square name ("" if it failed)
    says: str           # its evaluation in words, or why there is none
    line: list[str]     # the line it expects, as square names (empty if it gave none)


def engine_opinion(brain: Brain, rules: Rules, moves: tuple[int, ...], mover: str) -> OpinionView:
    """What an external engine plays after moves, and says of the position (on
    an engine worker), waited for at most OPINION_SECONDS: the page waits
    for every engine's answer in turn, within its own wait."""
    try:
        answer = ask(brain, rules, moves, OPINION_SECONDS)
    except BrainFault as fault:
        return OpinionView(brain.title, "", f"It failed: {fault}.", [])
    return OpinionView(brain.title, rules.cell_name(answer.move), evaluation_words(rules, answer.evaluation, mover),
                       [rules.cell_name(cell) for cell in answer.line])


def evaluation_words(rules: Rules, evaluation: Evaluation | None, mover: str) -> str:
    """An engine's evaluation for the side to move, in words: a proof, or a
    score with the chance it stands for (on Rapfi's scale, appraise.JUDGES_UNIT)."""
    if evaluation is None:
        return "It gave no evaluation."
    if evaluation.proven:
        winner = side_name(rules, mover if evaluation.proven > 0 else opponent(mover), start=False)
        moves = evaluation.winners_moves
        return f"It proves that {winner} wins" + (f" in {moves}." if moves else ".")
    score = evaluation.score or 0
    chance = round(100 / (1 + math.exp(-max(-CERTAIN, min(CERTAIN, score / JUDGES_UNIT)))))
    name = side_name(rules, mover, start=False)
    return f"It scores the position {score:+d} for {name}: about {chance} games in 100 for {name}."


def _timed(search: Callable[[MemoTree], Searched], tree: MemoTree) -> tuple[Searched, float]:
    start = time.perf_counter()
    searched = search(tree)
    return searched, time.perf_counter() - start


def _ran(key: str, searched: Searched, seconds: float, rules: Rules, mover: str) -> Row:
    remembered = searched.remembered if key in ("memo", "table") else None
    return Row(key, NAMES[key], Count(searched.examined), remembered, seconds,
               value_words(rules, searched.value, mover)[0], "")


@lru_cache(maxsize=1 << 13)  # every 3×3 position (5,478) and then some
def searches(position: Position, depth: int = 0) -> tuple[Row, ...]:
    """The classic searches on position, side by side: each run (or, where it
    would take too long, its count or a bound found without running it, or
    it is stopped). On
    a solved board they search to the end of the game, and the look-up in the
    solved table joins them; on a bigger one they search to depth plies."""
    mover, rules = position.to_move, position.rules
    if not is_solved(rules):
        return tuple(_ran(key, *_timed(search, Horizon(position, depth)), rules, mover)
                     for key, search in ALGORITHMS.items())
    rows = []
    empty = position.empty.bit_count()
    countable = most_positions(empty) <= COUNT_LIMIT
    size = tree_size(position) if countable else None
    if size is not None and size <= RUN_LIMIT:
        rows.append(_ran("minimax", *_timed(minimax, Tree(position)), rules, mover))
    elif size is not None:
        rows.append(Row("minimax", NAMES["minimax"], Count(size), None, None, None,
                        "Not run: too many positions for a page. Counted without running it."))
    else:
        rows.append(Row("minimax", NAMES["minimax"], Count(most_orders(empty), exact=False), None, None, None,
                        "Not run: too many positions for a page. The bound is every order in which "
                        "the empty squares could fill, as if no game ended early."))
    if countable:
        rows.append(_ran("memo", *_timed(minimax_with_memo, Tree(position)), rules, mover))
    else:
        rows.append(Row("memo", NAMES["memo"], Count(most_positions(empty), exact=False), None, None, None,
                        "Not run: too many positions for a page. The bound is every way to fill "
                        "some of the empty squares, half of them for each side."))
    for key in ("alphabeta", "table"):
        start = time.perf_counter()
        try:
            rows.append(_ran(key, *_timed(ALGORITHMS[key], Tree(position, STOP_LIMIT)), rules, mover))
        except TooLong:
            rows.append(Row(key, NAMES[key], None, None, time.perf_counter() - start, None,
                            f"Stopped after {STOP_LIMIT:,} positions without an answer."))
    start = time.perf_counter()
    score = table(rules).record(position)[0]
    rows.append(Row("solved", NAMES["solved"], Count(1), None, time.perf_counter() - start,
                    value_words(rules, table_value(position, score), mover)[0],
                    "Every position of the game was worked out ahead of time "
                    + ("when the server started" if rules.size == 3 else "and shipped with the site in a file")
                    + ", so the answer is one look-up."))
    return tuple(rows)


def engine_view(rules: Rules, advice: Thought) -> EngineView:
    """The engine's own move on a big board, as the hint gives it and the
    review judges by (engine.advise, worked out once on the engine workers
    and kept by position): the page shows what was found, it never searches
    again."""
    threats = f"{in_a_row_minus_one(rules)}s or {in_a_row_minus_two(rules)}s"
    checked = (f"Then it looks for a forced win the other side would have after its move, with the review's "
               f"deeper proof (up to {REVIEW_PROOF_NODES:,} positions), and offers its next candidate where "
               "it finds one.")
    hows = {
        "win": "It completes a line at once: nothing to search.",
        "block": "The other side would complete a line next move, so it must block: nothing to search.",
        "lost": "The other side can force a win whatever it plays, as far as the engine sees: it plays the move "
                "it likes best.",
        "forced win": f"The threat solver proved a win by {threats}, so the search was not needed.",
        "search": f"The threat solver found no win by {threats} for it, so it searched deeper and deeper within "
                  f"a count of {APPRAISAL_NODES:,} positions shared with its threat solver (a count, not a clock, so "
                  "that it says the same on any machine), and kept the move of the deepest search it finished. "
                  + checked,
        "defence": f"The threat solver found no win by {threats} for it, so it searched; but the move the search "
                   "liked best let the other side force a win, so it plays the best move it found that does not.",
    }
    per_second = advice.nodes / advice.seconds if advice.seconds else 0.0
    return EngineView(rules.cell_name(advice.move), hows[advice.kind], advice.depth, advice.nodes, per_second,
                      advice.hits, advice.seconds, [rules.cell_name(cell) for cell in advice.line])
