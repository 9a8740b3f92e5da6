"""Playing strangers, in the browser: an account signed up, the lobby with
seeks, a seek accepted, a rated game from the lobby and its endings (an
abort, the server's abort, a claim, a resignation with the rating change),
the games being played now, a player's page and the leaderboards; and the
rated games the leaderboards need, played into an instance folder before its
server starts (seed_ratings). The states themselves are harness.states'
STRANGERS.

Every state makes accounts of its own (a name drawn each time: the server
keeps its accounts), and each browser it opens besides the page is a context
of its own, closed before the state returns, but where the state is that a
player has left. The two states that wait on the server's clock (the first
move's 30 seconds, a claim's) are reached once a server: the next time, the
page is given the player's cookies and opens the game again.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page, expect

from harness.browsing import until
from webapp.online import endings

if TYPE_CHECKING:
    from webapp.online.pairing import Seated
    from webapp.online.shared_game import SharedGame
    from webapp.online.store import GameStore

PASSWORD = "a long enough passphrase"
GAME_URL = re.compile(r"/g/[\w-]{22}$")
SLOW_SECONDS = 75
"""The longest a state waits on the server's clock: a claim's 30 seconds from the moment the server sees the
page gone, which a quiet stream finds out at its next keep-alive (15 s)."""
SEEDED = ("Ada", "Bartholomew_Longname", "Chidi", "Dagny", "Eun-ji", "Farid")
"""The players seed_ratings makes, with ratings settled enough for the leaderboards."""
SEEDED_ROUNDS = 6
"""Round-robins among SEEDED: 30 rated games each, their deviations well under the leaderboards' 100."""


def origin(page: Page) -> str:
    """The server the page is on (scheme, host and port), for the other browsers a state opens."""
    parts = urlsplit(page.url)
    return f"{parts.scheme}://{parts.netloc}"


def fresh_name(prefix: str) -> str:
    """An account name not taken yet on this server (3 to 20 characters)."""
    return f"{prefix}-{secrets.token_hex(3)}"


def sign_up(page: Page, prefix: str) -> str:
    """Sign up a new account in this page's browser; its name (the browser is signed in)."""
    name = fresh_name(prefix)
    page.goto("/signup")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    return name


def other_browser(page: Page) -> Page:
    """A page in a browser of its own (another person), on the same server."""
    return page.context.browser.new_context(base_url=origin(page)).new_page()


def close_others(page: Page, *others: Page) -> None:
    """Close the other people's browsers: the state's own page stays."""
    for other in others:
        if other.context is not page.context:
            other.context.close()


def seek(page: Page, board: str = "7x7", rated: bool = False, colour: str = "x", clock: str = "none",
         rule: str = "freestyle", opening: str = "", rating_range: str = "any") -> None:
    """From the lobby, seek a game; wait until the page shows the seek and its stream is open."""
    page.goto("/lobby")
    page.locator("#seek-board").select_option(board)
    page.locator("#seek-rule").select_option(rule)
    if opening:
        page.locator("#seek-opening").select_option(opening)
    page.locator("#seek-clock").select_option(clock)
    page.locator("#seek-colour").select_option(colour)
    if rated:
        page.locator("#seek-rated").select_option("rated")
        page.locator("#seek-range").select_option(rating_range)
    page.get_by_role("button", name="Seek", exact=True).click()
    expect(page.locator("#my-seek-heading")).to_be_visible()
    until(page, "document.querySelector('.live')?._htmx?.sse?.status === 200", "the lobby's stream opening")


def accept(page: Page, seeker: str | None) -> None:
    """From the lobby, accept the seek of the account seeker (None: an anonymous seek, the first)."""
    page.goto("/lobby")
    who = re.escape(seeker or "Anonymous")
    page.get_by_role("button", name=re.compile(f"^Accept {who}'s seek")).first.click()
    expect(page).to_have_url(GAME_URL, timeout=10_000)


@dataclass
class Table:
    """A lobby game with both players at the board: X's page and O's, and their names."""

    x: Page
    o: Page
    x_name: str
    o_name: str


def rated_game(page: Page, board: str = "7x7", seated: str = "o") -> Table:
    """Two accounts meet in the lobby and sit at a rated game on board; page is the player at seated."""
    page.goto("/lobby")
    other = other_browser(page)
    x, o = (page, other) if seated == "x" else (other, page)
    x_name, o_name = sign_up(x, "black"), sign_up(o, "white")
    seek(x, board, rated=True, colour="x")
    accept(o, x_name)
    expect(x).to_have_url(GAME_URL, timeout=10_000)  # sent by its lobby's stream
    for each in (x, o):
        expect(each.locator(".players")).to_contain_text("Rated")
    return Table(x, o, x_name, o_name)


def play(table: Table, *cells: int) -> None:
    """Play cells in turn, X first, each by its player's click; wait until both pages show each move."""
    for ply, cell in enumerate(cells):
        mover = table.x if ply % 2 == 0 else table.o
        mover.locator(f'.grid button[value="{cell}"]').click()
        for each in (table.x, table.o):
            expect(each.locator(".moves li")).to_have_count(ply + 1)


def the_lobby_with_open_seeks(page: Page) -> None:
    """The lobby as a signed-in visitor sees it: an anonymous casual seek on a clock, a rated renju seek opened
    by RIF, and one player on the block list."""
    page.goto("/lobby")
    anonymous, signed_in = other_browser(page), other_browser(page)
    seek(anonymous, "7x7", clock="5+3", colour="x")
    sign_up(signed_in, "renju")
    seek(signed_in, "15x15", rated=True, colour="random", rule="renju", opening="rif", rating_range="200")
    sign_up(page, "visitor")
    page.goto("/lobby")
    page.get_by_label("Player's name").fill(fresh_name("rude"))
    page.get_by_role("button", name="Block", exact=True).click()
    expect(page.get_by_role("button", name=re.compile("^Unblock"))).to_have_count(1)
    expect(page.locator(".seeks li")).not_to_have_count(0)
    close_others(page, anonymous, signed_in)  # their seeks stay a grace, long enough to be seen


def a_seekers_page(page: Page) -> None:
    """A signed-in player's own rated seek, open, in the lobby (with the seeks of others, if any)."""
    sign_up(page, "seeker")
    seek(page, "15x15", rated=True, colour="o", clock="10+5", rule="standard", opening="swap2", rating_range="200")


def the_games_being_played_now(page: Page) -> None:
    """/watch while a rated lobby game is being played, and a casual one between anonymous players."""
    table = rated_game(page, "15x15", seated="o")
    play(table, 112, 113)
    casual_x, casual_o = other_browser(page), other_browser(page)
    seek(casual_x, "5x5", colour="x")
    accept(casual_o, None)
    close_others(page, table.x, casual_x, casual_o)
    page.goto("/watch")
    expect(page.locator(".watched li")).not_to_have_count(0)


def a_rated_game_under_way(page: Page) -> None:
    """A rated 15×15 game from the lobby, mid-game: the names and ratings beside the board."""
    table = rated_game(page, "15x15", seated="x")
    play(table, 112, 113, 97, 98)
    close_others(page, table.o)


def before_both_have_moved(page: Page) -> None:
    """A rated game whose black has moved and white not yet: white may abort it."""
    table = rated_game(page, "7x7", seated="o")
    play(table, 24)
    expect(page.get_by_role("button", name="Abort the game")).to_be_visible()
    close_others(page, table.x)


def aborted_by_a_player(page: Page) -> None:
    """The game white aborted before making a first move, as black sees it."""
    table = rated_game(page, "7x7", seated="x")
    play(table, 24)
    table.o.get_by_role("button", name="Abort the game").click()
    expect(page.locator("#status")).to_contain_text("aborted the game")
    close_others(page, table.o)


def a_rated_games_end(page: Page) -> None:
    """A rated game that white resigned, as black sees it: the rating change."""
    table = rated_game(page, "7x7", seated="x")
    play(table, 24, 25, 17)
    table.o.locator("summary", has_text="Resign").click()
    table.o.get_by_role("button", name="Yes, give up this game").click()
    expect(page.locator(".rating-change")).to_contain_text("Your rating:")
    close_others(page, table.o)


_REACHED: dict[tuple[str, str], tuple[str, list[Any]]] = {}
"""The slow states reached on a server (its origin, the state): the page's address and its browser's cookies."""


def reached_once(page: Page, state: str, reach: Callable[[Page], object]) -> None:
    """Reach a slow state the first time on this server; later, open its page again with its cookies."""
    page.goto("/healthz")
    key = (origin(page), state)
    if key in _REACHED:
        url, cookies = _REACHED[key]
        page.context.add_cookies(cookies)
        page.goto(url)
        return
    reach(page)
    _REACHED[key] = (page.url, page.context.cookies())


def _server_aborted(page: Page) -> None:
    """Black never moves; once its time is up the page, loaded again, says so (the game read then is aborted,
    whether or not the job has run yet). Loaded again once, not every second: each load is a stream more of
    this player's until the server finds the last one gone, and past STREAMS_PER_PLAYER they are refused."""
    table = rated_game(page, "7x7", seated="o")
    close_others(page, table.x)
    page.wait_for_timeout((endings.FIRST_MOVE_SECONDS + 1) * 1000)  # the server's, where it runs here
    page.reload()
    expect(page.locator("#status")).to_contain_text("did not come", timeout=SLOW_SECONDS * 1000)


def aborted_by_the_server(page: Page) -> None:
    """A rated game whose black never made a first move: the server aborted it after 30 seconds."""
    reached_once(page, "aborted by the server", _server_aborted)


def _claim_due(page: Page) -> Table:
    table = rated_game(page, "7x7", seated="o")
    play(table, 24, 25)
    table.x.context.close()  # black leaves on its turn
    expect(page.locator(".claim")).to_be_visible(timeout=SLOW_SECONDS * 1000)
    return table


def a_claim_on_its_way(page: Page) -> None:
    """Black left on its turn: white is told when a claim becomes possible."""
    _claim_due(page)


def _claim_possible(page: Page) -> None:
    _claim_due(page)
    expect(page.get_by_role("button", name="Claim the win")).to_be_visible(timeout=SLOW_SECONDS * 1000)


def a_claim_possible(page: Page) -> None:
    """Black has been away for 30 seconds on its turn: white may claim the win, or call it a draw."""
    reached_once(page, "a claim possible", _claim_possible)


def a_player_with_ratings(page: Page) -> None:
    """A seeded player's page (seed_ratings): two ratings, their charts, recent games."""
    page.goto(f"/@/{SEEDED[1]}")
    expect(page.locator(".rating-chart svg").first).to_be_visible()


def signing_up_refused(page: Page) -> None:
    """The sign-up form again, saying why: the name is taken."""
    page.goto("/signup")
    page.get_by_label("Name").fill(SEEDED[0])
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("alert")).to_be_visible()


def seed_ratings(instance: Path) -> None:
    """Rated games among SEEDED, kept in the instance folder as the app keeps them (each ended through the
    games' store, which rates it), so that the leaderboards and a player's chart have something to show.
    Run before the server that serves instance starts (and only once: the accounts are made here)."""
    from webapp.app import create_app  # the app only here: the states need none of it
    from webapp.engine import board_named
    from webapp.online.pairing import Seated, game_for_two  # noqa: F811 (the name the types use, at run time)

    app = create_app({"SECRET_KEY": "seeding", "ENGINE_WORKERS": "inline"}, instance_path=instance)
    accounts, games = app.extensions["accounts"], app.extensions["online_games"]
    seats = [Seated(secrets.token_hex(16), name) for name in SEEDED]
    for seated in seats:
        accounts.create(seated.name, PASSWORD)
    for round_number in range(SEEDED_ROUNDS):
        for first, x in enumerate(seats):
            for o in seats[first + 1:]:
                for board in ("5x5", "15x15-renju"):
                    _rated_and_ended(games, game_for_two(games, board_named(board), x, o, rated=True),
                                     loser=o if (SEEDED.index(x.name) + round_number) % 3 else x)


def _rated_and_ended(games: GameStore, game: SharedGame, loser: Seated) -> None:
    """game resigned by loser after a first stone each, through the store (which rates it)."""
    x, o = game.seats
    centre = game.rules.size * game.rules.size // 2  # renju's first stone goes there
    games.change(game.id, lambda g: (*g.play(x, centre, g.ply), []))
    games.change(game.id, lambda g: (*g.play(o, centre + 1, g.ply), []))
    games.change(game.id, lambda g: (*g.resign(loser.player, g.ply), []))


def close_every_context(browser: Browser, keep: BrowserContext | None = None) -> None:
    """Close every browser context but keep: what a state left open (the other players), before the next."""
    for context in list(browser.contexts):
        if context is not keep:
            context.close()
