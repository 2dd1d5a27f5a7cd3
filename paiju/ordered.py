"""Work spread over processes with its results in the order it was given: the arena's deals and the balance lab's
batches are played on a pool of this machine's processes (or a Ray cluster's) and written to a results file in order,
so a run reads the same however many processes played it."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Generator, Iterable, Iterator
from multiprocessing.pool import AsyncResult
from typing import TypeVar

__all__ = ["in_order", "local_map", "processes"]

T = TypeVar("T")
R = TypeVar("R")
H = TypeVar("H")


def processes(workers: int | None) -> int:
    """How many processes ``workers`` asks for: itself where given, else one a core."""
    return max(1, workers or os.cpu_count() or 1)


def in_order(
    items: Iterable[T],
    submit: Callable[[T], H],
    get: Callable[[H], R],
    window: int,
    drop: Callable[[H], object] | None = None,
) -> Iterator[R]:
    """Submit items, at most ``window`` in flight, and give back their results in the order submitted; where the
    caller stops early, each item still in flight is given to ``drop`` (a cluster's task cancelled)."""
    pending: list[H] = []
    try:
        for item in items:
            pending.append(submit(item))
            if len(pending) >= window:
                yield get(pending.pop(0))
        while pending:
            yield get(pending.pop(0))
    finally:
        if drop is not None:
            for handle in pending:
                drop(handle)


def local_map(work: Callable[[T], R], items: Iterable[T], workers: int) -> Generator[R]:
    """``work`` of each item, in order, on ``workers`` processes of this machine (one: this process itself, nothing
    started), up to two an item a worker in flight. The processes live as long as the iterator, and one closed early
    (a run with its precision, an interrupt) ends them at once: what they were doing would be dropped anyway."""
    if workers == 1:
        yield from map(work, items)
        return
    # forkserver: a worker starts from a clean process, not a copy of one whose threads (a progress bar) may hold locks
    pool = multiprocessing.get_context("forkserver").Pool(workers)
    finished = False
    try:
        yield from in_order(items, lambda item: pool.apply_async(work, (item,)), AsyncResult.get, 2 * workers)
        finished = True
    finally:
        if finished:
            pool.close()
        else:
            pool.terminate()
        pool.join()
