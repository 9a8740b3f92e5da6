"""Ratings: one Glicko-2 rating per player for each board and rule a rated game is played under.

A shared package, as webapp/shared is, not a feature: the live games (webapp.online) write ratings as rated
games end, and the accounts' pages (webapp.accounts) read them; neither imports the other. No Flask here.

- kinds: RatingKind, the closed set of ratings, and why: 5×5, 7×7 and 15×15, each rule its own (7×7 freestyle
  and standard; 15×15 freestyle, standard and renju); 3×3 and 4×4, solved draws, are not rated.
- glicko2: the arithmetic alone, as Glickman's "Example of the Glicko-2 system" specifies it (a rating period,
  a player who sat one out, a rating updated after each game as lichess does, the deviation's growth with
  time away, provisional ratings); pure, no I/O.
- standing: a player's Standing in one rating (rating, results, last played, history, recent games) and
  settle(), a rated game's effect on both players, within lichess's bounds (deviation 45 to 500, volatility at
  most 0.1, a change at most 700); RatingChange, what both screens show ("1500? → 1662? (+162)").
- store: where they are kept, beside the games (a table of the games' SQLite file; keys in the same Redis),
  written inside the games store's change that ends the game; what the pages read, and the leaderboards' rules;
  anonymise(), a deleted account's name replaced in the others' recent games and closed for good.
- chart: a rating's history laid out as an SVG chart, with its table.
"""
