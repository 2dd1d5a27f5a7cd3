"""An observation vector and an action mask written from Python lists of indices: compiled (the ``_tensor``
extension, one pass over each list) where it is built, else in NumPy (the same arrays; ``tests/test_env_tensor.py``
holds the two to each other)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import numpy as np
from numpy.typing import NDArray

from paiju.patterns.compiled import load_extension

__all__ = ["COMPILED", "TENSOR", "Counts", "Mark", "compiled", "counts", "mark", "python_counts", "python_mark"]

#: A vector of ``size`` from hits, then values set at indices (``python_counts``); a mask rewritten (``python_mark``).
Counts = Callable[[int, list[int], list[int], list[float]], NDArray[np.float32]]
Mark = Callable[[NDArray[np.int8], list[int], list[int]], None]

TENSOR = load_extension("paiju.env._tensor", "env tensor writer")
#: The extension, or ``None`` where it is not built or the compiled path is turned off; whether it is in use.
COMPILED = TENSOR is not None


def python_counts(size: int, hits: list[int], at: list[int], values: list[float]) -> NDArray[np.float32]:
    """A new float32 vector of ``size``: how many times each index appears in ``hits``, then ``values`` set at the
    indices ``at`` (distinct ones, none in ``hits``)."""
    out = np.bincount(np.fromiter(hits, np.intp, len(hits)), minlength=size).astype(np.float32)
    out[at] = values
    return out


def python_mark(mask: NDArray[np.int8], clear: list[int], ids: list[int]) -> None:
    """``mask`` with 0 at the indices ``clear``, then 1 at ``ids``."""
    mask.put(clear, 0)
    mask.put(ids, 1)


def compiled(tensor: ModuleType) -> tuple[Counts, Mark]:
    """``python_counts`` and ``python_mark`` as the extension ``tensor`` writes them (into a zeroed vector)."""
    fill = tensor.fill

    def counts(size: int, hits: list[int], at: list[int], values: list[float]) -> NDArray[np.float32]:
        out = np.zeros(size, dtype=np.float32)
        fill(out, hits, at, values)
        return out

    return counts, tensor.mark


#: The writes the env uses.
counts, mark = compiled(TENSOR) if TENSOR is not None else (python_counts, python_mark)
