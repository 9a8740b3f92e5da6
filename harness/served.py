"""The app as the live tests and `make load` serve it: in the instance folder
SERVED_INSTANCE names, for a server that calls a factory without arguments.

Under gunicorn the tables are loaded before the workers fork
(webapp/gunicorn_conf.py), and loading them here again costs nothing; granian
has no such hook, so each of its workers loads them here, before its first
request, as `make serve`'s workers have them.
"""

import os

from flask import Flask

from webapp import app
from webapp.engine.play import solved
from webapp.think import look as thinking


def create_app() -> Flask:
    solved.load_all()
    thinking.warm()
    return app.create_app(instance_path=os.environ["SERVED_INSTANCE"])
