"""The pieces every feature shares: how a side is named to a person (words.py)."""
