"""make help, and a bare make: every target the Makefile declares has its line, and nothing starts."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def declared_targets() -> list[str]:
    (line,) = [line for line in (ROOT / "Makefile").read_text().splitlines() if line.startswith(".PHONY:")]
    return line.split(":", 1)[1].split()


def test_a_bare_make_lists_every_target_a_line_each_and_starts_nothing():
    said = subprocess.run(["make", "-s", "--no-print-directory"], cwd=ROOT, capture_output=True, text=True,
                          timeout=30, check=True).stdout
    lines = said.splitlines()
    assert all(line.startswith("make ") for line in lines), lines
    named = {name for line in lines for name in re.findall(r"(?:^make |, )([a-z-]+)", line.split(":", 1)[0])}
    assert set(declared_targets()) <= named, set(declared_targets()) - named
