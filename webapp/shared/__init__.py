"""What every feature uses, owned by none of them:

- errors: the refusals a request can meet (InvalidInput, Conflict, Forbidden),
  each with its status and a message fit to show a person.
- record: a game's record: its moves as a link writes them ("408",
  "h8-i9"), read back with every step checked; the position after them; the
  step a link looks at.
- words: squares and lines in words ("row 1, column 3", "h8"; a "four").
- forms: the form fields every feature reads (a board, a square, a ply, a switch).
- board: BoardView, one position as a page shows it, built by each feature from
  its own state.
- web: what every route needs of the request (is it htmx?) and the answers
  they share (a board a link names, or a 404; error and refusal pages).
"""
