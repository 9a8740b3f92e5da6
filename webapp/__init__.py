"""Tic-tac-toe in the browser.

engine: the rules and a solver, pure Python; game: one match and its checks;
views: the HTTP routes; app: the factory, create_app(). This file imports
nothing, so `import webapp.engine` stays as light as the engine itself.
"""
