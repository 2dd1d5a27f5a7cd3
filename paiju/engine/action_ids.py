"""Action ids: every action of a table numbered by an int below the table's ``num_actions``, for learners and
search (a policy's outputs, a legal-action mask).

A family lays out its own ids (``paiju.climbing.action_ids``, ``paiju.trick.action_ids``; docs/engine.md,
"Action ids"); this module holds the protocol they share and the arithmetic they both use. Ids below
``dense_actions`` are the enumerated ones a ``mask`` covers; the ids above it are card-multiset codes (a wild
reading, a 炒地皮 burial or discard), too many to enumerate, listed only by ``legal_ids``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from math import comb
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar, overload

from paiju.variants import Variant

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "ActionSpace",
    "LazyIds",
    "counts_code",
    "counts_of_code",
    "id_mask",
    "multiset_code",
    "multiset_of_code",
    "multisets",
]

H_contra = TypeVar("H_contra", contravariant=True)
A = TypeVar("A")
T = TypeVar("T")


class ActionSpace(Protocol[H_contra, A]):
    """One table's action ids: what each id names, and which ids a seat may take now."""

    @property
    def variant(self) -> Variant:
        """The table the ids are laid out for."""
        ...

    @property
    def num_actions(self) -> int:
        """How many ids the table has: every id is below it."""
        ...

    @property
    def dense_actions(self) -> int:
        """The ids below this are the enumerated ones ``mask`` covers; above it are card-multiset codes."""
        ...

    def encode(self, action: A) -> int:
        """The id of ``action``; ``ValueError`` for an action the table has no id for."""
        ...

    def decode(self, action_id: int, hand: H_contra, seat: int) -> A:
        """The action ``action_id`` names for ``seat`` in ``hand`` (the seat's own copies of the cards it names)."""
        ...

    def legal_ids(self, hand: H_contra, seat: int) -> Sequence[int]:
        """The ids of ``seat``'s legal actions, in the order ``legal_actions`` lists them (a lazy list stays lazy)."""
        ...

    def mask(self, hand: H_contra, seat: int) -> NDArray[np.bool_]:
        """A boolean array over the ids below ``dense_actions``: true for each legal one."""
        ...


class LazyIds(Sequence[int], Generic[T]):
    """The ids of a lazy legal list, each encoded when read: a list of wild readings is not made to give its ids."""

    __slots__ = ("_items", "_encode")

    def __init__(self, items: Sequence[T], encode: Callable[[T], int]) -> None:
        self._items, self._encode = items, encode

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[int]: ...
    def __getitem__(self, index: int | slice) -> int | Sequence[int]:
        if isinstance(index, slice):
            return [self._encode(item) for item in self._items[index]]
        return self._encode(self._items[index])

    def __iter__(self) -> Iterator[int]:
        return (self._encode(item) for item in self._items)


def id_mask(ids: Sequence[int], size: int) -> NDArray[np.bool_]:
    """A boolean array of ``size`` with the ids below ``size`` set (the others are card-multiset codes)."""
    import numpy as np  # imported here: a command that asks for no mask starts without NumPy

    mask = np.zeros(size, dtype=np.bool_)
    mask[[i for i in ids if i < size]] = True
    return mask


def counts_code(counts: Sequence[int], radix: Sequence[int]) -> int:
    """``counts`` as one mixed-radix number, ``counts[0]`` the lowest digit (each ``counts[i] < radix[i]``)."""
    code = 0
    for n, base in zip(reversed(counts), reversed(radix), strict=True):
        if not 0 <= n < base:
            raise ValueError(f"count {n} out of range 0…{base - 1}")
        code = code * base + n
    return code


def counts_of_code(code: int, radix: Sequence[int]) -> list[int]:
    """The counts ``counts_code`` made ``code`` from."""
    counts = []
    for base in radix:
        code, n = divmod(code, base)
        counts.append(n)
    return counts


def multisets(kinds: int, size: int) -> int:
    """How many multisets of ``size`` items of ``kinds`` kinds there are."""
    return comb(kinds + size - 1, size)


def multiset_code(items: Sequence[int], kinds: int) -> int:
    """The rank of a multiset (its items ``0 … kinds-1``) among the multisets of its size (combinatorial number
    system over the sorted items, each shifted by its place so the ranks are dense)."""
    ranked = sorted(items)
    return sum(comb(item + place, place + 1) for place, item in enumerate(ranked))


def multiset_of_code(code: int, kinds: int, size: int) -> list[int]:
    """The multiset of ``size`` items whose ``multiset_code`` is ``code``, sorted."""
    if not 0 <= code < multisets(kinds, size):
        raise ValueError(f"code {code} names no multiset of {size} of {kinds} kinds")
    items = []
    for place in reversed(range(size)):
        shifted = place  # the largest c with comb(c, place + 1) <= code
        while comb(shifted + 1, place + 1) <= code:
            shifted += 1
        code -= comb(shifted, place + 1)
        items.append(shifted - place)
    return sorted(items)
