"""Quick pairing's pools as values: which pools, who may be paired with whom
(never oneself, never across a block, ratings close enough for the time
waited), newcomers first with each other, and the forms' fields refused when forged."""

from __future__ import annotations

import pytest

from webapp.online.lobby import LobbyRating
from webapp.online.pools import (
    POOLS,
    WAIT_BONUS_MOST,
    Entry,
    Mode,
    pair_score,
    pairings,
    parse_mode,
    parse_pool,
    waited_words,
    widest_gap,
)
from webapp.shared.errors import InvalidInput

RATED = "15x15-5+3/rated"


def entry(player: str, rating: int | None = 1500, provisional: bool = False, joined: float = 0.0,
          name: str | None = "", pool: str = RATED) -> Entry:
    account = player.capitalize() if name == "" else name
    return Entry(player, account, pool, None if rating is None else LobbyRating(rating, provisional), "addr", joined)


def test_the_pools_are_the_common_games_and_a_forged_pool_or_mode_is_refused():
    assert list(POOLS) == ["15x15-3+2", "15x15-5+3", "15x15-10+0", "7x7-2+1", "5x5-1+1"]
    assert parse_pool("7x7-2+1").rules.size == 7 and POOLS["15x15-3+2"].opening.rule == "swap2"
    for raw in (None, "", "3x3-1+0", "15x15-5+3/rated", "x" * 500):
        with pytest.raises(InvalidInput, match="no quick-pairing pool"):
            parse_pool(raw)
    assert parse_mode(None, None) == Mode.CASUAL and parse_mode("rated", "Ada") == Mode.RATED
    with pytest.raises(InvalidInput, match="account"):
        parse_mode("rated", None)
    with pytest.raises(InvalidInput, match="rated or casual"):
        parse_mode("sometimes", "Ada")


def test_the_nearest_rating_is_paired_first():
    pairs = pairings([entry("a", 1500), entry("b", 1800), entry("c", 1560), entry("d", 1790)], now=0.0)
    assert {frozenset((a.player, b.player)) for a, b in pairs} == {frozenset("ac"), frozenset("bd")}


def test_the_allowed_gap_widens_the_longer_both_wait():
    far = [entry("a", 1500, joined=0.0), entry("b", 1700, joined=0.0)]
    assert pairings(far, now=1.0) == []  # 200 apart: past the 100 allowed around 1500
    assert pairings(far, now=30.0) != []  # after 30 seconds each, 120 of bonus
    assert pairings([entry("a", 1500, joined=0.0), entry("b", 1700, joined=29.0)], now=30.0) == []  # the newer's wait
    assert pair_score(entry("a", 1000), entry("b", 2400), 10_000.0) is None  # the widening has a bound
    assert WAIT_BONUS_MOST + widest_gap(1000) < 1400


def test_provisional_players_meet_each_other_first():
    pairs = pairings([entry("old", 1500), entry("new", 1500, True), entry("newer", 1500, True)], now=0.0)
    assert [{a.player, b.player} for a, b in pairs] == [{"new", "newer"}]


def test_a_provisional_pair_is_still_held_to_the_gap_in_a_rated_pool():
    assert pair_score(entry("a", 1500, True), entry("b", 2300, True), 0.0) is None


def test_never_oneself_nor_the_same_account_nor_across_a_block():
    assert pairings([entry("a"), entry("a")], now=0.0) == []
    assert pairings([entry("a", name="Ada"), entry("b", name="ADA")], now=0.0) == []
    blocks = frozenset({frozenset(("ada", "bob"))})
    assert pairings([entry("a", name="Ada"), entry("b", name="Bob")], now=0.0, blocks=blocks) == []
    assert len(pairings([entry("a", name="Ada"), entry("b", name="Bob"), entry("c", name="Cy")], 0.0, blocks)) == 1


def test_a_casual_pool_pairs_anyone_the_longest_waiting_first():
    casual = "7x7-2+1/casual"
    waiting = [entry("late", None, joined=5.0, name=None, pool=casual), entry("early", None, joined=1.0, name=None,
                                                                              pool=casual),
               entry("rated", 2400, joined=3.0, pool=casual)]
    ((a, b),) = pairings(waiting, now=6.0)
    assert {a.player, b.player} == {"early", "rated"}  # of the three, the two who have waited longest
    assert pair_score(entry("x", 1000, pool=casual), entry("y", 2500, pool=casual), 0.0) is not None  # casual: any


def test_an_entry_reads_back_from_its_data():
    kept = entry("a", 1640, True, joined=12.5)
    assert Entry.from_data(kept.to_data()) == kept and kept.mode == Mode.RATED and kept.game.id == "15x15-5+3"


def test_the_time_waited_in_words():
    assert (waited_words(0.4), waited_words(1), waited_words(59.9), waited_words(65)) == (
        "0 seconds", "1 second", "59 seconds", "1 min 05 s")
