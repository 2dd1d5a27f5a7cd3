"""The climbing family's observation tensor: a seat's ``Observation`` (``paiju.climbing.observation``) as one float32
vector, laid out per table (docs/env.md, "The climbing layout").

Every entry is read from the seat's view, never from the hand's state, so no hidden card can reach the tensor.
Seats are relative: entry 0 of a per-seat part is the observing seat, then the seats after it in turn order. A card
part counts copies per face (``card % 54``: rank × 4 + suit, then the black and red joker). The tensor is made
by one pass over the entries hit by cards and one-hots and the few scalars (``paiju.env.tensor``: compiled where
built); the cards each seat has played are folded in once per play (their entries as each seat sees them), not
re-read from the whole history at every step.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import log2

import numpy as np
from numpy.typing import NDArray

from paiju.cards import CARDS_PER_DECK, NUM_RANKS
from paiju.climbing.observation import Observation
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.state import Factor, PlayRecord
from paiju.climbing.views import FiveView, OpenView, PartnerView, SpeculatorView
from paiju.engine.protocol import HandCore
from paiju.env.layout import Layout
from paiju.env.tensor import counts
from paiju.variants import BidStyle, Variant

__all__ = ["ClimbingEncoder"]

F = CARDS_PER_DECK
_PHASES = {phase: i for i, phase in enumerate(PhaseName)}
_FACTORS = {factor: i for i, factor in enumerate(Factor)}
_SIDES = {"landlord": 0, "farmers": 1}
_PARTNERSHIPS = {"named": 0, "alone": 1, "none": 2, "self": 3}
_IDENTITIES = {"deciding": 0, "hidden": 1, "revealed": 2, "twin": 3, "alone": 4}
#: The most a count-like scalar is taken to reach (a Box space's bound).
_MOST = 1 << 16


def has_open_part(variant: Variant) -> bool:
    """Whether the table's views carry 癞子's ``open`` part (any of its four switches)."""
    c = variant.climbing
    return c.open_start or c.grab_round or c.open_landlord or c.wild_rank


class ClimbingEncoder:
    """A climbing table's layout and its encoder; one per env (it keeps the played cards folded so far)."""

    def __init__(self, variant: Variant) -> None:
        p, d = variant.players, variant.decks
        self.players = p
        cards = F * d
        spec = variant.speculator
        lay = Layout()
        self.layout = lay
        self._hand = lay.add("hand", F, d, "this seat's cards, copies per face")
        self._played = lay.add("played", p * F, d, "cards each seat has played so far (this seat first), per face")
        self._trick = lay.add("trick", F, d, "the play to beat (empty when this seat leads)")
        self._trick_seat = lay.add("trick_seat", p, 1, "who made the play to beat (one-hot, relative)")
        self._bottom = lay.add("bottom", F, d, "the bottom cards once public")
        self._marker = lay.add("marker", F, d, "the marker card where this seat sees it")
        self._wild = lay.add("wild_cards", F, d, "this seat's own wild cards")
        self._left = lay.add("cards_left", p, cards, "cards each seat holds (relative)")
        self._landlord = lay.add("landlord", p, 1, "the landlord once known (one-hot, relative)")
        self._actors = lay.add("actors", p, 1, "the seats to act as this seat may know them (relative)")
        self._phase = lay.add("phase", len(_PHASES), 1, "the phase (one-hot, PhaseName order)")
        self._bids = lay.add("bids", p, variant.climbing.max_bid + 1, "each seat's last bid + 1 (0: none yet)")
        self._bid = lay.add("bid", 1, variant.climbing.max_bid, "the standing bid")
        self._multiplier = lay.add("multiplier", 1, 64, "log2 of the multiplier")
        self._factors = lay.add("factors", len(_FACTORS), _MOST, "how many times each Factor was applied")
        self._spec = spec is not None
        if spec is not None:
            self._spec_seat = lay.add("spec_seat", p, 1, "the speculator once found (one-hot, relative)")
            self._determination = lay.add("determination", F, d, "the card that chose the speculator")
            self._flipped = lay.add("flipped", F, d, "cards turned face up after the deal")
            self._gifts = lay.add("gifts", p * F, d, "gifts by the seat they go to (relative), as this seat sees them")
            self._gifts_unplaced = lay.add("gifts_unplaced", F, d, "the speculator's own gifts before they are placed")
            self._side = lay.add("side", len(_SIDES), 1, "the side the speculator would join now (landlord, farmers)")
            self._promoted = lay.add("promoted", NUM_RANKS, 1, "5p1d's promoted rank (one-hot)")
            self._retreated = lay.add("retreated_hand", F, d, "a retreated speculator's hand, once shown")
            self._out = lay.add("out", p, 1, "seats gone out without ending the hand (relative)")
        self._partner = spec is not None and spec.partner
        if self._partner:
            self._small = lay.add("small_landlord", p, 1, "the small landlord where this seat knows it (relative)")
            self._shown = lay.add("shown", F, d, "the cards the landlord showed to name its partner")
            self._refused = lay.add("refused", F, d, "copies the speculator revealed when named")
            self._partnership = lay.add("partnership", len(_PARTNERSHIPS), 1, "named, alone, none, self (one-hot)")
            self._declared = lay.add("declared", 2, 1, "the small landlord declared; every seat knows it")
        self._open = has_open_part(variant)
        if self._open:
            self._open_hands = lay.add("open_hands", p * F, d, "hands played face up (明牌), by seat (relative)")
            self._wild_rank = lay.add("wild_rank", NUM_RANKS, 1, "癞子's wild rank once drawn (one-hot)")
        self._five = variant.climbing.bid_style is BidStyle.MARKED
        if self._five:
            self._identity = lay.add("identity", len(_IDENTITIES), 1, "the identity step's public outcome (one-hot)")
            self._hidden = lay.add("hidden", p, 1, "the hidden landlord where this seat knows it (relative)")
            self._doubles = lay.add("doubles", 2 * p, 1, "each seat's 加倍: doubled, declined (relative)")
            self._ally = lay.add("ally_hand", F, d, "the other landlord's hand, to a landlord once the team is known")
        self.size = lay.size
        #: For each part start, the entry each card hits (``start + face``), made when first needed.
        self._at: dict[int, tuple[int, ...]] = {}
        self._cards = cards
        self._hand_at = self._table(self._hand)
        self._trick_at = self._table(self._trick)
        self._bottom_at = self._table(self._bottom)
        self._wild_at = self._table(self._wild)
        self._left_at = tuple(range(self._left, self._left + p))
        self._factor_at = {factor: self._factors + i for factor, i in _FACTORS.items()}
        #: For each observing seat, the ``played`` entry of every card played so far (folded in once per play).
        self._played_at: list[list[int]] = [[] for _ in range(p)]
        self._seen = 0
        self._last: PlayRecord | None = None

    def _table(self, start: int) -> tuple[int, ...]:
        """The entries a part starting at ``start`` gives each card."""
        found = self._at.get(start)
        if found is None:
            found = self._at[start] = tuple(start + c % F for c in range(self._cards))
        return found

    def _fold(self, history: Sequence[PlayRecord]) -> None:
        """Add the plays ``history`` holds beyond those already folded (starting again on a new hand)."""
        seen = self._seen
        if seen > len(history) or (seen and history[seen - 1] is not self._last):
            for entries in self._played_at:
                entries.clear()
            seen = 0
        if seen < len(history):
            p, table = self.players, self._table
            for record in history[seen:]:
                if record.cards:
                    for seat, entries in enumerate(self._played_at):
                        entries.extend(
                            map(table(self._played + (record.seat - seat) % p * F).__getitem__, record.cards)
                        )
            self._seen = len(history)
            self._last = history[-1]

    def encode(self, obs: Observation, hand: HandCore) -> NDArray[np.float32]:
        """The observation tensor of ``obs`` (a seat's view of ``hand``, which holds all it needs: ``hand`` is not
        read; a new array each call)."""
        seat = obs.seat or 0
        p = self.players
        hits = list(map(self._hand_at.__getitem__, obs.hand))
        add = hits.extend
        trick = obs.trick
        if trick is not None and trick.move is not None:
            add(map(self._trick_at.__getitem__, trick.cards))
            hits.append(self._trick_seat + (trick.seat - seat) % p)
        if obs.bottom:
            add(map(self._bottom_at.__getitem__, obs.bottom))
        if obs.marker is not None:
            hits.append(self._table(self._marker)[obs.marker])
        if obs.wild_cards:
            add(map(self._wild_at.__getitem__, obs.wild_cards))
        if obs.landlord is not None:
            hits.append(self._landlord + (obs.landlord - seat) % p)
        add(self._actors + (s - seat) % p for s in obs.actors)
        hits.append(self._phase + _PHASES[obs.phase])
        if obs.factors:
            add(map(self._factor_at.__getitem__, obs.factors))
        if obs.parts:
            self._parts(obs, seat, hits)
        self._fold(obs.history)
        add(self._played_at[seat])
        left = obs.cards_left
        at = list(self._left_at)
        values: list[float] = [*left[seat:], *left[:seat]]
        if obs.bid_history:
            for s, bid in dict(obs.bid_history).items():  # each seat's last bid
                at.append(self._bids + (s - seat) % p)
                values.append(bid + 1)
        if obs.bid:
            at.append(self._bid)
            values.append(obs.bid)
        if obs.multiplier > 1:
            at.append(self._multiplier)
            values.append(log2(obs.multiplier))
        return counts(self.size, hits, at, values)

    def _parts(self, obs: Observation, seat: int, hits: list[int]) -> None:
        """The entries the table's parts hit (each part's view as the seat has it)."""
        p, table, add = self.players, self._table, hits.extend
        spec = obs.part(SpeculatorView)
        if spec is not None:
            if spec.seat is not None:
                hits.append(self._spec_seat + (spec.seat - seat) % p)
            if spec.determination is not None:
                hits.append(table(self._determination)[spec.determination])
            add(map(table(self._flipped).__getitem__, spec.flipped))
            for to, cards in spec.gifts:
                start = self._gifts_unplaced if to < 0 else self._gifts + (to - seat) % p * F
                add(map(table(start).__getitem__, cards))
            if spec.side is not None:
                hits.append(self._side + _SIDES[spec.side])
            if spec.promoted is not None:
                hits.append(self._promoted + spec.promoted)
            add(map(table(self._retreated).__getitem__, spec.retreated_hand))
            add(self._out + (s - seat) % p for s in spec.out)
        partner = obs.part(PartnerView)
        if partner is not None:
            if partner.small_landlord is not None:
                hits.append(self._small + (partner.small_landlord - seat) % p)
            add(map(table(self._shown).__getitem__, partner.shown))
            add(map(table(self._refused).__getitem__, partner.refused))
            if partner.partnership:
                hits.append(self._partnership + _PARTNERSHIPS[partner.partnership])
            if partner.declared:
                hits.append(self._declared)
            if partner.known:
                hits.append(self._declared + 1)
        opened = obs.part(OpenView)
        if opened is not None:
            for s, cards in opened.open_hands:
                add(map(table(self._open_hands + (s - seat) % p * F).__getitem__, cards))
            if opened.wild_rank is not None:
                hits.append(self._wild_rank + opened.wild_rank)
        five = obs.part(FiveView)
        if five is not None:
            hits.append(self._identity + _IDENTITIES[five.identity])
            if five.hidden is not None:
                hits.append(self._hidden + (five.hidden - seat) % p)
            for s, doubled in enumerate(five.doubles):
                if doubled is not None:
                    hits.append(self._doubles + 2 * ((s - seat) % p) + (0 if doubled else 1))
            for _, cards in five.ally_hands:
                add(map(table(self._ally).__getitem__, cards))
