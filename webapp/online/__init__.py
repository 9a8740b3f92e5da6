"""Playing a friend on another device, or a stranger met in the lobby: an invitation (a link or a short code),
seats, live updates, clocks, offers (a draw, a take-back), rematches, seeks, quick pairing.

- lobby_routes: /lobby (seeks made, cancelled, accepted; its live stream; a block list) and /watch.
- lobby: a Seek, a value, and who may accept it; seek_store: where seeks live (SQLite, or Redis).
- pool_routes: /pool (quick pairing's pools, one press each), the waiting page, cancel, its stream.
- pools: the pools (a board and a clock, rated or casual), an Entry, and who plays whom (lila's pools);
  pool_store: where the pools wait (the seeks' SQLite file, or Redis), a round of pairing atomic in it.
- pairing: game_for_two, the live game made with both players seated (the lobby's accept; quick pairing).
- routes: /online, /join, /g/<id> and its join, move, offer, answer, withdraw, rematch and event stream.
- web: what both route files ask of a request: the player id, the account signed in, rate limits,
  a stream's bounds, the server's abort job of a new game.
- streams: a game's live stream (server-sent events), and who is here.
- shared_game: SharedGame, the game two browsers play, an immutable value like the match's Game, holding
  a GameState (webapp.shared.game_state) and adding the seats, clocks and offers.
- status: Told, a value given the game and the viewer: what their page says (status, offer, clocks, score).
- offers, endings, rated: functions of the game: draws and take-backs; aborts and claims; what the ratings ask.
- clock: time controls and the players' clocks, in the server's wall-clock time.
- flags: the job, scheduled on the engine workers' queue, that ends a game whose clock ran out.
- hub: one thread per process that wakes a game's streams when its log grows.
- store: where the games are kept (SQLite, or Redis), their event logs and who watches.
- player_cookie: the player cookie's value, an id and the server's signature of it.
"""
