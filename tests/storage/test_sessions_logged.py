"""What the session store writes in the logs: a session's digest, never its id (the visitor's credential)."""

from __future__ import annotations

import logging

from webapp.storage.sessions import readable

SID = "Zq3xVbN0yK7mW2sLp9tR4uE8iO1aS6dF"


def unreadable() -> None:
    raise ValueError("not a session")


def test_unreadable_session_data_is_logged_without_the_session_id(caplog):
    """Whoever reads a session id in the logs could play that visitor's games:
    the warning names the session by a short digest, not by the id or a piece of it."""
    with caplog.at_level(logging.WARNING, logger="webapp.storage.sessions"):
        assert readable(unreadable, f"session:{SID}") is None
    assert "Unreadable session data" in caplog.text
    assert SID not in caplog.text and SID[:8] not in caplog.text and SID[-8:] not in caplog.text
