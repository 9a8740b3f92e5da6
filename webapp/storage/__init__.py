"""Where state lives, in SQLite files in the instance folder by default and in
Redis when REDIS_URL is set. Nothing here knows a game's rules:

- errors: StoreUnavailable and STORE_ERRORS, what a store raises when it cannot answer.
- sqlite: a connection in WAL mode, one per thread and process, and its write transaction.
- redis: the client, with a bounded pool its threads wait on.
- sessions: Flask-Session's interface, locked per session for changing requests.
- session_parts: a session in parts, one a feature, each under the feature's name.
- session_migration: the one-time rewrite at start of sessions of older shapes (keys, not rules).
- where: Where, where a feature's state is kept, as a job on the engine workers opens it.
- limits: the site's rate limits, counted where every process sees them.
- clients: who a request comes from, as every limit counts it (an address, an IPv6 /64).
The games between friends are kept by their feature (webapp.online.store), and the puzzles mined here by theirs
(webapp.puzzles.store), on these.
"""
