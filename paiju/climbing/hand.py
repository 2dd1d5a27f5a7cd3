"""A climbing hand as the kernel sees it: the ``Game`` plus the ``HandEngine`` protocol's queries."""

from __future__ import annotations

import copy
from typing import Any, Self

from paiju.climbing.actions import Action
from paiju.climbing.game import Game
from paiju.climbing.observation import observe

__all__ = ["Hand"]


class Hand(Game):
    """A ``Game`` that satisfies ``paiju.engine.HandEngine`` (one seat acts at a time)."""

    def actors(self) -> frozenset[int]:
        """The seat to act, or none once the hand is over."""
        return frozenset() if self.is_over else frozenset({self.to_act})

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Everything ``seat`` (by default the seat to act) may do now; empty when it may not act."""
        if seat is not None and seat not in self.actors():
            return []
        return super().legal_actions()

    def clone(self) -> Self:
        """An independent copy sharing only the immutable variant (cheaper than replaying the log)."""
        return copy.deepcopy(self, {id(self.variant): self.variant})

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see now, JSON-ready."""
        return observe(self, seat).to_json()
