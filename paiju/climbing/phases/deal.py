"""The deal (automatic): every card of the hand drawn at once, from a replayed log's script or the seeded RNG."""

from __future__ import annotations

from dataclasses import replace

from paiju.cards import card_rank, deck_cards
from paiju.climbing.events import DealEvent
from paiju.climbing.phases.step import DONE, Automatic, Step
from paiju.climbing.state import Auction, Deal, HandState, PartnerPart, PlayPart, Stake
from paiju.variants import Variant

__all__ = ["DealPhase", "check_deal"]


class DealPhase(Automatic):
    """Deal a fresh hand: the parts of the last deal are dropped (a redeal starts here too)."""

    def enter(self, state: HandState) -> Step:
        """Draw the deal, reset every part and log the deal; the first bidder holds the marker card."""
        v = state.variant
        deal = _draw_deal(state)
        state.deal = deal
        state.deal_count += 1
        state.hands = [list(h) for h in deal.hands]
        state.bottom = list(deal.bottom)
        state.landlord = None
        state.auction = Auction()
        state.stake = Stake()
        state.spec = None
        state.partner = PartnerPart() if v.speculator is not None and v.speculator.partner else None
        state.play = PlayPart(played_by=[0] * v.players)
        state.wild_cards = {}
        state.result = None
        rules = v.speculator
        state.promoted = (
            card_rank(deal.flipped[0]) if rules is not None and rules.flip_promotes and deal.flipped else None
        )
        state.refresh_counts()
        event = DealEvent(deal.hands, deal.bottom, deal.marker, deal.flipped, deal.extra, deal.gift_order)
        if rules is None:
            state.first_bidder = next(s for s, h in enumerate(deal.hands) if deal.marker in h)
            event = replace(event, first_bidder=state.first_bidder)
        state.events.append(event)
        return DONE


def _draw_deal(state: HandState) -> Deal:
    """The next deal: from the replayed log if one is scripted, else shuffled by the RNG."""
    v = state.variant
    if state.deals:
        deal = state.deals.pop(0)
        check_deal(v, deal)
        return deal
    pack = deck_cards(v.decks, v.removed_rank_indices)
    state.rng.shuffle(pack)
    h, p = v.hand_size, v.players
    hands = tuple(tuple(pack[i * h : (i + 1) * h]) for i in range(p))
    rest = pack[p * h :]
    bottom, rest = tuple(rest[: v.bottom_size]), rest[v.bottom_size :]
    flipped, extra = tuple(rest[: v.flipped]), tuple(rest[v.flipped :])
    if v.speculator is None:
        # other-games.md Q3.1: the marker card is chosen among the cards dealt to players.
        return Deal(hands, bottom, pack[state.rng.randrange(p * h)], flipped, extra)
    order = list(range(p - 2))
    state.rng.shuffle(order)
    return Deal(hands, bottom, None, flipped, extra, tuple(order))


def check_deal(variant: Variant, deal: Deal) -> None:
    """Refuse a scripted deal that is not a shuffle of this table's pack."""
    sizes = [len(h) for h in deal.hands]
    if sizes != [variant.hand_size] * variant.players or len(deal.bottom) != variant.bottom_size:
        raise ValueError(
            f"a {variant.name} deal has {variant.players} hands of {variant.hand_size} and a bottom of "
            f"{variant.bottom_size}; got hands of {sizes} and a bottom of {len(deal.bottom)}"
        )
    dealt = [c for h in deal.hands for c in h] + list(deal.bottom) + list(deal.flipped) + list(deal.extra)
    if sorted(dealt) != sorted(deck_cards(variant.decks, variant.removed_rank_indices)):
        raise ValueError("the deal is not one full pack: a card is missing, repeated or foreign")
    if variant.speculator is None and not any(deal.marker in h for h in deal.hands):
        raise ValueError("the marker card is not in any hand")
    if variant.speculator is not None and sorted(deal.gift_order) != list(range(variant.players - 2)):
        raise ValueError("the deal's gift order is not an order of the farmer seats")
