"""The climbing family's action ids (docs/engine.md, "Action ids"): one range per kind of action, laid out from
the table's decks, bid ceiling, speculator rules, bottom and pattern rules.

Every play of natural cards the pattern rules allow is enumerated once (the moves of every card the decks hold;
on a two-colour table once per colour), so such a play is an index in that vocabulary and the ``mask`` covers
them all. A play the vocabulary lacks — a reading of wild cards (癞子, the speculator's 3s, 5p1d's flipped suit),
the speculator's 3s alone, 5p1d's promoted rank — is too rare to enumerate and its kinds too many (one wild rank of
a full deck reads 4.6 million ways): it is a card-multiset code of its move's fields, listed by ``legal_ids``
only, and a ``Lazy`` list of readings stays lazy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from math import prod
from typing import TYPE_CHECKING

from paiju.cards import CARDS_PER_DECK, NUM_RANKS, RED_JOKER, Card
from paiju.climbing.actions import (
    Action,
    Alone,
    Bid,
    Declare,
    Double,
    Give,
    Grab,
    Open,
    Partner,
    Pass,
    Play,
    Return,
    Reveal,
)
from paiju.climbing.hand import Hand
from paiju.engine.action_ids import (
    LazyIds,
    counts_code,
    counts_of_code,
    id_mask,
    multiset_code,
    multiset_of_code,
    multisets,
)
from paiju.patterns import Move, PatternKind, generate_counts
from paiju.patterns.move import NO_COLOUR
from paiju.variants import Variant

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["ClimbingIds", "action_ids", "num_actions"]

#: The actions that take no argument, each one id, in this order.
_TOGGLES: tuple[Callable[[], Action], ...] = (Grab, Open, Reveal, Double, Declare)
_KINDS = tuple(PatternKind)
#: A move's key in sixteenths of a rank: every key is a whole number of them (a spaceship's trio top, 11.5, 12.75 …).
_KEY_STEPS = 16
_KEY_RADIX = (RED_JOKER + 2) * _KEY_STEPS
_LENGTH_RADIX = 16
_COLOUR_RADIX = 3  # no colour, black, red
#: A wild card of a play as one digit: its face rank and the rank it stands for (0 ends the list).
_WILD_DIGIT = NUM_RANKS * NUM_RANKS + 1


def num_actions(variant: Variant) -> int:
    """How many action ids ``variant`` has."""
    return action_ids(variant).num_actions


@cache
def action_ids(variant: Variant) -> ClimbingIds:
    """The action ids of ``variant``'s table (laid out once a table)."""
    return ClimbingIds(variant)


@dataclass(frozen=True)
class _Range:
    """One kind's ids: ``start`` and how many."""

    start: int
    size: int

    def at(self, offset: int) -> int:
        """The id ``offset`` places into the range."""
        if not 0 <= offset < self.size:
            raise ValueError(f"offset {offset} outside a range of {self.size} ids")
        return self.start + offset

    def holds(self, action_id: int) -> bool:
        """Whether ``action_id`` is one of this range's."""
        return self.start <= action_id < self.start + self.size


class ClimbingIds:
    """A climbing table's action ids (see the module and docs/engine.md for the layout)."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        decks, spec = variant.decks, variant.speculator
        #: Each rank's copies in the table (a joker: one a deck; a removed rank: none).
        self._copies = _copies(variant)
        self._bombs = ("", *sorted(variant.pattern_rules.bomb_tiers))
        self._tiers = max(variant.pattern_rules.bomb_tiers.values(), default=0) + 2
        #: The enumerated plays of natural cards, in a fixed order (each once per colour on a two-colour table).
        self._vocabulary = _vocabulary(variant)
        self._index = {m: i for i, m in enumerate(self._vocabulary)}
        self._colours = 2 if variant.two_colour else 1
        sizes = [
            ("pass", 1),
            ("bid", variant.climbing.max_bid + 1),
            ("toggle", len(_TOGGLES)),
            ("give", CARDS_PER_DECK * decks if spec is not None else 0),
            ("partner", CARDS_PER_DECK << decks if spec is not None and spec.partner else 0),
            ("alone", CARDS_PER_DECK << decks if spec is not None and spec.one_against_all else 0),
            ("play", len(self._vocabulary) * self._colours),
            # The rest are codes, not enumerated: a 斗帝主 return by its faces, a play the vocabulary lacks by its fields.
            ("return", sum(multisets(CARDS_PER_DECK, k) for k in range(1, variant.bottom_size + 1)) if variant.climbing.bottom_choice else 0),
            ("coded", self._coded_size() if spec is not None or variant.climbing.wild_rank else 0),
        ]  # fmt: skip
        self._ranges: dict[str, _Range] = {}
        start = 0
        for name, size in sizes:
            self._ranges[name] = _Range(start, size)
            start += size
        self.num_actions: int = start
        self.dense_actions: int = self._ranges["return"].start

    # ------------------------------------------------------------------ encode
    def encode(self, action: Action) -> int:
        """The id of ``action``; ``ValueError`` for one this table has no id for."""
        r = self._ranges
        if isinstance(action, Play):
            return self._play_id(action.move)
        if isinstance(action, Pass):
            return r["pass"].at(0)
        if isinstance(action, Bid):
            return r["bid"].at(action.points)
        if isinstance(action, Give):
            return r["give"].at(action.card)
        if isinstance(action, Partner):
            return r["partner"].at(_shown_code(action.cards, self.variant.decks))
        if isinstance(action, Alone):
            return r["alone"].at(_shown_code(action.cards, self.variant.decks))
        if isinstance(action, Return):
            faces = action.faces()
            below = sum(multisets(CARDS_PER_DECK, k) for k in range(1, len(faces)))
            return r["return"].at(below + multiset_code(faces, CARDS_PER_DECK))
        if type(action) not in _TOGGLES:
            raise ValueError(f"{action!r} is no climbing action")
        return r["toggle"].at(_TOGGLES.index(type(action)))

    def _play_id(self, move: Move) -> int:
        """A play's id: its place in the vocabulary (colour by colour), else its code."""
        index = self._index.get(move._replace(colour=NO_COLOUR) if move.colour != NO_COLOUR else move)
        if index is not None and (move.colour != NO_COLOUR) == (self._colours > 1):
            return self._ranges["play"].at(max(move.colour, 0) * len(self._vocabulary) + index)
        coded = self._ranges["coded"]
        if not coded.size:
            raise ValueError(f"{move.text()} is no play of {self.variant.name}'s natural cards")
        return coded.at(self._move_code(move))

    def _move_code(self, move: Move) -> int:
        """A move's fields as one mixed-radix number (lowest digit first): colour, kind, key, length, each rank's
        count, bomb tier, bomb class, then its wild cards in their order."""
        key = move.key * _KEY_STEPS
        if key != int(key):
            raise ValueError(f"key {move.key} of {move.text()} is not a whole sixteenth of a rank")
        counts = [0] * NUM_RANKS
        for rank in move.ranks:
            counts[rank] += 1
        digits = [move.colour + 1, _KINDS.index(move.kind), int(key), move.length, *counts, move.tier + 1]
        code = counts_code([*digits, self._bombs.index(move.bomb)], self._radix())
        wilds = 0
        for face, stands in reversed(move.wilds):
            wilds = wilds * _WILD_DIGIT + face * NUM_RANKS + stands + 1
        return code + wilds * prod(self._radix())

    def _radix(self) -> list[int]:
        """The digits' bases of ``_move_code`` before the wild cards."""
        return [
            _COLOUR_RADIX,
            len(_KINDS),
            _KEY_RADIX,
            _LENGTH_RADIX,
            *(n + 1 for n in self._copies),
            self._tiers,
            len(self._bombs),
        ]

    def _coded_size(self) -> int:
        """How many codes the plays the vocabulary lacks may take: every field's range, with as many wild cards as
        one suit of every deck holds (13 a deck: the most any table's wild cards number)."""
        most: int = _WILD_DIGIT ** ((NUM_RANKS - 2) * self.variant.decks)
        return prod(self._radix()) * most

    # ------------------------------------------------------------------ decode
    def decode(self, action_id: int, hand: Hand, seat: int) -> Action:
        """The action ``action_id`` names, whatever the position (a 斗帝主 return names its faces by deck 0's copies,
        the bottom's own going back, as ``Return`` counts faces)."""
        r = self._ranges
        if r["play"].holds(action_id):
            colour, index = divmod(action_id - r["play"].start, len(self._vocabulary))
            move = self._vocabulary[index]
            return Play(move._replace(colour=colour) if self._colours > 1 else move)
        if r["coded"].holds(action_id):
            return Play(self._move_of_code(action_id - r["coded"].start))
        if r["pass"].holds(action_id):
            return Pass()
        if r["bid"].holds(action_id):
            return Bid(action_id - r["bid"].start)
        if r["toggle"].holds(action_id):
            return _TOGGLES[action_id - r["toggle"].start]()
        if r["give"].holds(action_id):
            return Give(action_id - r["give"].start)
        if r["partner"].holds(action_id):
            return Partner(_shown_cards(action_id - r["partner"].start, self.variant.decks))
        if r["alone"].holds(action_id):
            return Alone(_shown_cards(action_id - r["alone"].start, self.variant.decks))
        if r["return"].holds(action_id):
            return Return(tuple(self._return_faces(action_id - r["return"].start)))
        raise ValueError(f"{action_id} is no action id of {self.variant.name} (it has {self.num_actions})")

    def _return_faces(self, code: int) -> list[int]:
        """The faces a return's code names."""
        for k in range(1, self.variant.bottom_size + 1):
            if code < multisets(CARDS_PER_DECK, k):
                return multiset_of_code(code, CARDS_PER_DECK, k)
            code -= multisets(CARDS_PER_DECK, k)
        raise ValueError("a return code past the bottom's size")

    def _move_of_code(self, code: int) -> Move:
        """The move ``_move_code`` made ``code`` from."""
        radix = self._radix()
        wilds_code, code = divmod(code, prod(radix))
        colour, kind, key, length, *rest = counts_of_code(code, radix)
        counts, tier, bomb = rest[:NUM_RANKS], rest[NUM_RANKS], rest[NUM_RANKS + 1]
        wilds = []
        while wilds_code:
            wilds_code, digit = divmod(wilds_code, _WILD_DIGIT)
            wilds.append(divmod(digit - 1, NUM_RANKS))
        ranks = tuple(rank for rank, n in enumerate(counts) for _ in range(n))
        return Move(
            _KINDS[kind], key / _KEY_STEPS, length, ranks, tier - 1, self._bombs[bomb], tuple(wilds), colour - 1
        )

    # ------------------------------------------------------------------ what a seat may do
    def legal_ids(self, hand: Hand, seat: int) -> Sequence[int]:
        """The ids of ``seat``'s legal actions in ``legal_actions``' order; a ``Lazy`` list's are made when read."""
        legal = hand.legal_actions(seat)
        if isinstance(legal, (list, tuple)):
            return [self.encode(a) for a in legal]
        return LazyIds(legal, self.encode)

    def mask(self, hand: Hand, seat: int) -> NDArray[np.bool_]:
        """True at each legal id below ``dense_actions`` (a lazy list of wild readings is read through)."""
        return id_mask(self.legal_ids(hand, seat), self.dense_actions)


@cache
def _vocabulary(variant: Variant) -> tuple[Move, ...]:
    """Every move the table's patterns make of the cards its decks hold, in a fixed order."""
    moves = generate_counts(variant, _copies(variant))
    return tuple(
        sorted(moves, key=lambda m: (_KINDS.index(m.kind), m.length, m.key, m.ranks, m.tier, m.bomb, m.colour))
    )


def _copies(variant: Variant) -> list[int]:
    """Each rank's cards in the table's decks."""
    copies = [4 * variant.decks] * (NUM_RANKS - 2) + [variant.decks] * 2
    for rank in variant.removed_rank_indices:
        copies[rank] = 0
    return copies


def _shown_code(cards: Sequence[Card], decks: int) -> int:
    """Cards of one face shown to name a partner or to play alone: the face, and a bit for each deck copy shown."""
    face = cards[0] % CARDS_PER_DECK
    if any(c % CARDS_PER_DECK != face for c in cards):
        raise ValueError("the cards shown are not copies of one card")
    return (face << decks) | sum(1 << (c // CARDS_PER_DECK) for c in cards)


def _shown_cards(code: int, decks: int) -> tuple[Card, ...]:
    """The cards ``_shown_code`` made ``code`` from, lowest copy first."""
    face, bits = code >> decks, code & ((1 << decks) - 1)
    return tuple(face + d * CARDS_PER_DECK for d in range(decks) if bits >> d & 1)
