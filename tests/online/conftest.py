"""What the online views' tests share: an app whose streams end by
themselves, and three browsers (tests.support.Friend), Alice, Bob and Carol."""

from __future__ import annotations

import pytest
from flask import Flask

from tests.support import Friend


@pytest.fixture
def app(app: Flask) -> Flask:
    app.config["STREAM_SECONDS"] = 0.3  # a stream ends by itself, so that a test can read it whole
    return app


@pytest.fixture
def alice(app: Flask) -> Friend:
    return Friend(app.test_client())


@pytest.fixture
def bob(app: Flask) -> Friend:
    return Friend(app.test_client())


@pytest.fixture
def carol(app: Flask) -> Friend:
    return Friend(app.test_client())
