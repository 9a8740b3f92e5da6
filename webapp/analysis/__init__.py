"""The analysis board: any position set up by hand, stone by stone, the side
to move and the rule chosen, then studied or played on as it stands.

- setup: Setup, the stones of each side, the side to move chosen (else the
  counts'), changed one square at a time; why no game reaches it
  (shared/set_up.py says why, in a sentence).
- board: the squares as the page draws them, the engine's line numbered on them.
- evaluation: the engine's evaluation and best line (the solved table's, or
  master's appraisal of the position from the engine workers, engine.advise).
- words: the board's own sentences.
- routes: /analysis/<board> (the board, its stones in the link) and
  /analysis/<board>/evaluation (the same, with the engine's line).
"Open it as a game" posts the stones to play's /new (set_x, set_o), which
starts a game from them with no moves before it (shared/set_up.py).
"""
