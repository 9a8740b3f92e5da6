"""Puzzles: positions from games played here where the side to move has a
forced win that only one move starts, at each of its turns.

- routes: /puzzles, /puzzles/daily and /puzzle/<board>/<moves>, played with the usual buttons.
- puzzle: Puzzle, puzzle_at(), which decides whether a position is one (the solved game on 3×3
  and 4×4, the threat solver's wins by fours on the bigger boards), and puzzles_in(), a game's.
- collection: the shipped set (puzzles.json, which `make puzzles` mines), a finished game's new
  puzzles, the next one, the day's.
- mined: the puzzles mined from games finished here: the job the engine workers run for each
  finished game, which keeps them in store; the puzzles the workers' own store kept before, carried over.
- store: the feature's own store of the puzzles mined here (SQLite in the instance folder, or
  Redis), each kept once, found by its start, listed newest first.
"""
