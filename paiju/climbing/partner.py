"""The small landlord (小地主) of the two-landlord tables: which cards the landlord may show, and
whose card names the partner (speculator.md §7).

A *face* is a card without its deck copy (``paiju.cards.face``).  Every option pairs the cards the
landlord shows with the one remaining copy that names the partner, so the holder is simply the
seat holding that copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from paiju.cards import Card, card_rank, copy_of, face
from paiju.variants.speculator import SpeculatorRules

__all__ = ["PartnerOption", "alone_options", "partner_options"]


class PartnerOption(NamedTuple):
    """Cards the landlord shows, and the remaining copy whose holder becomes the small landlord."""

    shown: tuple[Card, ...]
    partner: Card


def _copies(hand: Sequence[Card]) -> dict[int, list[Card]]:
    """The landlord's cards grouped by face, lowest copy first."""
    held: dict[int, list[Card]] = {}
    for c in sorted(hand):
        held.setdefault(face(c), []).append(c)
    return held


def _missing(f: int, held: Sequence[Card], decks: int, elsewhere: Sequence[Card] = ()) -> list[Card]:
    """The copies of face ``f`` neither in ``held`` nor in ``elsewhere``."""
    return [c for c in (copy_of(f, d) for d in range(decks)) if c not in (*held, *elsewhere)]


def partner_options(
    rules: SpeculatorRules,
    hand: Sequence[Card],
    decks: int,
    bottom: Sequence[Card],
    flipped: Sequence[Card],
    refused: Sequence[Card] = (),
) -> list[PartnerOption]:
    """§7: every way the landlord holding ``hand`` may name its partner now.

    ``bottom`` is the public original bottom (on 7p3d only the cards shown at the reveal);
    ``refused`` the copies the speculator has revealed.  A copy known to be the speculator's (in
    the public bottom, or revealed) is never offered: naming it would only be refused again.  Where the
    landlord may name itself (6p3d), the options whose remaining copy is its own come last: the real
    partner choices first.
    """
    held = _copies(hand)
    options: list[PartnerOption] = []
    own = set(hand)

    def open_copy(o: PartnerOption) -> bool:
        return (
            o.partner not in refused
            and o.partner not in bottom
            and (rules.partner_self or o.partner not in own)
        )

    if rules.partner in ("single", "flip-rank"):
        options = [PartnerOption((cs[0],), _missing(f, cs, decks)[0]) for f, cs in held.items() if len(cs) == 1]
        if rules.partner == "flip-rank":
            # The flipped card's other copy is the determination card, the speculator's: showing the
            # flipped card names nobody, so the nearest rank is taken among the cards that can.
            flipped_faces = {face(c) for c in flipped}
            options = [o for o in options if face(o.shown[0]) not in flipped_faces and open_copy(o)]
            return _nearest_rank(options, card_rank(flipped[0]))
    elif rules.partner == "pair-or-bottom":
        in_bottom = [face(c) for c in bottom]
        for f, cs in held.items():
            if len(cs) >= 2:  # a same-suit pair: the third copy names the partner
                options.append(PartnerOption(tuple(cs[:2]), _missing(f, cs[:2], decks)[0]))
            if in_bottom.count(f) == 1:  # a copy of a bottom card: the copy in neither place
                others = [c for c in bottom if face(c) == f]
                rest = _missing(f, [cs[0]], decks, others)
                options.append(PartnerOption((cs[0],), rest[0]))
    return sorted((o for o in options if open_copy(o)), key=lambda o: o.partner in own)


def _nearest_rank(options: list[PartnerOption], rank: int) -> list[PartnerOption]:
    """6p2d: a card of the flipped card's rank, else of the nearest rank (both, when two are as near)."""
    if not options:
        return options
    nearest = min(abs(card_rank(o.shown[0]) - rank) for o in options)
    return [o for o in options if abs(card_rank(o.shown[0]) - rank) == nearest]


def alone_options(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """§7 一打四: every same-suit pair the landlord can show (any rank)."""
    return [tuple(cs[:2]) for cs in _copies(hand).values() if len(cs) >= 2]
