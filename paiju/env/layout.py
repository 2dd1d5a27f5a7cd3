"""An observation tensor's layout: named parts laid end to end, each a slice of one float32 vector with its bounds.

A family's encoder (``paiju.env.climbing``, ``paiju.env.trick``) declares its parts once per table; the env's
``layout(agent)`` hands the slices to a learner, and the observation space's bounds come from the same place.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

__all__ = ["Layout", "Part"]


@dataclass(frozen=True)
class Part:
    """One named part: where it starts, how many entries, their bounds, and what it holds (for docs/env.md)."""

    name: str
    start: int
    size: int
    low: float
    high: float
    doc: str

    @property
    def slice(self) -> slice:
        """The part's entries in the observation vector."""
        return slice(self.start, self.start + self.size)


@dataclass
class Layout:
    """Parts added in order; ``size`` grows as they are added."""

    parts: dict[str, Part] = field(default_factory=dict)
    size: int = 0

    def add(self, name: str, size: int, high: float, doc: str, low: float = 0.0) -> int:
        """Add a part of ``size`` entries in ``[low, high]``; its start (an encoder's offset) is returned."""
        if name in self.parts:
            raise ValueError(f"part {name!r} is laid out twice")
        start = self.size
        self.parts[name] = Part(name, start, size, low, high, doc)
        self.size += size
        return start

    def slices(self) -> dict[str, slice]:
        """Each part's slice by name, in order."""
        return {name: part.slice for name, part in self.parts.items()}

    def bounds(self) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        """The lowest and highest value of every entry (a Box space's ``low`` and ``high``)."""
        low = np.zeros(self.size, dtype=np.float32)
        high = np.zeros(self.size, dtype=np.float32)
        for part in self.parts.values():
            low[part.slice] = part.low
            high[part.slice] = part.high
        return low, high

    def describe(self) -> list[tuple[str, int, int, str]]:
        """``(name, start, size, what)`` per part: the table docs/env.md prints."""
        return [(p.name, p.start, p.size, p.doc) for p in self.parts.values()]
