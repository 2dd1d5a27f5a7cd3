"""The deal (automatic): every card of the hand drawn at once, from a replayed log's script or the seeded RNG."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from paiju.cards import BLACK_JOKER, Card, card_rank, deck_cards
from paiju.climbing.events import DealEvent
from paiju.climbing.parts import Auction, PartnerPart
from paiju.climbing.phases.step import DONE, Automatic, Step
from paiju.climbing.state import Deal, HandState, PlayPart, Stake
from paiju.engine.draws import compiled_draws
from paiju.engine.shared_rng import own_rng
from paiju.variants import BidStyle, Variant

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
        first = None
        if rules is None and v.climbing.bid_style is BidStyle.POINTS:
            state.first_bidder = first = next(s for s, h in enumerate(deal.hands) if deal.marker in h)
        state.log(
            DealEvent(deal.hands, deal.bottom, deal.marker, deal.flipped, deal.extra, deal.gift_order, first, deal.wild)
        )
        return DONE


def _draw_deal(state: HandState) -> Deal:
    """The next deal: from the replayed log if one is scripted, else shuffled by the RNG."""
    v = state.variant
    if state.deals:
        deal = _set_aside(v, state.deals.pop(0))
        check_deal(v, deal)
        return deal
    pack = deck_cards(v.decks, v.removed_rank_indices)
    _shuffle(state, pack)
    live = len(pack) - v.dead_cards
    pack, dead = pack[:live], tuple(sorted(pack[live:]))
    h, p = v.hand_size, v.players
    hands = tuple(tuple(pack[i * h : (i + 1) * h]) for i in range(p))
    rest = pack[p * h :]
    bottom, rest = tuple(rest[: v.bottom_size]), rest[v.bottom_size :]
    flipped, extra = tuple(rest[: v.flipped]), tuple(rest[v.flipped :])
    if v.speculator is None:
        # other-games.md Q3.1: the marker card is chosen among the cards dealt to players (癞子: its holder is a
        # random first bidder, §1.1); the wild rank's card is drawn with the deal, so a log replays it (Q1.6).
        marker = _draw_marker(state, pack[: p * h])
        wild = _draw_wild(state) if v.climbing.wild_rank else None
        return Deal(hands, bottom, marker, flipped, extra, wild=wild, dead=dead)
    order = list(range(p - 2))
    _shuffle(state, order)
    return Deal(hands, bottom, None, flipped, extra, tuple(order), dead=dead)


def _shuffle(state: HandState, items: list[int]) -> None:
    """Shuffle ``items`` with the hand's RNG: ``random.Random.shuffle``'s very draws, compiled where it is built."""
    rng, fast = own_rng(state), compiled_draws()
    if fast is None:
        rng.shuffle(items)
    else:
        fast.shuffle(rng, items)


def _set_aside(variant: Variant, deal: Deal) -> Deal:
    """A scripted deal with its dead cards: a log holds none, so they are the pack's cards that no hand, the
    bottom or a face-up card holds (other-games.md Q2.4: they never enter the hand's events)."""
    if deal.dead or not variant.dead_cards:
        return deal
    held = Counter(c for h in deal.hands for c in h) + Counter(deal.bottom + deal.flipped + deal.extra)
    rest = Counter(deck_cards(variant.decks, variant.removed_rank_indices)) - held
    return replace(deal, dead=tuple(sorted(rest.elements())))


def _draw_marker(state: HandState, dealt: list[Card]) -> Card:
    """One of the dealt cards, uniformly; on marked tables a non-joker only (五人斗地主 Q5.2: its holder is the
    public landlord, its twin's the hidden one)."""
    if state.variant.climbing.bid_style is BidStyle.MARKED:
        dealt = [c for c in dealt if card_rank(c) < BLACK_JOKER]
    return dealt[own_rng(state).randrange(len(dealt))]


def _draw_wild(state: HandState) -> Card:
    """One of the 52 non-joker cards, uniformly: its rank is the hand's wild rank (other-games.md §1.2 step 6)."""
    faces = [c for c in deck_cards(1, ()) if card_rank(c) < BLACK_JOKER]
    return faces[own_rng(state).randrange(len(faces))]


def check_deal(variant: Variant, deal: Deal) -> None:
    """Refuse a scripted deal that is not a shuffle of this table's pack."""
    sizes = [len(h) for h in deal.hands]
    if sizes != [variant.hand_size] * variant.players or len(deal.bottom) != variant.bottom_size:
        raise ValueError(
            f"a {variant.name} deal has {variant.players} hands of {variant.hand_size} and a bottom of "
            f"{variant.bottom_size}; got hands of {sizes} and a bottom of {len(deal.bottom)}"
        )
    if len(deal.dead) != variant.dead_cards:
        raise ValueError(f"a {variant.name} deal sets {variant.dead_cards} dead cards aside; got {len(deal.dead)}")
    dealt = [c for h in deal.hands for c in h] + list(deal.bottom) + list(deal.flipped) + list(deal.extra) + list(deal.dead)
    if sorted(dealt) != sorted(deck_cards(variant.decks, variant.removed_rank_indices)):
        raise ValueError("the deal is not one full pack: a card is missing, repeated or foreign")
    if variant.speculator is None and not any(deal.marker in h for h in deal.hands):
        raise ValueError("the marker card is not in any hand")
    if variant.climbing.bid_style is BidStyle.MARKED and (deal.marker is None or card_rank(deal.marker) >= BLACK_JOKER):
        raise ValueError("the marked card is a joker: it must be a card of rank 3…2")
    if variant.climbing.wild_rank and (deal.wild is None or card_rank(deal.wild) >= BLACK_JOKER):
        raise ValueError("the deal draws no wild rank, or a joker for it")
    if variant.speculator is not None and sorted(deal.gift_order) != list(range(variant.players - 2)):
        raise ValueError("the deal's gift order is not an order of the farmer seats")
