"""The engine alone: rules, solved games, searches, levels, learners."""
