"""The searches that estimate rather than prove, as pages and two lessons of the path.

- routes: /monte-carlo/<board>/<moves>, /depth/<board>/<moves>, /lessons/monte-carlo, /lessons/depth.
- monte_carlo: one page's Monte Carlo question (a position, a seed, the iterations) and what the search
  found, beside the solved table (the search is webapp/engine/teaching/mcts.py).
- depth: one page's depth-limited question (a position, a depth) and what the search found at every depth,
  beside the 4×4 tablebase (the search is webapp/engine/teaching/limited.py).
"""
