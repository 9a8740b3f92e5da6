"""make ladder: the Elo and SPRT arithmetic, the openings, and real games
through pbrain-kinrow, a broken brain's forfeit included."""

from __future__ import annotations

import io
import math
import stat

import pytest

from tools import ladder
from tools.elo import elo, elo_of, expected_score, sprt
from tools.openings import SWAP2_OPENINGS, first_moves, openings, position_of, renju_openings
from webapp.engine import BOARDS, Position
from webapp.engine.game.rules import transform
from webapp.engine.play import swap2
from webapp.shared.game_link import parse_moves


def test_elo_and_expected_score_are_inverse():
    assert elo_of(0.5) == 0
    assert elo_of(0.75) == pytest.approx(190.85, abs=0.01)  # 400 log10(3)
    for difference in (-400, -35, 0, 120, 800):
        assert elo_of(expected_score(difference)) == pytest.approx(difference)


def test_the_interval_holds_the_estimate_and_narrows_with_games():
    few, many = elo(6, 2, 4), elo(60, 20, 40)
    assert few.low < few.elo < few.high
    assert few.elo == pytest.approx(many.elo)
    assert few.high - few.low > 2 * (many.high - many.low)


def test_a_sweep_has_a_finite_lower_bound_that_grows_with_games():
    four, twenty = elo(4, 0, 0), elo(20, 0, 0)
    assert four.elo == twenty.elo == math.inf == four.high
    assert 0 < four.low < twenty.low < math.inf
    assert elo(0, 0, 4).high == pytest.approx(-four.low)


def test_sprt_accepts_h1_for_a_clearly_stronger_player_and_h0_for_an_equal_one():
    bounds = sprt(0, 0, 0, 0, 30)
    assert bounds.upper == pytest.approx(math.log(19)) and bounds.lower == pytest.approx(-math.log(19))
    assert sprt(80, 10, 10, 0, 30).verdict == "H1"
    assert sprt(300, 400, 300, 0, 30).verdict == "H0"
    assert sprt(6, 2, 4, 0, 30).verdict == "continue"
    assert sprt(6, 2, 4, 0, 30).llr == pytest.approx(-sprt(4, 2, 6, -30, 0).llr)  # the same test, mirrored
    with pytest.raises(ValueError):
        sprt(1, 1, 1, 30, 0)


@pytest.mark.parametrize("name, count", [("3x3", 3), ("5x5", 6), ("7x7", 10)])
def test_first_moves_are_one_square_of_each_kind(name, count):
    assert len(first_moves(BOARDS[name])) == count


@pytest.mark.parametrize("name", BOARDS)
def test_every_opening_is_legal_open_and_distinct(name):
    rules = BOARDS[name]
    seen = set()
    for opening in openings(rules):
        position, cells = position_of(rules, opening)
        assert not position.is_over and not position.winning_cells("X") and not position.winning_cells("O")
        assert len(cells) == position.ply
        seen.add(position)
    assert len(seen) == len(openings(rules))


def test_renju_gives_its_26_openings_each_once_whatever_the_symmetry():
    rules = BOARDS["15x15"]
    found = renju_openings(rules)
    assert openings(rules, "renju") == found and len(found) == 26
    assert [opening.split()[:2] for opening in found] == [["h8", "h9"]] * 13 + [["h8", "i9"]] * 13
    shapes = set()
    for opening in found:
        position, cells = position_of(rules, opening)
        assert not position.is_over and position.to_move == "O"
        row, column = divmod(cells[2], rules.size)
        assert max(abs(row - 7), abs(column - 7)) <= 2  # within two squares of the middle
        shapes.add(min((transform(position.x, image), transform(position.o, image)) for image in rules.symmetries))
    assert len(shapes) == 26  # no two alike under any symmetry of the board
    with pytest.raises(ValueError, match="15x15"):
        openings(BOARDS["7x7"], "renju")


@pytest.mark.parametrize("board", ["7x7", "15x15"])
def test_swap2_s_openings_are_its_openers_placements_each_once_whatever_the_symmetry(board):
    rules = BOARDS[board].with_rule("standard")
    found = openings(rules, "swap2")
    assert len(found) == SWAP2_OPENINGS
    assert found[0] == " ".join(map(rules.cell_name, swap2.opening(rules)))  # the computer's own, as opener
    shapes = set()
    for opening in found:
        position, cells = position_of(rules, opening)
        assert not position.is_over and position.to_move == "O" and cells[0] == rules.centre
        for cell in cells[1:]:
            row, column = divmod(cell, rules.size)
            assert max(abs(row - rules.size // 2), abs(column - rules.size // 2)) <= 2
        shapes.add(min((transform(position.x, image), transform(position.o, image)) for image in rules.symmetries))
    assert len(shapes) == SWAP2_OPENINGS
    for refused in (BOARDS["15x15"].with_rule("renju"), BOARDS["5x5"]):
        with pytest.raises(ValueError, match="swap2's openings"):
            openings(refused, "swap2")


@pytest.mark.parametrize("rule, kind", [("freestyle", "ladder"), ("standard", "swap2"), ("renju", "renju")])
def test_each_rule_s_games_start_as_its_players_open_unless_told(monkeypatch, rule, kind):
    asked = []
    monkeypatch.setattr(ladder, "run", lambda rules, *_, kind, **__: asked.append((rules.name, kind)))
    ladder.main(["master", "hard", "--rule", rule])
    ladder.main(["master", "hard", "--rule", rule, "--openings", "ladder"])
    assert asked == [(BOARDS["15x15"].with_rule(rule).name, kind), (BOARDS["15x15"].with_rule(rule).name, "ladder")]
    asked.clear()
    ladder.main(["--rule", rule])  # the default ladder: each level against the next, on each board the rule has
    boards = {"freestyle": ["5x5", "7x7", "15x15"], "standard": ["7x7", "15x15"], "renju": ["15x15"]}[rule]
    assert asked == [(BOARDS[board].with_rule(rule).name, kind) for board in boards for _ in range(3)]


def test_the_renju_openings_are_played_with_both_colours(capsys):
    games = list(ladder.schedule(BOARDS["15x15"], 52, "renju"))
    assert len(games) == 52 and {opening for opening, _ in games} == set(renju_openings(BOARDS["15x15"]))
    for bad in (["master", "hard", "--board", "7x7", "--openings", "renju"], ["--openings", "renju"]):
        with pytest.raises(SystemExit) as stopped:
            ladder.main(bad)
        assert stopped.value.code == 2
    assert "15x15" in capsys.readouterr().err


def test_a_brain_is_a_level_with_options_or_a_path():
    assert ladder.command_of("hard", 4)[1:] == ["--level", "hard", "--seed", "4"]
    assert ladder.command_of("master:nodes=700", 1)[-4:] == ["--nodes", "700", "--budget-ms", "3600000"]
    assert ladder.command_of("/opt/pbrain-x", 1) == ["/opt/pbrain-x"]
    for bad in ("grandmaster", "master:depth=3"):
        with pytest.raises(ValueError):
            ladder.command_of(bad, 1)


def test_a_brain_may_be_an_engine_installed_as_the_app_installs_it(monkeypatch):
    monkeypatch.setenv("ENGINE_BRAINS", "other=/bin/true")
    monkeypatch.setenv("ENGINE_BRAIN_OTHER", "timeout_turn=300 max_node=1000")
    assert ladder.command_of("other", 1) == ["/bin/true"]
    assert ladder.settings_of("other") == ["max_node 1000"]  # the ladder's own turn is told as timeout_turn
    assert ladder.settings_of("hard") == [] and ladder.command_of("hard", 1)[1:3] == ["--level", "hard"]
    monkeypatch.setenv("ENGINE_BRAINS", "other=/no/such/pbrain")
    assert ladder.command_of("hard", 1)[1:3] == ["--level", "hard"]  # read only when it names the brain
    with pytest.raises(ValueError, match="is not an executable file"):
        ladder.command_of("other", 1)


def test_every_opening_is_played_with_both_colours():
    rules = BOARDS["7x7"]
    games = list(ladder.schedule(rules, 2 * len(openings(rules)) + 1))
    assert games[:2] == [(openings(rules)[0], "X"), (openings(rules)[0], "O")]
    assert {opening for opening, _ in games} == set(openings(rules))
    assert games[-1] == (openings(rules)[0], "X")  # then round again


def test_a_brain_against_itself_is_counted_by_the_side_it_played():
    match = ladder.Match("master", "master")
    won_by_x = ladder.Game("h8 h9 f10", "master", "master", "X", (112, 97, 81, 96, 80, 95, 79, 94, 78), "a line")
    match.add(won_by_x, "X")
    match.add(won_by_x, "O")
    assert (match.wins, match.draws, match.losses) == (1, 0, 1)


def test_a_match_through_the_protocol():
    out = io.StringIO()
    match = ladder.run(BOARDS["5x5"], "master:nodes=2000", "easy", 4, turn_ms=60_000, out=out, links=True)
    assert match.tally.games == 4 and match.wins == 4  # master never loses to easy
    printed = out.getvalue()
    assert "master:nodes=2000 (X) – easy (O)  1-0" in printed
    assert "4 games, 4 wins, 0 draws, 0 losses; score 1.000; Elo +inf (95%: +" in printed
    links = [line.split()[0] for line in printed.splitlines() if line.strip().startswith("/replay/5x5/")]
    assert len(links) == 4
    for link in links:  # each replays its game to the win
        assert Position.after(BOARDS["5x5"], parse_moves(BOARDS["5x5"], link.rsplit("/", 1)[1])).winner


def test_the_sequential_test_stops_the_match_when_it_decides():
    out = io.StringIO()
    match = ladder.run(BOARDS["5x5"], "master:nodes=2000", "easy", 40, turn_ms=60_000, test=(-200, 0, 0.05, 0.05),
                       out=out)
    assert match.tally.games < 40
    assert "stronger by 0 Elo (H1)" in out.getvalue()


def test_a_brain_that_breaks_the_protocol_forfeits(tmp_path):
    broken = tmp_path / "pbrain-broken"
    broken.write_text("#!/bin/sh\nwhile read line; do\n  case \"$line\" in START*) echo OK;; INFO*) ;; "
                      "END*) exit 0;; *) echo banana;; esac\ndone\n")
    broken.chmod(broken.stat().st_mode | stat.S_IEXEC)
    game = ladder.play(BOARDS["7x7"], str(broken), "easy", "d4", turn_ms=1000, seed=1)
    assert game.winner == "O" and game.reason.startswith(f"{broken} (X) forfeits")
    game = ladder.play(BOARDS["7x7"], "easy", str(broken), "d4", turn_ms=1000, seed=1)
    assert game.winner == "X" and "forfeits: it answered “banana”, not a square" in game.reason


@pytest.mark.parametrize("kind, board", [("pro", "15x15"), ("long-pro", "15x15"), ("pro", "7x7")])
def test_pro_s_openings_keep_the_rule_s_zones_and_differ(kind, board):
    """Each pro (long pro) opening is three stones its rule accepts: black at
    the centre, white anywhere, black's second outside the central 5×5
    (7×7), read from the points' letters and numbers; no two alike."""
    rules = BOARDS[board]
    found = openings(rules, kind)
    assert len(set(found)) == len(found) == 6
    middle = rules.size // 2
    for opening in found:
        black, _, second = opening.split()
        assert black == rules.cell_name(rules.centre)
        column, row = "abcdefghijklmno".index(second[0]), rules.size - int(second[1:])
        assert max(abs(column - middle), abs(row - middle)) >= (4 if kind == "long-pro" else 3), opening
    with pytest.raises(ValueError):
        openings(BOARDS["7x7"], "long-pro")
