"""The score: finished games per browser, by pairing and board, and the lines a page shows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from webapp.engine import BOARDS, DEFAULT_BOARD, FREESTYLE, Rules, rules_offered
from webapp.shared.players import Roster
from webapp.shared.words import side_name

FRIENDS = "friends"
"""The score's name for games between two people at one screen."""


def score_prefix(who: str, rules: Rules) -> str:
    """A level or FRIENDS, with the board after it unless it is 3×3 (whose keys predate the others)."""
    return who if rules == DEFAULT_BOARD else f"{who}@{rules.name}"


_LEVEL_TALLIES = (("win", "Wins"), ("draw", "Draws"), ("loss", "Losses"))


class ScoreLine(NamedTuple):
    """One line of the score as shown: who against whom, and the tallies."""

    label: str
    tallies: tuple[tuple[str, int], ...]


def score_groups(roster: Roster) -> list[tuple[str, str, tuple[tuple[str, str], ...]]]:
    """Every line the score can show, in order: its label, its key's prefix,
    its tallies (the external engines installed here among them: roster's)."""
    groups: list[tuple[str, str, tuple[tuple[str, str], ...]]] = []
    names = roster.opponent_names
    for rules in scored_rules():
        on = _on_board(rules)
        groups += [(f"You against {names[level]}{on}", score_prefix(level, rules), _LEVEL_TALLIES)
                   for level in roster.players_of(rules)[1:]]
        groups.append((f"Two players{on}", score_prefix(FRIENDS, rules), _friends_tallies(rules)))
    return groups


def scored_rules() -> tuple[Rules, ...]:
    """Every board under every rule it is played under here, in the score's
    order: each board freestyle first, then standard and renju (a game under
    a rule is keyed by its rules' name, "master@15x15-renju", so it has a line of its own)."""
    return tuple(board.with_rule(rule) for board in BOARDS.values() for rule in rules_offered(board))


def _on_board(rules: Rules) -> str:
    """Where a line's games were played, after its players: nothing on 3×3,
    " on 7×7", " on 15×15 under renju"."""
    if rules == DEFAULT_BOARD:
        return ""
    under = "" if rules.rule == FREESTYLE else f" under {rules.rule}"
    return f" on {rules.size}×{rules.size}{under}"


def _friends_tallies(rules: Rules) -> tuple[tuple[str, str], ...]:
    """The tallies between two people: each side's wins, as the board names
    the side ("X wins", "Black wins"; the keys keep the marks), and draws."""
    return (*((mark, f"{side_name(rules, mark)} wins") for mark in ("X", "O")), ("draw", "Draws"))


@dataclass(frozen=True)
class Score:
    """Finished games per browser, counted by result_key: the person's wins,
    draws and losses against each level on each board, and X/O/draw tallies
    between two people."""

    counts: Mapping[str, int] = field(default_factory=dict)

    def plus(self, key: str, amount: int = 1) -> Score:
        return Score({**self.counts, key: self.counts.get(key, 0) + amount})

    def lines(self, roster: Roster) -> list[ScoreLine]:
        """The lines worth showing: every pairing with a finished game, in
        the order of score_groups(roster)."""
        played = {key.rpartition("/")[0] for key, count in self.counts.items() if count}
        lines = []
        for label, prefix, names in score_groups(roster):
            if prefix in played:
                lines.append(ScoreLine(label, tuple((name, self.counts.get(f"{prefix}/{key}", 0))
                                                    for key, name in names)))
        return lines

    @classmethod
    def from_session(cls, data: Any) -> Score:
        """The stored score, or an empty one if data is not a score."""
        if not isinstance(data, Mapping) or not all(
                isinstance(key, str) and type(count) is int and count >= 0 for key, count in data.items()):
            return cls()
        return cls(dict(data))
