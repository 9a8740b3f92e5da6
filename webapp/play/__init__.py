"""Playing at one screen: against the computer at a level, a learner, or a friend beside you.

- routes: /, /move, /step, /undo, /new, /again, /hint, /resign, /coach, /numbers, /score/reset, /menace/reset,
  /think, /games (My games), /help (How to play).
- game: Game (who plays, the moves, the swap2 opening, a resignation), an immutable value, and the
  game after each action; telling: what a game tells a person (its status, the computer's reason, its board).
- computer: Computer, how the computer plays each level, the hint's move and the swap2 steps.
- match: Match (the game, the score, the coach, the hint, this browser's MENACE and its finished games).
- kept: where the score, My games and MENACE are kept: the session, or signed in the account's part
  (webapp.storage.account_parts), and the browser's carried into an account on sign-up, once.
- hint: one square for the person to play, and why.
- score: finished games by pairing and board.
- found: what master's search found for its move, kept with the game, and that in words (the computer's
  reason, the hint's); the coach's words about a position alone are webapp.shared.coach's.
- learner: a learner's panel, MENACE's beads or the network's values for its last move.
"""
