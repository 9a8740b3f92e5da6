"""The tests, one folder a level:

- engine: the engine alone, exhaustive where the game allows it.
- web: the features' models and every route through Flask's test client; no browser, no server.
- browser: a person's clicks and keys in Chromium (Playwright), and axe-core.
- live: real servers on loopback: gunicorn, redis-server, an installed package.
- tools: fast, honest checks of what the make targets' tools produce.

And their helpers, which the tools may use too (never the other way round):
positions.py (positions written by hand, random and reachable ones),
servers.py (real servers on loopback, and an HTTP client that acts as a
browser), browsing.py (what a person does in Chromium, and every state a page
can be in), support.py (a visitor of the Flask test client).

`make check` runs engine and web (tests that need redis-server are marked live
and left to `make test`); `make test` runs them all. Both run on three
processes (pytest-xdist), and every test has a time limit (pytest-timeout,
set in pyproject.toml): one that passes it fails with every thread's stack.
"""
