"""Playing at one screen: the game and the match, the coach, the hint, every sentence as a claim, swap2, the rules,
master's moves on the engine workers, the voices against one another."""
