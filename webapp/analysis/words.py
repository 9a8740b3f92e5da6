"""The analysis board's own sentences: who is to move, and what the engine
says of the position (evaluation.py). Why a position cannot arise is said by
shared/set_up.py, which a game begun from it reads too. Sides are named by
shared.words.side_name (Black and White on the five-in-a-row boards, X
and O on the others), so that a change to how sides are named is one change."""

from __future__ import annotations

from webapp.engine import Rules, opponent
from webapp.shared.words import side_name


def side(rules: Rules, mark: str, start: bool = True) -> str:
    """A side as the board's players call it: "Black" (or "black" inside a
    sentence, not at its start), "X"."""
    return side_name(rules, mark, start)


def to_move(rules: Rules, mover: str, how: str) -> str:
    """Who is to move, and how (Setup.turn_from): as the counts say, as the
    person chose, or as the person chose against the counts (a pass)."""
    if how == "passed":
        other = side(rules, opponent(mover), start=False)
        return (f"{side(rules, mover)} to move, as you chose: {other} passes, though the counts of stones put "
                f"{other} to move. A game cannot begin with a pass; to play it out, choose {other} to move.")
    return f"{side(rules, mover)} to move, {'as you chose' if how == 'chosen' else 'as the counts of stones say'}."


def moves(count: int) -> str:
    return f"{count} move" if count == 1 else f"{count} moves"
