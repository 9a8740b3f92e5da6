"""The refusals a request can meet. Each carries the HTTP status it is
answered with and a message fit to show a person; the app answers every one
of them the same way (see webapp.shared.web.refused), with the page unchanged."""

from __future__ import annotations


class Refusal(ValueError):
    """A request the app will not carry out; str() says why, to a person."""

    status = 400


class InvalidInput(Refusal):
    """The request is malformed: a missing, non-numeric or out-of-range cell,
    an unknown board or player, a level the board does not have."""

    status = 400


class Conflict(Refusal):
    """The request is well formed but does not fit the game as it stands: an
    occupied cell, a finished game, nothing to take back, or a board the person
    saw that is out of date."""

    status = 409


class Forbidden(Refusal):
    """The request comes from someone who may not do this (a spectator's move)."""

    status = 403
