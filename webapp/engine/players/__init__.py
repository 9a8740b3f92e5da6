"""Who chooses a move: the levels of play and the learners among them (3×3).

- levels: easy, medium, hard, perfect and master, and the learners, each a way of choosing a move.
- menace (menace.json), network (network.json), shipped: the learners as they play and their files.
- learning, network_learning: learners learning a chunk of games at a time, resumable.
- keeping: how well a 3×3 player keeps the value of the positions it plays in.
- examination: an engine's answers on 3×3 (every position) or 4×4 (a seeded sample) judged by the
  solved game: each mistake, what it lost, protocol faults, keeping's share.
"""
