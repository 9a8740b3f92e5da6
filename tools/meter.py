"""How much CPU a load run used, in cores over a stretch of time: by the
generator (this process), by the servers under load (their processes and
their children), and by the rest of the machine (other processes, the
kernel), read from Linux's /proc. `make load` prints it beside each part,
so that a figure measured on a busy machine says so."""

from __future__ import annotations

import os
import time
from pathlib import Path


def cpu_seconds(roots: list[int]) -> float:
    """CPU time, user and system, of the processes roots and their children."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue  # gone meanwhile
        pid, parent = int(stat.parent.name), int(fields[1])
        if pid in roots or parent in roots:
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def busy_seconds() -> float:
    """CPU time the whole machine has spent on anything but idling."""
    user, nice, system, idle, iowait, irq, softirq, steal = map(int, Path("/proc/stat").read_text().split()[1:9])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


class Meter:
    """Cores used over a stretch of time: by this process (the generator), by
    the servers, and by the rest of the machine (other processes, the kernel)."""

    def __init__(self, servers: list[int]) -> None:
        self.servers = servers
        self.start = self._now()

    def _now(self) -> tuple[float, float, float, float]:
        return time.perf_counter(), time.process_time(), cpu_seconds(self.servers), busy_seconds()

    def cores(self) -> tuple[float, float, float]:
        """The generator's, the servers' and the rest's, since the meter was made."""
        wall, own, servers, busy = (now - then for now, then in zip(self._now(), self.start))
        return own / wall, servers / wall, (busy - own - servers) / wall

    def __str__(self) -> str:
        return "CPU in cores: generator {:.2f}, servers {:.2f}, rest of the machine {:.2f}".format(*self.cores())
