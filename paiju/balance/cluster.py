"""The Ray backend of a balance run (the optional ``cluster`` extra): one task per batch of deals, results streamed
back in order, a batch whose worker is lost run again by Ray (``max_retries``), the tasks in flight cancelled when a
run stops early."""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Generator, Iterator
from typing import Any

from paiju.balance.play import Batch, play_batch
from paiju.ordered import in_order

__all__ = ["RayPool"]

#: How often Ray runs a batch again whose worker died before it gave its results back.
RETRIES = 3


class RayPool:
    """Batches played as Ray tasks on the cluster at ``address`` (``local``: a Ray started on this machine with
    ``cpus`` processors, stopped by ``close`` or at the end of a ``with``), at most ``window`` in flight (default: two a
    processor), each played by ``play``."""

    def __init__(
        self,
        address: str,
        cpus: int | None = None,
        window: int | None = None,
        play: Callable[[Batch], list[dict[str, Any]]] = play_batch,
    ) -> None:
        try:
            ray: Any = importlib.import_module("ray")  # optional: its types are not the project's to check
        except ImportError as err:
            raise RuntimeError("--ray needs Ray, the optional cluster extra: pip install 'paiju[cluster]'") from err
        self._ray = ray
        self._started = not ray.is_initialized()
        if self._started:
            if address == "local":
                ray.init(num_cpus=cpus, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
            else:
                ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False)
        self.window = window or 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._task = ray.remote(max_retries=RETRIES)(play)

    def results(self, batches: Iterator[Batch]) -> Generator[list[dict[str, Any]]]:
        """Each batch's lines, in order; a run stopped early cancels the tasks still in flight on the cluster."""
        ray = self._ray
        yield from in_order(
            batches, self._task.remote, lambda ref: list(ray.get(ref)), self.window, lambda ref: ray.cancel(ref, force=True)
        )

    def __enter__(self) -> RayPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Shut down the Ray this pool started (a cluster joined is left running)."""
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()
        self._started = False
