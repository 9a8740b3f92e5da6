"""Quick pairing: a few common games (a board and a clock) each with a pool
of players waiting, and who in a pool plays whom. Nothing here knows about
HTTP or where the pools are kept (pool_store.py).

The pools (POOLS) are the games most asked for, so that one press finds a
partner fast: 15×15 freestyle under swap2 at three speeds (3+2 blitz, 5+3,
10+0: gomoku is the site's main game, and swap2 is how the field plays
freestyle between strangers, since without it the first player wins); 7×7
five in a row at 2+1 and 5×5 four in a row at 1+1, short games that a
short clock suits (at most 49 and 25 moves). 3×3 and 4×4 have no pool:
solved draws, unrated, and played with a friend or the computer.

Each pool is played rated (accounts only) or casual (anyone); the two are
separate pools of players. Pairing follows lichess's pools (lila's
modules/pool, MatchMaking.scala): a pair's score is the rating gap less a
bonus for the time both have waited (the less patient one's), less a bonus
when both are provisional, so that newcomers meet each other first; a pair
whose score is past the rating's limit (100 around 1500, wider at the ends
where players are fewer) is not made. The best pairs are taken first
(greedily: lila solves a weighted matching; with our pools' size greedy
takes the same pairs but in rare ties). Never a player with themselves (one
entry a browser and one an account), never across a block.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations
from typing import Any

from webapp.engine import BOARDS, Opening, Rules
from webapp.engine.game.opening_rules import OpeningRule
from webapp.online.lobby import LobbyRating
from webapp.online.pairing import Seated
from webapp.shared.errors import InvalidInput

WAIT_BONUS_PER_SECOND = 4.0
"""How fast the allowed rating gap widens while a pair waits: lila's pools add 12 points a wave missed, a wave
every few seconds; ours counts seconds, since our rounds run when pages ask, not on a timer."""
WAIT_BONUS_MOST = 460.0
"""The most waiting widens the gap (lila's cap on the miss bonus): past two minutes or so, the gap is ~560."""
PROVISIONAL_BONUS = 50.0
"""How much closer two provisional players count: newcomers meet each other first (lila's provisional bonus)."""
ENTRY_SECONDS = 15 * 60
"""The longest one stays in a pool, whatever their page does."""
SEEN_SECONDS = 20.0
"""An entry whose page has not been seen this long (its stream's tick, or a reload without JavaScript) is gone:
a pool must not pair someone with a closed tab."""


class Mode(StrEnum):
    """How a pool's games count: rated (both signed in; the ratings change) or casual (anyone)."""

    RATED = "rated"
    CASUAL = "casual"


@dataclass(frozen=True)
class Pool:
    """One quick-pairing game: its board and rule, opening rule and clock."""

    id: str            # its name in a form and in the store: "15x15-5+3"
    rules: Rules
    clock: str         # as the clocks are written: "5+3"
    opening: Opening = Opening()

    @property
    def words(self) -> str:
        """ "15×15, 5+3", as a button says it."""
        return f"{self.rules.size}×{self.rules.size}, {self.clock}"


def _pool(board: str, clock: str, opening: str = "none") -> Pool:
    return Pool(f"{board}-{clock}", BOARDS[board], clock, Opening(OpeningRule(opening)))


POOLS: dict[str, Pool] = {pool.id: pool for pool in (
    _pool("15x15", "3+2", "swap2"), _pool("15x15", "5+3", "swap2"), _pool("15x15", "10+0", "swap2"),
    _pool("7x7", "2+1"), _pool("5x5", "1+1"))}


def parse_pool(raw: str | None) -> Pool:
    """The pool a form names (its id), or InvalidInput listing them."""
    if raw in POOLS:
        return POOLS[raw]
    raise InvalidInput(f"There is no quick-pairing pool “{(raw or '')[:20]}”; choose one of: {', '.join(POOLS)}.")


def parse_mode(raw: str | None, name: str | None) -> Mode:
    """Rated or casual (default casual); rated needs an account."""
    try:
        mode = Mode(raw or Mode.CASUAL)
    except ValueError:
        raise InvalidInput(f"A game is rated or casual, not “{(raw or '')[:20]}”.") from None
    if mode == Mode.RATED and name is None:
        raise InvalidInput("A rated game needs an account: sign in, or play a casual game.")
    return mode


def pool_key(pool: Pool, mode: Mode) -> str:
    """Where a pool of players waits in the store: its game and its mode ("15x15-5+3/rated")."""
    return f"{pool.id}/{mode}"


@dataclass(frozen=True)
class Entry:
    """One player waiting in a pool: who (player id, account), their rating on
    the pool's board as it stood when they pressed, their address (the bound
    on entries a network may hold), and when they joined."""

    player: str
    name: str | None
    pool: str           # pool_key: the pool and mode
    rating: LobbyRating | None
    address: str
    joined: float
    deadline: float = field(default=0.0, compare=False)  # when it goes unless seen (kept beside it by the stores)

    def waited(self, now: float) -> float:
        return max(0.0, now - self.joined)

    @property
    def seated(self) -> Seated:
        return Seated(self.player, self.name)

    @property
    def mode(self) -> Mode:
        return Mode(self.pool.rpartition("/")[2])

    @property
    def game(self) -> Pool:
        return POOLS[self.pool.rpartition("/")[0]]

    def to_data(self) -> dict[str, Any]:
        return {"player": self.player, "name": self.name, "pool": self.pool,
                "rating": self.rating.value if self.rating else None,
                "provisional": self.rating.provisional if self.rating else None,
                "address": self.address, "joined": self.joined}

    @classmethod
    def from_data(cls, data: dict[str, Any], deadline: float = 0.0) -> Entry:
        rating = None if data["rating"] is None else LobbyRating(data["rating"], bool(data["provisional"]))
        return cls(data["player"], data["name"], data["pool"], rating, data["address"], data["joined"], deadline)


def entry_made(player: str, name: str | None, pool: Pool, mode: Mode, rating: LobbyRating | None, address: str,
               now: float) -> Entry:
    return Entry(player, name, pool_key(pool, mode), rating, address, now, now + SEEN_SECONDS)


def seen_deadline(entry: Entry, now: float) -> float:
    """When entry goes if its page is not seen again: SEEN_SECONDS on, within ENTRY_SECONDS of joining."""
    return min(now + SEEN_SECONDS, entry.joined + ENTRY_SECONDS)


def widest_gap(rating: int) -> float:
    """The most a pair's score may be (lila's ratingToMaxScore): 130 below 1000, 100 to 1500, then rating/15."""
    if rating < 1000:
        return 130.0
    return 100.0 if rating < 1500 else rating / 15


def pair_score(a: Entry, b: Entry, now: float, blocks: frozenset[frozenset[str]] = frozenset()) -> float | None:
    """How good a game a and b would make (lower is better), or None if they
    may not be paired: the same player or account, a block between them, or
    (rated) ratings too far apart for the time they have waited."""
    if a.player == b.player or a.name is not None and b.name is not None and a.name.lower() == b.name.lower():
        return None
    if a.name is not None and b.name is not None and frozenset((a.name.lower(), b.name.lower())) in blocks:
        return None
    if a.rating is None or b.rating is None:
        return 0.0  # casual, and one of them anonymous: whoever has waited longest (the caller's tie-break)
    bonus = min(WAIT_BONUS_PER_SECOND * min(a.waited(now), b.waited(now)), WAIT_BONUS_MOST)
    provisional = PROVISIONAL_BONUS if a.rating.provisional and b.rating.provisional else 0.0
    score = abs(a.rating.value - b.rating.value) - bonus - provisional
    if a.mode == Mode.RATED and score > widest_gap(min(a.rating.value, b.rating.value)):
        return None
    return score


RATED_REACH = WAIT_BONUS_MOST + PROVISIONAL_BONUS + 300
"""No two ratings further apart are paired in a rated pool (the widest gap, rating/15, is under 300 below 4500)."""


def candidates(entries: Iterable[Entry]) -> Iterator[tuple[Entry, Entry]]:
    """The pairs worth scoring: every pair, but in a rated pool only those
    within RATED_REACH (walked in rating order), so that a full rated pool's
    round costs about n times its neighbours, not n squared."""
    found = list(entries)
    if not found or found[0].mode == Mode.CASUAL or any(entry.rating is None for entry in found):
        yield from combinations(found, 2)
        return
    ordered = sorted(found, key=lambda entry: entry.rating.value if entry.rating else 0)
    for index, a in enumerate(ordered):
        for b in ordered[index + 1:]:
            if a.rating is not None and b.rating is not None and b.rating.value - a.rating.value > RATED_REACH:
                break
            yield a, b


def pairings(entries: Iterable[Entry], now: float, blocks: frozenset[frozenset[str]] = frozenset()
             ) -> list[tuple[Entry, Entry]]:
    """The pairs to make now among one pool's entries: the best scores first,
    the longest waiting first among equals, each entry in one pair at most."""
    ranked = []
    for a, b in candidates(entries):
        score = pair_score(a, b, now, blocks)
        if score is not None:
            ranked.append((score, min(a.joined, b.joined), max(a.joined, b.joined), a, b))
    ranked.sort(key=lambda pair: pair[:3])
    taken: set[str] = set()
    found = []
    for *_, a, b in ranked:
        if a.player not in taken and b.player not in taken:
            taken.update((a.player, b.player))
            found.append((a, b))
    return found


def colours(a: Entry, b: Entry) -> tuple[Seated, Seated]:
    """X's and O's players of a pair: drawn at random (swap2 lets the players choose again)."""
    return (a.seated, b.seated) if secrets.randbelow(2) else (b.seated, a.seated)


def waited_words(seconds: float) -> str:
    """ "12 seconds", "1 min 05 s": how long the page says one has waited."""
    whole = math.floor(seconds)
    if whole < 60:
        return f"{whole} second{'s' if whole != 1 else ''}"
    return f"{whole // 60} min {whole % 60:02d} s"
