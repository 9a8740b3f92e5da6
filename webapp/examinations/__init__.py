"""The engines' examinations: an installed engine's every 3×3 move judged against perfect play, on a page.

- examining: the job the engine workers run, and the report as the page shows it.
- store: where the examinations are kept (SQLite in the instance folder, or Redis).
- lesson: the lesson "Write your own": the documented examples and their kept examination.
- routes: /engines/<name>/examination, its start, and its downloads; /lessons/write-your-own.
"""
