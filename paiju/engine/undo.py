"""What every family's ``pop`` does first: take the last thing its ``push`` kept, or say there is none."""

from __future__ import annotations

from typing import TypeVar

__all__ = ["last_pushed"]

_Kept = TypeVar("_Kept")


def last_pushed(kept: list[_Kept]) -> _Kept:
    """The last of ``kept``, removed; ``IndexError``, in words for a player, when ``push`` kept nothing."""
    if not kept:
        raise IndexError("no action to take back: pop takes back what push applied")
    return kept.pop()
