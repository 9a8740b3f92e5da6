"""The form fields every feature reads, each checked, or InvalidInput saying
to a person what is wrong with it."""

from __future__ import annotations

import re

from webapp.engine import BOARDS, DEFAULT_BOARD, FREESTYLE, RENJU, RULES, Opening, Rules, rules_offered
from webapp.engine.game.opening_rules import NO_OPENING, OPENINGS, RENJU_RULES, OpeningRule
from webapp.shared.errors import InvalidInput
from webapp.shared.words import quoted

_NUMBER = re.compile("0|[1-9][0-9]{0,2}")


def whole_number(raw: str, most: int) -> int | None:
    """raw as a whole number from 0 to most (a link's step, count or place), or None if it is not one."""
    return int(raw) if raw.isascii() and raw.isdigit() and int(raw) <= most else None


def parse_board(raw: str | None, current: Rules) -> Rules:
    """The board named in a form field; absent means the one played last."""
    if raw is None:
        return current
    if raw not in BOARDS:
        raise InvalidInput(f"There is no board {quoted(raw)}; choose one of: {', '.join(BOARDS)}.")
    return BOARDS[raw]


def rule_named(raw: str) -> str:
    """The rule a form field names: freestyle, standard or renju."""
    if raw not in RULES:
        raise InvalidInput(f"There is no rule {quoted(raw)}; choose one of: {', '.join(RULES)}.")
    return raw


def parse_rule(raw: str | None, board: Rules) -> Rules:
    """The board under the rule named in a form field (rule_named); absent,
    the board as it is. The form offers the rules only with the
    five-in-a-row boards, so a rule the chosen board is not played under (a
    person who turned to 3×3 with renju still chosen) is freestyle."""
    if raw is None:
        return board
    rule = rule_named(raw)
    return board.with_rule(rule if rule in rules_offered(board) else FREESTYLE)


def parse_opening(raw: str | None, rules: Rules) -> Opening:
    """The opening rule named in a form field: none (the default); swap1,
    swap2, pro or long pro for freestyle and standard; RIF, Soosõrv-8 or
    Taraguchi-10 for renju on 15×15. Like the rule, it is offered only with
    the five-in-a-row boards: one asked for a board without them is none
    there; one not of the rule chosen, or whose zones do not fit the board
    (long pro on 7×7), is refused."""
    if raw is None or raw == NO_OPENING:
        return Opening()
    if raw not in OPENINGS:
        raise InvalidInput(f"There is no opening {quoted(raw)}; choose one of: {', '.join(OPENINGS)}.")
    opening = Opening(OpeningRule(raw))
    if rules.k != 5 or opening.offered_on(rules):
        return opening if opening.offered_on(rules) else Opening()
    if raw in RENJU_RULES:
        raise InvalidInput(f"{opening.name} is renju's opening rule, played on 15×15: choose the renju rule "
                           "for it, or another opening.")
    if rules.rule == RENJU:
        raise InvalidInput(f"Renju begins at the centre: {opening.named} is for freestyle and standard. Renju's "
                           "own are RIF, Soosõrv-8 and Taraguchi-10.")
    raise InvalidInput(f"{opening.name} needs a bigger board than {rules.size}×{rules.size}: its stones' zones "
                       "do not fit on it. Choose 15×15, or another opening.")


def parse_opening_choice(raw: str, offered: tuple[str, ...]) -> str:
    """A choice in an opening (swap2's black, white, or two more), one of those offered now (Opening.choices_now)."""
    if raw not in offered:
        raise InvalidInput(f"Choose {', '.join(offered[:-1])} or {offered[-1]}, not {quoted(str(raw))}.")
    return raw


def parse_cell(raw: str | None, rules: Rules = DEFAULT_BOARD) -> int:
    """The cell number in a form field."""
    if raw is None or raw == "":
        raise InvalidInput("Choose a square to play.")
    if not _NUMBER.fullmatch(raw) or int(raw) >= rules.cells:
        raise InvalidInput(f"A square is a number from 0 to {rules.cells - 1}, not {quoted(raw)}.")
    return int(raw)


def parse_ply(raw: str | None, rules: Rules = DEFAULT_BOARD) -> int:
    """The number of marks on the board the person saw."""
    if raw is None or not _NUMBER.fullmatch(raw) or int(raw) > rules.cells:
        raise InvalidInput("The form is incomplete; reload the page and try again.")
    return int(raw)


def parse_switch(raw: str | None, switched: str = "the coach") -> bool:
    """An on/off form field, such as the coach's."""
    if raw not in ("on", "off"):
        raise InvalidInput(f"Say “on” or “off” to switch {switched}.")
    return raw == "on"
