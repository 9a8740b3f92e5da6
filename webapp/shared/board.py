"""One position as a page shows it, whatever feature shows it.

The match, the shared game, the replay and the think page each know their
own state (who plays, whose turn, what the viewer may do) and build a
BoardView from it: the cells with their labels and marks, the move list, the
status words and the winning line. The templates draw a BoardView, never a
feature's own objects, so a board looks and reads the same everywhere.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import cache
from typing import NamedTuple

from webapp.engine import Position, Rules
from webapp.engine.game.notation import mark_of, write_moves
from webapp.shared.opening_words import opening_name_words
from webapp.shared.words import describe_cell, sentence_start, side_name, stones_are_coloured


class SquareValue(NamedTuple):
    """What playing a square leads to for the side to move, as the coach says it."""

    kind: str   # "win", "draw" or "loss" on a solved board; "win", "forced" or "block" on a bigger one; "hint"
    text: str   # "win in 2", "draw", "loss in 1", "must block", "forced win in 3"
    short: str  # the words that fit on the square itself


class Cell(NamedTuple):
    """One square as a page shows it."""

    number: int
    mark: str | None            # "X", "O", or None when empty (as stored: the CSS classes read it)
    in_winning_line: bool
    value: SquareValue | None   # the coach's value, when the coach is on and knows one
    label: str                  # the accessible name
    playable: bool              # the viewer may click it now
    is_new: bool                # marked by the last thing that happened (a move and its reply)
    is_last: bool               # the last move of all, marked until the next one
    is_star: bool               # a star point, drawn on the empty intersection (15×15)
    move_number: int | None     # when move numbers are shown, the move that put the stone here (1 for the first)
    forbidden: str | None       # under renju with black to move, why black may not play here ("double three")
    outside_zone: bool = False  # in an opening, the next stone may not go here (pro's black second near the centre)
    offered: bool = False       # in renju's openings, a fifth move offered (or chosen so far for an offer)


class Move(NamedTuple):
    """One entry of the move list."""

    cell: int
    words: str                   # "X: row 2, column 2", or "Black: h8" on the gomoku boards


class BoardView(NamedTuple):
    """A position as a page shows it."""

    rules: Rules
    notation: str                # the moves as a link writes them
    ply: int                     # how many marks are on the board
    cells: list[Cell]
    moves: list[Move]
    status: str                  # whose turn, or how the game ended
    winning_line: tuple[int, ...]

    @property
    def to_move(self) -> str:
        """The mark of the next stone, for the look of a square about to take it."""
        return mark_of(self.ply)

    @property
    def move_list(self) -> list[str]:
        return [move.words for move in self.moves]

    @property
    def stones(self) -> bool:
        """Drawn as gomoku is drawn, stones on the intersections of a grid
        with its coordinates along the edges: the five-in-a-row boards, whose
        sides are black and white (words.stones_are_coloured)."""
        return stones_are_coloured(self.rules)

    @property
    def opening_name(self) -> str | None:
        """The name players know a renju game's first three stones by, where
        they are one of renju's 26 openings ("Kagetsu (4D), one of renju's 26
        openings."); None otherwise, and where stones were set up by hand."""
        if len(self.moves) != self.ply:
            return None
        return opening_name_words(self.rules, [move.cell for move in self.moves[:3]])

    @property
    def named_squares(self) -> bool:
        """Whether the squares have names (h8) and the edges show them: every
        board above 3×3, whose words name squares so ("O played d1")."""
        return self.rules.size > 3

    @property
    def columns(self) -> list[str]:
        """The column letters, left to right."""
        return [self.rules.cell_name(column)[0] for column in range(self.rules.size)]

    @property
    def rows(self) -> list[str]:
        """The row numbers, top to bottom (players count rows from the bottom)."""
        return [str(number) for number in range(self.rules.size, 0, -1)]


def board_view(rules: Rules, moves: tuple[int, ...], status: str | None = None, *, playable: bool = False,
               values: Mapping[int, SquareValue] | None = None, new: Collection[int] | None = None,
               numbered: bool = False, set_up: int = 0,
               zone: Collection[int] | None = None, offered: Collection[int] = ()) -> BoardView:
    """The view of the position after moves on rules. status defaults to the
    words for two people at one screen ("X to move.", "Black to move."); playable says whether
    the viewer may play an empty square now; values are the coach's, if shown;
    new are the cells the last thing that happened marked (by default the last
    move); numbered shows each stone's move number, on it and in its name.
    set_up: how many of the first moves are stones set up by hand (a game
    begun on the analysis board's position): they are neither numbered nor listed as moves.
    zone, in an opening that limits the next stone, the squares it may go on
    (the others are not offered, and say so); offered, black's fifth moves
    offered under renju's opening rules (or chosen so far for an offer)."""
    position = Position.after(rules, moves)
    values = values or {}
    new = set((moves[-1:] if len(moves) > set_up else ()) if new is None else new)  # a stone set up is never new
    last = moves[-1] if len(moves) > set_up else None
    line, stars = position.winning_line(), star_points(rules)
    numbers = {cell: index + 1 for index, cell in enumerate(moves[set_up:])} if numbered else {}
    forbidden = position.forbidden_cells() if not position.is_over else {}
    cells = []
    for cell in range(rules.cells):
        mark, value, foul = position.mark_at(cell), values.get(cell), forbidden.get(cell)
        outside = zone is not None and cell not in zone
        named = side_name(rules, mark, start=False) if mark else "empty"
        label = (f"{sentence_start(describe_cell(rules, cell))}, {named}" + (f", {value.text}" if value else "")
                 + (f", forbidden to black: {foul}" if foul else "")
                 + (", outside the opening's zone" if outside and mark is None else "")
                 + (", offered as black's fifth move" if cell in offered and mark is None else "")
                 + (f", move {numbers[cell]}" if cell in numbers else "") + (", last move" if cell == last else ""))
        cells.append(Cell(cell, mark, cell in line, value, label, playable and mark is None and not outside,
                          cell in new, cell == last, cell in stars, numbers.get(cell), foul, outside,
                          cell in offered and mark is None))
    return BoardView(rules, write_moves(rules, moves), len(moves), cells, move_list(rules, moves, set_up),
                     plain_status(rules, moves) if status is None else status, line)


def move_list(rules: Rules, moves: tuple[int, ...], set_up: int = 0) -> list[Move]:
    """The moves in words a person reads: "X: row 2, column 2", or "Black: h8"
    (those after the first set_up, which were set up by hand, not played)."""
    return [Move(cell, f"{side_name(rules, mark_of(index))}: {describe_cell(rules, cell)}")
            for index, cell in enumerate(moves) if index >= set_up]


@cache
def star_points(rules: Rules) -> frozenset[int]:
    """The marked points of a 15×15 board, as on a go or gomoku board: the centre and the fourth lines' crossings."""
    if rules.size != 15:
        return frozenset()
    return frozenset(map(rules.parse_cell_name, ("d4", "l4", "h8", "d12", "l12")))


def plain_status(rules: Rules, moves: tuple[int, ...]) -> str:
    """The status between two people, or of a position nobody in particular
    plays: "X wins!", "A draw." or "Black to move."."""
    position = Position.after(rules, moves)
    if position.winner:
        return f"{side_name(rules, position.winner)} wins!"
    return "A draw." if position.is_over else f"{side_name(rules, position.to_move)} to move."
