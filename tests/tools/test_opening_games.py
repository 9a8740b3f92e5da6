"""make opening-games on fewer games than its figures (docs/measurements.md):
games under each of renju's opening rules end, each level taking its steps,
with no black move the renju judge forbids, and the table counts them all."""

from __future__ import annotations

import pytest

from tools.opening_games import RULES, foul_in, opening_games, table
from webapp.engine import Opening
from webapp.shared.game_link import parse_opening

pytestmark = pytest.mark.long  # the opener's even opening is master's search: seconds, cold


def test_a_game_under_each_renju_rule_ends_keeps_its_zones_and_is_counted():
    played = opening_games("easy", "medium", ("rif", "soosorv-8", "taraguchi-10"), games=1, turn_ms=20, workers=1)
    assert [game.rule for game in played] == ["rif", "soosorv-8", "taraguchi-10"]
    for game in played:
        assert game.foul is None and game.opener == "easy"
        assert parse_opening(RULES, game.rule, game.moves) == game.rule, "its stones keep the rule's zones"
        assert len(game.moves) > Opening(game.rule).stones_put_down
    lines = table("easy", "medium", played)
    assert len(lines) == 5
    for line, game in zip(lines[2:], played):
        games, first, draws, second, black, fouls = map(int, line.split(" | ")[1:7])
        assert (games, fouls) == (1, 0) and first + draws + second == 1 and black == (game.colour == "X")
        assert first == (game.winner == "easy") and second == (game.winner == "medium")
    mirrored = table("easy", "easy", [game._replace(second="easy") for game in played])
    assert "| the first player wins | draws | the second player wins |" in mirrored[0]
    for line, game in zip(mirrored[2:], played):
        first, draws, second = map(int, line.split(" | ")[2:5])
        assert (first, draws, second) == (game.opener_won is True, game.opener_won is None, game.opener_won is False)


def test_a_black_move_the_judge_forbids_is_named():
    moves = tuple(map(RULES.parse_cell_name, "h8 a1 g8 a3 i9 a5 i10 a7 i8".split()))
    assert foul_in(moves) == "black's move 9, i8, is forbidden (double three)"
    assert foul_in(moves[:-1]) is None
