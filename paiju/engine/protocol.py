"""The kernel protocol every family's hand satisfies: who acts, what they may do, and what each seat sees.

A hand is typed by its family's action ``A`` and observation ``O``: ``HandEngine[A, O]``. Code that serves every
family without knowing which (the registry's lookups by name, the server, simulate) holds an ``AnyHand``: its actions
are whatever its own ``legal_actions`` lists, handed back to it as ``object``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, Self, TypeVar, runtime_checkable

from paiju.cards import Card
from paiju.variants import Variant

__all__ = ["AnyHand", "Event", "HandCore", "HandEngine", "HandResult", "Observation"]

A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)


class Event(Protocol):
    """One typed event of a hand: its log form, and what a seat may see of it (the one redaction point)."""

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        ...

    def visible_to(self, seat: int | None, facts: Any) -> Event | None:
        """What ``seat`` (``None``: a spectator) may see of it, given the hand's public ``facts`` (each family's own
        record, as its ``HandEngine.facts`` gives it: typed ``Any`` here because an event takes its own family's)."""
        ...


class Observation(Protocol[A_co]):
    """What one seat may know of a hand, as its family's ``observe`` gives it to bots and views; ``A_co``: the
    family's action."""

    @property
    def seat(self) -> int | None:
        """The seat observing (``None``: a spectator)."""
        ...

    @property
    def legal(self) -> Sequence[A_co]:
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


O_co = TypeVar("O_co", bound=Observation[object], covariant=True)


class HandCore(Protocol):
    """What every hand offers whatever its actions: its table, deal, log, cards and result, who acts, copies and
    views (a session, sampled worlds and a family record's hand type need no more)."""

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

    def facts(self) -> object:
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

    def clone(self) -> Self:
        """An independent copy: acting on it leaves this hand as it is."""
        ...

    def pop(self) -> None:
        """Take back the last action ``push`` applied; ``IndexError`` when there is none."""
        ...

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see now, JSON-ready."""
        ...


@runtime_checkable
class HandEngine(HandCore, Protocol[A, O_co]):
    """One hand of any family, its actions ``A`` and its seats' observations ``O_co``: seats act in turn (or several
    at once) until it is over."""

    def legal_actions(self, seat: int) -> Sequence[A]:
        """Everything ``seat`` may do now (empty when it may not act)."""
        ...

    def apply(self, action: A, seat: int) -> None:
        """Take ``action`` for ``seat``; raise (and change nothing) when it is not allowed."""
        ...

    def push(self, action: A, seat: int) -> None:
        """``apply``, keeping what ``pop`` needs to take the action back (a search's walk down a hand)."""
        ...

    def observe(self, seat: int | None) -> O_co:
        """What ``seat`` (``None``: a spectator) may know now, for a bot, a learner or a view."""
        ...


#: A hand of a family not known where it is held (looked up by name: the registry, the server, simulate): its
#: actions are ``object`` there, each one taken from its own ``legal_actions`` (or its family's ``parse_action``) and
#: handed back to it.
AnyHand = HandEngine[object, Observation[object]]
