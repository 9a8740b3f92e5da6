"""A game's review and the retry of its errors: the judgement of each move, and the review's pages."""
