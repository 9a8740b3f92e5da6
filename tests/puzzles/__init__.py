"""Puzzles: the shipped and the mined ones, and their pages."""
