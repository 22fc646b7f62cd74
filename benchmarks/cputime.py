"""CPU-time measurement shared by the benchmarks.

On a shared two-core machine wall times of the same run swing several-fold from one run to the
next, while the CPU time a process is charged for its own work stays within a few per cent. So
the benchmarks report CPU seconds (user + system), take many short runs, and compare two things
pair by pair in turn (A B A B ...), quoting the median of the per-pair ratios: drift in the
machine's speed then falls on both sides of each pair.

* ``in_process(fn)``: CPU seconds of this process while ``fn()`` runs, plus the CPU seconds of
  child processes it started and reaped (worker pools), and the wall seconds.
* ``child(cmd)``: the same for a whole command run as a child process (``os.wait4``).
* ``paired(a, b, pairs)``: both in turn, ``pairs`` times; per-pair ratios a/b.
"""
from __future__ import annotations

import gc
import os
import resource
import statistics
import subprocess
import time
from dataclasses import dataclass, field
from typing import Callable


@dataclass
class Sample:
    """One measured run: CPU seconds (own + reaped children), wall seconds, and what the run returned."""
    cpu: float
    wall: float
    result: object = None


@dataclass
class Series:
    """Several samples of one thing, summed up as medians."""
    label: str
    samples: list[Sample] = field(default_factory=list)

    @property
    def cpu(self) -> float:
        return statistics.median(s.cpu for s in self.samples)

    @property
    def wall(self) -> float:
        return statistics.median(s.wall for s in self.samples)

    def line(self, per: int | None = None, unit: str = "card") -> str:
        """A report line: median, min and max CPU seconds, median wall."""
        cpus = [s.cpu for s in self.samples]
        text = (f"{self.label}: CPU median {self.cpu:.3f} s (min {min(cpus):.3f}, max {max(cpus):.3f}; "
                f"{len(cpus)} runs), wall median {self.wall:.3f} s")
        if per:
            text += f"; {1000 * self.cpu / per:.3f} ms CPU per {unit}"
        return text


def _cpu_now() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def in_process(fn: Callable[[], object]) -> Sample:
    """Run ``fn`` once in this process; CPU of this process and of the children it reaped meanwhile."""
    gc.collect()
    c0, w0 = _cpu_now(), time.perf_counter()
    result = fn()
    return Sample(cpu=_cpu_now() - c0, wall=time.perf_counter() - w0, result=result)


def child(cmd: list[str], cwd=None, env=None) -> Sample:
    """Run a command as a child process; its own CPU (user + system, from os.wait4) and wall time.

    The result is ``(exit code, stdout text)``."""
    w0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = proc.stdout.read() if proc.stdout else b""
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.stdout:
        proc.stdout.close()
    return Sample(cpu=usage.ru_utime + usage.ru_stime, wall=time.perf_counter() - w0,
                  result=(proc.returncode, out.decode("utf-8", "replace")))


def paired(a: Callable[[], Sample], b: Callable[[], Sample], pairs: int,
           labels: tuple[str, str] = ("a", "b")) -> tuple[Series, Series, list[float]]:
    """Run ``a`` and ``b`` in turn ``pairs`` times; both series and the per-pair CPU ratios a/b."""
    sa, sb, ratios = Series(labels[0]), Series(labels[1]), []
    for _ in range(pairs):
        x, y = a(), b()
        sa.samples.append(x)
        sb.samples.append(y)
        ratios.append(x.cpu / y.cpu if y.cpu else float("inf"))
    return sa, sb, ratios


def ratio_line(ratios: list[float], target: float | None = None) -> str:
    """Median, min and max of per-pair ratios, with the target if one is given."""
    med = statistics.median(ratios)
    text = f"ratio pair by pair: median {med:.2f}x (min {min(ratios):.2f}, max {max(ratios):.2f}; {len(ratios)} pairs)"
    if target is not None:
        text += f"; target <= {target}x: " + ("met" if med <= target else f"missed by {med / target:.2f}x")
    return text


def load() -> str:
    """The machine's load averages, for the report."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())
