"""How a game between friends ends besides the board, a resignation, the
flag and an agreed draw (webapp/online/endings.py): an abort by a player
before both have moved, the server's abort of a rated game whose first move
does not come (its job, with no page open, on both stores), a claim of the
win or a draw when the friend to move has left; the Ending each is recorded
as, in links, stores and SGF's RE; and the games and links of the code
before the enum (kept below as written then), which still open."""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import UTC
from pathlib import Path

import pytest

from harness.servers import RedisServer
from webapp.engine import BOARDS, Opening, Position
from webapp.online import aborts, endings, flags
from webapp.online.endings import CLAIM_SECONDS, FIRST_MOVE_SECONDS
from webapp.online.shared_game import SharedGame, new_game_id
from webapp.online.status import Told
from webapp.shared.errors import Conflict, Forbidden, InvalidInput
from webapp.shared.game_link import Ending, Result
from webapp.shared.record_files import Record, read_record, write_sgf
from webapp.workers.pool import EnginePool

ALICE, BOB, CAROL = "a" * 32, "b" * 32, "c" * 32
START = 1_000_000.0

# What the code before the Ending enum wrote (its SharedGame.to_data, and its links' queries), kept as written.
TODAYS_GAMES = {
    "resigned": {"id": "g1", "code": "CODE22", "board": "7x7", "moves": "d4", "seats": [ALICE, BOB],
                 "rematch": None, "series": {ALICE: 1}, "away": [], "resigned": "O", "clock": "1+0",
                 "left": [60.0, 55.0], "since": None, "offer": None, "declined": None},
    "timed_out": {"id": "g1", "code": "CODE22", "board": "7x7", "moves": "d4", "seats": [ALICE, BOB],
                  "rematch": None, "series": {ALICE: 1}, "away": [], "timed_out": "O", "clock": "1+0",
                  "left": [60.0, 0.0], "since": None, "offer": None, "declined": None},
    "agreed": {"id": "g2", "code": "CODE33", "board": "3x3", "moves": "4", "seats": [ALICE, BOB], "rematch": None,
               "series": {"draws": 1}, "away": [], "draw": "agreed", "offer": None, "declined": None},
    "playing": {"id": "g3", "code": "CODE44", "board": "3x3", "moves": "4", "seats": [BOB, ALICE], "rematch": None,
                "series": {}, "away": ["O"], "offer": None, "declined": None},
}
TODAYS_LINKS = {"black=You&white=master&resigned=O": (Ending.RESIGNED, "O"), "timed_out=X": (Ending.TIMED_OUT, "X"),
                "draw=agreed": (Ending.DRAW_AGREED, None), "": (None, None)}


def seated(rated: bool = True, board: str = "7x7", **fields) -> SharedGame:
    """Alice at X, Bob at O, joined at START: a rated game by default."""
    game = replace(SharedGame.create(BOARDS[board], "X", ALICE, "g", "CODE22"), rated=rated, **fields)
    return game.join(BOB, now=START)[0]


def begun(rated: bool = True) -> SharedGame:
    """Both have made a first move (d4, then e4): the game has begun."""
    return seated(rated).play(ALICE, 24, 0, now=START + 1)[0].play(BOB, 25, 1, now=START + 2)[0]


def away_on_turn(rated: bool = True) -> SharedGame:
    """Begun, Alice's turn, and Alice's page closed at START + 10."""
    return begun(rated).leave("X", now=START + 10)[0]


# The games and links of today


@pytest.mark.parametrize("kind", TODAYS_GAMES)
def test_a_game_stored_before_the_enum_still_opens_and_is_written_back_alike(kind: str):
    data = TODAYS_GAMES[kind]
    game = SharedGame.from_data(data)
    written = game.to_data()
    assert {key: written[key] for key in data} == data, "every key of today's written back as it was"
    assert SharedGame.from_data(written) == game


def test_today_s_games_read_as_the_endings_they_were():
    assert SharedGame.from_data(TODAYS_GAMES["resigned"]).ending == Result.of(Ending.RESIGNED, "O")
    assert Told(SharedGame.from_data(TODAYS_GAMES["timed_out"]), ALICE).status == "You win on time!"
    assert SharedGame.from_data(TODAYS_GAMES["agreed"]).ending.how == Ending.DRAW_AGREED
    playing = SharedGame.from_data(TODAYS_GAMES["playing"])
    assert not playing.is_over and playing.moved == {BOB} and endings.may_abort(playing, ALICE), \
        "one stone, no opening: its player has moved, the other may still abort"
    assert endings.claim_from(playing) is None, "away since a moment nobody wrote down: no claim"


@pytest.mark.parametrize("query", TODAYS_LINKS)
def test_a_link_of_today_reads_as_its_ending_and_is_written_back_alike(query: str):
    pairs = dict(pair.split("=") for pair in query.split("&") if pair)
    result = Result.parse(pairs, Position.after(BOARDS["7x7"], (24,)))
    assert (result.how, result.side) == TODAYS_LINKS[query] and result.query == pairs


# Abort


def test_either_player_may_abort_before_both_have_moved_and_it_counts_for_nothing():
    game = seated()
    assert endings.may_abort(game, ALICE) and endings.may_abort(game, BOB) and not endings.may_abort(game, CAROL)
    played = game.play(ALICE, 24, 0, now=START + 1)[0]
    aborted, event = endings.abort(played, BOB, 1, now=START + 2)
    assert aborted.is_over and aborted.ending == Result.of(Ending.ABORTED, "O") and aborted.winner is None
    assert aborted.series == {} and aborted.start_by is None
    assert event.text == "White aborted the game: it counts for nothing."
    assert Told(aborted, ALICE).status == "Your opponent aborted the game: it counts for nothing."
    assert Told(aborted, BOB).status == "You aborted the game: it counts for nothing."
    assert Told(aborted, CAROL).status == "White aborted the game: it counts for nothing."
    assert aborted.link_query == {"aborted": "O"}


def test_the_inviter_may_abort_before_anyone_joins_and_there_is_no_rematch_of_it():
    waiting = SharedGame.create(BOARDS["3x3"], "X", ALICE, "g", "CODE22")
    aborted = endings.abort(waiting, ALICE, 0)[0]
    assert aborted.is_over and aborted.ending.how == Ending.ABORTED
    with pytest.raises(Conflict, match="Nobody joined this game"):
        aborted.start_rematch(ALICE, "h", "CODE33")


def test_an_opening_s_choice_is_a_first_move_too():
    """Under swap2 the opener puts down three stones; the other's choice is their first move."""
    game = seated(opening=Opening("swap2"))
    for ply, cell in enumerate((24, 25, 31)):
        game = game.play(ALICE, cell, ply, now=START + 1)[0]
    assert endings.may_abort(game, BOB) and endings.may_abort(game, ALICE), "three stones, all the opener's"
    chosen = game.choose(BOB, "black", 3, now=START + 2)[0]
    assert endings.both_moved(chosen) and not endings.may_abort(chosen, ALICE) and not endings.may_abort(chosen, BOB)


@pytest.mark.parametrize("why, change, error", [
    ("a spectator", lambda game: endings.abort(game, CAROL, 2), Forbidden),
    ("an out-of-date board", lambda game: endings.abort(game, ALICE, 1), Conflict),
    ("both have moved", lambda game: endings.abort(game, ALICE, 2), Conflict),
    ("over already", lambda game: endings.abort(game.resign(BOB, 2)[0], ALICE, 2), Conflict),
])
def test_an_abort_refused_changes_nothing(why: str, change, error):
    game = begun()
    with pytest.raises(error):
        change(game)
    assert not game.is_over, why


# The server's abort


def test_a_rated_game_waits_thirty_seconds_for_each_first_move_and_a_casual_one_waits_for_friends():
    game = seated()
    assert game.start_by == START + FIRST_MOVE_SECONDS == START + 30
    assert seated(rated=False).start_by is None
    assert not endings.abort_due(game, START + 29.9) and game.as_of(START + 29.9) == game
    late = game.as_of(START + 30)
    assert late.ending == Result.of(Ending.UNSTARTED, "X") and late.series == {}
    assert Told(late, BOB).status == "Your opponent's first move did not come in time: the game is aborted."
    assert Told(late, CAROL).status == "Black's first move did not come in time: the game is aborted."
    played = game.play(ALICE, 24, 0, now=START + 20)[0]
    assert played.start_by == START + 50, "the second player's wait begins with the first move"
    assert played.play(BOB, 25, 1, now=START + 40)[0].start_by is None, "both have moved: no wait"


@pytest.fixture(params=["disk", "redis"])
def where(request, tmp_path: Path, redis_server: RedisServer) -> flags.Where:
    """Where the job finds the games, on each store in turn."""
    return flags.Where(redis_server.url if request.param == "redis" else None, str(tmp_path), 3600)


def kept(where: flags.Where, game: SharedGame) -> SharedGame:
    """game, kept where the job looks, under an id and a code of its own (the store outlives a test on Redis)."""
    game = replace(game.with_new_code(), id=new_game_id())
    assert flags.games_at(where).create(game)
    return game


def test_the_job_aborts_a_game_whose_first_move_did_not_come_with_no_page_open(where: flags.Where):
    game = kept(where, replace(seated(), start_by=time.time() - 1))
    aborts.call_off(where, game.id, game.start_by)
    after = flags.games_at(where).get(game.id)
    assert after.ending == Result.of(Ending.UNSTARTED, "X")
    aborts.call_off(where, game.id, game.start_by)  # run twice (a retry): once aborted, left be
    assert [logged.event.text for logged in flags.games_at(where).events_after(game.id, 0)] == [
        "Black's first move did not come within 30 seconds: the game is aborted."]


def test_the_job_leaves_be_a_game_whose_first_move_came_or_is_not_due(where: flags.Where):
    due = time.time() - 1
    game = kept(where, replace(seated(), start_by=due))
    aborts.call_off(where, game.id, due - 5)  # a wait before this one: a move came since
    early = kept(where, replace(seated(), start_by=time.time() + 60))
    aborts.call_off(where, early.id, early.start_by)
    aborts.call_off(where, "nowhere", due)
    assert not flags.games_at(where).get(game.id).is_over and not flags.games_at(where).get(early.id).is_over


def test_a_change_that_begins_a_wait_schedules_the_abort_and_one_that_keeps_it_schedules_nothing(tmp_path: Path):
    where = flags.Where(None, str(tmp_path), 3600)
    pool = EnginePool("inline", where.instance_path)
    waiting = replace(SharedGame.create(BOARDS["7x7"], "X", ALICE, "g", "CODE22"), rated=True)
    game = waiting.join(BOB, now=time.time())[0]
    aborts.schedule(pool, where, game, waiting)
    (job,) = pool.queue.scheduled()
    assert job.args == (aborts.call_off, (where, "g", game.start_by))
    assert job.eta.replace(tzinfo=UTC).timestamp() == pytest.approx(game.start_by, abs=0.001)
    aborts.schedule(pool, where, game.leave("O")[0], game)
    aborts.schedule(pool, where, begun(), game)
    assert len(pool.queue.scheduled()) == 1, "the same wait, then none"


# Claims


def test_the_player_whose_friend_left_on_their_turn_may_claim_after_the_time():
    game = away_on_turn()
    due = START + 10 + CLAIM_SECONDS
    assert endings.claim_from(game) == due
    assert not endings.may_claim(game, BOB, due - 1) and endings.may_claim(game, BOB, due)
    assert not endings.may_claim(game, ALICE, due) and not endings.may_claim(game, CAROL, due)
    assert "you may claim the win or call it a draw" in endings.claim_words(game, BOB, due - 1)
    assert endings.claim_words(game, ALICE, due) is None
    won, event = endings.claim(game, BOB, "win", 2, now=due)
    assert won.ending == Result.of(Ending.FORFEITED, "X") and won.winner == "O" and won.series == {BOB: 1}
    assert event.text == "Black had left: white claimed the win."
    assert Told(won, BOB).status == "You claimed the win: your opponent had left."
    assert Told(won, ALICE).status == "You had left: your opponent claimed the win."
    assert Told(won, CAROL).status == "Black had left: white claimed the win."
    drawn = endings.claim(game, BOB, "draw", 2, now=due)[0]
    assert drawn.ending == Result.of(Ending.DRAW_CLAIMED) and drawn.series == {"draws": 1}
    assert drawn.link_query == {"draw": "claimed"}


@pytest.mark.parametrize("why, game, player, raw, error, said", [
    ("too early", away_on_turn(), BOB, "win", Conflict, "you may claim from"),
    ("a casual game", away_on_turn(rated=False), BOB, "win", Conflict, "Only a rated game"),
    ("the friend came back", away_on_turn().arrive("X")[0], BOB, "win", Conflict, "Your opponent is here"),
    ("the claimer's own turn", away_on_turn(), ALICE, "win", Conflict, "It is your turn"),
    ("before both moved", seated().play(ALICE, 24, 0, now=START)[0].leave("O", now=START)[0], ALICE, "win",
     Conflict, "abort it instead"),
    ("a spectator", away_on_turn(), CAROL, "win", Forbidden, "only its players can claim"),
    ("not a claim", away_on_turn(), BOB, "everything", InvalidInput, "Claim the win or a draw"),
])
def test_a_claim_refused_says_why_and_changes_nothing(why, game, player, raw, error, said):
    now = START + 10 + (CLAIM_SECONDS - 1 if why == "too early" else CLAIM_SECONDS)
    with pytest.raises(error, match=said):
        endings.claim(game, player, raw, game.ply, now=now)
    assert not game.is_over, why


def test_a_move_or_a_return_ends_the_absence_and_an_exchange_of_seats_carries_it():
    game = away_on_turn()
    assert game.arrive("X")[0].left_at == {} and game.play(ALICE, 30, 2, now=START + 11)[0].left_at == {}
    swap = seated(opening=Opening("swap2"))
    for ply, cell in enumerate((24, 25, 31)):
        swap = swap.play(ALICE, cell, ply, now=START + 1)[0]
    swap = swap.leave("X", now=START + 5)[0]
    exchanged = swap.choose(BOB, "black", 3, now=START + 6)[0]  # Bob takes black: the seats change hands
    assert exchanged.seats == (BOB, ALICE) and exchanged.away == {"O"} and exchanged.left_at == {"O": START + 5}


# Rematch


def test_a_rematch_keeps_rated_and_the_names_follow_the_seats():
    game = replace(begun(), names=("alice", None)).resign(ALICE, 2)[0]
    _, following, _ = game.start_rematch(BOB, "h", "CODE33", now=START + 100)
    assert following.rated and following.seats == (BOB, ALICE) and following.names == (None, "alice")
    assert following.start_by == START + 100 + FIRST_MOVE_SECONDS
    casual = begun(rated=False).resign(ALICE, 2)[0].start_rematch(BOB, "h", "CODE33")[1]
    assert not casual.rated and casual.start_by is None


def test_every_new_field_survives_the_store_s_form():
    game = away_on_turn()
    assert SharedGame.from_data(game.to_data()) == game
    assert SharedGame.from_data(seated().to_data()).start_by == START + 30
    for bad in ({"start_by": "soon"}, {"left_at": {"X": "then"}}, {"moved": 3}):
        with pytest.raises(ValueError):
            SharedGame.from_data({**game.to_data(), **bad})


# Records


@pytest.mark.parametrize("result, sgf, words", [
    (Result.of(Ending.RESIGNED, "O"), "B+R", "Black won by resignation."),
    (Result.of(Ending.TIMED_OUT, "X"), "W+T", "White won on time."),
    (Result.of(Ending.FORFEITED, "O"), "B+F", "Black won by forfeit."),
    (Result.of(Ending.ABORTED, "X"), "Void", "Aborted: the game counts for nothing."),
    (Result.of(Ending.UNSTARTED, "O"), "Void", "Aborted: the game counts for nothing."),
    (Result.of(Ending.DRAW_AGREED), "0", "A draw, agreed."),
    (Result.of(Ending.DRAW_CLAIMED), "0", "A draw, claimed."),
])
def test_each_ending_in_the_record_s_re_and_in_words(result: Result, sgf: str, words: str):
    rules, moves = BOARDS["15x15"], (112,)
    written = write_sgf(Record(rules, moves, result))
    assert f"RE[{sgf}]" in written and result.words(Position.after(rules, moves)) == words
    read = read_record(written).result
    if sgf == "Void":
        assert read == Result(), "Void names no side to read back: the moves are the record"
    elif result.how == Ending.DRAW_CLAIMED:
        assert read == Result.of(Ending.DRAW_AGREED), "SGF writes every draw alike"
    else:
        assert read == result
