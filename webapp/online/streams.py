"""A game's live stream: every change to it, as server-sent events, each
carrying the page as this browser sees it then; a keep-alive comment when
quiet; and who is here (a player's first stream to open says they came, the
last to close that they left). The routes open it (routes.events); the Hub
wakes it when the game's log grows.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from flask import current_app, url_for

from webapp.online.hub import Hub
from webapp.online.shared_game import SharedGame
from webapp.online.store import Event, GameStore, Logged, change_if
from webapp.storage.errors import STORE_ERRORS

KEEP_ALIVE_SECONDS = 15.0
"""How often a quiet stream sends a comment, which keeps proxies from closing
it and refreshes the seat's presence."""
Page = Callable[[SharedGame, Event, "str | None"], str]
"""Draws the game's section as a player (or a spectator: None) sees it after an event."""


def stream(store: GameStore[SharedGame], hub: Hub, game_id: str, player: str | None, seat: str | None, after: int,
           page: Page) -> Iterator[str]:
    """Yield every event after `after`, each with the page as this browser
    sees it then; a keep-alive comment when quiet; until the stream's time is up
    (the page then reconnects, as after any drop). page draws what each
    message carries; a player's stream (at seat) says the player is here."""
    try:
        opened = store.open_stream(game_id, seat)
    except STORE_ERRORS:  # the page reconnects, as after any drop
        current_app.logger.warning("Game store failed opening a stream; the page will reconnect", exc_info=True)
        return
    client_left = False
    try:
        if seat:
            change_if(store, game_id, lambda game: game.arrive(seat) if seat in game.away else None)
        yield "retry: 1000\n\n"
        closes = time.monotonic() + current_app.config["STREAM_SECONDS"]
        refreshed = time.monotonic()
        while time.monotonic() < closes and not hub.stopping:
            missed = store.events_after(game_id, after)  # at once: those the page has not seen yet
            if missed:
                yield _messages(store, game_id, player, missed, page)
                after = missed[-1].number
            elif not hub.wait(game_id, after, min(KEEP_ALIVE_SECONDS, closes - time.monotonic())):
                yield ": keep-alive\n\n"
            if time.monotonic() - refreshed >= KEEP_ALIVE_SECONDS:  # a busy stream is here too
                store.refresh_stream(opened)
                refreshed = time.monotonic()
    except GeneratorExit:  # the page went away (closed, reloaded, lost its network)
        client_left = True
        raise
    except STORE_ERRORS:
        current_app.logger.warning("Game store failed during a stream; the page will reconnect", exc_info=True)
    finally:
        _close(store, game_id, opened, seat, client_left)


def _close(store: GameStore[SharedGame], game_id: str, stream: str, seat: str | None, client_left: bool) -> None:
    """Forget a stream; if its page went away and it was its seat's last,
    that player has left. (A stream the server ends, at its time or on a
    restart, is reopened by the page at once: nobody left.)"""
    try:
        store.close_stream(stream)
        if client_left and seat and seat not in store.seats_here(game_id):
            change_if(store, game_id, lambda game: game.leave(seat) if seat not in game.away else None)
    except STORE_ERRORS:
        pass  # the store is away: the stream's row fades by itself (PRESENCE_SECONDS)


def _messages(store: GameStore[SharedGame], game_id: str, player: str | None, logged: list[Logged], page: Page) -> str:
    """Server-sent events, one per change, each with its number as id. The
    last carries the page as this browser now sees it (the game as it stands
    after them all) and what happened, for its live region; those before it
    carry their number alone, so that a page that missed many is sent the
    page once. A rematch also sends the event that takes the page along."""
    game = store.get(game_id)
    if game is None:
        return ""  # the game expired meanwhile: nothing to show
    *before, last = logged
    html = page(game, last.event, player)
    lines = [f"id: {number}\n" for number, _ in before]
    lines.append("\n".join([f"id: {last.number}", *(f"data: {line}" for line in html.splitlines())]) + "\n")
    if game.rematch and any(event.kind == "rematch" for _, event in logged):
        lines.append(f"id: {last.number}\nevent: rematch\ndata: {url_for('online.show', game_id=game.rematch)}\n")
    return "\n".join(lines) + "\n"
