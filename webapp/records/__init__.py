"""Game records: a game's permanent link replayed step by step, its record to
download as SGF, PSQ or its moves written out, and a record opened as a replay.

- routes: /replay/<board>/<moves> (a replay, at ?step=k; /replay/<moves> on 3×3),
  /record/<kind>/<board>/<moves> (a download), /open (the form, and a record read).
- replay: Replay, a link's game (rules, moves, opening, result) at one of its steps;
  see_step, the coach's values and the move's reason there (on the engine workers for the big boards).
The formats themselves are webapp.shared.record_files', which any feature may write; the
coach's words are webapp.shared.coach's.
"""
