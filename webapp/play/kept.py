"""Where a match's score and My games are kept: the browser's session, or,
signed in, the account's "play" part (webapp.storage.account_parts), so that
every browser signed in to one account shows the same score and games.

Why the account's part and not the session: a session is one browser's, and
an account is a person on any browser. The current game, the coach, the hint
and the move numbers stay the browser's (a game is played on one screen);
the score, the finished games (My games, the last HISTORY_LENGTH) and the
MENACE (webapp.shared.my_menace, which /learn shows too) are the account's.

- Carried once, on sign-up: the first play request of a session that made
  its account (identity's signed_up) moves the browser's score and My games
  into the account. One atomic update, marked "carried" in the part, so two
  requests at once (or a retry) carry them once. The browser's are then
  emptied: they are the account's, and signed out the browser shows nothing
  of the account (as lichess does), so the score and My games start afresh.
- Signing in to an account made before (not signed_up) carries nothing: the
  browser's anonymous games stay the browser's, out of sight while signed in
  and back once signed out. Merging them into an existing account would put
  the games of whoever used this browser (a shared computer) into it.
- Each change is kept as what it changed (a game finished, counts added, the
  score reset), applied to the part as it is in the store: two browsers of
  one account finishing games at once both count.
- Deleting the account forgets its parts (webapp.accounts calls the store):
  its rated games stay, anonymised, as the ratings keep them.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any

from webapp.play.match import HISTORY_LENGTH, SESSION_PART, Match
from webapp.shared.identity import signed_in
from webapp.shared.players import OUR_PLAYERS, Roster
from webapp.storage.account_parts import AccountParts, Change
from webapp.storage.session_parts import keep_part, part

PART = "play"
"""Play's part of an account: {"score": counts, "history": finished games as the session keeps them,
"carried": whether the browser's were carried in}."""


def kept_match(session: MutableMapping[str, Any], parts: AccountParts, roster: Roster = OUR_PLAYERS) -> Match:
    """This browser's match; signed in, with the account's score, My games
    and MENACE (carrying the browser's into a new account first)."""
    account = signed_in(session)
    if account is not None and account.signed_up:
        carry(session, account.id, parts)
    match = Match.kept_in(session, roster, parts)
    if account is None:
        return match
    return match.with_kept(parts.read(account.id, PART), roster)


def keep_match(before: Match, after: Match, session: MutableMapping[str, Any], parts: AccountParts) -> None:
    """Keep after, the match read as before and changed by one action: signed
    in, what the action changed in the account's part; then the session and
    the MENACE (which may refuse one too large to keep: the game stays counted)."""
    account = signed_in(session)
    change = changes(before, after) if account is not None else None
    if account is not None and change is not None:
        parts.update(account.id, PART, change)
    after.keep_in(session, parts)


def carry(session: MutableMapping[str, Any], account_id: int, parts: AccountParts) -> None:
    """Move the browser's score and My games into the account, unless it has
    them already (once: "carried"); the browser's are emptied. Nothing to do
    where the browser has none (so a signed-up session's later requests write nothing)."""
    own = part(session, SESSION_PART)
    score, history = own.get("score"), own.get("history")
    if not score and not history:
        return

    def carried(kept: dict[str, Any]) -> dict[str, Any]:
        if kept.get("carried"):
            return kept
        counts = _counts(kept.get("score"))
        for key, count in _counts(score).items():
            counts[key] = counts.get(key, 0) + count
        games = [*_games(kept.get("history")), *_games(history)][:HISTORY_LENGTH]
        return {**kept, "score": counts, "history": games, "carried": True}

    parts.update(account_id, PART, carried)
    keep_part(session, SESSION_PART, {**own, "score": {}, "history": []})


def changes(before: Match, after: Match) -> Change | None:
    """What one action changed in the score and My games, as a change to the
    account's part (None: nothing): games newly finished go first, counts
    are added, a score reset empties it."""
    finished = [game.to_session() for game in after.history
                if not any(game is old for old in before.history)]
    reset = not after.score.counts and bool(before.score.counts)
    added = {key: count - before.score.counts.get(key, 0) for key, count in after.score.counts.items()
             if count > before.score.counts.get(key, 0)}
    if not finished and not reset and not added:
        return None

    def changed(kept: dict[str, Any]) -> dict[str, Any]:
        counts = {} if reset else _counts(kept.get("score"))
        for key, count in added.items():
            counts[key] = counts.get(key, 0) + count
        games = [*finished, *_games(kept.get("history"))][:HISTORY_LENGTH]
        return {**kept, "score": counts, "history": games}
    return changed


def _counts(kept: Any) -> dict[str, int]:
    """A score's counts as kept, or none if they do not read as counts."""
    if not isinstance(kept, Mapping):
        return {}
    return {key: count for key, count in kept.items() if isinstance(key, str) and type(count) is int and count >= 0}


def _games(kept: Any) -> list[Any]:
    """My games as kept, or none."""
    return list(kept[:HISTORY_LENGTH]) if isinstance(kept, list) else []
