"""Game records in and out (issue: gomoku as players play it, records).

Written records are read back exactly, on every board; the SGF ones are read
by sgfmill too, an SGF library of its own (and we read what it writes); every
bad input is refused with what is wrong and where, a 400 and nothing stored.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from sgfmill import sgf_grammar

from tests.support import Visitor
from webapp.engine import BOARDS, Position, cells_of, rules_offered
from webapp.shared.errors import InvalidInput
from webapp.shared.game_link import SGF_REASONS, Ending, Result
from webapp.shared.record_files import FORMATS, MOST_CHARACTERS, Record, read_record, write_psq, write_sgf, written


def random_game(rules, rng: random.Random, finish: bool) -> tuple[int, ...]:
    """Random legal moves, to the end of the game or stopped at random."""
    position, moves = Position(rules), []
    stop = rules.cells if finish else rng.randint(0, rules.cells)
    while not position.is_over and len(moves) < stop:
        cell = rng.choice(cells_of(position.empty))
        if position.why_not(cell):  # renju's first stone, or black's forbidden point: another
            continue
        position, moves = position.play(cell), [*moves, cell]
    return tuple(moves)


def games(count: int = 12):
    rng = random.Random(7)
    for board in BOARDS.values():
        for rule in rules_offered(board):
            rules = board.with_rule(rule)
            for number in range(count):
                yield rules, random_game(rules, rng, finish=number % 2 == 0)


@pytest.mark.parametrize("kind", FORMATS)
def test_every_record_written_reads_back_as_the_same_game_on_every_board(kind: str):
    for rules, moves in games():
        record = Record(rules, moves)
        assert read_record(written(record, kind), rules.board_name, rules.rule) == record, (rules.name, moves, kind)


def test_players_and_a_resignation_round_trip_in_sgf():
    rules = BOARDS["15x15"]
    record = Record(rules, (112, 113, 97), Result("You ] [x]", "Computer, master", Ending.RESIGNED, "O"))
    text = write_sgf(record)
    assert "RE[B+R]" in text and "PB[You \\] [x\\]]" in text
    assert read_record(text) == record


@pytest.mark.parametrize("written, result", [
    ("W+T", Result.of(Ending.TIMED_OUT, "X")), ("B+Time", Result.of(Ending.TIMED_OUT, "O")),
    ("W+Resign", Result.of(Ending.RESIGNED, "X")), ("B+R", Result.of(Ending.RESIGNED, "O")), ("B+", Result()),
    ("0", Result.of(Ending.DRAW_AGREED)), ("Draw", Result.of(Ending.DRAW_AGREED)),
    ("B+F", Result.of(Ending.FORFEITED, "O")), ("W+Forfeit", Result.of(Ending.FORFEITED, "X")),
    ("Void", Result()),
])
def test_a_win_on_time_or_by_resignation_or_an_agreed_draw_is_read_from_sgf(written, result):
    record = read_record(f"(;GM[4]SZ[15]RE[{written}];B[hh];W[hg];B[ii])")
    assert record.result == result
    if result.loser:
        assert f"RE[{'B' if result.loser == 'O' else 'W'}+{SGF_REASONS[result.how]}]" in write_sgf(record)


def test_a_resignation_after_the_game_ended_on_the_board_is_left_to_the_board():
    five = ";".join(f"B[{column}h];W[{column}i]" for column in "abcd") + ";B[eh]"
    record = read_record(f"(;GM[4]SZ[15]RE[W+R];{five})")
    assert record.result == Result() and "RE[B+]" in write_sgf(record)


@pytest.mark.parametrize("opening", ["swap2", "swap2-two"])
def test_a_swap2_opening_round_trips_in_sgf_as_its_opening(opening: str):
    for rule in ("freestyle", "standard"):
        record = Record(BOARDS["15x15"].with_rule(rule), (112, 97, 82, 113, 127, 96), Result("a", "b"), opening)
        text = write_sgf(record)
        assert f"ON[{opening}]" in text and read_record(text) == record


def test_another_program_s_opening_is_read_past_and_swap2_under_renju_refused():
    moves = ";B[hh];W[hg];B[ii]"
    assert read_record(f"(;GM[4]SZ[15]RU[standard]ON[Kagetsu]{moves})").opening is None
    with pytest.raises(InvalidInput, match="The 15x15-renju board has no swap2 opening"):
        read_record(f"(;GM[4]SZ[15]RU[renju]ON[swap2]{moves})")
    with pytest.raises(InvalidInput, match="The swap2-two opening puts down 5 stones; this game has 3."):
        read_record(f"(;GM[4]SZ[15]ON[swap2-two]{moves})")


def test_sgfmill_reads_our_sgf_move_for_move():
    for rules, moves in games(6):
        tree = sgf_grammar.parse_sgf_game(write_sgf(Record(rules, moves, Result("a", "b"))).encode())
        nodes = list(sgf_grammar.main_sequence_iter(tree))
        root = nodes[0]
        assert root["GM"] == [b"4"] and root["SZ"] == [str(rules.size).encode()] and root["PB"] == [b"a"]
        seen = [(colour, node[colour][0].decode()) for node in nodes[1:] for colour in ("B", "W") if colour in node]
        expected = [("BW"[index % 2], "abcdefghijklmno"[cell % rules.size] + "abcdefghijklmno"[cell // rules.size])
                    for index, cell in enumerate(moves)]
        assert seen == expected, (rules.name, moves)


def test_we_read_what_sgfmill_writes_with_comments_variations_and_escapes():
    tree = sgf_grammar.Coarse_game_tree()
    tree.sequence = [{"FF": [b"4"], "GM": [b"4"], "SZ": [b"7"], "PB": [sgf_grammar.escape_text(b"Ann ] B")]},
                     {"B": [b"dd"], "C": [sgf_grammar.escape_text(b"a comment ] with (brackets); and ;")]},
                     {"W": [b"ee"]}]
    variation = sgf_grammar.Coarse_game_tree()
    variation.sequence, variation.children = [{"B": [b"cc"]}], []
    other = sgf_grammar.Coarse_game_tree()
    other.sequence, other.children = [{"B": [b"aa"]}, {"W": [b"bb"]}], []
    tree.children = [variation, other]
    record = read_record(sgf_grammar.serialise_game_tree(tree).decode())
    rules = BOARDS["7x7"]
    assert record.result.black == "Ann ] B"
    assert record.moves == tuple(map(rules.parse_cell_name, ("d4", "e3", "c5")))  # the first variation


def test_psq_as_the_gomocup_manager_writes_it_with_its_trailing_lines():
    text = "Piskvorky 15x15, 11:11, 0\n8,8,1020\n9,8,980\n7,7,1500\npbrain-one.exe\npbrain-two.exe\n-1\n"
    rules = BOARDS["15x15"]
    assert read_record(text).moves == tuple(map(rules.parse_cell_name, ("h8", "i8", "g9")))
    assert write_psq(Record(rules, (112, 113))) == "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,8,0\n"


@pytest.mark.parametrize("text, board, why", [
    ("hello there", "15x15", "This is not a record"),
    ("h8 i9 zz g7", "15x15", "(from “zzg7” on)"),
    ("", "15x15", "The record is empty"),
    ("x" * 70_000, "15x15", "a record of a game here has at most 65,536"),
    ("(;FF[4]GM[4]SZ[15];B[hh];W[hh])", None, "Step 2 plays h8, which step 1 already took."),
    ("(;FF[4]GM[4]SZ[7];B[aa];W[ag];B[ba];W[bg];B[ca];W[cg];B[da];W[dg];B[ea];W[eg])", None,
     "Step 10 comes after the game ended at step 9."),
    ("(;FF[4]GM[4]SZ[19];B[jj])", None, "The board's size (SZ: “19”) is not one played here"),
    ("(;FF[4]GM[1]SZ[15];B[hh])", None, "a gomoku record has GM[4]"),
    ("(;FF[4]GM[4]SZ[15];B[hh];B[ii])", None, "Move 2 is B's, but W is to play"),
    ("(;FF[4]GM[4]SZ[15]AB[hh][ii];W[jj])", None, "are not a position a game here reaches. Black moves first, then "
                                                   "the sides take turns"),
    ("(;FF[4]GM[4]SZ[15]AB[hh]PL[B];W[jj])", None, "PL[B] to play, but the counts of stones put white to move, and a "
                                                   "game here never begins with a pass."),
    ("(;FF[4]GM[4]SZ[15]AB[hh]AW[hh];W[jj])", None, "h8 has both a black stone and a white stone."),
    ("(;FF[4]GM[4]SZ[15]AB[hh]AW[ii];B[ii])", None, "Step 1 plays i7, which holds a stone set up."),
    ("(;FF[4]GM[4]SZ[15]AB[hh]AW[ii];W[jj])", None, "Move 1 is W's, but B is to play: the colours must take turns, "
                                                   "the side to move after the stones set up first."),
    ("(;FF[4]GM[4]SZ[15]AB[hz])", None, "A stone set up (AB), “hz”, is not a point of the 15x15 board"),
    ("(;FF[4]GM[4]SZ[15];B[hh];AB[ii])", None, "The record sets stones up in its node 3 (AB[…]); a game here is set "
                                               "up, if at all, before its first move"),
    ("(;FF[4]GM[4]SZ[15]AE[hh];B[hh])", None, "The record takes stones away (AE[…])"),
    ("(;FF[4]GM[4]SZ[15]RU[renju]AB[ii]AW[aa];B[hh])", None, "Renju begins at the centre"),
    ("(;FF[4]GM[4]SZ[15]AB[hh]AW[ii]ON[swap2];B[jj])", None,
     "A game from a position set up by hand has no opening rule"),
    ("(;FF[4]GM[4]SZ[15]RU[swap2];B[hh])", None, "the rule “swap2”; the 15x15 board here is played freestyle, "
                                                  "standard or renju"),
    ("(;FF[4]GM[4]SZ[7]RU[renju];B[dd])", None, "The 7x7 board is played freestyle or standard, not “renju”."),
    ("(;FF[4]GM[4]SZ[15]RU[renju];B[hh];W[ao];B[ih];W[am];B[jg];W[ak];B[jf];W[ai];B[jh])", None,
     "Step 9: j8 is forbidden to black under renju (a double three)."),
    ("(;FF[4]GM[4]SZ[15]RU[renju];B[aa])", None, "Step 1: Renju begins at the centre"),
    ("(;FF[4]GM[4]SZ[15];B[hz])", None, "Move 1, “hz”, is not a point of the 15x15 board"),
    ("(;FF[4]GM[4]SZ[15];B[hh]", None, None),  # an unclosed game still reads: its moves are all there
    ("(;FF[4]GM[4]SZ[15];B[hh]))", None, "closes more ( than it opens"),
    ("(;FF[4]GM[4]SZ[15]; B[hh] !!)", None, "cannot be read at character"),
    ("Piskvorky 15x15, 11:11, 0\n16,8,0\n", None, "Line 2, “16,8,0”, is off the 15x15 board"),
    ("Piskvorky 20x20, 11:11, 0\n10,10,0\n", None, "The board's size (the header: “20”) is not one played here"),
    ("Piskvorky 15x10, 11:11, 0\n", None, "is not a PSQ header"),
    ("h8i9g7", None, "choose the board it was played on"),
    ("h8i9p7", "15x15", "Step 3 is “p7”, not a square of the 15x15 board"),
])
def test_a_bad_record_says_what_is_wrong_and_where(text: str, board: str | None, why: str | None):
    if why is None:
        assert read_record(text).moves == (112,)
        return
    with pytest.raises(InvalidInput) as refused:
        read_record(text, board)
    assert why in str(refused.value)


# The routes

def test_a_game_downloads_in_each_format_with_its_name(visitor: Visitor):
    answer = visitor.client.get("/record/sgf/15x15/h8-i9?black=You&white=Computer%2C%20master&resigned=O")
    assert answer.status_code == 200 and answer.content_type == "application/x-go-sgf; charset=utf-8"
    assert answer.headers["Content-Disposition"] == 'attachment; filename="15x15-h8-i9.sgf"'
    assert "PB[You]PW[Computer, master]RE[B+R]" in answer.text
    assert visitor.client.get("/record/psq/3x3/408").text == "Piskvorky 3x3, 11:11, 0\n2,2,0\n1,1,0\n3,3,0\n"
    assert visitor.client.get("/record/txt/7x7/").text == "\n"
    for bad in ("/record/pdf/15x15/h8", "/record/sgf/9x9/e5", "/record/sgf/15x15/h8-h8"):
        assert visitor.client.get(bad).status_code == 404, bad


def test_a_record_pasted_or_uploaded_opens_as_its_replay(visitor: Visitor):
    pasted = visitor.client.post("/open", data={"text": "(;GM[4]SZ[15];B[hh];W[ig])"})
    assert pasted.status_code == 303 and pasted.headers["Location"] == "/replay/15x15/h8-i9"
    upload = {"file": (io.BytesIO(b"Piskvorky 7x7, 11:11, 0\r\n4,4,0\r\n"), "game.psq"), "text": ""}
    uploaded = visitor.client.post("/open", data=upload, content_type="multipart/form-data")
    assert uploaded.status_code == 303 and uploaded.headers["Location"] == "/replay/7x7/d4"
    moves = visitor.client.post("/open", data={"text": "e3 d4", "board": "5x5"})
    assert moves.headers["Location"] == "/replay/5x5/e3-d4"
    renju = visitor.client.post("/open", data={"text": "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,8,0\n", "rule": "renju"})
    assert renju.headers["Location"] == "/replay/15x15-renju/h8-i8"
    sgf = visitor.client.post("/open", data={"text": "(;FF[4]GM[4]SZ[15]RU[Standard];B[hh])", "rule": "renju"})
    assert sgf.headers["Location"] == "/replay/15x15-standard/h8"  # an SGF says its own rule
    assert "Open a game record" in visitor.client.get("/open").text


@pytest.mark.parametrize("data", [{"text": "(;FF[4]GM[4]SZ[15];B[hh];W[hh])"}, {"text": "z" * 510_000},
                                  {"text": "h8", "board": "nonsense"}, {"text": "h8", "rule": "pro"},
                                  {"text": "a1", "board": "15x15", "rule": "renju"}])
def test_a_bad_record_opened_gets_the_form_back_with_why_a_400_and_nothing_stored(visitor: Visitor, data: dict):
    visitor.move(4)
    before = visitor.stored()
    refused = visitor.client.post("/open", data=data)
    assert refused.status_code == 400 and 'role="alert"' in refused.text and "Open a game record" in refused.text
    assert visitor.stored() == before


def test_a_body_beyond_max_content_length_is_refused_413_with_the_form_saying_the_limit(visitor: Visitor):
    visitor.move(4)
    before = visitor.stored()
    upload = {"file": (io.BytesIO(b"z" * (512 * 1024 + 1)), "game.sgf"), "text": ""}
    refused = visitor.client.post("/open", data=upload, content_type="multipart/form-data")
    assert refused.status_code == 413 and "Open a game record" in refused.text
    assert "That is more than 524,288 bytes" in refused.text and 'role="alert"' in refused.text
    assert visitor.stored() == before


def test_the_largest_record_file_read_is_within_the_body_limit(visitor: Visitor):
    """A file of MOST_CHARACTERS × 4 bytes is read (and refused as no record),
    beside a full text box: the body limit never answers a record's upload."""
    upload = {"file": (io.BytesIO(b"z" * MOST_CHARACTERS * 4), "game.sgf"), "text": "z" * MOST_CHARACTERS * 3}
    answer = visitor.client.post("/open", data=upload, content_type="multipart/form-data")
    assert answer.status_code == 400 and "Open a game record" in answer.text


def test_a_resigned_game_s_result_travels_to_its_review_its_records_and_back(visitor: Visitor):
    """The game page's review link carries who played and how the game ended;
    the review says it in its heading and at its last step, its records write
    it (RE, PB, PW), and the record opened again shows it."""
    visitor.post("/new", {"board": "4x4", "x": "human", "o": "human"})
    visitor.move(5)
    visitor.move(6)
    over = visitor.post("/resign", {"ply": "2"}).text
    review_url = re.search(r'href="(/review/4x4/[^"]*)"', over).group(1).replace("&amp;", "&")
    assert review_url == "/review/4x4/b3-c3?black=Human&white=Human&resigned=X"
    review = visitor.client.get(review_url).text
    assert '<p class="result" id="result">O won by resignation.</p>' in review
    assert '<p class="status" id="status">X resigned.</p>' in review  # at its last step, not "X to move."
    sgf_url = re.search(r'href="(/record/sgf/4x4/[^"]*)"', review).group(1).replace("&amp;", "&")
    sgf = visitor.client.get(sgf_url).text
    assert "PB[Human]" in sgf and "PW[Human]" in sgf and "RE[W+R]" in sgf
    opened = visitor.client.post("/open", data={"text": sgf})
    assert opened.status_code == 303
    assert opened.headers["Location"] == "/replay/4x4/b3-c3?black=Human&white=Human&resigned=X"
    replay = visitor.client.get(opened.headers["Location"]).text
    assert "O won by resignation." in replay and "Not finished." not in replay
    assert "/record/sgf/4x4/b3-c3?black=Human&amp;white=Human&amp;resigned=X" in replay


TWO_ENDINGS = "A game ends one way: by resignation, on time, by forfeit, aborted or by a draw, not two."


@pytest.mark.parametrize("query, why", [
    ("resigned=Z", "“Z” is not a side that can have resigned: X or O."),
    ("timed_out=", None),
    ("resigned=X&timed_out=O", TWO_ENDINGS),
    ("resigned=X&draw=agreed", TWO_ENDINGS),
    ("draw=yes", "A draw in a link is “draw=agreed” or “draw=claimed”, not “yes”."),
    ("aborted=Q", "“Q” is not a side that can have aborted: X or O."),
    ("forfeited=X&draw=claimed", "A game ends one way"),
])
def test_a_link_s_result_is_checked(visitor: Visitor, query: str, why: str | None):
    for path in ("/replay/4x4/b3-c3", "/review/4x4/b3-c3", "/record/sgf/4x4/b3-c3"):
        response = visitor.client.get(f"{path}?{query}")
        assert response.status_code == (404 if why else 200), path
        assert why is None or why in response.text, path


def test_a_resignation_after_a_game_ended_on_the_board_is_refused(visitor: Visitor):
    for path in ("/replay/03142", "/review/3x3/03142", "/record/sgf/3x3/03142"):
        for ending in ("resigned=O", "draw=agreed"):
            response = visitor.client.get(f"{path}?{ending}")
            assert response.status_code == 404 and (
                "nobody resigned, ran out of time, forfeited, aborted or agreed a draw after it" in response.text)


@pytest.mark.parametrize("rules, result, words, sgf", [
    (BOARDS["15x15"], Result.of(Ending.RESIGNED, "X"), "White won by resignation.", "W+R"),
    (BOARDS["7x7"], Result.of(Ending.TIMED_OUT, "O"), "Black won on time.", "B+T"),
    (BOARDS["3x3"], Result.of(Ending.RESIGNED, "O"), "X won by resignation.", "B+R"),
    (BOARDS["3x3"], Result(), "Not finished.", None),
    (BOARDS["15x15"], Result.of(Ending.DRAW_AGREED), "A draw, agreed.", "0"),
    (BOARDS["15x15"], Result.of(Ending.FORFEITED, "X"), "White won by forfeit.", "W+F"),
    (BOARDS["7x7"], Result.of(Ending.DRAW_CLAIMED), "A draw, claimed.", "0"),
    (BOARDS["7x7"], Result.of(Ending.ABORTED, "O"), "Aborted: the game counts for nothing.", "Void"),
    (BOARDS["3x3"], Result.of(Ending.UNSTARTED, "X"), "Aborted: the game counts for nothing.", "Void"),
])
def test_a_result_in_words_and_in_sgf(rules, result, words, sgf):
    position = Position.after(rules, ())
    assert result.words(position) == words and result.sgf(position) == sgf
