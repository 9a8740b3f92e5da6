"""Game records in and out (SGF, PSQ, the moves written out), and their routes."""
