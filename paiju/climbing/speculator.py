"""The speculator's rules as functions of the cards: who it is, what it may give, its side, the score.

Everything here follows speculator.md; the section is named in each docstring.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache

from paiju.cards import (
    BLACK_JOKER,
    CARDS_PER_DECK,
    FACE_COLOUR,
    FACE_RANK,
    RANKS,
    RED_JOKER,
    Card,
    Colour,
    Suit,
    card_colour,
    card_deck,
    card_rank,
    card_suit,
    copy_of,
    face,
    make_card,
)
from paiju.patterns import Wilds
from paiju.variants import Variant
from paiju.variants.options import Determination
from paiju.variants.speculator import SpeculatorRules, colour_split

__all__ = [
    "PURE_THREE_KEY",
    "THREE",
    "can_make_gifts",
    "colour_counts",
    "colour_room",
    "determination_card",
    "flip_wild_cards",
    "flip_wild_suits",
    "flip_wilds",
    "gift_capacity",
    "gift_pool",
    "giftable_in",
    "gifts_fit",
    "giftable",
    "highest_rank",
    "instant_win_seat",
    "instant_win_scores",
    "opposite",
    "marked_card",
    "rangpai_scores",
    "retreats",
    "rule_of",
    "side_of_speculator",
    "speculator_wilds",
    "speculator_scores",
]

#: Rank index of the 3, the speculator's wild card (§10).
THREE = 0
#: Key of a play made only of the speculator's 3s: between A (11) and 2 (12) (§10).
PURE_THREE_KEY = 11.5
#: 5p1d with a flipped 3: the speculator's 3s rank above the others' promoted 3s (12.5), below B.
PROMOTED_THREE_KEY = 12.75
_SEVEN = RANKS.index("7")
_ACE_KING = (RANKS.index("A"), RANKS.index("K"))
#: The 7c that chooses the speculator on the 7c tables: deck 0's copy (the one the 3-deck tables mark).
_SEVEN_CLUBS = make_card(_SEVEN, Suit.CLUBS, 0)


def rule_of(variant: Variant) -> SpeculatorRules:
    """The variant's speculator rules (it must be a speculator table)."""
    if variant.speculator is None:
        raise ValueError(f"{variant.name} has no speculator")
    return variant.speculator


def speculator_wilds(variant: Variant, threes: int, promoted: int | None = None) -> Wilds:
    """§10: the speculator's ``threes`` 3s as wild cards, alone keyed between A and 2 (and, when
    5p1d promotes the 3s, above the others' promoted 3s: 2 < other 3s < the speculator's 3s < B)."""
    key = PROMOTED_THREE_KEY if promoted == THREE else PURE_THREE_KEY
    return Wilds((THREE,) * threes, key, rule_of(variant).pure_three_bomb)


def flip_wilds(cards: Sequence[Card]) -> Wilds | None:
    """§15 5p1d (a): a seat's flipped-suit wild cards as wilds: alone they are themselves, never a bomb."""
    return Wilds(tuple(sorted(card_rank(c) for c in cards)), None, False) if cards else None


def flip_wild_suits(flipped: Card) -> tuple[Suit, ...]:
    """§15 5p1d (a): the suits whose highest card is a player's wild card: the flipped card's suit, or for a
    flipped joker each suit of its colour (black: ♠ ♣, red: ♥ ♦)."""
    suit = card_suit(flipped)
    if suit is None:
        return (Suit.SPADES, Suit.CLUBS) if card_rank(flipped) == BLACK_JOKER else (Suit.HEARTS, Suit.DIAMONDS)
    return (suit,)


def flip_wild_cards(hand: Sequence[Card], flipped: Card) -> list[Card]:
    """§15 5p1d (a): a player's wild cards: the highest card (3 < … < A < 2) of each of ``flip_wild_suits``."""
    wild: list[Card] = []
    for s in flip_wild_suits(flipped):
        same = [c for c in hand if card_suit(c) == s]
        if same:
            wild.append(max(same, key=card_rank))
    return wild


def opposite(seat: int, players: int) -> int:
    """§1: the seat opposite ``seat`` (just past opposite for an odd number of seats)."""
    return (seat + (players + 1) // 2) % players


def _other_copy(card: Card, decks: int) -> Card:
    """The same card from the next deck copy (two decks: "the other copy")."""
    return copy_of(face(card), (card_deck(card) + 1) % decks)


def _same_colour_partner(card: Card) -> Card:
    """§3 one-deck flip: the card of the same rank and colour (7h ↔ 7d, 7s ↔ 7c, B ↔ R)."""
    rank = card_rank(card)
    if rank >= BLACK_JOKER:
        return make_card(RED_JOKER if rank == BLACK_JOKER else BLACK_JOKER)
    partner = {Suit.SPADES: Suit.CLUBS, Suit.CLUBS: Suit.SPADES, Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS}
    suit = card_suit(card)
    assert suit is not None
    return make_card(rank, partner[suit])


def marked_card(variant: Variant) -> Card | None:
    """§3: the card a table marks, so that every view shows which copy it is (the 3-deck tables' 7c)."""
    spec = variant.speculator
    if spec is None or spec.determination != Determination.MARKED_SEVEN_CLUBS:
        return None
    return _SEVEN_CLUBS


def determination_card(variant: Variant, bottom: Sequence[Card], flipped: Sequence[Card]) -> Card:
    """§3: the card whose holder is the speculator (the marked 7c is deck 0's copy)."""
    how = rule_of(variant).determination
    if how in ("7c", "marked-7c"):
        return _SEVEN_CLUBS
    if how == "flip":
        shown = flipped[0]
        return _same_colour_partner(shown) if variant.decks == 1 else _other_copy(shown, variant.decks)
    k = int(how.split(":")[1])
    shown = bottom[k - 1]
    if rule_of(variant).diamond_ak == "swap" and card_suit(shown) == Suit.DIAMONDS and card_rank(shown) in _ACE_KING:
        # §17.7 option: a shown ♦A marks a ♦K and a shown ♦K a ♦A (the copy of the other deck).
        swapped = _ACE_KING[1 - _ACE_KING.index(card_rank(shown))]
        shown = make_card(swapped, Suit.DIAMONDS, card_deck(shown))
    return _other_copy(shown, variant.decks)


def _protected_order(rank: int, promoted: int | None) -> float:
    """§4: the order for the speculator's highest card, 4 < … < A < 2 < B < R, with 5p1d's
    flipped rank between 2 and B."""
    return 12.5 if rank == promoted and rank < 12 else rank


def highest_rank(hand: Sequence[Card], promoted: int | None) -> int | None:
    """§4: the speculator's highest non-3 rank (the one it keeps a card of), ``None`` when it holds only 3s."""
    return _highest({FACE_RANK[c % CARDS_PER_DECK] for c in hand}, promoted)


def _highest(ranks: set[int], promoted: int | None) -> int | None:
    """The highest of ``ranks`` but 3 in the speculator's order (5p1d's promoted rank between 2 and B)."""
    ranks.discard(THREE)
    if not ranks:
        return None
    if promoted not in ranks:  # the order is the ranks' own
        return max(ranks)
    return max(ranks, key=lambda r: _protected_order(r, promoted))


def gift_pool(hand: Sequence[Card], determination: Card | None, promoted: int | None) -> tuple[list[Card], list[Card]]:
    """The cards that may go into gifts (no 3s, not the determination card), and those of them
    of the speculator's highest non-3 rank when none of that rank is kept anyway; in hand order."""
    ranks = [FACE_RANK[c % CARDS_PER_DECK] for c in hand]  # card_rank inline: asked for several times a gift
    top = _highest(set(ranks), promoted)
    if top is None:
        return [], []
    free = [c for c, r in zip(hand, ranks, strict=True) if r != THREE and c != determination]
    kept_anyway = determination is not None and determination in hand and card_rank(determination) == top
    tops = [] if kept_anyway else [c for c, r in zip(hand, ranks, strict=True) if r == top and c != determination]
    return free, tops


def giftable(hand: Sequence[Card], determination: Card | None, promoted: int | None = None) -> list[Card]:
    """§4: cards the speculator may still give: no 3, not the determination card, and never the
    last card of its highest non-3 rank (it chooses which copy it keeps; the determination card,
    when of that rank, is kept anyway); in card order."""
    return giftable_in(*gift_pool(hand, determination, promoted))


def giftable_in(free: Sequence[Card], tops: Sequence[Card]) -> list[Card]:
    """``giftable`` of a gift pool (``gift_pool``): the free cards but the last one of the highest rank."""
    return sorted(c for c in free if c not in tops) if len(tops) == 1 else sorted(free)


def gift_capacity(hand: Sequence[Card], determination: Card | None, promoted: int | None = None) -> int:
    """§4: how many cards the speculator can give in all (one of its highest rank always stays)."""
    free, tops = gift_pool(hand, determination, promoted)
    return len(free) - (1 if tops else 0)


def can_make_gifts(
    hand: Sequence[Card],
    determination: Card | None,
    promoted: int | None,
    rules: SpeculatorRules,
    sizes: Sequence[int],
    given: Sequence[Sequence[Card]] = (),
) -> bool:
    """§4: whether the speculator can fill every gift (and, on the two-colour tables, each gift's
    colours), keeping one card of its highest rank; ``given`` holds what each gift has so far."""
    free, tops = gift_pool(hand, determination, promoted)
    kept = {card_colour(c) for c in tops}
    return gifts_fit(rules, sizes, [colour_counts(g) for g in given], colour_counts(free), kept)


def gifts_fit(
    rules: SpeculatorRules,
    sizes: Sequence[int],
    given: Sequence[Sequence[int]],
    free: Sequence[int],
    kept: AbstractSet[int],
) -> bool:
    """``can_make_gifts`` counted by colour: ``given`` each gift's (black, red) cards so far, ``free`` the gift pool's,
    ``kept`` the colours the card kept of the highest rank may have (empty: none is kept from the pool)."""
    slots = sum(sizes) - sum(map(sum, given))
    if sum(free) - (1 if kept else 0) < slots:
        return False
    if not rules.landlord_gift_colours:
        return True
    need_black = need_red = 0
    first, rest = _colour_split(rules.landlord_gift_colours), _colour_split(rules.farmer_gift_colours)
    assert first is not None and rest is not None
    for i in range(len(sizes)):
        red, black, least = first if i == 0 else rest
        if least:
            red = black = least
        have_black, have_red = given[i] if i < len(given) else (0, 0)
        need_black += max(0, black - have_black)
        need_red += max(0, red - have_red)
    # The speculator keeps one card of its highest rank, of a colour that rank comes in (its choice).
    black_free, red_free = free
    if not kept:
        return black_free >= need_black and red_free >= need_red
    return any(black_free - (k == _BLACK) >= need_black and red_free - (k == _RED) >= need_red for k in kept)


#: The colours, read once (an enum's member read from its class costs as much as a small call; the gift checks run
#: several times a gift).
_BLACK, _RED = Colour.BLACK, Colour.RED
#: ``colour_split`` read once per rule (a gift's legal cards ask for it several times).
_colour_split = lru_cache(maxsize=None)(colour_split)


def colour_counts(cards: Sequence[Card]) -> list[int]:
    """How many of ``cards`` are black and how many red (indexed by ``Colour``)."""
    reds = sum([FACE_COLOUR[c % CARDS_PER_DECK] for c in cards])  # Colour.RED is 1, Colour.BLACK 0
    return [len(cards) - reds, reds]


def colour_room(rule: str, size: int, given: Sequence[int], colour: int) -> bool:
    """§15 two-colour gifts: whether a gift of ``size`` with ``given`` (black, red) cards so far
    takes one more card of ``colour`` under ``rule`` (``5r4b`` or ``free_min4``)."""
    split = _colour_split(rule)
    assert split is not None
    red, black, least = split
    if least == 0:
        return given[colour] < (red if colour == _RED else black)
    other = given[1 - colour]
    return given[colour] + 1 + max(other, least) <= size


def side_of_speculator(hand: Sequence[Card], rules: SpeculatorRules) -> str:
    """§12: ``landlord`` at 0–1 cards left (or two low cards that count as one), else ``farmers``."""
    if len(hand) <= 1:
        return "landlord"
    if len(hand) == 2:
        pair = "".join(sorted(RANKS[card_rank(c)] for c in hand if card_rank(c) < len(RANKS)))
        if pair in rules.two_low:
            return "landlord"
    return "farmers"


def retreats(hand: Sequence[Card], rules: SpeculatorRules) -> bool:
    """§8: the speculator holds V or more cards of one rank, or the table's number of jokers."""
    jokers = sum(1 for c in hand if card_rank(c) >= BLACK_JOKER)
    if rules.retreat_jokers and jokers >= rules.retreat_jokers:
        return True
    return instant_win_seat([hand], None, rules.retreat) is not None


def instant_win_seat(hands: Sequence[Sequence[Card]], skip: int | None, needed: int) -> int | None:
    """§8: the first seat (other than ``skip``) holding ``needed`` or more cards of one rank."""
    if needed <= 0:
        return None
    for seat, hand in enumerate(hands):
        if seat == skip:
            continue
        counts: dict[int, int] = {}
        for c in hand:
            r = card_rank(c)
            if r < BLACK_JOKER:
                counts[r] = counts.get(r, 0) + 1
        if counts and max(counts.values()) >= needed:
            return seat
    return None


def speculator_scores(
    players: int,
    landlords: Sequence[int],
    speculator: int,
    landlord_won: bool,
    side: str,
    unit: int,
    stake: int,
) -> list[int]:
    """§13: each seat's ratio × unit.  The speculator's side shares that side's stake T; two
    landlords split theirs 2:1 (big : small)."""
    farmers = [s for s in range(players) if s not in landlords and s != speculator]
    share = stake // (len(farmers) + 1)
    ratios = [0] * players
    if side == "landlord":
        _split(ratios, landlords, stake - share)
        ratios[speculator] = share
        for f in farmers:
            ratios[f] = -(stake // len(farmers))
    else:
        _split(ratios, landlords, stake)
        ratios[speculator] = -share
        for f in farmers:
            ratios[f] = -share
    sign = 1 if landlord_won else -1
    return [sign * r * unit for r in ratios]


def _split(ratios: list[int], landlords: Sequence[int], total: int) -> None:
    """The landlord side's share: all to a lone landlord, 2:1 to the big and the small landlord."""
    if len(landlords) == 1:
        ratios[landlords[0]] = total
    else:
        ratios[landlords[0]], ratios[landlords[1]] = 2 * total // 3, total // 3


def instant_win_scores(
    players: int, winner: int, speculator: int, landlord: int | None, unit: int, stake: int
) -> list[int]:
    """§8: the speculator scores 0; before bidding the winner alone takes T from every other
    seat (T / (P − 2) each); after the reveal its side takes T and each farmer pays T / nF."""
    scores = [0] * players
    others = [s for s in range(players) if s != speculator]
    if landlord is None:
        for s in others:
            scores[s] = stake * unit if s == winner else -(stake // (players - 2)) * unit
        return scores
    farmers = [s for s in others if s != landlord]
    sign = 1 if winner == landlord else -1
    scores[landlord] = sign * stake * unit
    for f in farmers:
        scores[f] = -sign * (stake // len(farmers)) * unit
    return scores


def rangpai_scores(
    players: int, landlord: int, speculator: int, landlord_won: bool, side: str, bid: int, handicap: int, multiplier: int
) -> list[int]:
    """§15 3p1d: landlord and farmer settle (bid + h) × 2^bombs; the speculator takes or pays
    half the bid part, out of its ally's share; every score is kept ×2 so it stays whole."""
    farmer = next(s for s in range(players) if s not in (landlord, speculator))
    whole = 2 * (bid + handicap) * multiplier
    spec_part = bid * multiplier
    sign = 1 if landlord_won else -1
    scores = [0] * players
    scores[landlord] = sign * whole
    scores[farmer] = -sign * whole
    ally = landlord if side == "landlord" else farmer
    scores[speculator] = (sign if side == "landlord" else -sign) * spec_part
    scores[ally] -= scores[speculator]
    return scores
