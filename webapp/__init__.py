"""Tic-tac-toe and k in a row in the browser. One package a layer, one a feature:

- engine: the rules, the solved games, the search and the levels, the learners. No Flask, no I/O.
- brains: other engines, spoken to by the Gomocup protocol (processes, pipes, timeouts). No Flask.
- workers: the engine's work (master's moves, a review's appraisals) on a pool of processes. No Flask.
- brain: the engine as a Gomocup brain for other programs. No Flask.
- shared: what every feature uses: the board view, the move notation, game records (SGF, PSQ), form fields,
  refusals, web helpers.
- storage: where sessions, games between friends and rate limits are kept (SQLite, or Redis).
- play: the match at one screen, its score, the coach and the hint, My games and How to play.
- review: a game's moves judged afterwards, and the retry of its errors.
- puzzles: positions with one winning move at each turn, mined from the levels' games.
- think: "How the computer sees this", the game tree and the classic searches.
- online: games between friends on two devices, with live updates.
- learn: how the learners learned.
- records: every game's replay, step by step, its record to download, and a record opened as a replay.
- analysis: the analysis board, any position set up by hand.
- app: create_app(), which puts them together; gunicorn_conf: the production server's settings.

A request runs one way: a feature's routes read it and ask the feature's model,
which asks the engine; the routes store the result and render a template.
This file imports nothing, so `import webapp.engine` stays as light as the engine itself.
"""
