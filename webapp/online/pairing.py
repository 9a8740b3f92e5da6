"""Making a game for two players who have already met: in the lobby (a seek
accepted) or, later, in quick pairing. Both seats are taken at once, so the
game can begin the moment either page opens it; who plays which colour,
whether it is rated and the accounts' names are decided by the caller."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from webapp.engine import Opening, Rules
from webapp.online.clock import TimeControl
from webapp.online.shared_game import SharedGame, new_code, new_game_id
from webapp.online.store import GameStore


@dataclass(frozen=True)
class Seated:
    """One of the two players: their player id (the cookie's) and account name (None: anonymous)."""

    player: str
    name: str | None = None


def game_for_two(store: GameStore, rules: Rules, x: Seated, o: Seated, opening: Opening = Opening(),
                 control: TimeControl | None = None, rated: bool = False) -> SharedGame:
    """A new game kept in store with x at X and o at O, both seated: the live
    game with its clock and offers, as an invitation makes it, without a
    free seat to wait on. A rated game needs both players signed in, and
    waits for its first move as a joined one does: the server aborts it if
    that does not come in time (endings.FIRST_MOVE_SECONDS; the caller
    schedules the job, as routes._schedule_abort does)."""
    if x.player == o.player:
        raise ValueError("a game for two needs two players")
    if rated and (x.name is None or o.name is None):
        raise ValueError("a rated game needs two accounts")
    while True:
        game = SharedGame.create(rules, "X", x.player, new_game_id(), new_code(), opening, control)
        game = replace(game, seats=(x.player, o.player), names=(x.name, o.name), rated=rated)
        game = game.with_first_move_due(time.time())
        if store.create(game):
            return game  # (else its code was in use: draw another)
