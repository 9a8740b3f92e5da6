"""The textbook searches the think and estimate pages teach with, each counting what it examines.

- classic: minimax, with a memo, alpha-beta, with a table; tree sizes.
- limited: a depth-limited search with the evaluation at its leaves.
- traced: the same searches as generators of steps, for a person to step through.
- mcts: Monte Carlo tree search (UCT, random playouts), reproducible from a seed.
"""
