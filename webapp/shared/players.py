"""Who may play on a board, and what they are called.

A person (HUMAN), the computer at one of its levels, the external engines
an operator installed (ENGINE_BRAINS: webapp.brains.external) on the boards
and rules each plays, and on 3×3 the learners, this browser's own MENACE
among them. The engines are known once, when the app starts: a Roster holds
them and is handed to what needs them (the new-game form, a game, the
score, the words that name a player), never looked up from anywhere else.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from itertools import groupby

from webapp.brains.external import Brain
from webapp.engine import BOARDS, DEFAULT_BOARD, LEARNERS, LEVELS, Rules, learners_of, levels_of, top_level
from webapp.shared.errors import InvalidInput
from webapp.shared.words import quoted, side_name

HUMAN = "human"
MY_MENACE = "my-menace"
"""This browser's own MENACE, which starts knowing nothing and learns from every game it finishes here."""
PLAYERS = (HUMAN, *LEVELS, *LEARNERS, MY_MENACE)
"""Our own players; the installed external engines come after the levels (Roster.all_players)."""


class Names(Mapping[str, str]):
    """Each player's name in some place: ours written out, an installed
    external engine's made from it (so a template or a sentence looks
    either up the same way)."""

    def __init__(self, ours: Mapping[str, str], engine: Callable[[Brain], str], brains: Mapping[str, Brain]) -> None:
        self.ours, self.engine, self.brains = ours, engine, brains

    def __getitem__(self, player: str) -> str:
        if player in self.ours:
            return self.ours[player]
        if (brain := self.brains.get(player)) is not None:
            return self.engine(brain)
        raise KeyError(player)

    def __iter__(self) -> Iterator[str]:
        return iter((*self.ours, *self.brains))

    def __len__(self) -> int:
        return len(self.ours) + len(self.brains)


def _engine_player_name(brain: Brain) -> str:
    return f"Engine, {brain.title}"


def _engine_title(brain: Brain) -> str:
    return brain.title


def _engine_introduction(brain: Brain) -> str:
    return f"{brain.title} (an engine installed here, played through the Gomocup protocol)"


_PLAYER_NAMES = {HUMAN: "Human", **{level: f"Computer, {level}" for level in LEVELS},
                 "menace": "MENACE, trained", "network": "Network, self-taught", MY_MENACE: "Your own MENACE"}
"""How a record and the form name each of our players."""
_OPPONENT_NAMES = {**{level: level for level in LEVELS}, "menace": "MENACE", "network": "the network",
                   MY_MENACE: "your MENACE"}
"""How the score names each computer player: "You against hard", "You against your MENACE"."""
_INTRODUCTIONS = {
    "easy": "the computer (easy: it sees one move ahead)",
    "medium": "the computer (medium: it sees two moves ahead)",
    "hard": "the computer (hard: it plays the best moves it knows, but slips one move in five)",
    "perfect": "the computer (perfect: it never loses)",
    "master": "the computer (master: it proves wins by force and searches ahead as far as its time allows)",
    "menace": "MENACE (matchboxes of beads that learned by playing)",
    "network": "the network (it taught itself by playing against itself)",
    MY_MENACE: "your MENACE (it learns from every game it finishes here)",
}
"""How the line under the status introduces the opponent before a person's first
move, so that they know what they face."""


@dataclass(frozen=True)
class Roster:
    """Our own players and the external engines installed here (probed, at
    the app's start): who may play on each board, and what each is called.
    A value, so that a game carries it to the engine workers, where the
    words that name an engine are worked out too."""

    brains: tuple[Brain, ...] = ()

    @property
    def _by_name(self) -> dict[str, Brain]:
        return {brain.name: brain for brain in self.brains}

    def brain(self, player: str) -> Brain | None:
        """The installed engine a player is, if it is one."""
        return self._by_name.get(player)

    def engines_on(self, rules: Rules) -> tuple[Brain, ...]:
        """The installed engines that play rules' board under its rule."""
        return tuple(brain for brain in self.brains if brain.plays_on(rules))

    @property
    def player_names(self) -> Names:
        """How a record and the new-game form name each player: "Computer, hard", "Engine, Rapfi"."""
        return Names(_PLAYER_NAMES, _engine_player_name, self._by_name)

    @property
    def opponent_names(self) -> Names:
        """How the score and the status name a computer player: "hard", "your MENACE", "Rapfi"."""
        return Names(_OPPONENT_NAMES, _engine_title, self._by_name)

    @property
    def introductions(self) -> Names:
        """How the line under the status introduces an opponent before a person's first move."""
        return Names(_INTRODUCTIONS, _engine_introduction, self._by_name)

    def players_of(self, rules: Rules) -> tuple[str, ...]:
        """Who may play on a board: a person, the computer at one of its levels,
        the installed engines that play it, and on 3×3 the learners, this
        browser's own MENACE among them."""
        learners = learners_of(rules)
        return (HUMAN, *self.computers_of(rules), *learners, *((MY_MENACE,) if learners else ()))

    def computers_of(self, rules: Rules) -> tuple[str, ...]:
        """The computer's levels on a board, weakest first, then the external engines that play it."""
        return (*levels_of(rules), *(brain.name for brain in self.engines_on(rules)))

    def all_players(self) -> tuple[str, ...]:
        """Every player of some board, in the new-game form's order: ours, the installed engines after the levels."""
        engines = tuple(brain.name for brain in self.brains)
        return (*PLAYERS[:len(LEVELS) + 1], *engines, *PLAYERS[len(LEVELS) + 1:])

    def parse_player(self, raw: str | None, mark: str, rules: Rules = DEFAULT_BOARD) -> str:
        """The player named in a form field for mark on a board; absent means the
        default (you as X, the board's strongest level as O). A strongest level
        chosen for a board it does not play (perfect on 15×15) is that board's
        strongest (master), as the form offers it with JavaScript."""
        if raw is None:
            return default_players(rules)[mark]
        if raw not in self.all_players():
            raise InvalidInput(
                f"Unknown player {quoted(raw)} for {side_name(rules, mark)}; "
                f"choose one of: {', '.join(self.players_of(rules))}."
            )
        if raw in top_levels() and raw not in self.players_of(rules):
            return top_level(rules)  # "the strongest" stays so when the board changes, script or not
        if (brain := self.brain(raw)) is not None and not brain.plays_on(rules):
            raise InvalidInput(f"{brain.title} does not play the {rules.name} board; it plays "
                               f"{', '.join(sorted(brain.plays))}.")
        if raw not in self.players_of(rules):
            levels = levels_of(rules)
            learners = " the learners play on 3x3 only." if raw in (*LEARNERS, MY_MENACE) else ""
            raise InvalidInput(f"The {rules.name} board has the levels {', '.join(levels[:-1])} and "
                               f"{levels[-1]}, not {raw}{':' + learners if learners else '.'}")
        return raw

    def boards_played(self, player: str) -> str:
        """The boards a player plays, as the new-game form heads its group of
        players: "3×3, 4×4", "5×5 and up", or "" for a player of every board."""
        boards = list(BOARDS.values())
        where = [rules for rules in boards if player in self.players_of(rules)]
        if len(where) == len(boards):
            return ""
        if len(where) > 2 and where == boards[-len(where):]:
            return f"{where[0].size}×{where[0].size} and up"
        return ", ".join(f"{rules.size}×{rules.size}" for rules in where)

    def player_groups(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The players in the new-game form's order, grouped by the boards they
        play (see boards_played). A group's heading says where its players play,
        so that an option, all that a closed list shows, stays short enough for
        a narrow column."""
        return tuple((boards, tuple(players)) for boards, players in groupby(self.all_players(),
                                                                             key=self.boards_played))


OUR_PLAYERS = Roster()
"""Our own players alone, with no external engine: a game's roster until it is told of the installed ones."""


def default_players(rules: Rules) -> dict[str, str]:
    """You as X against the board's strongest level."""
    return {"X": HUMAN, "O": top_level(rules)}


def top_levels() -> tuple[str, ...]:
    """The strongest level of each board, each once: a new game against "the
    strongest" keeps being so when the board changes."""
    return tuple(dict.fromkeys(top_level(rules) for rules in BOARDS.values()))
