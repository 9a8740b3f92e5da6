"""Learning from a game afterwards: each move judged, and the errors retried.

- routes: /review/<board>/<moves>, its live progress, and /review/.../retry/<side>.
- review: Review (a game's judged moves, a summary per side; of a game begun from stones set up by
  hand, the moves played after them only).
- retry: Retry (a side's errors, one at a time).
- judgement: a move in a word (Best, Good, Inaccuracy, Mistake, Blunder, Missed win), exact where the
  game is solved, else from the engine's appraisal, which the engine workers make (webapp.workers).
"""
