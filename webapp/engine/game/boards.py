"""The boards this site offers, and the rules each is played under here:
3×3 (the default), 4×4, 5×5, 7×7 and 15×15; gomoku's standard rule on the
five-in-a-row boards, renju on 15×15. Read from a link's board name."""

from __future__ import annotations

from webapp.engine.game.rules import FREESTYLE, RULES, STANDARD, Rules

BOARDS: dict[str, Rules] = {rules.name: rules for rules in (
    Rules(3, 3), Rules(4, 4), Rules(5, 4), Rules(7, 5), Rules(15, 5))}
"""The boards the game offers, by name: 3x3 (the default), 4x4, 5x5, 7x7 and 15x15."""
DEFAULT_BOARD = BOARDS["3x3"]


def rules_offered(board: Rules) -> tuple[str, ...]:
    """The rules a board is played under here, freestyle first: gomoku's
    standard rule on the five-in-a-row boards, renju on 15×15, its own board."""
    if board.k != 5:
        return (FREESTYLE,)
    return RULES if board.size == 15 else (FREESTYLE, STANDARD)


def rules_words(board: Rules) -> str:
    """The rules a board is played under, as a person reads them: "freestyle
    only", "freestyle, standard or renju"."""
    offered = rules_offered(board)
    return "freestyle only" if len(offered) == 1 else f"{', '.join(offered[:-1])} or {offered[-1]}"


def under_rule(board: Rules, rule: str) -> Rules:
    """The board under rule, or ValueError (fit to show a person) if the
    board is not played under it here."""
    if rule not in rules_offered(board):
        raise ValueError(f"The {board.board_name} board is played {rules_words(board)}, not “{rule[:12]}”.")
    return board.with_rule(rule)


def board_named(name: str) -> Rules:
    """The offered board with this name (Rules.name: '15x15', '15x15-renju'),
    or ValueError naming those there are, or the rules the board is played under."""
    board, dash, rule = str(name).partition("-")
    if board not in BOARDS:
        raise ValueError(f"There is no board “{str(name)[:12]}”; the boards are {', '.join(BOARDS)}.")
    return under_rule(BOARDS[board], rule) if dash else BOARDS[board]
