"""Every page's header links the main pages, and marks the one it is."""

from __future__ import annotations

import re

import pytest

from tests.support import Visitor

LINKS = [("/", "Play"), ("/lobby", "Lobby"), ("/puzzles", "Puzzles"), ("/games", "My games"),
         ("/analysis/", "Analysis board"), ("/open", "Open a record"), ("/lessons", "Learn"),
         ("/leaderboards", "Leaderboards"), ("/help", "How to play"),
         ("/signin", "Sign in")]


@pytest.mark.parametrize("path, current", [("/", "Play"), ("/puzzles", "Puzzles"), ("/games", "My games"),
                                           ("/analysis/15x15", "Analysis board"), ("/open", "Open a record"),
                                           ("/lessons", "Learn"), ("/learn", "Learn"), ("/help", "How to play"),
                                           ("/leaderboards", "Leaderboards"),
                                           ("/lobby", "Lobby"), ("/watch", "Lobby"), ("/think/3x3/", None),
                                           ("/review/3x3/0123", None)])
def test_each_page_links_the_main_pages_and_marks_its_own(visitor: Visitor, path: str, current: str | None):
    header = re.search(r"<header>(.*?)</header>", visitor.client.get(path).text, re.S).group(1)
    links = re.findall(r'<a href="([^"]*)"( aria-current="page")?>([^<]*)</a>', header.split("<nav", 1)[1])
    assert [(href, name) for href, _, name in links] == LINKS
    assert [name for _, marked, name in links if marked] == ([current] if current else [])


def test_an_error_page_links_the_main_pages_too(visitor: Visitor):
    response = visitor.client.get("/no-such-page")
    assert response.status_code == 404 and 'aria-label="Main pages"' in response.text
