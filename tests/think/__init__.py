"""How the computer sees this: the tree, the searches side by side, the engine's move, and the page."""
