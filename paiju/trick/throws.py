"""The throw (甩牌) check of a 炒地皮 lead (other-games.md §7.8 "Throw validity", Q7.15) and what a failed throw
leads instead (Q7.16 (c)).  The engine knows every hand, so it checks a throw against all three other players,
partner included (「其它三人」)."""

from __future__ import annotations

from collections.abc import Sequence

from paiju.cards import Card
from paiju.trick.order import Trumps
from paiju.trick.units import Unit, category_of, decompose, is_five_ten_king, pairs_in, tractors_in

__all__ = ["failed_throw_lead", "throw_beaters"]


def _beats(unit: Unit, hand: Sequence[Card], trumps: Trumps, by_trump_order: bool) -> bool:
    """Whether ``hand`` (its cards of the throw's category) holds something higher than the thrown ``unit``: a
    higher card for a single, a higher pair for a pair, for a k-pair tractor a tractor of k or more pairs whose
    highest k-pair part is higher (Q7.15).  Equal is not higher (「不大于」)."""
    if unit.pairs == 0:
        return any(trumps.strength(card) > unit.top for card in hand)
    if unit.pairs == 1:
        return any(trumps.strength(pair[0]) > unit.top for pair in pairs_in(hand, trumps))
    tractors = tractors_in(hand, trumps, by_trump_order)
    return any(tractor.pairs >= unit.pairs and tractor.top > unit.top for tractor in tractors)


def throw_beaters(
    cards: Sequence[Card], others: Sequence[Sequence[Card]], trumps: Trumps, by_trump_order: bool = False
) -> tuple[Unit, ...]:
    """The units of the throw ``cards`` that one of the ``others``' hands beats (§7.8: 「手中的 “单牌” 不大于 “甩”
    出的任意一张单牌 …」); empty when the throw stands, or when ``cards`` are one unit or a 5-10-K (S1), no throw."""
    category = category_of(cards, trumps)
    if category is None:
        raise ValueError("a throw must lie in one category: all trumps, or all of one side suit")
    units = decompose(cards, trumps, by_trump_order)
    if len(units) < 2 or is_five_ten_king(cards, trumps):
        return ()
    hands = [[card for card in hand if trumps.category(card) == category] for hand in others]
    return tuple(unit for unit in units if any(_beats(unit, hand, trumps, by_trump_order) for hand in hands))


def failed_throw_lead(
    cards: Sequence[Card], others: Sequence[Sequence[Card]], trumps: Trumps, by_trump_order: bool = False
) -> tuple[Card, ...] | None:
    """``None`` when the throw stands; else the cards the leader must lead instead, the beatable unit with the
    fewest cards, the lowest on ties (Q7.16 (c)); the other thrown cards go back to the hand."""
    beaters = throw_beaters(cards, others, trumps, by_trump_order)
    if not beaters:
        return None
    return min(beaters, key=lambda unit: (unit.size, unit.top, unit.cards)).cards
