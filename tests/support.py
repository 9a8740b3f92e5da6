"""A test client that behaves like one visitor's browser: a cookie jar, htmx
or not, and the Fetch Metadata a browser sends with a form from the page."""

from __future__ import annotations

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from webapp.play.match import Match
from webapp.shared.players import Roster

HTMX = {"HX-Request": "true"}


class Visitor:
    """One visitor: posts forms the way the page's own forms would, with htmx
    or without, and as a browser says of them, from this site."""

    SAME_ORIGIN = {"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate"}

    def __init__(self, client: FlaskClient):
        self.client = client

    def open(self) -> TestResponse:
        return self.client.get("/")

    def post(self, path: str, data: dict[str, str], htmx: bool = True) -> TestResponse:
        headers = {**self.SAME_ORIGIN, **(HTMX if htmx else {})}
        return self.client.post(path, data=data, headers=headers)

    def move(self, cell: int | str, ply: int | str | None = None, htmx: bool = True) -> TestResponse:
        """Click a cell on the board as last seen (ply defaults to the stored game's, on any board)."""
        return self.post("/move", {"cell": str(cell), "ply": str(self.ply() if ply is None else ply)}, htmx)

    def ply(self) -> int:
        """How many marks the stored game has on its board."""
        return self.match().game.ply

    def match(self) -> Match:
        """The match in the session store, as the app reads it (with the app's external engines)."""
        with self.client.session_transaction() as session:
            return Match.kept_in(session, Roster(self.client.application.extensions["brains"]))

    def new(self, x: str | None = None, o: str | None = None, htmx: bool = True) -> TestResponse:
        data = {side: player for side, player in (("x", x), ("o", o)) if player is not None}
        return self.post("/new", data, htmx)

    def stored(self) -> dict[str, str]:
        """The game in the session store, as the app reads it (the default game if none)."""
        return self.match().game.to_session()


class Friend(Visitor):
    """A browser playing a shared game."""

    def invite(self, board: str = "3x3", side: str = "x") -> str:
        response = self.post("/online", {"board": board, "side": side}, htmx=False)
        assert response.status_code == 303
        return response.headers["Location"]

    def game(self, url: str):
        return self.client.get(url)

    def events(self, url: str, after: str | None = None, last_event_id: str | None = None) -> str:
        """The stream read to its end (the app's STREAM_SECONDS)."""
        headers = {"Last-Event-ID": last_event_id} if last_event_id else {}
        response = self.client.get(url + "/events" + (f"?after={after}" if after else ""), headers=headers)
        assert response.status_code == 200 and response.mimetype == "text/event-stream"
        with response:  # closed, as a server closes it: the stream's slot is given back
            return b"".join(response.response).decode()

    def events_then_close(self, url: str, after: str) -> str:
        """Open the stream, read its first message, then go away, as a closed tab does."""
        response = self.client.get(f"{url}/events?after={after}", buffered=False)
        chunks = iter(response.response)
        first = next(chunks).decode()
        response.close()
        return first
