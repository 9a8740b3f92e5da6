"""Accounts: a name and a password, optional (anonymous visitors play as they always have).

- routes: /signup, /signin, /signout, a player's page /@/<name> (its ratings, chart, recent rated games)
  and its /delete, /leaderboards;
  the signed-in name in the header (signed_in(), a template global).
- rules: the shape of a name and what makes a password too weak, in words a person reads.
- store: the accounts, on SQLite in the instance folder or on Redis, each
  password kept as an argon2id hash (argon2-cffi), never in the clear; a
  deleted account's name kept closed, and at most ACCOUNTS_MOST names.

Carrying a browser's finished games, score and MENACE into the account it
signs up with belongs to the play feature, which owns them (webapp.play.kept):
sign-up only marks the session as having made its account, and delete
forgets the account's parts (webapp.storage.account_parts). The player's
page links its owner to My games, play's page, rather than read play's part.
"""
