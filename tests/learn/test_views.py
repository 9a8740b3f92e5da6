"""The learning runs' pages: a run started from a form and watched (its
page, and the fragment htmx asks for every second while it learns), its
bounds and bad input refused with a clear message, and the lesson."""

from __future__ import annotations

import re

import pytest
from flask import Flask

from tests.support import HTMX, Visitor
from webapp.learn.routes import RUNS_AT_ONCE
from webapp.learn.runs import CHUNKS
from webapp.learn.store import runs_at
from webapp.storage.where import Where

FORM = {"learner": "menace", "opponent": "perfect", "seed": "7", "games": "40"}


def started(visitor: Visitor, **change: str):
    return visitor.post("/learn/runs", {**FORM, **change}, htmx=False)


def from_address(app: Flask, address: str) -> Visitor:
    """A new browser, no cookies yet, whose requests the proxy in front says come from address."""
    client = app.test_client()
    client.environ_base["HTTP_X_FORWARDED_FOR"] = address
    return Visitor(client)


def under_way_on_the_site(app: Flask) -> int:
    return runs_at(Where(app.config["REDIS_URL"], app.instance_path)).under_way()


@pytest.mark.timeout(60)
def test_a_run_started_from_the_form_is_watched_to_the_end(visitor: Visitor):
    response = started(visitor)
    assert response.status_code == 303
    link = response.headers["Location"]
    assert re.fullmatch(r"/learn/runs/[A-Za-z0-9_-]+", link)
    page = visitor.client.get(link)
    assert page.status_code == 200 and "Finished: 40 games played" in page.text
    assert "MENACE against the perfect player, seed 7, 40 games" in page.text
    assert len(re.findall(r'<tr><th scope="row">', page.text)) == CHUNKS + 1
    assert "share kept</text>" in page.text and "games of training</text>" in page.text
    assert 'http-equiv="refresh"' not in page.text
    fragment = visitor.client.get(link, headers=HTMX)
    assert fragment.text.lstrip().startswith('<section id="run-') and "hx-trigger" not in fragment.text
    assert link in visitor.client.get("/learn").text, "the browser's runs are listed"


def test_a_run_under_way_asks_again_every_second_and_refreshes_without_javascript(queued_app: Flask):
    visitor = Visitor(queued_app.test_client())
    link = started(visitor).headers["Location"]
    page = visitor.client.get(link)
    assert "Learning: 0 of 40 games played" in page.text and "first chunk is waiting" in page.text
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in page.text
    fragment = visitor.client.get(link, headers=HTMX).text
    assert f'hx-get="{link}" hx-trigger="every 1s" hx-swap="outerHTML"' in fragment
    pending = queued_app.extensions["engines"].pages.pending()
    assert len(pending) == 1, "its first chunk queued once, however often it is looked at"


def test_one_run_at_a_time_for_a_browser_and_a_few_at_once_for_the_site(queued_app: Flask):
    first = from_address(queued_app, "198.51.100.1")
    started(first)
    again = started(first)
    assert again.status_code == 429 and "Your last run is still learning" in again.text
    assert again.headers["Retry-After"] == "30"
    for number in range(RUNS_AT_ONCE - 1):
        assert started(from_address(queued_app, f"198.51.100.{number + 2}")).status_code == 303
    refused = started(from_address(queued_app, "198.51.100.99"))
    assert refused.status_code == 429 and f"{RUNS_AT_ONCE} runs are learning on this site now" in refused.text
    assert refused.headers["Retry-After"] == "30"


def test_a_client_without_cookies_has_its_own_few_runs_and_others_theirs(queued_app: Flask):
    most = queued_app.config["LEARNING_RUNS_PER_CLIENT"]
    assert most == 2 < RUNS_AT_ONCE, "the default: below the site's bound, so one client cannot hold it all"
    for _ in range(most):  # a fresh browser each time: the per-browser bound, kept in the session, never sees them
        assert started(from_address(queued_app, "198.51.100.1")).status_code == 303
    refused = started(from_address(queued_app, "198.51.100.1"))
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "30"
    assert f"Your network has {most} runs learning now" in refused.text and "<html" in refused.text
    fragment = from_address(queued_app, "198.51.100.1").post("/learn/runs", FORM)
    assert fragment.status_code == 429 and "<html" not in fragment.text and "Your network has" in fragment.text
    assert under_way_on_the_site(queued_app) == most, "no run started for the refused ones"
    assert len(queued_app.extensions["engines"].pages.pending()) == most
    other = started(from_address(queued_app, "198.51.100.2"))
    assert other.status_code == 303, "another client still gets its run"
    assert under_way_on_the_site(queued_app) == most + 1


@pytest.mark.parametrize("change, says", [
    ({"learner": "teacher"}, "There is no learner"),
    ({"opponent": "mirror"}, "There is no opponent"),
    ({"seed": "seven"}, "A seed is a whole number from 0 to 999,999"),
    ({"games": "100000"}, "MENACE learns from 10 to 10,000 games in a run"),
])
def test_bad_settings_are_refused_with_what_is_wrong(visitor: Visitor, change: dict, says: str):
    response = started(visitor, **change)
    assert response.status_code == 400 and says in response.text


def test_a_run_that_is_not_kept_is_not_found(visitor: Visitor):
    assert visitor.client.get("/learn/runs/nothing-here").status_code == 404
    assert visitor.client.get("/learn/runs/" + "x" * 40).status_code == 404
    assert visitor.client.get("/learn/runs/a.b").status_code == 404


@pytest.mark.timeout(60)
def test_the_lesson_shows_the_baselines_and_the_run_started_from_it(visitor: Visitor):
    lesson = visitor.client.get("/lessons/learning")
    assert lesson.status_code == 200 and "Learning by playing" in lesson.text and "lesson 7 of 8" in lesson.text
    assert "0.558" in lesson.text and "0.802" in lesson.text and "0.561" in lesson.text
    assert 'name="from" value="lesson"' in lesson.text and "<section id=\"run-" not in lesson.text
    response = started(visitor, **{"from": "lesson", "learner": "network", "opponent": "itself", "games": "10"})
    assert response.status_code == 303 and response.headers["Location"] == "/lessons/learning#run"
    lesson = visitor.client.get("/lessons/learning")
    assert "The network against itself, seed 7, 10 games" in lesson.text and "Finished: 10 games played" in lesson.text
