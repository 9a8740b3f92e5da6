"""A small brain for the tests, which speaks the Gomocup protocol and
misbehaves on purpose: `python tests/fake_brain.py MODE [PIDS]`.

It plays the first empty square, top left first, unless MODE says otherwise:

- good: it does, and reports an evaluation ("MESSAGE … Eval 0") and its best line, as Rapfi does;
- silent: it does, and says nothing else;
- crash: it stops when asked for a move;
- hang: it never answers a move (nor dies);
- garbage: it answers a move with words;
- taken: it answers with a square that is taken (its first move is good);
- small: it plays 7×7 under freestyle only (START 15 and INFO rule 1 or 4 get ERROR);
- mute: it never answers START (nor dies);
- nonsense: it answers START with words, neither OK nor ERROR;
- judge:E0/E1/…: it reports the evaluation Ei (as written after Eval: 12, -40, +M3, -M5)
  for a position of i stones (none where Ei is empty or missing), and its best line.

With PIDS, a folder, it writes its process id there as a file, and every
line it is told into that file, so that a test can see whether it still
runs, and what it was asked. Only the standard library: the tests run it
as any program the operator installs would be run.
"""

from __future__ import annotations

import os
import sys
import time


def main() -> None:
    mode, _, evaluations = sys.argv[1].partition(":")
    told = open(os.path.join(sys.argv[2], str(os.getpid())), "w", buffering=1) if len(sys.argv) > 2 else None
    size, stones, board_lines = 0, [], None
    for line in sys.stdin:
        if told:
            told.write(line)
        words = line.strip().split()
        if not words:
            continue
        command = words[0].upper()
        if board_lines is not None:
            if command == "DONE":
                stones, board_lines = board_lines, None
                answer(mode, evaluations, size, stones)
            else:
                x, y, _ = words[0].split(",")
                board_lines.append((int(x), int(y)))
        elif command == "START":
            size = int(words[1])
            if mode == "mute":
                time.sleep(3600)
            if mode == "nonsense":
                say("Hello! Shall we play a game?")
                continue
            say("ERROR only 7x7 here" if mode == "small" and size != 7 else "OK")
        elif command == "RESTART":
            stones = []
            say("OK")
        elif command == "INFO" and words[1:2] == ["rule"]:
            if mode == "small" and words[2] != "0":
                say("ERROR freestyle only")
        elif command == "ABOUT":
            say(f'name="fake-{mode}", version="1.0"')
        elif command == "BEGIN":
            stones = []
            answer(mode, evaluations, size, stones)
        elif command == "TURN":
            x, y = words[1].split(",")
            stones.append((int(x), int(y)))
            answer(mode, evaluations, size, stones)
        elif command == "BOARD":
            board_lines = []
        elif command == "END":
            return


def answer(mode: str, evaluations: str, size: int, stones: list[tuple[int, int]]) -> None:
    """Answer a move as MODE says, and remember the move played."""
    if mode == "crash":
        sys.exit(3)
    if mode == "hang":
        time.sleep(3600)
    if mode == "garbage":
        say("I would rather not")
        return
    if mode == "taken" and stones:
        say(f"{stones[0][0]},{stones[0][1]}")
        return
    x, y = next((x, y) for y in range(size) for x in range(size) if (x, y) not in stones)
    if mode in ("good", "judge"):
        table = evaluations.split("/")
        written = "0" if mode == "good" else table[len(stones)] if len(stones) < len(table) else ""
        if written:
            say(f"MESSAGE Speed 1K | Depth 1 | Eval {written} | Node 1")
        say(f"MESSAGE Bestline {chr(ord('A') + x)}{y + 1}")
    stones.append((x, y))
    say(f"{x},{y}")


def say(line: str) -> None:
    print(line, flush=True)


if __name__ == "__main__":
    main()
