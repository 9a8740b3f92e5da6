"""The rules and a position: boards, renju's forbidden points, how a game opens.

- rules: a board (n, k) under a rule (freestyle, gomoku's standard, renju).
- position: a Position (each side's stones as a bitboard): whose move, who won, the legal moves.
- boards: the boards offered here (BOARDS) and the rules each is played under.
- renju: renju's forbidden points for black; renju_openings: its 26 openings by name.
- opening, opening_rules, offers: how a game opens (Opening), the opening rules as tables of steps,
  and the checks black's offered fifth moves must pass.
- values: what a win, a loss and a draw are worth to the searches.
- notation: a game's moves as a link writes them, whose mark a move is, and a game's digest for keys.
"""
