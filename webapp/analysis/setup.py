"""A position set up by hand: black's (X's) and white's (O's) stones, any at all.

While it is being set up a position need not be one a game reaches (black's
stones go down first, say); once it is studied it must be: black has as many
stones as white (black to move) or one more (white to move), and neither has
a line already. In freestyle such a position is reached by the game that
puts the stones down in turn, black first, in any order: no position along
the way has a line, since the last one has none and stones are only ever
added. Under the standard rule and renju the order matters (six in a row
may be made without ever making five, but not five on the way to it; renju
begins at the centre and forbids black some points on the way), so an order
is searched for, within ORDER_SEARCH positions. So a position studied is a
list of moves, and everything that takes a game's moves (a replay, its
review, "Play from here", the think page, a record) takes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from webapp.engine import FREESTYLE, RENJU, Position, Rules
from webapp.shared.errors import InvalidInput
from webapp.shared.game_link import stones_query
from webapp.shared.words import quoted

ORDER_SEARCH = 2_000
"""The most positions tried in search of an order of moves that reaches a setup under the standard rule or renju."""
TOOLS = {"x": "Black (X)", "o": "White (O)", "empty": "Remove"}
"""What a click on a square does: put a stone of that colour there, or take what is there away."""


@dataclass(frozen=True)
class Setup:
    """The stones of each side on a board, as cells."""

    rules: Rules
    black: frozenset[int] = frozenset()
    white: frozenset[int] = frozenset()

    @classmethod
    def parse(cls, rules: Rules, black: str | None, white: str | None) -> Setup:
        """The setup a link writes ("h8-i9" a side); InvalidInput saying which square is wrong."""
        sides = [_cells(rules, raw, name) for raw, name in ((black, "black"), (white, "white"))]
        if both := sides[0] & sides[1]:
            raise InvalidInput(f"{rules.cell_name(min(both))} has both a black and a white stone.")
        return cls(rules, *sides)

    def changed(self, cell: int, tool: str) -> Setup:
        """The setup after a click on cell with tool: the stone of that colour there (in place of any), or none."""
        black, white = self.black - {cell}, self.white - {cell}
        if tool == "x":
            black |= {cell}
        elif tool == "o":
            white |= {cell}
        return Setup(self.rules, frozenset(black), frozenset(white))

    def query(self, tool: str) -> dict[str, str]:
        """The board's link's query: the stones (record.stones_query), then the tool."""
        return {**stones_query(self.rules, self.black, self.white), "tool": tool}

    @property
    def position(self) -> Position:
        return Position(self.rules, _bits(self.black), _bits(self.white))

    @property
    def problem(self) -> str | None:
        """Why no game reaches this position, in words; None if one does."""
        blacks, whites = len(self.black), len(self.white)
        if not blacks - 1 <= whites <= blacks:
            return (f"Black has {blacks} {_stones(blacks)} and white {whites}: in a game black (who moves first) "
                    "has as many stones as white, or one more.")
        position = self.position
        for mark, name in (("X", "Black"), ("O", "White")):
            if position.lines_of(mark):
                return (f"{name} already has {self.rules.k} in a row: the game would be over, with nothing left "
                        "to study. Take a stone of it away.")
        centre = self.rules.centre
        if self.rules.rule == RENJU and self.black and centre not in self.black:
            return f"Renju begins at the centre: a renju position has a black stone on {self.rules.cell_name(centre)}."
        if self.rules.rule != FREESTYLE and self._ordered is None:
            return (f"No game under the {self.rules.rule} rule that reaches this position could be found: every "
                    "order of the stones tried ends the game on the way (five in a row before the last stone)"
                    + (" or makes a move black may not make." if self.rules.rule == RENJU else "."))
        return None

    @property
    def moves(self) -> tuple[int, ...]:
        """A game that reaches this position (see the module's docstring): black's and white's stones in turn."""
        if self.problem:
            raise InvalidInput(self.problem)
        if self.rules.rule != FREESTYLE:
            return self._ordered or ()
        black, white = sorted(self.black), sorted(self.white)
        return tuple(cell for pair in zip(black, [*white, None]) for cell in pair if cell is not None)

    @cached_property
    def _ordered(self) -> tuple[int, ...] | None:
        """Moves that put these stones down in turn, black first, with no
        line and no move the rule refuses on the way (a depth-first search,
        each side's stones in the board's order, that skips a set of stones
        already found to lead nowhere, within ORDER_SEARCH positions); None
        if none is found."""
        tried, dead_ends = 0, set()

        def place(position: Position, left: dict[str, tuple[int, ...]], moves: tuple[int, ...]) -> tuple[int, ...] | None:
            nonlocal tried
            mover = position.to_move
            if not left[mover]:
                return moves if not left["X"] and not left["O"] else None
            for cell in left[mover]:
                tried += 1
                if tried > ORDER_SEARCH:
                    return None
                if position.why_not(cell) or (after := position.play(cell)).winner or after in dead_ends:
                    continue
                rest = {**left, mover: tuple(other for other in left[mover] if other != cell)}
                if (found := place(after, rest, (*moves, cell))) is not None:
                    return found
                dead_ends.add(after)
            return None

        return place(Position(self.rules), {"X": tuple(sorted(self.black)), "O": tuple(sorted(self.white))}, ())


def _cells(rules: Rules, raw: str | None, name: str) -> frozenset[int]:
    if not raw:
        return frozenset()
    cells = []
    for written in raw.split("-"):
        try:
            cells.append(rules.parse_cell_name(written))
        except ValueError as error:
            raise InvalidInput(f"The {name} stones name {quoted(written[:12])}: {error}") from error
    return frozenset(cells)


def _bits(cells: frozenset[int]) -> int:
    return sum(1 << cell for cell in cells)


def _stones(count: int) -> str:
    return "stone" if count == 1 else "stones"


@dataclass(frozen=True)
class Square:
    """One square of the analysis board: what is on it, and where a click on it leads."""

    number: int
    mark: str | None   # "X", "O" or None
    label: str         # its accessible name: "h8, black: click to remove it"
    after: Setup       # the setup a click with the tool chosen makes
    forbidden: str | None = None  # under renju, with black to move, why black may not play here


def squares(setup: Setup, tool: str) -> list[Square]:
    """Every square in the board's order, each with the setup a click on it makes."""
    action = {"x": "place a black stone", "o": "place a white stone", "empty": "remove the stone"}[tool]
    forbidden = {} if setup.problem else setup.position.forbidden_cells()
    found = []
    for cell in range(setup.rules.cells):
        mark = "X" if cell in setup.black else "O" if cell in setup.white else None
        held = {"X": "black", "O": "white", None: "empty"}[mark]
        if foul := forbidden.get(cell):
            held += f", forbidden to black: {foul}"
        after = setup.changed(cell, tool)
        doing = "nothing to change" if after == setup else action
        found.append(Square(cell, mark, f"{setup.rules.cell_name(cell)}, {held}: {doing}", after, foul))
    return found
