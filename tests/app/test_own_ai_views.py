"""A Python function as an engine through the app: the examples of
docs/your-own-ai.md named in ENGINE_BRAINS as pbrain-python commands,
offered on the boards they answer START for (the minimax on 3×3 alone),
played against and against each other; and engines that cannot play (not a
program, hanging, talking nonsense) left out at start with a log line, the
site starting all the same."""

from __future__ import annotations

import logging
import os
import re

import pytest
from flask import Flask

from tests.brains import EXAMPLES, fake_brain, python_brain
from tests.support import Visitor
from tests.workers.test_pool import alive, wait_until
from webapp.app import create_app
from webapp.brains import external
from webapp.brains.external import stop_all


@pytest.fixture(scope="module")
def examples_app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    pbrain_python = python_brain(tmp_path_factory.mktemp("pbrain"))
    brains = {"minimax": f"{pbrain_python} {EXAMPLES}/minimax.py:choose",
              "ways": f"{pbrain_python} {EXAMPLES}/ways_to_win.py:choose"}
    app = create_app({"TESTING": True, "SECRET_KEY": "examples", "ENGINE_BUDGET_MS": 100,
                      "ENGINE_BRAINS": ",".join(f"{name}={command}" for name, command in brains.items())},
                     instance_path=tmp_path_factory.mktemp("instance"))
    yield app
    stop_all()


@pytest.fixture
def player(examples_app: Flask) -> Visitor:
    return Visitor(examples_app.test_client())


def levels_on(page: str, board: str) -> list[str]:
    """The players the new-game form offers on a board (its data-levels)."""
    return re.search(rf'<option value="{board}" data-levels="([^"]*)"', page).group(1).split()


def test_the_minimax_is_offered_on_three_by_three_alone(player: Visitor):
    page = player.open().text
    assert re.search(r'<optgroup label="3×3">\s*<option value="minimax">Engine, minimax.choose</option>', page)
    assert "minimax" in levels_on(page, "3x3")
    assert all("minimax" not in levels_on(page, board) for board in ("4x4", "5x5", "7x7", "15x15"))
    assert all("ways" in levels_on(page, board) for board in ("3x3", "4x4", "5x5", "7x7", "15x15"))


def test_a_person_plays_the_minimax(player: Visitor):
    assert player.post("/new", {"board": "3x3", "x": "human", "o": "minimax"}).status_code == 200
    response = player.move(4)
    assert response.status_code == 200
    assert player.stored()["moves"] == "40", "the centre, and its answer: the first corner"


def test_the_minimax_is_refused_where_it_does_not_play(player: Visitor):
    response = player.post("/new", {"board": "4x4", "x": "human", "o": "minimax"})
    assert response.status_code == 400
    assert "minimax.choose does not play the 4x4 board; it plays 3x3." in response.text


def test_the_heuristic_never_beats_the_minimax(player: Visitor):
    player.post("/new", {"board": "3x3", "x": "ways", "o": "minimax"})
    for ply in range(9):
        if player.post("/step", {"ply": str(ply)}).status_code != 200:
            break
    assert len(player.stored()["moves"]) >= 5, "a 3×3 game's moves are written one digit each"
    assert "X wins" not in player.open().text


def test_an_engine_that_cannot_play_is_left_out_and_the_site_starts(tmp_path, monkeypatch, caplog):
    words = tmp_path / "pbrain-words"
    words.write_text("These are words, not a program.\n")
    words.chmod(0o755)
    pids = tmp_path / "pids"
    pids.mkdir()
    spec = f"words={words},mute={fake_brain(tmp_path, 'mute', pids)},nonsense={fake_brain(tmp_path, 'nonsense')}"
    monkeypatch.setattr(external, "PROBE_SECONDS", 0.5)
    with caplog.at_level(logging.WARNING):
        app = create_app({"TESTING": True, "SECRET_KEY": "k", "ENGINE_BRAINS": spec}, instance_path=tmp_path)
    assert "Engine words is left out: asked whether it plays 3x3, it could not be" in caplog.text
    assert "Engine mute is left out: asked whether it plays 3x3, it did not answer within 0.5 s" in caplog.text
    assert "Engine nonsense is left out: asked whether it plays 3x3, it answered START 3 with" in caplog.text
    (pid,) = map(int, os.listdir(pids))
    assert wait_until(lambda: not alive(pid), 10), "the hanging engine was killed"
    page = Visitor(app.test_client()).open()
    assert page.status_code == 200
    assert not re.search(r'<option value="(words|mute|nonsense)"', page.text)


@pytest.mark.parametrize("spec, message", [
    ("words=/etc/passwd", "ENGINE_BRAINS: words's program “/etc/passwd” is not an executable file."),
    ("gone=pbrain-no-such-program x.py", "ENGINE_BRAINS: gone's program “pbrain-no-such-program” is not an "
                                         "executable file."),
    ("open=pbrain-python 'x.py", "ENGINE_BRAINS: open's command “pbrain-python 'x.py” cannot be read"),
])
def test_an_engine_whose_program_is_not_there_stops_the_app_at_start_saying_why(tmp_path, spec, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        create_app({"TESTING": True, "SECRET_KEY": "k", "ENGINE_BRAINS": spec}, instance_path=tmp_path)


def test_play_from_here_and_the_think_page_offer_the_minimax_on_three_by_three(player: Visitor):
    replay = player.client.get("/replay/40").text  # 3×3, the default board, is named by no prefix
    assert '<option value="minimax">Engine, minimax.choose</option>' in replay
    elsewhere = player.client.get("/replay/4x4/")
    assert elsewhere.status_code == 200 and "minimax" not in elsewhere.text
    response = player.post("/new", {"board": "3x3", "moves": "40", "x": "human", "o": "minimax"})
    assert response.status_code == 200 and player.stored()["moves"] == "40"
    think = player.client.get("/think/3x3/40").text
    assert "minimax.choose's move here" in think and "ways_to_win.choose's move here" in think
