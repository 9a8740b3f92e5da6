"""How the engine plays: the solved boards, the big boards' search, and its appraisals.

- solved: 3×3 solved on first use and 4×4 from 4x4.tablebase: every position's value and best moves.
- patterns, shapes (shapes.json), node, threat_cells, evaluate: what the search sees of a position.
- threats: the threat solver (wins by fours and threes); search: think(), alpha-beta with a table.
- appraise: what the engine says of a position and of a move played (for a review), and advise (a hint).
- opening_play, even_renju, swap2: the computer's part in an opening's steps.
"""
