"""What the long make targets run, each `python -m tools.NAME`; none of it ships.

- bench_engine: `make bench`, the engine's speed against its targets.
- bench_think: `make bench-think`, what the page "How the computer sees this" costs.
- bench_browser: `make bench-browser`, click to painted board in Chromium.
- strength: `make strength`, every level against every other on every board.
- load, open_loop: `make load`, the move route under an open-loop load.
- load_live: `make load-live`, games between friends and 500 live streams.
- load_servers: `make load-servers`, both under each server the app could run under.
- screenshots: `make screenshots`, every state of the pages, light and dark.
- servers: redis-server and gunicorn on free loopback ports, and an HTTP client
  that behaves like a browser; served and bare_app: the apps they serve.
- browsing: what a person does in the browser (Playwright), and every state to reach.
- positions: positions written by hand, from random games, or every one reachable.
"""
