"""The phase machine every family's hand runs on: a ``Phase`` acts and says what comes next with a ``Step``; a
``Pipeline`` is a table's phases in order and its settlement. Generic in the state ``S`` and the action ``A``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import is_
from typing import Generic, Protocol, TypeVar, overload

from paiju.errors import Reason

__all__ = [
    "CONTINUE",
    "DONE",
    "REDEAL",
    "Automatic",
    "Capped",
    "Continue",
    "Decision",
    "Done",
    "Finish",
    "Phase",
    "Pipeline",
    "Redeal",
    "Settle",
    "Step",
    "Turn",
    "TurnState",
    "is_among",
    "not_your_turn",
]


@dataclass(frozen=True, slots=True)
class Continue:
    """The phase goes on: its actors decide next."""


@dataclass(frozen=True, slots=True)
class Done:
    """The phase is over: the pipeline's next phase starts."""


@dataclass(frozen=True, slots=True)
class Redeal:
    """The cards are dealt again, from the pipeline's first phase (the phase logs why before it says so)."""


@dataclass(frozen=True, slots=True)
class Finish:
    """The hand is decided: ``winner`` went out, or won at once (``instant``); the pipeline's settlement follows."""

    winner: int
    instant: bool = False


Step = Continue | Done | Redeal | Finish
CONTINUE, DONE, REDEAL = Continue(), Done(), Redeal()

S = TypeVar("S")
A = TypeVar("A")
S_contra = TypeVar("S_contra", contravariant=True)


class TurnState(Protocol):
    """A state with one seat whose decision it is where exactly one seat acts (the driver's default seat)."""

    to_act: int


class Phase(Protocol[S_contra, A]):
    """One stage of a hand: automatic (``name`` is ``None``; all its work is in ``enter``) or a decision.

    A decision phase's ``enter`` sets up who acts (or ends at once when there is nothing to decide); ``actors`` and
    ``legal`` say who may do what; ``apply`` acts. The driver asks ``explain`` only for an action it refuses (a seat
    among ``actors`` whose action is not in ``legal``), and ``idle`` for a seat that is not among them.
    """

    @property
    def name(self) -> object | None:
        """Where a hand resting in this phase stands (``None`` for an automatic phase)."""
        ...

    def enter(self, state: S_contra) -> Step:
        """Start the phase."""
        ...

    def actors(self, state: S_contra) -> frozenset[int]:
        """The seats that may act now."""
        ...

    def legal(self, state: S_contra, seat: int) -> Sequence[A]:
        """Everything ``seat`` may do now: ``action in legal(...)`` decides whether the driver takes it."""
        ...

    def explain(self, state: S_contra, seat: int, action: A) -> str:
        """Why ``action`` (not in ``legal``) is refused for ``seat``, in words for a player."""
        ...

    def idle(self, state: S_contra, seat: int, actors: frozenset[int]) -> str:
        """Why ``seat``, not among ``actors``, may not act now."""
        ...

    def apply(self, state: S_contra, seat: int, action: A) -> Step:
        """Take a legal ``action`` for ``seat``."""
        ...


class Settle(Protocol[S_contra]):
    """A table's settlement: score the hand ``step`` decided and log its end."""

    def finish(self, state: S_contra, step: Finish) -> None:
        """Settle the hand."""
        ...


@dataclass(frozen=True)
class Pipeline(Generic[S, A]):
    """A table's phases in order (the first deals, and a redeal starts over from it) and its settlement."""

    phases: tuple[Phase[S, A], ...]
    settle: Settle[S]


def not_your_turn(seat: int, actors: frozenset[int]) -> Reason:
    """The refusal of a seat that is not among ``actors``."""
    whose = " and ".join(f"seat {s}" for s in sorted(actors))
    return Reason("not_seat_turn", f"it is {whose}'s turn, not seat {seat}'s", seat=seat)


class Decision(Generic[S, A]):
    """What every resting phase says to a seat that does not act now."""

    def idle(self, state: S, seat: int, actors: frozenset[int]) -> str:
        """It is another seat's turn."""
        return not_your_turn(seat, actors)


class Automatic(Decision[S, A]):
    """A phase that needs no decision: it does its work in ``enter`` and never rests."""

    name: object | None = None

    def actors(self, state: S) -> frozenset[int]:
        """Nobody acts in an automatic phase."""
        return frozenset()

    def legal(self, state: S, seat: int) -> list[A]:
        """Nothing to choose."""
        return []

    def explain(self, state: S, seat: int, action: A) -> str:
        """An automatic phase refuses every action."""
        return Reason("nothing_to_decide", "nothing is to be decided now")

    def apply(self, state: S, seat: int, action: A) -> Step:
        """Never called: the driver checks ``legal`` first."""
        raise AssertionError(f"{type(self).__name__} takes no actions")


#: Each seat alone, as the actors of a turn: made once, not at every turn (a table seats at most 10).
_ALONE = tuple(frozenset((seat,)) for seat in range(10))

T = TypeVar("T", bound=TurnState)


class Turn(Decision[T, A]):
    """A decision taken by one seat at a time, ``state.to_act``."""

    def actors(self, state: T) -> frozenset[int]:
        """The seat to act."""
        return _ALONE[state.to_act]


def is_among(action: object, items: Sequence[object]) -> bool:
    """Whether one of ``items`` is ``action`` itself: a pick from a legal list is found without comparing actions."""
    return any(map(is_, items, repeat(action)))


class Capped(Sequence[A]):
    """A legal set too large to list whole (a burial, a free discard), or dear to list for the action usually taken
    (炒地皮's declarations, where a pass is): ``listing`` gives the actions listed (the first of them, made when first
    read), and ``in`` asks the rules (``allows``) about any action, listed or not, without listing: a player may type
    one past the list, and an action is checked without making the list (one of the listed actions itself, a bot's
    pick, is known legal and not checked again)."""

    __slots__ = ("_allows", "_listed", "_listing")

    def __init__(self, listing: Callable[[], Iterable[A]], allows: Callable[[object], bool]) -> None:
        self._listing = listing
        self._allows = allows
        self._listed: list[A] | None = None

    def _list(self) -> list[A]:
        if self._listed is None:
            self._listed = list(self._listing())
        return self._listed

    @overload
    def __getitem__(self, index: int) -> A: ...

    @overload
    def __getitem__(self, index: slice) -> list[A]: ...

    def __getitem__(self, index: int | slice) -> A | list[A]:
        return self._list()[index]

    def __len__(self) -> int:
        return len(self._list())

    def __iter__(self) -> Iterator[A]:
        return iter(self._list())

    def __contains__(self, action: object) -> bool:
        if self._listed is not None and is_among(action, self._listed):
            return True  # one of the actions listed itself (a bot's pick): the listing holds legal actions only
        return self._allows(action)

    def __eq__(self, other: object) -> bool:
        """Equal to a list (or another capped set) of the same actions listed."""
        if isinstance(other, Capped):
            other = other._list()
        return self._list() == other if isinstance(other, list) else NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable-looking, as a list: not hashable

    def __repr__(self) -> str:
        return f"Capped({self._list()!r})"
