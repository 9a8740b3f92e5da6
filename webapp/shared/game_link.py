"""A game's record: its moves as a link writes them, read back with every
step checked, the position after them, the step a link looks at, its
opening (parse_opening), and what the moves do not say: who played
and how the game ended (Result, its Ending).

A game's moves in a link are digits on 3×3 ("408") and names joined by dashes
on the others ("h8-i9"); a 3×3 link written with names, as people write the
other boards' ("b2-a1"), reads too. Reading a link checks that its moves are a
legal game and says which step is wrong if not.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Any, NamedTuple

from webapp.engine import DEFAULT_BOARD, MARKS, Opening, Position, Rules, opponent
from webapp.engine.game.notation import write_moves as write_moves  # online.rated imports it from here
from webapp.engine.game.opening_rules import NO_OPENING, WRITTEN
from webapp.shared.errors import InvalidInput
from webapp.shared.forms import whole_number
from webapp.shared.set_up import parse_set_up
from webapp.shared.words import in_a_row, quoted, side_name


@dataclass(frozen=True)
class LinkedPosition:
    """A position as a link reaches it: a board and the moves played on it.
    The pages that look at a position (the think page, the stepper, Monte
    Carlo, the depth-limited search) each ask their question of one of these."""

    rules: Rules
    moves: tuple[int, ...]

    @cached_property
    def position(self) -> Position:
        return Position.after(self.rules, self.moves)

    @property
    def notation(self) -> str:
        """The moves as a link writes them, for the page's own links."""
        return write_moves(self.rules, self.moves)


def stones_query(rules: Rules, black: Iterable[int], white: Iterable[int]) -> dict[str, str]:
    """A position's stones as the analysis board's link writes them, each
    side's squares named in the board's order ({"x": "h8-i9", "o": "j10"});
    a side with none is left out. Stones, not moves: they have no order."""
    sides = {"x": sorted(black), "o": sorted(white)}
    return {side: "-".join(map(rules.cell_name, cells)) for side, cells in sides.items() if cells}


def set_up_query(rules: Rules, moves: tuple[int, ...], set_up: int) -> dict[str, str]:
    """The stones a game was set up with (its first set_up moves, black's and
    white's in turn: shared.set_up.as_moves) as a link carries them, in the
    analysis board's form (stones_query); none for a game from the empty board."""
    return stones_query(rules, moves[:set_up:2], moves[1:set_up:2])


def parse_opening(rules: Rules, raw: str | None, moves: tuple[int, ...], set_up: int = 0) -> str | None:
    """A link's opening (its `opening`, as opening_rules.WRITTEN writes it; none if
    it has none) of a game of these moves, or InvalidInput saying why it is
    not one: not an opening, not one of this board's, more stones than
    the game has, or a game whose first stones were set up by hand (set_up of them)."""
    if raw in (None, "", NO_OPENING):
        return None
    if set_up:
        raise InvalidInput("A game from a position set up by hand has no opening rule: its first stones were "
                           "set up, not put down by an opening's steps.")
    if raw not in WRITTEN:
        raise InvalidInput(f"{quoted(raw[:20])} is not an opening a link writes: {', '.join(WRITTEN)} or none.")
    opening = Opening.read(raw)
    if not opening.offered_on(rules):
        raise InvalidInput(f"The {rules.name} board has no {opening.named} opening: it is for {opening.offered_where}.")
    if len(moves) < (stones := opening.stones_put_down):
        raise InvalidInput(f"The {raw} opening puts down {stones} stones; this game has {len(moves)}.")
    for ply, cell in enumerate(moves[:max(stones, len(opening.sure_zones))]):  # a link is not trusted with zones
        why = opening.why_not(rules, ply, cell) if ply < stones else opening.surely_not(rules, ply, cell)
        if why:
            raise InvalidInput(f"These moves do not fit their opening. {why}")
    return raw


def parse_moves(rules: Rules, raw: str, start: Position | None = None) -> tuple[int, ...]:
    """The cells of a game as a link writes them (played from start, if
    given: stones set up by hand), or InvalidInput naming the first step that is wrong."""
    digits = rules == DEFAULT_BOARD and not raw[:1].isalpha()  # 3×3's own links; names on the others, or by hand
    steps = list(raw) if digits else raw.split("-") if raw else []
    if len(steps) > rules.cells:
        raise InvalidInput(f"A game on the {rules.name} board has at most {rules.cells} moves; "
                           f"this one has {len(steps)}.")
    return checked_moves(rules, (_parse_step(rules, step, written, digits)
                                 for step, written in enumerate(steps, start=1)), start)


def checked_moves(rules: Rules, cells: Iterable[int], start: Position | None = None) -> tuple[int, ...]:
    """The cells as a game's moves, each checked in turn (read lazily, so
    that a step is read only once those before it are a game); InvalidInput
    naming the first step that is wrong: one after the end, on a taken
    square, or one the rule forbids (renju's). From start, if given (stones set up by hand)."""
    position = start or Position(rules)
    moves: list[int] = []
    for step, cell in enumerate(cells, start=1):
        if position.is_over:
            raise InvalidInput(f"Step {step} comes after the game ended at step {step - 1}.")
        if position.stones >> cell & 1:
            taken = f"square {cell}" if rules == DEFAULT_BOARD else rules.cell_name(cell)
            took = f"step {moves.index(cell) + 1} already took" if cell in moves else "holds a stone set up"
            raise InvalidInput(f"Step {step} plays {taken}, which {took}.")
        if refusal := position.why_not(cell):
            raise InvalidInput(f"Step {step}: {refusal}")
        position = position.play(cell)
        moves.append(cell)
    return tuple(moves)


def _parse_step(rules: Rules, step: int, written: str, digit: bool) -> int:
    if digit:
        if written not in "012345678":
            raise InvalidInput(f"Step {step} is {quoted(written)}, not a square number from 0 to 8.")
        return int(written)
    try:
        return rules.parse_cell_name(written)
    except ValueError:
        raise InvalidInput(f"Step {step} is {quoted(written)}, not a square of the {rules.name} board "
                           f"(a1 to {rules.cell_name(rules.size - 1)}).") from None


class GameAt(NamedTuple):
    """A link's game and the step it is looked at. moves holds the stones
    set up by hand first, if the game began from such a position (set_up
    of them, black's and white's in turn: shared.set_up.as_moves), then the
    moves played; a step counts moves played only, from 0 (the empty board,
    or the position set up) to the last: the stones set up are no steps."""

    moves: tuple[int, ...]
    step: int
    set_up: int = 0

    @classmethod
    def parse(cls, rules: Rules, raw_moves: str, raw_step: str | None, set_up: tuple[int, ...] = ()) -> GameAt:
        """The game a link's moves write, played after the stones set up (a
        link's x= and o=, read by shared.set_up.parse_set_up), at a step (the
        last if none is given), or InvalidInput saying what in the link is wrong."""
        played = parse_moves(rules, raw_moves, Position.after(rules, set_up) if set_up else None)
        moves = (*set_up, *played)
        if raw_step is None:
            return cls(moves, len(played), len(set_up))
        step = whole_number(raw_step, len(played))
        if step is None:
            raise InvalidInput(f"There is no step {quoted(raw_step)} in this game; "
                               f"its steps are 0 to {len(played)}.")
        return cls(moves, step, len(set_up))

    @classmethod
    def of_link(cls, rules: Rules, raw_moves: str, query: Mapping[str, str], stepped: bool = True) -> GameAt:
        """The game a link names: its moves, played after the stones its x=
        and o= set up (as the analysis board's link writes them), at the step
        its query asks for (the last, if none or not stepped: a record is of
        the whole game); InvalidInput saying what in the link is wrong."""
        set_up = parse_set_up(rules, query.get("x"), query.get("o"))
        return cls.parse(rules, raw_moves, query.get("step") if stepped else None, set_up)

    @property
    def ply(self) -> int:
        """How many stones are on the board at the step: those set up, and the moves played to it."""
        return self.set_up + self.step


NAME_LENGTH = 60
"""The longest player's name a link carries."""


class Ending(StrEnum):
    """How a game ended: a closed set (python-chess's Termination). Each
    value is how a link and a store write it, where the moves do not show it:
    a side's ending as its key (resigned=O: the side that resigned, timed
    out or forfeited lost; aborted=X: the side that aborted; unstarted=O:
    the side whose first move did not come), a draw as draw=agreed or
    draw=claimed. The board's own endings are never written: the moves say them."""

    WON_ON_BOARD = "line"
    DRAWN_ON_BOARD = "full"
    RESIGNED = "resigned"
    TIMED_OUT = "timed_out"
    FORFEITED = "forfeited"      # won by claim: the side to move had left the game past the time allowed
    ABORTED = "aborted"          # by a player, before both had made their first move
    UNSTARTED = "unstarted"      # aborted by the server: a first move did not come in time
    DRAW_AGREED = "agreed"
    DRAW_CLAIMED = "claimed"     # called a draw by the player whose friend had left


SIDE_ENDINGS = (Ending.RESIGNED, Ending.TIMED_OUT, Ending.FORFEITED, Ending.ABORTED, Ending.UNSTARTED)
"""The endings a link writes with a side (resigned=O), in the order a link's query is read."""
LOST_BY = (Ending.RESIGNED, Ending.TIMED_OUT, Ending.FORFEITED)
"""The endings whose side lost the game."""
VOID = (Ending.ABORTED, Ending.UNSTARTED)
"""The endings of a game that counts for nothing: no winner, no draw, no score, no rating."""
DRAWS = (Ending.DRAW_AGREED, Ending.DRAW_CLAIMED)
"""The draws a link writes (draw=agreed, draw=claimed)."""
AGREED = Ending.DRAW_AGREED.value
"""How a link writes a draw the players agreed: draw=agreed."""
ENDINGS = {Ending.RESIGNED: "by resignation", Ending.TIMED_OUT: "on time", Ending.FORFEITED: "by forfeit"}
"""The ways a game is lost that its moves do not show, and how a sentence says the win."""
SGF_REASONS = {Ending.RESIGNED: "R", Ending.TIMED_OUT: "T", Ending.FORFEITED: "F"}
"""SGF FF[4]'s RE after the winner's B+ or W+: Resign, Time, Forfeit."""


class Result(NamedTuple):
    """Who played a game and how it ended, where its moves do not say: how
    (an Ending off the board) and the side it names (who resigned, ran out
    of time, forfeited, aborted, or did not make a first move in time).
    A link carries it in its query (black=You&white=master&resigned=O,
    draw=agreed), and every record written from the link has it: SGF's PB,
    PW and RE (W+R, B+T, B+F, 0, Void). The words are functions of it."""

    black: str = ""               # who played X (black), if known
    white: str = ""               # who played O (white)
    how: Ending | None = None     # an ending off the board, if the game ended so
    side: str | None = None       # the side that ending names (none for a draw)

    @classmethod
    def of(cls, how: Ending, side: str | None = None, black: str = "", white: str = "") -> Result:
        """The game ended as how says, naming side (a draw names none)."""
        return cls(black, white, how, side)

    @classmethod
    def parse(cls, query: Mapping[str, str], position: Position) -> Result:
        """A link's result, for the game that ends in position; InvalidInput
        for a side that is not X or O, a draw that is neither agreed nor
        claimed, two endings, or an ending of a game already over on the board."""
        ended = [key for key in (*SIDE_ENDINGS, "draw") if query.get(key)]
        for key in ended:
            written = query[key]
            if key == "draw" and written not in DRAWS:
                raise InvalidInput(f"A draw in a link is “draw={AGREED}” or “draw={Ending.DRAW_CLAIMED}”, "
                                   f"not {quoted(written)}.")
            if key != "draw" and written not in MARKS:
                raise InvalidInput(f"{quoted(written)} is not a side that can have {key.replace('_', ' ')}: X or O.")
        if len(ended) > 1:
            raise InvalidInput("A game ends one way: by resignation, on time, by forfeit, aborted or by a draw, "
                               "not two.")
        if ended and position.is_over:
            raise InvalidInput("This game ended on the board; nobody resigned, ran out of time, forfeited, "
                               "aborted or agreed a draw after it.")
        black, white = (query.get(key, "")[:NAME_LENGTH] for key in ("black", "white"))
        if not ended:
            return cls(black, white)
        key = ended[0]
        if key == "draw":
            return cls(black, white, how=Ending(query[key]))
        return cls(black, white, how=Ending(key), side=query[key])

    @classmethod
    def read(cls, kept: Mapping[str, Any]) -> Result:
        """The result as query wrote it into a store, or ValueError if it is not one.
        A store is trusted with what it wrote: no sentences for a person, which parse builds for a link."""
        ended = [key for key in (*SIDE_ENDINGS, "draw") if kept.get(key)]
        black, white = str(kept.get("black", "")), str(kept.get("white", ""))
        if len(ended) > 1:
            raise ValueError("a game ends one way, not two")
        if not ended:
            return cls(black, white)
        key, written = ended[0], kept[ended[0]]
        if key == "draw":
            if written not in DRAWS:
                raise ValueError(f"not a draw: {written!r}")
            return cls(black, white, how=Ending(written))
        if written not in MARKS:
            raise ValueError(f"not a side: {written!r}")
        return cls(black, white, how=Ending(key), side=written)

    @property
    def query(self) -> dict[str, str]:
        """The result as a link's query (and a store) writes it; what is unknown is left out."""
        names = {key: value for key, value in (("black", self.black), ("white", self.white)) if value}
        if self.how in DRAWS:
            return {**names, "draw": self.how.value}
        if self.how is not None and self.side:
            return {**names, self.how.value: self.side}
        return names

    def _named(self, how: Ending) -> str | None:
        return self.side if self.how == how else None

    @property
    def resigned(self) -> str | None:
        """The side that resigned, if one did."""
        return self._named(Ending.RESIGNED)

    @property
    def timed_out(self) -> str | None:
        """The side whose time ran out, if it did."""
        return self._named(Ending.TIMED_OUT)

    @property
    def forfeited(self) -> str | None:
        """The side that lost by a claim: it had left, on its turn, past the time allowed."""
        return self._named(Ending.FORFEITED)

    @property
    def draw(self) -> str | None:
        """How a draw off the board came (AGREED, or "claimed"), if the game ended in one."""
        return self.how.value if self.how in DRAWS else None

    @property
    def aborted(self) -> bool:
        """Whether the game was called off before it began (by a player, or by the server): it counts for nothing."""
        return self.how in VOID

    @property
    def loser(self) -> str | None:
        """The side that resigned, ran out of time or forfeited, if the game ended so."""
        return self.side if self.how in LOST_BY else None

    @property
    def ended(self) -> bool:
        """Whether the game ended off the board (any Ending of this value's)."""
        return self.how is not None

    def winner(self, position: Position) -> str | None:
        """Who won the game that stands at position."""
        if self.how in DRAWS or self.how in VOID:
            return None
        return opponent(self.loser) if self.loser else position.winner

    def how_ended(self, position: Position) -> Ending | None:
        """How the game at position ended, the board's own endings too; None while it goes on."""
        if self.how is not None:
            return self.how
        if position.winner:
            return Ending.WON_ON_BOARD
        return Ending.DRAWN_ON_BOARD if position.is_over else None

    def sgf(self, position: Position) -> str | None:
        """SGF's RE: "B+", "W+R" (by resignation), "B+T" (on time), "W+F" (by
        forfeit), "0" a draw, "Void" a game aborted; None while the game goes on."""
        how = self.how_ended(position)
        if how in VOID:
            return "Void"
        winner = self.winner(position)
        if winner:
            reason = SGF_REASONS.get(how, "") if how else ""
            return f"{'B' if winner == 'X' else 'W'}+{reason}"
        return "0" if how is not None else None

    def last_words(self, rules: Rules) -> str | None:
        """What happened after the last move, where the game ended off the
        board: "White resigned.", "Black ran out of time.", "The players
        agreed a draw.", "X aborted the game." (None otherwise)."""
        if self.how is None:
            return None
        if self.how in DRAWS:
            return "The players agreed a draw." if self.how == Ending.DRAW_AGREED else \
                "A draw, called by the player whose friend had left."
        name = side_name(rules, self.side) if self.side else "A player"
        return {Ending.RESIGNED: f"{name} resigned.", Ending.TIMED_OUT: f"{name} ran out of time.",
                Ending.FORFEITED: f"{name} had left the game: the win was claimed.",
                Ending.ABORTED: f"{name} aborted the game.",
                Ending.UNSTARTED: f"{name}'s first move did not come in time: the game was aborted."}[self.how]

    def words(self, position: Position) -> str:
        """How the game ended, in a sentence: "White won by resignation.",
        "X won: three in a row.", "A draw.", "A draw, agreed.", "Aborted." or "Not finished."."""
        if self.how in DRAWS:
            return "A draw, agreed." if self.how == Ending.DRAW_AGREED else "A draw, claimed."
        if self.how in VOID:
            return "Aborted: the game counts for nothing."
        winner = self.winner(position)
        if winner is None:
            return "A draw." if position.is_over else "Not finished."
        name = side_name(position.rules, winner)
        if self.how in ENDINGS:
            return f"{name} won {ENDINGS[self.how]}."
        return f"{name} won: {in_a_row(position.rules)} in a row."


def game_query(opening: str | None, ending: Result, set_up: Mapping[str, str] | None = None) -> dict[str, str]:
    """What a link to a game carries besides its moves: the stones it was set
    up with (set_up_query), its opening, and who played and how it ended."""
    return {**(set_up or {}), **({"opening": opening} if opening else {}), **ending.query}

