"""What a page says, read from its HTML, for the tests of every feature: the
status line, the refusal message, and the board's cell buttons (any board)."""

from __future__ import annotations

import re
from html import unescape

CELL_BUTTON = re.compile(r'<button name="cell" value="(\d+)"(?: class="([^"]*)")? '
                         r'aria-label="([^"]*)"( disabled)?>(.*?)</button>', re.S)


def status(html: str) -> str:
    return unescape(re.search(r'<p id="status">([^<]*)</p>', html).group(1))


def message(html: str) -> str | None:
    found = re.search(r'<p class="message" role="alert">([^<]*)</p>', html)
    return found and unescape(found.group(1))


def buttons(html: str) -> list[tuple[int, set[str], str, bool, str]]:
    """The cell buttons, in order: number, classes, accessible name, enabled, contents."""
    return [(int(cell), set(classes.split()), unescape(label), not disabled, text)
            for cell, classes, label, disabled, text in CELL_BUTTON.findall(html)]


def marks(html: str) -> dict[int, str]:
    """The marks on the board's buttons, by cell (empty squares left out)."""
    return {cell: text for cell, _, _, _, text in buttons(html) if text in ("X", "O")}
