"""The page "How the computer sees this": a position's game tree, the classic searches side by side, the engine's own move.

- routes: /think/<board>/<moves>, a whole page or, for htmx, one node of the tree.
- look: Look, one page's question (a position, the node open, alpha-beta's marks, the depth), and what it costs, bounded by counts.
"""
