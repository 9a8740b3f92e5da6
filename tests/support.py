"""Helpers shared by tests and benchmarks: the game's positions, and a test
client that behaves like one visitor's browser (cookie jar, CSRF token from the page)."""

from __future__ import annotations

import re

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from webapp import engine
from webapp.game import Match

HTMX = {"HX-Request": "true"}


def reachable_positions() -> set[str]:
    """Every position that can arise from the empty board, finished ones included."""
    seen, frontier = {engine.EMPTY_BOARD}, [engine.EMPTY_BOARD]
    while frontier:
        board = frontier.pop()
        for cell in engine.legal_moves(board):
            child = engine.play(board, cell)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


class Visitor:
    """One visitor: opens the page for a CSRF token, then posts forms the way
    the page's own forms would, with htmx or without."""

    def __init__(self, client: FlaskClient):
        self.client = client
        self.token = ""

    def open(self) -> TestResponse:
        page = self.client.get("/")
        self.token = re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)
        return page

    def post(self, path: str, data: dict[str, str], htmx: bool = True) -> TestResponse:
        if not self.token:
            self.open()
        return self.client.post(path, data={"csrf_token": self.token, **data},
                                headers=HTMX if htmx else {})

    def move(self, cell: int | str, ply: int | str | None = None, htmx: bool = True) -> TestResponse:
        """Click a cell on the board as last seen (ply defaults to the stored one)."""
        seen = self.stored()["moves"] if ply is None else None
        return self.post("/move", {"cell": str(cell), "ply": str(len(seen) if ply is None else ply)}, htmx)

    def new(self, x: str | None = None, o: str | None = None, htmx: bool = True) -> TestResponse:
        data = {side: player for side, player in (("x", x), ("o", o)) if player is not None}
        return self.post("/new", data, htmx)

    def stored(self) -> dict[str, str]:
        """The game in the session store, as the app reads it (the default game if none)."""
        with self.client.session_transaction() as session:
            return Match.from_session(session).game.to_session()
