"""External engines through the app (ENGINE_BRAINS, REVIEW_ENGINE): offered
as levels on the boards and rules each plays, played against, a failing one
answered by master's move with a note, the think page's opinions, the
review's judge, and the configuration refused at start. The engines are our
own pbrain-kinrow and the fake brains, over the real protocol (the app's
workers inline: tests/workers/test_engine_faults.py runs them on real workers)."""

from __future__ import annotations

import logging
import re

import pytest
from flask import Flask

from tests.brains import KINROW, fake_brain
from tests.support import Visitor
from webapp.app import create_app
from webapp.brains.external import stop_all
from webapp.engine import BOARDS
from webapp.shared.game_link import parse_moves

GOMOKU = BOARDS["15x15"]


@pytest.fixture(scope="module")
def engines_app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    folder = tmp_path_factory.mktemp("brains")
    brains = {"kinrow": KINROW, "crash": fake_brain(folder, "crash"), "small": fake_brain(folder, "small"),
              "garbage": fake_brain(folder, "garbage"),
              "judge": fake_brain(folder, "judge:0/0/0/+M5/+M5/+M5/+M5")}
    app = create_app({"TESTING": True, "SECRET_KEY": "engines", "ENGINE_BUDGET_MS": 100,
                      "ENGINE_BRAINS": ",".join(f"{name}={path}" for name, path in brains.items()),
                      "ENGINE_BRAIN_SETTINGS": {"kinrow": "timeout_turn=300"}, "REVIEW_ENGINE": "judge"},
                     instance_path=tmp_path_factory.mktemp("instance"))
    yield app
    stop_all()


@pytest.fixture
def player(engines_app: Flask) -> Visitor:
    return Visitor(engines_app.test_client())


def test_the_new_game_form_offers_each_engine_on_the_boards_it_plays(player: Visitor):
    page = player.open().text
    assert '<option value="kinrow">Engine, kinrow</option>' in page
    assert re.search(r'<optgroup label="7×7">\s*<option value="small">Engine, fake-small</option>', page)
    assert re.search(r'</optgroup><option value="kinrow">', page), "kinrow plays every board: no group's heading"
    three = re.search(r'<option value="3x3" data-levels="([^"]*)"', page).group(1).split()
    assert "kinrow" in three and "small" not in three
    seven = re.search(r'<option value="7x7" data-levels="([^"]*)"', page).group(1).split()
    assert seven[-5:] == ["kinrow", "crash", "small", "garbage", "judge"]
    assert "small" not in re.search(r'<option value="15x15" data-levels="([^"]*)"', page).group(1)


def test_a_game_against_an_engine_gets_its_moves(player: Visitor):
    page = player.post("/new", {"board": "15x15", "x": "human", "o": "kinrow"})
    assert page.status_code == 200
    assert "Your opponent: kinrow (an engine installed here, played through the Gomocup protocol)." in page.text
    for _ in range(3):  # along the middle row, on the first square the engine has left empty
        taken = parse_moves(GOMOKU, player.stored()["moves"])
        assert player.move(next(cell for cell in range(105, 120) if cell not in taken)).status_code == 200
    stored = player.stored()
    assert stored["o"] == "kinrow" and len(stored["moves"].split("-")) == 6
    assert '<option value="kinrow" selected>Engine, kinrow</option>' in player.open().text


def test_an_engine_under_renju_and_the_standard_rule(player: Visitor):
    assert player.post("/new", {"board": "15x15", "rule": "renju", "x": "kinrow", "o": "human"}).status_code == 200
    assert player.stored()["moves"] == "h8" and player.stored()["board"] == "15x15-renju"  # renju: the centre first
    assert player.post("/new", {"board": "15x15", "rule": "standard", "x": "kinrow", "o": "human"}).status_code == 200
    stored = player.stored()
    assert stored["board"] == "15x15-standard" and stored["x"] == "kinrow" and len(stored["moves"].split("-")) == 1


def test_an_engine_asked_for_a_board_or_rule_it_does_not_play_is_refused(player: Visitor):
    before = player.stored()
    response = player.post("/new", {"board": "15x15", "x": "human", "o": "small"})
    assert response.status_code == 400
    assert "fake-small does not play the 15x15 board; it plays 7x7." in response.text
    assert player.stored() == before


def test_a_game_won_against_an_engine_counts_in_the_score(player: Visitor):
    player.post("/new", {"board": "7x7", "x": "human", "o": "small"})
    for cell in (7, 8, 9, 10, 11):  # the fake plays along the top row, a7 to d7; X makes five below it
        player.move(cell)
    assert player.stored()["moves"] == "a6-a7-b6-b7-c6-c7-d6-d7-e6"  # five in a row: X wins
    assert re.search(r"You against fake-small on 7×7.*?Wins.*?1", player.open().text, re.S)


def test_a_computer_against_an_engine_moves_one_step_at_a_time(player: Visitor):
    player.post("/new", {"board": "7x7", "x": "kinrow", "o": "master"})
    for ply in range(4):
        assert player.post("/step", {"ply": str(ply)}).status_code == 200
    assert len(player.stored()["moves"].split("-")) == 4


@pytest.mark.parametrize("engine, fault", [("crash", "it stopped (exit status 3)"),
                                           ("garbage", "it answered “I would rather not”, not a square")])
def test_an_engine_that_fails_gets_masters_move_in_its_place_with_a_note(player: Visitor, caplog, engine, fault):
    player.post("/new", {"board": "7x7", "x": "human", "o": engine})
    with caplog.at_level(logging.WARNING, logger="webapp.workers.jobs"):
        response = player.move(24)
    assert response.status_code == 200
    assert f"Fake-{engine} failed ({fault}), so master played this move in its place." in response.text
    assert len(player.stored()["moves"].split("-")) == 2, "one move, master's"
    assert f"Engine {engine} failed on /replay/7x7/d4: {fault}; master played instead" in caplog.text
    assert "so master played this move" in player.open().text, "the note stays with the game until the next move"


def test_the_think_page_shows_each_engines_move_and_what_it_says(player: Visitor):
    page = player.client.get("/think/7x7/d4-a7").text
    assert "kinrow's move here" in page and "fake-judge's move here" in page
    assert "It scores the position +0 for black: about 50 games in 100 for black." in page
    assert "fake-crash's move here" in page and "It failed: it stopped (exit status 3)." in page
    assert "fake-small's move here" in page
    small_board = player.client.get("/think/5x5/").text
    assert "kinrow's move here" in small_board and "fake-small's move here" not in small_board


def test_the_review_is_judged_by_the_engine_named_and_says_so(player: Visitor):
    page = player.client.get("/review/7x7/d4-a7-b7-a6").text
    assert "Moves judged by fake-judge, an engine installed here." in page
    # The judge proves O's win once three stones are down: X's b7 lost, and it was the judge's own choice.
    move_3 = player.client.get("/review/7x7/d4-a7-b7-a6?step=3").text
    assert "Mistake" in move_3 and "This move lost the game" in move_3
    assert "Moves judged by master" in player.client.get("/review/5x5/c3").text  # the judge plays 5×5: not k=5
    assert "judged exactly" in player.client.get("/review/3x3/4").text


def test_the_help_page_names_the_engines(player: Visitor):
    page = player.client.get("/help").text
    assert ("<strong>fake-small</strong>: an engine installed on this site, on 7x7. If it fails, master plays "
            "that move in its place, and the page says so.") in page
    assert '<a href="/engines/small/examination">Its examination</a>' in page  # the engine's line links its report


def test_each_app_offers_its_own_engines(player: Visitor, app: Flask):
    plain = Visitor(app.test_client()).open().text
    assert "kinrow" not in plain and "Engine, " not in plain
    assert "Engine, kinrow" in player.open().text


@pytest.mark.parametrize("config, message", [
    ({"ENGINE_BRAINS": "master=/bin/true"}, "the name “master” is taken"),
    ({"ENGINE_BRAINS": "my-menace=/bin/true"}, "the name “my-menace” is taken"),
    ({"ENGINE_BRAINS": "human=/bin/true"}, "the name “human” is taken"),
    ({"REVIEW_ENGINE": "rapfi"}, "REVIEW_ENGINE is master or an engine ENGINE_BRAINS names that plays, not “rapfi”"),
    ({"ENGINE_BRAINS": "true=/bin/true", "REVIEW_ENGINE": "true"}, "not “true”"),  # it plays nothing
])
def test_a_configuration_that_cannot_work_stops_the_app_at_start(tmp_path, config, message):
    with pytest.raises(ValueError, match=message):
        create_app({"TESTING": True, "SECRET_KEY": "k", **config}, instance_path=tmp_path)


def test_settings_come_from_the_environment_by_the_engines_name(tmp_path, monkeypatch):
    monkeypatch.setenv("ENGINE_BRAINS", f"my-kinrow={KINROW}")
    monkeypatch.setenv("ENGINE_BRAIN_MY_KINROW", "timeout_turn=200 max_memory=100000000")
    app = create_app({"TESTING": True, "SECRET_KEY": "k"}, instance_path=tmp_path)
    (brain,) = app.extensions["brains"]
    assert brain.settings == (("timeout_turn", "200"), ("max_memory", "100000000"))
    assert brain.plays
