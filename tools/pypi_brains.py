"""Two gomoku players from PyPI as Gomocup brains, so that `make ladder` can
play master against them (measurement only; neither is a dependency).

The two packages both install a package named `gomoku`, so each needs a
virtualenv of its own; this file runs with that virtualenv's Python and
imports nothing of ours:

    python3.11 -m venv /tmp/pypi-terminal && /tmp/pypi-terminal/bin/pip install gomoku-terminal==1.0.2
    python3.11 -m venv /tmp/pypi-threat && /tmp/pypi-threat/bin/pip install gomoku==0.1.0 flask-socketio
    printf '#!/bin/sh\\nexec /tmp/pypi-terminal/bin/python %s terminal-hard\\n' $PWD/tools/pypi_brains.py \\
        > /tmp/pbrain-terminal-hard
    printf '#!/bin/sh\\nexec /tmp/pypi-threat/bin/python %s threatspace\\n' $PWD/tools/pypi_brains.py \\
        > /tmp/pbrain-threatspace
    chmod +x /tmp/pbrain-terminal-hard /tmp/pbrain-threatspace
    make ladder LADDER="master /tmp/pbrain-threatspace --board 15x15"

- terminal-hard: gomoku-terminal 1.0.2, GomokuAI("hard") (a pattern-scoring search).
- threatspace: gomoku 0.1.0's ThreatSpace player (threat-space search, then a heuristic).
  Its package imports flask_socketio without requiring it, hence the second install.

Both play 15×15 freestyle only. What they print themselves goes to stderr.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable

SIZE = 15
Moves = list[tuple[int, int]]  # (column, row) in the order played, the first by black


def terminal_hard() -> Callable[[Moves], tuple[int, int]]:
    from gomoku.ai import GomokuAI
    from gomoku.board import Board

    ai = GomokuAI("hard")

    def move(moves: Moves) -> tuple[int, int]:
        board = Board()
        for number, (x, y) in enumerate(moves):
            board.place_stone(y, x, Board.BLACK if number % 2 == 0 else Board.WHITE)
        row, column = ai.get_move(board, Board.BLACK if len(moves) % 2 == 0 else Board.WHITE)
        return column, row

    return move


def threatspace() -> Callable[[Moves], tuple[int, int]]:
    from gomoku.board import Board
    from gomoku.player.threat_space import ThreatSpace

    player = ThreatSpace()

    def move(moves: Moves) -> tuple[int, int]:
        board = Board()
        for x, y in moves:
            board.move_index(y * SIZE + x)
        chosen = player.make_move(board)
        row, column = chosen if isinstance(chosen, tuple) else divmod(int(chosen), SIZE)
        return column, row

    return move


PLAYERS = {"terminal-hard": terminal_hard, "threatspace": threatspace}


def main(name: str) -> None:
    choose = PLAYERS[name]()
    moves: Moves = []
    board_lines: list[str] | None = None
    for line in sys.stdin:
        line = line.strip()
        command, _, rest = line.partition(" ")
        command = command.upper()
        if board_lines is not None:
            if command != "DONE":
                board_lines.append(line)
                continue
            moves = [(int(x), int(y)) for x, y, _ in (entry.split(",") for entry in board_lines)]
            board_lines = None
            command = "MOVE"
        if command == "START":
            print("OK" if rest.strip() == str(SIZE) else f"ERROR only {SIZE}x{SIZE}", flush=True)
            moves = []
        elif command == "RESTART":
            moves = []
            print("OK", flush=True)
        elif command == "BOARD":
            board_lines = []
            continue
        elif command == "TURN":
            x, y = (int(part) for part in rest.split(","))
            moves.append((x, y))
            command = "MOVE"
        elif command == "ABOUT":
            print(f'name="{name}", version="pypi"', flush=True)
        elif command == "END":
            return
        elif command not in ("INFO", "BEGIN", "MOVE"):
            print(f"UNKNOWN {line[:40]}", flush=True)
        if command in ("MOVE", "BEGIN"):
            with contextlib.redirect_stdout(sys.stderr):
                x, y = choose(moves)
            moves.append((x, y))
            print(f"{x},{y}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
