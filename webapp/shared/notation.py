"""Squares and moves as people and links write them.

A square in words is "row 1, column 3" on 3×3 (people count rows and columns
from one) and the name players write on the bigger boards, "h8". A game's
moves in a link are digits on 3×3 ("408") and names joined by dashes on the
others ("h8-i9"). Reading a link checks that its moves are a legal game and
says which step is wrong if not.
"""

from __future__ import annotations

from webapp.engine import DEFAULT_BOARD, MARKS, Position, Rules
from webapp.shared.errors import InvalidInput

NUMBERS = {3: "three", 4: "four", 5: "five"}


def describe_cell(rules: Rules, cell: int) -> str:
    """'row 1, column 3' for cell 2 of 3×3; on the bigger boards the name players write: 'h8'."""
    if rules.size == 3:
        row, column = divmod(cell, 3)
        return f"row {row + 1}, column {column + 1}"
    return rules.cell_name(cell)


def in_a_row(rules: Rules) -> str:
    """'three' on 3×3, 'four' on 4×4 and 5×5, 'five' on 7×7 and 15×15."""
    return NUMBERS.get(rules.k, str(rules.k))


def in_a_row_minus_one(rules: Rules) -> str:
    """What players call a line one stone short: 'four' in five in a row, 'three' in four."""
    return NUMBERS.get(rules.k - 1, str(rules.k - 1))


def in_a_row_minus_two(rules: Rules) -> str:
    """A line two stones short, which threatens to become an open one-short line: 'three' in five in a row."""
    return NUMBERS.get(rules.k - 2, str(rules.k - 2))


def sentence_start(text: str) -> str:
    """A cell's words at a sentence's start: 'Row 1, column 3', but 'h8' stays as players write it."""
    return text[:1].upper() + text[1:] if text.startswith("row") else text


def capitalised(name: str) -> str:
    """A name at the start of a sentence: "MENACE" stays, "your MENACE" becomes "Your MENACE"."""
    return name[:1].upper() + name[1:]


def quoted(raw: str) -> str:
    """User input echoed in a message, cut short so a message stays a sentence."""
    return f"“{raw if len(raw) <= 20 else raw[:20] + '…'}”"


def mark_of(index: int) -> str:
    """Who made the move at index (from 0) of a game: X moves first, then they alternate."""
    return MARKS[index % 2]


def position_after(rules: Rules, moves: tuple[int, ...]) -> Position:
    position = Position(rules)
    for cell in moves:
        position = position.play(cell)
    return position


def write_moves(rules: Rules, moves: tuple[int, ...]) -> str:
    """Moves as a link writes them: digits on 3×3 ("408"), names joined by dashes on the others ("h8-i9")."""
    if rules == DEFAULT_BOARD:
        return "".join(map(str, moves))
    return "-".join(map(rules.cell_name, moves))


def parse_moves(rules: Rules, raw: str) -> tuple[int, ...]:
    """The cells of a game as a link writes them, or InvalidInput naming the
    first step that is wrong."""
    if rules == DEFAULT_BOARD:
        steps = list(raw)
    else:
        steps = raw.split("-") if raw else []
    if len(steps) > rules.cells:
        raise InvalidInput(f"A game on the {rules.name} board has at most {rules.cells} moves; "
                           f"this one has {len(steps)}.")
    position, moves = Position(rules), []
    for step, written in enumerate(steps, start=1):
        cell = _parse_step(rules, step, written)
        if position.is_over:
            raise InvalidInput(f"Step {step} comes after the game ended at step {step - 1}.")
        if position.stones >> cell & 1:
            taken = f"square {cell}" if rules == DEFAULT_BOARD else rules.cell_name(cell)
            raise InvalidInput(f"Step {step} plays {taken}, which step {moves.index(cell) + 1} already took.")
        position = position.play(cell)
        moves.append(cell)
    return tuple(moves)


def _parse_step(rules: Rules, step: int, written: str) -> int:
    if rules == DEFAULT_BOARD:
        if written not in "012345678":
            raise InvalidInput(f"Step {step} is {quoted(written)}, not a square number from 0 to 8.")
        return int(written)
    try:
        return rules.parse_cell_name(written)
    except ValueError:
        raise InvalidInput(f"Step {step} is {quoted(written)}, not a square of the {rules.name} board "
                           f"(a1 to {rules.cell_name(rules.size - 1)}).") from None
