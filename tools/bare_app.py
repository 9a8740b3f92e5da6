"""`make load`'s baseline: a Flask app with one route that answers an empty 200.

Served by gunicorn with the app's own settings (webapp/gunicorn_conf.py) and
the same workers, it costs what the server and Flask cost before an app does
anything: the ceiling the game's requests are compared with.
"""

from flask import Flask


def create_app() -> Flask:
    app = Flask(__name__)
    app.add_url_rule("/", "empty", lambda: "")
    return app
