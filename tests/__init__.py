"""The tests, one folder a level:

- engine: the engine alone, exhaustive where the game allows it.
- web: the features' models and every route through Flask's test client; no browser, no server.
- browser: a person's clicks and keys in Chromium (Playwright), and axe-core.
- live: real servers on loopback: gunicorn, redis-server, an installed package.
- tools: fast, honest checks of what the make targets' tools produce.

`make check` runs engine and web (tests that need redis-server are marked live
and left to `make test`); `make test` runs them all.
"""
