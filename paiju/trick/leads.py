"""What a 炒地皮 player may lead (other-games.md §7.8 "Leading", §7.9 S1), and the counting of plays by faces
that leads and follows share: two identical cards are interchangeable, so plays are multisets of faces, made
lazily from counts (a free choice can allow millions of plays) instead of by filtering card subsets."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from math import comb

from paiju.cards import CARDS_PER_DECK, SUIT_CHARS, Card, face, sort_cards
from paiju.errors import Reason
from paiju.trick.order import TRUMP, Trumps
from paiju.trick.units import category_of

__all__ = ["category_code", "category_name", "face_multisets", "group_faces", "holds", "lead_problem", "legal_leads", "play_of"]

_SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
#: Every card id of up to four decks (a table plays with at most three).
_IDS = range(4 * CARDS_PER_DECK)


def category_name(category: int) -> str:
    """A category as a player says it: ``trumps`` or the side suit's name."""
    return "trumps" if category == TRUMP else _SUIT_NAMES[category]


def category_code(category: int) -> str:
    """A category as a refusal names it for a client to word: ``trump`` or the side suit's letter (``s``)."""
    return "trump" if category == TRUMP else SUIT_CHARS[category]


def holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether ``cards`` are all in ``hand`` (each card id at most as often as the hand has it)."""
    left = list(hand)
    try:
        for card in cards:
            left.remove(card)
    except ValueError:
        return False
    return True


def group_faces(cards: Sequence[Card]) -> dict[int, list[Card]]:
    """The cards of each face, in the order given: the copies a play of that face takes its cards from."""
    groups: dict[int, list[Card]] = {}
    for card in cards:
        groups.setdefault(face(card), []).append(card)
    return groups


#: Each card id's place in ``sort_cards``' order (rank, suit, deck copy), so that a play sorts without a key per card.
_SORT_PLACE: tuple[int, ...] = tuple(map(sort_cards(_IDS).index, _IDS))


def _sorted_play(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` in ``sort_cards``' order, as a play."""
    return tuple(sorted(cards, key=_SORT_PLACE.__getitem__))


def play_of(faces: Sequence[int], groups: dict[int, list[Card]]) -> tuple[Card, ...]:
    """The cards of a play given by its ``faces`` (a face twice for both copies), sorted by rank then suit."""
    taken = dict.fromkeys(faces, 0)
    for f in faces:
        taken[f] += 1
    return _sorted_play(card for f, n in taken.items() for card in groups[f][:n])


def face_multisets(stock: Sequence[tuple[int, int]], size: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` faces taking at most ``n`` of each ``(face, n)`` in ``stock``, each once, lazily;
    with ``stock`` strongest first the weakest choices come first."""
    return _Choices([[(f,) * take for take in range(n + 1)] for f, n in stock]).of_size(size)


#: How many choices ``_Choices`` may make ahead at once (a part of the choice that small is listed whole).
_AHEAD = 1024


class _Choices:
    """The choices of ``face_multisets`` over ``pieces``, where ``pieces[i][take]`` is what taking ``take`` of
    ``stock[i]`` adds (its face so many times, or its cards); each choice is its pieces joined in ``stock``'s order.

    They come in ascending order of the takes ``(take_0, take_1, …)`` read as a word, so those taking nothing
    from ``stock[i]`` come before those taking one, and so on.  The choices from ``stock[i:]`` of few cards (at
    most ``_AHEAD``) are listed whole and kept for every choice that ends in them; larger ones are made lazily."""

    def __init__(self, pieces: Sequence[Sequence[tuple[int, ...]]]) -> None:
        self.pieces = pieces
        self.room = [0] * (len(pieces) + 1)  # room[i]: cards available from stock[i:]
        for i in reversed(range(len(pieces))):
            self.room[i] = self.room[i + 1] + len(pieces[i]) - 1
        self.made: dict[tuple[int, int], list[tuple[int, ...]]] = {}

    def of_size(self, size: int) -> Iterator[tuple[int, ...]]:
        """The choices of ``size`` cards, lazily."""
        return self._pick(0, size) if 0 <= size <= self.room[0] else iter(())

    def _pick(self, i: int, wanted: int) -> Iterator[tuple[int, ...]]:
        """The choices of ``wanted`` cards from ``stock[i:]``, in order."""
        if wanted == 0 or comb(self.room[i], wanted) <= _AHEAD:  # comb: a bound on how many there are
            yield from self._listed(i, wanted)
            return
        yield from self._pick(i + 1, wanted)
        options, rest = self.pieces[i], self.room[i + 1]
        for take in range(max(1, wanted - rest), min(len(options) - 1, wanted) + 1):
            head = options[take]
            for tail in self._pick(i + 1, wanted - take):
                yield head + tail

    def _listed(self, i: int, wanted: int) -> list[tuple[int, ...]]:
        """The choices of ``wanted`` cards from ``stock[i:]``, in order, as a list made once."""
        if wanted > self.room[i]:
            return []
        if i == len(self.pieces):
            return [()]
        found = self.made.get((i, wanted))
        if found is None:
            options = self.pieces[i]
            found = self._listed(i + 1, wanted) + [
                options[take] + tail
                for take in range(1, min(len(options) - 1, wanted) + 1)
                for tail in self._listed(i + 1, wanted - take)
            ]
            self.made[(i, wanted)] = found
        return found


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
        choices = _Choices([[tuple(groups[f][:take]) for take in range(len(groups[f]) + 1)] for f in faces])
        for size in range(1, choices.room[0] + 1):
            yield from map(_sorted_play, choices.of_size(size))
