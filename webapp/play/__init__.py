"""Playing at one screen: against the computer at a level, a learner, or a friend beside you.

- routes: /, /move, /step, /undo, /new, /coach, /score/reset, /menace/reset, /replay/..., /think.
- match: Game (who plays, the moves) and Match (the game, the score, the coach, this browser's MENACE), immutable values.
- players: who may play on each board, and their names.
- score: finished games by pairing and board.
- replay: a permanent link's game, step by step.
- coach: what each square is worth, and why a move was played, in words.
- learner: a learner's panel, MENACE's beads or the network's values for its last move.
"""
