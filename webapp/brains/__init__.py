"""Every process and protocol word: other engines, spoken to by the Gomocup
protocol (processes, pipes and timeouts), and our own brain; a floor above
the engine (webapp.engine, which does no I/O) and below the workers that ask them.

- gomocup: the protocol's words both ways (squares, BOARD/TURN, a brain's
  Eval and Bestline messages), for other brains and for our own.
- connection: one brain's process, its pipes and every wait bounded.
- external: the engines configured, asked what they play, their moves and
  evaluations from one warm process each, and judged_by, a move's appraisal
  from an external judge.
- examiner: a program asked in every position of an examination, on warm
  processes in parallel lanes, its crashes, hangs and illegal moves caught.
- ours: the engine as a Gomocup brain, the program pbrain-kinrow (protocol, console).
- python_brain: pbrain-python, a Python function (choose(board, side, k))
  as a brain, for a person who writes their own AI (docs/your-own-ai.md).
"""
