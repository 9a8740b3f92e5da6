"""What every feature uses, owned by none of them:

- errors: the refusals a request can meet (InvalidInput, Conflict, Forbidden),
  each with its status and a message fit to show a person.
- notation: squares and moves in words and in links ("row 1, column 3", "h8";
  "408", "h8-i9"), read and written.
- forms: the form fields every feature reads (a board, a square, a ply, a switch).
- board: BoardView, one position as a page shows it, built by each feature from
  its own state.
- web: what every route needs of the request (is it htmx?) and the answers
  they share (a board a link names, or a 404; error and refusal pages).
"""
