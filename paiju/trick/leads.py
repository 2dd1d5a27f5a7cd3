"""What a 炒地皮 player may lead (other-games.md §7.8 "Leading", §7.9 S1), and the counting of plays by faces
that leads and follows share: two identical cards are interchangeable, so plays are multisets of faces, made
lazily from counts (a free choice can allow millions of plays) instead of by filtering card subsets."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import islice

from paiju.cards import SUIT_CHARS, Card, face, sort_cards
from paiju.errors import Reason
from paiju.trick.order import TRUMP, Trumps
from paiju.trick.units import category_of

__all__ = ["category_code", "category_name", "face_multisets", "group_faces", "holds", "lead_problem", "legal_leads", "play_of"]

_SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


def category_name(category: int) -> str:
    """A category as a player says it: ``trumps`` or the side suit's name."""
    return "trumps" if category == TRUMP else _SUIT_NAMES[category]


def category_code(category: int) -> str:
    """A category as a refusal names it for a client to word: ``trump`` or the side suit's letter (``s``)."""
    return "trump" if category == TRUMP else SUIT_CHARS[category]


def holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether ``cards`` are all in ``hand`` (each card id at most as often as the hand has it)."""
    return Counter(cards) <= Counter(hand)


def group_faces(cards: Sequence[Card]) -> dict[int, list[Card]]:
    """The cards of each face, in the order given: the copies a play of that face takes its cards from."""
    groups: dict[int, list[Card]] = {}
    for card in cards:
        groups.setdefault(face(card), []).append(card)
    return groups


def play_of(faces: Sequence[int], groups: dict[int, list[Card]]) -> tuple[Card, ...]:
    """The cards of a play given by its ``faces`` (a face twice for both copies), sorted by rank then suit."""
    taken = Counter(faces)
    return tuple(sort_cards(card for f, n in taken.items() for card in groups[f][:n]))


def face_multisets(stock: Sequence[tuple[int, int]], size: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` faces taking at most ``n`` of each ``(face, n)`` in ``stock``, each once, lazily;
    with ``stock`` strongest first the weakest choices come first."""
    room = [0] * (len(stock) + 1)  # room[i]: cards available from stock[i:]
    for i in reversed(range(len(stock))):
        room[i] = room[i + 1] + stock[i][1]

    def pick(i: int, wanted: int) -> Iterator[tuple[int, ...]]:
        if wanted == 0:
            yield ()
            return
        f, n = stock[i]
        for take in range(max(0, wanted - room[i + 1]), min(n, wanted) + 1):
            for tail in pick(i + 1, wanted - take):
                yield (f,) * take + tail

    if 0 <= size <= room[0]:
        yield from pick(0, size)


def lead_problem(cards: Sequence[Card], hand: Sequence[Card], trumps: Trumps) -> str | None:
    """Why ``cards`` cannot be led from ``hand`` (``None``: they may be attempted): a lead is cards of the hand all in
    one category (§7.8; a 5-10-K always is, S1).  Whether a throw stands is checked later against the other hands."""
    if not cards:
        return Reason("lead_empty", "Lead: play at least one card")
    if not holds(hand, cards):
        return Reason("lead_not_held", "Lead: you can only lead cards from your hand")
    if category_of(cards, trumps) is None:
        return Reason(
            "lead_one_category",
            "Lead (§7.8): a lead must be all trumps or all of one side suit — 甩 only cards of one category",
        )
    return None


def legal_leads(hand: Sequence[Card], trumps: Trumps, limit: int | None = None) -> list[tuple[Card, ...]]:
    """Every lead ``hand`` may attempt: each non-empty multiset of faces within one category (singles, pairs,
    tractors, throws, 5-10-Ks) once, by category, then size, then strength (weakest first); at most ``limit``."""
    return list(islice(_leads(hand, trumps), limit))


def _leads(hand: Sequence[Card], trumps: Trumps) -> Iterator[tuple[Card, ...]]:
    """The leads of ``legal_leads``, lazily."""
    groups = group_faces(hand)
    by_category: dict[int, list[int]] = {}
    for f in groups:
        by_category.setdefault(trumps.category(f), []).append(f)
    for category in sorted(by_category):
        faces = sorted(by_category[category], key=lambda f: (trumps.strength(f), f), reverse=True)
        stock = [(f, len(groups[f])) for f in faces]
        for size in range(1, sum(n for _, n in stock) + 1):
            for chosen in face_multisets(stock, size):
                yield play_of(chosen, groups)
