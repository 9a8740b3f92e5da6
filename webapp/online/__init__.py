"""Playing a friend on another device: an invitation (a link or a short code), seats, live updates, rematches.

- routes: /online, /join, /g/<id> and its join, move, rematch and event stream (server-sent events).
- shared_game: SharedGame, the game two browsers play, an immutable value like the match's Game.
- hub: one thread per process that wakes a game's streams when its log grows.
Where the games, their logs and the rate limits are kept is webapp.storage's.
"""
