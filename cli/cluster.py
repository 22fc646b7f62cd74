"""Simulated games on a Dask cluster: ``dow simulate --cluster ADDRESS`` (the optional ``cluster`` extra).

The runtime imports the standard library only, so the cluster glue lives here and imports Dask
(``distributed``) only when a cluster is asked for. The workers play the same ``play_chunk`` of
runtime/engine/workers.py as local processes do, from the same seeds, so a cluster's summary is the
one a single process gives. Every worker needs ``dow`` installed (the same version) to import it.
"""
from __future__ import annotations

from typing import Iterator, Sequence

LOCAL = "local"
"""``--cluster local``: a Dask cluster of worker processes on this machine, started for the run."""

MISSING = ("--cluster needs Dask's distributed scheduler, which is not installed: "
           "pip install 'dow-toolchain[cluster]' (or pip install distributed)")


class ClusterError(Exception):
    """The cluster cannot be used: the extra is missing or the scheduler cannot be reached."""


def dask_runner(address: str, workers: int = 0):
    """A runner (see runtime/engine/workers.py) that plays on the Dask scheduler at ``address``, or on a
    local cluster of ``workers`` processes (0: one per core) when the address is 'local'."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise ClusterError(MISSING) from None
    from dow.runtime.engine.workers import chunks, cores, play_chunk

    def run(bundle: dict, seeds: Sequence[int], options: dict) -> Iterator[dict]:
        cluster = None
        try:
            if address == LOCAL:
                cluster = LocalCluster(n_workers=workers or cores(), threads_per_worker=1, processes=True,
                                       dashboard_address=None)
                client = Client(cluster)
            else:
                client = Client(address, timeout=30)
        except (OSError, ValueError, TimeoutError) as err:
            raise ClusterError(f"cannot reach the Dask scheduler at {address}: {err}") from None
        try:
            size = max(1, sum(client.nthreads().values()))
            shared = client.scatter(bundle, broadcast=True)        # sent to each worker once, not with each task
            parts = chunks(seeds, size)
            tasks = client.map(play_chunk, [shared] * len(parts), parts, [options] * len(parts), pure=False)
            for done in as_completed(tasks):
                try:
                    records = done.result()
                except Exception as err:              # e.g. a worker without dow installed
                    raise ClusterError(f"a Dask worker failed: {type(err).__name__}: {err}") from None
                yield from records
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    return run
