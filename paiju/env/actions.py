"""A table's fixed-size action space for learners: the kernel's enumerated action ids, then a few slots for the
actions numbered by codes (docs/engine.md, "Action ids").

Ids below the table's ``dense_actions`` are the kernel's own: the same id names the same action in every hand. A
decision's legal actions past them (a wild reading, a 斗帝主 return, a 炒地皮 burial or play: codes too many to
enumerate) take the slots ``dense_actions … dense_actions + slots - 1`` in the order ``legal_actions`` lists them;
their kernel ids are in the step's ``Choices.coded``. A decision with more coded actions than slots offers the first
``slots`` of them.

A mask is a new array at each decision, or, with ``reuse``, each seat's own buffer cleared of its last legal ids and
set again (a 72,615-entry mask costs more to make than the rest of an observation).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from paiju.engine.action_ids import ActionSpace
from paiju.engine.protocol import AnyHand
from paiju.env.tensor import mark

__all__ = ["Choices", "SLOTS", "TableActions"]

#: Slots for coded actions on a table that has them: 炒地皮 lists at most 400 plays or burials a decision; in 15
#: random hands of 癞子 about 1% of the decisions read more than 512 ways, the most 1,733.
SLOTS = 2048
#: No ids: what a new mask clears.
_NONE: list[int] = []
#: Actions whose ids are remembered at most before the memo starts again.
_MOST_KNOWN = 1 << 16


class Choices(NamedTuple):
    """One seat's decision: its mask, the kernel action behind each legal env id, and the coded slots' kernel ids."""

    mask: NDArray[np.int8]
    actions: dict[int, object]
    coded: tuple[int, ...]


class TableActions:
    """``size`` env action ids for a table: the kernel's dense ids, then ``slots`` for coded ones; ``reuse``: each
    seat's mask is one buffer, rewritten at each of its decisions (see the module)."""

    def __init__(self, space: ActionSpace[AnyHand, object], slots: int | None = None, reuse: bool = False) -> None:
        self.space = space
        self.dense = space.dense_actions
        coded = space.num_actions > self.dense
        self.slots = (SLOTS if slots is None else slots) if coded else 0
        self.size = self.dense + self.slots
        #: Each action's id by the action object's identity (the action kept with it, so no other object can take
        #: its identity while it is remembered): the compiled turn lists the same play objects turn after turn.
        self._known: dict[int, tuple[object, int]] = {}
        self.reuse = reuse
        #: With ``reuse``: each seat's mask and the ids set in it.
        self._buffers: dict[int, tuple[NDArray[np.int8], list[int]]] = {}

    def _mask(self, seat: int, ids: list[int]) -> NDArray[np.int8]:
        """A mask with ``ids`` set: new, or the seat's buffer rewritten."""
        found = self._buffers.get(seat) if self.reuse else None
        if found is None:
            mask, clear = np.zeros(self.size, dtype=np.int8), _NONE
        else:
            mask, clear = found
        mark(mask, clear, ids)
        if self.reuse:
            self._buffers[seat] = (mask, ids)
        return mask

    def none(self, seat: int) -> Choices:
        """A seat that does not act: nothing legal."""
        return Choices(self._mask(seat, []), {}, ())

    def choices(self, hand: AnyHand, seat: int) -> Choices:
        """What ``seat`` may do in ``hand`` now, by env id."""
        legal: Sequence[object] = hand.legal_actions(seat)
        encode, known = self.space.encode, self._known
        if len(known) > _MOST_KNOWN:
            known.clear()
        dense = self.dense
        actions: dict[int, object] = {}
        coded: list[int] = []
        for action in legal:
            memo = known.get(id(action))
            if memo is None:
                memo = known[id(action)] = (action, encode(action))
            action_id = memo[1]
            if action_id < dense:
                actions[action_id] = action
            elif len(coded) < self.slots:
                actions[dense + len(coded)] = action
                coded.append(action_id)
        return Choices(self._mask(seat, list(actions)), actions, tuple(coded))
