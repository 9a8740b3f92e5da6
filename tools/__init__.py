"""What the long make targets run, each `python -m tools.NAME`; none of it ships.

- bench_engine: `make bench`, the engine's speed against its targets.
- bench_think: `make bench-think`, what the page "How the computer sees this" costs.
- bench_browser: `make bench-browser`, click to painted board in Chromium.
- strength: `make strength`, every level against every other on every board.
- load, open_loop, meter: `make load`, the move route under an open-loop load, and the cores it used.
- load_live: `make load-live`, games between friends and 500 live streams.
- load_servers: `make load-servers`, both under each server the app could run under.
- screenshots: `make screenshots`, every state of the pages, light and dark.
- bare_app: `make load`'s baseline, an app of one empty route.
What the tests use too (servers, browsing, positions, the judge of games)
is harness/'s: no tool imports a test module, and no test of the
project's code imports a tool.
"""
