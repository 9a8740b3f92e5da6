"""What the tests and the long runs (tools/) both use, and neither owns;
none of it ships.

- servers: redis-server and gunicorn on free loopback ports, each process
  ending with its user; served: the app as they serve it; client: an HTTP
  client that behaves like a browser.
- browsing: what a person does in the browser (Playwright), and every state
  of the pages to reach (the browser tests and `make screenshots`);
  strangers: the same for playing strangers (accounts, the lobby, rated
  games, their endings), and rated games seeded for the leaderboards;
  accessibility: axe-core's audit of a page.
- positions: positions written by hand, from random games, or every one reachable.
- renju_referee: the `renju` package's judge of forbidden points, on our bitboards, and where a three's definition
  recurses.
- renju_games: whole renju games (the levels', master's self-play, the 26 openings played out), their positions with
  black to move.
- judge: games between players, and the lines on which a learner loses to perfect play.
"""
