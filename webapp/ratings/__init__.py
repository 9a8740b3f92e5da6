"""Ratings: one Glicko-2 rating per player for each board and rule a rated game is played under.

- glicko2: the arithmetic alone, as Glickman's "Example of the Glicko-2 system" specifies it
  (a rating period, a player who sat one out, a rating updated after each game as lichess does,
  the deviation's growth with time away, provisional ratings); pure, no Flask and no I/O.

The store (SQLite or Redis, updated in the change that ends a rated game) and the pages come later.
"""
