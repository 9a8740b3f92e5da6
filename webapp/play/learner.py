"""A learner's panel: what MENACE or the network saw for its last move in a game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from webapp.engine import LEARNERS, MARKS, Menace, Position, Rules
from webapp.engine.game.notation import mark_of
from webapp.shared.players import MY_MENACE
from webapp.shared.words import describe_cell


class PanelSquare(NamedTuple):
    """One square of a learner's panel."""

    mark: str | None  # the stone on it, or None
    shown: str        # the beads, or the value, written out ("" on a stone)
    shade: int        # 0 (fewest beads, lowest value) to 4 (most, highest)
    drawn: bool       # the square the learner played


class LearnerPanel(NamedTuple):
    """A learner's knowledge for its last move, as a panel shows it."""

    title: str
    squares: list[PanelSquare]
    note: str


def learner_panel(rules: Rules, moves: tuple[int, ...], players: tuple[str, str], my_menace: Menace,
                  taught: bool) -> LearnerPanel | None:
    """MENACE's box (beads per square) or the network's value per square, for
    the last move a learner made in the game of moves (X and O played by
    players), with the square it played."""
    learners = (*LEARNERS, MY_MENACE)
    player_of = dict(zip(MARKS, players))
    index = next((i for i in reversed(range(len(moves))) if player_of[mark_of(i)] in learners), None)
    if index is None:
        return None
    learner, cell = player_of[mark_of(index)], moves[index]
    before = Position.after(rules, moves[:index])
    where = describe_cell(rules, cell)
    if learner == "network":
        from webapp.engine.players import network  # numpy: only when a network has played
        values = network.trained().values(before)
        squares = [_square(before, square, values, lambda value: f"{value:+.2f}", cell) for square in range(9)]
        return LearnerPanel("The network's values for its last move", squares,
                            f"It played {where}, the square it values most. A value is its own estimate of "
                            "how the game goes after that move, from −1 (it loses) to +1 (it wins).")
    machine = my_menace if learner == MY_MENACE else trained_menace()
    beads = machine.box(before)
    if not beads:
        return LearnerPanel("MENACE's last move", [_square(before, square, {}, str, cell) for square in range(9)],
                            f"It played {where}, the one square left: no box for that.")
    squares = [_square(before, square, beads, str, cell) for square in range(9)]
    after = " (as they are now that it has learned from this game)" if learner == MY_MENACE and taught else ""
    return LearnerPanel(f"{'Your' if learner == MY_MENACE else 'The trained'} MENACE's box for its last move",
                        squares, f"Beads per square{after}; squares that are the same move by symmetry share one "
                        f"colour, shown on one of them. It drew a bead for {where}, one of "
                        f"{sum(beads.values())} in the box.")


def _square(position: Position, cell: int, known: Mapping[int, float], write: Callable[[float], str],
            played: int) -> PanelSquare:
    mark = position.mark_at(cell)
    if mark or cell not in known:
        return PanelSquare(mark, "", 0, cell == played)
    low, high = min(known.values()), max(known.values())
    shade = 0 if high == low else round(4 * (known[cell] - low) / (high - low))
    return PanelSquare(None, write(known[cell]), shade, cell == played)


def trained_menace() -> Menace:
    from webapp.engine.players import menace
    return menace.trained()
