"""/learn, "How it learned": the shipped learners' curves from training and this browser's own MENACE's.

- routes: the page.
- charts: the curves laid out as SVG charts, with the same figures as tables.
"""
