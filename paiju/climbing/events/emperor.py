"""The 斗帝主 table's event (other-games.md §6.2 step 3): the landlord puts back the bottom cards it does not keep."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Self

from paiju.cards import Card
from paiju.climbing.actions import Action, Pass, Return
from paiju.climbing.events.base import Cards, Event, Facts, HandSoFar, cards_json, known, read_cards, register, shown

__all__ = ["ReturnEvent"]


@register("return")
@dataclass(frozen=True, slots=True)
class ReturnEvent(Event):
    """The landlord keeps the bottom but ``count`` cards, which leave play face down (none: it keeps all six).

    How many is public, as every hand's size is; which cards only the landlord knows while the hand runs (Q6.2).
    """

    seat: int
    count: int
    cards: Cards | None

    def action(self, hand: HandSoFar) -> Action:
        """Putting back the cards, or keeping the whole bottom (a pass)."""
        return Return(known(self.cards)) if self.count else Pass()

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        return {"type": self.kind, "seat": self.seat, "count": self.count, "cards": cards_json(self.cards)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(int(data["seat"]), int(data["count"]), read_cards(data["cards"]))

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        if not self.count:
            return f"{names[self.seat]} keeps the whole bottom"
        return f"{names[self.seat]} puts back {self.count} bottom card{'s' if self.count > 1 else ''}: {shown(self.cards, marked)}"

    def visible_to(self, seat: int | None, facts: Facts) -> Event | None:
        """The cards put back only to the landlord; every seat sees how many."""
        return self if facts.sees_bottom(seat) else replace(self, cards=None)
