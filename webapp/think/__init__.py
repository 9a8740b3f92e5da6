"""The page "How the computer sees this": a position's game tree, the classic searches side by side, the engine's own
move.

- routes: /think/<board>/<moves>, a whole page or, for htmx, one node of the tree; /steps, /predict, the lessons.
- look: Look, one page's question (a position, the nodes open, alpha-beta's marks, the depth) and its branches.
- tree: each move's value and the positions below it, and what alpha-beta examines, bounded by counts.
- searches: the classic searches side by side, and the engine's own move and statistics.
- stepping: a search stepped through a node at a time (/steps/<board>/<moves>), in an order of moves.
- predict: predict-then-see questions made from a seed (/predict).
- lessons: the boards of the four lessons think serves (/lessons/game-tree, minimax, alpha-beta, ordering).
"""
