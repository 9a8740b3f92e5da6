"""How much of a claim's ground one run of a test covers.

A claim over every position of a small board, or over many seeded games, is
proven whole by `make test`; `make check`, the quick loop, runs the same test
on a seeded sample of that ground, so that a change that breaks the claim
mostly shows there first. A test asks for the `reach` fixture (conftest.py)
and has two forms: `[sample]` (marked sample) in make check, `[whole]`
(marked thorough) in make test."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import NamedTuple, TypeVar

T = TypeVar("T")


class Reach(NamedTuple):
    """Whole: every item (every position, every seeded game); else a sample."""

    whole: bool

    def of(self, items: Iterable[T], sample: int, seed: int = 0) -> list[T]:
        """Every item, or a seeded sample of them in their own order."""
        items = list(items)
        if self.whole or len(items) <= sample:
            return items
        chosen = set(random.Random(seed).sample(range(len(items)), sample))
        return [item for index, item in enumerate(items) if index in chosen]

    def count(self, whole: int, sample: int) -> int:
        """How many seeded games or positions a run makes: all, or the sample's."""
        return whole if self.whole else sample
