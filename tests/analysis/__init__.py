"""The analysis board: setting stones, and its page."""
