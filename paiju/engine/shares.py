"""How a deal's unseen cards are shared among its groups when a group may not get some of them (a void shown): drawn
uniformly over the sharings that keep every bar by counting them, so a deal with many voids costs no more than a
few draws (docs/engine.md, "Sampled worlds")."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache
from math import factorial, prod
from typing import TypeVar

__all__ = ["share"]

C = TypeVar("C")

#: Interchangeable cards: how many, and the indexes of the groups that may take them.
Kind = tuple[int, tuple[int, ...]]


def share(
    cards: Sequence[C], needs: Sequence[int], barred: Sequence[AbstractSet[C]], rng: random.Random
) -> list[list[C]] | None:
    """``cards`` dealt out, ``needs[g]`` to group ``g`` and none to a group that bars it, uniformly over every such
    sharing (what a shuffle kept only when it breaks no bar gives); ``None`` when there is none."""
    classes: dict[tuple[int, ...], list[C]] = {}
    for c in cards:
        allowed = tuple(g for g, n in enumerate(needs) if n and c not in barred[g])
        classes.setdefault(allowed, []).append(c)
    order = sorted(classes, key=len)  # the freest cards last, where their spread is what the others leave
    kinds = tuple((len(classes[a]), a) for a in order)
    caps = tuple(needs)
    if not _ways(kinds, caps):
        return None
    out: list[list[C]] = [[] for _ in needs]
    for i, allowed in enumerate(order):
        if i == len(order) - 1:  # the last cards fill what the others left: one spread (``_ways`` said it fits)
            spreads = [tuple(caps[g] for g in allowed)]
        else:
            spreads = list(_spreads(kinds[i][0], allowed, caps))
        weights = [_arrangements(x) * _ways(kinds[i + 1 :], _less(caps, allowed, x)) for x in spreads]
        pick, chosen = rng.randrange(sum(weights)), 0
        while pick >= weights[chosen]:
            pick -= weights[chosen]
            chosen += 1
        spread = spreads[chosen]
        members = classes[allowed]
        rng.shuffle(members)
        at = 0
        for g, n in zip(allowed, spread, strict=True):
            out[g].extend(members[at : at + n])
            at += n
        caps = _less(caps, allowed, spread)
    return out


@lru_cache(maxsize=1 << 16)
def _ways(kinds: tuple[Kind, ...], caps: tuple[int, ...]) -> int:
    """How many ways the cards of ``kinds`` (each card its own) fill groups of ``caps`` places exactly."""
    if sum(n for n, _ in kinds) != sum(caps):
        return 0
    if not kinds:
        return 1
    (n, allowed), rest = kinds[0], kinds[1:]
    if not rest:  # the last cards fill exactly what is left, where they may go
        return _arrangements(tuple(caps[g] for g in allowed)) if sum(caps[g] for g in allowed) == n else 0
    total = 0
    for spread in _spreads(n, allowed, caps):
        ways = _ways(rest, _less(caps, allowed, spread))
        if ways:
            total += _arrangements(spread) * ways
    return total


def _spreads(n: int, allowed: tuple[int, ...], caps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to put ``n`` cards in the groups ``allowed`` without passing their ``caps``: how many in each."""
    if not allowed:
        if n == 0:
            yield ()
        return
    room = sum(caps[g] for g in allowed[1:])
    for k in range(max(0, n - room), min(n, caps[allowed[0]]) + 1):
        for more in _spreads(n - k, allowed[1:], caps):
            yield (k, *more)


@lru_cache(maxsize=1 << 12)
def _arrangements(spread: tuple[int, ...]) -> int:
    """How many ways distinct cards go to groups in the numbers of ``spread`` (a multinomial coefficient)."""
    return factorial(sum(spread)) // prod(factorial(k) for k in spread)


def _less(caps: tuple[int, ...], allowed: tuple[int, ...], spread: tuple[int, ...]) -> tuple[int, ...]:
    """``caps`` less ``spread`` in the groups ``allowed``."""
    left = list(caps)
    for g, k in zip(allowed, spread, strict=True):
        left[g] -= k
    return tuple(left)
