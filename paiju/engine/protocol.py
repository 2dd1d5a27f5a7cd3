"""The kernel protocol every family's hand satisfies: who acts, what they may do, and what each seat sees."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, Self, runtime_checkable

from paiju.cards import Card
from paiju.variants import Variant

__all__ = ["Event", "HandEngine", "HandResult", "Observation"]


class Event(Protocol):
    """One typed event of a hand: its log form, and what a seat may see of it (the one redaction point)."""

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        ...

    def visible_to(self, seat: int | None, facts: Any) -> Event | None:
        """What ``seat`` (``None``: a spectator) may see of it, given the hand's public ``facts``."""
        ...


class Observation(Protocol):
    """What one seat may know of a hand, as its family's ``observe`` gives it to bots and views."""

    @property
    def seat(self) -> int | None:
        """The seat observing (``None``: a spectator)."""
        ...

    @property
    def legal(self) -> Sequence[Any]:
        """What the seat may do now (empty when it does not act)."""
        ...

    @property
    def actors(self) -> frozenset[int]:
        """The seats to act as this seat may know them (a sealed step names none that has answered)."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The view, JSON-ready."""
        ...


class HandResult(Protocol):
    """How a finished hand ended, as far as the kernel needs: every seat's score."""

    @property
    def scores(self) -> Sequence[int]:
        """Each seat's score for the hand."""
        ...


@runtime_checkable
class HandEngine(Protocol):
    """One hand of any family: seats act in turn (or several at once) until it is over."""

    @property
    def variant(self) -> Variant:
        """The table the hand is played at."""
        ...

    @property
    def seed(self) -> int:
        """The seed its deal was drawn from."""
        ...

    @property
    def events(self) -> list[dict[str, Any]]:
        """What happened, in order, as the log stores it (JSON-ready)."""
        ...

    @property
    def typed_events(self) -> Sequence[Event]:
        """The same events as typed values, which know what each seat may see of them."""
        ...

    @property
    def hands(self) -> Sequence[Sequence[Card]]:
        """Every seat's cards now."""
        ...

    def facts(self) -> Any:
        """The public facts that decide what a seat may see of the events now."""
        ...

    @property
    def result(self) -> HandResult | None:
        """How the hand ended; ``None`` while it runs."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the hand has been settled."""
        ...

    def actors(self) -> frozenset[int]:
        """The seats that may act now; empty once the hand is over."""
        ...

    def legal_actions(self, seat: int) -> Sequence[Any]:
        """Everything ``seat`` may do now (empty when it may not act)."""
        ...

    def apply(self, action: Any, seat: int) -> None:
        """Take ``action`` for ``seat``; raise (and change nothing) when it is not allowed."""
        ...

    def clone(self) -> Self:
        """An independent copy: acting on it leaves this hand as it is."""
        ...

    def push(self, action: Any, seat: int) -> None:
        """``apply``, keeping what ``pop`` needs to take the action back (a search's walk down a hand)."""
        ...

    def pop(self) -> None:
        """Take back the last action ``push`` applied; ``IndexError`` when there is none."""
        ...

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see now, JSON-ready."""
        ...
