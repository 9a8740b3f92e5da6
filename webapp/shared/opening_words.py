"""An opening rule's steps in words (engine.Opening and its tables): what
the player whose step it is does now, what a stone the opening put down
was, and which stones a game's opening put down, for a replay, a review or
a record's reader. The words come from the step's own data (its name, its
stones' colours, its zone, its options), never from the rule's name.
"""

from __future__ import annotations

from webapp.engine import MARKS, Opening, Rules
from webapp.engine.opening_rules import TWO, Choose, Now, Place
from webapp.shared.words import side_name

COLOURS = ("black", "white")


def step_words(opening: Opening, ply: int, who: str) -> str:
    """The status during an opening: who ("You", "The first player", "Your
    friend") does what now, with ply stones down ("Swap2: You choose a
    colour: black or white.")."""
    now = opening.now(ply)
    verb = "" if who == "You" else "s"
    if isinstance(now.step, Choose):
        if TWO in now.step.options:
            return f"{opening.name}: {who} choose{verb}: black, white, or two more stones."
        return f"{opening.name}: {who} choose{verb} a colour: black or white."
    if now.step.count == 1:
        return f"{opening.name}: {who} put{verb} down {now.step.name} stone, {now.zone.words}."
    colours = [COLOURS[(ply - now.done + index) % 2] for index in range(now.step.count)]
    stones = f"{colours[0]}, then {colours[1]}" if len(colours) == 2 else ", ".join(colours)
    return (f"{opening.name}: {who} put{verb} down {stones}: stone {now.done + 1} of {now.step.count}, "
            f"{COLOURS[ply % 2]}.")


def computer_placed(opening: Opening, now: Now, stones: str) -> str:
    """What the computer did at a placement that ends where a person takes
    the next step: "The computer put down black's second stone, k11, at least 3
    intersections from the centre (outside the central 5×5)."."""
    step = now.step
    if step.count == 1:
        zone = "" if now.zone.anywhere else f", {now.zone.words}"
        return f"The computer put down {step.name} stone, {stones}{zone}."
    return f"The computer put down {stones}."


def opening_stone_words(rules: Rules, moves: tuple[int, ...], step: int, written: str | None) -> str | None:
    """What the stone played at step (from 1) was, if the opening (as a link
    writes it: opening_rules.WRITTEN) put it down: it has no reason of a
    player's, and no word of the review's, so this stands in their place."""
    opening = Opening.read(written) if written else Opening()
    if not 0 < step <= opening.stones_put_down:
        return None
    index = step - 1
    by = "first" if opening.placed_by_opener(index) else "second"
    return (f"{side_name(rules, MARKS[index % 2])}'s {rules.cell_name(moves[index])} was put down in {opening.name.lower()}'s opening, "
            f"by the {by} player.")


def opening_words(written: str | None) -> str | None:
    """What a game's opening (as a link writes it) put down, for a replay, a
    review or a record's reader: which stones the players did not play in
    turn, or in a zone. None for no opening."""
    if written is None:
        return None
    opening = Opening.read(written)
    name = opening.name.lower()
    steps = [now.step for now in _steps_of(opening)]
    if all(isinstance(step, Place) and step.count == 1 for step in steps):
        said = "; ".join(f"{step.name} stone {step.zones[0].words}" for step in steps)
        return f"Opened under {name}: {said}."
    words = f"Opened with {name}: the first player put down stones 1 to 3 (black, white, black)"
    if opening.stones_put_down == 3:
        return f"{words}, and the second player chose a colour."
    return f"{words}, the second player stones 4 and 5 (white, black), and the first player then chose a colour."


def _steps_of(opening: Opening) -> list[Now]:
    """The steps an opening as written passed through, in order."""
    steps, ply = [], 0
    while (now := opening.now(ply)) is not None and isinstance(now.step, Place):
        steps.append(now)
        ply += now.step.count
    return steps

