"""The brain protocol, line by line: every command, every kind of bad input
(answered with ERROR or UNKNOWN, the game left as it was), the clock, and
perfect play on 3×3 through the protocol against every reply."""

from __future__ import annotations

import pytest

from webapp.brains.ours import protocol
from webapp.brains.ours.protocol import SAFETY_MS, Clock, OurBrain
from webapp.engine import BOARDS, Position, board_named
from webapp.engine.play import solved, swap2


def said(brain: OurBrain, *lines: str) -> list[str]:
    """Everything the brain answers to these lines, in order."""
    return [reply for line in lines for reply in brain.reply(line).lines]


def cell_of(answer: str, size: int) -> int:
    x, y = (int(part) for part in answer.split(","))
    assert 0 <= x < size and 0 <= y < size, answer
    return y * size + x


@pytest.mark.parametrize("rules", BOARDS.values(), ids=BOARDS)
def test_every_board_of_the_game_starts(rules):
    brain = OurBrain(max_nodes=300)
    assert said(brain, f"START {rules.size}") == ["OK"]
    (move,) = said(brain, "BEGIN")
    assert brain.position == Position(rules).play(cell_of(move, rules.size))


def test_start_builds_the_boards_tables_before_the_first_moves_clock_starts(monkeypatch):
    prepared = []
    monkeypatch.setattr(protocol, "prepare", prepared.append)
    assert said(OurBrain(), "START 15") == ["OK"]
    assert prepared == [BOARDS["15x15"]]


@pytest.mark.parametrize("argument", ["20", "6", "0", "-3", "fifteen", ""])
def test_a_board_it_does_not_play_is_an_error(argument):
    brain = OurBrain()
    (answer,) = said(brain, f"START {argument}")
    assert answer.startswith("ERROR ")
    assert brain.position is None
    assert said(brain, "BEGIN")[0].startswith("ERROR no game yet")


def test_a_level_the_board_lacks_is_refused_at_start():
    (answer,) = said(OurBrain(level="master"), "START 3")
    assert answer.startswith("ERROR ") and "perfect" in answer


@pytest.mark.parametrize("command", ["BEGIN", "TURN 1,1", "BOARD", "TAKEBACK 1,1", "RESTART"])
def test_a_game_command_before_start_is_an_error(command):
    (answer,) = said(OurBrain(), command)
    assert answer == "ERROR no game yet: send START with the board's size first"


@pytest.mark.parametrize("square, reason", [
    ("7,7", "already taken"), ("15,3", "off the 15x15 board"), ("3,15", "off the 15x15 board"),
    ("-1,3", "written x,y"), ("3", "written x,y"), ("a,b", "written x,y"), ("1,2,3", "written x,y"),
    ("", "written x,y"),
])
def test_a_bad_turn_is_an_error_and_changes_nothing(square, reason):
    brain = OurBrain(max_nodes=300)
    said(brain, "START 15", "TURN 7,7")
    before = brain.position
    (answer,) = said(brain, f"TURN {square}")
    assert answer.startswith("ERROR ") and reason in answer
    assert brain.position == before
    (move,) = said(brain, "TURN 0,0")  # and the game goes on
    assert brain.position.ply == before.ply + 2


def test_a_turn_that_ends_the_game_is_an_error():
    brain = OurBrain()
    said(brain, "START 3")
    brain.position = before = Position.from_text(BOARDS["3x3"], "XOXXOOOX.")  # X fills the board
    (answer,) = said(brain, "TURN 2,2")
    assert answer.startswith("ERROR after 2,2 the game is over")
    assert brain.position == before


def test_unknown_commands_are_unknown_and_empty_lines_ignored():
    brain = OurBrain()
    assert said(brain, "HELLO there") == ["UNKNOWN command “HELLO there”"]
    assert said(brain, "", "   ") == []
    assert said(brain, "RECTSTART 20,15")[0].startswith("UNKNOWN")


def test_commands_are_read_whatever_their_case_and_spacing():
    brain = OurBrain(max_nodes=300)
    assert said(brain, "start 7\r") == ["OK"]
    assert len(said(brain, "  turn 3,3  ")) == 1


def test_board_gives_the_position_and_the_brain_plays_the_side_to_move():
    brain = OurBrain(max_nodes=300)
    said(brain, "START 15")
    (move,) = said(brain, "BOARD", "7,7,2", "8,8,1", "9,9,2", "DONE")
    after = brain.position
    assert after.o == 1 << 8 * 15 + 8 | 1 << cell_of(move, 15)  # the brain is O: the other side began
    assert after.x == 1 << 7 * 15 + 7 | 1 << 9 * 15 + 9
    (move,) = said(brain, "BOARD", "7,7,1", "8,8,2", "DONE")
    assert brain.position.x == 1 << 7 * 15 + 7 | 1 << cell_of(move, 15)  # equal stones: the brain is X


def test_the_brain_completes_its_line():
    brain = OurBrain(max_nodes=300)
    said(brain, "START 15")
    stones = [f"{x},7,1" for x in range(3, 7)] + [f"{x},9,2" for x in range(3, 7)]
    assert said(brain, "BOARD", *stones, "DONE") in (["2,7"], ["7,7"])


@pytest.mark.parametrize("lines, reason", [
    (["7,7,1", "8,8,1"], "as many stones as the other side or one fewer"),
    (["7,7,2", "8,8,2"], "as many stones as the other side or one fewer"),
    (["7,7,1", "7,7,2"], "given twice"),
    (["7,7,3"], "x,y,1 or x,y,2"),
    (["7,7"], "x,y,1 or x,y,2"),
    (["16,7,1", "1,1,2"], "off the 15x15 board"),
    ([f"{x},0,2" for x in range(5)] + [f"{x},2,1" for x in range(4)], "over"),
])
def test_a_bad_board_is_an_error_and_changes_nothing(lines, reason):
    brain = OurBrain(max_nodes=300)
    said(brain, "START 15", "TURN 0,0")
    before = brain.position
    (answer,) = said(brain, "BOARD", *lines, "DONE")
    assert answer.startswith("ERROR ") and reason in answer, answer
    assert brain.position == before
    assert len(said(brain, "TURN 14,14")) == 1


def test_takeback_lifts_the_last_stones_only():
    brain = OurBrain(max_nodes=300)
    said(brain, "START 7")
    (mine,) = said(brain, "BEGIN")
    said(brain, "TURN 0,0")
    start = Position(BOARDS["7x7"]).play(cell_of(mine, 7))
    (last,) = [f"{c % 7},{c // 7}" for c in range(49) if brain.position.x >> c & 1 and not start.x >> c & 1]
    assert said(brain, "TAKEBACK 0,0")[0].startswith("ERROR 0,0 is not a stone of the side that moved last")
    assert said(brain, f"TAKEBACK {last}", "TAKEBACK 0,0") == ["OK", "OK"]
    assert brain.position == start
    assert said(brain, "TAKEBACK 0,0")[0].startswith("ERROR 0,0 is not a stone")  # already lifted


def test_restart_clears_the_board_and_keeps_its_size():
    brain = OurBrain(max_nodes=300)
    said(brain, "START 5", "BEGIN")
    assert said(brain, "RESTART") == ["OK"]
    assert brain.position == Position(BOARDS["5x5"])


def test_info_sets_the_clock_and_accepts_what_it_need_not_use():
    brain = OurBrain()
    assert said(brain, "INFO timeout_turn 2000", "INFO timeout_match 60000", "INFO time_left 30000",
                "INFO max_memory 83886080", "INFO game_type 1", "INFO rule 0", "INFO folder /tmp",
                "INFO something_new 3") == []
    assert brain.clock == Clock(turn=2000, match=60000, left=30000)


@pytest.mark.parametrize("line, reason", [
    ("INFO rule 2", "unsupported rule 2"), ("INFO rule 8", "unsupported rule 8"),
    ("INFO rule 5", "unsupported rule 5"), ("INFO timeout_turn soon", "milliseconds"),
])
def test_info_that_cannot_be_honoured_is_an_error(line, reason):
    (answer,) = said(OurBrain(), line)
    assert answer.startswith("ERROR ") and reason in answer


@pytest.mark.parametrize("clock, budget", [
    (Clock(), 500), (Clock(turn=300), 300 - SAFETY_MS), (Clock(turn=5000), 500),
    (Clock(turn=5000, match=100_000, left=5000), 5000 / 25 - SAFETY_MS), (Clock(turn=10), 1),
    (Clock(match=100_000, left=0), 500),
])
def test_the_clock_cuts_the_budget_to_the_limits(clock, budget):
    assert clock.budget_ms(500) == budget


def test_about_names_the_brain_and_its_boards():
    (answer,) = said(OurBrain(), "ABOUT")
    assert answer.startswith('name="kinrow", version=')
    assert "15x15 (5 in a row)" in answer and "5x5 (4 in a row)" in answer


def test_end_stops_the_brain():
    assert OurBrain().reply("END").done


def test_perfect_never_loses_on_3x3_through_the_protocol():
    """As X and as O, against every sequence of replies."""
    rules = BOARDS["3x3"]
    games = 0

    def answer_all(moves: list[str], brain_first: bool) -> None:
        nonlocal games
        brain = OurBrain()
        said(brain, "START 3")
        if brain_first:
            said(brain, "BEGIN")
        for move in moves:
            said(brain, f"TURN {move}")
        position = brain.position
        brain_mark = "X" if brain_first else "O"
        if position.is_over:
            assert position.winner in (None, brain_mark)
            games += 1
            return
        for cell in position.legal_moves():
            after = position.play(cell)
            if after.is_over:
                assert after.winner is None  # the other side never completes a line
                games += 1
                continue
            answer_all([*moves, f"{cell % 3},{cell // 3}"], brain_first)

    answer_all([], brain_first=True)
    answer_all([], brain_first=False)
    assert games > 100
    assert solved.is_solved(rules)


@pytest.mark.parametrize("number, rule", [(0, "freestyle"), (1, "standard"), (4, "renju")])
def test_info_rule_before_or_after_start_sets_the_game_s_rule(number, rule):
    before, after = OurBrain(max_nodes=300), OurBrain(max_nodes=300)
    assert said(before, f"INFO rule {number}", "START 15") == ["OK"]
    assert said(after, "START 15", f"INFO rule {number}") == ["OK"]
    assert before.position.rules.rule == after.position.rules.rule == rule


@pytest.mark.parametrize("lines", [["START 7", "INFO rule 4"], ["INFO rule 4", "START 7"], ["START 5", "INFO rule 1"]])
def test_a_rule_the_board_has_not_got_is_an_error_and_changes_nothing(lines):
    brain = OurBrain(max_nodes=300)
    answers = said(brain, *lines)
    assert any(answer.startswith("ERROR The ") and "board is played freestyle" in answer and "not “" in answer
               for answer in answers)
    assert brain.position is None or brain.position.rules.rule == "freestyle"


def test_under_renju_the_brain_refuses_black_s_forbidden_move_and_never_plays_one():
    """Black's h8 i8 j9 j10: j8 (9,7) would be a double three. As white, the
    brain refuses black's j8 and keeps the game; as black, to move there, it
    plays elsewhere."""
    renju = board_named("15x15-renju")
    black = sum(1 << renju.parse_cell_name(name) for name in ("h8", "i8", "j9", "j10"))
    white = sum(1 << renju.parse_cell_name(name) for name in ("a1", "a3", "a5", "a7"))
    brain = OurBrain(max_nodes=300)
    said(brain, "INFO rule 4", "START 15")
    brain.position = Position(renju, black, white)
    (answer,) = said(brain, "TURN 9,7")
    assert answer.startswith("ERROR ") and "forbidden to black" in answer
    assert brain.position == Position(renju, black, white)
    as_black = OurBrain(max_nodes=300)
    answers = said(as_black, "INFO rule 4", "START 15", "BOARD", "7,7,1", "0,14,2", "8,7,1", "0,12,2", "9,6,1",
                   "0,10,2", "9,5,1", "0,8,2", "DONE")
    assert answers[-1] != "9,7" and as_black.position.rules.rule == "renju"


def test_swap2board_the_brain_opens_chooses_and_puts_down_two_more():
    """SWAP2BOARD with no stones: the opening, three squares; with three: a
    move (white), SWAP (black) or two more, as swap2.choice says; with five:
    a move or SWAP. Each answer is the engine's own, asked directly."""
    brain = OurBrain(max_nodes=300)
    said(brain, "START 15")
    (opening,) = said(brain, "SWAP2BOARD", "DONE")
    squares = opening.split()
    assert len(squares) == 3 and brain.position.ply == 3
    rules = BOARDS["15x15"]
    cells = [cell_of(square, 15) for square in squares]
    assert tuple(cells) == swap2.opening(rules)  # the brain without a seed: the engine's first opening
    three = brain.position
    (answer,) = said(brain, "SWAP2BOARD", *squares, "DONE")
    expected = swap2.choice(three, may_place_two=True)
    if expected == "black":
        assert answer == "SWAP"
    elif expected == "two":
        assert len(answer.split()) == 2 and brain.position.ply == 5
    else:
        assert len(answer.split()) == 1 and brain.position.ply == 4
    five = Position(rules)
    for name in ("h8", "h9", "i9", "g7", "j10"):
        five = five.play(rules.parse_cell_name(name))
    (answer,) = said(brain, "SWAP2BOARD", "7,7", "7,6", "8,6", "6,8", "9,5", "DONE")
    assert (answer == "SWAP") is (swap2.choice(five, may_place_two=False) == "black")


@pytest.mark.parametrize("lines, reason", [
    (["SWAP2BOARD", "7,7", "DONE"], "0, 3 or 5 stones"),
    (["SWAP2BOARD", "7,7", "7,7", "8,8", "DONE"], "given twice"),
])
def test_a_swap2board_that_is_not_a_swap2_step_is_an_error(lines, reason):
    brain = OurBrain(max_nodes=300)
    said(brain, "START 15")
    (answer,) = said(brain, *lines)
    assert answer.startswith("ERROR ") and reason in answer


def test_swap2board_under_renju_or_on_a_small_board_is_an_error():
    for start in (["INFO rule 4", "START 15"], ["START 5"]):
        brain = OurBrain(max_nodes=300)
        said(brain, *start)
        (answer,) = said(brain, "SWAP2BOARD")
        assert answer.startswith("ERROR ") and "swap2 is played on 7×7 and 15×15" in answer
