"""An opening rule's steps in words (engine.Opening and its tables): what
the player whose step it is does now, what a stone the opening put down
was, and which stones a game's opening put down, for a replay, a review or
a record's reader. The words come from the step's own data (its name, its
stones' colours, its zone, its options), never from the rule's name.
"""

from __future__ import annotations

from collections.abc import Sequence

from webapp.engine import RENJU, Opening, Rules
from webapp.engine.game.notation import mark_of
from webapp.engine.game.opening_rules import (
    EVEN_THREE,
    ONE,
    PICK,
    STAY,
    SWAP,
    TEN,
    TWO,
    WHITE_HOLDER,
    Choose,
    Now,
    Offer,
    Place,
)
from webapp.engine.game.renju_openings import named_opening
from webapp.shared.words import side_name

COLOURS = ("black", "white")


def step_words(opening: Opening, ply: int, who: str) -> str:
    """The status during an opening: who ("You", "The first player", "Your
    friend") does what now, with ply stones down ("Swap2: You choose a
    colour: black or white.")."""
    now = opening.now(ply)
    assert now is not None, "the status asks for an opening's words while it is under way"
    verb, step = "" if who == "You" else "s", now.step
    if isinstance(step, Offer):
        count = now.count_of(step)
        moves = f"{count} fifth move{'s' * (count != 1)}"
        if who == "You":
            return (f"{opening.name}: You offer {moves} for black: choose {count} point{'s' * (count != 1)} "
                    "on the board, then offer them. White picks one.")
        return f"{opening.name}: {who} offers {moves} for black; white picks one."
    if isinstance(step, Choose):
        return f"{opening.name}: {who} {_choice_asked(step, verb)}."
    if step.plan == PICK:
        return f"{opening.name}: {who} pick{verb} black's fifth stone from those offered: {_either(now.offered)}."
    if step.count == 1:
        return f"{opening.name}: {who} put{verb} down {step.name} stone, {step.zones[now.done].words}."
    colours = [COLOURS[(ply - now.done + index) % 2] for index in range(step.count)]
    stones = f"{colours[0]}, then {colours[1]}" if len(colours) == 2 else ", ".join(colours)
    return (f"{opening.name}: {who} put{verb} down {stones}: stone {now.done + 1} of {step.count}, "
            f"{COLOURS[ply % 2]}.")


def _either(names: tuple[str, ...]) -> str:
    """Points a choice is among: "i9 or j9", "i9, j11 or g8"."""
    return f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else "".join(names)


def _choice_asked(step: Choose, verb: str) -> str:
    """What a choice asks of whoever makes it, after their name: "choose a colour: black or white"."""
    options = step.options
    if TWO in options:
        return f"choose{verb}: black, white, or two more stones"
    if SWAP in options:
        held, other = _held(step)
        return f"hold{verb} {held}: swap colours and play {other}, or stay {held}"
    if options[0].isdigit():
        return f"declare{verb} how many fifth moves black will offer: {options[0]} to {options[-1]}"
    if options == FIFTH_CHOICES:
        return (f"choose{verb}: put down black's fifth stone (and white may swap), or offer ten fifth moves "
                "for white to pick from")
    return f"choose{verb} a colour: black or white"


FIFTH_CHOICES = (ONE, TEN)
"""Taraguchi-10's choice at black's fifth: one stone in the central 9×9, or ten offered."""


def _held(step: Choose) -> tuple[str, str]:
    """At a swap, the colour its chooser holds and the other."""
    return ("white", "black") if step.by == WHITE_HOLDER else ("black", "white")


def choice_labels(step: Choose) -> tuple[tuple[str, str], ...]:
    """Each option of a choice with the words of its button: ("swap", "Swap: play black")."""
    def label(option: str) -> str:
        if option == TWO:
            return "Put down two more"
        if option in (SWAP, STAY):
            held, other = _held(step)
            return f"Swap: play {other}" if option == SWAP else f"Stay {held}"
        if option.isdigit():
            return f"Declare {option}"
        fifth: dict[str, str] = {ONE: "Put down the fifth stone", TEN: "Offer ten fifth moves"}
        return fifth.get(option, f"Play {option}")
    return tuple((option, label(option)) for option in step.options)


def choice_words(step: Choose | Offer, choice: str) -> str:
    """A choice made, after its maker's name, for a friend's game or the
    computer's line: "chose two more stones", "swapped colours", "declared 3 fifth moves"."""
    if isinstance(step, Offer):
        names = choice.split()
        return f"offered {len(names)} fifth move{'s' * (len(names) != 1)} for black: {', '.join(names)}"
    if choice == TWO:
        return "chose two more stones"
    if choice in (SWAP, STAY):
        held, other = _held(step)
        return f"swapped colours, to play {other}" if choice == SWAP else f"stayed {held}"
    if choice.isdigit():
        return f"declared {choice} fifth move{'s' * (choice != '1')}"
    if step.options == FIFTH_CHOICES:
        return "chose to put down black's fifth stone" if choice == ONE else "chose to offer ten fifth moves"
    return f"chose to play {choice}"


def placed_words(rules: Rules, now: Now, cells: tuple[int, ...]) -> str:
    """Stones put down at a placement, after the name of who put them down:
    "put down black's second stone, k11, at least 3 intersections from the
    centre (outside the central 5×5)", "put down the opening, h8, h9, g6, as even as it could find"."""
    step, names = now.step, ", ".join(map(rules.cell_name, cells))
    assert isinstance(step, Place), "stones are put down at a placement"
    if step.plan == PICK:
        return f"picked black's fifth stone, {names}, from the fifth moves offered"
    if step.plan == EVEN_THREE and len(cells) == step.count:
        return f"put down the opening, {names}, as even as it could find"
    if step.count == 1:
        zone = step.zones[now.done]
        return f"put down {step.name} stone, {names}" + ("" if zone.anywhere else f", {zone.words}")
    return f"put down {names}"


def opening_events(opening: Opening, moves: tuple[int, ...]) -> tuple[tuple[bool, str | tuple[int, ...], Now], ...]:
    """What was done in the opening so far, in order: for each stone put
    down or choice made, whether the opener did it, the choice (or the
    stones), and where the opening stood then."""
    events: list[tuple[bool, str | tuple[int, ...], Now]] = []
    for now, stones, choice in opening.taken():
        if isinstance(now.step, Place):
            if placed := moves[stones:stones + now.step.count]:
                events.append((now.opener_acts, tuple(placed), now))
        elif choice is not None:
            events.append((now.opener_acts, choice, now))
    return tuple(events)


def opening_stone_words(rules: Rules, moves: tuple[int, ...], step: int, written: str | None) -> str | None:
    """What the stone played at step (from 1) was, if the opening (as a link
    writes it: opening_rules.WRITTEN) put it down: it has no reason of a
    player's, and no word of the review's, so this stands in their place."""
    opening = Opening.read(written) if written else Opening()
    if not 0 < step <= opening.stones_put_down:
        return None
    index = step - 1
    by = "first" if opening.placed_by_opener(index) else "second"
    return (f"{side_name(rules, mark_of(index))}'s {rules.cell_name(moves[index])} was put down in "
            f"{opening.named}'s opening, "
            f"by the {by} player.")


def picked_stone_words(rules: Rules, moves: tuple[int, ...], step: int, written: str | None) -> str | None:
    """Who chose the stone played at step (from 1), where it is the one
    white's player picked among black's offered fifth moves (RIF's and
    Soosõrv-8's fifth): black played it, but did not choose it alone, so its
    word judges black's offering it, and no better fifth is named (the
    review's). None for any other stone."""
    opening = Opening.read(written) if written else Opening()
    if opening.always_picked != step - 1 or step > len(moves):
        return None
    return (f"Under {opening.named}, black offered fifth moves and white's player chose "
            f"{rules.cell_name(moves[step - 1])} from them. The review judges black for offering it and names no "
            "better fifth: white's player chose which offer was played.")


def opening_words(written: str | None) -> str | None:
    """What a game's opening (as a link writes it) put down, for a replay, a
    review or a record's reader: which stones the players did not play in
    turn, or in a zone. None for no opening."""
    if written is None:
        return None
    opening = Opening.read(written)
    name = opening.named
    steps = [now.step for now in _steps_of(opening)]
    placements = [step for step in steps if isinstance(step, Place) and step.count == 1]
    if len(placements) == len(steps):
        said = "; ".join(f"{step.name} stone {step.zones[0].words}" for step in placements)
        return f"Opened under {name}: {said}."
    words = f"Opened with {name}: the first player put down stones 1 to 3 (black, white, black)"
    if opening.stones_put_down == 3:
        return f"{words}, and the second player chose a colour."
    return f"{words}, the second player stones 4 and 5 (white, black), and the first player then chose a colour."


def opening_name_words(rules: Rules, moves: Sequence[int]) -> str | None:
    """The name players know a renju game's first three stones by, where
    they are one of renju's 26 openings ("Kagetsu (4D), one of renju's 26
    openings."); None for any other start, fewer stones, and under freestyle
    and standard, whose games do not open with renju's openings: there the
    name would be a stranger's word for the game's first stones."""
    named = named_opening(rules, moves) if rules.rule == RENJU else None
    return f"{named.name} ({named.number}), one of renju's 26 openings." if named else None


def game_opening_words(rules: Rules, moves: Sequence[int], written: str | None) -> str | None:
    """A game's opening in words, as its replay and its review say it: what its opening rule put down
    (opening_words), and its name where it is one of renju's 26 openings (opening_name_words)."""
    return " ".join(filter(None, (opening_words(written), opening_name_words(rules, moves)))) or None


def _steps_of(opening: Opening) -> list[Now]:
    """The steps an opening as written passed through, in order."""
    steps, ply = [], 0
    while (now := opening.now(ply)) is not None and isinstance(now.step, Place):
        steps.append(now)
        ply += now.step.count
    return steps

