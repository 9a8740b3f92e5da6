"""The Gomocup brain protocol's words, both ways: what this site says to
other brains and reads back from them (webapp.brains.external), and what its
own brain reads from a manager and says back (webapp.brains.ours.protocol). One
table of the rules by their number, one way to write a square and to read
one.

A square is "x,y": the column, then the row, each from 0 at the top left.
A brain that reports more than its move writes it in MESSAGE lines, as
strong engines (Rapfi) do: "Eval <n>" or "Eval +M<n>" (a proven win n moves
of both sides away, -M a loss), and "Bestline H10 I7 ..." (a column letter
from A and a row number from 1 at the top).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from webapp.engine.game.rules import FREESTYLE, RENJU, STANDARD, Rules
from webapp.engine.play.search import Evaluation

RULE_NUMBERS = {FREESTYLE: 0, STANDARD: 1, RENJU: 4}
"""Each rule's number in the protocol's INFO rule (its bits: 1 exactly five,
2 continuous game, 4 renju, 8 caro): those this site plays."""
RULES_BY_NUMBER = {number: rule for rule, number in RULE_NUMBERS.items()}
"""The same table read the other way: a manager's INFO rule, as a rule."""
EVAL = re.compile(r"\bEval ([+-]?M?\d+)\b")
BESTLINE = re.compile(r"\bBestline((?: [A-Za-z]\d{1,2})+)")


class OffBoard(ValueError):
    """A square written as one, but off the board (its x and y kept, for the message of whoever read it)."""

    def __init__(self, rules: Rules, x: int, y: int) -> None:
        super().__init__(f"square {x},{y} is off the {rules.name} board (0 to {rules.size - 1} each way)")
        self.x, self.y = x, y


def square(rules: Rules, cell: int) -> str:
    """A cell as the protocol writes it: "x,y", the column then the row, from 0 at the top left."""
    row, column = divmod(cell, rules.size)
    return f"{column},{row}"


def cell_of(rules: Rules, written: str) -> int:
    """The cell of a square written "x,y"; ValueError if it is not written
    as one, OffBoard if it is off the board."""
    parts = written.split(",")
    if len(parts) != 2 or not all(part.strip().isdigit() for part in parts):
        raise ValueError(f"a square is written x,y, not “{written[:20]}”")
    x, y = (int(part) for part in parts)
    if not (x < rules.size and y < rules.size):
        raise OffBoard(rules, x, y)
    return y * rules.size + x


def asking(rules: Rules, history: Sequence[int], mark: str, asked_before: bool) -> list[str]:
    """The lines that ask a brain playing mark for its move: TURN with the
    other side's last move when it answered the move before, else BOARD (the
    stones in the order played, 1 its own, 2 the other side's) or BEGIN."""
    if asked_before:
        return [f"TURN {square(rules, history[-1])}"]
    if not history:
        return ["BEGIN"]
    mover = len(history) % 2
    return ["BOARD", *(f"{square(rules, cell)},{1 if ply % 2 == mover else 2}" for ply, cell in enumerate(history)),
            "DONE"]


def evaluation_of(messages: Sequence[str]) -> Evaluation | None:
    """The last evaluation the brain reported among its messages, if any."""
    found = [match.group(1) for line in messages if (match := EVAL.search(line))]
    return Evaluation(found[-1]) if found else None


def best_line_of(rules: Rules, messages: Sequence[str]) -> tuple[int, ...]:
    """The last best line the brain reported ("Bestline H10 I7 …": a column
    letter from A and a row number from 1, at the top), as cells; () if none
    or one off the board."""
    found = [match.group(1).split() for line in messages if (match := BESTLINE.search(line))]
    if not found:
        return ()
    cells = []
    for written in found[-1]:
        column, row = ord(written[0].upper()) - ord("A"), int(written[1:]) - 1
        if not (0 <= column < rules.size and 0 <= row < rules.size):
            return ()
        cells.append(row * rules.size + column)
    return tuple(cells)
