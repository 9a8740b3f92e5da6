"""What every feature uses, owned by none of them:

- errors: the refusals a request can meet (InvalidInput, Conflict, Forbidden),
  each with its status and a message fit to show a person.
- game_link: a game as a link writes it: its moves ("408", "h8-i9"), read
  back with every step checked; the step a link looks at; its opening, and
  who played and how it ended (Result); a position a page asks about
  (LinkedPosition: a board and its moves).
- record_files: game records in and out, as files: SGF, PSQ and the moves
  written out.
- game_state: GameState, one game's rules, set-up, opening, moves and ending,
  held by a game at one screen, a friends' game, a replay, a review and a retry.
- set_up: a position set up by hand (the analysis board's), whether a game
  can reach it and why not, and how a game begun from it holds its stones.
- words: squares and lines in words ("row 1, column 3", "h8"; a "four").
- opening_words: an opening rule's steps in words (whose step, where its stone goes).
- coach: what each square of a position is worth, and why a move was
  played, in words: a game at one screen and a replay both show it.
- players: Roster, who may play on a board and their names, the external
  engines installed at the app's start among them (a game at one screen
  carries it; a replay offers its computer players to play on).
- forms: the form fields every feature reads (a board, a square, a ply, a switch).
- board: BoardView, one position as a page shows it, built by each feature from
  its own state.
- lessons: the path of lessons on how a computer plays, in order, each at
  /lessons/<slug> and served by the feature that owns its board.
- identity: who this browser is signed in as (SignedIn: an account's id and
  name), which the accounts feature writes and every feature may read.
- web: what every route needs of the request (is it htmx?) and the answers
  they share (a board a link names, or a 404; error and refusal pages).
"""
