"""A table's fixed-size action space for learners: the kernel's enumerated action ids, then a few slots for the
actions numbered by codes (docs/engine.md, "Action ids").

Ids below the table's ``dense_actions`` are the kernel's own: the same id names the same action in every hand. A
decision's legal actions past them (a wild reading, a 斗帝主 return, a 炒地皮 burial or play: codes too many to
enumerate) take the slots ``dense_actions … dense_actions + slots - 1`` in the order ``legal_actions`` lists them;
their kernel ids are in the step's ``Choices.coded``. A decision with more coded actions than slots offers the first
``slots`` of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from paiju.engine.action_ids import ActionSpace
from paiju.engine.protocol import AnyHand

__all__ = ["Choices", "SLOTS", "TableActions"]

#: Slots for coded actions on a table that has them (炒地皮 lists at most 400 plays or burials a decision).
SLOTS = 512


@dataclass(frozen=True)
class Choices:
    """One seat's decision: its mask, the kernel action behind each legal env id, and the coded slots' kernel ids."""

    mask: NDArray[np.int8]
    actions: dict[int, object]
    coded: tuple[int, ...]


class TableActions:
    """``size`` env action ids for a table: the kernel's dense ids, then ``slots`` for coded ones."""

    def __init__(self, space: ActionSpace[AnyHand, object], slots: int | None = None) -> None:
        self.space = space
        self.dense = space.dense_actions
        coded = space.num_actions > self.dense
        self.slots = (SLOTS if slots is None else slots) if coded else 0
        self.size = self.dense + self.slots

    def none(self) -> Choices:
        """A seat that does not act: nothing legal."""
        return Choices(np.zeros(self.size, dtype=np.int8), {}, ())

    def choices(self, hand: AnyHand, seat: int) -> Choices:
        """What ``seat`` may do in ``hand`` now, by env id."""
        legal: Sequence[object] = hand.legal_actions(seat)
        encode = self.space.encode
        dense = self.dense
        actions: dict[int, object] = {}
        coded: list[int] = []
        for action in legal:
            action_id = encode(action)
            if action_id < dense:
                actions[action_id] = action
            elif len(coded) < self.slots:
                actions[dense + len(coded)] = action
                coded.append(action_id)
        mask = np.zeros(self.size, dtype=np.int8)
        mask[list(actions)] = 1
        return Choices(mask, actions, tuple(coded))
