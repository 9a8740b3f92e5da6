"""Game records: every game downloads as SGF, PSQ or its moves written out, and a record opens as a replay.

- routes: /record/<kind>/<board>/<moves> (a download), /open (the form, and a record read).
The formats themselves are webapp.shared.record_files', which any feature may write.
"""
