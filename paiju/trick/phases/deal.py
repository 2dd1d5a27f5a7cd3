"""The deal (automatic, other-games.md §7.2): the scripted deal of a replay, or one shuffled from the seed; every
record of the last deal is cleared (a redeal starts here too)."""

from __future__ import annotations

from paiju.engine.phase import DONE, Step
from paiju.engine.shared_rng import own_rng
from paiju.trick.phases.common import Automatic
from paiju.trick.state import TrickState, TrumpCall, deal_cards

__all__ = ["DealCards"]


class DealCards(Automatic):
    """Deal, or take the next scripted deal; ``paced``: the table hands the cards out a round at a time (the
    pipeline then follows with the paced declaring)."""

    def __init__(self, paced: bool) -> None:
        self.paced = paced

    def enter(self, state: TrickState) -> Step:
        """Log the deal and start a fresh call."""
        deal = (
            state.deals.pop(0)
            if state.deals
            else deal_cards(state.variant, own_rng(state), state.first, state.kangqi, paced=self.paced)
        )
        if deal.paced != self.paced:
            raise ValueError("the deal is paced where the table deals at once, or the other way round")
        state.events.append(deal)
        state.first = deal.first
        state.hands = [list(h or ()) for h in deal.hands]
        state.kitty = list(deal.kitty or ())
        state.call = TrumpCall()
        state.dealing.paced = deal.paced
        return DONE
