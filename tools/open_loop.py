"""An open-loop load generator: requests start when a schedule says, not when
earlier ones have been answered.

- poisson_schedule(rate, seconds, seed): the arrival times of a Poisson process,
  as people arriving independently of each other and of the server.
- run(schedule, clients, request): each arrival goes, at its time, to an idle
  client (a simulated browser, which never has two requests in flight). If
  every client is busy, the arrival waits for the first one to come free, and
  is counted as waited. Whether or not it waited, its latency is measured from
  its scheduled time, as wrk2 does: a server that stalls is charged for every
  request that should have started during the stall, not only for the few that
  were in flight (coordinated omission, which a closed loop commits).
- percentile(values, p): exact, from the raw latencies (nearest rank).
- RateSearch: the highest rate at which a criterion holds, stepping up and
  then bisecting.
"""

from __future__ import annotations

import asyncio
import math
import random
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeVar

C = TypeVar("C")

ANSWERED = "ok"
TIMEOUT = "timeout"
UNSENT = "unsent"


def poisson_schedule(rate: float, seconds: float, seed: int) -> list[float]:
    """Arrival times in [0, seconds) of a Poisson process of rate arrivals a
    second: the gaps are independent and exponential with mean 1 / rate."""
    rng = random.Random(seed)
    times, t = [], rng.expovariate(rate)
    while t < seconds:
        times.append(t)
        t += rng.expovariate(rate)
    return times


@dataclass
class Arrival:
    """One scheduled request; times on the event loop's clock (time.monotonic)."""

    scheduled: float
    sent: float | None = None
    done: float | None = None
    outcome: str = UNSENT  # what request() said, or TIMEOUT, or UNSENT

    @property
    def latency(self) -> float:
        """From the scheduled time to the answer; infinite if none came."""
        return math.inf if self.done is None else self.done - self.scheduled


@dataclass
class Run:
    """What happened to each arrival of one schedule."""

    start: float
    arrivals: list[Arrival]
    waited: int  # arrivals that found every client busy at their time

    def latencies(self) -> list[float]:
        return sorted(arrival.latency for arrival in self.arrivals)

    def answered_rate(self) -> float:
        """Answers a second, from the start to the last answer."""
        done = [arrival.done for arrival in self.arrivals if arrival.done is not None]
        return len(done) / (max(done) - self.start) if done else 0.0


def percentile(values: Sequence[float], p: float) -> float:
    """The nearest-rank p-th percentile of values sorted ascending: the smallest
    value with at least p% of them at or below it."""
    rank = math.ceil(Fraction(str(p)) * len(values) / 100)
    return values[max(rank, 1) - 1]


async def run(schedule: Sequence[float], clients: Sequence[C], request: Callable[[C], Awaitable[str]],
              between: Callable[[C], Awaitable[bool]] | None = None, timeout: float = 5.0,
              start: float | None = None) -> Run:
    """Send request(client) at each time of schedule (seconds after start; by
    default 10 ms from now) and return once every arrival is answered, timed out
    (timeout seconds after it was sent), or given up unsent (still waiting for a
    client timeout seconds after the last scheduled time).

    request returns its outcome (ANSWERED when it went well); the arrival's
    answer time is when it returns. between(client), if given, is work the
    client does before it is idle again, off the schedule and untimed (starting
    a new game); when it returns False the client leaves the run.
    """
    loop = asyncio.get_running_loop()
    start = loop.time() + 0.01 if start is None else start
    arrivals = [Arrival(start + offset) for offset in schedule]
    idle: deque[C] = deque(clients)
    waiting: deque[Arrival] = deque()
    tasks: list[asyncio.Task[None]] = []
    waited = 0

    async def serve(arrival: Arrival, client: C) -> None:
        while True:
            arrival.sent = loop.time()
            try:
                arrival.outcome = await asyncio.wait_for(request(client), timeout)
                arrival.done = loop.time()
            except TimeoutError:
                arrival.outcome = TIMEOUT
            if between and not await between(client):
                return
            if not waiting:
                idle.append(client)
                return
            arrival = waiting.popleft()

    for arrival in arrivals:
        await asyncio.sleep(arrival.scheduled - loop.time())
        if idle:
            tasks.append(asyncio.create_task(serve(arrival, idle.popleft())))
        else:
            waiting.append(arrival)
            waited += 1
    if tasks:
        give_up = (arrivals[-1].scheduled + timeout) - loop.time()
        await asyncio.wait(tasks, timeout=max(give_up, 0))
        waiting.clear()  # those still waiting stay UNSENT
        for task in tasks:
            await task  # raises what a request raised
    return Run(start, arrivals, waited)


@dataclass
class RateSearch:
    """The highest rate that passes a test, assuming that higher rates do worse.

    From first, step up by factor while rates pass (or down while they fail);
    once a rate has passed and a higher one failed, try their geometric mean,
    until the highest pass and the lowest fail above it are within precision
    of each other. The answer is that highest pass: a rate that passed above
    one that failed (noise) does not count.
    """

    first: float
    factor: float = 1.5
    precision: float = 1.1
    passed: list[float] = field(default_factory=list)
    failed: list[float] = field(default_factory=list)

    @property
    def capacity(self) -> float | None:
        lowest_fail = min(self.failed, default=math.inf)
        return max((rate for rate in self.passed if rate < lowest_fail), default=None)

    def next_rate(self) -> float | None:
        """The rate to try next, or None when the answer is precise enough."""
        low, high = self.capacity, min(self.failed, default=None)
        if low is None:
            return self.first if high is None else high / self.factor
        if high is None:
            return low * self.factor
        return None if high / low <= self.precision else math.sqrt(low * high)

    def record(self, rate: float, ok: bool) -> None:
        (self.passed if ok else self.failed).append(rate)
