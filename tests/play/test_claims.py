"""Every sentence the site says about a position on a solved board, read as
a claim and judged by a plain exhaustive search written here, which shares
nothing with the engine but the board's size (harness.positions walks the lines).

The voices judged: the computer's reason for a move (coach.reason, for every
legal move, since the weaker levels and the learners play any of them), the
hint, the coach's square values and the review's judgement. On 3×3 every
reachable position is read (make check reads a sample: tests/reach.py); on
4×4 a seeded sample of positions from random games, with enough stones down
for the plain search to solve them.

Each sentence must match one of the claims below, or the test fails: a new
sentence needs a claim of its own, so that nothing the site says goes unjudged.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import NamedTuple

import pytest

from harness.positions import line_through, playable_positions, position
from tests.reach import Reach
from webapp.engine import BOARDS, Position
from webapp.play.hint import hint_for
from webapp.review.judgement import judge_solved
from webapp.shared.coach import reason, square_values
from webapp.shared.words import NUMBERS, describe_cell

FOUR_SAMPLE = 300
"""4×4 positions read, from seeded random games of at least FOUR_LEAST stones
(the plain search solves those in a few seconds; from 7 stones, twice as long)."""
FOUR_LEAST = 8


class Truth(NamedTuple):
    """A move's value by the plain search: +1 the mover wins, 0 a draw, -1 it
    loses; plies, the game's length from this move on with the winner as
    fast as it can and the loser as slow as it can (this move included)."""

    result: int
    plies: int

    @property
    def movers_moves(self) -> int:
        """The mover's own moves in that line, this one included."""
        return (self.plies + 1) // 2

    @property
    def winners_moves(self) -> int:
        """The winner's moves in that line (0 in a draw)."""
        return (self.plies + 1) // 2 if self.result > 0 else self.plies // 2 if self.result < 0 else 0


def _better(one: Truth, other: Truth) -> bool:
    """Whether the mover prefers one: a win sooner, a loss later."""
    if one.result != other.result:
        return one.result > other.result
    return one.plies < other.plies if one.result > 0 else one.plies > other.plies if one.result < 0 else False


@cache
def plain_moves(text: str, n: int, k: int) -> dict[int, Truth]:
    """Every legal move of the side to move (X when the counts are equal) and its Truth."""
    mover, other = ("X", "O") if text.count("X") == text.count("O") else ("O", "X")
    found = {}
    for cell in (index for index, mark in enumerate(text) if mark == "."):
        child = text[:cell] + mover + text[cell + 1:]
        if line_through(child, n, k, cell):
            found[cell] = Truth(1, 1)
        elif "." not in child:
            found[cell] = Truth(0, 1)
        else:
            best = plain_best(child, n, k)
            found[cell] = Truth(-best.result, best.plies + 1)
    return found


def plain_best(text: str, n: int, k: int) -> Truth:
    """The value of the position for the side to move: its best move's."""
    best = None
    for truth in plain_moves(text, n, k).values():
        if best is None or _better(truth, best):
            best = truth
    return best


class Said(NamedTuple):
    """One sentence and where it was said: the position (its text), the move it is about."""

    voice: str
    text: str
    position: Position
    cell: int | None


class Claims:
    """The facts about one position that the sentences are judged by."""

    def __init__(self, position: Position):
        self.position = position
        rules = position.rules
        self.n, self.k = rules.size, rules.k
        self.text = _text(position)
        self.moves = plain_moves(self.text, self.n, self.k)
        self.mover = "X" if self.text.count("X") == self.text.count("O") else "O"
        self.them = "O" if self.mover == "X" else "X"
        self.names = {describe_cell(rules, cell): cell for cell in range(rules.cells)}

    def after(self, cell: int, mark: str | None = None) -> str:
        return self.text[:cell] + (mark or self.mover) + self.text[cell + 1:]

    def completes(self, cell: int, mark: str) -> bool:
        return line_through(self.after(cell, mark), self.n, self.k, cell)

    def wins_next(self, text: str, mark: str) -> set[int]:
        """The empty cells where mark would complete a line in text."""
        return {cell for cell, here in enumerate(text) if here == "." and
                line_through(text[:cell] + mark + text[cell + 1:], self.n, self.k, cell)}

    def forks(self, text: str, mark: str) -> set[int]:
        """The empty cells where mark would make two or more ways to complete a line next."""
        return {cell for cell, here in enumerate(text) if here == "." and
                len(self.wins_next(text[:cell] + mark + text[cell + 1:], mark)) >= 2}

    def traps(self, cell: int) -> int:
        """The replies to cell that lose for the side replying."""
        child = self.after(cell)
        if line_through(child, self.n, self.k, cell) or "." not in child:
            return 0
        return sum(truth.result < 0 for truth in plain_moves(child, self.n, self.k).values())

    def with_value(self, result: int) -> set[int]:
        return {cell for cell, truth in self.moves.items() if truth.result == result}

    def cells_named(self, words: str, cell: int) -> set[int]:
        """The squares a phrase names, other than cell: "every other square",
        "the corners", "b1, c2 and d4", "5 other squares" (a count: a set of
        that size is returned only where the count is right)."""
        others = set(self.moves) - {cell}
        if words in ("other squares", "every other square"):
            return others
        groups = _groups(self.n)
        kinds = re.fullmatch(r"((?:the (?:other )?(?:centre|corners|edges)(?:, | and )?)+)", words)
        if kinds and groups:
            named = re.findall(r"the (other )?(centre|corners|edges)", words)
            if any(bool(other) != (cell in groups[kind]) for other, kind in named):
                return {-1}  # "the other corners" said of a move that is no corner, or "the corners" of one
            return set().union(*(others & groups[kind] for _, kind in named))
        if counted := re.fullmatch(r"(\d+) other squares", words):
            losing = others & self.with_value(-1)
            return losing if len(losing) == int(counted.group(1)) else set()
        parts = re.split(r", (?!column)| and ", words)
        return {self.names[part] for part in parts}

    def check(self, said: Said) -> str | None:
        """None if the sentence is true, else what is false in it."""
        for pattern, judge in CLAIMS[said.voice]:
            found = re.fullmatch(pattern, said.text)
            if found:
                return judge(self, said.cell, **found.groupdict())
        return "no claim matches this sentence"


def _text(position: Position) -> str:
    return "".join("X" if position.x >> cell & 1 else "O" if position.o >> cell & 1 else "."
                   for cell in range(position.rules.cells))


def _groups(n: int) -> dict[str, set[int]]:
    """The 3×3 board's kinds of square, as people name them."""
    if n != 3:
        return {}
    return {"corners": {0, 2, 6, 8}, "edges": {1, 3, 5, 7}, "centre": {4}}


YOU = r"(?:you|X|O)"
YOURS = r"(?:your|X's|O's)"
DOES = r"(?:you do|[XO] does)"
SQUARE = r"(?P<square>row \d, column \d|[a-o]\d{1,2})"
TRAPS = r"(?P<traps>; this one leaves " + YOU + r" the most ways to go wrong)?"


def _false(condition: bool, what: str) -> str | None:
    return None if condition else what


def _completes(claims: Claims, cell: int) -> str | None:
    return _false(claims.completes(cell, claims.mover), "the move completes no line")


def _blocks(claims: Claims, cell: int) -> str | None:
    return _false(claims.completes(cell, claims.them), "the other side could not complete a line here")


def _fork(claims: Claims, cell: int) -> str | None:
    after = claims.after(cell)
    return (_false(len(claims.wins_next(after, claims.mover)) >= 2, "the move leaves fewer than two wins")
            or _false(not claims.wins_next(after, claims.them), "the other side can win at once instead")
            or _false(claims.moves[cell].result > 0, "the fork does not win"))


def _blocks_fork(claims: Claims, cell: int) -> str | None:
    return (_false(bool(claims.forks(claims.text, claims.them)), "the other side had no fork")
            or _false(not claims.forks(claims.after(cell), claims.them), "the other side still has a fork"))


def _slip(claims: Claims, cell: int, mine: str, square: str, better: str) -> str | None:
    named = claims.names[square]
    return (_false(claims.moves[cell].result == (0 if mine == "only draws" else -1),
                   f"the move's value is {claims.moves[cell].result}")
            or _false(claims.moves[named].result == {"wins": 1, "holds the draw": 0}[better],
                      f"{square}'s value is {claims.moves[named].result}"))


def _wins_within(claims: Claims, cell: int, count: str, **_) -> str | None:
    truth = claims.moves[cell]
    return (_false(truth.result > 0, "the move does not win")
            or _false(truth.movers_moves == int(count), f"it wins in {truth.movers_moves}, not {count}"))


def _all_lose(claims: Claims, cell: int) -> str | None:
    return _false(claims.with_value(-1) == set(claims.moves), "not every move loses")


def _holds_out_longest(claims: Claims, cell: int) -> str | None:
    longest = max(truth.plies for truth in claims.moves.values())
    return _all_lose(claims, cell) or _false(claims.moves[cell].plies == longest, "another move holds out longer")


def _most_traps(claims: Claims, cell: int, traps: str | None) -> str | None:
    if not traps:
        return None
    drawing = claims.with_value(0)
    most = max(claims.traps(other) for other in drawing)
    return _false(claims.traps(cell) == most and most > 0, "another drawing move sets more traps")


def _all_draw(claims: Claims, cell: int, traps: str | None = None) -> str | None:
    return (_false(claims.with_value(0) == set(claims.moves), "not every move draws")
            or _most_traps(claims, cell, traps))


def _holds_where_lose(claims: Claims, cell: int, losers: str, traps: str | None = None) -> str | None:
    named = claims.cells_named(losers, cell)
    losing = claims.with_value(-1) - {cell}
    return (_false(claims.moves[cell].result == 0, "the move does not draw")
            or _false(named == losing, f"the squares that lose are {sorted(losing)}, not {sorted(named)}")
            or _most_traps(claims, cell, traps))


def _best_move(claims: Claims, cell: int) -> str | None:
    mine, best = claims.moves[cell], plain_best(claims.text, claims.n, claims.k)
    return _false(mine.result == best.result and (best.result == 0 or mine.plies == best.plies),
                  "the hint is not among the best moves")


def _hint(judge: Callable[..., str | None]) -> Callable[..., str | None]:
    """A hint's claim, and that its square is among the best moves."""
    return lambda claims, cell, **parts: _best_move(claims, cell) or judge(claims, cell, **parts)


def _square_value(claims: Claims, cell: int, kind: str, count: str | None = None) -> str | None:
    truth = claims.moves[cell]
    if kind == "draw":
        return _false(truth.result == 0, f"the square's value is {truth.result}")
    result = 1 if kind == "win" else -1
    return (_false(truth.result == result, f"the square's value is {truth.result}")
            or _false(truth.movers_moves == int(count), f"in {truth.movers_moves} of the mover's moves, not {count}"))


def _outcome(claims: Claims, truth: Truth, words: str) -> str | None:
    """'X wins in 2' or 'a draw', of a line starting with the mover's move."""
    if words.lower() == "a draw":
        return _false(truth.result == 0, "it is no draw")
    winner, count = re.fullmatch(r"([XO]) wins in (\d+)", words).groups()
    expected = claims.mover if truth.result > 0 else claims.them if truth.result < 0 else None
    return (_false(winner == expected, f"{winner} does not win")
            or _false(truth.winners_moves == int(count), f"{winner} wins in {truth.winners_moves}, not {count}"))


def _review(claims: Claims, cell: int, word: str, why: str, better: str | None, square: str | None) -> str | None:
    """The word (Best: as good as the best move; Good: the same result, a
    win slower or a loss sooner; Mistake: one result worse; Blunder: two),
    the move's outcome, and the better move's, which must be a best one."""
    mine, best = claims.moves[cell], plain_best(claims.text, claims.n, claims.k)
    drop = best.result - mine.result
    as_good = mine.result == best.result and (mine.result == 0 or mine.plies == best.plies)
    expected = "Best" if as_good else "Good" if drop == 0 else "Mistake" if drop == 1 else "Blunder"
    if expected == "Good" and claims.wins_next(claims.text, claims.mover):
        expected = "Missed win"  # a line to complete, and the move did not: never Good (issue 67)
    wrong = _false(word == expected, f"the move is {expected}, not {word}") or _outcome(claims, mine, why)
    if wrong or not better:
        return wrong
    named = claims.moves[claims.names[square]]
    return (_false(named.result == best.result and (best.result == 0 or named.plies == best.plies),
                   f"{square} is not a best move") or _outcome(claims, named, better))


def _line_let_pass(claims: Claims, cell: int, mover: str, square: str, row: str, count: str) -> str | None:
    """A Missed win on a solved board: the mover could complete a line on
    square, which is a best move, did not, and still wins in count moves."""
    line = claims.names[square]
    return (_false(mover == claims.mover, f"{mover} is not to move")
            or _false(row == NUMBERS[claims.k], f"a line is {NUMBERS[claims.k]} in a row, not {row}")
            or _false(claims.completes(line, claims.mover) and not claims.completes(cell, claims.mover),
                      f"{square} completes no line, or the move does")
            or _review(claims, cell, "Missed win", f"{mover} wins in {count}", f"{mover} wins in 1",
                       square))


CLAIMS: dict[str, list[tuple[str, Callable[..., str | None]]]] = {
    "reason": [
        (r"I complete a line and win\.", _completes),
        (rf"I block {YOURS} line: {YOU} would have completed it here\.", _blocks),
        (rf"I make a fork: two ways to win next move, and {YOU} can block only one\.", _fork),
        (rf"I block {YOURS} fork: {YOU} could have made two threats at once\.", _blocks_fork),
        (rf"A slip: this (?P<mine>lets {YOU} win|only draws), where {SQUARE} (?P<better>wins|holds the draw)\.",
         _slip),
        (rf"I have a forced win: I win within (?P<count>\d+) moves?, whatever {DOES}\.", _wins_within),
        (r"This position is lost for me; I hold out as long as I can\.", _holds_out_longest),
        (r"This position is lost for me\.", _all_lose),
        (rf"Every move here draws{TRAPS}\.", _all_draw),
        (rf"This holds the draw, where (?P<losers>.+?) loses?{TRAPS}\.", _holds_where_lose),
    ],
    "hint": [
        (rf"it wins within (?P<count>\d+) moves?, whatever {DOES}\.", _hint(_wins_within)),
        (r"every square loses against best play; this one holds out longest\.", _hint(_holds_out_longest)),
        (rf"every square holds the draw here{TRAPS}\.", _hint(_all_draw)),
        (rf"it holds the draw, where (?P<losers>.+?) loses?{TRAPS}\.", _hint(_holds_where_lose)),
    ],
    "coach": [
        (r"(?P<kind>win|loss) in (?P<count>\d+)", _square_value),
        (r"(?P<kind>draw)", _square_value),
    ],
    "review": [
        (rf"(?P<word>Best|Good|Mistake|Blunder): (?P<why>A draw|[XO] wins in \d+)\."
         rf"(?: Best was {SQUARE}: (?P<better>a draw|[XO] wins in \d+)\.)?", _review),
        (rf"Missed win: (?P<mover>[XO]) had (?P<row>three|four) in a row to make at {SQUARE} and played "
         rf"elsewhere; (?P=mover) still wins, in (?P<count>\d+)\. Best was (?P=square): (?P=mover) wins in 1\.",
         _line_let_pass),
    ],
}


def sentences(position: Position) -> Iterator[Said]:
    """Everything the voices say of a position with a move to make."""
    for cell in position.legal_moves():
        for person in (True, False):
            yield Said("reason", reason(position, cell, person), position, cell)
        judgement = judge_solved(position, cell)
        yield Said("review", f"{judgement.word}: {judgement.why}{' ' + judgement.better if judgement.better else ''}",
                   position, cell)
    hint = hint_for(position, think=None)
    yield Said("hint", hint.why, position, hint.cell)
    for cell, value in square_values(position).items():
        yield Said("coach", value.text, position, cell)


def _judged(positions: list[Position]) -> tuple[int, list[str]]:
    """How many sentences were read, and each false one with why."""
    read, false = 0, []
    for judged in positions:
        claims = Claims(judged)
        for said in sentences(judged):
            read += 1
            if wrong := claims.check(said):
                false.append(f"{claims.text} {said.voice} at {said.cell}: {said.text!r}: {wrong}")
    return read, false


def test_every_sentence_on_3x3_positions_is_true(reach: Reach):
    """Every reachable position in make test; a seeded sample of 400 in make check."""
    every = playable_positions(BOARDS["3x3"])
    assert len(every) == 4520
    positions = reach.of(every, 400)
    read, false = _judged(positions)
    print(f"3×3: {len(positions):,} positions, {read:,} sentences, {len(false):,} false")
    assert not false, f"{len(false)} of {read} sentences are false, e.g.\n" + "\n".join(false[:20])


@pytest.mark.thorough  # the 3×3 test above stands for it in make check
def test_every_sentence_on_a_sample_of_4x4_positions_is_true():
    rng, rules, positions = random.Random(52), BOARDS["4x4"], []
    while len(positions) < FOUR_SAMPLE:
        here = Position(rules)
        for _ in range(rng.randint(FOUR_LEAST, rules.cells - 1)):
            if here.is_over:
                break
            here = here.play(rng.choice(here.legal_moves()))
        if not here.is_over and bin(here.x | here.o).count("1") >= FOUR_LEAST:
            positions.append(here)
    read, false = _judged(positions)
    print(f"4×4: {len(positions):,} positions, {read:,} sentences, {len(false):,} false")
    assert not false, f"{len(false)} of {read} sentences are false, e.g.\n" + "\n".join(false[:20])


@pytest.mark.parametrize("text, voice, cell, sentence", [
    ("XX..O....", "reason", 3, "I complete a line and win."),
    ("XX..O....", "reason", 3, "I block your line: you would have completed it here."),
    ("XO.......", "reason", 4, "I have a forced win: I win within 2 moves, whatever you do."),
    ("....X....", "reason", 8, "This holds the draw, where other squares lose."),
    ("....X....", "reason", 8, "This holds the draw, where the corners lose."),
    ("....X....", "reason", 8, "This holds the draw, where the other edges lose."),
    ("....X....", "hint", 1, "it holds the draw, where the corners lose."),
    ("XO.......", "coach", 4, "win in 2"),
    ("XO.......", "review", 2, "Blunder: O wins in 2."),
    ("XO.......", "review", 4, "Best: X wins in 3. Best was row 1, column 3: X wins in 3."),
    ("....X.XOO", "review", 0, "Good: X wins in 2. Best was row 1, column 3: X wins in 1."),  # a line let pass
    ("....X.XOO", "review", 0, "Missed win: X had three in a row to make at row 2, column 1 and played "
                               "elsewhere; X still wins, in 2. Best was row 2, column 1: X wins in 1."),  # no line
    ("....X.XOO", "review", 0, "Missed win: X had three in a row to make at row 1, column 3 and played "
                               "elsewhere; X still wins, in 3. Best was row 1, column 3: X wins in 1."),
    ("XO.......", "reason", 4, "Nothing is forced here."),
])
def test_the_judge_catches_a_false_sentence(text, voice, cell, sentence):
    """The claims are not vacuous: a sentence that is false here is caught."""
    here = position(text)
    assert Claims(here).check(Said(voice, sentence, here, cell)) is not None


def test_the_judge_passes_the_true_sentences_beside_them():
    here = position("....X....")
    assert Claims(here).check(Said("reason", "This holds the draw, where the edges lose.", here, 8)) is None
    stretched = position("....X.XOO")
    stretched_words = ("Missed win: X had three in a row to make at row 1, column 3 and played elsewhere; "
                       "X still wins, in 2. Best was row 1, column 3: X wins in 1.")
    assert Claims(stretched).check(Said("review", stretched_words, stretched, 0)) is None
    assert Claims(here).check(Said("hint", "it holds the draw, where the edges lose.", here, 0)) is None
