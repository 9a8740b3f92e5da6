"""The features' models and every route, through Flask's test client."""
