"""One hand of a Dou Dizhu-family game: the engine's driver (``paiju.engine.driver``) running a table's ``pipeline``
over a ``HandState``, with what the kernel and the views read of it, ``clone`` and ``push``/``pop``.

``legal_actions(seat)`` and ``apply(action, seat)`` are the driver's: one legality check, then the phase acts and
its ``Step`` is followed through the automatic phases. Where the play has a compiled turn (``phases.play.compiled_turns``), both methods run in C for the seat to act: they list its
actions and take the everyday plays and passes, and leave the rest to the Python methods and the phase.
Randomness comes only from the seeded RNG in the state, all of it drawn with the deal, so the event log
(``paiju.climbing.log``) replays to the identical state.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from paiju.cards import Card
from paiju.climbing.actions import Action
from paiju.climbing.compiled import TURN
from paiju.climbing.events import Event, Facts
from paiju.climbing.holding import Holding
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.phases import Pipeline, holding_of, pipeline
from paiju.climbing.state import Deal, HandState, Result
from paiju.climbing.undo import Taken, save, take_back
from paiju.engine.driver import Driver
from paiju.variants import Variant

if TYPE_CHECKING:
    from paiju.climbing.observation import Observation

__all__ = ["Hand"]

#: The views' ``observe`` once the first view imported it (a random bot makes no view: its start-up loads none).
_observe: Callable[[Hand, int | None], Observation] | None = None


def _views_observe() -> Callable[[Hand, int | None], Observation]:
    """The views' ``observe``, imported at the first view and kept: an import statement at every view cost it
    about 0.6 µs, a tenth of a decision's on the fastest tables."""
    global _observe
    from paiju.climbing.observation import observe

    _observe = observe
    return observe

_Method = TypeVar("_Method", bound=Callable[..., Any])


def _compiled(applies: bool) -> Callable[[_Method], _Method]:
    """Where the extension is built, the method in C (``_turn.hand_method``) for the seat to act while the play has
    a compiled turn, the driver's Python method for everything else; ``applies``: it is ``apply``."""

    def wrap(method: _Method) -> _Method:
        return method if TURN is None else cast(_Method, TURN.hand_method(method, PhaseName.PLAY, applies))

    return wrap


class Hand(Driver[HandState, Action]):
    """A single hand; it satisfies ``paiju.engine.HandEngine``.

    ``dealer`` is the seat that deals; ``previous`` the seat that went out first in the session's previous hand,
    for tables whose speculator is chosen that way (speculator.md §3); ``deals`` script the deals (a replay);
    ``phases`` replaces the table's ``pipeline(variant)`` (a phase being developed, tried in a test).
    """

    def __init__(
        self,
        variant: Variant,
        seed: int,
        dealer: int = 0,
        deals: Sequence[Deal] = (),
        previous: int | None = None,
        phases: Pipeline | None = None,
    ) -> None:
        state = HandState(variant, seed, dealer % variant.players, previous, random.Random(seed), list(deals))
        self._events_json: list[dict[str, Any]] = []
        self._taken: list[Taken] = []
        super().__init__(state, pipeline(variant) if phases is None else phases)

    @classmethod
    def new(cls, variant: Variant, seed: int | None = None, dealer: int = 0) -> Self:
        """A freshly dealt hand; ``seed=None`` picks a random seed (still recorded)."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        return cls(variant, seed, dealer)

    # ------------------------------------------------------------------ what the kernel and views read
    @property
    def variant(self) -> Variant:
        """The table."""
        return self.state.variant

    @property
    def seed(self) -> int:
        """The seed the deals were drawn from."""
        return self.state.seed

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.state.variant.players

    @property
    def phase(self) -> PhaseName:
        """The decision the hand rests at (``over`` once settled)."""
        return self.state.phase

    @property
    def to_act(self) -> int:
        """The seat whose decision it is (where exactly one seat acts)."""
        return self.state.to_act

    @property
    def hands(self) -> list[list[Card]]:
        """Every seat's cards."""
        return self.state.hands

    @property
    def landlord(self) -> int | None:
        """The landlord (during the auction, the highest bidder so far)."""
        return self.state.landlord

    @property
    def speculator(self) -> int | None:
        """The speculator's seat, once found."""
        return self.state.speculator

    @property
    def result(self) -> Result | None:
        """How the hand ended; ``None`` while it runs."""
        return self.state.result

    @property
    def typed_events(self) -> list[Event]:
        """What happened, in order."""
        return self.state.events

    @property
    def events(self) -> list[dict[str, Any]]:
        """The events as the log stores them, converted once each, when first asked for."""
        done, typed = self._events_json, self.state.events
        if len(done) < len(typed):
            done.extend(e.to_json() for e in typed[len(done) :])
        return done

    def facts(self) -> Facts:
        """The public facts that decide what a seat may see of the events now."""
        return self.state.facts()

    def holding(self, seat: int) -> Holding:
        """What ``seat`` holds and may play."""
        return holding_of(self.state, seat)

    def observe(self, seat: int | None) -> Observation:
        """What ``seat`` (``None``: a spectator) may know now, for a bot, a learner or a view."""
        return (_observe or _views_observe())(self, seat)

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see now, JSON-ready."""
        return self.observe(seat).to_json()

    def clone(self) -> Self:
        """An independent copy for search: acting on it leaves this hand as it is (no log replay, no deep copy)."""
        twin = copy.copy(self)
        twin.state = self.state.clone()
        twin._events_json, twin._taken = list(self._events_json), []  # what a hand may take back stays its own
        return twin

    # ------------------------------------------------------------------ deciding
    legal_actions = _compiled(applies=False)(Driver.legal_actions)
    apply = _compiled(applies=True)(Driver.apply)

    def play_picks(self, picks: list[Callable[[Sequence[Action]], Action] | None]) -> None:
        """The play's turns of seats whose bot reads only its legal list (``picks[seat]``, else ``None``), each
        ``apply(pick(legal_actions(seat)), seat)`` as ``bots.play_out``'s loop takes it, looped in C where the play
        has a compiled turn (``_turn.play_picks``); it returns at the first turn it leaves to that loop."""
        if TURN is not None:
            TURN.play_picks(self, picks, PhaseName.PLAY, type(self).apply)

    def push(self, action: Action, seat: int | None = None) -> None:
        """``apply``, keeping what ``pop`` needs to take it back: a search's walk down one hand and back up."""
        taken = Taken(save(self.state, self._current, action, seat), self._at, self._legal, len(self._events_json))
        self.apply(action, seat)
        self._taken.append(taken)

    def pop(self) -> None:
        """Take back the last action ``push`` applied that is not yet taken back; ``IndexError`` when none is left."""
        self.state, self._at, self._legal, shown = take_back(self.state, self._taken)
        del self._events_json[shown:]
