"""Commit subjects since SINCE, checked: at most 72 characters, each with an area prefix (`review: …`).

Issue 68 asked for subjects a newcomer can copy, from then on. `make lint`
runs this, so CI refuses a history that drifts again; merges say what they
merge and are left out. A clone without the history since SINCE (a shallow
one) has nothing to check and says so.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys

SINCE = "95e025f"
"""The last commit before the check: the subjects after it are held to it."""
LONGEST = 72
AREA = re.compile(r"^[a-z0-9][a-z0-9/_.-]*(, [a-z0-9][a-z0-9/_.-]*)*: \S")
"""An area prefix: a lower-case area (or a few, comma-separated), a colon and the subject."""


def problems(subjects: list[str]) -> list[str]:
    """What is wrong with each subject that is wrong, a line each."""
    found = []
    for subject in subjects:
        if len(subject) > LONGEST:
            found.append(f"{len(subject)} characters (at most {LONGEST}): {subject}")
        if not AREA.match(subject):
            found.append(f"no area prefix (such as `review: `): {subject}")
    return found


def subjects_since(since: str) -> list[str] | None:
    """The subjects of the commits after since, merges left out; None if since is not in this clone."""
    known = subprocess.run(["git", "cat-file", "-e", f"{since}^{{commit}}"], capture_output=True)
    if known.returncode != 0:
        return None
    log = subprocess.run(["git", "log", "--no-merges", "--format=%s", f"{since}..HEAD"],
                         capture_output=True, text=True, check=True)
    return log.stdout.splitlines()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--since", default=SINCE, help="the commit after which subjects are checked")
    since = parser.parse_args(argv).since
    subjects = subjects_since(since)
    if subjects is None:
        print(f"subjects: {since} is not in this clone's history; nothing to check")
        return 0
    wrong = problems(subjects)
    print(*wrong, sep="\n", file=sys.stderr)
    print(f"subjects: {len(subjects)} commits since {since}, {len(wrong)} problems")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
