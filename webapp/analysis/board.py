"""The analysis board as its page draws it: every square with what is on it,
where a click there leads (the setup a click with the tool chosen makes),
renju's forbidden points for black, and the engine's line, numbered."""

from __future__ import annotations

from typing import NamedTuple

from webapp.analysis.setup import Setup
from webapp.shared.words import a_stone, side_name


class Square(NamedTuple):
    """One square of the analysis board: what is on it, and where a click on it leads."""

    number: int
    mark: str | None        # "X", "O" or None
    label: str              # its accessible name: "h8, black: click to remove it"
    after: Setup            # the setup a click with the tool chosen makes
    forbidden: str | None   # under renju, with black to move, why black may not play here
    step: int | None        # its place in the engine's line (1: the side to move's move), if on it


def squares(setup: Setup, tool: str, line: tuple[int, ...] = ()) -> list[Square]:
    """Every square in the board's order, each with the setup a click on it makes."""
    rules = setup.rules
    action = {"x": f"place {a_stone(rules, 'X')}", "o": f"place {a_stone(rules, 'O')}",
              "empty": "remove the stone"}[tool]
    forbidden, steps = setup.forbidden, {cell: step for step, cell in enumerate(line, start=1)}
    found = []
    for cell in range(setup.rules.cells):
        mark = "X" if cell in setup.black else "O" if cell in setup.white else None
        held = side_name(rules, mark, start=False) if mark else "empty"
        if foul := forbidden.get(cell):
            held += f", forbidden to black: {foul}"
        if cell in steps:
            held += f", move {steps[cell]} of the engine's line"
        after = setup.changed(cell, tool)
        doing = "nothing to change" if after == setup else action
        found.append(Square(cell, mark, f"{setup.rules.cell_name(cell)}, {held}: {doing}", after, foul,
                            steps.get(cell)))
    return found
