"""Where a simulation's chunks run: local processes (the default) or a Dask cluster (``--scheduler``).

The simulation tools split their work into chunks whose content depends only on the seed and the
chunk's index: round ``i`` of a run plays ``derive_seed(S, i)`` and chunk ``k`` covers a fixed
span of indices (``batch`` rounds, whatever the number of workers). A backend runs the chunks
wherever it likes and hands their results back **in chunk order**; the caller merges them in that
order, so the floating-point sums, and with them every figure of a report, are the same bit for
bit on one process, on K processes or on a cluster of any size.

``dask.distributed`` is an optional dependency (``pip install -r requirements-cluster.txt``, or the
``cluster`` group of pyproject.toml): it is imported only when a scheduler is named. The scheduler
and the workers of that cluster must import the same checkout's ``game`` package (the scheduler
unpickles the tasks, the workers play them): start them with ``PYTHONPATH`` set to the repository
(``PYTHONPATH=. dask scheduler``, ``PYTHONPATH=. dask worker tcp://HOST:8786``). Every chunk checks
on its worker that the game data and engine version are the ones the run was started with.
"""

from __future__ import annotations

import multiprocessing
import re
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

from .. import get_game
from ..version import ENGINE_VERSION

T = TypeVar("T")
R = TypeVar("R")

REPO = Path(__file__).resolve().parents[3]  # the checkout whose game package the cluster must import
CONNECT_TIMEOUT = 10.0  # seconds to reach a scheduler and to see one worker on it
INSTALL_HINT = "pip install -r requirements-cluster.txt (or pip install '.[cluster]')"
ADDRESS = re.compile(r"^(tcp|tls)://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(\d{1,5})$")


class ClusterError(Exception):
    """A scheduler that cannot be used: not installed, a malformed or unreachable address, no workers."""


class Backend:
    """Runs chunk functions over tasks and yields the results in task order."""

    workers: int = 1

    def map(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        raise NotImplementedError

    def close(self) -> None:
        pass

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


class LocalBackend(Backend):
    """``workers`` processes on this machine (spawned once, on first use); one worker plays in this process."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: Any = None

    def map(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        if self.workers == 1:
            for task in tasks:
                yield fn(task)
            return
        if self._pool is None:
            self._pool = multiprocessing.get_context("spawn").Pool(self.workers)
        yield from self._pool.imap(fn, tasks)  # in order, not as they finish: the same sums whatever the workers

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None


def _checked(fn: Callable[[T], R], expected: tuple[str, str, str], task: T) -> R:
    """Run one chunk on a cluster worker, after checking that it plays the same game data and engine."""
    game_id, digest, version = expected
    if version != ENGINE_VERSION or get_game(game_id).data_digest() != digest:
        raise RuntimeError(f"a Dask worker runs another engine ({ENGINE_VERSION}) or other {game_id} data than this"
                           " run: start the workers from the same checkout")
    return fn(task)


class DaskBackend(Backend):
    """The workers of a running Dask cluster, reached through its scheduler (``connect``)."""

    def __init__(self, client: Any, address: str) -> None:
        self.client = client
        self.address = address
        self.workers = max(1, sum(client.nthreads().values()))

    @classmethod
    def connect(cls, address: str, timeout: float | None = None) -> DaskBackend:
        timeout = CONNECT_TIMEOUT if timeout is None else timeout
        if not ADDRESS.match(address):
            raise ClusterError(f"--scheduler {address!r}: give the scheduler as tcp://HOST:PORT")
        try:
            from distributed import Client
        except ImportError:
            raise ClusterError(f"--scheduler needs dask.distributed, which is not installed: {INSTALL_HINT}") from None
        try:
            client = Client(address, timeout=timeout, set_as_default=False)
        except Exception as exc:  # OSError, TimeoutError, ValueError: what the connection says, in one line
            reason = " ".join(str(exc).split()) or type(exc).__name__
            raise ClusterError(f"cannot reach the Dask scheduler at {address}: {reason}"[:300]) from None
        try:
            client.wait_for_workers(1, timeout=timeout)
        except Exception:
            client.close()
            raise ClusterError(f"the Dask scheduler at {address} has no workers (waited {timeout:g} s)") from None
        return cls(client, address)

    def map(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        if not tasks:
            return
        first: Any = tasks[0]
        game_id = str(first[0])  # every chunk task starts with the game id
        expected = (game_id, get_game(game_id).data_digest(), ENGINE_VERSION)
        futures = self.client.map(partial(_checked, fn, expected), list(tasks), pure=False)
        try:
            for i in range(len(futures)):
                try:
                    result = futures[i].result()
                except Exception as exc:
                    reason = " ".join(str(exc).split()) or type(exc).__name__
                    raise RuntimeError(f"on the Dask cluster at {self.address}: {reason} (its scheduler and workers"
                                       f" must import this checkout: start them with PYTHONPATH={REPO})") from exc
                futures[i] = None  # the cluster may forget a result once it is merged
                yield result
        finally:
            self.client.cancel([f for f in futures if f is not None])

    def close(self) -> None:
        self.client.close()
