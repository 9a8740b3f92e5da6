"""The app as a whole, through Flask's test client: the HTTP contract row by row, every route fuzzed, external engines
across the features."""
