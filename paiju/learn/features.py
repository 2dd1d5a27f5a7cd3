"""Action features for the Deep Monte-Carlo learner: each legal kernel action of a climbing table as a short vector,
so that one network scores every action of every decision (``Q(observation, action)``, as DouZero does).

A row holds the rank counts of the cards the action plays or names, the rank counts of the seat's hand once the
cards it gives up have left, how many cards it plays, which kind of action it is (bid, pass, play, gift, 抢地主 …),
the pattern of a play and the points of a bid. The hand's rank counts are read from the observation vector's
``hand`` part, the seat's own cards: nothing else of the hand is read.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from paiju.cards import CARDS_PER_DECK, FACE_RANK, NUM_RANKS, card_rank
from paiju.climbing.actions import Alone, Bid, Declare, Double, Give, Grab, Open, Partner, Pass, Play, Return, Reveal
from paiju.variants import PatternKind

__all__ = ["ActionFeatures", "FEATURES"]

#: The action classes a climbing hand offers, in the one-hot's order.
_CLASSES = (Pass, Bid, Play, Give, Partner, Alone, Declare, Grab, Open, Reveal, Double, Return)
_CLASS_AT = {cls: i for i, cls in enumerate(_CLASSES)}
_KIND_AT = {kind: i for i, kind in enumerate(PatternKind)}
#: Actions whose named cards leave the seat's hand.
_LEAVING = (Play, Give, Return)
#: The row's parts: named cards, hand after, cards played, action class, pattern kind, bid points.
_NAMED = 0
_AFTER = _NAMED + NUM_RANKS
_COUNT = _AFTER + NUM_RANKS
_CLASS = _COUNT + 1
_KIND = _CLASS + len(_CLASSES)
_BID = _KIND + len(PatternKind)
#: Entries in an action's row.
FEATURES = _BID + 1
#: Rows remembered at most before the memo starts again (a table's distinct plays number in the tens of thousands).
_MOST_KNOWN = 1 << 17
#: Each face's rank as a (faces × ranks) 0/1 matrix: a hand's face counts times it are its rank counts.
_FACE_TO_RANK = np.zeros((CARDS_PER_DECK, NUM_RANKS), dtype=np.float32)
_FACE_TO_RANK[np.arange(CARDS_PER_DECK), FACE_RANK] = 1.0


def _row(action: object) -> tuple[NDArray[np.float32], bool]:
    """The parts of ``action``'s row that do not depend on the hand, and whether its cards leave the hand."""
    row = np.zeros(FEATURES, dtype=np.float32)
    row[_CLASS + _CLASS_AT[type(action)]] = 1.0
    if isinstance(action, Play):
        for rank in action.move.ranks:
            row[_NAMED + rank] += 1.0
        row[_COUNT] = len(action.move.ranks)
        row[_KIND + _KIND_AT[action.move.kind]] = 1.0
    elif isinstance(action, Give):
        row[_NAMED + card_rank(action.card)] = 1.0
    elif isinstance(action, Partner | Alone | Return):
        for card in action.cards:
            row[_NAMED + card_rank(card)] += 1.0
    elif isinstance(action, Bid):
        row[_BID] = action.points
    return row, isinstance(action, _LEAVING)


class ActionFeatures:
    """The rows of a decision's legal actions (one per table: it remembers each action's row by the action)."""

    def __init__(self, hand: slice) -> None:
        #: The observation vector's ``hand`` part (the seat's own cards, copies per face).
        self.hand = hand
        self._known: dict[object, tuple[NDArray[np.float32], bool]] = {}

    def rows(self, vector: NDArray[np.float32], actions: Sequence[object]) -> NDArray[np.float32]:
        """One row per action of ``actions`` (the seat's legal kernel actions), for the seat whose observation is
        ``vector``."""
        known = self._known
        if len(known) > _MOST_KNOWN:
            known.clear()
        out = np.empty((len(actions), FEATURES), dtype=np.float32)
        leaving = np.empty((len(actions), 1), dtype=np.float32)
        for i, action in enumerate(actions):
            found = known.get(action)
            if found is None:
                found = known[action] = _row(action)
            out[i] = found[0]
            leaving[i] = found[1]
        held = vector[self.hand] @ _FACE_TO_RANK
        out[:, _AFTER:_COUNT] = held - leaving * out[:, _NAMED:_AFTER]
        return out
