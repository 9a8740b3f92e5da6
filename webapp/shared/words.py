"""Squares and lines in words, as people say them.

A square in words is "row 1, column 3" on 3×3 (people count rows and columns
from one) and the name players write on the bigger boards, "h8"; a line one
stone short of a win is a "four" in five in a row. The game's record (its
moves as a link writes them) is game_link.py's.
"""

from __future__ import annotations

from webapp.engine import Rules

NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five"}


def describe_cell(rules: Rules, cell: int) -> str:
    """'row 1, column 3' for cell 2 of 3×3; on the bigger boards the name players write: 'h8'."""
    if rules.size == 3:
        row, column = divmod(cell, 3)
        return f"row {row + 1}, column {column + 1}"
    return rules.cell_name(cell)


SQUARE_KINDS = {"centre": frozenset({4}), "corners": frozenset({0, 2, 6, 8}), "edges": frozenset({1, 3, 5, 7})}
"""The 3×3 board's kinds of square, as people name them."""
MOST_NAMED = 3
"""The most squares a sentence names one by one; past that it counts them."""


def squares_that(rules: Rules, cells: set[int], others: set[int], moved: int, verb: str) -> str:
    """Which of others (the squares the move moved was chosen from, less
    itself) do what verb says, exactly: "other squares lose" when all of them
    do; on 3×3 "the edges lose" (or "the centre and the other corners") when
    they are whole kinds of square; else the squares by name, or how many."""
    if cells == others:
        return f"other squares {verb}"
    kinds = [kind for kind, group in SQUARE_KINDS.items() if rules.size == 3 and cells & group]
    whole = all(cells & SQUARE_KINDS[kind] == others & SQUARE_KINDS[kind] and
                (kind == "centre" or len(cells & SQUARE_KINDS[kind]) > 1) for kind in kinds)
    agreed = verb if len(cells) > 1 else verb + "s"
    if kinds and whole:
        named = [f"the other {kind}" if moved in SQUARE_KINDS[kind] else f"the {kind}" for kind in kinds]
        return f"{listed(named)} {agreed}"
    if len(cells) <= MOST_NAMED:
        return f"{listed([describe_cell(rules, cell) for cell in sorted(cells)])} {agreed}"
    return f"{len(cells)} other squares {verb}"


def listed(names: list[str], conjunction: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' (or another conjunction: 'a, b or c')."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {conjunction} {names[-1]}"


def in_a_row(rules: Rules) -> str:
    """'three' on 3×3, 'four' on 4×4 and 5×5, 'five' on 7×7 and 15×15."""
    return NUMBERS.get(rules.k, str(rules.k))


def in_a_row_minus_one(rules: Rules) -> str:
    """What players call a line one stone short: 'four' in five in a row, 'three' in four."""
    return NUMBERS.get(rules.k - 1, str(rules.k - 1))


def in_a_row_minus_two(rules: Rules) -> str:
    """A line two stones short, which threatens to become an open one-short line: 'three' in five in a row."""
    return NUMBERS.get(rules.k - 2, str(rules.k - 2))


def side_name(rules: Rules, mark: str, start: bool = True) -> str:
    """A side (the mark the game stores, "X" or "O") as a person reads it on
    this board: "X" and "O" on 3×3, 4×4 and 5×5, where one draws crosses and
    noughts; "Black" and "White" on the gomoku boards (five in a row: 7×7,
    15×15), whose players think in stones, black first. start=False is the
    name inside a sentence, where English writes colours in lower case
    ("black's four", "you play white"); X and O read the same either way.
    The one place a side is named to a person: sentences, templates,
    aria-labels and records' readable words ask it. Stored data, links,
    records' formats and CSS classes keep the marks."""
    if not stones_are_coloured(rules):
        return mark
    colour = "Black" if mark == "X" else "White"
    return colour if start else colour.lower()


def stones_are_coloured(rules: Rules) -> bool:
    """Whether a board's sides are black and white stones (the gomoku boards:
    five in a row, 7×7 and 15×15) rather than X and O."""
    return rules.k == 5


def piece_shown(rules: Rules, mark: str) -> str:
    """What a square holding mark shows: the letter on 3×3, 4×4 and 5×5; on
    the gomoku boards a stone, "●" black or "○" white, which gomoku.css draws
    in its place (a page read without its styles shows these, never X or O).
    Screen readers hear the square's name instead (board.Cell.label)."""
    if stones_are_coloured(rules):
        return "●" if mark == "X" else "○"
    return mark


def a_stone(rules: Rules, mark: str) -> str:
    """One of a side's pieces, as a sentence names it: "a black stone" on the
    gomoku boards, "an X" or "an O" on the others."""
    if stones_are_coloured(rules):
        return f"a {side_name(rules, mark, start=False)} stone"
    return f"an {mark}"


def sentence_start(text: str) -> str:
    """A cell's words at a sentence's start: 'Row 1, column 3', but 'h8' stays as players write it."""
    return text[:1].upper() + text[1:] if text.startswith("row") else text


def capitalised(name: str) -> str:
    """A name at the start of a sentence: "MENACE" stays, "your MENACE" becomes "Your MENACE"."""
    return name[:1].upper() + name[1:]


def quoted(raw: str) -> str:
    """User input echoed in a message, cut short so a message stays a sentence."""
    return f"“{raw if len(raw) <= 20 else raw[:20] + '…'}”"
