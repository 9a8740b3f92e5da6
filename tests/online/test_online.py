"""A shared game between two browsers: seats, moves, refusals, rematch, the
stored form, and both stores' atomic changes, event logs and presence."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from harness.servers import RedisServer
from webapp.engine import BOARDS
from webapp.online.hub import Hub
from webapp.online.shared_game import CODE_LETTERS, SharedGame, new_code, new_game_id, normalise_code
from webapp.online.status import Told
from webapp.online.store import Event, SQLiteGames, games_store
from webapp.shared.errors import Conflict, Forbidden, InvalidInput
from webapp.storage.redis import redis_client

ALICE, BOB, CAROL = "a" * 32, "b" * 32, "c" * 32


def seated(board: str = "3x3") -> SharedGame:
    game = SharedGame.create(BOARDS[board], "X", ALICE, new_game_id(), new_code())
    return game.join(BOB)[0]


def test_ids_are_unguessable_and_codes_easy_to_read_out():
    ids = {new_game_id() for _ in range(1000)}
    assert len(ids) == 1000 and all(len(found) == 22 for found in ids)  # 16 random bytes
    codes = {new_code() for _ in range(1000)}
    assert all(len(code) == 6 and set(code) <= set(CODE_LETTERS) for code in codes)
    assert not set("01IOL") & set(CODE_LETTERS)


@pytest.mark.parametrize("raw, code", [("7kq2mx", "7KQ2MX"), (" 7KQ 2MX ", "7KQ2MX"), ("7KQ-2MX", "7KQ2MX")])
def test_a_code_is_read_as_a_person_types_it(raw: str, code: str):
    assert normalise_code(raw) == code


@pytest.mark.parametrize("raw", [None, "", "7KQ2M", "7KQ2MXX", "7KQ2M0", "IIIIII", "7kq2m!"])
def test_a_code_that_cannot_be_one_is_refused(raw):
    with pytest.raises(InvalidInput, match="A game's code is 6 letters and digits"):
        normalise_code(raw)


def test_the_inviter_sits_where_they_chose_and_the_friend_takes_the_other_seat():
    game = SharedGame.create(BOARDS["7x7"], "O", ALICE, "g", "CODE22")
    assert game.seat_of(ALICE) == "O" and game.free_seat == "X"
    joined, event = game.join(BOB)
    assert joined.seat_of(BOB) == "X" and joined.free_seat is None and event.kind == "seat"
    with pytest.raises(Conflict, match="Both seats are taken"):
        joined.join(CAROL)
    with pytest.raises(Conflict, match="You already play white"):
        game.join(ALICE)


def test_only_the_player_whose_turn_it_is_may_move():
    game = seated()
    with pytest.raises(Forbidden, match="You are watching"):
        game.play(CAROL, 4, 0)
    with pytest.raises(Forbidden, match="You are watching"):
        game.play(None, 4, 0)
    with pytest.raises(Conflict, match="your opponent's turn"):
        game.play(BOB, 4, 0)
    moved, event = game.play(ALICE, 4, 0)
    assert moved.moves == (4,) and event == Event("move", "X played row 2, column 2.")
    with pytest.raises(Conflict, match="out of date"):
        moved.play(BOB, 0, 0)
    with pytest.raises(Conflict, match="taken"):
        moved.play(BOB, 4, 1)


def test_no_move_before_the_friend_has_joined():
    game = SharedGame.create(BOARDS["3x3"], "X", ALICE, "g", "CODE22")
    with pytest.raises(Conflict, match="Wait for your opponent to join"):
        game.play(ALICE, 4, 0)


def play(game: SharedGame, *cells: int) -> SharedGame:
    for cell in cells:
        game = game.play(game.player_at(game.position.to_move), cell, game.ply)[0]
    return game


def test_the_end_is_told_and_scored_in_the_series():
    won = play(seated(), 0, 3, 1, 4, 2)
    assert won.is_over and won.series == {ALICE: 1}
    assert Told(won, ALICE).status == "You win!"
    assert Told(won, BOB).status == "Your opponent wins."
    assert Told(won, CAROL).status == "X wins. You are watching."
    assert Told(won, BOB).series == [("You", 0), ("Your opponent", 1), ("Draws", 0)]
    with pytest.raises(Conflict, match="This game is over"):
        won.play(BOB, 8, 5)


def test_a_player_may_resign_on_either_turn_and_the_friend_wins():
    game = play(seated("7x7"), 24)
    resigned, event = game.resign(ALICE, 1)  # on the friend's turn
    assert resigned.is_over and resigned.winner == "O" and not resigned.played_out
    assert event.text == "Black resigned: white wins." and resigned.series == {BOB: 1}
    assert Told(resigned, ALICE).status == "You resigned."
    assert Told(resigned, BOB).status == "Your opponent resigned: you win!"
    assert Told(resigned, CAROL).status == "Black resigned: white wins."
    assert SharedGame.from_data(resigned.to_data()) == resigned
    assert not resigned.can_resign(BOB) and game.can_resign(BOB) and not game.can_resign(CAROL)


@pytest.mark.parametrize("who, seen, waiting, error, why", [
    (CAROL, 1, False, Forbidden, "only its players"),
    (ALICE, 0, False, Conflict, "out of date"),
    (ALICE, 0, True, Conflict, "has not joined"),
])
def test_a_resignation_that_cannot_be_is_refused(who: str, seen: int, waiting: bool, error: type, why: str):
    game = (SharedGame.create(BOARDS["7x7"], "X", ALICE, new_game_id(), new_code()) if waiting
            else play(seated("7x7"), 24))
    with pytest.raises(error, match=why):
        game.resign(who, seen)


def test_a_resigned_game_is_over_for_moves_and_resigning_again():
    resigned = play(seated("7x7"), 24).resign(BOB, 1)[0]
    for attempt in (lambda: resigned.play(BOB, 0, 1), lambda: resigned.resign(ALICE, 1)):
        with pytest.raises(Conflict, match="This game is over"):
            attempt()


def test_a_rematch_swaps_the_sides_and_carries_the_series():
    won = play(seated("5x5"), 0, 5, 1, 6, 2, 7, 3)
    with pytest.raises(Forbidden, match="Only the players"):
        won.start_rematch(CAROL, "next", "NEXT22")
    before, following, event = won.start_rematch(BOB, "next", "NEXT22")
    assert before.rematch == "next" and event.kind == "rematch"
    assert following.seats == (BOB, ALICE) and following.rules == won.rules and following.moves == ()
    assert following.series == {ALICE: 1}
    with pytest.raises(Conflict, match="already begun"):
        before.start_rematch(ALICE, "again", "AGAIN2")
    with pytest.raises(Conflict, match="Finish this game first"):
        seated().start_rematch(ALICE, "x", "XXXXXX")


@pytest.mark.parametrize("mine, away, expected", [
    (ALICE, "", "Your turn: you play X."),
    (BOB, "", "Your opponent's turn (X)."),
    (BOB, "X", "You play O. Your opponent has left; their seat is kept if they come back."),
    (ALICE, "X", "Your turn: you play X."),
    (CAROL, "XO", "X to move. You are watching."),
])
def test_whose_turn_as_each_browser_sees_it(mine: str, away: str, expected: str):
    game = seated()
    for mark in away:
        game = game.leave(mark)[0]
    assert Told(game, mine).status == expected


def test_leaving_and_coming_back_and_a_move_say_who_is_here():
    game, event = seated().leave("O")
    assert game.away == {"O"} and event.text == "O's player has left."
    back, event = game.arrive("O")
    assert back.away == frozenset() and event.text == "O's player is back."
    moved = play(seated().leave("X")[0], 4)
    assert moved.away == frozenset(), "a move says the player is here"


def test_the_stored_form_round_trips_and_refuses_what_is_not_a_game():
    game = play(seated("15x15"), 112, 113)
    assert SharedGame.from_data(game.to_data()) == game
    for data in ({}, {"id": "x"}, {**game.to_data(), "board": "9x9"}, {**game.to_data(), "seats": None}):
        with pytest.raises(ValueError):
            SharedGame.from_data(data)


# The stores


@pytest.fixture(params=["disk", "redis"])
def store(request, tmp_path: Path, redis_server: RedisServer):
    if request.param == "disk":
        return SQLiteGames(str(tmp_path / "games.sqlite3"), 3600, SharedGame.from_data)
    return games_store(redis_client(redis_server.url), str(tmp_path), 3600, SharedGame.from_data)


def test_a_game_is_kept_and_found_by_id_and_code(store):
    game = SharedGame.create(BOARDS["7x7"], "X", ALICE, new_game_id(), new_code())
    assert store.create(game)
    assert store.get(game.id) == game and store.by_code(game.code) == game.id
    assert store.get("nope") is None and store.by_code("ZZZZZZ") is None
    assert not store.create(SharedGame.create(BOARDS["3x3"], "X", BOB, new_game_id(), game.code)), "a code in use"


def test_changes_are_numbered_and_what_a_change_refuses_changes_nothing(store):
    game = SharedGame.create(BOARDS["3x3"], "X", ALICE, new_game_id(), new_code())
    store.create(game)
    joined, number = store.change(game.id, lambda g: (*g.join(BOB), []))
    assert number == 1 and store.get(game.id) == joined
    with pytest.raises(Conflict):
        store.change(game.id, lambda g: (*g.join(CAROL), []))
    _, number = store.change(game.id, lambda g: (*g.play(ALICE, 4, 0), []))
    assert number == 2
    assert [logged.number for logged in store.events_after(game.id, 0)] == [1, 2]
    assert [logged.event.kind for logged in store.events_after(game.id, 1)] == ["move"]
    assert store.latest([game.id, "other"]) == {game.id: 2, "other": 0}
    with pytest.raises(KeyError):
        store.change("nope", lambda g: (g, Event("move", ""), []))


def test_two_browsers_racing_for_one_seat_exactly_one_gets_it(store):
    game = SharedGame.create(BOARDS["3x3"], "X", ALICE, new_game_id(), new_code())
    store.create(game)
    results: list[str] = []
    start = threading.Barrier(8)

    def take(player: str) -> None:
        start.wait()
        try:
            store.change(game.id, lambda g: (*g.join(player), []))
            results.append("seated")
        except Conflict:
            results.append("refused")

    threads = [threading.Thread(target=take, args=(str(n) * 32,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["refused"] * 7 + ["seated"]
    assert store.get(game.id).free_seat is None


def test_a_rematch_creates_the_next_game_in_the_same_step(store):
    won = play(seated(), 0, 3, 1, 4, 2)
    store.create(won)
    following = new_game_id()

    def rematch(game):
        before, after, event = game.start_rematch(ALICE, following, won.code)  # a code in use: another is drawn
        return before, event, [after]

    before, _ = store.change(won.id, rematch)
    created = store.get(following)
    assert before.rematch == following and created.seats == (BOB, ALICE)
    assert created.code != won.code and store.by_code(created.code) == following


def test_presence_counts_the_live_streams_of_each_seat(store):
    game = seated()
    store.create(game)
    x_stream = store.open_stream(game.id, "X")
    watcher = store.open_stream(game.id, None)
    assert store.seats_here(game.id) == {"X"} and store.stream_count(game.id) == 2
    store.refresh_stream(x_stream)
    store.close_stream(x_stream)
    assert store.seats_here(game.id) == set() and store.stream_count(game.id) == 1
    store.close_stream(watcher)


def test_the_hub_wakes_a_waiting_stream_when_its_game_changes(store):
    game = seated()
    store.create(game)
    hub = Hub(store)
    woken: list[bool] = []
    waiting = threading.Thread(target=lambda: woken.append(hub.wait(game.id, 0, 10)))
    waiting.start()
    store.change(game.id, lambda g: (*g.play(ALICE, 4, 0), []))
    waiting.join(10)
    assert woken == [True]
    assert hub.wait(game.id, 1, 0.2) is False, "nothing new after event 1"


def test_a_games_log_keeps_its_last_events_only(store):
    """A player can offer and withdraw forever, each an event: the log keeps
    the last log_length, numbered on as before, on both stores."""
    game = seated()
    store.create(game)
    store.log_length = 5
    for _ in range(7):
        store.change(game.id, lambda g: (g, Event("offer", "X offers a draw."), []))
    assert [logged.number for logged in store.events_after(game.id, 0)] == [3, 4, 5, 6, 7]
    assert store.latest([game.id]) == {game.id: 7}


def test_an_expired_game_is_deleted_with_its_events_on_sqlite(tmp_path: Path):
    """Not just ignored: the next game created deletes the rows of those expired."""
    path = str(tmp_path / "games.sqlite3")
    store, old = SQLiteGames(path, 3600, SharedGame.from_data), seated()
    store.create(old)
    store.change(old.id, lambda g: (g, Event("offer", "X offers a draw."), []))
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET expires = 0 WHERE id = ?", (old.id,))
    store.create(seated())
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM games WHERE id = ?", (old.id,)).fetchone() == (0,)
        assert db.execute("SELECT count(*) FROM events WHERE game = ?", (old.id,)).fetchone() == (0,)


def test_every_redis_key_of_a_game_expires(redis_server: RedisServer, tmp_path: Path):
    """The game, its code, its log and its streams' hash each have a time to
    live, the streams' hash even when a stream's keep-alive makes it again."""
    client = redis_client(redis_server.url)
    store, game = games_store(client, str(tmp_path), 3600, SharedGame.from_data), seated()
    store.create(game)
    store.change(game.id, lambda g: (g, Event("offer", "X offers a draw."), []))
    stream = store.open_stream(game.id, "X")
    client.delete(f"online:streams:{game.id}")  # as if it had expired while the stream was open
    store.refresh_stream(stream)
    for key in (f"online:game:{game.id}", f"online:code:{game.code}", f"online:log:{game.id}",
                f"online:streams:{game.id}"):
        assert 0 < client.ttl(key) <= 3600, key
