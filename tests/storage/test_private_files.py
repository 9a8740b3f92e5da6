"""The instance folder is the app's user's alone: folders 0700, files 0600,
whatever the umask, for the secret key, the sessions, the games and the engines' queue."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support import Visitor
from webapp.app import create_app
from webapp.workers.pool import engine_queue


@pytest.fixture
def open_umask() -> Iterator[None]:
    """The umask most systems start processes with, which lets other users read new files."""
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


def modes(folder: Path) -> dict[str, int]:
    """The permission bits of folder and of everything under it, by path."""
    found = {str(folder): stat.S_IMODE(folder.stat().st_mode)}
    for path in folder.rglob("*"):
        found[str(path)] = stat.S_IMODE(path.stat().st_mode)
    return found


def assert_private(folder: Path) -> None:
    wrong = {path: oct(mode) for path, mode in modes(folder).items()
             if mode != (0o700 if Path(path).is_dir() else 0o600)}
    assert wrong == {}


def test_after_a_move_everything_in_the_instance_folder_is_the_apps_users_alone(tmp_path: Path, open_umask):
    """An instance folder made before (0755) is closed, and every file the app
    makes there, the sessions' and games' SQLite files with their -wal and
    -shm files and the session locks, is 0600."""
    instance = tmp_path / "instance"
    instance.mkdir(mode=0o755)
    app = create_app({"TESTING": True}, instance_path=instance)  # no SECRET_KEY: the app writes its own
    visitor = Visitor(app.test_client())
    assert visitor.move(4).status_code == 200
    assert any(path.name.endswith("-wal") for path in instance.rglob("*")), "the test saw SQLite's WAL"
    assert (instance / "session-locks").is_dir()
    assert_private(instance)


def test_the_engines_queue_file_is_made_0600_before_huey_opens_it(tmp_path: Path, open_umask):
    tmp_path.chmod(0o700)
    queue = engine_queue("local", str(tmp_path))
    queue.put("a name", "a value")
    assert (tmp_path / "engine-queue.sqlite3").exists()
    assert_private(tmp_path)
