"""炒地皮's action ids (docs/engine.md, "Action ids"): pass, each declaration a hand could show, then every burial
and every play as a code of the faces it takes (two copies of a card are interchangeable, so an id names faces and
the seat's own copies are taken when it is decoded).

A burial of 8 of some 33 cards, or a free discard, allows millions of choices: they are not enumerated but coded
(a burial: the rank of its multiset of faces; a play: each face's count as one digit), listed by ``legal_ids`` for
the actions ``legal_actions`` lists; the ``mask`` covers pass and the declarations.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from paiju.cards import CARDS_PER_DECK, Card, Suit, copy_of, face
from paiju.engine.action_ids import counts_code, counts_of_code, id_mask, multiset_code, multiset_of_code, multisets
from paiju.trick.actions import Action, Bury, Declare, Pass, Play
from paiju.trick.declare import RED_FIVE_PAIR, make_declaration, strength_of
from paiju.trick.hand import TrickHand
from paiju.trick.leads import group_faces, play_of
from paiju.variants import Variant

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["TrickIds", "action_ids", "num_actions"]

#: A declaration's trump: a suit, or (the last) no-trump.
_TRUMPS = 5
#: A declaration shows one card or a pair of one face.
_SHOWN = 2
_DECLARATIONS = CARDS_PER_DECK * _SHOWN * _TRUMPS


def num_actions(variant: Variant) -> int:
    """How many action ids ``variant`` has."""
    return action_ids(variant).num_actions


@cache
def action_ids(variant: Variant) -> TrickIds:
    """The action ids of ``variant``'s table (laid out once a table)."""
    return TrickIds(variant)


class TrickIds:
    """A 炒地皮 table's action ids: ``0`` pass; then the declarations, ``(face × 2 + cards − 1) × 5 + trump``;
    then the burials of ``bottom_size`` faces by their multiset's rank; then the plays, each face's count a digit
    in base ``decks + 1``."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self._radix = [variant.decks + 1] * CARDS_PER_DECK
        self._bury_start = 1 + _DECLARATIONS
        self._play_start = self._bury_start + multisets(CARDS_PER_DECK, variant.bottom_size)
        self.dense_actions: int = self._bury_start
        plays: int = (variant.decks + 1) ** CARDS_PER_DECK
        self.num_actions: int = self._play_start + plays

    def encode(self, action: Action) -> int:
        """The id of ``action``: its faces, whichever copies it names."""
        if isinstance(action, Pass):
            return 0
        if isinstance(action, Declare):
            shown = action.declaration
            trump = _TRUMPS - 1 if shown.trump is None else int(shown.trump)
            return 1 + (face(shown.cards[0]) * _SHOWN + len(shown.cards) - 1) * _TRUMPS + trump
        if isinstance(action, Bury):
            if len(action.cards) != self.variant.bottom_size:
                raise ValueError(f"a burial is {self.variant.bottom_size} cards, not {len(action.cards)}")
            return self._bury_start + multiset_code([face(c) for c in action.cards], CARDS_PER_DECK)
        counts = [0] * CARDS_PER_DECK
        for card in action.cards:
            counts[face(card)] += 1
        return self._play_start + counts_code(counts, self._radix)

    def decode(self, action_id: int, hand: TrickHand, seat: int) -> Action:
        """The action ``action_id`` names for ``seat``: its faces in the seat's own copies; a declaration as it
        stands at the hand's level (``ValueError`` where the cards declare nothing, or another trump)."""
        if not 0 <= action_id < self.num_actions:
            raise ValueError(f"{action_id} is no action id of {self.variant.name} (it has {self.num_actions})")
        if action_id == 0:
            return Pass()
        held = group_faces(hand.hands[seat])
        if action_id >= self._play_start:
            counts = counts_of_code(action_id - self._play_start, self._radix)
            return Play(_copies([f for f, n in enumerate(counts) for _ in range(n)], held))
        if action_id >= self._bury_start:
            faces = multiset_of_code(action_id - self._bury_start, CARDS_PER_DECK, self.variant.bottom_size)
            return Bury(_copies(faces, held))
        rest, trump = divmod(action_id - 1, _TRUMPS)
        shown_face, extra = divmod(rest, _SHOWN)
        cards = [copy_of(shown_face, copy) for copy in range(extra + 1)]
        named = None if trump == _TRUMPS - 1 else Suit(trump)
        level = hand.state.level
        red_five = strength_of(cards, level) == RED_FIVE_PAIR
        shown = make_declaration(seat, cards, level, named if red_five else None)
        if shown.trump != named:
            raise ValueError(f"{shown.text()} makes another trump than id {action_id} names")
        return Declare(shown)

    def legal_ids(self, hand: TrickHand, seat: int) -> Sequence[int]:
        """The ids of what ``legal_actions`` lists for ``seat`` (cut where it cuts), in its order."""
        return [self.encode(a) for a in hand.legal_actions(seat)]

    def mask(self, hand: TrickHand, seat: int) -> NDArray[np.bool_]:
        """True at pass and each declaration ``seat`` may make now."""
        return id_mask(self.legal_ids(hand, seat), self.dense_actions)


def _copies(faces: Sequence[int], held: dict[int, list[Card]]) -> tuple[Card, ...]:
    """The seat's cards of ``faces`` as the legal list names them; a face it lacks as deck 0's copy (a play it may
    not make, refused when tried)."""
    if all(len(held.get(f, ())) >= faces.count(f) for f in set(faces)):
        return play_of(faces, held)
    return tuple(sorted(faces))
