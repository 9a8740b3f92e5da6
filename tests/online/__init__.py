"""Games between friends: the shared game, its store and its pages."""
