"""A position set up by hand: black's (X's) and white's (O's) stones, any at
all, and the side to move, as the person chooses it (else the counts').

While it is being set up a position need not be one a game reaches (black's
stones go down first, say); to be studied or played on it must be. The
sides alternate, black first, so black has as many stones as white or one
more, and the counts put black to move or white; no line may be finished
already (and two sides cannot both have one); under renju the game begins
at the centre and black never makes an overline. The other side than the
counts' may be chosen to move: the counts' side passed (a club player's
"what does white threaten here?"); the engine searches the position so,
but the solved boards' table holds no pass, and a game never begins with
one, so such a position is studied, not played on. Those are the reasons a
position cannot arise that the page gives (shared/set_up.py says them); the
order the stones went down in is not asked: the position is studied and
played on as it stands, with no moves before it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from webapp.engine import Position, Rules, is_solved
from webapp.shared.errors import InvalidInput
from webapp.shared.game_link import stones_query
from webapp.shared.set_up import counted_turn, parse_stones, position_of, why_it_cannot_arise, why_no_pass
from webapp.shared.words import quoted, side_name

TOOLS = {"x": "X", "o": "O", "empty": "Remove"}
"""What a click on a square does: put a stone of that side there (its name,
words.side_name: "Black stone" on the gomoku boards, as the side to move's
own links say "Black"), or take what is there away."""
TURNS = {"x": "X", "o": "O"}
"""The side to move, as a link writes it (turn=x or turn=o), and as the engine names it."""


@dataclass(frozen=True)
class Setup:
    """The stones of each side on a board, as cells, and the side to move
    the person chose (None: the one the counts give)."""

    rules: Rules
    black: frozenset[int] = frozenset()
    white: frozenset[int] = frozenset()
    turn: str | None = None

    @classmethod
    def parse(cls, rules: Rules, black: str | None, white: str | None, turn: str | None = None) -> Setup:
        """The setup a link writes ("h8-i9" a side, turn=x or o); InvalidInput saying what is wrong."""
        names = side_name(rules, "X", start=False), side_name(rules, "O", start=False)
        black_stones, white_stones = (parse_stones(rules, raw, name) for raw, name in zip((black, white), names))
        if black_stones & white_stones:
            raise InvalidInput(why_it_cannot_arise(rules, black_stones, white_stones))
        if turn not in (None, "", *TURNS):
            raise InvalidInput(f"The side to move is turn=x ({names[0]}) or turn=o ({names[1]}), "
                               f"not {quoted(str(turn)[:12])}.")
        return cls(rules, black_stones, white_stones, TURNS.get(turn or ""))

    def changed(self, cell: int, tool: str) -> Setup:
        """The setup after a click on cell with tool: the stone of that colour there (in place of any), or none."""
        black, white = self.black - {cell}, self.white - {cell}
        if tool == "x":
            black |= {cell}
        elif tool == "o":
            white |= {cell}
        return replace(self, black=frozenset(black), white=frozenset(white))

    def turned(self, mark: str | None) -> Setup:
        """The same stones with mark to move (None: the counts')."""
        return replace(self, turn=mark)

    def query(self, tool: str | None = None, line: bool = False) -> dict[str, str]:
        """The board's link's query: the stones (stones_query), the side to
        move if chosen, the tool, and line=on where the engine's line is shown."""
        turn = {"turn": self.turn.lower()} if self.turn else {}
        return {**stones_query(self.rules, self.black, self.white), **turn, **({"tool": tool} if tool else {}),
                **({"line": "on"} if line else {})}

    @property
    def counted_turn(self) -> str | None:
        """The side the counts put to move (None where they fit neither)."""
        return counted_turn(self.black, self.white)

    @property
    def to_move(self) -> str:
        """The side to move: the person's choice, else the counts' (black where they fit neither)."""
        return self.turn or self.counted_turn or "X"

    @property
    def passed(self) -> bool:
        """Whether the side chosen to move is not the counts' (which fit one):
        the position is studied as if the counts' side passed."""
        return self.counted_turn is not None and self.to_move != self.counted_turn

    @property
    def turn_from(self) -> str:
        """How the side to move was set: "counts", "chosen" (the counts' side, or
        none fits), or "passed" (chosen against the counts: see passed)."""
        return "passed" if self.passed else "chosen" if self.turn else "counts"

    @property
    def position(self) -> Position:
        """The stones as the engine's Position, to_move to move (after a pass, if passed)."""
        return position_of(self.rules, self.black, self.white, self.to_move)

    @property
    def problem(self) -> str | None:
        """Why this position cannot be studied with this side to move, in
        words; None if it can: no game reaches the stones with the counts'
        side to move, or that side cannot pass here."""
        why = why_it_cannot_arise(self.rules, self.black, self.white, passing=not is_solved(self.rules))
        return why or (why_no_pass(self.rules, self.black, self.white) if self.passed else None)

    @property
    def forbidden(self) -> dict[int, str]:
        """Under renju with black to move, the points black may not play, each with why; else none."""
        return {} if self.problem else self.position.forbidden_cells()
