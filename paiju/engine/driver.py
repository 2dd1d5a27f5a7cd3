"""The driver every family's hand runs on: a ``Pipeline``'s phases over a state, one legality check per action.

``legal_actions(seat)`` lists what an acting seat may do (cached until the next action); ``apply(action, seat)``
checks the action once — the seat must be an actor and the action in ``legal``, else ``IllegalMoveError`` with the
phase's explanation and the state untouched — then lets the phase act and follows its ``Step`` through the
automatic phases: ``Done`` enters the next phase, ``Redeal`` the first, ``Finish`` the settlement, after which the
hand rests in a last phase that no seat acts in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from paiju.engine.phase import Continue, Finish, Phase, Pipeline, Redeal, Step, TurnState, is_among
from paiju.errors import IllegalMoveError, Reason

__all__ = ["Driver", "listed"]

S = TypeVar("S", bound=TurnState)
A = TypeVar("A")


class _Ended(Generic[S, A]):
    """Where a settled hand rests: nobody acts, and every action is refused because the hand is over."""

    name: object | None = None

    def enter(self, state: S) -> Step:
        """Never entered: the driver moves here after the settlement."""
        raise AssertionError("a settled hand is not entered again")

    def actors(self, state: S) -> frozenset[int]:
        """Nobody acts once the hand is over."""
        return frozenset()

    def legal(self, state: S, seat: int) -> list[A]:
        """Nothing is left to do."""
        return []

    def explain(self, state: S, seat: int, action: A) -> str:
        """The hand is over."""
        return Reason("hand_over", "the hand is over")

    def idle(self, state: S, seat: int, actors: frozenset[int]) -> str:
        """The hand is over."""
        return Reason("hand_over", "the hand is over")

    def apply(self, state: S, seat: int, action: A) -> Step:
        """Never called: nobody acts."""
        raise AssertionError("a settled hand takes no actions")


class Driver(Generic[S, A]):
    """A hand run by ``pipeline`` over ``state``: who acts, what they may do, and each action taken.

    ``state`` and ``_legal`` (the cached list, ``(seat, actions)``) keep these names: a compiled turn reads them.
    """

    state: S
    _legal: tuple[int, Sequence[A]] | None

    def __init__(self, state: S, pipeline: Pipeline[S, A]) -> None:
        self.state = state
        self._pipeline = pipeline
        self._phases: tuple[Phase[S, A], ...] = (*pipeline.phases, _Ended())
        self._ended = len(pipeline.phases)  # where a settled hand rests
        self._at = 0
        self._legal = None
        self._follow(self._phases[0].enter(state))

    @property
    def _current(self) -> Phase[S, A]:
        """The phase the hand rests in."""
        return self._phases[self._at]

    @property
    def is_over(self) -> bool:
        """Whether the hand has been settled."""
        return self._at == self._ended

    def actors(self) -> frozenset[int]:
        """The seats that may act now; empty once the hand is over (asked at every turn: read without properties)."""
        return self._phases[self._at].actors(self.state)

    def legal_actions(self, seat: int | None = None) -> Sequence[A]:
        """Everything ``seat`` (by default the seat to act) may do now; empty when it may not act."""
        state = self.state
        seat = state.to_act if seat is None else seat
        cached = self._legal
        if cached is not None and cached[0] == seat:
            return cached[1]
        phase = self._phases[self._at]
        if seat not in phase.actors(state):
            return []
        actions = phase.legal(state, seat)
        self._legal = (seat, actions)
        return actions

    def is_legal(self, action: A, seat: int | None = None) -> bool:
        """Whether ``action`` is among ``legal_actions(seat)``."""
        return listed(action, self.legal_actions(seat))

    def explain(self, action: A, seat: int | None = None) -> str:
        """Why ``action`` is refused for ``seat`` (by default the seat to act), in words for a player (asked only for
        a refused action)."""
        state = self.state
        seat = state.to_act if seat is None else seat
        phase = self._phases[self._at]
        actors = phase.actors(state)
        if seat not in actors:
            return phase.idle(state, seat, actors)
        return phase.explain(state, seat, action)

    def apply(self, action: A, seat: int | None = None) -> None:
        """Take ``action`` for ``seat`` (by default the seat to act); raise ``IllegalMoveError`` (and change
        nothing) if it is not allowed."""
        state = self.state
        seat = state.to_act if seat is None else seat
        if not listed(action, self.legal_actions(seat)):
            raise IllegalMoveError(self.explain(action, seat))
        step = self._phases[self._at].apply(state, seat, action)
        self._legal = None
        if not isinstance(step, Continue):
            self._follow(step)

    def _follow(self, step: Step) -> None:
        """Move through the pipeline until a phase waits for a decision or the hand is settled."""
        state, phases = self.state, self._phases
        while not isinstance(step, Continue):
            if isinstance(step, Finish):
                self._pipeline.settle.finish(state, step)
                self._at = self._ended
                return
            self._at = 0 if isinstance(step, Redeal) else self._at + 1
            step = phases[self._at].enter(state)


def listed(action: object, legal: Sequence[object]) -> bool:
    """Whether ``action`` is in ``legal``: one of the listed objects itself is found without comparing actions (the
    usual case, a bot or a player picking from the list; a lazy or capped list answers ``in`` its own way)."""
    return (isinstance(legal, list) and is_among(action, legal)) or action in legal
