"""Engine workers: master's thinking runs here, in a bounded pool of
processes (one per core by default), never in the web threads, so that a
move thinks as long when sixteen games are played at once as when one is;
a move waits its turn instead. No Flask here.

- pool: EnginePool, what the web asks: think about a position, how many
  moves are waiting, appraise a game's moves, work out what a page shows
  (ask), run a feature's job later (later), once, and what the workers
  keep for the web to read (Kept);
  the queue it goes through (Huey: an SQLite file on one machine, Redis
  across machines, or at once in the caller for tests).
- consumer: the workers' process (`python -m webapp.workers.consumer`,
  `make worker`), started by the app itself unless told the workers are
  elsewhere.
- watch: what each worker has in hand, written down, so that the consumer
  replaces a worker that dies or hangs and queues its job again.
"""
