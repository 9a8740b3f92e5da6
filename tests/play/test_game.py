"""One match: moves, replies, refusals, status sentences and the stored form."""

from __future__ import annotations

import pickle
import random
import re

import pytest

from webapp.brains.external import Brain
from webapp.engine import BOARDS, DEFAULT_BOARD, Menace, Position, opponent
from webapp.play.computer import Computer
from webapp.play.game import Game, computer_words
from webapp.play.match import Match
from webapp.play.score import Score
from webapp.shared.coach import square_values
from webapp.shared.errors import Conflict, InvalidInput
from webapp.shared.forms import parse_board, parse_cell, parse_ply, parse_switch
from webapp.shared.game_link import parse_moves
from webapp.shared.players import OUR_PLAYERS, Roster
from webapp.shared.words import describe_cell

THREE = DEFAULT_BOARD


def dice(seed: int | str) -> Computer:
    """The computer, with its choices made by a seeded generator."""
    return Computer(random.Random(seed))


def test_a_new_game_waits_for_the_person_playing_x():
    game = Game.start("human", "perfect")
    assert game.moves == () and game.humans_turn
    assert game.status == "Your turn: you play X."
    assert game.computer_says == "Your opponent: the computer (perfect: it never loses)."


def test_the_computer_opens_when_it_plays_x():
    game = Game.start("perfect", "human", dice(1))
    assert game.ply == 1 and game.to_move == "O"
    assert game.status == "Your turn: you play O."
    assert game.computer_says == (f"Your opponent: the computer (perfect: it never loses). "
                                  f"It plays X and has played {describe_cell(THREE, game.moves[0])}.")


def test_the_computers_line_names_the_opponent_until_the_persons_first_move_then_gives_its_reasons():
    assert Game.start("human", "easy").computer_says == "Your opponent: the computer (easy: it sees one move ahead)."
    assert Game.start("human", "menace").computer_says == (
        "Your opponent: MENACE (matchboxes of beads that learned by playing).")
    after = Game.start("human", "perfect").play(4, seen_ply=0)
    assert after.status == "Your turn: you play X."
    assert after.computer_says == after.last_computer_reason and after.computer_says.startswith("I played ")
    assert Game.start("human", "human").computer_says is None and not Game.start("human", "human").computer_plays
    assert Game.start("easy", "perfect").computer_says is None  # two computers: the status names them


def test_a_move_gets_the_computers_reply_in_the_same_step():
    game = Game.start("human", "perfect").play(4, seen_ply=0)
    assert game.ply == 2 and game.board[4] == "X" and game.board.count("O") == 1


def test_two_people_take_turns_on_one_screen():
    game = Game.start("human", "human").play(0, 0).play(4, 1)
    assert game.board == "X...O...." and game.status == "X to move."


def test_two_computers_wait_to_be_stepped_one_move_at_a_time():
    game = Game.start("easy", "perfect", dice(2))
    assert game.moves == () and game.computers_to_step
    assert game.status == "Easy (X) against perfect (O): X to move."
    game = game.step(0, dice(2))
    assert game.ply == 1 and game.status == "Easy (X) against perfect (O): O to move."


@pytest.mark.parametrize("moves, seen, cell, message", [
    ((4, 0), 1, 8, "out of date"),
    ((4, 0), 2, 4, "Row 2, column 2 is taken"),
    ((4, 0), 2, 0, "Row 1, column 1 is taken"),
])
def test_a_move_that_does_not_fit_the_game_is_a_conflict(moves, seen, cell, message):
    game = Game.of("human", "perfect", moves)
    with pytest.raises(Conflict, match=message):
        game.play(cell, seen)


def test_no_move_after_the_game_ends():
    game = Game.of("human", "human", (0, 3, 1, 4, 2))
    assert game.is_over and game.winner == "X" and game.winning_line == (0, 1, 2)
    with pytest.raises(Conflict, match="This game is over"):
        game.play(8, 5)


def test_no_move_for_the_person_while_the_computer_is_to_move():
    with pytest.raises(Conflict, match="computer's turn"):
        Game.of("perfect", "perfect").play(0, 0)


@pytest.mark.parametrize("game, status", [
    (Game.of("human", "perfect", (0, 4, 1, 2, 6, 3, 5, 7, 8)), "A draw."),
    (Game.of("human", "perfect", (1, 4, 2, 0, 3, 8)), "The computer wins."),
    (Game.of("perfect", "human", (0, 3, 1, 4, 2)), "The computer wins."),
    (Game.of("human", "perfect", (0, 3, 1, 4, 2)), "You win!"),
    (Game.of("human", "human", (0, 3, 1, 4, 2)), "X wins!"),
    (Game.of("human", "human", (0, 4, 1, 2, 6, 3, 5, 7, 8)), "A draw."),
])
def test_the_status_line_says_how_the_game_ended(game, status):
    assert game.status == status


def test_cells_are_named_by_row_column_and_content():
    game = Game.of("human", "perfect", (2, 4))
    assert game.view().cells[0].label == "Row 1, column 1, empty"
    assert game.view().cells[2].label == "Row 1, column 3, X"
    assert game.view().cells[4].label == "Row 2, column 2, O, last move"


def test_only_empty_cells_on_a_persons_turn_can_be_played():
    game = Game.of("human", "perfect", (0, 4))
    assert [game.can_play(cell) for cell in range(9)] == [c not in (0, 4) for c in range(9)]
    assert not any(Game.of("human", "human", (0, 3, 1, 4, 2)).can_play(c) for c in range(9))


def test_the_stored_form_round_trips():
    game = Game.of("perfect", "human", (4, 0, 8))
    assert game.to_session() == {"board": "3x3", "x": "perfect", "o": "human", "moves": "408"}
    assert Game.from_session(game.to_session()) == game


@pytest.mark.parametrize("data", [
    None, "garbage", 42, {}, {"x": "human", "o": "perfect"},
    {"x": "human", "o": "wizard", "moves": ""},
    {"x": "human", "o": "perfect", "moves": "44"},
    {"x": "human", "o": "perfect", "moves": "4a"},
    {"x": "human", "o": "perfect", "moves": "0314258"},
    {"x": "human", "o": "perfect", "moves": None},
])
def test_unreadable_stored_data_gives_no_game(data):
    assert Game.from_session(data) is None


@pytest.mark.parametrize("raw, message", [
    ("44", "Step 2 plays square 4, which step 1 already took."),
    ("031428", "Step 6 comes after the game ended at step 5."),
    ("49", "Step 2 is “9”, not a square number from 0 to 8."),
    ("4a", "Step 2 is “a”, not a square number from 0 to 8."),
    ("4-", "Step 2 is “-”, not a square number from 0 to 8."),
    ("0123456780", "A game on the 3x3 board has at most 9 moves; this one has 10."),
])
def test_parse_moves_names_the_first_wrong_step(raw, message):
    with pytest.raises(InvalidInput, match=re.escape(message)):
        parse_moves(THREE, raw)


def test_parse_moves_reads_a_whole_game():
    assert parse_moves(THREE, "") == () and parse_moves(THREE, "408") == (4, 0, 8)
    assert parse_moves(THREE, "048176253") == (0, 4, 8, 1, 7, 6, 2, 5, 3)


@pytest.mark.parametrize("raw", ["0", "4", "8"])
def test_parse_cell_reads_a_cell(raw):
    assert parse_cell(raw) == int(raw)


@pytest.mark.parametrize("raw, message", [
    (None, "Choose a square"), ("", "Choose a square"),
    ("9", "not “9”"), ("-1", "not “-1”"), ("abc", "not “abc”"), (" 4", "not “ 4”"),
    ("²", "not “²”"), ("٣", "not “٣”"), ("4.0", "not “4.0”"), ("1" * 50, "not “" + "1" * 20 + "…”"),
])
def test_parse_cell_says_what_is_wrong(raw, message):
    with pytest.raises(InvalidInput, match=message):
        parse_cell(raw)


@pytest.mark.parametrize("raw", [None, "", "x", "10", "-1", "²"])
def test_parse_ply_refuses_a_malformed_ply(raw):
    with pytest.raises(InvalidInput):
        parse_ply(raw)


def test_parse_player_knows_the_players_and_defaults():
    assert OUR_PLAYERS.parse_player(None, "X") == "human" and OUR_PLAYERS.parse_player(None, "O") == "perfect"
    for player in OUR_PLAYERS.players_of(THREE):
        assert OUR_PLAYERS.parse_player(player, "O") == player
    for unknown in ("robot", "", "Perfect", "genius"):
        with pytest.raises(InvalidInput, match="Unknown player"):
            OUR_PLAYERS.parse_player(unknown, "X")


def finish(game: Game, computer: Computer) -> Game:
    """Play on to the end: people take the first empty square, computers step."""
    while not game.is_over:
        game = (game.play(game.board.index("."), game.ply, computer) if game.humans_turn
                else game.step(game.ply, computer))
    return game


@pytest.mark.parametrize("x", OUR_PLAYERS.players_of(THREE))
@pytest.mark.parametrize("o", OUR_PLAYERS.players_of(THREE))
def test_every_pairing_starts_and_finishes(x, o):
    rng = dice(3)
    game = Game.start(x, o, rng)
    assert game.ply == (1 if x != "human" and o == "human" else 0)
    finished = finish(game, rng)
    assert finished.is_over and finished.moves[:game.ply] == game.moves
    assert finished.status.endswith(("!", ".")) and "to move" not in finished.status


def test_cvc_status_names_the_winning_level():
    game = Game.of("easy", "hard", (0, 3, 1, 4, 8, 5))
    assert game.status == "Easy (X) against hard (O): Hard (O) wins."
    drawn = Game.of("perfect", "perfect", (0, 4, 8, 1, 7, 6, 2, 5, 3))
    assert drawn.status == "Perfect (X) against perfect (O): a draw."
    learners = Game.of("my-menace", "network", (0, 3, 1, 4, 2))
    assert learners.status == "Your MENACE (X) against the network (O): Your MENACE (X) wins."
    assert Game.of("menace", "easy", ()).status == "MENACE (X) against easy (O): X to move."


def test_a_step_is_only_for_two_computers_and_only_while_the_game_goes_on():
    with pytest.raises(Conflict, match="only moves by itself"):
        Game.of("human", "perfect").step(0)
    with pytest.raises(Conflict, match="This game is over"):
        Game.of("easy", "hard", (0, 3, 1, 4, 8, 5)).step(6)
    with pytest.raises(Conflict, match="out of date"):
        Game.of("easy", "hard").step(3)


def test_undo_takes_back_the_persons_move_and_the_reply():
    game = Game.start("human", "perfect").play(4, 0)
    assert game.undo(2) == Game.of("human", "perfect")
    as_o = Game.of("perfect", "human", (0, 4, 8))
    assert as_o.undo(3).moves == (0,)


def test_undo_after_the_person_ended_the_game_takes_back_that_move_only():
    won = Game.of("human", "easy", (0, 3, 1, 4, 2))
    assert won.is_over and won.undo(5).moves == (0, 3, 1, 4)


def test_undo_between_two_people_takes_back_one_move():
    assert Game.of("human", "human", (0, 4)).undo(2).moves == (0,)


@pytest.mark.parametrize("game", [Game.of("human", "perfect"), Game.of("perfect", "human", (4,)),
                                  Game.of("easy", "hard", (0, 1))])
def test_nothing_to_undo_is_a_conflict(game):
    assert not game.can_undo
    with pytest.raises(Conflict, match="no move to take back"):
        game.undo(game.ply)


def test_undo_refuses_a_stale_board():
    with pytest.raises(Conflict, match="out of date"):
        Game.of("human", "human", (0, 4)).undo(1)


def test_the_move_list_reads_as_words():
    assert Game.of("human", "human", (4, 2)).view().move_list == ["X: row 2, column 2", "O: row 1, column 3"]


def test_a_finished_game_counts_once_even_when_reloaded():
    match = Match(Game.of("human", "human", (0, 3, 1, 4))).play(2, 4)
    assert match.score.counts == {"friends/X": 1}
    reloaded = Match.from_session(match.to_session())
    assert reloaded == match
    assert reloaded.new_game("human", "human").score.counts == {"friends/X": 1}


def test_a_game_taken_back_from_its_end_stays_counted_and_the_new_game_from_there_counts_too():
    match = Match(Game.of("human", "easy", (0, 3, 1, 4))).play(2, 4)
    assert match.score.counts == {"easy/win": 1}
    undone = match.undo(5)
    assert undone.score.counts == {"easy/win": 1} and len(undone.history) == 1
    again = undone.play(2, 4)
    assert again.score.counts == {"easy/win": 2} and len(again.history) == 2


def test_the_score_keeps_each_level_and_two_player_games_apart():
    score = Score({"perfect/draw": 2, "perfect/loss": 1, "friends/O": 1})
    assert [(line.label, line.tallies) for line in score.lines(OUR_PLAYERS)] == [
        ("You against perfect", (("Wins", 0), ("Draws", 2), ("Losses", 1))),
        ("Two players", (("X wins", 0), ("O wins", 1), ("Draws", 0))),
    ]


def test_games_between_computers_are_not_scored():
    match = Match(Game.of("easy", "hard", (0, 3, 1, 4, 8))).step(5, dice(1))
    assert match.game.is_over and match.score.counts == {}


def test_reset_clears_the_score_and_the_finished_game_no_longer_counts():
    match = Match(Game.of("human", "easy", (0, 3, 1, 4))).play(2, 4).reset_score()
    assert match.score.counts == {}
    assert match.undo(5).score.counts == {}, "a take-back counts nothing"


@pytest.mark.parametrize("data", [
    {}, {"game": "junk", "score": "junk", "scored": "yes"},
    {"game": {"x": "human", "o": "perfect", "moves": "48"}, "score": {"perfect/win": -1}},
    {"score": {"perfect/win": 1.5}}, {"score": {3: 1}},
])
def test_an_unreadable_stored_match_starts_afresh_part_by_part(data):
    match = Match.from_session(data)
    assert match.score == Score()
    assert match.game in (Game.of(), Game.of("human", "perfect", (4, 8)))


def test_the_computer_says_why_it_played_its_last_move():
    game = Game.start("human", "perfect", dice(1)).play(4, 0)
    assert game.last_computer_reason == (f"I played {describe_cell(THREE, game.moves[1])}. "
                                         "This holds the draw, where the edges lose.")
    blocked = Game.of("human", "perfect", (0, 4)).play(1, 2)
    assert blocked.moves[-1] == 2
    assert blocked.last_computer_reason == (
        "I played row 1, column 3. I block your line: you would have completed it here.")


def test_no_reason_after_a_persons_move():
    assert Game.of("human", "human", (0, 4)).last_computer_reason is None
    assert Game.of("human", "easy", (0, 3, 1, 4, 2)).last_computer_reason is None
    assert Game.of("human", "perfect").last_computer_reason is None


def test_two_computers_each_give_a_reason():
    game = Game.start("medium", "hard").step(0, dice(1))
    assert game.last_computer_reason.startswith("X played ")
    assert game.step(1, dice(1)).last_computer_reason.startswith("O played ")


@pytest.mark.parametrize("x, o, expected", [
    ("human", "easy", "I played row 1, column 3. A slip: this lets you win, where row 1, column 2 holds the draw."),
    ("easy", "medium", "O played row 1, column 3. O's reason: A slip: this lets X win, where row 1, column 2 holds "
                       "the draw."),
    ("easy", "easy", "O played row 1, column 3. O's reason: A slip: this lets X win, where row 1, column 2 holds "
                     "the draw."),
])
def test_a_slip_is_said_to_you_only_where_you_play(x, o, expected):
    assert Game.of(x, o, (0, 4, 8, 2)).last_computer_reason == expected


@pytest.mark.parametrize("x", OUR_PLAYERS.players_of(THREE))
@pytest.mark.parametrize("o", OUR_PLAYERS.players_of(THREE))
def test_for_every_pairing_reasons_say_you_only_to_a_person(x: str, o: str):
    """In games of every pairing, each computer move's reason says "you" if a
    person plays the other side, and otherwise names that side."""
    rng = random.Random(f"{x} {o}")
    for _ in range(40):
        moves: list[int] = []
        while not Position.after(THREE, tuple(moves)).is_over:
            moves.append(rng.choice(Position.after(THREE, tuple(moves)).legal_moves()))
            game = Game.of(x, o, tuple(moves))
            mover, other = opponent(game.to_move), game.to_move
            said = game.last_computer_reason
            if game.player(mover) == "human":
                assert said is None
                continue
            words = re.sub(r"^(I|[XO]) played [^.]*\. ([XO]'s reason: )?", "", said)  # the reason alone
            addresses_you = re.search(r"\byou(r)?\b", words) is not None
            names_them = re.search(rf"\b{other}('s)?\b", words) is not None
            if game.player(other) == "human":
                assert not names_them, said
            else:
                assert not addresses_you, said
            assert addresses_you or names_them or not re.search(r"\b(you|your|X|O)\b", words), said


def test_with_the_coach_a_cells_name_includes_its_value():
    game = Game.of("human", "human", (0, 1))
    values = square_values(game.position)
    assert game.view().cells[4].label == "Row 2, column 2, empty"
    assert game.view(values).cells[4].label == "Row 2, column 2, empty, win in 3"
    assert game.view(values).cells[0].label == "Row 1, column 1, X"


def test_the_coach_is_kept_with_the_match():
    match = Match().with_coach(True)
    assert Match.from_session(match.to_session()).coach is True
    assert match.new_game("human", "easy").coach is True
    assert Match.from_session({"coach": "yes"}).coach is False


def test_a_game_can_start_from_a_position():
    game = Game.start("human", "perfect", dice(1), moves=(4, 0))
    assert game.moves == (4, 0) and game.humans_turn
    replied = Game.start("perfect", "human", dice(1), moves=(4, 0))
    assert replied.ply == 3 and replied.to_move == "O"
    with pytest.raises(Conflict, match="That game is over"):
        Game.start("human", "perfect", moves=(0, 3, 1, 4, 2))


def test_parse_switch():
    assert parse_switch("on") is True and parse_switch("off") is False
    for raw in (None, "", "yes", "ON"):
        with pytest.raises(InvalidInput, match="“on” or “off”"):
            parse_switch(raw)


# Boards beyond 3×3

QUICK = 20
"""ms: master's budget in these tests, so that whole games stay quick."""


@pytest.mark.parametrize("board", ["4x4", "5x5", "7x7", "15x15"])
def test_every_pairing_plays_out_on_every_board(board: str):
    rules = BOARDS[board]
    for x in OUR_PLAYERS.players_of(rules):
        for o in OUR_PLAYERS.players_of(rules):
            computer = Computer(random.Random(f"{board} {x} {o}"), QUICK)
            game = Game.start(x, o, computer, rules=rules)
            finished = finish(game, computer)
            assert finished.is_over and finished.rules == rules
            assert finished.status.endswith(("!", ".")) and "to move" not in finished.status


@pytest.mark.parametrize("board", ["4x4", "5x5", "7x7", "15x15"])
def test_the_status_says_who_won_in_one_short_line_and_the_board_shows_the_line(board: str):
    """Short enough for one line on a 320-pixel phone: the board below stays put."""
    rules = BOARDS[board]
    bottom = [rules.cells - rules.size + i for i in range(rules.k)]  # O's line
    scattered = [*range(rules.k - 1), 2 * rules.size]  # X's stones, in no line
    moves = tuple(cell for pair in zip(scattered, bottom) for cell in pair)
    lost = Game.of("human", OUR_PLAYERS.players_of(rules)[-1], moves, rules)
    assert lost.winner == "O" and lost.status == "The computer wins."
    assert set(lost.winning_line) == set(bottom)


def test_on_bigger_boards_moves_and_squares_are_named_as_players_write_them():
    rules = BOARDS["15x15"]
    game = Game.of("human", "master", (112, 113), rules)
    assert game.view().move_list == ["Black: h8", "White: i8"]
    assert game.view().cells[112].label == "h8, black" and game.view().cells[0].label == "a15, empty"
    assert game.notation == "h8-i8"
    with pytest.raises(Conflict, match="^h8 is taken; choose an empty square.$"):
        game.play(112, 2)


def test_a_game_on_a_bigger_board_is_stored_with_its_board():
    game = Game.of("human", "master", (112, 113), BOARDS["15x15"])
    assert game.to_session() == {"board": "15x15", "x": "human", "o": "master", "moves": "h8-i8"}
    assert Game.from_session(game.to_session()) == game
    assert Game.from_session({"x": "human", "o": "perfect", "moves": "4"}) is None, \
        "a game names its board (one stored before there were other boards was given 3×3 at start)"


@pytest.mark.parametrize("data", [
    {"board": "9x9", "x": "human", "o": "master", "moves": ""},
    {"board": "7x7", "x": "human", "o": "perfect", "moves": ""},
    {"board": "3x3", "x": "human", "o": "master", "moves": ""},
    {"board": "7x7", "x": "human", "o": "master", "moves": "d4-d4"},
    {"board": ["7x7"], "x": "human", "o": "master", "moves": ""},
])
def test_a_stored_game_that_does_not_fit_its_board_gives_no_game(data):
    assert Game.from_session(data) is None


@pytest.mark.parametrize("board, raw, message", [
    ("7x7", "d4-d4", "Step 2 plays d4, which step 1 already took."),
    ("7x7", "d4-h1", "Step 2 is “h1”, not a square of the 7x7 board (a1 to g7)."),
    ("7x7", "d4--e5", "Step 2 is “”, not a square of the 7x7 board (a1 to g7)."),
    ("7x7", "d4-", "Step 2 is “”, not a square of the 7x7 board (a1 to g7)."),
    ("5x5", "a1-a5-b1-b5-c1-c5-d1-d5-e1", "Step 8 comes after the game ended at step 7."),
    ("4x4", "-".join(["a1"] * 17), "A game on the 4x4 board has at most 16 moves; this one has 17."),
    ("15x15", "H8", "Step 1 is “H8”, not a square of the 15x15 board (a1 to o15)."),
])
def test_parse_moves_on_bigger_boards_names_the_first_wrong_step(board: str, raw: str, message: str):
    with pytest.raises(InvalidInput, match=re.escape(message)):
        parse_moves(BOARDS[board], raw)


def test_parse_moves_reads_a_game_on_a_bigger_board():
    assert parse_moves(BOARDS["15x15"], "h8-i9-a1") == (112, 98, 210)
    assert parse_moves(BOARDS["7x7"], "") == ()


def test_the_board_is_chosen_by_name_and_defaults_to_the_one_played_last():
    assert parse_board("7x7", THREE) == BOARDS["7x7"] and parse_board(None, BOARDS["5x5"]) == BOARDS["5x5"]
    for raw in ("", "7X7", "8x8", "3x3 "):
        with pytest.raises(InvalidInput, match="choose one of: 3x3, 4x4, 5x5, 7x7, 15x15"):
            parse_board(raw, THREE)


def test_players_are_the_levels_of_the_board():
    assert OUR_PLAYERS.parse_player(None, "O", BOARDS["7x7"]) == "master"
    assert OUR_PLAYERS.parse_player("master", "X", BOARDS["15x15"]) == "master"
    with pytest.raises(InvalidInput, match="The 5x5 board has the levels easy, medium, hard and master, not menace: "
                                           "the learners play on 3x3 only."):
        OUR_PLAYERS.parse_player("menace", "O", BOARDS["5x5"])


def test_the_strongest_level_stays_the_strongest_on_another_board():
    """Without the page's script the form keeps O = perfect when 15×15 is
    chosen: the board's own strongest level plays, not an error."""
    assert OUR_PLAYERS.parse_player("perfect", "O", BOARDS["15x15"]) == "master"
    assert OUR_PLAYERS.parse_player("master", "X", THREE) == "perfect"
    assert OUR_PLAYERS.parse_player("perfect", "O", BOARDS["4x4"]) == "perfect"


@pytest.mark.parametrize("raw, board, ok", [("224", "15x15", True), ("225", "15x15", False), ("48", "7x7", True),
                                            ("49", "7x7", False), ("012", "15x15", False), ("9", "3x3", False)])
def test_a_cell_is_a_number_on_its_board(raw: str, board: str, ok: bool):
    if ok:
        assert parse_cell(raw, BOARDS[board]) == int(raw)
    else:
        with pytest.raises(InvalidInput, match=f"A square is a number from 0 to {BOARDS[board].cells - 1}"):
            parse_cell(raw, BOARDS[board])


def test_a_ply_is_at_most_the_boards_cells():
    assert parse_ply("225", BOARDS["15x15"]) == 225
    for raw in ("226", "010", "1000"):
        with pytest.raises(InvalidInput):
            parse_ply(raw, BOARDS["15x15"])


def test_scores_are_kept_per_board_and_level():
    rules = BOARDS["7x7"]
    won = Match(Game.of("human", "easy", (0, 7, 1, 8, 2, 9, 3, 10), rules)).play(4, 8)
    assert won.score.counts == {"easy@7x7/win": 1}
    friends = Match(Game.of("human", "human", (0, 7, 1, 8, 2, 9, 3, 10), rules)).play(4, 8)
    score = Score({**won.score.counts, **friends.score.counts, "perfect/draw": 1})
    assert [line.label for line in score.lines(OUR_PLAYERS)] == ["You against perfect", "You against easy on 7×7",
                                                       "Two players on 7×7"]


def test_a_new_game_stays_on_the_board_last_played_unless_another_is_chosen():
    match = Match().new_game("human", "master", dice(1), rules=BOARDS["7x7"])
    assert match.game.rules == BOARDS["7x7"]
    assert match.new_game("human", "easy").game.rules == BOARDS["7x7"]
    assert match.new_game("human", "perfect", rules=THREE).game.rules == THREE


# Players that learn (3×3)

def finish_against(match: Match, opponent: str, seed: int) -> Match:
    """A new 3×3 game, you as X taking the first empty square, against opponent, played to the end."""
    computer = dice(seed)
    match = match.new_game("human", opponent, computer, rules=THREE)
    while not match.game.is_over:
        match = match.play(match.game.board.index("."), match.game.ply, computer)
    return match


def test_your_menace_learns_from_every_game_it_finishes_and_only_once():
    match = Match()
    assert match.my_menace == Menace() and match.learner_panel is None
    once = finish_against(match, "my-menace", 1)
    assert once.taught and once.my_menace.results in ("W", "D", "L") and once.my_menace.boxes
    session = {}
    once.keep_in(session)
    again = Match.kept_in(session)
    assert again.my_menace == once.my_menace and again.taught, "kept with the match, learned from once"
    twice = finish_against(once, "my-menace", 2)
    assert len(twice.my_menace.results) == 2
    assert Match().my_menace == Menace(), "another browser's MENACE knows nothing of it"


def test_your_menace_learns_from_a_game_between_two_computers_too():
    computer = dice(3)
    match = Match().new_game("my-menace", "perfect", computer)
    while not match.game.is_over:
        match = match.step(match.game.ply, computer)
    assert match.my_menace.results in ("L", "D") and match.score.counts == {}


def test_taking_back_a_finished_game_lets_it_learn_from_the_next_ending():
    match = finish_against(Match(), "my-menace", 4)
    undone = match.undo(match.game.ply)
    assert not undone.taught and undone.my_menace == match.my_menace, "what it learned stays learned"


def test_the_panel_shows_menaces_box_and_the_bead_it_drew():
    match = Match().new_game("human", "menace").play(4, 0, dice(5))
    panel = match.learner_panel
    assert panel.title == "The trained MENACE's box for its last move"
    assert [square.mark for square in panel.squares].count("X") == 1
    drawn = [index for index, square in enumerate(panel.squares) if square.drawn]
    assert drawn == [match.game.moves[1]] and panel.squares[drawn[0]].shown.isdigit()
    assert "It drew a bead for row " in panel.note


def test_the_panel_shows_the_networks_value_of_each_square():
    match = Match().new_game("human", "network").play(0, 0, dice(6))
    panel = match.learner_panel
    assert panel.title == "The network's values for its last move"
    values = [float(square.shown) for square in panel.squares if square.shown]
    assert len(values) == 8 and all(-1 <= value <= 1 for value in values)
    assert sum(square.drawn for square in panel.squares) == 1
    assert max(panel.squares, key=lambda square: square.shade).shade == 4


def test_resetting_your_menace_empties_its_boxes_and_refuses_an_empty_one():
    match = finish_against(Match(), "my-menace", 7)
    assert match.reset_my_menace().my_menace == Menace()
    with pytest.raises(Conflict, match="Your MENACE has not learned anything yet"):
        Match().reset_my_menace()


@pytest.mark.parametrize("data", [{"my_menace": "junk"}, {"my_menace": {"menace": 1, "boxes": {"X": [1]},
                                                                        "results": "W"}}])
def test_a_corrupt_menace_in_storage_starts_afresh(data):
    assert Match.kept_in(data).my_menace == Menace()


@pytest.mark.parametrize("player", ["menace", "network", "my-menace"])
def test_the_learners_play_on_3x3_only(player: str):
    with pytest.raises(InvalidInput, match="the learners play on 3x3 only"):
        OUR_PLAYERS.parse_player(player, "O", BOARDS["4x4"])
    assert OUR_PLAYERS.parse_player(player, "O", THREE) == player


def test_a_stored_resignation_is_kept_only_where_it_could_have_been_made():
    rules = BOARDS["7x7"]
    kept = Game.from_session({"board": "7x7", "x": "human", "o": "human", "moves": "d4", "resigned": "O"})
    assert kept.resigned == "O" and kept.winner == "X" and kept.is_over and not kept.played_out
    for moves, resigned in (("d4", "X"), ("", "O"), ("d4", "Z"), ("d4", ["O"])):
        game = Game.from_session({"board": "7x7", "x": "human", "o": "human", "moves": moves, "resigned": resigned})
        assert game.resigned is None and not game.is_over, (moves, resigned)
    assert Game.of("human", "master", (24, 25), rules).resign(2).to_session()["resigned"] == "X"


def test_a_game_brings_the_engines_installed_where_it_is_played_to_the_engine_workers():
    """A worker runs in another process and knows of no engine: the game's
    roster, pickled with it as a job's argument, names its engine there."""
    rapfi = Brain("rapfi", ("pbrain-rapfi",), plays=frozenset({"15x15"}), about='name="Rapfi", version="1"')
    rules = BOARDS["15x15"]
    game = Game.of("human", "rapfi", (112, 113), rules, stood_in="it hung", roster=Roster((rapfi,)))
    assert Game.from_session(game.to_session()) is None  # our players alone do not know it
    at_the_worker = pickle.loads(pickle.dumps(game))
    assert computer_words(at_the_worker).startswith("Rapfi failed (it hung), so master played this move in its place.")
    assert at_the_worker.players_words == "You (black) against Rapfi"
    assert Game.from_session(game.to_session(), Roster((rapfi,))) == game
