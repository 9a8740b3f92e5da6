"""/learn, "How it learned": the shipped learners' curves from training, this
browser's own MENACE's, and learning runs a person starts and watches;
/lessons, the path of lessons, and its last, /lessons/learning.

- routes: the pages, and starting and watching a run (bounded: one a browser, a few at once).
- runs: a run's settings, and its chunks, each a job on the engine workers.
- store: where the runs are kept (SQLite in the instance folder, or Redis).
- charts: the curves laid out as SVG charts, with the same figures as tables.
"""
