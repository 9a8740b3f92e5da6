"""The analysis board: any position set up by hand, stone by stone, then studied.

- setup: Setup, the stones of each side on a board, changed one square at a
  time, and the game that reaches it (its moves), or why none does.
- routes: /analysis/<board> (the board, its stones in the link).
A position studied is opened as moves (a replay link), so the replay, the
review, "Play from here", the think page and the records all serve it.
"""
