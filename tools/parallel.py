"""map over processes, for the make targets' tools that play many games."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager


@contextmanager
def mapping(workers: int | None) -> Iterator[Callable]:
    """A map that runs in `workers` new processes (None: one a core), or in
    this one with workers=1, as the tests run it. The processes are spawned,
    not forked: a fork of a process with threads (a test run's, say) can
    inherit a lock that no thread will ever free, and then waits forever."""
    if workers == 1:
        yield map
        return
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        yield pool.map
