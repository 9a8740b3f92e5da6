"""Playing a friend on another device: an invitation (a link or a short code), seats, live updates, rematches.

- routes: /online, /join, /g/<id> and its join, move, rematch and event stream (server-sent events).
- shared_game: SharedGame, the game two browsers play, an immutable value like the match's Game.
- hub: one thread per process that wakes a game's streams when its log grows.
- store: where the games are kept (SQLite, or Redis), their event logs and who watches.
- limits: rate limits on starting games and trying codes, counted where every web process sees them.
"""
