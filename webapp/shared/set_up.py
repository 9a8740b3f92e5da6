"""A position set up by hand (on the analysis board) and handed to a game:
each side's stones, read from a link or a form, whether a game can reach
them, and how a game holds them.

A game can reach stones with a side to move when the counts fit it (the
sides alternate, black first: black to move has as many stones as white,
white to move one fewer), no line is finished already (two sides cannot
both have one), and under renju black has no overline and the game began
at the centre. The order they went down in is not asked: a game begun from
them holds them as its first stones (as_moves: black's and white's in turn,
each in the board's order), marked as set up, never as moves anybody
played. The analysis board may also put the other side to move than the
counts give, as if the counts' side passed (why_no_pass: not where the
solved table answers, which holds no pass); a game never begins so. Every
sentence about why stones cannot arise is here.
"""

from __future__ import annotations

from webapp.engine import RENJU, Position, Rules, is_solved
from webapp.shared.errors import InvalidInput
from webapp.shared.words import a_stone, in_a_row, quoted, side_name


def parse_stones(rules: Rules, raw: str | None, name: str) -> frozenset[int]:
    """One side's stones as a link writes them ("h8-i9"); InvalidInput naming a square that is wrong."""
    if not raw:
        return frozenset()
    cells = []
    for written in raw.split("-"):
        try:
            cells.append(rules.parse_cell_name(written))
        except ValueError as error:
            raise InvalidInput(f"The {name} stones name {quoted(written[:12])}: {error}") from error
    return frozenset(cells)


def parse_set_up(rules: Rules, black: str | None, white: str | None) -> tuple[int, ...]:
    """A form's stones set up by hand (set_x, set_o: as the analysis board's
    link writes them), as a game holds them (as_moves); () with none;
    InvalidInput saying why a game cannot reach them (the counts give the side to move)."""
    stones = (parse_stones(rules, black, side_name(rules, "X", start=False)),
              parse_stones(rules, white, side_name(rules, "O", start=False)))
    if not any(stones):
        return ()
    if why := why_it_cannot_arise(rules, *stones):
        raise InvalidInput(why)
    return as_moves(*stones)


def counted_turn(black: frozenset[int], white: frozenset[int]) -> str | None:
    """The side the counts put to move: X (black) with as many stones as
    white, O with one fewer; None where the counts fit neither."""
    return {0: "X", 1: "O"}.get(len(black) - len(white))


def position_of(rules: Rules, black: frozenset[int], white: frozenset[int], mover: str | None = None) -> Position:
    """The stones as the engine's Position, with mover to move: the counts'
    side, unless mover is the other (then the counts' side passed)."""
    counted = counted_turn(black, white)
    return Position(rules, sum(1 << cell for cell in black), sum(1 << cell for cell in white),
                    passed=mover is not None and counted is not None and mover != counted)


def why_it_cannot_arise(rules: Rules, black: frozenset[int], white: frozenset[int],
                        passing: bool = False) -> str | None:
    """Why no game reaches these stones with the counts' side to move, in a
    sentence; None if one does. passing: where the side to move may be
    chosen against the counts (the analysis board's pass), which the words on counts say."""
    if black & white:
        return f"{rules.cell_name(min(black & white))} has both {a_stone(rules, 'X')} and {a_stone(rules, 'O')}."
    if counted_turn(black, white) is None:
        return _counts_fit_no_side(rules, len(black), len(white), passing)
    position = position_of(rules, black, white)
    first = side_name(rules, "X")
    if rules.rule == RENJU and _has_overline(rules, position.x):
        return (f"{first} has more than {in_a_row(rules)} in a row: under renju an overline is forbidden to "
                f"{first.lower()}, so no renju game reaches it.")
    lined = [mark for mark in ("X", "O") if position.lines_of(mark)]
    if len(lined) == 2:
        return (f"Both sides have {in_a_row(rules)} in a row, and a game stops at the first line. "
                "Take a stone of one of them away.")
    if lined:
        return (f"{side_name(rules, lined[0])} already has {in_a_row(rules)} in a row: the game would be over, "
                "with nothing left to study. Take a stone of it away.")
    if rules.rule == RENJU and black and rules.centre not in black:
        return (f"Renju begins at the centre: a renju position has a {first.lower()} stone on "
                f"{rules.cell_name(rules.centre)}.")
    return None


def why_no_pass(rules: Rules, black: frozenset[int], white: frozenset[int]) -> str | None:
    """Why the side the counts put to move cannot pass here, so that the
    other side moves, in a sentence; None if it can (the analysis board's
    choice of the side to move against the counts)."""
    counted = counted_turn(black, white)
    if counted is None:
        return None  # the counts fit neither side: why_it_cannot_arise says so
    mover = side_name(rules, counted)
    if is_solved(rules):
        return (f"On {rules.size}×{rules.size} the evaluation is the solved game's, which holds only the "
                f"positions games reach, and games never pass: {mover} is to move "
                "here, as the counts say.")
    if not black:
        return f"{mover} moves first on the empty board: there is no move yet to pass."
    return None


def as_moves(black: frozenset[int], white: frozenset[int]) -> tuple[int, ...]:
    """How a game holds stones set up (whose counts fit a side to move): black's
    and white's in turn, each side's in the board's order. An encoding, not an
    order of play: the game marks them as set up."""
    blacks, whites = sorted(black), sorted(white)
    return tuple(cell for pair in zip(blacks, [*whites, None]) for cell in pair if cell is not None)


def begun_words(stones: int, then: str) -> str:
    """What a replay or a review says of a game begun from stones set up by
    hand: how many, that nobody played them, and (then) what counts only
    the moves played after them. Nothing of an order they went down in."""
    were = "it was" if stones == 1 else "they were"
    return (f"The game began from a position set up by hand ({_stones(stones)}): {were} set up, not played, "
            f"so {then} only the moves played after them.")


def _counts_fit_no_side(rules: Rules, blacks: int, whites: int, passing: bool) -> str:
    black, white = side_name(rules, "X", start=False), side_name(rules, "O", start=False)
    passes = (f": without passes {black} has as many stones as {white} or one more, and a position here takes one "
              "pass at most, the one choosing the side to move makes" if passing else
              f", so {black} has as many stones as {white} or one more")
    return (f"{side_name(rules, 'X')} moves first, then the sides take turns{passes}. Here {black} has "
            f"{_stones(blacks)} and {white} {_stones(whites)}, which no side to move fits: add or take away a stone.")


def _stones(count: int) -> str:
    return f"{count} stone" if count == 1 else f"{count} stones"


def _has_overline(rules: Rules, stones: int) -> bool:
    """Whether stones fill a run longer than k (a window with a stone of theirs just past an end)."""
    ends = rules.window_ends
    return any(window & stones == window and ends[window] & stones for window in rules.windows)
