"""One 炒地皮 hand (other-games.md §7.2): the engine's driver (``paiju.engine.driver``) running the table's
``pipeline`` (``paiju.trick.phases``: the deal, declaring, the kitty, 抄底, the tricks, the settlement) over a
``TrickState``, with what the kernel and the views read of it, ``clone`` and ``push``/``pop``.

``legal_actions`` lists what a seat may do, cut at ``LIST_CAP`` (a bury or a free discard can allow millions);
``apply`` accepts any action the rules allow, listed or not, and refuses the rest with the rule's reason, the
state untouched.  The log (``paiju.trick.log``) holds the deals, so a hand replays without its RNG.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any, Self

from paiju.cards import Card
from paiju.engine.driver import Driver
from paiju.engine.undo import last_pushed
from paiju.trick.actions import Action
from paiju.trick.events import DealEvent, TrickHandEvent
from paiju.trick.levels import MatchState
from paiju.trick.observation import TrickObservation, observe
from paiju.trick.phases import LIST_CAP, pipeline
from paiju.trick.state import Phase, TrickResult, TrickState
from paiju.variants import Variant

__all__ = ["LIST_CAP", "TrickHand"]


class TrickHand(Driver[TrickState, Action]):
    """A single hand of a 炒地皮 match; it satisfies ``paiju.engine.HandEngine``.

    ``match`` is the match standing before the hand (levels, 扛旗, the 庄家); ``deals`` script the deals (a
    replay), else they are drawn from ``seed``.
    """

    def __init__(
        self, variant: Variant, seed: int, match: MatchState | None = None, deals: Sequence[DealEvent] = ()
    ) -> None:
        assert variant.trick is not None, "a trick-taking hand needs a table with trick rules"
        match = match or MatchState()
        rng = random.Random(seed)
        first = rng.randrange(variant.players) if match.dealer is None else match.dealer
        state = TrickState(variant, variant.trick, seed, rng, match, first, [], [], match.dealer, deals=list(deals))
        self._taken: list[tuple[TrickState, int]] = []
        super().__init__(state, pipeline(variant, state.kangqi))

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
    def phase(self) -> Phase:
        """The decision the hand rests at."""
        return self.state.phase

    @property
    def hands(self) -> list[list[Card]]:
        """Every seat's cards now."""
        return self.state.hands

    @property
    def typed_events(self) -> list[TrickHandEvent]:
        """What happened, in order."""
        return self.state.events

    @property
    def events(self) -> list[dict[str, Any]]:
        """The events as the log stores them."""
        return [e.to_json() for e in self.state.events]

    @property
    def result(self) -> TrickResult | None:
        """How the hand ended; ``None`` while it runs."""
        return self.state.result

    def facts(self) -> None:
        """Nothing public decides what a seat sees of the events: each event knows it alone."""
        return None

    def observe(self, seat: int | None) -> TrickObservation:
        """What ``seat`` (``None``: a spectator) may know now, for a bot, a learner or a view."""
        return observe(self, seat)

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see now, JSON-ready."""
        return observe(self, seat).to_json()

    def clone(self) -> Self:
        """An independent copy for search."""
        twin = copy.copy(self)
        twin.state = self.state.clone()
        twin._legal = None  # a capped list asks the rules of the state it was made for
        twin._taken = []  # what this hand may take back stays its own
        return twin

    # ------------------------------------------------------------------ taking back
    def push(self, action: Action, seat: int | None = None) -> None:
        """``apply``, keeping a copy of the state for ``pop`` to put back (a trick's turn changes too much to keep
        less: the trick, the points, a hand's end)."""
        taken = (self.state.clone(), self._at)
        self.apply(action, seat)
        self._taken.append(taken)

    def pop(self) -> None:
        """Take back the last action ``push`` applied that is not yet taken back; ``IndexError`` when none is left."""
        self.state, self._at = last_pushed(self._taken)
        self._legal = None
