"""Files and folders in the instance folder that only the app's own user reads.

The instance folder holds the secret key, every visitor's session and game,
and the engines' queue: other users on the machine must not read them, so
folders are 0700 and files 0600, whatever the process's umask.
"""

from __future__ import annotations

import os

FOLDER_MODE = 0o700
FILE_MODE = 0o600


def private_folder(path: str) -> None:
    """Make the folder at path if it is not there, and leave it 0700 (one made before, too)."""
    os.makedirs(path, mode=FOLDER_MODE, exist_ok=True)
    if os.stat(path).st_mode & 0o777 != FOLDER_MODE:
        os.chmod(path, FOLDER_MODE)


def private_file(path: str) -> None:
    """Make the file at path, empty, if it is not there, and leave it 0600
    (one made before, too): before SQLite opens it, since SQLite gives a
    database's -wal and -shm files the mode of the database itself."""
    if not os.path.exists(path):  # never open one that exists: closing any descriptor of a file drops every
        os.close(os.open(path, os.O_RDONLY | os.O_CREAT, FILE_MODE))  # lock this process holds on it, SQLite's too
    if os.stat(path).st_mode & 0o777 != FILE_MODE:
        os.chmod(path, FILE_MODE)
