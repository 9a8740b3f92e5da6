"""Making a game for two players who have already met: in the lobby (a seek
accepted) or in quick pairing. Both seats are taken at once, so the game can
begin the moment either page opens it; who plays which colour, whether it is
rated and the accounts' names are decided by the caller. A rated game waits
for its first move from the moment it is made (endings.FIRST_MOVE_SECONDS),
as a game both have joined does: the caller schedules the server's abort
(aborts.schedule, web.schedule_abort), so that a stranger who never comes
cannot hold a rated game open."""

from __future__ import annotations

from dataclasses import dataclass, replace

from webapp.engine import Opening, Rules
from webapp.online.clock import TimeControl, now_or_clock
from webapp.online.shared_game import SharedGame, new_code, new_game_id
from webapp.online.store import GameStore


@dataclass(frozen=True)
class Seated:
    """One of the two players: their player id (the cookie's) and account name (None: anonymous)."""

    player: str
    name: str | None = None


def game_for_two(store: GameStore[SharedGame], rules: Rules, x: Seated, o: Seated, opening: Opening = Opening(),
                 control: TimeControl | None = None, rated: bool = False, now: float | None = None,
                 game_id: str | None = None) -> SharedGame:
    """A new game kept in store with x at X and o at O, both seated: the live
    game with its clock and offers, as an invitation makes it, without a
    free seat to wait on, its first move due from now if it is rated. A rated
    game needs both players signed in. game_id: the id chosen beforehand (quick
    pairing tells both players where to go before the game is made), or a new one."""
    if x.player == o.player:
        raise ValueError("a game for two needs two players")
    if rated and (x.name is None or o.name is None):
        raise ValueError("a rated game needs two accounts")
    if game_id is not None and store.get(game_id) is not None:
        raise ValueError("a game chosen beforehand is made once")
    while True:
        game = SharedGame.create(rules, "X", x.player, game_id or new_game_id(), new_code(), opening, control)
        game = replace(game, seats=(x.player, o.player), names=(x.name, o.name), rated=rated, strangers=True)
        game = game.with_first_move_due(now_or_clock(now))
        if store.create(game):
            return game  # (else its code, or a new id, was in use: draw another)
