"""The engine as a Gomocup brain: a program other programs play through the
piskvork protocol on stdin and stdout (the console script pbrain-kinrow).
No Flask here; like the web features, it asks only webapp.engine.

- protocol: OurBrain, one line from the manager in, the lines to answer out.
- console: the program: its options, and the loop over stdin.
"""
