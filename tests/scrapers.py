"""What a page says, read from its HTML, for the tests of every feature: the
status line, the refusal message, the board's cell buttons (any board), and
everything a person reads or hears on it (read_aloud)."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

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
    """The marks on the board's buttons, by cell (empty squares left out), as
    the game stores them ("X", "O"), read from their classes: the gomoku
    boards draw stones, not letters."""
    return {cell: mark for cell, classes, _, _, _ in buttons(html)
            for mark in ("X", "O") if f"mark-{mark.lower()}" in classes}


class _Reader(HTMLParser):
    """What a person reads of a page: its text outside scripts and styles,
    and the names and hints it gives readers (aria-label, title, alt,
    placeholder), each a separate piece."""

    NAMING = ("aria-label", "title", "alt", "placeholder")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.hidden += 1
        self.pieces.extend(value for name, value in attrs if name in self.NAMING and value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden and data.strip():
            self.pieces.append(" ".join(data.split()))


def read_aloud(html: str) -> list[str]:
    """The pieces of text a person reads or hears on a page (_Reader)."""
    reader = _Reader()
    reader.feed(html)
    return reader.pieces
