"""External engines for the tests: our own pbrain-kinrow, installed as any
Gomocup brain would be, and the fake brains of tests/fake_brain.py, each
started as a program of its own (the real protocol, the real processes)."""

from __future__ import annotations

import hashlib
import os
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

from webapp.brains.external import Brain, configured, probe

KINROW = str(Path(sys.executable).with_name("pbrain-kinrow"))
"""Our own brain's program, as `pip install` puts it beside the interpreter."""
FAKE = Path(__file__).with_name("fake_brain.py")
ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "docs" / "examples"
"""The examples of docs/your-own-ai.md: functions pbrain-python plays."""


def python_brain(folder: Path) -> str:
    """The path of pbrain-python, as a program of its own: a shell script in
    folder that runs this checkout's webapp.brains.python_brain (the
    installed console script may be another checkout's, or not yet made)."""
    path = folder / "pbrain-python"
    path.write_text(f"#!/bin/sh\nPYTHONPATH={shlex.quote(str(ROOT))} exec {shlex.quote(sys.executable)} "
                    "-m webapp.brains.python_brain \"$@\"\n")
    path.chmod(0o755)
    return str(path)


def fake_brain(folder: Path, mode: str, pids: Path | None = None) -> str:
    """The path of a program (a shell script in folder) that runs the fake
    brain in mode, writing its process id into pids if given."""
    digest = hashlib.blake2b(f"{mode} {pids}".encode(), digest_size=4).hexdigest()  # a file of its own for each
    path = folder / f"pbrain-fake-{mode.partition(':')[0]}-{digest}"
    arguments = [sys.executable, str(FAKE), mode, *([str(pids)] if pids else [])]
    path.write_text(f"#!/bin/sh\nexec {shlex.join(arguments)}\n")
    path.chmod(0o755)
    return str(path)


def probed(name: str, path: str, settings: str = "") -> Brain:
    """The brain configured as ENGINE_BRAINS would name it, asked what it plays."""
    (brain,) = configured(f"{name}={path}", {name: settings} if settings else {})
    return probe(brain)


def judge_saying(folder: Path, evaluations: dict[int, str]) -> str:
    """The path of a fake judge that reports evaluations[i] (as written after
    Eval) for a position of i stones, and nothing for the others."""
    table = [evaluations.get(stones, "") for stones in range(max(evaluations, default=-1) + 1)]
    return fake_brain(folder, "judge:" + "/".join(table))


@dataclass(frozen=True)
class Watched:
    """A fake brain, probed, whose processes write their ids into a folder of
    their own: so a test sees which were started after the probe, and whether
    they still run."""

    brain: Brain
    folder: Path
    probing: frozenset[int]

    def started(self) -> list[int]:
        """The ids of its processes started since the probe (the probe's have ended)."""
        return sorted(pid for pid in map(int, os.listdir(self.folder)) if pid not in self.probing)

    def told(self, pid: int) -> list[str]:
        """The lines that process was told, so far."""
        return (self.folder / str(pid)).read_text().splitlines()


def watched_fake(folder: Path, mode: str, settings: str = "") -> Watched:
    pids = folder / f"pids-{mode.partition(':')[0]}"
    pids.mkdir()
    brain = probed(mode, fake_brain(folder, mode, pids), settings)
    return Watched(brain, pids, frozenset(map(int, os.listdir(pids))))
