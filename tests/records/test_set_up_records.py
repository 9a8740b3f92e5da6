"""Games begun from stones set up by hand (the analysis board's), as records
and replays: the link carries the stones (x=, o=) and the moves played
after them; SGF writes them as setup (AB, AW, PL), read back by us and by
sgfmill, an SGF library of its own; PSQ and a list of moves cannot set
stones up, and say so; every bad link is a 404 saying what is wrong."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest
from sgfmill import sgf

from tests.records.test_records import random_game
from tests.support import Visitor
from webapp.engine import BOARDS, Position, cells_of, rules_offered
from webapp.shared.errors import InvalidInput
from webapp.shared.game_link import Result
from webapp.shared.record_files import Record, read_record, write_sgf, written
from webapp.shared.set_up import as_moves


def set_up_games(count: int = 6):
    """On every board and rule: the stones of a random game's first moves,
    set up (as a game holds them), then random moves played after them."""
    rng = random.Random(11)
    for board in BOARDS.values():
        for rule in rules_offered(board):
            rules = board.with_rule(rule)
            for _ in range(count):
                first = random_game(rules, rng, finish=False)[:rng.randint(1, rules.cells // 2)]
                position = Position.after(rules, first)
                if position.is_over or not first:
                    continue
                stones = as_moves(frozenset(cells_of(position.x)), frozenset(cells_of(position.o)))
                yield rules, stones, _played_after(rules, stones, rng)


def _played_after(rules, stones: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    position, moves = Position.after(rules, stones), []
    for _ in range(rng.randint(0, 6)):
        free = [cell for cell in cells_of(position.empty) if not position.why_not(cell)]
        if position.is_over or not free:
            break
        cell = rng.choice(free)
        position, moves = position.play(cell), [*moves, cell]
    return tuple(moves)


def sgfmill_point(rules, cell: int) -> tuple[int, int]:
    """A cell as sgfmill names it: (row counted from the bottom, column)."""
    row, column = divmod(cell, rules.size)
    return rules.size - 1 - row, column


def test_sgfmill_reads_the_stones_set_up_the_side_to_move_and_the_moves_after_them():
    for rules, stones, played in set_up_games():
        game = sgf.Sgf_game.from_bytes(write_sgf(Record(rules, (*stones, *played), set_up=len(stones))).encode())
        root = game.get_root()
        black, white, empty = root.get_setup_stones()
        assert black == {sgfmill_point(rules, cell) for cell in stones[::2]}, (rules.name, stones)
        assert white == {sgfmill_point(rules, cell) for cell in stones[1::2]} and not empty
        mover = Position.after(rules, stones).to_move
        assert root.get("PL") == ("b" if mover == "X" else "w")
        moves = [node.get_move() for node in game.get_main_sequence()[1:]]
        colours = "bw" if mover == "X" else "wb"
        assert moves == [(colours[index % 2], sgfmill_point(rules, cell)) for index, cell in enumerate(played)]


def test_a_set_up_game_round_trips_through_our_sgf():
    for rules, stones, played in set_up_games():
        record = Record(rules, (*stones, *played), Result("a", "b"), set_up=len(stones))
        assert read_record(write_sgf(record)) == record, (rules.name, stones, played)


def test_we_read_the_setup_sgfmill_writes():
    game = sgf.Sgf_game(size=15)
    root = game.get_root()
    root.set("GM", 4)
    root.set_setup_stones({(7, 7), (8, 8)}, {(9, 9)})  # h8 i9 black, j10 white: white to move
    game.extend_main_sequence().set_move("w", (0, 0))
    game.extend_main_sequence().set_move("b", (14, 0))
    record = read_record(game.serialise().decode())
    rules = BOARDS["15x15"]
    assert record.set_up == 3 and record.played == tuple(map(rules.parse_cell_name, ("a1", "a15")))
    assert Position.after(rules, record.moves[:3]) == Position(
        rules, sum(1 << rules.parse_cell_name(name) for name in ("h8", "i9")), 1 << rules.parse_cell_name("j10"))


@pytest.mark.parametrize("kind", ["psq", "txt"])
def test_psq_and_a_list_of_moves_say_they_cannot_set_stones_up(kind: str):
    rules = BOARDS["15x15"]
    record = Record(rules, (*as_moves(frozenset({112}), frozenset({113})), 0), set_up=2)
    with pytest.raises(InvalidInput, match="no way to write stones set up .*download this game as SGF"):
        written(record, kind)


# The routes

SET_UP = "x=h8-i9&o=j10"
"""Black's h8 and i9, white's j10 set up: white to move."""


def test_a_set_up_game_s_replay_shows_the_stones_as_set_up_and_steps_through_the_moves_played(visitor: Visitor):
    page = unescape(visitor.client.get(f"/replay/15x15/a1-a15?{SET_UP}&step=1").text)
    assert "Replay: step 1 of 2" in page and "White played a1." in page
    assert "The game began from a position set up by hand (3 stones)" in page
    assert re.findall(r"<li data-cell=\"\d+\"[^>]*>(?:<[^>]+>)*([^<]+)", page) == ["White: a1", "Black: a15"]
    assert 'aria-label="h8, black"' in page and 'aria-label="a1, white, last move"' in page
    start = unescape(visitor.client.get(f"/replay/15x15/a1-a15?{SET_UP}&step=0").text)
    assert "Replay: step 0 of 2" in start and "White to move." in start and 'class="reason"' not in start
    assert 'aria-label="j10, white"' in start and ", last move" not in start
    numbered = visitor.client.get(f"/replay/15x15/a1-a15?{SET_UP}").text
    assert '<a href="/replay/15x15/a1-a15?step=1&amp;x=i9-h8&amp;o=j10" id="step-previous"' in numbered


def test_a_set_up_game_s_replay_links_carry_its_stones_everywhere(visitor: Visitor):
    page = unescape(visitor.client.get(f"/replay/15x15/a1-a15?{SET_UP}&black=You&step=1").text)
    assert "/review/15x15/a1-a15?step=1&x=i9-h8&o=j10&black=You" in page
    assert '/record/sgf/15x15/a1-a15?x=i9-h8&o=j10&black=You" download>SGF</a>' in page
    assert "/record/psq/" not in page and "no PSQ or list of moves: they have no way to write stones set up" in page
    assert '<a href="/analysis/15x15?line=on&x=i9-h8&o=j10-a1">How does the computer see this?</a>' in page
    assert "/think/" not in page
    form = re.search(r'<form class="play-from-here".*?</form>', page, re.S).group(0)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))
    assert fields == {"board": "15x15", "rule": "freestyle", "set_x": "i9-h8", "set_o": "j10", "moves": "a1",
                      "x": "human"}
    visitor.post("/new", {**fields, "o": "easy"}, htmx=False)
    game = visitor.match().game
    assert game.set_up == 3 and game.played[0] == BOARDS["15x15"].parse_cell_name("a1")


def test_an_old_link_opens_unchanged(visitor: Visitor):
    page = visitor.client.get("/replay/7x7/d4-e5-c3?step=2").text
    assert "Replay: step 2 of 3" in page and "set up by hand" not in page
    assert '<input type="hidden" name="moves" value="d4-e5">' in page and 'name="set_x"' not in page
    assert '/record/psq/7x7/d4-e5-c3" download>PSQ</a>' in page


@pytest.mark.parametrize("query, why", [
    ("x=h8&o=h8", "h8 has both a black stone and a white stone."),
    ("x=h8-i9-j10&o=a2", "Here black has 3 stones and white 1 stone, which no side to move fits"),
    ("x=a1-b1-c1-d1-e1&o=a3-b3-c3-d3", "Black already has five in a row"),
    ("x=q1", "The black stones name “q1”"),
    ("x=h8&o=x", "The white stones name “x”"),
    ("x=h8-i9&o=j10&opening=swap2", "A game from a position set up by hand has no opening rule"),
])
def test_a_bad_set_up_in_a_link_is_404_saying_what_is_wrong(visitor: Visitor, query: str, why: str):
    for path in ("/replay/15x15/a1", "/review/15x15/a1", "/record/sgf/15x15/a1"):
        response = visitor.client.get(f"{path}?{query}")
        assert response.status_code == 404 and why in unescape(response.text), (path, query)


def test_a_move_on_a_stone_set_up_is_404_saying_so(visitor: Visitor):
    for path in ("/replay/15x15/a1-h8", "/review/15x15/a1-h8", "/record/sgf/15x15/a1-h8"):
        response = visitor.client.get(f"{path}?{SET_UP}")
        assert response.status_code == 404 and "Step 2 plays h8, which holds a stone set up." in response.text
    beyond = visitor.client.get(f"/replay/15x15/a1?{SET_UP}&step=2")
    assert beyond.status_code == 404 and "There is no step “2” in this game; its steps are 0 to 1." in beyond.text
    renju = visitor.client.get("/replay/15x15-renju/?x=i8&o=a1")
    assert renju.status_code == 404 and "Renju begins at the centre" in renju.text


def test_a_set_up_game_downloads_as_sgf_and_says_why_not_as_psq_or_moves(visitor: Visitor):
    answer = visitor.client.get(f"/record/sgf/15x15/a1-a15?{SET_UP}")
    assert answer.status_code == 200 and "AB[ig][hh]AW[jf]PL[W]" in answer.text and ";W[ao];B[aa]" in answer.text
    assert answer.headers["Content-Disposition"] == 'attachment; filename="15x15-set-up-a1-a15.sgf"'
    for kind in ("psq", "txt"):
        refused = visitor.client.get(f"/record/{kind}/15x15/a1-a15?{SET_UP}")
        assert refused.status_code == 404 and "no way to write stones set up" in unescape(refused.text)
        assert "download this game as SGF" in unescape(refused.text)


def test_a_set_up_sgf_opened_becomes_its_replay_link_and_back(visitor: Visitor):
    sgf_text = visitor.client.get(f"/record/sgf/15x15/a1-a15?{SET_UP}&resigned=O").text
    opened = visitor.client.post("/open", data={"text": sgf_text})
    assert opened.status_code == 303
    assert opened.headers["Location"] == "/replay/15x15/a1-a15?x=i9-h8&o=j10&resigned=O"
    replay = unescape(visitor.client.get(opened.headers["Location"]).text)
    assert "Black won by resignation." in replay and "(3 stones)" in replay
    refused = visitor.client.post("/open", data={"text": "(;GM[4]SZ[15]AB[hh]AW[hh])"})
    assert refused.status_code == 400 and "h8 has both a black stone and a white stone." in refused.text
