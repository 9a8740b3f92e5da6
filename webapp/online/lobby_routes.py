"""Routes for the lobby, where strangers meet: /lobby (the open seeks this
visitor may accept, their own seek, and the form to make one), making,
cancelling and accepting a seek, the lobby's live stream, and /watch, the
lobby's games being played now.

Thin, as every feature's routes are: the seek and who may accept it are
lobby.py's, where seeks are kept seek_store.py's, the game made on an accept
pairing.py's (the live game of routes.py, with its clock and offers). Every
form is a plain form that answers with a redirect (303), so that all of it
works with JavaScript off: the seeker's page, reloaded (it reloads itself
every SEEKER_RELOAD_SECONDS without JavaScript), finds the game and goes there.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import NoReturn

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    get_template_attribute,
    redirect,
    render_template,
    request,
    stream_with_context,
    url_for,
)
from markupsafe import Markup
from werkzeug.exceptions import ServiceUnavailable, TooManyRequests
from werkzeug.wrappers import Response as Redirect

from webapp.engine import BOARDS, RULES, Rules, rules_offered
from webapp.online.clock import parse_time_control
from webapp.online.hub import Hub
from webapp.online.lobby import (
    GONE,
    RATING_RANGES,
    LobbyRating,
    Seek,
    is_seek_id,
    lobby_rating,
    parse_blocked_name,
    parse_colour,
    parse_rated,
    parse_rating_range,
    seek_made,
)
from webapp.online.pairing import Seated, game_for_two
from webapp.online.pools import POOLS
from webapp.online.seek_store import BLOCKS_KEPT, LOBBY, Added, SeekStore, seeks_store
from webapp.online.shared_game import SharedGame
from webapp.online.streams import KEEP_ALIVE_SECONDS
from webapp.online.web import (
    PROCESS_STREAMS,
    STREAM_RETRY_SECONDS,
    games,
    limit,
    limit_address,
    schedule_abort,
    signed_in_name,
    stream_bounds,
    this_player,
)
from webapp.shared.errors import Conflict, Forbidden, InvalidInput
from webapp.shared.forms import parse_opening
from webapp.shared.web import is_htmx, never_cached, plain_error
from webapp.storage.errors import STORE_ERRORS

bp = Blueprint("lobby", __name__)
SEEKER_RELOAD_SECONDS = 15
"""How often a seeker's lobby page reloads itself without JavaScript, to find the game once accepted."""
WATCH_COUNT = 20
"""The games /watch lists (the lobby's page, the first LOBBY_WATCH_COUNT, drawn with the page, not by its stream:
every stream's message would load them again)."""
LOBBY_WATCH_COUNT = 5
LIST_PAUSE_SECONDS = 1.0
"""The least time between two lists a lobby stream sends: a burst of seeks made and taken (200 in a few seconds)
is sent as one list a second, not one a change, each drawn for its page; the match is looked for at every change."""
SEEKS_SHOWN = 50
"""The most seeks the lobby lists at once (SEEKS_OPEN may be many more): a page, and a stream's message, stay small."""


def init_app(app: Flask) -> None:
    """The seeks' store, beside the games' (Redis when REDIS_URL is set), and its Hub."""
    where = app.extensions["online_where"]
    store = seeks_store(where.redis(), app.instance_path, where.idle_seconds)
    app.extensions.update(lobby_seeks=store, lobby_hub=Hub(store), lobby_lists=SharedList())


class SharedList:
    """The lobby as this process's streams last read it: the open seeks at a
    version, each seek's item in the list (the same for every visitor), and
    the whole list as an anonymous visitor without a seek sees it (the same
    for all of them). Read and drawn once a change, not once a stream: 1,000
    open lobby pages, or 100 seekers' pages, would otherwise each read the
    store and draw the list at every seek made or taken (docs/measurements.md,
    make load-lobby)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._version = -1
        self._seeks: list[Seek] = []
        self._items: dict[str, Markup] = {}
        self._anonymous: str | None = None

    def seeks_at(self, version: int) -> list[Seek]:
        """The open seeks as of version or later (read from the store if this process has not read them at it)."""
        with self._lock:
            return self._read(version)

    def _read(self, version: int) -> list[Seek]:
        if self._version != version:  # (!=: a store begun afresh, Redis emptied, counts from 0 again)
            self._seeks, self._version, self._anonymous = seeks().open_seeks(), version, None
            still_open = {seek.id for seek in self._seeks}
            self._items = {seek_id: item for seek_id, item in self._items.items() if seek_id in still_open}
        return self._seeks

    def items(self, listed: list[Seek]) -> list[Markup]:
        """Each seek's item in the list, drawn the first time it is listed."""
        draw = get_template_attribute("online/_lobby_seeks.html", "seek_item")
        with self._lock:
            for seek in listed:
                if seek.id not in self._items:
                    self._items[seek.id] = draw(seek)
            return [self._items[seek.id] for seek in listed]

    def anonymous_at(self, version: int, draw: Callable[[list[Seek]], str]) -> str:
        """The list an anonymous visitor without a seek sees, as of version or later: drawn once a change."""
        with self._lock:
            listed = self._read(version)
            anonymous = self._anonymous
        if anonymous is None:
            anonymous = draw(listed)  # (outside the lock: drawing takes it, for the items)
            with self._lock:
                if self._seeks is listed:
                    self._anonymous = anonymous
        return anonymous


def seeks() -> SeekStore:
    return current_app.extensions["lobby_seeks"]


def player_made() -> str:
    """This browser's player id (web.this_player), made and set as a cookie if it has none."""
    player = this_player()
    if player is None:
        raise RuntimeError("a player is made when none is found")
    return player


def rating_of(name: str | None, rules: Rules) -> LobbyRating | None:
    """name's rating on rules' board as the lobby shows and judges it, from the ratings store, as of now."""
    return lobby_rating(games().ratings, name, rules, time.time())


@bp.get("/lobby")
def index() -> Redirect | str:
    """The lobby as this visitor sees it; a seeker whose seek was accepted goes to the game."""
    never_cached()
    player = player_made()
    if (game_id := seeks().match_of(player, forget=True)) is not None:
        return redirect(url_for("online.show", game_id=game_id), 303)
    seeks().seen(player)
    return render_template("online/lobby.html", **_lobby_context(player, signed_in_name()),
                           version=seeks().version(), watched=_games_to_watch(LOBBY_WATCH_COUNT))


@bp.get("/lobby/game")
def to_game() -> Redirect:
    """Where a seeker's stream sends the page once their seek is accepted: the game, or the lobby."""
    player = this_player(make=False)
    game_id = seeks().match_of(player, forget=True) if player else None
    if game_id is None:
        return redirect(url_for("lobby.index"), 303)
    return redirect(url_for("online.show", game_id=game_id), 303)


@bp.post("/lobby/seeks")
def create() -> Redirect:
    """A new seek, one a player: the form's board, rule, opening rule, clock, rated or casual, colour and range."""
    player, name = player_made(), signed_in_name()
    rules = parse_strict_rule(request.form.get("board"), request.form.get("rule"))
    opening = parse_opening(request.form.get("opening"), rules)
    control = parse_time_control(request.form.get("clock"), current_app.extensions["time_controls"])
    rated = parse_rated(request.form.get("rated"), name, rules)
    rating_range = parse_rating_range(request.form.get("range"), rated)
    colour = parse_colour(request.form.get("colour"))
    _limit_seeks(player, name, "made")
    seek = seek_made(player, name, rules, opening, control.written if control else None, rated, colour,
                     rating_range, rating_of(name, rules))
    added = seeks().add(seek, current_app.config["SEEKS_OPEN"])
    if added == Added.OWNER_HAS_ONE:
        raise Conflict("You have a seek open already: cancel it to make another.")
    if added == Added.FULL:
        raise ServiceUnavailable("The lobby is full of seeks just now; accept one, or try again in a minute.",
                                 retry_after=60)
    return redirect(url_for("lobby.index"), 303)


@bp.post("/lobby/seeks/<seek_id>/cancel")
def cancel(seek_id: str) -> Redirect:
    player = this_player(make=False)
    seek = _seek_or_404(seek_id)
    if seek.owner != player:
        raise Forbidden("Only the player who made a seek may cancel it.")
    seeks().take(seek_id)
    return redirect(url_for("lobby.index"), 303)


@bp.post("/lobby/seeks/<seek_id>/accept")
def accept(seek_id: str) -> Redirect:
    """Accept a seek: the game is made with both seated, the seeker's page is
    sent there (its stream, or its next reload), and this browser goes there."""
    player, name = player_made(), signed_in_name()
    seek = _seek_or_404(seek_id)
    problem = seek.acceptance_problem(player, name, rating_of(name, seek.rules), _blocks(name))
    if problem == GONE:
        _gone()
    if problem is not None:
        raise (Conflict if seek.owner == player or seek.name == name else Forbidden)(problem)
    _limit_seeks(player, name, "accepted")
    if seeks().take(seek_id) is None:
        _gone()
    if (own := seeks().of_owner(player)) is not None:
        seeks().take(own.id)  # one game at a time from the lobby: the acceptor's own seek ends
    x, o = seek.seats(Seated(player, name))
    control = current_app.extensions["time_controls"].get(seek.clock) if seek.clock else None
    game = game_for_two(games(), seek.rules, x, o, seek.opening, control, seek.rated)
    schedule_abort(game)
    seeks().playing(game.id, _mean_rating(seek, name))
    seeks().match(seek.owner, game.id)
    return redirect(url_for("online.show", game_id=game.id), 303)


@bp.post("/lobby/blocks")
def block() -> Redirect:
    """Block a player (by account name): neither sees the other's seeks from now on."""
    name = signed_in_name()
    blocked = parse_blocked_name(request.form.get("name"), name)
    _limit_seeks(player_made(), name, "blocked")
    if not seeks().block((name or "").lower(), blocked):
        raise Conflict(f"You block {BLOCKS_KEPT} players already, the most: unblock one first.")
    return redirect(url_for("lobby.index"), 303)


@bp.post("/lobby/blocks/<blocked>/remove")
def unblock(blocked: str) -> Redirect:
    """Unblock a player: counted with the blocks and seeks, since each change redraws every open lobby page."""
    name = signed_in_name()
    blocked_name = parse_blocked_name(blocked, name)
    _limit_seeks(player_made(), name, "blocked")
    seeks().unblock(name.lower() if name else "", blocked_name)
    return redirect(url_for("lobby.index"), 303)


@bp.get("/lobby/events")
def events() -> Response:
    """The lobby's list as server-sent events, drawn for this visitor at every
    change; a `paired` event with where to go once their seek is accepted.
    Counted, as a game's streams are, per browser, per client and per process."""
    player, name = this_player(make=False), signed_in_name()
    after = _version_asked(request.headers.get("Last-Event-ID") or request.args.get("after"))
    streams, bounds = current_app.extensions["online_streams"], stream_bounds(player)
    full = streams.take(bounds)
    if full == PROCESS_STREAMS:
        raise ServiceUnavailable("This server is holding all the live pages it can; the page will try again.",
                                 retry_after=5)
    if full is not None:
        raise TooManyRequests("This browser or network already has as many live pages open as it may; close one, "
                              "and the page will try again.", retry_after=STREAM_RETRY_SECONDS)
    live = _lobby_stream(player, name, min(after, seeks().version()))
    response = Response(stream_with_context(live), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    response.call_on_close(lambda: streams.give_back(bounds))
    return response


@bp.get("/watch")
def watch() -> str:
    """The lobby's games being played now, highest rated first; each opens as a spectator."""
    never_cached()
    return render_template("online/lobby_watch.html", watched=_games_to_watch(WATCH_COUNT))


def _lobby_stream(player: str | None, name: str | None, after: int) -> Iterator[str]:
    """Every change of the lobby, with the list as this visitor sees it then
    (at most one list every LIST_PAUSE_SECONDS), until the stream's time is
    up (the page then reconnects). An owner's
    streams keep their seek open; their last one closing leaves it a grace."""
    hub: Hub = current_app.extensions["lobby_hub"]
    try:
        opened = seeks().open_stream(player) if player else None
    except STORE_ERRORS:
        return
    client_left = False
    try:
        yield "retry: 1000\n\n"
        closes, refreshed = time.monotonic() + current_app.config["STREAM_SECONDS"], time.monotonic()
        listed = -LIST_PAUSE_SECONDS  # (monotonic time: the first list goes at once)
        while time.monotonic() < closes and not hub.stopping:
            if player and seeks().match_of(player) is not None:
                yield f"event: paired\ndata: {url_for('lobby.to_game')}\n\n"
                return
            version, pause_left = seeks().version(), listed + LIST_PAUSE_SECONDS - time.monotonic()
            if version > after and pause_left <= 0:
                yield _list_message(version, player, name)
                after, listed = version, time.monotonic()
            elif version > after:
                hub.wait(LOBBY, version, pause_left)  # the next change (a match) wakes it sooner
            elif not hub.wait(LOBBY, after, min(KEEP_ALIVE_SECONDS, closes - time.monotonic())):
                yield ": keep-alive\n\n"
            if opened and player and time.monotonic() - refreshed >= KEEP_ALIVE_SECONDS:
                seeks().refresh_stream(opened)
                seeks().seen(player)
                refreshed = time.monotonic()
    except GeneratorExit:
        client_left = True
        raise
    except STORE_ERRORS:
        current_app.logger.warning("Seek store failed during a lobby stream; the page will reconnect", exc_info=True)
    finally:
        _close(opened, player, client_left)


def _close(opened: str | None, player: str | None, client_left: bool) -> None:
    """Forget a stream; if its page went away and it was its player's last, their seek has a grace left."""
    if opened is None or player is None:
        return
    try:
        if not seeks().close_stream(opened) and client_left:
            seeks().left(player)
    except STORE_ERRORS:
        pass


def _list_message(version: int, player: str | None, name: str | None) -> str:
    """A stream's message: the list as this visitor sees it at version (shared by every anonymous visitor
    without a seek of their own, who all see the same)."""
    shared: SharedList = current_app.extensions["lobby_lists"]
    open_seeks = shared.seeks_at(version)

    def draw(listed: list[Seek]) -> str:
        return render_template("online/_lobby_seeks.html", **_lobby_context(player, name, listed))

    if name is None and not any(seek.owner == player for seek in open_seeks):
        html = shared.anonymous_at(version, draw)
    else:
        html = draw(open_seeks)
    return "\n".join([f"id: {version}", *(f"data: {line}" for line in html.splitlines())]) + "\n\n"


def _lobby_context(player: str | None, name: str | None,
                   open_seeks: list[Seek] | None = None) -> dict[str, object]:
    """What the lobby's templates show this visitor: their seek, the seeks they may accept, the form's choices
    (of open_seeks, if given: else as the store has them now)."""
    open_seeks, blocks = seeks().open_seeks() if open_seeks is None else open_seeks, _blocks(name)
    mine = next((seek for seek in open_seeks if seek.owner == player), None)
    acceptable = [seek for seek in open_seeks if seek.owner != player
                  and seek.acceptance_problem(player, name, rating_of(name, seek.rules), blocks) is None]
    return {"blocked": sorted(seeks().blocked_by(name.lower())) if name else [], "mine": mine, "name": name,
            "boards": BOARDS, "rules": RULES,
            "rating_ranges": RATING_RANGES, "seeker_reload": SEEKER_RELOAD_SECONDS, "pools": POOLS.values(),
            "acceptable": acceptable[:SEEKS_SHOWN], "more_seeks": max(0, len(acceptable) - SEEKS_SHOWN),
            "items": current_app.extensions["lobby_lists"].items(acceptable[:SEEKS_SHOWN])}


def _blocks(name: str | None) -> frozenset[str]:
    """The names name blocks or is blocked by (lower case): none for an anonymous visitor."""
    if name is None:
        return frozenset()
    return frozenset(seeks().blocked_by(name.lower()) | seeks().blocking(name.lower()))


def _games_to_watch(count: int) -> list[SharedGame]:
    """The lobby's games still going on, highest rated first."""
    found = (games().get(game_id) for game_id in seeks().games_playing(count * 3))
    going = [game for game in found if isinstance(game, SharedGame) and not game.as_of(time.time()).is_over]
    return going[:count]


def _mean_rating(seek: Seek, acceptor: str | None) -> float:
    """The players' mean rating, which orders /watch (an anonymous player counts 0)."""
    ratings = (seek.rating, rating_of(acceptor, seek.rules))
    return sum(rating.value if rating else 0 for rating in ratings) / 2


def parse_strict_rule(raw_board: str | None, raw_rule: str | None) -> Rules:
    """The seek's board under its rule, which must be one the board is played
    under (unlike the invitation's form, which falls back to freestyle: a
    stranger must get exactly the game the lobby showed)."""
    if raw_board not in BOARDS:
        raise InvalidInput(f"There is no board “{(raw_board or '')[:12]}”; choose one of: {', '.join(BOARDS)}.")
    board = BOARDS[raw_board]
    rule = raw_rule or "freestyle"
    if rule not in rules_offered(board):
        raise InvalidInput(f"The {board.board_name} board is played under {', '.join(rules_offered(board))}, "
                           f"not “{rule[:20]}”.")
    return board.with_rule(rule)


def _limit_seeks(player: str, name: str | None, done: str) -> None:
    """Refuse (429) past SEEKS_PER_MINUTE seeks made, or accepted, by this browser or account, and past the
    address's bound (ADDRESS_PER_MINUTE, with games started and codes tried)."""
    most = current_app.config["SEEKS_PER_MINUTE"]
    words = f"{most} seeks were {done} from this browser in the last minute"
    limit(f"seeks-{done}:player:{player}", most, words)
    if name is not None:
        limit(f"seeks-{done}:account:{name}", most, words.replace("browser", "account"))
    limit_address(f"Many seeks were {done} from your network")


def _seek_or_404(seek_id: str) -> Seek:
    seek = seeks().get(seek_id) if is_seek_id(seek_id) else None
    if seek is None:
        _gone()
    return seek


def _gone() -> NoReturn:
    abort(404, description=GONE)


def _version_asked(raw: str | None) -> int:
    if raw is None or raw == "":
        return 0
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 12:
        raise InvalidInput("An event id is a number.")
    return int(raw)


def refused(message: str, status: int) -> tuple[str, int]:
    """The lobby unchanged, with a message saying why (a plain error page for the stream and /watch)."""
    if request.endpoint in ("lobby.events", "lobby.watch") or is_htmx():
        return render_template("error.html", error=plain_error(status, message)), status
    player, name = this_player(make=False), signed_in_name()
    return render_template("online/lobby.html", **_lobby_context(player, name), version=seeks().version(),
                           watched=[], message=message), status
